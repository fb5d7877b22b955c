"""What every front end needs before it can show a paper: paths, library, search engine.

The command line and the reader both build a ``Session`` here, from explicit sources
and an explicit data folder, so tests can build one the same way on temporary data.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tuireader.model import Library, Problem
from tuireader.system.config import Config, load_config
from tuireader.system.paths import DataPaths, resolve
from tuireader.triage.store import ReattachReport, Store, StoredIdentity


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

    def identity_of(self, paper_id: str) -> StoredIdentity | None:
        """What identifies a paper of the library, as the triage store keeps it."""
        paper = self.library.get(paper_id)
        return StoredIdentity.of(paper) if paper is not None else None

    def open_store(self, *, read_only: bool = False) -> Store:
        """The triage store of this session's data folder, keeping with each mark what
        identifies its paper, so the mark follows the paper when the lists change."""
        store = Store.open(self.paths.state_db, read_only=read_only)
        store.identify_with(self.identity_of)
        return store

    def engine(
        self,
        *,
        progress: Callable[[int, int], None] | None = None,
        note: Callable[[str], None] | None = None,
        rebuild: bool = False,
    ):  # -> tuireader.search.engine.Engine (imported lazily: Whoosh is slow to import)
        from tuireader.search.engine import open_engine
        from tuireader.search.index import SCHEMA_VERSION

        fingerprints = self.cached.get("fingerprints")
        if self.cached.get("index_schema") != SCHEMA_VERSION or not isinstance(fingerprints, dict):
            fingerprints = None
        return open_engine(
            self.library,
            self.paths,
            progress=progress,
            note=note,
            rebuild=rebuild,
            fingerprints=fingerprints,
        )


def load_session(
    sources: Sequence[str | Path] | None = None,
    *,
    data_dir: str | Path | None = None,
    catalogs: Sequence[str | Path] | None = None,
    default_catalogs: bool = True,
    cache: bool = True,
) -> Session:
    """Read the lists (default: the built-in seeds) and apply metadata catalogs.

    With ``cache`` (the default) what was read last time is taken from the data folder's
    cache when none of the files changed (``tuireader.ingest.cache``); a cache entry that
    cannot be used is said among the problems, once, and written again.
    """
    paths = resolve(data_dir)
    config = load_config(paths)
    # catalogs named on the command line first, then those of the config file
    wanted = [*(catalogs or ()), *config.catalogs]
    notes: list[str] = []
    extra: dict[str, object] = {}
    library = _load(paths, sources, wanted, default_catalogs, notes if cache else None, extra)
    # apply_catalogs carries the catalogs' own problems into library.problems
    problems = list(library.problems)
    problems.extend(Problem(paths.cache_dir, note, "warning") for note in notes)
    problems.extend(
        Problem(config.path or paths.config_file, p, "warning") for p in config.problems
    )
    triage = _reattach(paths, library)
    return Session(
        paths=paths,
        library=library,
        problems=problems,
        config=config,
        triage=triage,
        cached=extra,
    )


def _load(
    paths: DataPaths,
    sources: Sequence[str | Path] | None,
    catalogs: Sequence[str | Path],
    default_catalogs: bool,
    notes: list[str] | None,
    extra: dict[str, object],
) -> Library:
    """The library with its catalogs applied: from the cache when its files are unchanged,
    else read (the lists unchanged since they were cached from the cache) and cached."""
    from tuireader.ingest.library import expand_sources, load_library

    if notes is None:
        return _apply_catalogs(
            load_library(list(sources) if sources else None), catalogs, default_catalogs
        )
    from tuireader.ingest.cache import Cache, FileState
    from tuireader.system.resources import seeds_dir

    store = Cache(paths.cache_dir, notes.append)
    given = list(sources) if sources else [seeds_dir()]
    files, _ = expand_sources(given)
    catalog_files = _catalog_files(_catalog_paths(catalogs, default_catalogs))
    inputs = [*files, *catalog_files]
    key = json.dumps(
        {
            "sources": [_spelled(source) for source in given],
            "catalogs": [str(path) for path in catalog_files],
            "default": default_catalogs,
        }
    )
    library = store.load_library(key, inputs)
    if library is None:
        before = [FileState.of(path) for path in inputs]
        library = _apply_catalogs(load_library(given, cache=store), catalogs, default_catalogs)
        from tuireader.search.index import SCHEMA_VERSION, fingerprint

        store.extra = {
            "index_schema": SCHEMA_VERSION,
            "fingerprints": {paper.id: fingerprint(paper) for paper in library.papers},
        }
        store.store_library(key, inputs, before, library, store.extra)
    extra.update(store.extra)
    store.tell()
    return library


def _spelled(source: str | Path) -> str:
    path = Path(source).expanduser()
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


def _catalog_paths(catalogs: Sequence[str | Path] | None, default_catalogs: bool) -> list[Path]:
    from tuireader.ingest import catalog

    # explicit catalogs first: the first catalog that knows a paper wins
    paths = [Path(p).expanduser() for p in catalogs or ()]
    if default_catalogs:
        paths.extend(catalog.default_catalog_paths())
    return paths


def _catalog_files(paths: Sequence[Path]) -> list[Path]:
    """Every file the catalogs ``paths`` name (a folder: the catalog files in it)."""
    from tuireader.ingest.catalog import CATALOG_SUFFIXES

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


def _reattach(paths: DataPaths, library: Library) -> ReattachReport | None:
    """Move marks whose paper id disappeared to the paper that now matches them.

    Only an existing triage file is opened (loading never creates one); with nothing
    missing this costs one query.
    """
    if not paths.state_db.exists():
        return None
    with Store.open(paths.state_db) as store:
        try:
            return store.reattach(library.papers)
        except Exception:  # noqa: BLE001 - saved triage must never stop the lists loading
            return None


def _apply_catalogs(
    library: Library, catalogs: Sequence[str | Path] | None, default_catalogs: bool
) -> Library:
    """``library`` with the catalogs applied. The catalogs that ship with tuireader
    describe the seed papers: they match other papers by an exact key only."""
    from tuireader.ingest import catalog

    paths = _catalog_paths(catalogs, default_catalogs)
    if not paths or not library.papers:
        return library
    loaded, _problems = catalog.load_catalogs(paths)
    shipped = {path.absolute() for path in catalog.default_catalog_paths()}
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
