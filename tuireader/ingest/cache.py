"""What loading the lists learnt last time, kept in the data folder so the next start is quick.

Two kinds of entries live in ``<data dir>/cache``:

- a **library** entry per set of sources and catalogs: the finished ``Library`` (lists
  read, papers merged, catalogs applied), with the identity of every file it came from;
- a **list** entry per input file: its records, and each record's identity and links,
  so that when one list changes only that list is read again.

An entry is used when every file it came from has the same identity (size, modification
time in ns, inode and device), or, when the identity changed but the content may not
have (a copy, a ``touch``), the same BLAKE2 digest of its bytes; and when it was written
by this version of tuireader with this cache schema and these data classes.

Entries are named by the program that wrote them (:func:`program_tag`: its version, the
cache schema and the reading code), so two programs used in turn on one
data folder (a pip install and a checkout of another version) each find their own and
neither reads the lists again at each switch; of one key the entries of the two programs
that wrote it last are kept (``PROGRAMS_KEPT``), the older ones removed as one is written.

The cache is derived data. An entry that is damaged, truncated, foreign or from another
version is a miss (``CacheNote`` says why, once) and is written again. Entries are
written to a private temporary file and renamed into place, readable by the user only;
two processes writing at once leave the last one's entry, and a reader sees a whole
entry or none. The payload is ``marshal`` data of plain tuples (no code runs when it is
read; ~6× faster to read than pickle at 100,000 papers), checked by length and CRC-32.

A library entry is written in sections (``LIBRARY_SECTIONS``), each checked by its own
length and CRC-32: the library's problems, a table of its papers (ids in list order,
where each paper's record starts, each record's CRC-32), the records one after the
other, then the lists and what is kept with them, and last the papers' aliases (each
with the ids of the papers that have it). ``Cache.open_library`` reads the
header and the first two sections only and gives a ``LazyLibrary``, which reads a
paper's record when it is asked for that paper (a search shows twenty of 100,000), and
everything (checked whole) when asked for all of them.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import marshal
import os
import stat
import sys
import threading
import zlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from itertools import accumulate, repeat, starmap
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from tuireader import __version__
from tuireader.model import Library, Link, Paper, PaperList, Problem, Record, SourceEntry
from tuireader.system.memory import LARGE, collector_paused, release_freed_memory

if TYPE_CHECKING:
    from tuireader.ingest.formats.common import ReadResult
    from tuireader.ingest.identity import Identity

#: Bump when what an entry holds changes meaning (the data classes' fields are checked
#: on their own, see ``SHAPE``), or when reading a file gives other records than it did.
#: 3: CSV quoting, a merged paper's status, code links only for repositories, abstracts
#: without markup and with wrapped lines joined, CSV and JSON editors.
#: 4: BibTeX's escaped braces and command groups kept, links ending at LaTeX braces,
#: name suffixes after the family name.
#: 5: papers' aliases, also in a section of their own in a library entry (a lazy library
#: finds a paper by an alias without reading every paper).
#: 6: the id text a list gives a record (a tuireader export's paper known by its abstract).
CACHE_SCHEMA = 6
MAGIC = b"tuireader-cache\n"
#: a header longer than this is not ours
_HEADER_MAX = 1 << 20
#: the data classes an entry is made of, by field name: a change to any makes old
#: entries foreign


def _shape(classes: Sequence[type]) -> str:
    return hashlib.sha1(
        repr([(cls.__name__, [item.name for item in fields(cls)]) for cls in classes]).encode()
    ).hexdigest()[:12]


#: the shape of library entries (papers, lists, problems), and of anything else that
#: holds none of the reading classes
LIBRARY_SHAPE = _shape((Paper, Link, SourceEntry, PaperList, Problem))
_LIST_SHAPE: str | None = None


def list_shape() -> str:
    """The shape of list entries, which hold records and identities too."""
    global _LIST_SHAPE
    if _LIST_SHAPE is None:
        from tuireader.ingest.identity import Identity, Key

        _LIST_SHAPE = _shape((Paper, Record, Link, SourceEntry, Identity, Key, PaperList, Problem))
    return _LIST_SHAPE


_CHUNK = 1 << 20
#: the size a missing file is given (it may appear later)
MISSING = -1

Note = Callable[[str], None]


#: the parts of the program that decide what reading the lists gives
_READING_CODE = ("ingest", "render", "model.py", "search/index.py")


def code_stamp() -> str:
    """The stamp of the program that reads lists (:func:`stamp_of_code` of this
    installation), worked out once."""
    global _STAMP
    if _STAMP is None:
        _STAMP = stamp_of_code(Path(__file__).resolve().parents[1])
    return _STAMP


def stamp_of_code(package: Path) -> str:
    """The contents of the files of the package at ``package`` that read lists, and the
    Python that runs them (whose ``marshal`` wrote the entries): a changed reader, merger
    or catalog makes old entries foreign before the version number changes, and two
    installations of the same code (two virtual environments) share the cache."""
    stamp = hashlib.sha1(f"{sys.version_info[:2]} {marshal.version}".encode())
    for file in sorted(package.rglob("*.py")):
        relative = file.relative_to(package)
        if relative.parts[0] not in _READING_CODE and relative.as_posix() not in _READING_CODE:
            continue
        with contextlib.suppress(OSError):
            stamp.update(f"\n{relative.as_posix()}\n".encode())
            stamp.update(file.read_bytes())
    return stamp.hexdigest()[:16]


_STAMP: str | None = None
_TAG: str | None = None
#: how many programs' entries the cache keeps of one key: this one's and the last other's
#: (a pip install and a checkout of another version, used in turn on one data folder)
PROGRAMS_KEPT = 2


def program_tag() -> str:
    """What names this program's entries (see ``Cache``): its version, the cache's
    schema and its reading code (:func:`code_stamp`, which holds the data classes too),
    which decide whether an entry can be read at all."""
    global _TAG
    if _TAG is None:
        what = f"{__version__} {CACHE_SCHEMA} {code_stamp()}"
        _TAG = hashlib.sha1(what.encode()).hexdigest()[:10]
    return _TAG


class CacheMiss(Exception):
    """An entry that cannot be used; the message says why (None-worthy misses are silent)."""


# --------------------------------------------------------------------------- identity


@dataclass(frozen=True)
class FileState:
    """What says a file is unchanged: its identity, and the digest of its bytes."""

    path: str
    size: int
    mtime_ns: int
    inode: int
    device: int
    digest: str = ""

    @classmethod
    def of(cls, path: Path) -> FileState | None:
        """The identity of the file at ``path`` (no digest); a missing file has size -1;
        None if it cannot be looked at."""
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return cls(str(path), MISSING, 0, 0, 0)
        except (OSError, ValueError):
            return None
        return cls(str(path), info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)

    def same_identity(self, other: FileState) -> bool:
        return (self.path, self.size, self.mtime_ns, self.inode, self.device) == (
            other.path,
            other.size,
            other.mtime_ns,
            other.inode,
            other.device,
        )

    def with_digest(self) -> FileState | None:
        if self.size == MISSING:
            return self
        from tuireader.ingest.readers import MAX_FILE_BYTES

        if self.size > MAX_FILE_BYTES:
            # refused for its size without being read: its bytes say nothing more (a
            # 1 GB file took seconds to hash before each refusal)
            return replace(self, digest=f"too large: {self.size}")
        digest = content_digest(Path(self.path))
        if digest is None:
            return None
        return FileState(self.path, self.size, self.mtime_ns, self.inode, self.device, digest)

    def to_json(self) -> list[object]:
        return [self.path, self.size, self.mtime_ns, self.inode, self.device, self.digest]

    @classmethod
    def from_json(cls, data: object) -> FileState:
        if not isinstance(data, list) or len(data) != 6:
            raise CacheMiss("its list of files is damaged")
        path, size, mtime, inode, device, digest = data
        if not (isinstance(path, str) and isinstance(digest, str)):
            raise CacheMiss("its list of files is damaged")
        if not all(isinstance(n, int) for n in (size, mtime, inode, device)):
            raise CacheMiss("its list of files is damaged")
        return cls(path, size, mtime, inode, device, digest)


def content_digest(path: Path) -> str | None:
    """BLAKE2b digest of the file's bytes, None if it cannot be read or is no regular
    file (a FIFO or a device never ends: reading it would wait for good)."""
    digest = hashlib.blake2b(digest_size=20)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as handle:
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
    except (OSError, ValueError):
        return None
    return digest.hexdigest()


def unchanged(
    saved: Sequence[FileState], now: Sequence[FileState | None]
) -> list[FileState] | None:
    """The states to save again if the files ``now`` are those ``saved``, else None.

    Equal identities are enough; a file whose identity changed is compared by digest."""
    if len(saved) != len(now):
        return None
    out: list[FileState] = []
    for old, new in zip(saved, now, strict=True):
        if new is None or old.path != new.path:
            return None
        if old.same_identity(new):
            out.append(old)
            continue
        if old.size != new.size or not old.digest:
            return None
        hashed = new.with_digest()
        if hashed is None or hashed.digest != old.digest:
            return None
        out.append(hashed)
    return out


# --------------------------------------------------------------------------- entries


def _private_folder(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)


def write_entry(
    path: Path,
    header: dict[str, Any],
    payload: Any,
    *,
    parts: Sequence[bytes] | None = None,
    shape: str = LIBRARY_SHAPE,
) -> bool:
    """Write an entry atomically (a private temporary file renamed into place): the
    ``marshal`` data of ``payload``, or ``parts`` as they are (the header says what
    they are).

    False when it cannot be written (a read-only or full disk): the cache is optional.
    """
    head = {
        **header,
        "version": __version__,
        "schema": CACHE_SCHEMA,
        "shape": shape,
        "code": code_stamp(),
    }
    try:
        if parts is None:
            data = marshal.dumps(payload)
            head.update(length=len(data), crc=zlib.crc32(data))
            parts = [data]
    except ValueError:  # a value marshal cannot write
        return False
    written = parts

    def write(handle: BinaryIO) -> None:
        handle.write(MAGIC)
        handle.write(json.dumps(head, separators=(",", ":")).encode() + b"\n")
        handle.writelines(written)

    return write_private(path, write)


def write_private(path: Path, write: Callable[[BinaryIO], object]) -> bool:
    """Write ``path`` atomically through ``write``: a temporary file only the user can
    read, in a private folder, renamed into place.

    False when it cannot be written (a read-only or full disk, a value ``write`` cannot
    write): derived data is optional. No temporary file is left behind.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        _private_folder(path.parent)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        with os.fdopen(os.open(tmp, flags, 0o600), "wb") as handle:
            write(handle)
        os.replace(tmp, path)
        return True
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    except BaseException:
        # stopped as it wrote (Ctrl-C; a kill or a closed terminal, which stop a command
        # as Ctrl-C does): the temporary file would stay in the cache for good
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def read_header(handle: Any, shape: str = LIBRARY_SHAPE) -> dict[str, Any]:
    """The header of an open entry; raises CacheMiss for anything not written by this
    version with this schema (and data classes of this ``shape``)."""
    if handle.read(len(MAGIC)) != MAGIC:
        raise CacheMiss("it is not a tuireader cache file")
    line = handle.readline(_HEADER_MAX)
    if not line.endswith(b"\n"):
        raise CacheMiss("its header is damaged")
    try:
        head = json.loads(line)
    except ValueError:
        raise CacheMiss("its header is damaged") from None
    if not isinstance(head, dict):
        raise CacheMiss("its header is damaged")
    if (head.get("version"), head.get("schema"), head.get("shape"), head.get("code")) != (
        __version__,
        CACHE_SCHEMA,
        shape,
        code_stamp(),
    ):
        raise CacheMiss("it was written by another version of tuireader (or another Python)")
    return head


def read_payload(handle: Any, head: dict[str, Any]) -> Any:
    length, crc = head.get("length"), head.get("crc")
    if not isinstance(length, int) or not isinstance(crc, int):
        raise CacheMiss("its header is damaged")
    data = handle.read(length + 1)
    if len(data) != length:
        raise CacheMiss("it is truncated" if len(data) < length else "it is longer than written")
    if zlib.crc32(data) != crc:
        raise CacheMiss("its content is damaged")
    return _loads(data)


# --------------------------------------------------------------------------- codecs

_PAPER_FIELDS = tuple(item.name for item in fields(Paper))
_RECORD_FIELDS = tuple(item.name for item in fields(Record))
_PAPER_LINKS = _PAPER_FIELDS.index("links")
_PAPER_ENTRY = _PAPER_FIELDS.index("source_entry")
_RECORD_ENTRY = _RECORD_FIELDS.index("source_entry")


def _entry_out(entry: SourceEntry | None) -> tuple | None:
    if entry is None:
        return None
    return (entry.key, entry.entry_type, entry.fields, entry.dialect)


def _entry_in(data: tuple | None) -> SourceEntry | None:
    return None if data is None else SourceEntry(*data)


#: the fields of a paper whose values recur from paper to paper (its list's name, its
#: venue): their strings are written interned, which marshal reads back as one shared
#: string each rather than a copy in every paper. Authors are not among them: a name
#: recurs on few papers of a real list, and interning costs time as a paper is read
#: (at 100,000 papers of a synthetic list, 9% of the read for 20 MB).
_RECURRING = tuple(
    _PAPER_FIELDS.index(name)
    for name in (
        "lists",
        "venue",
        "metadata_source",
        "entry_type",
        "journal",
        "booktitle",
        "publisher",
        "status",
        "track",
        "primary_area",
        "keywords",
        "categories",
        "arxiv_class",
    )
)
#: fields whose whole value recurs: shared, as they are read, between the papers read together
_PAPER_YEAR = _PAPER_FIELDS.index("year")
_PAPER_LISTS = _PAPER_FIELDS.index("lists")


def _interned(value: Any) -> Any:
    if type(value) is str:
        return sys.intern(value)
    if type(value) is tuple:
        return tuple(sys.intern(item) if type(item) is str else item for item in value)
    return value


def _links_out(links: tuple[Link, ...]) -> tuple:
    return tuple((link.url, sys.intern(link.kind), sys.intern(link.origin)) for link in links)


def _links_in(data: tuple) -> tuple[Link, ...]:
    return tuple(starmap(Link, data)) if data else ()


def _paper_out(paper: Paper) -> tuple:
    row = [getattr(paper, name) for name in _PAPER_FIELDS]
    for index in _RECURRING:
        row[index] = _interned(row[index])
    row[_PAPER_LINKS] = _links_out(paper.links)
    row[_PAPER_ENTRY] = _entry_out(paper.source_entry)
    return tuple(row)


def _paper_in(row: tuple, shared: dict[Any, Any] | None = None) -> Paper:
    """The paper of ``row``; with ``shared`` (one dict for the papers read together), a
    year or a tuple of lists seen before is that one object (at 100,000 papers of one
    list, 8 MB less)."""
    values = list(row)
    values[_PAPER_LINKS] = _links_in(values[_PAPER_LINKS])
    if values[_PAPER_ENTRY] is not None:
        values[_PAPER_ENTRY] = _entry_in(values[_PAPER_ENTRY])
    if shared is not None:
        year, lists = values[_PAPER_YEAR], values[_PAPER_LISTS]
        values[_PAPER_YEAR] = shared.setdefault(year, year)
        values[_PAPER_LISTS] = shared.setdefault(lists, lists)
    return Paper(*values)


def _record_out(record: Record) -> tuple:
    row = [getattr(record, name) for name in _RECORD_FIELDS]
    row[_RECORD_ENTRY] = _entry_out(record.source_entry)
    return tuple(row)


def _record_in(row: tuple) -> Record:
    values = list(row)
    if values[_RECORD_ENTRY] is not None:
        values[_RECORD_ENTRY] = _entry_in(values[_RECORD_ENTRY])
    return Record(*values)


def _problem_out(problem: Problem) -> tuple:
    return (str(problem.path), problem.message, problem.severity)


def _problem_in(row: tuple) -> Problem:
    """A problem as the cache kept it: met when the same contents were read before."""
    path, message, severity = row
    return Problem(Path(path), message, severity, known=True)


def _identity_out(identity: Identity) -> tuple:
    return (
        tuple((key.kind, key.value) for key in identity.keys),
        identity.title,
        identity.first_author,
        identity.year,
        identity.abstract_digest,
        identity.placeholder,
        identity.stand_in,
    )


def _identity_in(row: tuple) -> Identity:
    from tuireader.ingest.identity import Identity, Key

    keys, *rest = row
    return Identity(tuple(Key(*key) for key in keys), *rest)


def library_out(library: Library) -> tuple:
    return (
        tuple(_paper_out(paper) for paper in library.papers),
        tuple((item.name, str(item.path), item.paper_ids, item.format) for item in library.lists),
        tuple(_problem_out(problem) for problem in library.problems),
    )


def library_in(data: Any) -> Library:
    papers, lists, problems = data
    made = tuple(map(_paper_in, papers, repeat({})))
    # The lists name their papers with the papers' own id strings, not a copy of each
    # (at 100,000 papers, 6 MB).
    own = {paper.id: paper.id for paper in made}
    return Library(
        papers=made,
        lists=tuple(
            PaperList(name, Path(path), tuple(map(own.get, ids, ids)), fmt)
            for name, path, ids, fmt in lists
        ),
        problems=tuple(map(_problem_in, problems)),
    )


@dataclass(frozen=True)
class ParsedList:
    """One list file as reading it gave it, with what merging needs of each record."""

    result: ReadResult
    #: the name each identity below was worked out with (a record without venue is
    #: identified with its list's name)
    name: str
    identities: tuple[Identity, ...]
    links: tuple[tuple[Link, ...], ...]


def parsed_out(parsed: ParsedList) -> tuple:
    result = parsed.result
    return (
        (str(result.path), result.name, result.format),
        tuple(map(_record_out, result.records)),
        tuple(map(_problem_out, result.problems)),
        parsed.name,
        tuple(map(_identity_out, parsed.identities)),
        tuple(map(_links_out, parsed.links)),
        result.scopes,
        result.id_texts,
    )


def parsed_in(data: Any) -> ParsedList:
    (path, name, fmt), records, problems, identified_as, identities, links, scopes, id_texts = data
    from tuireader.ingest.formats.common import ReadResult

    result = ReadResult(
        Path(path),
        name,
        fmt,
        tuple(map(_record_in, records)),
        tuple(map(_problem_in, problems)),
        tuple(scopes),
        tuple(id_texts),
    )
    parsed = ParsedList(
        result, identified_as, tuple(map(_identity_in, identities)), tuple(map(_links_in, links))
    )
    if not (len(parsed.identities) == len(parsed.links) == len(result.records)):
        raise CacheMiss("its content is damaged")
    return parsed


# --------------------------------------------------------------------------- library entries

#: the sections of a library entry, in file order
LIBRARY_SECTIONS = ("meta", "table", "body", "tail", "aliases")
Fallback = Callable[[str], Library]


def write_library_entry(
    path: Path, header: dict[str, Any], library: Library, extra: dict[str, Any]
) -> str | None:
    """Write ``library`` (and ``extra``) as a library entry in sections; its token, or
    None when it cannot be written."""
    records = [marshal.dumps(_paper_out(paper)) for paper in library.papers]
    offsets = array("q", accumulate(map(len, records), initial=0))
    crcs = array("I", map(zlib.crc32, records))
    # the body is written record after record, never joined in one copy of them all
    # (at 100,000 papers, 147 MB more at the peak of the first read of the lists)
    body_crc = 0
    for record in records:
        body_crc = zlib.crc32(record, body_crc)
    lists = tuple(
        (item.name, str(item.path), item.paper_ids, item.format) for item in library.lists
    )
    parts = {
        "meta": marshal.dumps((tuple(map(_problem_out, library.problems)),)),
        "table": marshal.dumps(
            (tuple(paper.id for paper in library.papers), offsets.tobytes(), crcs.tobytes())
        ),
        "tail": marshal.dumps((lists, extra)),
        "aliases": marshal.dumps(tuple(library.aliases().items())),
    }
    sections = [
        [name, offsets[-1], body_crc]
        if name == "body"
        else [name, len(parts[name]), zlib.crc32(parts[name])]
        for name in LIBRARY_SECTIONS
    ]
    head = {**header, "sections": sections}
    pieces = [
        piece
        for name in LIBRARY_SECTIONS
        for piece in (records if name == "body" else [parts[name]])
    ]
    written = write_entry(path, head, None, parts=pieces)
    del records, pieces
    if len(offsets) - 1 >= LARGE:
        # the records' room, freed, handed back to the system (as a read of the lists is)
        release_freed_memory()
    if not written:
        return None
    return entry_token(head)


def entry_token(head: dict[str, Any]) -> str:
    """What names a library entry's content: its key and its sections' lengths and CRCs."""
    text = json.dumps([head.get("key"), head.get("sections")])
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def _sections(head: dict[str, Any]) -> list[tuple[str, int, int]]:
    sections = head.get("sections")
    if not isinstance(sections, list) or [
        item[0] if isinstance(item, list) and item else None for item in sections
    ] != list(LIBRARY_SECTIONS):
        raise CacheMiss("its header is damaged")
    out = []
    for item in sections:
        if len(item) != 3 or not all(isinstance(n, int) and n >= 0 for n in item[1:]):
            raise CacheMiss("its header is damaged")
        out.append((item[0], item[1], item[2]))
    return out


def _section(data: bytes, crc: int, length: int) -> bytes:
    if len(data) != length:
        raise CacheMiss("it is truncated")
    if zlib.crc32(data) != crc:
        raise CacheMiss("its content is damaged")
    return data


def _loads(data: bytes | memoryview) -> Any:
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        raise CacheMiss("its content is damaged") from None


def _open_entry(path: Path, check: Callable[[dict], None]) -> tuple[Any, dict[str, Any]]:
    """The open file of the entry at ``path`` after its header, and the header (checked)."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - the caller closes it
    except FileNotFoundError:
        raise CacheMiss("") from None
    except OSError as error:
        raise CacheMiss(f"it cannot be read ({error.strerror})") from None
    try:
        head = read_header(handle)
        check(head)
    except BaseException:
        handle.close()
        raise
    return handle, head


def _table(data: bytes, body_length: int) -> tuple[tuple[str, ...], array[int], array[int]]:
    """The papers' ids, where each record starts (and the end) and each one's CRC-32."""
    try:
        ids, offsets_raw, crcs_raw = _loads(data)
        offsets, crcs = array("q"), array("I")
        offsets.frombytes(offsets_raw)
        crcs.frombytes(crcs_raw)
    except CacheMiss:
        raise
    except Exception:  # noqa: BLE001 - anything malformed is damage
        raise CacheMiss("its content is damaged") from None
    if not (
        isinstance(ids, tuple)
        and len(offsets) == len(ids) + 1
        and len(crcs) == len(ids)
        and offsets[0] == 0
        and offsets[-1] == body_length
    ):
        raise CacheMiss("its content is damaged")
    return ids, offsets, crcs


def _alias_table(data: bytes | memoryview) -> dict[str, tuple[str, ...]]:
    """The papers' aliases (``Library.aliases``) as the entry keeps them."""
    try:
        aliases = dict(_loads(data))
    except CacheMiss:
        raise
    except Exception:  # noqa: BLE001 - anything malformed is damage
        raise CacheMiss("its content is damaged") from None
    if not all(
        isinstance(alias, str) and isinstance(owners, tuple) and owners
        for alias, owners in aliases.items()
    ):
        raise CacheMiss("its content is damaged")
    return aliases


#: a library read whole with at least this many papers is kept out of the garbage
#: collector's walks for good (see ``_bulk``)
FREEZE_PAPERS = 10_000


@contextlib.contextmanager
def _bulk(papers: int) -> Any:
    """Without the cyclic garbage collector: a library of 100,000 papers is millions of
    new objects, none in a cycle, and the collector would walk them again and again
    (at 100,000 papers, 1.4 s of a 3.5 s read).

    A large library is then frozen out of the collector's walks (``gc.freeze``): it
    lives as long as the program, and every full collection would walk it again (at
    100,000 papers, the next collection alone takes 0.4 s, and a reader allocating
    as it searches meets many)."""
    with collector_paused():
        try:
            yield
        finally:
            if papers >= FREEZE_PAPERS:
                gc.freeze()


#: about how much of a library entry's records is read at once (``_body_rows``)
BODY_CHUNK = 4 << 20


def _body_rows(
    read: Callable[[int, int], bytes], start: int, offsets: array[int], crc: int
) -> Iterator[Any]:
    """The records of the body of a library entry, which starts at ``start`` in the file
    that ``read(length, offset)`` reads, and whose records start at ``offsets`` (then
    its end): read ``BODY_CHUNK`` bytes or so at a time, each decoded as it is wanted,
    so that the body is never all in memory beside the papers made of it (at 100,000
    papers, 147 MB more at the peak). Checked as a section read whole is, by its CRC-32
    once every record is read; raises CacheMiss."""
    count = len(offsets) - 1
    running = 0
    at = 0
    while at < count:
        end = at + 1
        while end < count and offsets[end + 1] - offsets[at] <= BODY_CHUNK:
            end += 1
        base, length = offsets[at], offsets[end] - offsets[at]
        chunk = read(length, start + base)
        if len(chunk) != length:
            raise CacheMiss("it is truncated")
        running = zlib.crc32(chunk, running)
        view = memoryview(chunk)
        for number in range(at, end):
            yield _loads(view[offsets[number] - base : offsets[number + 1] - base])
        at = end
    if running != crc:
        raise CacheMiss("its content is damaged")


def _read_library(
    path: Path, check: Callable[[dict], None]
) -> tuple[dict[str, Any], Library, dict[str, Any]]:
    """The whole library entry at ``path``, every section checked; raises CacheMiss."""
    handle, head = _open_entry(path, check)
    with handle:
        sections = _sections(head)
        (_, meta_length, meta_crc), (_, table_length, table_crc), body = sections[:3]
        meta = _section(handle.read(meta_length), meta_crc, meta_length)
        table = _section(handle.read(table_length), table_crc, table_length)
        body_start = handle.tell()
        fd = handle.fileno()
        at = body_start + body[1]
        data = {}
        for name, length, crc in sections[3:]:
            data[name] = _section(os.pread(fd, length, at), crc, length)
            at += length
        if os.pread(fd, 1, at):
            raise CacheMiss("it is longer than written")
        try:
            (problems,) = _loads(meta)
            ids, offsets, _crcs = _table(table, body[1])
            aliases = _alias_table(data["aliases"])
            with _bulk(len(ids)):
                lists, extra = _loads(data["tail"])
                rows = _body_rows(
                    lambda length, offset: os.pread(fd, length, offset),
                    body_start,
                    offsets,
                    body[2],
                )
                library = library_in((rows, lists, problems))
        except CacheMiss:
            raise
        except Exception:  # noqa: BLE001 - anything malformed is damage
            raise CacheMiss("its content is damaged") from None
    if not isinstance(extra, dict) or tuple(paper.id for paper in library.papers) != ids:
        raise CacheMiss("its content is damaged")
    object.__setattr__(library, "_by_alias", aliases)  # as the papers have them
    return head, library, extra


#: a ``LazyLibrary`` finds this many papers by scanning its ids before it maps them
_SCANNED_LOOKUPS = 32


class _Closed(Exception):
    """The lazy library's file is closed: its papers are read whole (or fell back)."""


#: the most papers ``LazyLibrary.first`` reads one record at a time
_FIRST_READ_ALONE = 500


class LazyLibrary(Library):
    """A cached library whose papers are read from its entry as they are asked for.

    ``get`` reads one paper's record (checked by its CRC); ``papers``, ``lists`` and
    iterating read the rest of the entry, checked whole. When the entry turns out
    damaged, ``fallback(why)`` gives the library instead (read from the lists), and
    everything is answered from that; without a fallback, ``CacheMiss`` is raised.

    Safe to share between threads: the reader's screen asks for the papers it shows
    while a worker reads the rest. One thread reads the whole entry (or falls back);
    the others wait for it, and a paper's record is never read from a closed file.
    """

    path: Path
    token: str
    #: the papers' ids, in list order
    ids: tuple[str, ...]
    _head: dict[str, Any]
    _handle: Any
    _problems: tuple[Problem, ...]
    _offsets: array[int]
    _crcs: array[int]
    #: the papers' aliases (``Library.aliases``), once read
    _aliases: dict[str, tuple[str, ...]] | None
    _body_start: int
    _fallback: Fallback | None
    _position: dict[str, int] | None
    _scans: int
    _read: dict[str, Paper]
    _whole: Library | None
    _tail: tuple[tuple[PaperList, ...], dict[str, Any]] | None
    #: held while the entry's file is read from or closed
    _file_lock: threading.Lock
    #: held while the whole library is read (or the fallback gives it)
    _whole_lock: threading.RLock

    def __init__(
        self,
        path: Path,
        head: dict[str, Any],
        handle: Any,
        problems: tuple[Problem, ...],
        table: tuple[tuple[str, ...], array[int], array[int]],
        body_start: int,
        fallback: Fallback | None,
    ) -> None:
        # a frozen data class underneath: attributes are set around its __setattr__
        put = object.__setattr__
        put(self, "path", path)
        put(self, "token", entry_token(head))
        put(self, "_head", head)
        put(self, "_handle", handle)
        put(self, "_problems", problems)
        put(self, "ids", table[0])
        put(self, "_offsets", table[1])
        put(self, "_crcs", table[2])
        put(self, "_aliases", None)
        put(self, "_body_start", body_start)
        put(self, "_fallback", fallback)
        put(self, "_position", None)
        put(self, "_scans", 0)
        put(self, "_read", {})
        put(self, "_whole", None)
        put(self, "_tail", None)
        put(self, "_file_lock", threading.Lock())
        put(self, "_whole_lock", threading.RLock())

    @classmethod
    def open(cls, path: Path, check: Callable[[dict], None], fallback: Fallback | None = None):  # type: ignore[no-untyped-def]
        """The entry at ``path`` (its header passing ``check``), reading only its problems
        and its table of papers; raises CacheMiss."""
        handle, head = _open_entry(path, check)
        try:
            sections = _sections(head)
            (_, meta_length, meta_crc), (_, table_length, table_crc) = sections[:2]
            meta = _section(handle.read(meta_length), meta_crc, meta_length)
            table = _table(
                _section(handle.read(table_length), table_crc, table_length), sections[2][1]
            )
            (problems,) = _loads(meta)
            problems = tuple(map(_problem_in, problems))
            body_start = handle.tell()
        except CacheMiss:
            handle.close()
            raise
        except Exception:  # noqa: BLE001 - anything malformed is damage
            handle.close()
            raise CacheMiss("its content is damaged") from None
        return cls(path, head, handle, problems, table, body_start, fallback)

    # -- the parts read on demand ------------------------------------------------------

    def _damaged(self, why: str) -> Library:
        """The library from the fallback, now that the entry cannot be used."""
        with self._whole_lock:
            if self._whole is not None:  # another thread got here first
                return self._whole
            self.close()
            if self._fallback is None:
                raise CacheMiss(why)
            whole = self._fallback(why)
            # what was said of the library stays, with what the fallback says now
            whole = whole.with_problems(dict.fromkeys((*self._problems, *whole.problems)))
            self._settle(whole, tuple(paper.id for paper in whole.papers))
            return whole

    def _pread(self, length: int, offset: int) -> bytes:
        """``length`` bytes of the entry from ``offset``; raises _Closed once the file is
        closed (the whole library has been read, or it fell back), CacheMiss on error."""
        with self._file_lock:
            handle = self._handle
            if handle is None:
                raise _Closed
            try:
                return os.pread(handle.fileno(), length, offset)
            except (OSError, ValueError) as error:
                raise CacheMiss(f"it cannot be read ({error})") from None

    def _record(self, at: int) -> Paper:
        start, end = self._offsets[at], self._offsets[at + 1]
        data = self._pread(end - start, self._body_start + start)
        if len(data) != end - start:
            raise CacheMiss("it is truncated")
        if zlib.crc32(data) != self._crcs[at]:
            raise CacheMiss("its content is damaged")
        try:
            paper = _paper_in(_loads(data))
        except CacheMiss:
            raise
        except Exception:  # noqa: BLE001 - anything malformed is damage
            raise CacheMiss("its content is damaged") from None
        if paper.id != self.ids[at]:
            raise CacheMiss("its content is damaged")
        return paper

    def _everything(self) -> Library:
        whole = self._whole
        if whole is not None:
            return whole
        with self._whole_lock:  # one thread reads it; the others wait for its papers
            return self._whole or self._read_whole()

    def _read_whole(self) -> Library:
        try:
            with self._file_lock:
                handle = self._handle
                if handle is None:
                    raise CacheMiss("it cannot be read")
                size = os.fstat(handle.fileno()).st_size
            # every section checked as a whole read does; the records a few megabytes
            # at a time, each made a paper as it is read (see ``_body_rows``)
            sections = _sections(self._head)
            offset = self._body_start - sections[0][1] - sections[1][1]
            data: dict[str, bytes] = {}
            for name, length, crc in sections:
                if name != "body":
                    data[name] = _section(self._pread(length, offset), crc, length)
                offset += length
            if offset != size:
                raise CacheMiss("it is longer than written")
            with _bulk(len(self.ids)):
                lists, _extra = _loads(data["tail"])
                rows = _body_rows(self._pread, self._body_start, self._offsets, sections[2][2])
                whole = library_in((rows, lists, self._problems))
            whole = Library(papers=whole.papers, lists=whole.lists, problems=self._problems)
            # as the papers have them
            object.__setattr__(whole, "_by_alias", _alias_table(data["aliases"]))
            ids = tuple(paper.id for paper in whole.papers)
            if ids != self.ids:
                raise CacheMiss("its content is damaged")
        except CacheMiss as miss:
            return self._damaged(str(miss))
        except _Closed:  # closed while it was being read
            return self._damaged("it cannot be read")
        except Exception:  # noqa: BLE001 - anything malformed is damage
            return self._damaged("its content is damaged")
        self._settle(whole, ids)
        return whole

    def _settle(self, whole: Library, ids: tuple[str, ...]) -> None:
        """Answer everything from ``whole`` from now on, and let go of what served until
        then (the table's own copy of every id, the lists read alone, the papers read one
        by one): at 100,000 papers, megabytes each."""
        put = object.__setattr__
        put(self, "_whole", whole)
        put(self, "ids", ids)  # the papers' own strings
        put(self, "_tail", None)
        put(self, "_read", {})
        put(self, "_position", None)
        self.close()

    def tail(self) -> tuple[tuple[PaperList, ...], dict[str, Any]]:
        """The lists and what was kept with the library (``Cache.extra``)."""
        if self._tail is None:
            try:
                sections = _sections(self._head)
                _, length, crc = sections[3]
                start = self._body_start + sections[2][1]
                data = _section(self._pread(length, start), crc, length)
                lists, extra = _loads(data)
                if not isinstance(extra, dict):
                    raise CacheMiss("its content is damaged")
                items = tuple(
                    PaperList(name, Path(where), tuple(ids), fmt) for name, where, ids, fmt in lists
                )
            except _Closed:  # read whole meanwhile (or fell back): the lists are there
                return self._everything().lists, {}
            except CacheMiss as miss:
                whole = self._damaged(str(miss))
                return whole.lists, {}
            except Exception:  # noqa: BLE001 - anything malformed is damage
                whole = self._damaged("its content is damaged")
                return whole.lists, {}
            object.__setattr__(self, "_tail", (items, extra))
        return self._tail  # type: ignore[return-value]

    def close(self) -> None:
        """Close the entry's file (what is asked for later reads it whole again)."""
        with self._file_lock:
            handle = self._handle
            if handle is not None:
                object.__setattr__(self, "_handle", None)
                handle.close()

    # -- Library -------------------------------------------------------------------------

    @property  # type: ignore[override]
    def papers(self) -> tuple[Paper, ...]:
        return self._everything().papers

    @property  # type: ignore[override]
    def lists(self) -> tuple[PaperList, ...]:
        if self._whole is not None:
            return self._whole.lists
        return self.tail()[0]

    @property  # type: ignore[override]
    def problems(self) -> tuple[Problem, ...]:
        return self._whole.problems if self._whole is not None else self._problems

    @property  # type: ignore[override]
    def _by_id(self) -> dict[str, Paper]:
        return self._everything()._by_id

    def _positions(self) -> dict[str, int]:
        position = self._position
        if position is None:
            position = dict(zip(self.ids, range(len(self.ids)), strict=True))
            object.__setattr__(self, "_position", position)
        return position

    def _position_of(self, paper_id: str) -> int | None:
        """Where ``paper_id`` is in the table. The first few are looked for in the ids
        (a search shows twenty papers: a scan each costs less than a map of 100,000
        ids); after that the map is made."""
        if self._position is None and self._scans < _SCANNED_LOOKUPS:
            object.__setattr__(self, "_scans", self._scans + 1)
            try:
                return self.ids.index(paper_id)
            except ValueError:
                return None
        return self._positions().get(paper_id)

    def get(self, paper_id: str) -> Paper | None:
        return self._lookup(paper_id, wait=True)

    def first(self, count: int) -> tuple[Paper, ...]:
        """``Library.first``: while the entry is not read whole, only those papers'
        records are read (`search ''` at 100,000 papers read every paper to show two).
        More than a few hundred are read with the rest of the entry, in one read."""
        if self._whole is not None or count > _FIRST_READ_ALONE:
            return self.papers[:count]
        wanted = self.ids[:count]
        found = tuple(paper for paper_id in wanted if (paper := self.get(paper_id)))
        return found if len(found) == len(wanted) else self.papers[:count]

    def with_key(
        self, keys: Sequence[str], keys_of: Callable[[Paper], Iterable[str]]
    ) -> tuple[Paper, ...]:
        """``Library.with_key``: the whole entry is read for it (once)."""
        return self._everything().with_key(keys, keys_of)

    def aliases(self) -> Mapping[str, tuple[str, ...]]:
        """The papers' aliases, read from the entry's last section when first asked for
        (an id a paper has is found without them)."""
        whole = self._whole
        if whole is not None:
            return whole.aliases()
        if self._aliases is None:
            try:
                sections = _sections(self._head)
                _, length, crc = sections[4]
                start = self._body_start + sections[2][1] + sections[3][1]
                aliases = _alias_table(_section(self._pread(length, start), crc, length))
            except _Closed:  # read whole meanwhile (or fell back): the aliases are there
                return self._everything().aliases()
            except CacheMiss as miss:
                return self._damaged(str(miss)).aliases()
            object.__setattr__(self, "_aliases", aliases)
        return self._aliases  # type: ignore[return-value]

    def peek(self, paper_id: str) -> Paper | None:
        return self._lookup(paper_id, wait=False)

    def _lookup(self, paper_id: str, *, wait: bool) -> Paper | None:
        """Paper ``paper_id``: ``wait``, as ``get``, for the whole library when its record
        cannot be used; else (``peek``) None rather than wait."""
        if self._whole is not None:
            return self._whole.get(paper_id)
        found = self._read.get(paper_id)
        if found is not None:
            return found
        at = self._position_of(paper_id)
        if at is None:
            return None
        try:
            paper = self._record(at)
        except _Closed:  # read whole meanwhile (or falling back now)
            if wait:
                return self._everything().get(paper_id)
            whole = self._whole
            return whole.get(paper_id) if whole is not None else None
        except CacheMiss as miss:
            return self._damaged(str(miss)).get(paper_id) if wait else None
        self._read[paper_id] = paper
        return paper

    def __contains__(self, paper_id: object) -> bool:
        if self._whole is not None:
            return isinstance(paper_id, str) and self._whole.get(paper_id) is not None
        return paper_id in self._positions()

    def __len__(self) -> int:
        return len(self._whole) if self._whole is not None else len(self.ids)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.papers)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Library):
            return NotImplemented
        return (self.papers, self.lists, self.problems) == (
            other.papers,
            other.lists,
            other.problems,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyLibrary({self.path}, {len(self)} papers)"

    @property
    def complete(self) -> bool:
        return self._whole is not None

    def paper_ids(self) -> Sequence[str]:
        return self.ids

    def with_problems(self, problems: Iterable[Problem]) -> LazyLibrary:
        """This library, now with ``problems`` (itself: a copy would share its open file,
        and closing one would close the other's; it is read whole once, not per copy)."""
        with self._whole_lock:
            problems = tuple(problems)
            object.__setattr__(self, "_problems", problems)
            if self._whole is not None:
                object.__setattr__(self, "_whole", self._whole.with_problems(problems))
        return self


# --------------------------------------------------------------------------- the cache


def _check_list_head(head: dict, key: str, now: FileState | None) -> None:
    """Raise CacheMiss unless ``head`` is the entry of the list ``key`` as its file is
    ``now``; else note in it the file's state to save again (``refreshed``: None when
    it is the one saved)."""
    if head.get("kind") != "list" or head.get("key") != key:
        raise CacheMiss("it belongs to another list")
    saved = FileState.from_json(head.get("file"))
    states = unchanged([saved], [now])
    if states is None:
        raise CacheMiss("")
    head["refreshed"] = states[0] if states[0] != saved else None


def _decoded(
    path: Path,
    decode: Callable[[Any], Any],
    check: Callable[[dict], None],
    shape: str = LIBRARY_SHAPE,
) -> Any:
    """The entry at ``path`` decoded; raises CacheMiss (no message: simply not there)."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        raise CacheMiss("") from None
    except OSError as error:
        raise CacheMiss(f"it cannot be read ({error.strerror})") from None
    with handle:
        head = read_header(handle, shape)
        check(head)
        payload = read_payload(handle, head)
    try:
        return head, decode(payload)
    except CacheMiss:
        raise
    except Exception:  # noqa: BLE001 - anything malformed is damage
        raise CacheMiss("its content is damaged") from None


#: the papers of the library the cache gave or took last, and what was kept with them
_kept: tuple[tuple[Paper, ...], dict[str, Any]] | None = None


def _keep(library: Library, extra: dict[str, Any]) -> None:
    global _kept
    _kept = (library.papers, extra)


def kept_with(library: Library) -> dict[str, Any]:
    """What was kept in the cache with ``library`` (``Cache.extra``: each paper's index
    fingerprint…) when its papers are those the cache gave or took last in this process
    (the very same tuple, as ``dataclasses.replace`` keeps it); else nothing.

    A front end that keeps the library but not the session (the reader) still opens
    the index without working out 100,000 fingerprints again."""
    kept = _kept
    if kept is None or isinstance(library, LazyLibrary) or kept[0] is not library.papers:
        return {}
    return kept[1]


class Cache:
    """The cache folder of one data folder. ``tell`` says to ``note``, in one line, which
    entries were there but could not be used (they are written again)."""

    def __init__(self, folder: Path, note: Note | None = None) -> None:
        self.folder = folder
        self.note = note
        #: what happened, for tests and the benchmark: "hit", "miss", "stored" by kind
        self.events: list[str] = []
        #: what was stored with the library ``load_library`` gave last
        self.extra: dict[str, Any] = {}
        #: entries found but not usable, with why (said once by ``tell``)
        self.unusable: list[tuple[Path, str]] = []
        #: what names the content of the library entry read or written last
        #: (``entry_token``): equal tokens, equal libraries
        self.token: str | None = None

    def _name(self, kind: str, key: str) -> Path:
        """The file of the entry ``key`` of this program (:func:`program_tag`): two
        programs that read lists apart (a pip install and a checkout being worked on)
        each find their own, where each wrote over the other's at every switch."""
        digest = hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:20]
        return self.folder / f"{kind}-{digest}-{program_tag()}.bin"

    def _prune(self, path: Path) -> None:
        """Remove the entries of ``path``'s key that other programs wrote, all but the
        :data:`PROGRAMS_KEPT` newest (those of a program not run since, a checkout's
        code edited since), and any of the names entries had before they were named by
        program; with a library entry, the search snapshot beside it goes too."""
        kind, digest, _tag = path.stem.split("-")
        others: list[tuple[int, Path]] = []
        stale = [path.with_name(f"{kind}-{digest}.bin")]  # named before they were per program
        with contextlib.suppress(OSError):
            for other in self.folder.glob(f"{kind}-{digest}-*.bin"):
                if other != path:
                    with contextlib.suppress(OSError):
                        others.append((other.stat().st_mtime_ns, other))
        others.sort(reverse=True)
        stale += [other for _when, other in others[PROGRAMS_KEPT - 1 :]]
        for other in stale:
            for name in (other.name, other.name.replace("library-", "search-", 1)):
                with contextlib.suppress(OSError):
                    other.with_name(name).unlink()

    def library_path(self, key: str) -> Path:
        """The file of the library entry ``key``."""
        return self._name("library", key)

    def _say(self, path: Path, why: str) -> None:
        if why:
            self.unusable.append((path, why))

    def tell(self) -> None:
        """Say in one line (to ``note``) which entries could not be used, and why."""
        if not self.unusable or self.note is None:
            return
        count = len(self.unusable)
        reasons = list(dict.fromkeys(why for _, why in self.unusable))
        what = "an entry" if count == 1 else f"{count} entries"
        self.note(
            f"the cache of read lists in {self.folder} had {what} that could not be used "
            f"({'; '.join(reasons[:3])}); the lists were read again"
        )
        self.unusable.clear()

    # -- whole libraries ------------------------------------------------------------

    def _library_check(
        self, key: str | None, inputs: Sequence[Path] | None, *, request: str | None = None
    ):
        """The check of a library entry's header: its ``key`` and its files unchanged
        (by digest when an identity changed); or, for ``request`` (``open_library``), the
        request and every folder and file with the identity it had."""
        now = None if inputs is None else [FileState.of(item) for item in inputs]

        def check(head: dict) -> None:
            if head.get("kind") != "library":
                raise CacheMiss("it belongs to other lists")
            if request is not None:
                if head.get("request") != request:
                    raise CacheMiss("it belongs to other lists")
                for saved in (head.get("folders") or [], head.get("files") or []):
                    for item in saved:
                        old = FileState.from_json(item)
                        new = FileState.of(Path(old.path))
                        if new is None or not old.same_identity(new):
                            raise CacheMiss("")
                return
            if head.get("key") != key:
                raise CacheMiss("it belongs to other lists")
            saved = [FileState.from_json(item) for item in head.get("files") or ()]
            assert now is not None
            states = unchanged(saved, now)
            if states is None:
                raise CacheMiss("")
            head["refreshed"] = states if states != saved else None

        return check

    def load_library(
        self,
        key: str,
        inputs: Sequence[Path],
        *,
        request: str | None = None,
        folders: Sequence[FileState] = (),
    ) -> Library | None:
        """The library cached under ``key`` if its input files are unchanged (the entry
        is named by ``request`` when given, see ``store_library``)."""
        path = self.library_path(request or key)
        try:
            head, library, extra = _read_library(path, self._library_check(key, inputs))
        except CacheMiss as miss:
            self._say(path, str(miss))
            self.events.append("library-miss")
            return None
        self.events.append("library-hit")
        self.extra = extra
        self.token = entry_token(head)
        _keep(library, extra)
        if head.get("refreshed"):
            # same content under a new identity: remember the new one
            self._write_library(
                path, key, head["refreshed"], library, extra, request, head.get("folders") or []
            )
        return library

    def open_library(self, request: str, fallback: Fallback | None = None) -> LazyLibrary | None:
        """The library cached for ``request``, its papers read when asked for, if every
        folder and file it was read from has the identity it had then (else None: see
        ``load_library``). ``fallback(why)`` gives the library when the entry turns out
        damaged later, as a paper is read."""
        path = self.library_path(request)
        try:
            library = LazyLibrary.open(
                path, self._library_check(None, None, request=request), fallback
            )
        except CacheMiss:
            self.events.append("library-miss")
            return None
        self.events.append("library-open")
        self.token = library.token
        return library

    def store_library(
        self,
        key: str,
        inputs: Sequence[Path],
        before: Sequence[FileState | None],
        library: Library,
        extra: dict[str, Any] | None = None,
        *,
        request: str | None = None,
        folders: Sequence[FileState | None] = (),
    ) -> None:
        """Cache ``library``, made from ``inputs`` whose identities were ``before`` reading,
        with ``extra`` (plain data worked out from it, given back in ``Cache.extra``).

        ``request``: what was asked for before folders were listed, which names the entry
        (``open_library`` finds it by that); ``folders``: the identities of the folders
        listed then (a folder whose identity is the same lists the same files)."""
        _keep(library, extra or {})
        now = [FileState.of(item) for item in inputs]
        if len(before) != len(now) or any(
            old is None or old != new for old, new in zip(before, now, strict=True)
        ):
            return  # a file changed while it was read: what was read is not what is there
        hashed = [state.with_digest() for state in before if state is not None]
        states = [state for state in hashed if state is not None]
        if len(states) == len(before) and all(state is not None for state in folders):
            self._write_library(
                self.library_path(request or key),
                key,
                states,
                library,
                extra,
                request,
                [state.to_json() for state in folders if state is not None],
            )

    def _write_library(
        self,
        path: Path,
        key: str,
        states: list[FileState],
        library: Library,
        extra: dict[str, Any] | None,
        request: str | None = None,
        folders: list[list[object]] | None = None,
    ) -> None:
        header = {
            "kind": "library",
            "key": key,
            "request": request,
            "folders": folders or [],
            "files": [s.to_json() for s in states],
        }
        written = write_library_entry(path, header, library, extra or {})
        if written is not None:
            self.token = written
            self.events.append("library-stored")
            self._prune(path)

    # -- single lists ---------------------------------------------------------------

    def load_list(self, file: Path) -> ParsedList | None:
        """The cached reading of ``file`` if it is unchanged."""
        key = str(file)
        path = self._name("list", key)
        now = FileState.of(file)

        def check(head: dict) -> None:
            _check_list_head(head, key, now)

        try:
            head, parsed = _decoded(path, parsed_in, check, list_shape())
        except CacheMiss as miss:
            self._say(path, str(miss))
            self.events.append("list-miss")
            return None
        self.events.append("list-hit")
        if head.get("refreshed"):
            self._write_list(path, key, head["refreshed"], parsed)
        return parsed

    def list_papers(self, file: Path) -> int | None:
        """How many papers the cached reading of ``file`` gave, if the file is unchanged
        and its entry says (entries written before it did: None), read from the entry's
        header alone: the reader's start asks it of each list to know that one gives a
        paper without reading any (or importing the readers, 0.1 s)."""
        key = str(file)
        path = self._name("list", key)
        try:
            with open(path, "rb") as handle:
                head = read_header(handle, list_shape())
            _check_list_head(head, key, FileState.of(file))
        except (OSError, CacheMiss):
            return None
        except Exception:  # noqa: BLE001 - a damaged header is no answer
            return None
        papers = head.get("papers")
        return papers if isinstance(papers, int) and papers >= 0 else None

    def store_list(self, file: Path, before: FileState | None, parsed: ParsedList) -> None:
        """Cache ``parsed``, read from ``file`` whose identity was ``before`` reading it."""
        if before is None:
            return
        hashed = before.with_digest()
        if hashed is None or FileState.of(file) != before:
            return  # changed while it was read
        self._write_list(self._name("list", str(file)), str(file), hashed, parsed)

    def _write_list(self, path: Path, key: str, state: FileState, parsed: ParsedList) -> None:
        header = {
            "kind": "list",
            "key": key,
            "file": state.to_json(),
            "papers": len(parsed.result.records),
        }
        if write_entry(path, header, parsed_out(parsed), shape=list_shape()):
            self.events.append("list-stored")
            self._prune(path)
