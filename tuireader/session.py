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


@dataclass
class Session:
    paths: DataPaths
    library: Library
    problems: list[Problem] = field(default_factory=list)
    config: Config = field(default_factory=Config)

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
    return Session(paths=paths, library=library, problems=problems, config=config)


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
