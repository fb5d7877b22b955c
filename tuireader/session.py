"""What every front end needs before it can show a paper: paths, library, search engine.

The command line and the reader both build a ``Session`` here, from explicit sources
and an explicit data folder, so tests can build one the same way on temporary data.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tuireader.model import Library, Problem
from tuireader.system.atomic import write_atomic
from tuireader.system.config import Config, load_config
from tuireader.system.paths import DataPaths, resolve
from tuireader.system.small_files import read_up_to

if TYPE_CHECKING:
    from tuireader.ingest.library import Progress
    from tuireader.triage.store import Looked, ReattachReport, Store, StoredIdentity


def within_places(places: Iterable[str | os.PathLike[str]]) -> Callable[[str], bool]:
    """Whether a path is one of ``places`` (files or folders, links followed) or in one."""
    real = [os.path.realpath(place) for place in places]

    def within(path: str) -> bool:
        found = os.path.realpath(path)
        return any(
            found == place or found.startswith(place.rstrip(os.sep) + os.sep) for place in real
        )

    return within


def outside_library(paths: DataPaths, sources: Sequence[str | Path] | None) -> bool:
    """Whether ``sources`` name a list file or folder outside the user's library (the
    lists ``add`` put in ``lists.json``): an export read back, another venue's list. Such
    a read shows the marks of its papers where their ids are, and never moves, re-keys
    or detaches one (:func:`load_session`): a read of an export made before a list was
    re-scraped took the mark back to the id the export gives the paper, and the next
    command on the library took it forth again, each saying so.

    A library of the built-in seeds alone, or of no list, is none of the user's own: the
    lists named are then the ones the user reads, and marks follow their papers there.
    """
    if not sources:
        return False
    from tuireader.system import shelf

    current = shelf.load(paths)
    if current.is_default or not current.entries:
        return False
    within = within_places(entry.location for entry in current.entries)
    return not all(within(os.path.expanduser(str(source))) for source in sources)


class TriageOpener:
    """Opens of one triage file, as ``Store.open`` opens it, by the threads of one
    program (a reader reads its lists, which moves marks, as it opens its store) that
    wait for a lock another program holds once in all: one at a time, and after one
    found the file locked all the while it waited, the next ones try it without waiting
    (saying the same wait), until one finds it free again. Each waiting in turn, a
    reader started on a locked file waited twice what its notice said."""

    def __init__(self) -> None:
        self._one_at_a_time = threading.Lock()
        #: the last open found the file locked: the next one does not wait for it
        self.locked = False

    def open(self, path: Path, *, read_only: bool = False) -> Store:
        from tuireader.triage.store import Store

        with self._one_at_a_time:
            store = Store.open(path, read_only=read_only, wait=not self.locked)
            self.locked = store.found_locked
        return store


@dataclass
class Session:
    paths: DataPaths
    library: Library
    problems: list[Problem] = field(default_factory=list)
    config: Config = field(default_factory=Config)
    #: what loading did to saved triage: marks moved to their paper's new id, and marks
    #: whose paper is in none of the lists (None: no triage file yet).
    triage: ReattachReport | None = None
    #: what the cache kept with the library: each paper's index fingerprint (opening the
    #: index then need not work them out) and the index schema they are for
    cached: dict[str, object] = field(default_factory=dict)
    #: the cache entry the library came from (or was stored in) and what names its
    #: content (``cache.entry_token``): an index checked for it need not be checked again
    entry: Path | None = None
    token: str | None = None
    #: the triage file was found locked by another program, after waiting for it: it is
    #: not waited for again (see :meth:`open_triage`)
    triage_locked: bool = False
    #: the lists read are not all of the library (:func:`outside_library`): the marks
    #: were left where they are, and none may move to the papers read
    outside: bool = False
    #: ``moved_ids()``, once worked out
    _moved: dict[str, tuple[str, ...]] | None = field(default=None, init=False, repr=False)

    def open_triage(self, *, read_only: bool = False) -> Store:
        """The triage file of this session's data folder, opened as ``Store.open`` opens
        it: a file another program holds locked is waited for once in all, by the first
        open that finds it so; the later ones (a command opens it several times) try it
        once more without waiting, and say the same as the first."""
        from tuireader.triage.store import Store

        store = Store.open(self.paths.state_db, read_only=read_only, wait=not self.triage_locked)
        self.triage_locked = self.triage_locked or store.found_locked
        return store

    def moved_ids(self) -> dict[str, tuple[str, ...]]:
        """The ids the triage file records marks as moved from (the paper's id changed
        when its list was read again, ``Store.reattach``) that name no paper now, each
        with the ids of the papers its marks went to (``store.moved_ids``): one, or
        several when that id once named two papers. Empty without a triage file."""
        if self._moved is None:
            self._moved = {}
            if self.paths.state_db.exists():
                from tuireader.triage.store import moved_ids

                library = self.library

                def named(paper_id: str) -> tuple[str, ...]:
                    return tuple(paper.id for paper in library.named(paper_id))

                # saved triage must never stop a command: its earlier ids then find nothing
                with contextlib.suppress(Exception):
                    with self.open_triage() as store:
                        moves = store.moves()
                    self._moved = moved_ids(moves, named)
        return self._moved

    def lost_marks(self, places: Sequence[str | os.PathLike[str]] | None = None) -> list:
        """The detached marks (``triage.detached``) to warn of, as the reader's load
        warnings and the command line both count them. All of them when the triage file
        cannot say.

        Those on papers of a list that exists but was not read now (a subset of the
        lists, read on purpose) are left out, as nothing is wrong with them and they
        come back with their list; but read from the library (``places``: where its
        lists are), a list file that is not the library's holds no marks back from it:
        the list was removed before ``remove`` told the triage file so (a triage file of
        an earlier release keeps its files as those papers' lists for good), or is one
        read by naming it alone. ``search is:detached`` lists them all the same."""
        detached = list(self.triage.detached) if self.triage is not None else []
        if not detached:
            return []
        from tuireader.triage.store import in_lists_not_read

        read = {str(paper_list.path.absolute()) for paper_list in self.library.lists}
        try:
            with self.open_triage(read_only=True) as store:
                files = store.seen_in(mark.paper_id for mark in detached)
        except Exception:  # noqa: BLE001 - saved triage must never stop a command
            return detached
        waiting = in_lists_not_read(files, read)
        if places is not None and waiting:
            library = within_places(places)
            waiting = {
                paper_id
                for paper_id in waiting
                if any(library(path) for path in files.get(paper_id, ()))
            }
        return [mark for mark in detached if mark.paper_id not in waiting]

    def former_ids(self, paper_id: str) -> tuple[str, ...]:
        """The ids the paper had whose marks moved to it (``moved_ids``), and that name
        no other paper: they find this paper, as its aliases do."""
        return tuple(old for old, now in self.moved_ids().items() if now == (paper_id,))

    def first_time_said(self, what: str, items: Iterable[object]) -> bool:
        """Whether ``items`` differ from those said last about ``what`` with the same
        lists (kept in the cache folder: with it gone, each is said once more), recording
        them. What stays as it is (the marks of a list the user removed) would be the
        same line on every command: it is said when it changes.
        """
        import hashlib

        lists = "\n".join(sorted(str(item.path) for item in self.library.lists))
        key = hashlib.sha1(f"{what}\n{lists}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
        text = "\n".join(sorted(str(item) for item in items))
        value = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        record = self.paths.cache_dir / "said.json"
        try:
            said = json.loads(read_up_to(record, 1 << 20).decode("utf-8"))
        except (OSError, ValueError):  # none, or no file (a FIFO is not waited on)
            said = {}
        if not isinstance(said, dict):
            said = {}
        if said.get(key) == value:
            return False
        said[key] = value
        try:
            record.parent.mkdir(parents=True, exist_ok=True)
            # the one writer of whole files: no half-written file, nor a temporary one
            # left by a command stopped as it wrote
            write_atomic(json.dumps(said), record, private=True)
        except OSError:  # not kept: said again next time
            pass
        return True

    def identity_of(self, paper_id: str) -> StoredIdentity | None:
        """What identifies a paper of the library, as the triage store keeps it."""
        from tuireader.triage.store import StoredIdentity

        paper = self.library.get(paper_id)
        return StoredIdentity.of(paper) if paper is not None else None

    def files_of(self, paper_id: str) -> list[str]:
        """The files (absolute paths) of the lists of the library that hold a paper."""
        paper = self.library.get(paper_id)
        if paper is None:
            return []
        return [
            str(paper_list.path.absolute())
            for paper_list in self.library.lists
            if paper_list.name in paper.lists
        ]

    def open_store(self, *, read_only: bool = False) -> Store:
        """The triage store of this session's data folder, keeping with each mark what
        identifies its paper, so the mark follows the paper when the lists change."""
        store = self.open_triage(read_only=read_only)
        store.identify_with(self.identity_of, self.files_of)
        return store

    def engine(
        self,
        *,
        progress: Callable[[int, int], None] | None = None,
        note: Callable[[str], None] | None = None,
        rebuild: bool = False,
        quick: bool = False,
    ):  # -> tuireader.search.engine.Engine (imported lazily: Whoosh is slow to import)
        """The search engine over the library's index, opened (updated, rebuilt) as needed.

        With ``quick``, an index that an earlier open found current for this very library
        (the same cache entry, the index's files unchanged since) is opened as it is,
        without comparing the papers with it (``search.snapshot``); and what this open
        finds is saved for the next one.
        """
        from tuireader.search.index import index_paths

        paths = index_paths(self.library, self.paths)
        if quick and not rebuild and self.entry is not None and self.token is not None:
            from tuireader.search.snapshot import open_checked

            engine = open_checked(self.library, paths, self.entry, self.token)
            if engine is not None:
                return engine
        from tuireader.search.engine import open_engine
        from tuireader.search.index import SCHEMA_VERSION

        cached = self.cached
        if not cached:
            from tuireader.ingest.cache import LazyLibrary

            if isinstance(self.library, LazyLibrary):
                cached = self.library.tail()[1]
        fingerprints = cached.get("fingerprints")
        if cached.get("index_schema") != SCHEMA_VERSION or not isinstance(fingerprints, dict):
            fingerprints = None
        engine = open_engine(
            self.library,
            self.paths,
            progress=progress,
            note=note,
            rebuild=rebuild,
            fingerprints=fingerprints,
        )
        if quick and self.entry is not None and self.token is not None:
            from tuireader.search.snapshot import save

            save(engine, paths, self.entry, self.token)
        return engine


def load_session(
    sources: Sequence[str | Path] | None = None,
    *,
    data_dir: str | Path | None = None,
    catalogs: Sequence[str | Path] | None = None,
    default_catalogs: bool = True,
    cache: bool = True,
    lazy: bool = False,
    late_note: Callable[[str], None] | None = None,
    triage: TriageOpener | None = None,
) -> Session:
    """Read the lists (default: the built-in seeds) and apply metadata catalogs.

    With ``cache`` (the default) what was read last time is taken from the data folder's
    cache when none of the files changed (``tuireader.ingest.cache``); a cache entry that
    cannot be used is said among the problems, once, and written again.

    With ``lazy``, when none of the files changed identity, the library is a
    ``cache.LazyLibrary``: each paper is read from the cache when it is asked for (a
    search of 100,000 papers reads the twenty it shows). Should its entry turn out
    damaged later, the lists are read again; what the cache said then goes to
    ``late_note`` (as a problem's text) once the session is returned, to the problems
    before. ``triage``: what opens the triage file to move marks, where another
    thread of the program opens it too (a reader's store): a lock is waited for once.
    """
    paths = resolve(data_dir)
    config = load_config(paths)
    # catalogs named on the command line first, then those of the config file
    wanted = [*(catalogs or ()), *config.catalogs]
    notes: list[str] = []
    extra: dict[str, object] = {}
    problems: list[Problem] = []
    returned = False

    def late(note: str) -> None:
        problem = Problem(paths.cache_dir, note, "warning")
        if returned and late_note is not None:
            late_note(str(problem))
        elif not returned:
            problems.append(problem)

    found = _load(
        paths, sources, wanted, default_catalogs, notes if cache else None, extra, lazy, late
    )
    library = found.library
    # apply_catalogs carries the catalogs' own problems into library.problems
    problems[:0] = [
        *_folder_members_marked(library.problems, sources),
        *(Problem(paths.cache_dir, n, "warning") for n in notes),
    ]
    problems.extend(
        Problem(config.path or paths.config_file, p, "warning") for p in config.problems
    )
    # a read of lists outside the library shows the marks its papers' ids have, and
    # moves none: the library's marks are the library's lists' to move
    outside = outside_library(paths, sources)
    moved, locked = _reattach(paths, library, found.token, triage, read_only=outside)
    returned = True
    session = Session(
        paths=paths,
        library=library,
        problems=problems,
        config=config,
        triage=moved,
        cached=extra,
        entry=found.entry,
        token=found.token,
        triage_locked=locked,
        outside=outside,
    )
    if found.crowded:
        _known_if_said(session)
    return session


def _known_if_said(session: Session) -> None:
    """The lists' warnings of ``session`` marked known (said again only where problems
    are listed) when the same were said last with the same lists: the cache, which
    tells a list's warnings said before, is not written where the disk lacks room for
    it, and every command on a nearly full disk said them all again."""
    fresh = [
        at
        for at, problem in enumerate(session.problems)
        if problem.severity == "warning"
        and not problem.known
        and problem.path != session.paths.cache_dir
    ]
    said = [str(session.problems[at]) for at in fresh]
    if fresh and not session.first_time_said("warnings of lists not cached", said):
        for at in fresh:
            session.problems[at] = replace(session.problems[at], known=True)


def _folder_members_marked(
    problems: Sequence[Problem], sources: Sequence[str | Path] | None
) -> list[Problem]:
    """``problems``, those of files read as members of a folder source marked so."""
    if not sources:
        return list(problems)
    named = {Path(os.path.abspath(os.path.expanduser(str(s)))) for s in sources}
    folders = [path for path in named if path.is_dir()]
    out = []
    for problem in problems:
        path = Path(os.path.abspath(problem.path))
        if path not in named and any(folder in path.parents for folder in folders):
            problem = replace(problem, in_folder=True)
        out.append(problem)
    return out


@dataclass(frozen=True)
class _Loaded:
    library: Library
    #: the cache entry of the library, and its token (None: not cached)
    entry: Path | None = None
    token: str | None = None
    #: the lists were read and not cached, the disk lacking room for it
    crowded: bool = False


def _load(
    paths: DataPaths,
    sources: Sequence[str | Path] | None,
    catalogs: Sequence[str | Path],
    default_catalogs: bool,
    notes: list[str] | None,
    extra: dict[str, object],
    lazy: bool = False,
    late: Callable[[str], None] | None = None,
    progress: Progress | None = None,
) -> _Loaded:
    """The library with its catalogs applied: from the cache when its files are unchanged,
    else read (the lists unchanged since they were cached from the cache) and cached.
    Lists read from a stream (standard input, a pipe) are not cached: a pipe's path
    holds other lists on other runs."""
    if notes is None or _any_streamed(sources):
        from tuireader.ingest.library import load_library

        return _Loaded(
            _apply_catalogs(
                load_library(list(sources) if sources else None), catalogs, default_catalogs
            )
        )
    from tuireader.system.resources import seeds_dir

    cache = _roomy_cache()
    store = cache(paths.cache_dir, notes.append)
    given: list[str | Path] = list(sources) if sources else [seeds_dir()]
    request = json.dumps(
        {
            "sources": [_spelled(source) for source in given],
            "catalogs": [str(Path(path).expanduser().absolute()) for path in catalogs],
            "default": default_catalogs,
        }
    )
    entry = store.library_path(request)
    if lazy:

        def fallback(why: str) -> Library:
            # the entry is damaged: read as if it were not there, and say so once (and
            # among the library's problems, for a reader that shows them)
            said: list[str] = []
            again = cache(paths.cache_dir, said.append)
            library = _read_or_cached(again, request, given, catalogs, default_catalogs, {})
            again.tell()
            for note in said:
                if late is not None:
                    late(note)
            notes = (Problem(paths.cache_dir, note, "warning") for note in said)
            return library.with_problems((*library.problems, *notes))

        opened = store.open_library(request, fallback)
        if opened is not None:
            return _Loaded(opened, entry, store.token)
    library = _read_or_cached(
        store, request, given, catalogs, default_catalogs, extra, progress=progress
    )
    store.tell()
    return _Loaded(library, entry, store.token, getattr(store, "fits", None) is False)


def cache_library(
    sources: Sequence[str | Path] | None,
    *,
    data_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> None:
    """Cache the library of ``sources`` as the commands read it (the config's catalogs and
    the shipped ones applied) when it is not cached yet, ``progress`` told how far the
    read is: ``add`` does, so that the first command after it opens the cached library,
    where it read every list and cached them together (most of a first ``cite`` of one
    paper at 100,000 papers)."""
    paths = resolve(data_dir)
    config = load_config(paths)
    _load(paths, sources, list(config.catalogs), True, [], {}, lazy=True, progress=progress)


def _any_streamed(sources: Sequence[str | Path] | None) -> bool:
    from tuireader.ingest.sources import streamed

    return any(streamed(source) is not None for source in sources or ())


def _folders(given: Sequence[str | Path], catalogs: Sequence[Path]) -> list[Path]:
    """The folders among the sources and catalogs, whose files are listed to be read."""
    out = []
    for path in (*(Path(item).expanduser() for item in given), *catalogs):
        try:
            if path.is_dir():
                out.append(path.absolute())
        except OSError:
            continue
    return out


#: the room a nearly full disk keeps for the triage file (the user's own data, a few
#: pages a change): the cache, derived data, is not written where it would leave less
KEPT_FOR_TRIAGE = 16 << 20


def room_for(folder: Path, size: int) -> bool:
    """Whether ``size`` bytes more on the disk of ``folder`` leave it
    :data:`KEPT_FOR_TRIAGE` free (True when that cannot be told)."""
    import shutil

    for place in (folder, *folder.parents):
        try:
            return shutil.disk_usage(place).free >= size + KEPT_FOR_TRIAGE
        except FileNotFoundError:
            continue
        except OSError:
            return True
    return True


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


_ROOMY: type | None = None


def _roomy_cache() -> type:
    """The cache of read lists, that writes only where the disk keeps room after it
    (:func:`room_for`): on a nearly full disk the cache took the last space, and the
    triage change the command was run for then failed for a full disk, and again at each
    command, the entries holding that space for good. Entries already there are read.

    Given a ``plan`` (what the whole cache about to be written takes: see
    :func:`whole_cache_size`) the room is asked once, for all of it, and nothing is
    written where it does not fit; without one, each entry asks for its own (an entry is
    about the size of the lists it holds, written beside the one it replaces). Asked
    entry by entry, each list's entry found room in what the ones before it left, and
    ``add`` of 3 MB of lists filled 2.4 MB of a disk with 3 MB free."""
    global _ROOMY
    if _ROOMY is None:
        from tuireader.ingest.cache import Cache

        class RoomyCache(Cache):
            #: the bytes the entries about to be written take, all told, worked out when
            #: first asked (None: each entry's own)
            plan: Callable[[], int] | None = None
            #: whether what ``plan`` says fits, once asked
            fits: bool | None = None

            def _room(self, size: int) -> bool:
                if self.plan is None:
                    return room_for(self.folder, size)
                if self.fits is None:
                    self.fits = room_for(self.folder, max(size, self.plan()))
                return self.fits

            def store_library(self, key, inputs, before, library, extra=None, **more):  # type: ignore[no-untyped-def]
                size = 2 * sum(_file_size(Path(item)) for item in inputs)
                if self._room(size):
                    super().store_library(key, inputs, before, library, extra, **more)

            def store_list(self, file, before, parsed):  # type: ignore[no-untyped-def]
                if self._room(2 * _file_size(Path(file))):
                    super().store_list(file, before, parsed)

        _ROOMY = RoomyCache
    return _ROOMY


def roomy_cache(folder: Path, files: Callable[[], Iterable[Path]]):  # type: ignore[no-untyped-def]
    """The cache of read lists in ``folder`` (see :func:`_roomy_cache`) about to read
    the lists ``files`` gives (asked before the first entry is written): it writes
    nothing unless the disk keeps its room after the whole cache of them
    (:func:`whole_cache_size`)."""
    store = _roomy_cache()(folder)
    store.plan = lambda: whole_cache_size(store, list(files()))
    return store


def whole_cache_size(store, files: Sequence[Path]) -> int:  # type: ignore[no-untyped-def]
    """What the cache of ``files`` about to be written takes, all told: the entry of each
    list not cached yet, and the library's entry with its search snapshot beside it, each
    about the size of the lists it holds (the real lists: 3 MB of them, 5 MB of cache)."""
    sizes = {Path(item): _file_size(Path(item)) for item in files}
    lists = sum(size for item, size in sizes.items() if store.list_papers(item) is None)
    return lists + 2 * sum(sizes.values())


def _read_or_cached(
    store,  # tuireader.ingest.cache.Cache
    request: str,
    given: Sequence[str | Path],
    catalogs: Sequence[str | Path],
    default_catalogs: bool,
    extra: dict[str, object],
    *,
    progress: Progress | None = None,
) -> Library:
    """The library from ``store`` (unchanged files), else read, with catalogs, and stored;
    ``progress`` is told how far the read is (``ingest.library.load_library``)."""
    from tuireader.ingest.cache import FileState
    from tuireader.ingest.sources import expand_sources

    catalog_paths = _catalog_paths(catalogs, default_catalogs)
    if default_catalogs:
        # the shipped catalogs are listed from their folder
        from tuireader.system.resources import seeds_dir

        catalog_paths.append(seeds_dir() / "catalog")
    folders = [FileState.of(path) for path in _folders(given, catalog_paths)]
    files, _ = expand_sources(given)
    catalog_files = _catalog_files(_catalog_paths(catalogs, default_catalogs))
    inputs = [*files, *catalog_files]
    if getattr(store, "plan", False) is None:
        store.plan = lambda: whole_cache_size(store, inputs)
    key = json.dumps(
        {
            "sources": [_spelled(source) for source in given],
            "catalogs": [str(path) for path in catalog_files],
            "default": default_catalogs,
        }
    )
    library = store.load_library(key, inputs, request=request)
    if library is None:
        from tuireader.ingest.library import load_library  # the readers: only to read

        before = [FileState.of(path) for path in inputs]
        library = _apply_catalogs(
            load_library(given, cache=store, progress=progress), catalogs, default_catalogs
        )
        from tuireader.search.index import SCHEMA_VERSION, fingerprint, library_digest

        fingerprints = {paper.id: fingerprint(paper) for paper in library.papers}
        store.extra = {
            "index_schema": SCHEMA_VERSION,
            "fingerprints": fingerprints,
            # what names the library's vocabulary beside the index
            "digest": library_digest(fingerprints),
        }
        store.store_library(
            key, inputs, before, library, store.extra, request=request, folders=folders
        )
    extra.update(store.extra)
    return library


def _spelled(source: str | Path) -> str:
    path = Path(source).expanduser()
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


def _catalog_paths(catalogs: Sequence[str | Path] | None, default_catalogs: bool) -> list[Path]:
    from tuireader.ingest.sources import default_catalog_paths

    # explicit catalogs first: the first catalog that knows a paper wins
    paths = [Path(p).expanduser() for p in catalogs or ()]
    if default_catalogs:
        paths.extend(default_catalog_paths())
    return paths


def _catalog_files(paths: Sequence[Path]) -> list[Path]:
    """Every file the catalogs ``paths`` name (a folder: the catalog files in it)."""
    from tuireader.ingest.sources import CATALOG_SUFFIXES

    files: list[Path] = []
    for path in paths:
        try:
            children = sorted(path.iterdir()) if path.is_dir() else None
        except OSError:
            children = None
        if children is None:
            files.append(path.absolute())
            continue
        files.extend(
            child.absolute()
            for child in children
            if not child.name.startswith(".")
            and child.suffix.lower() in (*CATALOG_SUFFIXES, ".tsv")
        )
    return files


def _reattach(
    paths: DataPaths,
    library: Library,
    token: str | None = None,
    opener: TriageOpener | None = None,
    *,
    read_only: bool = False,
) -> tuple[ReattachReport | None, bool]:
    """Move marks whose paper id disappeared to the paper that now matches them; and
    whether the triage file was found locked by another program (all the while it was
    waited for: ``Session.triage_locked``).

    Only an existing triage file is opened (loading never creates one); with nothing
    missing this costs one query. ``token``: what names the library's content (the
    cache's), see :func:`reattach_marks`. ``opener``: see :class:`TriageOpener`.
    ``read_only``: the file is only read, and the report says the marks whose paper is
    not read (none moves, nothing about them is kept).
    """
    if not paths.state_db.exists():
        return None, False
    from tuireader.triage.store import Store

    with (
        opener.open(paths.state_db, read_only=read_only)
        if opener is not None
        else Store.open(paths.state_db, read_only=read_only)
    ) as store:
        try:
            return reattach_marks(store, library, token=token), store.found_locked
        except Exception:  # noqa: BLE001 - saved triage must never stop the lists loading
            return None, store.found_locked


#: the ``ui_state`` key of the marks the last look found no paper for, in which library
_UNFOUND = "marks-without-paper"


def _unfound(token: str, store: Store, library: Library) -> dict[str, str]:
    """What :data:`_UNFOUND` keeps: the library (its cache token), the marked ids, and
    which of the list files kept for the marks of no paper here still exist (a mark whose
    own list is gone is looked for anywhere, see ``Store.reattach``)."""
    import hashlib

    from tuireader import __version__
    from tuireader.ingest.cache import LazyLibrary

    marked = sorted(store.marked_ids())
    if isinstance(library, LazyLibrary):  # its ids alone, no paper read
        absent = [pid for pid in marked if pid not in library]
    else:
        absent = [pid for pid in marked if library.get(pid) is None]
    files = sorted({path for paths in store.seen_in(absent).values() for path in paths})
    there = [f"{path} {os.path.exists(path)}" for path in files]
    text = "\n".join([*marked, "", *there]).encode("utf-8", "surrogatepass")
    return {"library": token, "marks": hashlib.sha1(text).hexdigest(), "version": __version__}


def reattach_marks(
    store: Store,
    library: Library,
    only: Collection[str] | None = None,
    *,
    token: str | None = None,
) -> ReattachReport:
    """Move the marks of ``store`` whose paper id disappeared to the paper of ``library``
    that now matches them (see ``Store.reattach``; ``only``: the marks of these ids);
    with nothing missing this costs one query, and reads none of the papers of a lazy
    library.

    ``token`` names the library's content (the cache entry's, see
    ``cache.entry_token``). Marks a look found no paper for in that very library, with
    the same papers marked, find none again: they are not looked for (the look indexes
    every paper, and matches each mark's abstract against all of them). An import of
    another machine's marks on lists not read here left 1,500 such marks, and each
    command on a library of 2,610 papers took 1.4 s instead of 0.4 s."""
    sources = {paper_list.name: str(paper_list.path.absolute()) for paper_list in library.lists}
    if only is not None:
        return store.reattach(library.papers, only=only, sources=sources)
    if token is not None:
        look = _looked(token, library)
        if store.settled(look, sources, _holder(library)):
            # every mark on its paper, as the last look on this very library left them:
            # a look would move none (2,610 marks took it 0.2 s, at every command)
            from tuireader.triage.store import ReattachReport

            return ReattachReport()
        memo = store.load_ui_state(_UNFOUND)
        if memo and memo == _unfound(token, store, library):
            # nothing changed since the look that found none of the absent marks a paper
            marked = sorted(store.marked_ids())
            present = [paper for paper in map(library.get, marked) if paper is not None]
            return store.reattach(present, sources=sources)
        report = _reattach_all(store, library, sources, look)
        if (report.detached or memo) and not store.read_only:
            now = _unfound(token, store, library) if report.detached else {}
            with contextlib.suppress(Exception):  # a memo: the next look is only slower
                store.save_ui_state(_UNFOUND, now)
        return report
    return _reattach_all(store, library, sources)


def _looked(token: str, library: Library) -> Looked:
    """The papers :func:`_reattach_all` looks through, for ``Store.settled``: of the
    library whose content ``token`` names, all or those marked."""
    from tuireader.ingest.cache import LazyLibrary
    from tuireader.triage.store import Looked

    return Looked(token, "marked" if isinstance(library, LazyLibrary) else "all")


def _holder(library: Library) -> Callable[[str], bool]:
    """Whether ``library`` holds a paper of an id (a lazy library's ids alone)."""
    from tuireader.ingest.cache import LazyLibrary

    if isinstance(library, LazyLibrary):
        return library.__contains__
    return lambda paper_id: library.get(paper_id) is not None


def _reattach_all(
    store: Store, library: Library, sources: dict[str, str], look: Looked | None = None
) -> ReattachReport:
    """:func:`reattach_marks` of every mark, looked for among the papers of ``library``
    (``look``: what names them, see ``Store.reattach``)."""
    from tuireader.ingest.cache import LazyLibrary

    if isinstance(library, LazyLibrary):
        # every marked paper present, or waiting for a list not read now: only those
        # present are needed, not all 100,000 (a mark waiting for its list looks at no
        # paper of the lists read, see ``Store.reattach``; reading them all for it took a
        # command on a library of 100,000 papers from 0.4 s to 2 s)
        marked = store.marked_ids()
        absent = [pid for pid in marked if pid not in library]
        if not absent or _all_waiting(store, absent, set(sources.values())):
            present = [library.get(pid) for pid in sorted(marked) if pid in library]
            # and those that name an absent mark's id as a former one of theirs (an
            # export's id column read back): that paper takes the mark, whatever its list
            aliases = library.aliases()
            present += [library.get(pid) for old in absent for pid in aliases.get(old, ())]
            found = [paper for paper in present if paper is not None]
            return store.reattach(found, sources=sources, look=look)
        look = None  # all its papers read: not those ``look`` names
    return store.reattach(library.papers, sources=sources, look=look)


def _all_waiting(store: Store, paper_ids: Sequence[str], read: set[str]) -> bool:
    """Whether the marks of ``paper_ids`` all wait for lists not read now: each paper's
    list files (as the store keeps them) include one that exists, and none was read."""
    from tuireader.triage.store import in_lists_not_read

    kept = store.seen_in(paper_ids)
    waiting = in_lists_not_read(kept, read)
    return all(pid in waiting and not kept[pid] & read for pid in paper_ids)


def _apply_catalogs(
    library: Library, catalogs: Sequence[str | Path] | None, default_catalogs: bool
) -> Library:
    """``library`` with the catalogs applied. The catalogs that ship with tuireader
    describe the seed papers: they match other papers by an exact key only."""
    from tuireader.ingest import catalog
    from tuireader.ingest.sources import default_catalog_paths

    paths = _catalog_paths(catalogs, default_catalogs)
    if not paths or not library.papers:
        return library
    loaded, _problems = catalog.load_catalogs(paths)
    shipped = {path.absolute() for path in default_catalog_paths()}
    if default_catalogs and shipped:
        seeds = _seed_lists(library)
        loaded = [
            replace(item, lists=seeds) if item.path.absolute() in shipped else item
            for item in loaded
        ]
    return catalog.apply_catalogs(library, loaded)


def _seed_lists(library: Library) -> frozenset[str]:
    """The names of the library's lists that are the built-in seed lists."""
    from tuireader.system.resources import seeds_dir

    folder = seeds_dir().resolve()
    names = set()
    for paper_list in library.lists:
        try:
            parent = paper_list.path.resolve().parent
        except (OSError, RuntimeError):
            continue
        if parent == folder:
            names.add(paper_list.name)
    return frozenset(names)
