"""The one place that decides where tuireader keeps its files.

Order of precedence: an explicit ``--data-dir``, then ``$TUIREADER_HOME``, then the
platform's user data folder (``~/.local/share/tuireader`` on Linux). Nothing here
touches the disk until a caller asks for a folder to be created.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

ENV_HOME = "TUIREADER_HOME"
#: the settings file's name, in the data folder.
CONFIG_NAME = "config.toml"
#: the folder of the search index of the lists read from a stream (``-``, a pipe): apart
#: from the library's, whose papers such a list shares under another list's name
STREAMS_INDEX = "index-streams"


@dataclass(frozen=True)
class DataPaths:
    """Every file and folder tuireader writes, below one root."""

    root: Path
    #: the search index's folder in ``root``: the library's, or :data:`STREAMS_INDEX`
    index_name: str = "index"

    @property
    def index_dir(self) -> Path:
        return self.root / self.index_name

    @property
    def index_lock(self) -> Path:
        """The lock taken to write the index of :attr:`index_dir` (``index.lock``)."""
        return self.root / f"{self.index_name}.lock"

    def for_streams(self) -> DataPaths:
        """These paths with the index of the lists read from a stream in place of the
        library's: the same data folder, its files and the user's lists."""
        return replace(self, index_name=STREAMS_INDEX)

    @property
    def cache_dir(self) -> Path:
        """Derived data that makes a start quick (the lists as last read): safe to delete."""
        return self.root / "cache"

    @property
    def state_db(self) -> Path:
        return self.root / "triage.sqlite3"

    @property
    def clipboard_dir(self) -> Path:
        return self.root / "clipboard"

    @property
    def exports_dir(self) -> Path:
        return self.root / "exports"

    @property
    def config_file(self) -> Path:
        return self.root / CONFIG_NAME

    def ensure(self) -> DataPaths:
        """Create the root folder (and nothing else) if it does not exist yet."""
        self.root.mkdir(parents=True, exist_ok=True)
        return self


def default_root() -> Path:
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tuireader", appauthor=False))


def resolve(data_dir: str | os.PathLike[str] | None = None) -> DataPaths:
    """The data paths for an optional explicit folder, else the environment/platform default."""
    root = Path(data_dir).expanduser() if data_dir else default_root()
    return DataPaths(root=root.absolute())


def in_the_way(root: Path) -> Path | None:
    """The file that stands where the data folder ``root`` (or a folder above it) must
    be, so that no folder can be made there (None: the folder is or can be made)."""
    for place in (root, *root.parents):
        try:
            if place.is_dir():
                return None
            if os.path.lexists(place):
                return place
        except OSError:  # a name too long, a folder that cannot be looked into
            return None
    return None
