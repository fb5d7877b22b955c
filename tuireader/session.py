"""What every front end needs before it can show a paper: paths, library, search engine.

The command line and the reader both build a ``Session`` here, from explicit sources
and an explicit data folder, so tests can build one the same way on temporary data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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

        return open_engine(self.library, self.paths, progress=progress, note=note, rebuild=rebuild)


def load_session(
    sources: Sequence[str | Path] | None = None,
    *,
    data_dir: str | Path | None = None,
    catalogs: Sequence[str | Path] | None = None,
    default_catalogs: bool = True,
) -> Session:
    """Read the lists (default: the built-in seeds) and apply metadata catalogs."""
    from tuireader.ingest.library import load_library

    paths = resolve(data_dir)
    config = load_config(paths)
    library = load_library(list(sources) if sources else None)
    # catalogs named on the command line first, then those of the config file
    wanted = [*(catalogs or ()), *config.catalogs]
    library = _apply_catalogs(library, wanted, default_catalogs)
    # apply_catalogs carries the catalogs' own problems into library.problems
    problems = list(library.problems)
    problems.extend(
        Problem(config.path or paths.config_file, p, "warning") for p in config.problems
    )
    triage = _reattach(paths, library)
    return Session(paths=paths, library=library, problems=problems, config=config, triage=triage)


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
    from tuireader.ingest import catalog

    # explicit catalogs first: the first catalog that knows a paper wins
    paths = [Path(p).expanduser() for p in catalogs or ()]
    if default_catalogs:
        paths.extend(catalog.default_catalog_paths())
    if not paths or not library.papers:
        return library
    loaded, _problems = catalog.load_catalogs(paths)
    return catalog.apply_catalogs(library, loaded)
