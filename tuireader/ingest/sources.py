"""Which files a list of sources names: a file as it is, a folder as the paper lists in it.

Kept apart from the readers (and their formats) so that a start whose lists are all in
the cache, unchanged, can tell which files to check without importing any of them.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tuireader.model import STDIN, Problem

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
    and by ``tuireader lists --warnings``, not among the problems met reading the lists.
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


# --------------------------------------------------------------------------- streams

#: how much is read of a stream at a time
_CHUNK = 1 << 16


@dataclass(frozen=True)
class Streamed:
    """A list named on the command line that is a stream (standard input, a pipe, a
    FIFO), read whole once: its bytes, up to the limit for one list and one byte more
    (``more``: it went on past the limit, and was not read further), or why it could not
    be read. ``name`` is the path it is read under, which names the list: ``stdin``, or
    ``pipe`` for a shell's process substitution, whose path is a number that changes."""

    data: bytes
    name: Path
    more: bool = False
    error: str | None = None


#: the streams read, by the path they were named by
_STREAMS: dict[str, Streamed] = {}


def _key(source: str | Path) -> str:
    return str(Path(source).expanduser())


def streamed(path: str | Path) -> Streamed | None:
    """What was read of the stream ``path``, if it is one named on the command line (and
    read by :func:`read_streams`); None for any other path, a file's."""
    if not _STREAMS:
        return None
    return _STREAMS.get(_key(path))


def list_stem(path: str | Path) -> str:
    """The stem of the file that names a list: its file's (``corl2023`` of corl2023.json),
    or of a stream read under a name of its own, that name (``pipe`` of a shell's
    ``<(…)``, whose path ``/dev/fd/63`` is a number that changes; ``stdin``)."""
    stream = streamed(path)
    return stream.name.stem if stream is not None else Path(path).stem


#: each format a list is read in, as a list read from a stream is told apart by it
#: ("pipe (BibTeX)" beside "pipe")
KIND_WORDS = {
    "text": "text",
    "markdown": "Markdown",
    "jsonl": "JSON Lines",
    "json": "JSON",
    "bibtex": "BibTeX",
    "csv": "CSV",
    "ris": "RIS",
    "refer": "EndNote",
    "medline": "PubMed",
    "wos": "Web of Science",
    "xml": "feed",
}


def stream_word(path: str | Path, kind: str) -> str:
    """The word a list read from the stream ``path`` in the format ``kind`` is told apart
    by ("BibTeX" of "pipe (BibTeX)"; "stream" for a format without one); "" for a list
    read from a file."""
    if streamed(path) is None:
        return ""
    return KIND_WORDS.get(kind, kind) or "stream"


def stream_kind(source: str | Path) -> str | None:
    """``"stdin"`` when ``source`` names standard input as a stream (``-``, or a path
    that leads to it, as ``/dev/stdin`` does, when it is not a regular file), ``"pipe"``
    for another FIFO (a shell's ``<(…)``, a ``mkfifo``); None for anything else (a file,
    a folder, a device, a missing path). Nothing is opened: a FIFO waits for a writer."""
    if str(source) == "-":
        return "stdin"
    try:
        mode = os.stat(Path(source).expanduser())
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode.st_mode) or stat.S_ISDIR(mode.st_mode):
        return None
    try:
        own = os.fstat(0)
    except OSError:
        own = None
    if own is not None and (own.st_dev, own.st_ino) == (mode.st_dev, mode.st_ino):
        return "stdin"
    return "pipe" if stat.S_ISFIFO(mode.st_mode) else None


def read_streams(
    sources: Sequence[str | Path], waiting: Callable[[str], None] | None = None
) -> list[str | Path]:
    """``sources``, ``-`` given as :data:`STDIN`, with each stream among them read whole
    now, once (see :func:`streamed`): a pipe is gone once read, and the command reads
    its lists more than once. A stream read before is not read again; a FIFO not named
    here is never opened (reading it waits for a writer), and is refused as no file.

    ``waiting`` is told when standard input is a terminal, which is read until Ctrl-D.
    Raises :class:`StreamClosed` when ``-`` is given and standard input is closed.
    """
    out: list[str | Path] = []
    for source in sources:
        kind = stream_kind(source)
        if kind is None:
            out.append(source)
            continue
        named = STDIN if str(source) == "-" else source
        out.append(named)
        key = _key(named)
        if key in _STREAMS:
            continue
        if kind == "stdin":
            _STREAMS[key] = _read_stdin(waiting)
        else:
            _STREAMS[key] = _read_fifo(Path(named).expanduser())
    return out


class StreamClosed(OSError):
    """``-`` names standard input, and it is closed."""


def _read_stdin(waiting: Callable[[str], None] | None) -> Streamed:
    for same in _STREAMS.values():
        if same.name == Path("stdin"):
            return same  # standard input named twice, its own way each time
    try:
        os.fstat(0)
    except OSError:
        raise StreamClosed("stdin is closed") from None
    if waiting is not None and os.isatty(0):
        waiting("reading a paper list from stdin (Ctrl+D ends it)")
    return _read_fd(0, Path("stdin"))


def _read_fifo(path: Path) -> Streamed:
    """The FIFO ``path`` read whole, never waiting for a writer that may never come: one
    no program writes to is said so (it is opened without waiting, as a pipe a shell's
    ``<(…)`` gives is, whose writer is there from the start)."""
    anonymous = path.parent.name == "fd"  # /dev/fd/63, /proc/self/fd/63: a number
    name = Path("pipe") if anonymous else path
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        return Streamed(b"", name, error=os_error_said(error))
    try:
        try:
            first = os.read(fd, _CHUNK)
        except BlockingIOError:
            first = None  # a writer, that has written nothing yet
        except OSError as error:
            return Streamed(b"", name, error=os_error_said(error))
        if first == b"":
            return Streamed(b"", name, error=NO_WRITER)
        os.set_blocking(fd, True)
        return _read_fd(fd, name, first or b"")
    finally:
        os.close(fd)


#: what is said of a FIFO that nothing is written to when it is read
NO_WRITER = (
    "is not a regular file but a pipe (FIFO), and no program is writing to it: nothing "
    "was read from it"
)


def _read_fd(fd: int, name: Path, first: bytes = b"") -> Streamed:
    from tuireader.ingest.readers import MAX_FILE_BYTES

    chunks: list[bytes] = [first]
    size = len(first)
    try:
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(_CHUNK, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        return Streamed(b"".join(chunks), name, error=os_error_said(error))
    return Streamed(b"".join(chunks), name, more=size > MAX_FILE_BYTES)


def os_error_said(error: OSError) -> str:
    """What a list that could not be opened or read is said to be, by ``error``."""
    if isinstance(error, PermissionError):
        return "cannot be opened: permission denied"
    return f"cannot be read: {error.strerror or error}"
