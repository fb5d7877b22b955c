"""User settings from ``config.toml`` in the data folder.

    # <data dir>/config.toml
    catalogs = ["~/papers/icml2024.jsonl", "~/papers/pmlr-v235.bib"]
    theme = "light"            # or "dark"
    osc52 = "auto"             # "always" / "never": copy through the terminal (OSC 52)
    citation_format = "bibtex" # what `y` copies: bibtex biblatex apa mla markdown cite pandoc url
    auto_advance = true        # after s/m/x/r, move to the next paper that is still new

A missing file means the defaults. A file that does not parse, or a value that makes no
sense, is reported in plain words and the default is used instead: a typo in the
settings never stops the reader.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from tuireader.citations import FORMATS as CITATION_FORMATS
from tuireader.paths import DataPaths

THEMES = ("dark", "light")
OSC52_MODES = ("auto", "always", "never")


@dataclass(frozen=True)
class Config:
    catalogs: tuple[Path, ...] = ()
    theme: str = "dark"
    osc52: str = "auto"
    citation_format: str = "bibtex"
    auto_advance: bool = True
    path: Path | None = None
    problems: tuple[str, ...] = field(default=(), compare=False)


def _choice(data: dict, key: str, allowed: tuple[str, ...], default: str, problems: list[str]) -> str:
    value = data.get(key, default)
    if isinstance(value, str) and value.lower() in allowed:
        return value.lower()
    problems.append(f"{key} = {value!r} is not one of {', '.join(allowed)}; using {default!r}")
    return default


def load_config(paths: DataPaths) -> Config:
    """The settings in ``paths.config_file``, or the defaults; never raises."""
    path = paths.config_file
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Config()
    except OSError as exc:
        return Config(path=path, problems=(f"could not be read ({exc.strerror}); using the default settings",))
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Config(path=path, problems=(f"not valid TOML ({exc}); using the default settings",))
    problems: list[str] = []
    known = {"catalogs", "theme", "osc52", "citation_format", "auto_advance"}
    for key in sorted(set(data) - known):
        problems.append(f"unknown setting {key!r} ignored (known: {', '.join(sorted(known))})")
    catalogs = data.get("catalogs", [])
    if isinstance(catalogs, str):
        catalogs = [catalogs]
    if not isinstance(catalogs, list) or not all(isinstance(c, str) for c in catalogs):
        problems.append("catalogs must be a list of file or folder paths; ignored")
        catalogs = []
    auto_advance = data.get("auto_advance", True)
    if not isinstance(auto_advance, bool):
        problems.append(f"auto_advance = {auto_advance!r} must be true or false; using true")
        auto_advance = True
    config = Config(
        catalogs=tuple(Path(c).expanduser() for c in catalogs),
        theme=_choice(data, "theme", THEMES, "dark", problems),
        osc52=_choice(data, "osc52", OSC52_MODES, "auto", problems),
        citation_format=_choice(data, "citation_format", CITATION_FORMATS, "bibtex", problems),
        auto_advance=auto_advance,
        path=path,
    )
    return Config(**{**config.__dict__, "problems": tuple(problems)})
