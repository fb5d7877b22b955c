"""What the reader needs from the core, as plain callables (swappable in tests)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tuireader.ingest.sources import catalog_files, listing, not_read_line
from tuireader.model import Library, Problem

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
    #: where the lists and catalogs ``load_library`` reads come from (read on a worker
    #: thread, never raising): looked at for files that come, go or change while the
    #: reader runs. None: only the files of the lists read are.
    watched: Callable[[], Watched] | None = None
    #: an engine that scans the library (no index; the hits in list order) for the
    #: searches made while the index is being built; None: they wait for the index.
    scan_engine: Callable[[Library], Any] | None = None
    #: has ``load_library`` and ``watched`` read other lists from the next read on: the
    #: library's, as ``tuireader add`` and ``remove`` changed it while the reader runs.
    #: None: the lists read stay those the reader started with.
    read_from: Callable[[Shelved], None] | None = None
    #: whether the marks of the triage file may follow their papers into the lists the
    #: last ``load_library`` read: not when those are lists outside the library (an
    #: export read back), whose reads leave every mark where it is. None: they may.
    moves_marks: Callable[[], bool] | None = None
    #: the list files and folders named for the reader to open on (as given, made
    #: absolute): its place (query, order, paper left on) is that of these lists, and the
    #: place left by a reader on other lists is not taken up. None: the library's lists
    #: (or the built-in seeds), whichever they are now.
    lists_shown: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Shelved:
    """The library's lists as its file (``lists.json``) gives them now."""

    #: where each of its lists is, readable or not (a list file, a folder, the seeds)
    places: tuple[Path, ...] = ()
    #: what is read: those places whose lists can be read (empty: the built-in seeds)
    sources: tuple[Path, ...] = ()
    #: what is wrong with the library (a damaged file, a list moved or gone), said among
    #: the load warnings as when the reader starts
    notes: tuple[Problem, ...] = ()
    #: not one list of it can be read (every list removed, or gone): nothing to read
    empty: bool = False
    #: what is wrong with the file, when it is damaged ("": it is not): what it gives
    #: then is not what ``add`` and ``remove`` made of the library
    damaged: str = ""


@dataclass(frozen=True)
class Watched:
    """Where the lists and catalogs the reader reads come from: the sources it was given
    (list files, and folders whose lists may come and go) and the catalogs it applies
    (files, and folders of them)."""

    sources: tuple[Path, ...] = ()
    catalogs: tuple[Path, ...] = ()


class EarlyRead:
    """A library read begun at once on a thread of its own, so that the screen can wait
    for it before its first frame (a read from the cache takes milliseconds: the first
    frame then shows the papers, not an empty list drawn again a moment later) and stop
    waiting when the read turns out to be a long one (the lists parsed again).

    Not one of Textual's workers: those start only once the event loop runs again, which
    is after the first frame.
    """

    def __init__(
        self, load: Callable[[], Library], watched: Callable[[], Watched] | None = None
    ) -> None:
        self._done = threading.Event()
        self._library: Library | None = None
        self._error: Exception | None = None
        self._given_up = False
        #: what ``watched`` names as it was just before the read (see :func:`look`)
        self.on_disk: OnDisk | None = None
        self._thread = threading.Thread(
            target=self._read, args=(load, watched), name="tuireader-read", daemon=True
        )
        self._thread.start()

    def _read(self, load: Callable[[], Library], watched: Callable[[], Watched] | None) -> None:
        try:
            if watched is not None:
                self.on_disk = look(watched())
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

    def give_up(self) -> None:
        """Stop waiting for the read (the reader is closing): :meth:`result` raises
        ``BuildStopped`` unless the library is read already. The read's thread, a
        daemon, keeps no one waiting for it."""
        self._given_up = True
        self._done.set()

    def result(self) -> Library:
        """The library, once read; raises what the read raised."""
        self._done.wait()
        if self._library is None and self._error is None and self._given_up:
            from tuireader.search.stopping import BuildStopped

            raise BuildStopped
        if self._error is not None:
            raise self._error
        if self._library is None:
            raise RuntimeError("the library read ended without a library")
        return self._library


#: What tells that a file (or a folder) changed on disk (see :func:`list_stamp`).
Stamp = tuple[int, int, int]


def list_stamp(path: Path) -> Stamp | None:
    """What tells that a list file changed on disk: its inode, size and modification
    time (None: it cannot be read as a file now — gone, say)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


# -- what the reader read, as it was on disk ------------------------------------------------

#: A folder whose last change is this recent (in nanoseconds) as it is listed may change
#: again within the same tick of the file system's clock, its stamp unchanged: it is
#: listed again at the next looks, until its last change is older than that (or it was
#: listed ``RECHECKS`` times with that stamp: a clock ahead of this one's).
RECENT_NS = 2_000_000_000
RECHECKS = 3


@dataclass(frozen=True)
class Folder:
    """A folder read for the lists (or catalogs) in it, as it was when listed."""

    stamp: Stamp | None
    #: when it was listed (``time.time_ns``)
    listed: int
    #: the names of the files read from it
    read: frozenset[str] = frozenset()
    #: the names of its files not read, that describe it (a README) and of other kinds
    #: (images, PDFs): said once, when new
    about: frozenset[str] = frozenset()
    other: frozenset[str] = frozenset()
    #: the folder was given as a catalog: its files are catalogs
    catalogs: bool = False
    #: how many times in a row it was listed again with the same stamp
    rechecks: int = 0

    def settled(self, stamp: Stamp | None) -> bool:
        """True if the folder, found with ``stamp`` now, holds the files it held: it
        has the same stamp, and its last change was no longer recent when listed."""
        if stamp != self.stamp:
            return False
        return stamp is None or self.listed - stamp[2] > RECENT_NS or self.rechecks >= RECHECKS


@dataclass(frozen=True)
class OnDisk:
    """The files and folders the reader reads, each as it was just before it read them."""

    #: every file read, or to be read when it comes (a list named that is gone)
    files: Mapping[Path, Stamp | None] = field(default_factory=dict)
    folders: Mapping[Path, Folder] = field(default_factory=dict)
    #: the catalog files among ``files``
    catalogs: frozenset[Path] = frozenset()


@dataclass(frozen=True)
class Changes:
    """What changed on disk since :class:`OnDisk` was taken, in words a notice can use."""

    #: files read whose contents changed
    changed: tuple[Path, ...] = ()
    #: files to read that were not there: new in a folder, or back
    added: tuple[Path, ...] = ()
    #: files read that are gone (removed, renamed away)
    removed: tuple[Path, ...] = ()
    #: new files of a folder that are not read, one line a folder ("lists: not read:
    #: README.md (it describes the folder)")
    not_read: tuple[str, ...] = ()
    #: the catalog files among the above
    catalogs: frozenset[Path] = frozenset()

    @property
    def to_read(self) -> bool:
        """True if the lists must be read again."""
        return bool(self.changed or self.added or self.removed)

    @property
    def paths(self) -> frozenset[Path]:
        """The files that changed, came or went."""
        return frozenset((*self.changed, *self.added, *self.removed))

    def without(self, paths: Collection[Path]) -> Changes:
        """These changes but those of ``paths``."""

        def kept(found: tuple[Path, ...]) -> tuple[Path, ...]:
            return tuple(path for path in found if path not in paths)

        return Changes(
            kept(self.changed),
            kept(self.added),
            kept(self.removed),
            self.not_read,
            self.catalogs - frozenset(paths),
        )

    def then(self, later: Changes) -> Changes:
        """These changes (not yet read) and the ``later`` ones, as one: what each file
        did since the lists shown were read (one that came and went again did nothing
        to them; one that went and came back changed)."""
        kinds: dict[Path, str | None] = {}
        for kind, found in (
            ("changed", self.changed),
            ("added", self.added),
            ("removed", self.removed),
        ):
            kinds.update(dict.fromkeys(found, kind))
        for kind, found in (
            ("changed", later.changed),
            ("added", later.added),
            ("removed", later.removed),
        ):
            for path in found:
                first = kinds.get(path)
                if first == "added":
                    kinds[path] = None if kind == "removed" else "added"
                elif first == "removed" and kind == "added":
                    kinds[path] = "changed"
                else:
                    kinds[path] = kind

        def those(kind: str) -> tuple[Path, ...]:
            return tuple(path for path, what in kinds.items() if what == kind)

        return Changes(
            those("changed"),
            those("added"),
            those("removed"),
            later.not_read,
            self.catalogs | later.catalogs,
        )


def _listed(folder: Path, catalogs: bool, before: Folder | None = None) -> Folder:
    """``folder`` listed now (a folder that cannot be listed holds nothing); ``before``:
    as it was listed last."""
    stamp = list_stamp(folder)
    listed = time.time_ns()
    rechecks = before.rechecks + 1 if before is not None and before.stamp == stamp else 0
    try:
        if catalogs:
            read = frozenset(path.name for path in catalog_files(folder))
            return Folder(stamp, listed, read, catalogs=True, rechecks=rechecks)
        lists, about, other = listing(folder)
    except OSError:
        return Folder(stamp, listed, catalogs=catalogs, rechecks=rechecks)
    read = frozenset(path.name for path in lists)
    return Folder(stamp, listed, read, frozenset(about), frozenset(other), rechecks=rechecks)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def look(watched: Watched) -> OnDisk:
    """What ``watched`` names as it is now: each folder listed, and the stamp of every
    file named or read from them. Never raises."""
    files: dict[Path, Stamp | None] = {}
    folders: dict[Path, Folder] = {}
    catalogs: set[Path] = set()
    for kind, paths in ((False, watched.sources), (True, watched.catalogs)):
        for given in paths:
            path = Path(os.path.abspath(given))
            if _is_dir(path):
                folder = folders[path] = _listed(path, kind)
                found = [path / name for name in sorted(folder.read)]
            else:
                found = [path]
            for file in found:
                files[file] = list_stamp(file)
                if kind:
                    catalogs.add(file)
    return OnDisk(files, folders, frozenset(catalogs))


def with_lists(on_disk: OnDisk | None, library: Library) -> OnDisk:
    """``on_disk`` with the list files of ``library`` it lacks, stamped now."""
    on_disk = on_disk or OnDisk()
    files = dict(on_disk.files)
    for item in library.lists:
        path = Path(os.path.abspath(item.path))
        if path not in files:
            files[path] = list_stamp(path)
    return OnDisk(files, on_disk.folders, on_disk.catalogs)


def moved_to(path: Path, stamp: Stamp | None, read: Collection[Path] = ()) -> Path | None:
    """Where the file ``path``, gone now, looks moved to: the file of its folder that
    has the inode it had (``stamp``, as it was read), which finds a rename in place, as
    the command line finds a list of the library renamed; and the time it was last
    written, which a rename keeps (a new file given the inode of one deleted has its
    own). None when there is none (or it is a file read already, ``read``)."""
    if stamp is None:
        return None
    try:
        with os.scandir(path.parent) as scan:
            for item in scan:
                try:
                    if (
                        item.inode() == stamp[0]
                        and item.is_file()
                        and item.stat().st_mtime_ns == stamp[2]
                    ):
                        found = Path(item.path)
                        return None if found in read or found == path else found
                except OSError:
                    continue
    except OSError:
        return None
    return None


def changes(on_disk: OnDisk, said: set[Path] | None = None) -> tuple[Changes, OnDisk]:
    """What changed since ``on_disk`` was taken: one stat of each file and folder, and a
    folder listed again only when its stamp moved. Gives the changes, and ``on_disk``
    with the folders listed again (so that a file not read is said once, and a folder
    is not listed again at every look). A file not read whose path is in ``said`` is not
    said again (those said are added to it)."""
    found: dict[Path, str] = {}  # path → "changed", "added" or "removed"
    for path, stamp in on_disk.files.items():
        now = list_stamp(path)
        if now != stamp:
            found[path] = "removed" if now is None else "added" if stamp is None else "changed"
    folders = dict(on_disk.folders)
    not_read: list[str] = []
    for path, folder in on_disk.folders.items():
        if folder.settled(list_stamp(path)):
            continue
        again = folders[path] = _listed(path, folder.catalogs, folder)
        for name in sorted(again.read - folder.read):
            found.setdefault(path / name, "added")
        for name in sorted(folder.read - again.read):
            found.setdefault(path / name, "removed")
        about, other = (
            [name for name in sorted(now - before) if path / name not in (said or ())]
            for now, before in ((again.about, folder.about), (again.other, folder.other))
        )
        if about or other:
            line = f"{path.name}: {not_read_line(about, other)}"
            not_read.append(line.replace("\n", "\\n"))  # one line, whatever the names
            if said is not None:
                said.update(path / name for name in (*about, *other))
    catalogs = on_disk.catalogs | {
        path / name for path, folder in folders.items() if folder.catalogs for name in folder.read
    }

    def those(kind: str) -> tuple[Path, ...]:
        return tuple(path for path, what in found.items() if what == kind)

    what = Changes(
        those("changed"),
        those("added"),
        those("removed"),
        tuple(not_read),
        frozenset(path for path in found if path in catalogs),
    )
    return what, OnDisk(on_disk.files, folders, on_disk.catalogs)
