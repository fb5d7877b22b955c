"""Which files a list of sources names: a file as it is, a folder as the paper lists in it.

Kept apart from the readers (and their formats) so that a start whose lists are all in
the cache, unchanged, can tell which files to check without importing any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tuireader.model import Problem

_FORMAT_BY_SUFFIX = {
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".bib": "bibtex",
    ".csv": "csv",
    ".tsv": "csv",
}
#: File name endings read when a folder is given.
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(_FORMAT_BY_SUFFIX)

#: File name endings of metadata catalogs (a catalog folder's files of these kinds).
CATALOG_SUFFIXES: tuple[str, ...] = (".jsonl", ".json", ".bib", ".csv")

#: Names of files that describe a folder rather than list papers; a folder's own
#: ``README.md`` is not read as a list when the folder is given (naming it still reads it).
_NOT_LISTS = frozenset(
    {"readme", "sources", "changelog", "changes", "contributing", "license", "licence", "notes"}
)


def supported(path: Path) -> bool:
    """True when a file of this name is read as a paper list when its folder is given.

    A folder's ``README.md``, ``SOURCES.md`` and the like describe the folder; they are
    not lists.
    """
    suffix = path.suffix.lower()
    if suffix in (".md", ".markdown", ".txt") and path.stem.lower() in _NOT_LISTS:
        return False
    return suffix in SUPPORTED_SUFFIXES


def expand_sources(sources: Sequence[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The files to read for the given files and folders, plus what was wrong with them.

    A folder stands for every supported file directly inside it (``.txt``, ``.md``,
    ``.text``, ``.jsonl``, ``.ndjson``, ``.json``, ``.bib``), sorted by name; sub-folders
    and hidden files are not read. Other files in a folder are skipped with one
    warning naming them. A file named directly is always read, whatever its name, and
    a missing path is reported (by ``read_file``) when it is read. The same file given
    twice is read once.
    """
    files: list[Path] = []
    problems: list[Problem] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        try:
            key = path.resolve()
        except (OSError, RuntimeError):
            key = path.absolute()
        if key not in seen:
            seen.add(key)
            files.append(path)

    for source in sources:
        path = Path(source).expanduser()
        try:
            is_dir = path.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            add(path)
            continue
        try:
            entries = sorted(path.iterdir(), key=lambda entry: entry.name)
        except PermissionError:
            problems.append(Problem(path, "this folder cannot be opened: permission denied"))
            continue
        except OSError as error:
            problems.append(Problem(path, f"this folder cannot be read: {error.strerror}"))
            continue
        chosen: list[Path] = []
        skipped: list[str] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    continue
            except OSError:
                continue
            if supported(entry):
                chosen.append(entry)
            else:
                skipped.append(entry.name)
        if skipped:
            problems.append(
                Problem(
                    path,
                    f"skipped {len(skipped)} file{'s' if len(skipped) != 1 else ''} that "
                    f"{'are not paper lists' if len(skipped) != 1 else 'is not a paper list'}: "
                    f"{', '.join(skipped[:8])}{', …' if len(skipped) > 8 else ''}",
                    "warning",
                )
            )
        if not chosen:
            kinds = ", ".join(sorted(SUPPORTED_SUFFIXES))
            problems.append(
                Problem(
                    path,
                    f"this folder holds no paper lists ({kinds} files; sub-folders "
                    "are not searched)",
                )
            )
        for entry in chosen:
            add(entry)
    return files, problems


def default_catalog_paths() -> list[Path]:
    """The catalogs that ship with tuireader (``seeds/catalog/``), for the seed papers."""
    from tuireader.system.resources import seeds_dir

    folder = seeds_dir() / "catalog"
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.suffix.lower() in CATALOG_SUFFIXES)
