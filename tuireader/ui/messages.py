"""Events the reader's workers post to the main screen (named in the past tense).

Widget messages (a paper highlighted, the viewer asked to close) live in the widget that
sends them, and requests (commands) in :mod:`tuireader.ui.commands`; these carry the
results of slow work done off the event loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

from tuireader.model import Library, Problem
from tuireader.system.clipboard import CopyOutcome
from tuireader.ui.services import Changes, OnDisk

if TYPE_CHECKING:  # pragma: no cover
    from tuireader.search.engine import SearchResult


@dataclass
class LibraryLoaded(Message):
    """The library was read (possibly with problems, possibly empty)."""

    library: Library
    #: what it was read from, as it was just before the read (None: not looked at)
    on_disk: OnDisk | None = None


@dataclass
class LibraryRead(Message):
    """Every paper of a library first shown from the cache's table of papers is now in
    memory (its problems may have grown: the cache may have turned out damaged)."""

    library: Library


@dataclass
class LibraryFailed(Message):
    """Reading the library raised (or, read again, it holds a list caught being written):
    nothing to show but the reason."""

    reason: str
    #: it was read again (its lists changed on disk): the library shown stays
    again: bool = False
    #: what it was read from, as it was just before the read (None: not looked at)
    on_disk: OnDisk | None = None
    #: what changed on disk but is not shown: read at the next look (the lists were read
    #: again, and one was caught cut short as it changed)
    unread: Changes | None = None


@dataclass
class IndexProgress(Message):
    """The search index is being built: ``done`` of ``total`` papers."""

    done: int
    total: int

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, IndexProgress)


@dataclass
class EngineReady(Message):
    """The search engine can answer queries."""

    engine: Any
    #: a scan of the library that answers while its index is being built (list order)
    interim: bool = False


@dataclass
@dataclass
class ScanPreparing(Message):
    """The papers' words are being read for a scan that answers the query waiting while
    the index is being built: ``done`` of ``total`` papers (the index waits meanwhile)."""

    done: int
    total: int

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, ScanPreparing)


@dataclass
class IndexHealed(Message):
    """``engine``'s index, found damaged and rebuilt while searches scanned, is back (or
    given up, the searches scanning on)."""

    engine: Any


@dataclass
class EngineWarmed(Message):
    """``engine`` has searched on its own once the index opened: how long (ms) each of its
    searches after the first took, which tells whether a key's search can run at once."""

    engine: Any
    times: tuple[float, ...]


@dataclass
class EngineFailed(Message):
    """Opening the search index failed; the list stays browsable without search."""

    reason: str


@dataclass
class SearchFinished(Message):
    """Results for ``query`` (which may no longer be the one in the search box)."""

    query: str
    result: SearchResult
    #: "search" for a typed query, "more" for further hits of the same query, "similar"
    #: for "more like this".
    kind: str = "search"


@dataclass
class SearchFailed(Message):
    """The search for ``query`` raised ``error`` (in a worker)."""

    query: str
    error: BaseException
    #: as :class:`SearchFinished`'s
    kind: str = "search"


@dataclass
class CopyFinished(Message):
    """The clipboard chain ran for one request."""

    outcome: CopyOutcome
    warnings: tuple[str, ...] = ()


@dataclass
class CopyBuildProgress(Message):
    """``done`` of the ``total`` papers of a text to copy (every BibTeX entry) are built."""

    done: int
    total: int
    #: the worker building it
    worker: Any = None


@dataclass
class CopyBuilt(Message):
    """The text to copy asked for by a palette command is built by ``worker``: what to
    copy (a ``CopyToClipboard``), or why there is nothing (a string)."""

    request: Any
    worker: Any = None


@dataclass
class ExportFinished(Message):
    """An export was written to ``path`` (None: it failed, for ``error``)."""

    count: int
    path: Path | None
    error: str = ""
    #: detached marks (on papers of none of the lists read) written after the papers
    detached: int = 0
    #: detached marks left out of it (an export of a query, or for people)
    left_out: int = 0
    #: not written, for ``error``: the triage file is damaged (its marks would be "new")
    refused: bool = False
    #: what the file cannot carry whole, as ``tuireader export`` says it (the tags
    #: Zotero splits in RIS)
    said: tuple[str, ...] = ()


@dataclass
class ListsReread(Message):
    """Lists or catalogs the reader reads came, went or changed on disk, and were read
    again: ``library`` is every paper as they are now (read in full)."""

    library: Library
    #: what changed, as the poll that saw it found it
    changes: Changes
    #: what the lists were read from, as it was just before the read
    on_disk: OnDisk
    #: paper ids moved since the lists shown were read (old → new, oldest first), and
    #: where the triage file's record of moves stands now (None: no triage file open)
    moves: tuple[tuple[str, str], ...] = ()
    last_move: int | None = None
    #: the lists read before that could not be read now, or only up to where they break
    #: off (``main._broken``), each with whether it is newly so
    broken: tuple[tuple[Problem, bool], ...] = ()
    #: the list files gone that look renamed in their folder, with where to
    moved: Mapping[Path, Path] = field(default_factory=dict)


@dataclass
class SavedForSuspend(Message):
    """The triage writes queued as the reader was asked to stop are on disk (``saved``),
    or the wait for them ran out: the stop goes ahead, or is refused."""

    saved: bool
    #: the stop was asked by another program (SIGTSTP), not by a key
    signalled: bool = False
    #: a change written meanwhile could not be saved (its notice just shown)
    refused: bool = False
