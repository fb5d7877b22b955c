"""The user's library: the set of paper lists every command reads when given no files.

``tuireader add FILE|DIR…`` puts lists on the shelf, ``tuireader remove NAME|PATH…``
takes them off, ``tuireader lists`` shows them. The shelf is a small JSON file in the
data folder (``lists.json``)::

    {"format": "tuireader-lists", "version": 1,
     "lists": [{"kind": "file", "path": "/home/me/papers/corl2024.json",
                "added": "2024-11-02T10:00:00+00:00",
                "device": 2049, "inode": 1234, "size": 56789, "mtime_ns": 1730000000000000000},
               {"kind": "seeds"}]}

Until the user adds a list there is no file and the shelf holds the built-in seed lists;
the first ``add`` replaces them (``add --seeds`` brings them back, ``remove seeds`` takes
them off). Each list is read through one entry: a file that a folder on the shelf reads is
not added again, and a folder added takes the place of the files of it on the shelf. A
shelf can be empty. The file is written atomically (a temporary file, then a rename),
made readable by the user only (one replaced keeps its mode), under a lock so two
commands at once lose nothing.
A file that cannot be understood is reported in plain words; the lists that can still be
read from it (each entry whose kind and path are whole, as in a file cut short) are the
shelf, else the default one is used. The next change moves it aside
(``lists.json.damaged``) rather than losing it, and keeps the lists read from it. A
file written by a newer version is used as far as it is understood and never rewritten.

A list whose file vanished stays on the shelf and is reported (``missing``); when a file
with the same identity (device and inode) sits in the same folder under another name, it
is reported as ``moved`` there. Nothing here touches triage: marks of a missing list's
papers are kept and come back with the list.

This module is plain Python (no Textual, no Rich, nothing from the layers above).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shlex
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tuireader.system.atomic import write_atomic
from tuireader.system.listnames import names_apart, numbered
from tuireader.system.paths import DataPaths
from tuireader.system.resources import seeds_dir
from tuireader.system.small_files import NotAFile, not_a_file, read_up_to

__all__ = [
    "FILE_NAME",
    "FORMAT",
    "VERSION",
    "Entry",
    "Shelf",
    "ShelfError",
    "Status",
    "add",
    "entry_for",
    "holder",
    "load",
    "match",
    "remove",
    "shelf_file",
    "sources",
    "status_of",
]

FILE_NAME = "lists.json"
FORMAT = "tuireader-lists"
VERSION = 1
#: a shelf is a few hundred bytes; anything far bigger is not one.
MAX_BYTES = 4 << 20
#: seconds a change waits for another one to finish before it gives up: a change holds
#: the lock for a moment, but a process stopped with Ctrl-Z, or hung on a network
#: disk, would hold it for good, and every add and remove waited with it, silently
LOCK_WAIT = 10.0
SEEDS_NAME = "seeds"

Kind = Literal["file", "folder", "seeds"]
State = Literal["ok", "missing", "moved", "unreadable"]


class ShelfError(Exception):
    """A change to the shelf that cannot be made; the message says why, in plain words."""


@dataclass(frozen=True)
class Entry:
    """One list on the shelf: a file, a folder of lists, or the built-in seeds."""

    kind: Kind
    path: Path | None = None  # None for the seeds
    added: str = ""
    #: (device, inode, size, mtime_ns) when it was added: finds a file renamed in place.
    device: int | None = None
    inode: int | None = None
    size: int | None = None
    mtime_ns: int | None = None
    #: the name the shelf gives it where an entry before it has its own (see
    #: :func:`_named`); not written: it follows from the entries before it
    label: str = field(default="", compare=False)

    @property
    def own_name(self) -> str:
        """The file's name without suffix, the folder's name ("seeds" for the seeds)."""
        if self.kind == "seeds" or self.path is None:
            return SEEDS_NAME
        return self.path.stem if self.kind == "file" else self.path.name

    @property
    def name(self) -> str:
        """How the user names it: its own name (:attr:`own_name`), or, when an entry
        before it on the shelf has that name, one told apart from it (:func:`_named`)."""
        return self.label or self.own_name

    @property
    def location(self) -> Path:
        """Where its lists are read from."""
        return seeds_dir() if self.kind == "seeds" or self.path is None else self.path

    def to_json(self) -> dict[str, Any]:
        if self.kind == "seeds":
            return {"kind": "seeds"}
        data: dict[str, Any] = {"kind": self.kind, "path": str(self.path), "added": self.added}
        for key in ("device", "inode", "size", "mtime_ns"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


SEEDS = Entry("seeds")


@dataclass(frozen=True)
class Status:
    """Whether an entry's file is where the shelf says."""

    entry: Entry
    state: State
    #: for ``moved``: the file in the same folder with the entry's identity
    moved_to: Path | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.state == "ok"

    def message(self) -> str:
        """One line for the user about a list that cannot be read where the shelf says.

        The commands it suggests are quoted for the shell: a name or path with a space
        (``my papers.bib``) is one word when pasted, and one with ``$(…)`` or backquotes
        runs nothing.
        """
        entry = self.entry
        if self.state == "moved":
            return (
                f"list {entry.name!r} is no longer at {entry.path}; it looks moved to "
                f"{self.moved_to} (tuireader add {shlex.quote(str(self.moved_to))} puts it "
                "back; its triage is kept)"
            )
        if self.state == "missing":
            return (
                f"list {entry.name!r} is missing: {entry.path} was moved or deleted "
                "(its triage is kept; tuireader add FILE puts it back from where it is "
                f"now, tuireader remove {shlex.quote(entry.name)} forgets the list)"
            )
        if self.state == "unreadable":
            return f"list {entry.name!r} cannot be read: {entry.path} ({self.detail})"
        return ""


@dataclass(frozen=True)
class Shelf:
    """The shelf as read from the data folder (or the default one)."""

    file: Path
    entries: tuple[Entry, ...] = (SEEDS,)
    #: False: there is no shelf file (or it could not be used); these are the defaults
    stored: bool = False
    #: what was wrong with the file, in plain words ("" when nothing)
    problems: tuple[str, ...] = ()
    #: the file is damaged: the next change moves it aside first
    damaged: bool = False
    #: the file was written by a newer version: never rewritten
    newer: bool = False

    def __post_init__(self) -> None:
        # two lists of one name (a list and an edited copy of it elsewhere) are told
        # apart by their names, as the lists they hold are
        object.__setattr__(self, "entries", _named(self.entries))

    @property
    def is_default(self) -> bool:
        """Only the built-in seeds, as on a fresh installation."""
        return self.entries == (SEEDS,)

    def statuses(self) -> list[Status]:
        return [status_of(entry) for entry in self.entries]

    def sources(self) -> list[Path] | None:
        """What to read: None for the built-in seeds alone (what ``load_session(None)``
        reads), else the locations of the entries that can be read, in shelf order
        (an empty list when there are none: the caller says how to add one)."""
        if self.is_default:
            return None
        return [s.entry.location for s in self.statuses() if s.ok]


def _named(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """``entries``, each with a name of its own: the first of several of one name (in any
    case: ``remove`` takes either) keeps it, and each after it is told apart by what
    differs from the first one's path, as the library tells the lists it reads apart:
    its whole file name ("marks (marks.csv)" beside marks.json), else its folder too
    ("icml2024 (copy/icml2024.jsonl)" beside another icml2024.jsonl), numbered only when
    those are taken ("icml2024 (copy/icml2024.jsonl 2)")."""
    taken: dict[str, Path | None] = {}
    named: list[Entry] = []
    for entry in entries:
        name = entry.own_name
        if name.casefold() not in taken:
            taken[name.casefold()] = entry.path
            named.append(replace(entry, label="") if entry.label else entry)
            continue
        path = entry.path
        # the seeds have no file to differ from: told apart by the folder too
        first = taken[name.casefold()] or path
        folder = entry.kind == "folder"
        told = names_apart(name, path, first, folder=folder) if path is not None else []
        label = numbered(told or [f"{name} ()"], taken, fold=True)
        taken[label.casefold()] = path
        named.append(replace(entry, label=label))
    return tuple(named)


# -- reading ---------------------------------------------------------------------------


def shelf_file(paths: DataPaths) -> Path:
    return paths.root / FILE_NAME


def load(paths: DataPaths) -> Shelf:
    """The shelf in ``paths``' data folder; never raises (trouble → defaults + problems)."""
    file = shelf_file(paths)
    try:
        return _load(file)
    except Exception as exc:  # noqa: BLE001 - the shelf must never stop a command
        return _damaged(file, f"{type(exc).__name__}: {exc}")


def sources(paths: DataPaths) -> list[Path] | None:
    """The lists to read when the user names none: see :meth:`Shelf.sources`."""
    return load(paths).sources()


def _damaged(file: Path, why: str, *, kept: bool = True, text: str = "") -> Shelf:
    """The shelf of a damaged ``file``: the entries that can still be read from its
    ``text`` (see :func:`_salvaged`), else the default shelf, with the problem said.

    ``kept``: whether the next change keeps a copy of it (a file), or refuses until it
    is moved away (a folder, a FIFO: see :func:`_check_writable`). Without the entries
    read from it, the next ``add`` began a library of the new list alone, and every list
    the user had added was left to be found in the copy and added again by hand."""
    then = (
        f"the next tuireader add keeps a copy of it as {_copy_name(file).name}"
        if kept
        else "move it away to change your library"
    )
    entries = _salvaged(text) if kept else ()
    if entries:
        count = len(entries)
        using = f"using the {count} list{'s' if count != 1 else ''} still read from it"
        then += " and keeps these lists" if kept else ""
    else:
        using = "using the built-in seed lists"
    problem = f"your list of lists ({file}) is damaged ({why}); {using} ({then})"
    if entries:
        return Shelf(file, entries, stored=True, problems=(problem,), damaged=True)
    return Shelf(file, problems=(problem,), damaged=True)


#: the start of an entry as :func:`_write` writes it, its kind and path whole: what a
#: file cut short in the middle of an entry still says of it
_ENTRY_START = re.compile(
    r'\{\s*"kind"\s*:\s*"(file|folder)"\s*,\s*"path"\s*:\s*("(?:[^"\\\x00-\x1f]|\\.)*")'
)


def _salvaged(text: str) -> tuple[Entry, ...]:
    """The entries that can be read from the damaged shelf ``text``: each object whole in
    it that is an entry, and one cut short once its kind and path are whole (written
    again, it is read without its identity, so a later rename is not found)."""
    entries: list[Entry] = []
    decoder = json.JSONDecoder()
    for start in (m.start() for m in re.finditer(r"\{", text)):
        try:
            item, _end = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            begun = _ENTRY_START.match(text, start)
            if begun is None:
                continue
            try:
                item = {"kind": begun.group(1), "path": json.loads(begun.group(2))}
            except ValueError:
                continue
        if not isinstance(item, dict) or "format" in item:
            continue
        entry = _entry(item)
        if entry is not None and entry not in entries:
            entries.append(entry)
    return tuple(entries)


def _load(file: Path) -> Shelf:
    try:
        raw = read_up_to(file, MAX_BYTES + 1)
    except FileNotFoundError:
        return Shelf(file)
    except NotAFile as exc:
        return _damaged(file, f"it is {exc.kind}, not a file", kept=False)
    except OSError as exc:
        return _damaged(file, f"cannot be read: {exc.strerror or exc}")
    if len(raw) > MAX_BYTES:
        return _damaged(file, "far too large")
    text = raw.decode("utf-8", errors="replace")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return _damaged(file, f"not valid JSON: {str(exc)[:80]}", text=text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return _damaged(file, "not a tuireader list of lists")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return _damaged(file, f"unknown version {str(version)[:20]!r}", text=text)
    raw_entries = data.get("lists")
    if not isinstance(raw_entries, list):
        return _damaged(file, "no 'lists' array")
    entries: list[Entry] = []
    bad = 0
    for item in raw_entries:
        entry = _entry(item)
        if entry is None:
            bad += 1
        elif entry not in entries:
            entries.append(entry)
    problems: list[str] = []
    if bad:
        problems.append(
            f"{bad} entr{'ies' if bad != 1 else 'y'} of {file} could not be understood "
            f"and {'were' if bad != 1 else 'was'} ignored"
        )
    newer = version > VERSION
    if newer:
        problems.append(
            f"{file} was written by a newer tuireader (version {version}); it is read as "
            "far as it is understood and left unchanged"
        )
    return Shelf(file, tuple(entries), stored=True, problems=tuple(problems), newer=newer)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _entry(item: object) -> Entry | None:
    if not isinstance(item, dict):
        return None
    kind = item.get("kind")
    if kind == "seeds":
        return SEEDS
    if kind not in ("file", "folder"):
        return None
    path = item.get("path")
    if not isinstance(path, str) or not path or "\x00" in path or not os.path.isabs(path):
        return None
    added = item.get("added")
    return Entry(
        kind,
        Path(path),
        added if isinstance(added, str) else "",
        device=_int(item.get("device")),
        inode=_int(item.get("inode")),
        size=_int(item.get("size")),
        mtime_ns=_int(item.get("mtime_ns")),
    )


def status_of(entry: Entry) -> Status:
    """Whether ``entry`` can be read where the shelf says; a vanished file is looked for
    (by device and inode) in its folder, which finds a rename in place."""
    if entry.kind == "seeds" or entry.path is None:
        return Status(entry, "ok")
    try:
        entry.path.stat()
    except FileNotFoundError:
        pass
    except NotADirectoryError:
        pass
    except OSError as exc:
        return Status(entry, "unreadable", detail=exc.strerror or str(exc))
    else:
        return Status(entry, "ok")
    moved = _renamed(entry)
    if moved is not None:
        return Status(entry, "moved", moved_to=moved)
    return Status(entry, "missing")


def _renamed(entry: Entry) -> Path | None:
    if entry.inode is None or entry.device is None or entry.path is None:
        return None
    try:
        with os.scandir(entry.path.parent) as scan:
            for item in scan:
                try:
                    if item.inode() == entry.inode and item.stat().st_dev == entry.device:
                        return Path(item.path)
                except OSError:
                    continue
    except OSError:
        return None
    return None


# -- changing --------------------------------------------------------------------------


@dataclass
class Change:
    """What one ``add`` or ``remove`` did, for the user."""

    added: list[Entry] = field(default_factory=list)
    #: entries already on the shelf (nothing to do)
    present: list[Entry] = field(default_factory=list)
    #: (old entry, new entry): a missing list found again under its new name
    replaced: list[tuple[Entry, Entry]] = field(default_factory=list)
    #: (file, folder): files named that a folder on the shelf reads already (nothing to do)
    within: list[tuple[Entry, Entry]] = field(default_factory=list)
    #: (file, folder): files on the shelf that a folder added reads: it takes their place
    absorbed: list[tuple[Entry, Entry]] = field(default_factory=list)
    removed: list[Entry] = field(default_factory=list)
    #: the built-in seeds made way for the first list the user added
    seeds_replaced: bool = False
    #: the damaged file was kept under this name
    kept_damaged: Path | None = None
    shelf: Shelf | None = None


def _normal(path: str | os.PathLike[str]) -> Path:
    """An absolute path, ``..`` and ``~`` resolved, symbolic links kept (the user's name)."""
    return Path(os.path.abspath(Path(path).expanduser()))


def same_path(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file or folder (as written, else resolved; one
    that cannot be resolved is the same only as written)."""
    if a == b:
        return True
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def entry_for(path: str | os.PathLike[str]) -> Entry:
    """The entry for an existing file or folder; raises ShelfError when there is none."""
    if not os.fspath(path):  # Path("") is the current folder, not a list named
        raise ShelfError("an empty name names no file or folder")
    target = _normal(path)
    try:
        info = target.stat()
    except FileNotFoundError:
        raise ShelfError(f"no such file or folder: {path}") from None
    except OSError as exc:
        raise ShelfError(f"cannot use {path}: {exc.strerror or exc}") from None
    kind: Kind = "folder" if target.is_dir() else "file"
    return Entry(
        kind,
        target,
        datetime.now(UTC).isoformat(timespec="seconds"),
        device=info.st_dev,
        inode=info.st_ino,
        size=info.st_size,
        mtime_ns=info.st_mtime_ns,
    )


#: whether a folder reads a file of it as one of its lists (``ingest.sources.in_folder``)
Reads = Callable[[Path], bool]


def _reads(folder: Entry, file: Path, reads: Reads | None) -> bool:
    """True when the folder entry ``folder`` reads ``file`` (as named, or where a link
    leads) as one of its lists."""
    if reads is None or folder.kind != "folder" or folder.path is None:
        return False
    try:
        real = file.resolve()
    except (OSError, RuntimeError):
        real = file
    return any(
        same_path(folder.path, path.parent) and reads(path) for path in dict.fromkeys((file, real))
    )


def holder(shelf: Shelf, entry: Entry, reads: Reads | None = None) -> Entry | None:
    """The entry of ``shelf`` that already reads what ``entry`` names: the same file or
    folder, or (with ``reads``) a folder that reads the file."""
    if entry.path is None:
        return None
    for old in shelf.entries:
        if old.path is not None and same_path(old.path, entry.path):
            return old
    if entry.kind == "file":
        return next((old for old in shelf.entries if _reads(old, entry.path, reads)), None)
    return None


def folders_reading(shelf: Shelf, item: str, reads: Reads) -> list[Entry]:
    """The folders of ``shelf`` that read the file ``item`` names as one of their lists,
    by its path or by its file's name (``first.json``, in any case): such a file is no
    entry of its own, so it cannot be taken off alone, readable or not."""
    if item.strip() == "":
        return []
    folders = [e for e in shelf.entries if e.kind == "folder" and e.path is not None]
    target = _normal(item)
    if target.is_file():
        found = [e for e in folders if _reads(e, target, reads)]
        if found:
            return found
    if os.sep in item or (os.altsep and os.altsep in item):
        return []
    found = []
    for folder in folders:
        try:
            names = [p for p in folder.location.iterdir() if p.name.casefold() == item.casefold()]
        except OSError:
            continue
        files = [p for p in names if p.name == item] or names
        if any(p.is_file() and _reads(folder, p, reads) for p in files):
            found.append(folder)
    return found


def add(
    paths: DataPaths,
    items: Sequence[str | os.PathLike[str]],
    *,
    seeds: bool = False,
    reads: Reads | None = None,
    note: Callable[[str], None] | None = None,
) -> Change:
    """Put files and folders (and, with ``seeds``, the built-in seed lists) on the shelf.

    Every item must exist (else ShelfError, and nothing changes). The first list added to
    the default shelf replaces the built-in seeds. A missing list whose file turns up
    under a new name in its folder (the same device and inode) is replaced in place.

    With ``reads`` (whether a folder reads a file of it as a list), a list is read
    through one entry only: a file that a folder on the shelf reads is not added again
    (``within``), and a folder added takes the place of the files on the shelf that it
    reads (``absorbed``).

    ``note``: told once when another change of the shelf is under way and this one
    waits for it (see :func:`_locked`).
    """
    new = [entry_for(item) for item in items]
    with _locked(paths, note):
        shelf = load(paths)
        _check_writable(shelf)
        change = Change()
        entries = list(shelf.entries)
        if not shelf.stored and shelf.is_default and (new or seeds):
            entries = []
            change.seeds_replaced = bool(new) and not seeds
        if seeds:
            if SEEDS in entries:
                change.present.append(SEEDS)
            else:
                entries.append(SEEDS)
                change.added.append(SEEDS)
        for entry in new:
            assert entry.path is not None
            same = next(
                (
                    old
                    for old in entries
                    if old.path is not None and same_path(old.path, entry.path)
                ),
                None,
            )
            if same is not None:
                change.present.append(same)
                continue
            folder = next((old for old in entries if _reads(old, entry.path, reads)), None)
            if folder is not None:
                change.within.append((entry, folder))
                continue
            held = [
                old
                for old in entries
                if old.kind == "file" and old.path is not None and _reads(entry, old.path, reads)
            ]
            if held:
                # the folder takes the place of the first file it reads
                entries.insert(entries.index(held[0]), entry)
                for old in held:
                    entries.remove(old)
                    if old in change.added:  # named in this very add
                        change.added.remove(old)
                        change.within.append((old, entry))
                    else:
                        change.absorbed.append((old, entry))
                change.added.append(entry)
                continue
            moved = next(
                (
                    old
                    for old in entries
                    if old.inode is not None
                    and (old.device, old.inode) == (entry.device, entry.inode)
                    and not status_of(old).ok
                ),
                None,
            )
            if moved is not None:
                entries[entries.index(moved)] = replace(entry, added=moved.added or entry.added)
                change.replaced.append((moved, entry))
                continue
            entries.append(entry)
            change.added.append(entry)
        change.kept_damaged = _write(shelf, entries)
        change.shelf = replace(shelf, entries=tuple(entries), stored=True, problems=())
        # each entry added or found again by the name the shelf gives it
        shelved = {entry: entry for entry in change.shelf.entries}
        change.added = [shelved.get(entry, entry) for entry in change.added]
        change.replaced = [(old, shelved.get(new, new)) for old, new in change.replaced]
        return change


def typed_as_path(item: str) -> bool:
    """Whether ``item`` is written as a path (``~/lists``, ``./a.json``, ``lib/a.json``),
    which names one file or folder, never an entry or a list by its name."""
    return os.sep in item or item.startswith(("~", ".")) or bool(os.altsep and os.altsep in item)


def match(shelf: Shelf, item: str) -> list[Entry]:
    """The entries ``item`` names: by path (existing or not), else by name."""
    if item.strip() == "":
        return []
    if typed_as_path(item):
        target = _normal(item)
        by_path = [e for e in shelf.entries if e.path is not None and same_path(e.path, target)]
        if by_path:
            return by_path
    exact = [e for e in shelf.entries if e.name == item]
    if exact:
        return exact
    by_path = [e for e in shelf.entries if e.path is not None and same_path(e.path, _normal(item))]
    if by_path:
        return by_path
    return [e for e in shelf.entries if e.name.casefold() == item.casefold()]


def _meant(shelf: Shelf, item: str) -> str:
    """ "; did you mean demo?" when an entry's name is a slip away from ``item``."""
    import difflib

    names = {entry.name.casefold(): entry.name for entry in shelf.entries}
    close = difflib.get_close_matches(item.casefold(), list(names), n=1, cutoff=0.6)
    return f"; did you mean {names[close[0]]}?" if close else ""


def remove(
    paths: DataPaths,
    items: Sequence[str | Entry],
    note: Callable[[str], None] | None = None,
) -> Change:
    """Take lists off the shelf, by name or path, or entries read from it before (still
    there as they were); raises ShelfError (and changes nothing) when one names no list
    or several. Triage of their papers is not touched. ``note``: as :func:`add`'s."""
    with _locked(paths, note):
        shelf = load(paths)
        chosen: list[Entry] = []
        for item in items:
            if isinstance(item, Entry):
                found = [item] if item in shelf.entries else []
                item = item.name
            else:
                found = match(shelf, item)
            if not found:
                names = ", ".join(e.name for e in shelf.entries) or "none"
                raise ShelfError(
                    f"no list {item!r} in your library{_meant(shelf, item)} (lists: {names})"
                )
            if len(found) > 1:
                where = "; ".join(str(e.location) for e in found)
                raise ShelfError(f"{item!r} names {len(found)} lists ({where}); give the path")
            if found[0] not in chosen:
                chosen.append(found[0])
        _check_writable(shelf)
        entries = [e for e in shelf.entries if e not in chosen]
        change = Change(removed=chosen)
        change.kept_damaged = _write(shelf, entries)
        change.shelf = replace(shelf, entries=tuple(entries), stored=True, problems=())
        return change


def _check_writable(shelf: Shelf) -> None:
    if shelf.newer:
        raise ShelfError(
            f"{shelf.file} was written by a newer tuireader; it is left unchanged "
            "(upgrade tuireader to change your library)"
        )
    try:
        kind = not_a_file(os.stat(shelf.file).st_mode)
    except OSError:
        return  # none yet (or a link to nothing): written as a new file
    if kind is not None:
        # what stands there is not tuireader's to move or replace (a FIFO, a device)
        raise ShelfError(
            f"{shelf.file} is {kind}, not a file, so your library cannot be kept there; "
            "move it away"
        )


@contextlib.contextmanager
def _locked(paths: DataPaths, note: Callable[[str], None] | None = None) -> Iterator[None]:
    """An exclusive lock for one read-change-write of the shelf (POSIX; elsewhere none).

    Held by another process for more than :data:`LOCK_WAIT` seconds, it is a
    ShelfError that says so, and nothing is changed; ``note`` is told once that the
    change waits."""
    _make_root(paths.root)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    lock = shelf_file(paths).with_name(FILE_NAME + ".lock")
    try:
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise ShelfError(
                f"the data folder {paths.root} is read-only ({exc.strerror}): your library "
                "cannot be changed there; make it writable, or name another folder with "
                "--data-dir (or TUIREADER_HOME)"
            ) from None
        raise ShelfError(f"cannot lock {lock}: {exc.strerror or exc}") from None
    try:
        deadline = time.monotonic() + LOCK_WAIT
        told = False
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise ShelfError(
                        f"another tuireader has been changing your library for more than "
                        f"{LOCK_WAIT:.0f} s (it holds {lock}): try again once it is done, "
                        "or end it (one stopped with Ctrl-Z: fg, then let it finish)"
                    ) from None
                if note is not None and not told:
                    note("waiting for another tuireader to finish changing your library")
                    told = True
                time.sleep(0.1)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def _make_root(root: Path) -> None:
    if root.is_dir():
        return
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
        root.mkdir(mode=0o700, exist_ok=True)
    except OSError as exc:
        raise ShelfError(f"cannot create the data folder {root}: {exc.strerror or exc}") from None


def _copy_name(file: Path) -> Path:
    """Where :func:`_write` keeps a damaged ``file`` (the file a link leads to: beside
    it), no earlier copy replaced (see :func:`_free_name`)."""
    target = Path(os.path.realpath(file)) if file.is_symlink() else file
    return _free_name(target.with_name(FILE_NAME + ".damaged"))


def _write(shelf: Shelf, entries: Sequence[Entry]) -> Path | None:
    """Replace the shelf file atomically (:func:`~tuireader.system.atomic.write_atomic`:
    a new one 0600, one replaced keeping its mode); a damaged one is kept aside first.

    Returns where the damaged file was kept, if it was. A link (``lists.json`` kept
    with one's dotfiles) stays a link: the file it leads to is the one replaced, where
    the link was replaced by a file and the one it led to left behind, stale."""
    file = shelf.file
    target = Path(os.path.realpath(file)) if file.is_symlink() else file
    kept: Path | None = None
    if shelf.damaged and target.is_file():
        kept = _copy_name(file)
        try:
            os.replace(target, kept)
        except OSError as exc:
            raise ShelfError(f"cannot move the damaged {file} aside: {exc.strerror}") from None
    data = {"format": FORMAT, "version": VERSION, "lists": [e.to_json() for e in entries]}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        # the one writer of whole files: a new lists.json is the user's alone (0600), one
        # replaced keeps the mode it has (one kept with one's dotfiles, 0644)
        write_atomic(_surrogates_escaped(text), target, private=True)
    except OSError as exc:
        raise ShelfError(f"cannot write {file}: {exc.strerror or exc}") from None
    return kept


def _free_name(kept: Path) -> Path:
    """``kept``, or when a file is there (kept by an earlier damage: the only copy of a
    library nothing could be read from) the first of ``kept.2``, ``kept.3``… that is
    free, so that no copy kept is replaced by the next."""
    number = 1
    found = kept
    while os.path.lexists(found):
        number += 1
        found = kept.with_name(f"{kept.name}.{number}")
    return found


_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogates_escaped(text: str) -> str:
    """JSON ``text`` with each lone surrogate as its ``\\uXXXX`` escape.

    A file name that is not UTF-8 (``caf\\xe9.jsonl``, from a Latin-1 system) is held by
    Python with a stand-in for each such byte; written raw, ``add`` ended on a codec
    error, and written as U+FFFD it would name another file. Escaped, ``json.loads``
    gives back the same stand-ins, which name the same file. In JSON text such
    characters are only ever inside strings."""
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
