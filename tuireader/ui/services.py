"""What the reader needs from the core, as plain callables (swappable in tests)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
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


class EarlyRead:
    """A library read begun at once on a thread of its own, so that the screen can wait
    for it before its first frame (a read from the cache takes milliseconds: the first
    frame then shows the papers, not an empty list drawn again a moment later) and stop
    waiting when the read turns out to be a long one (the lists parsed again).

    Not one of Textual's workers: those start only once the event loop runs again, which
    is after the first frame.
    """

    def __init__(self, load: Callable[[], Library]) -> None:
        self._done = threading.Event()
        self._library: Library | None = None
        self._error: Exception | None = None
        self._thread = threading.Thread(
            target=self._read, args=(load,), name="tuireader-read", daemon=True
        )
        self._thread.start()

    def _read(self, load: Callable[[], Library]) -> None:
        try:
            self._library = load()
        except Exception as error:  # noqa: BLE001 - handed to whoever waits
            self._error = error
        finally:
            self._done.set()

    def ready(self, timeout: float) -> Library | None:
        """The library, if it is read within ``timeout`` seconds (and read without an
        error: the error is for :meth:`result` to raise)."""
        if self._done.wait(timeout) and self._error is None:
            return self._library
        return None

    def result(self) -> Library:
        """The library, once read; raises what the read raised."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        if self._library is None:
            raise RuntimeError("the library read ended without a library")
        return self._library


def list_stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells that a list file changed on disk: its inode, size and modification
    time (None: it cannot be read as a file now — gone, say)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def list_stamps(library: Library) -> dict[Path, tuple[int, int, int] | None]:
    """:func:`list_stamp` of every list file of ``library``."""
    return {item.path: list_stamp(item.path) for item in library.lists}
