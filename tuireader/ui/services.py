"""What the reader needs from the core, as plain callables (swappable in tests)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tuireader.model import Library

#: reports indexing progress as (papers done, papers in total).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Services:
    """What the reader needs from the core, as plain callables (swappable in tests)."""

    #: reads the library; never expected to raise (problems travel in the Library).
    load_library: Callable[[], Library]
    #: opens (building or updating as needed) the search engine for a library.
    open_engine: Callable[[Library, Progress], Any]
    #: opens the triage store (never raising); None keeps triage in memory only.
    open_store: Callable[[], Any] | None = None
