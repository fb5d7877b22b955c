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
    ".ris": "ris",
    ".enw": "refer",  # EndNote's tagged export, Google Scholar's "EndNote"
    ".nbib": "medline",  # PubMed's export
    ".ciw": "wos",  # Web of Science's tagged export, saved under its own name
    ".xml": "xml",  # arXiv's API answer (Atom) or RSS feed
    ".rss": "xml",
    ".rdf": "xml",  # Zotero's RDF export, or an RSS 1.0 feed
}
#: File name endings read when a folder is given.
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(_FORMAT_BY_SUFFIX)

#: File name endings of metadata catalogs (a catalog folder's files of these kinds):
#: every list format but plain text and Markdown, which carry no titles or authors.
CATALOG_SUFFIXES: tuple[str, ...] = tuple(
    suffix for suffix, fmt in _FORMAT_BY_SUFFIX.items() if fmt not in ("text", "markdown")
)

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


def in_folder(path: Path) -> bool:
    """True when a file is read as one of its folder's lists when the folder is given:
    a supported file, not hidden."""
    return not path.name.startswith(".") and supported(path)


def expand_sources(sources: Sequence[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The files to read for the given files and folders, plus what was wrong with them.

    A folder stands for every supported file directly inside it (``.txt``, ``.md``,
    ``.text``, ``.jsonl``, ``.ndjson``, ``.json``, ``.bib``, ``.csv``, ``.tsv``, ``.ris``), sorted
    by name; sub-folders, hidden files and other files are not read (``not_read`` names
    them). A file named directly is always read, whatever its name, and a missing path
    is reported (by ``read_file``) when it is read. The same file given twice is read
    once.
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
        if not _is_dir(path):
            add(path)
            continue
        try:
            chosen, _, _ = listing(path)
        except PermissionError:
            problems.append(Problem(path, "this folder cannot be opened: permission denied"))
            continue
        except OSError as error:
            problems.append(Problem(path, f"this folder cannot be read: {error.strerror}"))
            continue
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


def not_read(sources: Sequence[str | Path]) -> list[Problem]:
    """What the folders among ``sources`` hold besides their lists: one warning a folder
    naming the files not read (a ``README.md``, images, PDFs).

    Such files are normal in a folder of lists: this is said when the folder is added
    and by ``tuireader lists``, not among the problems met reading the lists.
    """
    notes = []
    for source in sources:
        path = Path(source).expanduser()
        if not _is_dir(path):
            continue
        try:
            _, about, other = listing(path)
        except OSError:
            continue  # expand_sources says why
        if about or other:
            notes.append(Problem(path, not_read_line(about, other), "warning"))
    return notes


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def listing(folder: Path) -> tuple[list[Path], list[str], list[str]]:
    """The lists directly in ``folder`` (sorted by name), the names of the files that
    describe it, and the names of its other files; hidden files and sub-folders are left
    out. Raises OSError when the folder cannot be listed."""
    lists: list[Path] = []
    about: list[str] = []
    other: list[str] = []
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir():
                continue
        except OSError:
            continue
        if supported(entry):
            lists.append(entry)
        elif entry.suffix.lower() in SUPPORTED_SUFFIXES:
            about.append(entry.name)
        else:
            other.append(entry.name)
    return lists, about, other


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(names[:8])
    return f"{shown} and {len(names) - 8} more" if len(names) > 8 else shown


def not_read_line(about: Sequence[str], other: Sequence[str]) -> str:
    """What a folder holds besides its lists, in one line: files that describe the folder
    (``README.md``) and files of other kinds (images, PDFs), neither read as lists."""
    parts = []
    if about:
        they = "it describes" if len(about) == 1 else "they describe"
        parts.append(f"{_names(about)} ({they} the folder)")
    if other:
        kinds = ", ".join(sorted(SUPPORTED_SUFFIXES))
        parts.append(f"{_names(other)} (lists are read from {kinds} files)")
    return "not read: " + "; ".join(parts)


def catalog_files(folder: Path) -> list[Path]:
    """The catalog files directly in ``folder`` (a folder given as a catalog), sorted:
    its files of the catalog kinds (and ``.tsv``), not hidden. Raises OSError when the
    folder cannot be listed."""
    return sorted(
        child
        for child in folder.iterdir()
        if child.is_file()
        and not child.name.startswith(".")
        and child.suffix.lower() in (*CATALOG_SUFFIXES, ".tsv")
    )


def default_catalog_paths() -> list[Path]:
    """The catalogs that ship with tuireader (``seeds/catalog/``), for the seed papers."""
    from tuireader.system.resources import seeds_dir

    folder = seeds_dir() / "catalog"
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.suffix.lower() in CATALOG_SUFFIXES)
