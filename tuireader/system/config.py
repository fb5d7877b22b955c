"""User settings from ``config.toml`` in the data folder.

    # <data dir>/config.toml
    catalogs = ["~/papers/icml2024.jsonl", "~/papers/pmlr-v235.bib"]
    theme = "light"            # or "dark"
    osc52 = "auto"             # "always" / "never": copy through the terminal (OSC 52)
    citation_format = "bibtex" # what `y` copies: bibtex biblatex apa mla markdown cite pandoc url
                               # ieee chicago ris csl-json
    auto_advance = true        # after s/m/x/r, move to the next paper that is still new

    [keys]                     # change the reader's keys: binding id = key(s)
    "triage.keep" = "k"        # ids are listed in the reader's help (?)
    "link.open" = ["o", "ctrl+o"]

A missing file means the defaults. A file that does not parse, or a value that makes no
sense, is reported in plain words and the default is used instead: a typo in the
settings never stops the reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tuireader.system.paths import DataPaths

THEMES = ("dark", "light")
OSC52_MODES = ("auto", "always", "never")


@dataclass(frozen=True)
class Config:
    catalogs: tuple[Path, ...] = ()
    theme: str = "dark"
    osc52: str = "auto"
    citation_format: str = "bibtex"
    auto_advance: bool = True
    #: the ``[keys]`` table as given: (binding id, its keys), in file order. Which ids
    #: and keys exist is the reader's business; it reports the rest.
    keys: tuple[tuple[str, tuple[str, ...]], ...] = ()
    path: Path | None = None
    problems: tuple[str, ...] = field(default=(), compare=False)


MAX_BYTES = 1 << 20  # a settings file is a few lines; anything this big is not one

KNOWN = ("auto_advance", "catalogs", "citation_format", "keys", "osc52", "theme")


def _cut(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(value: object, limit: int = 40) -> str:
    """A value as the user wrote it, cut short: a warning stays one readable line."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. a structure nested too deeply to print
        text = f"<{type(value).__name__}>"
    return _cut(text, limit)


def _choice(
    data: dict, key: str, allowed: tuple[str, ...], default: str, problems: list[str]
) -> str:
    value = data.get(key, default)
    if isinstance(value, str) and value.lower() in allowed:
        return value.lower()
    problems.append(
        f"{key} = {_shown(value)} is not one of {', '.join(allowed)}; using {default!r}"
    )
    return default


def _ignored(path: Path, why: str) -> Config:
    return Config(path=path, problems=(f"config ignored: {why}; using the default settings",))


def load_config(paths: DataPaths) -> Config:
    """The settings in ``paths.config_file``, or the defaults; never raises.

    A file that cannot be read or parsed at all gives one "config ignored: …" problem;
    a value that makes no sense gives one problem for its key and the default is used.
    """
    path = paths.config_file
    try:
        return _load(path)
    except RecursionError:
        return _ignored(path, "nested too deeply")
    except MemoryError:
        return _ignored(path, "too large")
    except Exception as exc:  # noqa: BLE001 - a settings file must never stop the reader
        return _ignored(path, f"{type(exc).__name__}: {_cut(str(exc))}")


def _load(path: Path) -> Config:
    from tuireader.system.small_files import NotAFile, read_up_to

    try:
        raw = read_up_to(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return Config()
    except NotAFile as exc:
        return _ignored(path, f"it is {exc.kind}, not a file")
    except OSError as exc:
        return _ignored(path, f"could not be read ({exc.strerror or exc})")
    if len(raw) > MAX_BYTES:
        return _ignored(path, f"larger than {MAX_BYTES // (1 << 20)} MB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _ignored(path, f"not UTF-8 text (a bad byte at offset {exc.start})")
    # imported here: without a config file (the usual case) neither is needed
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return _ignored(path, f"not valid TOML ({_cut(str(exc))})")
    problems: list[str] = []
    unknown = sorted(set(data) - set(KNOWN))
    for key in unknown[:5]:
        problems.append(f"unknown setting {_shown(key)} ignored (known: {', '.join(KNOWN)})")
    if len(unknown) > 5:
        problems.append(f"{len(unknown) - 5} more unknown settings ignored")
    config = Config(
        catalogs=_catalogs(data.get("catalogs", []), problems),
        theme=_choice(data, "theme", THEMES, "dark", problems),
        osc52=_choice(data, "osc52", OSC52_MODES, "auto", problems),
        citation_format=_choice(
            data, "citation_format", _citation_formats(data), "bibtex", problems
        ),
        auto_advance=_auto_advance(data.get("auto_advance", True), problems),
        keys=_keys(data.get("keys", {}), problems),
        path=path,
    )
    return Config(**{**config.__dict__, "problems": tuple(problems)})


def _citation_formats(data: dict) -> tuple[str, ...]:
    """The citation formats, when the file names one (the list is where the citations are
    made, a module a search need not import)."""
    if "citation_format" not in data:
        return ("bibtex",)  # the default, all that is checked
    from tuireader.render.citations import FORMATS

    return FORMATS


def _catalogs(value: object, problems: list[str]) -> tuple[Path, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        problems.append("catalogs must be a list of file or folder paths; ignored")
        return ()
    catalogs: list[Path] = []
    for entry in value:
        try:
            if not entry.strip() or "\x00" in entry:
                raise ValueError
            catalogs.append(Path(entry).expanduser())
        except (ValueError, RuntimeError):  # RuntimeError: ~user that does not exist
            problems.append(f"catalog path {_shown(entry)} is not usable; ignored")
    return tuple(catalogs)


def _auto_advance(value: object, problems: list[str]) -> bool:
    if isinstance(value, bool):
        return value
    problems.append(f"auto_advance = {_shown(value)} must be true or false; using true")
    return True


#: more ``[keys]`` entries than any reader has bindings: the rest are ignored.
MAX_KEYS = 200


def _keys(value: object, problems: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The ``[keys]`` table: each binding id to a key, a comma-separated list of keys or a
    list of keys. Entries of the wrong shape are reported one line each and left out."""
    if not isinstance(value, dict):
        problems.append(f"keys = {_shown(value)} must be a table ([keys]); ignored")
        return ()
    keys: list[tuple[str, tuple[str, ...]]] = []
    for binding_id, raw in list(value.items())[:MAX_KEYS]:
        given = raw
        if isinstance(raw, str):
            given = raw.split(",") if raw.strip() != "," else [raw]
        if (
            not isinstance(given, list)
            or not given
            or not all(isinstance(key, str) and key.strip() for key in given)
        ):
            problems.append(
                f"keys: {_shown(binding_id)} = {_shown(raw)} must be a key or a list of "
                "keys; ignored"
            )
            continue
        keys.append((binding_id, tuple(key.strip() for key in given)))
    if len(value) > MAX_KEYS:
        problems.append(f"keys: {len(value) - MAX_KEYS} entries past the first {MAX_KEYS} ignored")
    return tuple(keys)
