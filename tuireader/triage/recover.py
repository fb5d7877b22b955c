"""Recovering a damaged triage file: what can still be read of it goes to a fresh file
in its place, and the damaged file is kept beside it.

A damaged file is never written to, and never loses its name before the fresh file is
whole on disk: the fresh file is written under a temporary name and synced, the damaged
one is linked to its new name (renamed where the file system has no links), and the
fresh one is renamed into place. A file another tuireader has open is left alone, and so
is one that is not damaged.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import os
import re
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tuireader.triage.salvage import (
    BeforeCut,
    before_cut,
    cells_told,
    decisions_on_pages,
    identities_on_pages,
    kinds_in_use,
    notes_cut_on_pages,
    tags_on_pages,
)
from tuireader.triage.store import (
    _IDENTITY_COLUMNS,
    _SQLITE_MAGIC,
    BESIDE,
    LOCK_WAIT,
    SCHEMA_VERSION,
    Store,
    StoredIdentity,
    _copy_readable,
    _errname,
    _file_key,
    _head,
    _held_here,
    _is_busy,
    _is_corrupt,
    _is_full,
    _key_now,
    _read_only,
    emptied,
    emptied_words,
    headless_tables,
    kept_copies,
    make_private,
    normalize_tag,
    tag_key,
    unused_name,
)

T = TypeVar("T")

#: what ``recover`` did: the fresh file is in place; or nothing was changed, because
#: there is no file, it is sound, it must be left alone, or the fresh one could not be
#: written.
OUTCOMES = ("recovered", "missing", "sound", "refused", "failed")

#: SQLite's lock bytes (the pending byte, the reserved byte and the shared range): every
#: connection holds a shared lock on them for as long as it has a WAL database open.
_LOCK_START = 0x40000000
_LOCK_LENGTH = 2 + 510


@dataclass(frozen=True)
class Recovery:
    """What :func:`recover` did with the triage file, and the message that says it."""

    #: one of :data:`OUTCOMES`.
    outcome: str
    #: what was done, or why nothing was, in words for the user.
    message: str
    #: where the damaged file is kept (set once recovered).
    kept: Path | None = None
    #: what the fresh file holds: papers with a state other than new, tags on papers,
    #: and notes.
    decisions: int = 0
    tags: int = 0
    notes: int = 0


def recover(path: str | os.PathLike[str], *, timeout: float = LOCK_WAIT) -> Recovery:
    """Put a fresh triage file holding what can be read of the damaged one at ``path``
    in its place, and keep the damaged one beside it as ``triage-damaged-<time>.sqlite3``
    (with its log, if it has one). A sound, missing or newer file, and one
    another tuireader has open, are left as they are; so is everything when the fresh
    file cannot be written (a full or read-only disk)."""
    path = Path(path)
    if path.is_symlink():  # the file it links to is recovered, and the link kept
        path = Path(os.path.realpath(path))
    if not path.exists():
        return Recovery("missing", f"There is no triage file at {path}: nothing to recover.")
    if not path.is_file():
        return Recovery(
            "refused",
            f"The triage file {path} is not a regular file, and nothing was changed; move "
            "it away to start a fresh one.",
        )
    found = _diagnose(path, timeout)
    if found.outcome != "damaged":
        return Recovery(found.outcome, found.message)
    damage = found.message
    if _held(path):
        return _held_refusal(path, damage)
    what = _file_key(path)
    mem = _copy_readable(path, timeout)
    try:
        _lay_in(mem, found)  # those SQLite cannot read, from its damaged pages
        decisions, tags, notes = (
            int(mem.execute(query).fetchone()[0])
            for query in (
                "SELECT count(*) FROM triage WHERE state != 'new'",
                "SELECT count(*) FROM tags",
                "SELECT count(*) FROM triage WHERE note != ''",
            )
        )
        # what else was read: what identifies the papers, where the reader was left
        rest = mem.execute(
            "SELECT 1 FROM identity UNION ALL SELECT 1 FROM ui_state UNION ALL "
            "SELECT 1 FROM moves UNION ALL SELECT 1 FROM seen_in LIMIT 1"
        ).fetchone()
        still = _still_in_copy(path, mem)
        marks, every = _kept_marks(mem), _kept_marks(mem, every=True)
        fresh = _write_fresh(mem, path)
    except (OSError, sqlite3.Error) as error:
        return _failure(path, damage, error)
    finally:
        mem.close()
    try:
        if _file_key(path) != what:  # replaced meanwhile (a backup restored, a sync)
            fresh.unlink()
            return Recovery(
                "refused",
                f"The triage file {path} changed while it was being recovered, and nothing "
                "was changed; run tuireader recover again.",
            )
        if _held(path):  # opened meanwhile
            fresh.unlink()
            return _held_refusal(path, damage)
        kept = _kept_name(path)
        _swap(path, fresh, kept)
    except OSError as error:
        with contextlib.suppress(OSError):
            fresh.unlink()
        return _failure(path, damage, error, written=True)
    lost = "; ".join(
        part
        for part in (_cut_off(found.before, marks), _lost_tables(found, every), found.lost)
        if part
    )
    carried = _carried(decisions, tags, notes)
    what_now = (
        f"{carried} {'was' if decisions + tags + notes == 1 else 'were'} carried over to "
        "a fresh one in its place (its undo history starts afresh)"
        if carried
        else "No decision, tag or note could be read of it: a fresh one takes its place"
        if rest
        else "Nothing could be read of it: a fresh, empty one takes its place"
    )
    lost = f"; {lost}" if lost else ""
    # where what could not be read is still found; what an emptied file held is in none
    # of it: where else it may be
    copies = f" {still or emptied_words(path)}" if still or found.empty else ""
    return Recovery(
        "recovered",
        f"The triage file {path} was {damage}. {what_now}{lost}; the damaged file is kept "
        f"as {kept}.{copies}",
        kept,
        decisions,
        tags,
        notes,
    )


def add_salvaged(path: Path, mem: sqlite3.Connection, timeout: float) -> None:
    """Add to ``mem`` (what SQLite could read of the triage file at ``path``, damaged in
    place) the decisions, notes, tags and identities :func:`recover` reads from its
    damaged pages, so that a read-only view of the file shows every mark recovering it
    gives back. Nothing is written, or made beside it."""
    found = _diagnose(path, timeout)
    if found.outcome == "damaged":
        _lay_in(mem, found)


def _lay_in(mem: sqlite3.Connection, found: _Found) -> None:
    """Add to ``mem`` the rows ``found`` on the damaged pages, for the papers (and tags)
    it has none of."""
    mem.executemany("INSERT OR IGNORE INTO triage VALUES (?, ?, ?, ?)", found.decisions)
    mem.executemany(
        f"INSERT OR IGNORE INTO identity ({_IDENTITY_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)",
        [StoredIdentity.from_row(row).row() for row in found.identities],
    )
    mem.executemany(
        "INSERT OR IGNORE INTO tags VALUES (?, ?, ?)",
        [(paper_id, normalize_tag(tag), tag_key(tag)) for paper_id, tag in found.tags],
    )


def damage(path: str | os.PathLike[str], *, timeout: float = LOCK_WAIT) -> str | None:
    """What is wrong with the triage file at ``path`` that :func:`recover` mends, in
    words ("cut short", "not an SQLite database"); None where it is not damaged (sound,
    missing, or kept from being read otherwise). Nothing is written, or made beside it."""
    path = Path(os.path.realpath(path))
    if not path.is_file():
        return None
    found = _diagnose(path, timeout)
    return found.message if found.outcome == "damaged" else None


@dataclass(frozen=True)
class _Found:
    #: "damaged", or the outcome of a file that is not ("sound", "refused").
    outcome: str
    #: for a damaged file, what is wrong with it ("cut short"); else the message.
    message: str
    #: for a damaged file, what of it is known to be lost, in words ("" for nothing)
    lost: str = ""
    #: the file is empty (0 bytes) where tuireader has run (see ``store.emptied``)
    empty: bool = False
    #: the tags (paper id, tag) found on the pages of a file damaged in place that
    #: SQLite can no longer read (see ``salvage.tags_on_pages``)
    tags: tuple[tuple[str, str], ...] = ()
    #: the rows of the triage table (paper id, state, note, when it changed) found so
    #: (see ``salvage.decisions_on_pages``)
    decisions: tuple[tuple[str, str, str, float], ...] = ()
    #: the rows of the identity table found so, in its columns' order (see
    #: ``salvage.identities_on_pages``)
    identities: tuple[tuple[Any, ...], ...] = ()
    #: for a file cut short, what each table of :data:`_HOLDS` held on the pages it
    #: still has (see ``salvage.before_cut``): what is lost is told from what was read
    before: Mapping[str, BeforeCut] | None = None
    #: for a file damaged in place, the tables of :data:`_HOLDS` whose rows could not
    #: all be read (see :func:`_lost`), and of those, the marks their index lists
    missing: tuple[str, ...] = ()
    indexed: Mapping[str, frozenset[Any]] = dataclasses.field(default_factory=dict)


def _diagnose(path: Path, timeout: float) -> _Found:
    """Whether the file is damaged, read as :meth:`Store.open` reads it to check it,
    without a file made beside it."""
    try:
        head = _head(path, 100)
    except OSError as error:
        return _Found(
            "refused",
            f"The triage file {path} can't be read ({error.strerror}), and nothing was "
            "changed; check the file's permissions.",
        )
    if head is not None and not head:
        if emptied(path):
            return _Found(
                "damaged",
                "empty (0 bytes: a copy or a sync cut short emptied it, perhaps)",
                empty=True,
            )
        return _Found(
            "sound",
            f"The triage file {path} is empty, and nothing else of tuireader's is in its "
            "folder: it is a new one, whose first start was cut short; there is nothing to "
            "recover, and nothing was changed.",
        )
    if head is not None and head and not head.startswith(_SQLITE_MAGIC):
        return _headless_found(path) or _Found("damaged", "not an SQLite database")
    if head is not None and head and len(head) < 100:
        return _Found("damaged", "cut short")
    last: sqlite3.Error | None = None
    with closing(_read_only(path, timeout)) as sources:
        for conn in sources:
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    return _Found(
                        "refused",
                        f"The triage file {path} is not damaged: it was written by a newer "
                        f"tuireader (schema {version}, this one knows {SCHEMA_VERSION}), "
                        "and nothing was changed; update tuireader to use it.",
                    )
                if Store._check(conn, path) is not None:
                    return _Found("damaged", "an SQLite database, but not a tuireader triage file")
            except sqlite3.Error as error:
                if _is_corrupt(error) and _errname(error) == "SQLITE_NOTADB":
                    # its header overwritten after its first words (SQLite's name)
                    headless = _headless_found(path)
                    if headless is not None:
                        return headless
                if _is_corrupt(error):
                    return _damaged_in_place(path, error, timeout)
                if _is_busy(error):
                    return _Found(
                        "refused",
                        f"The triage file {path} is locked by another program, and nothing "
                        "was changed; close it (or the other tuireader), then run tuireader "
                        "recover again.",
                    )
                last = error
                continue
            return _Found(
                "sound",
                f"The triage file {path} is sound: there is nothing to recover, and nothing "
                "was changed.",
            )
    return _Found(
        "refused",
        f"The triage file {path} can't be read ({last or 'no way to open it'}), and nothing "
        "was changed.",
    )


#: what each table of a triage file holds, in words, for those a user would miss
_HOLDS = {
    "triage": "its decisions and notes",
    "tags": "its tags",
    "identity": "what identifies each marked paper (for its marks to follow it into a "
    "list scraped again)",
}


def _damaged_in_place(path: Path, error: sqlite3.Error, timeout: float) -> _Found:
    """What is wrong with a file SQLite finds damaged in place, what of it is lost, and
    the decisions, notes, tags and identities still found on its damaged pages: all of a table's,
    where it lies on one page (its first) whose header still says how many rows it
    holds, and as many are found on it. Each is asked of a connection of its own (see :func:`_afresh`)."""
    pages = _afresh(path, timeout, _damaged_pages, frozenset[int]())
    # a file cut short: what its pages still there held is known, and what is lost is
    # told from it once what was read is known (see :func:`_cut_off`)
    before = before_cut(path, _HOLDS, 3)
    missing = [
        table
        for table in _HOLDS
        if _afresh(
            path, timeout, functools.partial(_lost, table=table, pages=pages, path=path), False
        )
    ]
    found: dict[str, list[Any]] = {"triage": [], "tags": [], "identity": []}
    readers: dict[str, Callable[[Path, Iterable[int], bool], Sequence[Any]]] = {
        "triage": decisions_on_pages,
        "tags": tags_on_pages,
        "identity": identities_on_pages,
    }
    #: the tables whose only page lost the header that says how many rows it holds:
    #: how many rows were read from it (some may be lost, or none)
    uncounted: dict[str, int] = {}
    for table, read in readers.items():
        if table not in missing:
            continue
        root = _afresh(path, timeout, functools.partial(_root, table=table), None)
        found[table] = list(read(path, pages | ({root} if root is not None else set()), True))
        told = cells_told(path, root) if root is not None else None
        if told is not None and len(read(path, [root or 0], False)) == told:
            missing.remove(table)  # (a table of one page: that page's rows are all)
        elif (
            root is not None
            and told is None
            and bool(found[table])
            and _afresh(
                path,
                timeout,
                functools.partial(_one_page, table=table, root=root, path=path),
                False,
            )
        ):
            missing.remove(table)  # (its rows were read, but how many it held is not known)
            uncounted[table] = len(found[table])
        elif (
            root is not None
            and told is None
            and _afresh(
                path,
                timeout,
                functools.partial(_read_below, table=table, root=root, path=path, read=read),
                False,
            )
        ):
            missing.remove(table)  # (its first page only pointed to the pages of its rows)
    # a table that could not be read whole whose index still can: the marks it held
    indexed = {
        table: keys
        for table in (missing if before is None else [])
        if (
            keys := _afresh(
                path, timeout, functools.partial(_indexed, table=table, pages=pages), None
            )
        )
        is not None
    }
    cut: list[str] = []
    if found["triage"]:
        root = _afresh(path, timeout, functools.partial(_root, table="triage"), None)
        cut = notes_cut_on_pages(path, pages | ({root} if root is not None else set()), True)
    return _Found(
        "damaged",
        f"damaged ({error})",
        "; ".join(
            part
            for part in (_uncounted_words(uncounted if before is None else {}), _cut_words(cut))
            if part
        ),
        tags=tuple(found["tags"]),
        decisions=tuple(found["triage"]),
        identities=tuple(tuple(row) for row in found["identity"]),
        before=before,
        missing=tuple(missing) if before is None else (),
        indexed=indexed,
    )


#: the index of each table of :data:`_HOLDS` that lists its rows, and what of each it
#: lists (a mark's key, as :func:`_kept_marks` reads them with ``every``)
_INDEXES = {
    "triage": ("sqlite_autoindex_triage_1", "paper_id"),
    "tags": ("sqlite_autoindex_tags_1", "paper_id, key"),
    "identity": ("sqlite_autoindex_identity_1", "paper_id"),
}


def _indexed(conn: sqlite3.Connection, table: str, pages: frozenset[int]) -> frozenset[Any] | None:
    """The marks the index of ``table`` lists, read from the index alone: what the
    table held, where the table itself cannot be read whole. None where the index
    cannot be read whole, or a page of it is among those SQLite's check found damaged
    (``pages``; a page overwritten past its header may read as holding fewer)."""
    name, columns = _INDEXES[table]
    query = f"SELECT {columns} FROM {table} INDEXED BY {name}"
    try:
        plan = " ".join(str(row[-1]) for row in conn.execute(f"EXPLAIN QUERY PLAN {query}"))
        held = {
            int(row[0]) for row in conn.execute("SELECT pageno FROM dbstat WHERE name = ?", (name,))
        }
        if "COVERING INDEX" not in plan or not held or held & pages:
            return None
        return frozenset(row if len(row) > 1 else row[0] for row in conn.execute(query))
    except sqlite3.Error:  # (no such index, a SQLite without dbstat, the index damaged)
        return None


def _lost_tables(found: _Found, every: Mapping[str, set[Any]]) -> str:
    """What of a file damaged in place is lost, in words: the tables that could not be
    read whole (``found.missing``) but those whose index lists no mark that was not
    read (``every``: see :func:`_kept_marks`)."""
    return _in_words(
        [
            _HOLDS[table]
            for table in found.missing
            if table not in found.indexed or found.indexed[table] - every.get(table, set())
        ]
    )


def _kept_marks(mem: sqlite3.Connection, *, every: bool = False) -> dict[str, set[Any]]:
    """What was read of a damaged file (``mem``), by the table of :data:`_HOLDS` it
    is from: the papers decided or with a note (with ``every``, all those it has a row
    of), the tags (paper, tag as compared), and the papers whose identity is kept."""
    decided = "" if every else " WHERE state != 'new' OR note != ''"
    return {
        "triage": {row[0] for row in mem.execute(f"SELECT paper_id FROM triage{decided}")},
        "tags": {(row[0], row[1]) for row in mem.execute("SELECT paper_id, key FROM tags")},
        "identity": {row[0] for row in mem.execute("SELECT paper_id FROM identity")},
    }


def _held_mark(table: str, row: tuple[Any, ...]) -> Any:
    """The mark a row found on a page of ``table`` is, as :func:`_kept_marks` gives
    those read (None: none a user made, or no mark)."""
    paper_id = row[0]
    if not isinstance(paper_id, str) or not paper_id:
        return None
    if table == "triage":
        return paper_id if row[1] != "new" or row[2] != "" else None
    if table == "tags":
        key = _key_now(row[1]) if isinstance(row[1], str) else None
        return None if key is None else (paper_id, key)
    return paper_id


def _cut_off(before: Mapping[str, BeforeCut] | None, read: Mapping[str, set[Any]]) -> str:
    """What a file cut short lost, in words ("" for nothing, or not cut short): of each
    table of :data:`_HOLDS`, the marks its pages still there held that were not
    ``read`` (see :func:`_kept_marks`), or a page of its rows past the cut; where its
    first page, or one that pointed to others, lies past the cut, that it cannot be
    told."""
    if before is None:
        return ""
    lost: list[str] = []
    untold: list[str] = []
    for table, words in _HOLDS.items():
        held = before.get(table, BeforeCut())
        marks = {_held_mark(table, row) for row in held.rows} - {None}
        if held.lost or marks - read.get(table, set()):
            lost.append(words)
        elif held.untold:
            untold.append(words)
    return "; ".join(
        part
        for part in (
            _in_words(lost),
            f"whether its missing end held any of {' or '.join(untold)} could not be told"
            if untold
            else "",
        )
        if part
    )


def _others_pages(conn: sqlite3.Connection, table: str) -> set[int] | None:
    """The pages every table and index but ``table`` holds, as SQLite's ``dbstat`` finds
    them (None: not known)."""
    held: set[int] = set()
    try:
        names = [
            str(row[0])
            for row in conn.execute("SELECT name FROM sqlite_master WHERE rootpage > 0")
            if row[0] != table
        ] + ["sqlite_schema"]  # (the schema's own pages past the first)
        for name in names:
            held.update(
                int(row[0])
                for row in conn.execute("SELECT pageno FROM dbstat WHERE name = ?", (name,))
            )
    except sqlite3.Error:  # (a SQLite without dbstat, another table damaged)
        return None
    return held


def _one_page(conn: sqlite3.Connection, table: str, root: int, path: Path) -> bool:
    """Whether ``table`` lies on its first page (``root``) alone: every other page in
    use is another table's or index's."""
    kinds = kinds_in_use(path)
    held = _others_pages(conn, table)
    if kinds is None or held is None:
        return False
    return all(number == root or number in held for number in kinds)


def _uncounted_words(uncounted: dict[str, int]) -> str:
    """What may be lost of the tables whose only page no longer says how many rows it
    held, with how many were read from it, in words ("" for none)."""
    parts = [
        f"{_HOLDS[table]} were read from a page that no longer says how many it held "
        f"({read} found and carried over): some may be lost"
        for table, read in uncounted.items()
    ]
    return "; ".join(parts)


def _read_below(
    conn: sqlite3.Connection,
    table: str,
    root: int,
    path: Path,
    read: Callable[[Path, Iterable[int], bool], Sequence[Any]],
) -> bool:
    """Whether every row of ``table``, whose first page (``root``) is damaged and is no
    leaf, was read from the pages below it: every page in use that no other table or
    index holds (as SQLite's ``dbstat`` finds them) is one that points to others, or a
    leaf page whose header says how many rows it holds, and as many are found on it
    (``read``). At least one such leaf: else the first page may have held the rows."""
    kinds = kinds_in_use(path)
    if kinds is None:
        return False
    held = _others_pages(conn, table)
    if held is None:
        return False
    leaves = 0
    for number, kind in kinds.items():
        if number == root or number in held or kind == 0x05:
            continue
        told = cells_told(path, number) if kind == 0x0D else None
        if told is None or len(read(path, [number], False)) != told:
            return False
        leaves += 1
    return leaves > 0


def _cut_words(cut: list[str]) -> str:
    """The notes too long for their page whose rest could not be read, in words."""
    if not cut:
        return ""
    named = ", ".join(cut[:5]) + (f" and {len(cut) - 5} more" if len(cut) > 5 else "")
    notes = "the note" if len(cut) == 1 else "the notes"
    return f"{notes} of {named} could not be read whole: only {'its' if len(cut) == 1 else 'their'} start is kept"


def _in_words(missing: list[str]) -> str:
    """What of a file damaged in place is lost, in words, of the tables ``missing``
    (as :data:`_HOLDS` names them): only "some of" each ("" for none)."""
    parts = [f"some of {words}" for words in missing]
    return f"{' and '.join(parts)} could not be read and are lost" if parts else ""


def _lost(
    conn: sqlite3.Connection, table: str, pages: frozenset[int], path: Path | None = None
) -> bool:
    """Whether rows of ``table`` of a file damaged in place (a page overwritten) could
    not be read: a scan of it fails, its first page is among the damaged ``pages``, or
    that page, a table's only one (a leaf), says it holds more rows than were read
    (SQLite's check may not get as far as naming it). Only the rows on the damaged
    pages are lost (the rest is carried over); a table the file never had loses
    nothing."""
    read = 0
    try:
        for _row in conn.execute(f"SELECT * FROM {table}"):
            read += 1
    except sqlite3.Error as error:
        return _errname(error) != "SQLITE_ERROR"  # not: no such table (an older file)
    root = _root(conn, table)
    if root in pages:
        return True
    told = cells_told(path, root) if path is not None and root is not None else None
    return told is not None and told > read


def _root(conn: sqlite3.Connection, table: str) -> int | None:
    try:
        row = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
    except sqlite3.Error:
        return None
    return int(row[0]) if row and isinstance(row[0], int) else None


#: how SQLite's check names a page it found damaged ("On tree page 4 cell 26: …",
#: "Page 16: …")
_PAGE_NAMED = re.compile(r"\b[Pp]age (\d+)\b")


def _damaged_pages(conn: sqlite3.Connection) -> frozenset[int]:
    """The pages SQLite's check finds damaged (none where it cannot check)."""
    report: list[str] = []
    try:
        for row in conn.execute("PRAGMA quick_check(1000)"):
            report.append(str(row[0]))
    except sqlite3.Error:
        pass  # (the check itself stopped by the damage: what it found so far)
    return frozenset(int(found) for line in report for found in _PAGE_NAMED.findall(line))


def _afresh(path: Path, timeout: float, ask: Callable[[sqlite3.Connection], T], default: T) -> T:
    """``ask`` of a read-only connection to the file of its own (see
    ``store._read_only``), ``default`` where there is none: a connection that read a
    damaged page before reads it again as it pleases (a check found a page damaged that
    a query then read as holding no row, or the other way round)."""
    with closing(_read_only(path, timeout)) as sources:
        conn = next(sources, None)
        return default if conn is None else ask(conn)


def _headless_found(path: Path) -> _Found | None:
    """What is wrong with a file whose header SQLite cannot read: its start overwritten,
    the rest of a triage file still there (see ``headless_tables``), and what of it is
    lost with its start; None where the rest is no triage file either."""
    tables = headless_tables(path)
    if tables is None:
        return None
    missing = [words for table, words in _HOLDS.items() if table not in tables]
    lost = " and ".join(missing)
    return _Found(
        "damaged",
        "overwritten at its start, where SQLite reads what the file is",
        f"{lost} could not be read and are lost" if lost else "",
    )


def _held(path: Path) -> bool:
    """True when a tuireader (this one, or another process) has the file open."""
    return _held_here(path) or _held_elsewhere(path)


def _held_elsewhere(path: Path) -> bool:
    """True when another process has the file open through SQLite: every connection
    holds a shared lock on SQLite's lock bytes for as long as it has the file open (in
    WAL mode), so the lock a sole user would take is refused. It is taken and let go at
    once; a connection opening meanwhile waits for it as for any writer.

    Never asked of a file this process holds (closing a descriptor of it would drop the
    locks SQLite holds on it). Without POSIX locks (Windows), False: there a file open
    elsewhere cannot be renamed, which is said instead."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return False
    try:
        descriptor, lock = os.open(path, os.O_RDWR), fcntl.LOCK_EX
    except OSError:
        try:  # not writable: only a writer's lock can be seen
            descriptor, lock = os.open(path, os.O_RDONLY), fcntl.LOCK_SH
        except OSError:
            return False
    try:
        fcntl.lockf(descriptor, lock | fcntl.LOCK_NB, _LOCK_LENGTH, _LOCK_START)
    except OSError:
        return True
    finally:
        os.close(descriptor)  # lets go of the lock
    return False


def _held_refusal(path: Path, damage: str) -> Recovery:
    return Recovery(
        "refused",
        f"The triage file {path} is {damage}, but another tuireader has it open (a reader, "
        "or a command still running), and nothing was changed; quit it, then run "
        "tuireader recover again.",
    )


def _write_fresh(mem: sqlite3.Connection, path: Path) -> Path:
    """Write what ``mem`` holds to a new file beside ``path``, under a temporary name,
    synced to disk and checked; its path."""
    descriptor, name = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".recovering", dir=path.parent
    )
    os.close(descriptor)  # (made readable by the user only)
    fresh = Path(name)
    try:
        mem.execute("VACUUM INTO ?", (name,))
        make_private(fresh)
        _sync(fresh)
        check = sqlite3.connect(f"{fresh.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            verdict = check.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            check.close()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the fresh file did not read back whole ({verdict})")
        _sync_folder(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            fresh.unlink()
        raise
    return fresh


def _sync(path: Path) -> None:
    """Make what was written to the file at ``path`` durable."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _sync_folder(folder: Path) -> None:
    """Make the names made in ``folder`` durable (where a folder can be synced)."""
    if os.name == "nt":  # pragma: no cover - a folder cannot be opened there
        return
    try:
        _sync(folder)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP):  # a file system without it
            raise


def _kept_name(path: Path) -> Path:
    """A name beside ``path`` for the damaged file, that nothing has (nor a log of it)."""
    kept = unused_name(path, "damaged")
    if any(os.path.lexists(f"{kept}{end}") for end in ("", *BESIDE)):
        raise FileExistsError(errno.EEXIST, "no free name for the damaged file", str(path))
    return kept


def _swap(path: Path, fresh: Path, kept: Path) -> None:
    """Put ``fresh`` in place of the damaged file at ``path``, which is kept as ``kept``
    with what SQLite keeps beside it (:data:`BESIDE`). The damaged file is linked to its
    new name first, so that it always has one and there is always a file at ``path``;
    where the file system has no links it is renamed. On failure, what was moved is put
    back."""
    moved: list[tuple[Path, Path]] = []
    linked = False
    try:
        try:
            os.link(path, kept)
            linked = True
        except OSError as error:
            if error.errno == errno.EEXIST:
                raise
            os.rename(path, kept)
            moved.append((path, kept))
        for end in BESIDE:
            if os.path.lexists(f"{path}{end}"):
                os.rename(f"{path}{end}", f"{kept}{end}")
                moved.append((Path(f"{path}{end}"), Path(f"{kept}{end}")))
        os.replace(fresh, path)
    except OSError:
        for source, target in reversed(moved):
            with contextlib.suppress(OSError):
                os.rename(target, source)
        if linked and _file_key(path) == _file_key(kept):
            with contextlib.suppress(OSError):
                kept.unlink()
        raise
    with contextlib.suppress(OSError):
        _sync_folder(path.parent)


def _failure(
    path: Path, damage: str, error: OSError | sqlite3.Error, *, written: bool = False
) -> Recovery:
    """Nothing was changed: why (``written``: the fresh file was, and could not be put in
    place)."""
    if isinstance(error, sqlite3.Error):
        full = _is_full(error, path)
    else:
        full = error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    if full:
        why = f"the disk is full ({reason}); free some space and run tuireader recover again"
    elif isinstance(error, OSError) and error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = f"its folder can't be written ({reason})"
    else:
        done = "put in its place" if written else "written"
        why = f"the fresh file could not be {done} ({reason})"
    return Recovery(
        "failed",
        f"The triage file {path} is {damage}, but it could not be recovered: {why}. Nothing "
        "was changed: the damaged file is still there as it was.",
    )


def _still_in_copy(path: Path, mem: sqlite3.Connection) -> str:
    """Where the marks of the damaged file at ``path`` that ``mem`` (what could be read
    of it) lacks are still found, in a sentence ("" for nowhere): the newest copy a
    reader kept when it found the file damaged under it (``triage-before-damage-…``),
    which holds everything it had saved, with how many decisions, tags and notes the
    fresh file lacks."""
    ours = _marks(mem)
    for copy in kept_copies(path):
        if "-before-damage-" not in copy.name:
            continue
        try:
            uri = f"{copy.absolute().as_uri()}?mode=ro&immutable=1"
            with closing(sqlite3.connect(uri, uri=True)) as conn:
                theirs = _marks(conn)
        except sqlite3.Error:
            continue
        lacking = [len(theirs[kind] - ours[kind]) for kind in range(3)]
        if any(lacking):
            words = _carried(*lacking)
            return (
                f"{copy}, kept when the damage was found, holds {words} the fresh file "
                "lacks: put it in the fresh file's "
                "place to have them back."
            )
        return ""
    return ""


def _marks(conn: sqlite3.Connection) -> tuple[set[str], set[tuple[str, str]], set[str]]:
    """The decisions (papers not new), tags (paper, tag as compared) and notes (papers)
    of a triage file."""
    return (
        {row[0] for row in conn.execute("SELECT paper_id FROM triage WHERE state != 'new'")},
        {(row[0], row[1]) for row in conn.execute("SELECT paper_id, key FROM tags")},
        {row[0] for row in conn.execute("SELECT paper_id FROM triage WHERE note != ''")},
    )


def _carried(decisions: int, tags: int, notes: int) -> str:
    """What was carried over, in words: "12 decisions, 7 tags and 1 note" ("" for none)."""
    parts = [
        f"{count} {word}{'' if count == 1 else 's'}"
        for count, word in ((decisions, "decision"), (tags, "tag"), (notes, "note"))
        if count
    ]
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else "".join(parts)
