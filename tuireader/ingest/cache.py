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

The cache is derived data. An entry that is damaged, truncated, foreign or from another
version is a miss (``CacheNote`` says why, once) and is written again. Entries are
written to a private temporary file and renamed into place, readable by the user only;
two processes writing at once leave the last one's entry, and a reader sees a whole
entry or none. The payload is ``marshal`` data of plain tuples (no code runs when it is
read; ~6× faster to read than pickle at 100,000 papers), checked by length and CRC-32.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import os
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from itertools import starmap
from pathlib import Path
from typing import Any

from tuireader import __version__
from tuireader.ingest.formats.common import ReadResult
from tuireader.ingest.identity import Identity, Key
from tuireader.model import Library, Link, Paper, PaperList, Problem, Record, SourceEntry

#: Bump when what an entry holds changes meaning (the data classes' fields are checked
#: on their own, see ``SHAPE``).
CACHE_SCHEMA = 1
MAGIC = b"tuireader-cache\n"
#: a header longer than this is not ours
_HEADER_MAX = 1 << 20
#: the data classes an entry is made of, by field name: a change to any makes old
#: entries foreign
SHAPE = hashlib.sha1(
    repr(
        [
            (cls.__name__, [item.name for item in fields(cls)])
            for cls in (Paper, Record, Link, SourceEntry, Identity, Key, PaperList, Problem)
        ]
    ).encode()
).hexdigest()[:12]
_CHUNK = 1 << 20
#: the size a missing file is given (it may appear later)
MISSING = -1

Note = Callable[[str], None]


#: the parts of the program that decide what reading the lists gives
_READING_CODE = ("ingest", "render", "model.py", "search/index.py")


def code_stamp() -> str:
    """Size and modification time of the files of the program that read lists: a changed
    reader, merger or catalog makes old entries foreign before the version number
    changes."""
    global _STAMP
    if _STAMP is None:
        package = Path(__file__).resolve().parents[1]
        parts = []
        for file in sorted(package.rglob("*.py")):
            relative = file.relative_to(package)
            if relative.parts[0] not in _READING_CODE and relative.as_posix() not in _READING_CODE:
                continue
            with contextlib.suppress(OSError):
                info = file.stat()
                parts.append(f"{file.relative_to(package)} {info.st_size} {info.st_mtime_ns}")
        _STAMP = hashlib.sha1("\n".join(parts).encode()).hexdigest()[:16]
    return _STAMP


_STAMP: str | None = None


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
    """BLAKE2b digest of the file's bytes, None if it cannot be read."""
    digest = hashlib.blake2b(digest_size=20)
    try:
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


def write_entry(path: Path, header: dict[str, Any], payload: Any) -> bool:
    """Write an entry atomically (a private temporary file renamed into place).

    False when it cannot be written (a read-only or full disk): the cache is optional.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        _private_folder(path.parent)
        data = marshal.dumps(payload)
        head = {
            **header,
            "version": __version__,
            "schema": CACHE_SCHEMA,
            "shape": SHAPE,
            "code": code_stamp(),
            "length": len(data),
            "crc": zlib.crc32(data),
        }
        fd = os.open(
            tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600
        )
        with os.fdopen(fd, "wb") as handle:
            handle.write(MAGIC)
            handle.write(json.dumps(head, separators=(",", ":")).encode() + b"\n")
            handle.write(data)
        os.replace(tmp, path)
        return True
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False


def read_header(handle: Any) -> dict[str, Any]:
    """The header of an open entry; raises CacheMiss for anything not written by this
    version with this schema."""
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
        SHAPE,
        code_stamp(),
    ):
        raise CacheMiss("it was written by another version of tuireader")
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
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        raise CacheMiss("its content is damaged") from None


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


def _links_out(links: tuple[Link, ...]) -> tuple:
    return tuple((link.url, link.kind, link.origin) for link in links)


def _links_in(data: tuple) -> tuple[Link, ...]:
    return tuple(starmap(Link, data)) if data else ()


def _paper_out(paper: Paper) -> tuple:
    row = [getattr(paper, name) for name in _PAPER_FIELDS]
    row[_PAPER_LINKS] = _links_out(paper.links)
    row[_PAPER_ENTRY] = _entry_out(paper.source_entry)
    return tuple(row)


def _paper_in(row: tuple) -> Paper:
    values = list(row)
    values[_PAPER_LINKS] = _links_in(values[_PAPER_LINKS])
    if values[_PAPER_ENTRY] is not None:
        values[_PAPER_ENTRY] = _entry_in(values[_PAPER_ENTRY])
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
    path, message, severity = row
    return Problem(Path(path), message, severity)


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
    return Library(
        papers=tuple(map(_paper_in, papers)),
        lists=tuple(PaperList(name, Path(path), tuple(ids), fmt) for name, path, ids, fmt in lists),
        problems=tuple(map(_problem_in, problems)),
    )


def _library_with_extra(data: Any) -> tuple[Library, dict[str, Any]]:
    library, extra = data
    if not isinstance(extra, dict):
        raise CacheMiss("its content is damaged")
    return library_in(library), extra


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
    )


def parsed_in(data: Any) -> ParsedList:
    (path, name, fmt), records, problems, identified_as, identities, links = data
    result = ReadResult(
        Path(path),
        name,
        fmt,
        tuple(map(_record_in, records)),
        tuple(map(_problem_in, problems)),
    )
    parsed = ParsedList(
        result, identified_as, tuple(map(_identity_in, identities)), tuple(map(_links_in, links))
    )
    if not (len(parsed.identities) == len(parsed.links) == len(result.records)):
        raise CacheMiss("its content is damaged")
    return parsed


# --------------------------------------------------------------------------- the cache


def _decoded(path: Path, decode: Callable[[Any], Any], check: Callable[[dict], None]) -> Any:
    """The entry at ``path`` decoded; raises CacheMiss (no message: simply not there)."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        raise CacheMiss("") from None
    except OSError as error:
        raise CacheMiss(f"it cannot be read ({error.strerror})") from None
    with handle:
        head = read_header(handle)
        check(head)
        payload = read_payload(handle, head)
    try:
        return head, decode(payload)
    except CacheMiss:
        raise
    except Exception:  # noqa: BLE001 - anything malformed is damage
        raise CacheMiss("its content is damaged") from None


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

    def _name(self, kind: str, key: str) -> Path:
        return (
            self.folder
            / f"{kind}-{hashlib.sha1(key.encode('utf-8', 'surrogatepass')).hexdigest()[:20]}.bin"
        )

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

    def load_library(self, key: str, inputs: Sequence[Path]) -> Library | None:
        """The library cached under ``key`` if its input files are unchanged."""
        path = self._name("library", key)
        now = [FileState.of(item) for item in inputs]

        def check(head: dict) -> None:
            if head.get("kind") != "library" or head.get("key") != key:
                raise CacheMiss("it belongs to other lists")
            saved = [FileState.from_json(item) for item in head.get("files") or ()]
            states = unchanged(saved, now)
            if states is None:
                raise CacheMiss("")
            head["refreshed"] = states if states != saved else None

        try:
            head, (library, extra) = _decoded(path, _library_with_extra, check)
        except CacheMiss as miss:
            self._say(path, str(miss))
            self.events.append("library-miss")
            return None
        self.events.append("library-hit")
        self.extra = extra
        if head.get("refreshed"):
            # same content under a new identity: remember the new one
            self._write_library(path, key, head["refreshed"], library, extra)
        return library

    def store_library(
        self,
        key: str,
        inputs: Sequence[Path],
        before: Sequence[FileState | None],
        library: Library,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """Cache ``library``, made from ``inputs`` whose identities were ``before`` reading,
        with ``extra`` (plain data worked out from it, given back in ``Cache.extra``)."""
        now = [FileState.of(item) for item in inputs]
        if len(before) != len(now) or any(
            old is None or old != new for old, new in zip(before, now, strict=True)
        ):
            return  # a file changed while it was read: what was read is not what is there
        hashed = [state.with_digest() for state in before if state is not None]
        states = [state for state in hashed if state is not None]
        if len(states) == len(before):
            self._write_library(self._name("library", key), key, states, library, extra)

    def _write_library(
        self,
        path: Path,
        key: str,
        states: list[FileState],
        library: Library,
        extra: dict[str, Any] | None,
    ) -> None:
        header = {"kind": "library", "key": key, "files": [s.to_json() for s in states]}
        if write_entry(path, header, (library_out(library), extra or {})):
            self.events.append("library-stored")

    # -- single lists ---------------------------------------------------------------

    def load_list(self, file: Path) -> ParsedList | None:
        """The cached reading of ``file`` if it is unchanged."""
        key = str(file)
        path = self._name("list", key)
        now = FileState.of(file)

        def check(head: dict) -> None:
            if head.get("kind") != "list" or head.get("key") != key:
                raise CacheMiss("it belongs to another list")
            saved = FileState.from_json(head.get("file"))
            states = unchanged([saved], [now])
            if states is None:
                raise CacheMiss("")
            head["refreshed"] = states[0] if states[0] != saved else None

        try:
            head, parsed = _decoded(path, parsed_in, check)
        except CacheMiss as miss:
            self._say(path, str(miss))
            self.events.append("list-miss")
            return None
        self.events.append("list-hit")
        if head.get("refreshed"):
            self._write_list(path, key, head["refreshed"], parsed)
        return parsed

    def store_list(self, file: Path, before: FileState | None, parsed: ParsedList) -> None:
        """Cache ``parsed``, read from ``file`` whose identity was ``before`` reading it."""
        if before is None:
            return
        hashed = before.with_digest()
        if hashed is None or FileState.of(file) != before:
            return  # changed while it was read
        self._write_list(self._name("list", str(file)), str(file), hashed, parsed)

    def _write_list(self, path: Path, key: str, state: FileState, parsed: ParsedList) -> None:
        header = {"kind": "list", "key": key, "file": state.to_json()}
        if write_entry(path, header, parsed_out(parsed)):
            self.events.append("list-stored")
