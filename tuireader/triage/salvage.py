"""What can be read of a triage file whose start was overwritten (a program that wrote
to the wrong file, a disk error): SQLite reads nothing of a file without its 100-byte
header, but the rest of the file may hold every mark. The file is read as an image, the
changes of the log a crash left beside it laid over it, and given a header and a first
page that lists the tables whose rows of the schema are still found, for SQLite to read
the rest (see :func:`headless`). Used by :mod:`tuireader.triage.store` to show such a
file read-only and by ``tuireader recover`` to carry it over."""

from __future__ import annotations

import functools
import re
import sqlite3
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tuireader.triage.store import _SALVAGE_LIMIT, _SQLITE_MAGIC, SCHEMA_VERSION, _held_here

#: the page sizes a triage file may have, the one SQLite gives it first
_PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


def headless(path: Path) -> tuple[sqlite3.Connection, set[str]] | None:
    """A database in memory of what can be read of a triage file whose start was
    overwritten (a program that wrote to the wrong file, a disk error), with the names
    of its tables: SQLite reads nothing of a file without its 100-byte header, and the
    first page's own header below it says where the rows of the schema (each table's
    first page) are. The rest of the file may be intact: its pages are read from an
    image of it, with the changes its log (left by a crash) holds laid over them (the
    first page among them, maybe, whole), given a header again, and the first page the
    rows of the schema still found on it. None where no page size gives a triage file."""
    read = _image(path)
    if read is None:
        return None
    image, log = read
    sizes: tuple[int, ...] = _PAGE_SIZES
    laid = _with_log(image, log) if log else None
    if laid is not None:
        image, page = laid
        sizes = (page,)
        if image.startswith(_SQLITE_MAGIC):  # the log held the first page whole
            found = _triage_image(image[:18] + b"\x01\x01" + image[20:])
            if found is not None:
                return found
    # a size that finds rows of the schema may still be the wrong one (pages of 2,048
    # bytes read as of 4,096, where a page of the schema fell at a multiple of 4,096):
    # the first whose tables of the marks read whole is taken, else the first found
    first: tuple[sqlite3.Connection, set[str]] | None = None
    for page in sizes:
        rebuilt = _with_header(image, page)
        found = _triage_image(rebuilt) if rebuilt is not None else None
        if found is None:
            continue
        if _marks_read(*found):
            if first is not None:
                first[0].close()
            return found
        if first is None:
            first = found
        else:
            found[0].close()
    return first


def _marks_read(conn: sqlite3.Connection, names: set[str]) -> bool:
    """Whether the tables of the marks (decisions, tags) that ``conn`` has read whole."""
    try:
        for table in ("triage", "tags"):
            if table in names:
                conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    except sqlite3.Error:
        return False
    return True


def tags_on_pages(
    path: Path, pages: Iterable[int], everywhere: bool = False
) -> list[tuple[str, str]]:
    """The tags (paper id, tag) whose rows are still found on ``pages`` of the triage
    file at ``path``, pages SQLite found damaged (a page overwritten from just past its
    header, say): a page whose list of where its rows are was overwritten reads as
    holding no row, or none that can be read, while the rows themselves, at its end,
    are whole. A row is looked for where a tag's is (three texts, the third the tag as
    tags are compared: see ``store.tag_key``), in the part of the page that holds its
    rows where its header says where that begins; a row a change took off (its start
    overwritten, by SQLite's list of the free space) is no such row. With
    ``everywhere``, every page in use is looked at too (SQLite's check may stop at the
    first damaged pages, and a damaged page above others leaves them out of reach)."""
    from tuireader.triage.store import StoreError, caseless, tag_key

    found: dict[tuple[str, str], str] = {}
    for values, _whole in _rows_on_pages(path, pages, 3, everywhere):
        paper_id, tag, key = values
        if not all(isinstance(value, str) and value for value in values):
            continue
        try:
            # (a file of an older tuireader keeps a tag typed decomposed uncomposed)
            if tag_key(tag) not in (key, caseless(key)):
                continue
        except StoreError:
            continue
        found.setdefault((paper_id, key), tag)
    return [(paper_id, tag) for (paper_id, _key), tag in found.items()]


def decisions_on_pages(
    path: Path, pages: Iterable[int], everywhere: bool = False
) -> list[tuple[str, str, str, float]]:
    """The rows of the triage table (paper id, state, note, when it changed) still found
    on ``pages`` of the triage file at ``path``, as :func:`tags_on_pages` finds a tag's:
    four values, a paper id, one of the states, a note (text) and a time. A note too
    long for its page has its rest read from the pages of its own that hold it; where
    they cannot be read whole, its start is found (see :func:`notes_cut_on_pages`).
    Of two rows found for one paper, the later one."""
    return _decisions(path, pages, everywhere)[0]


def notes_cut_on_pages(path: Path, pages: Iterable[int], everywhere: bool = False) -> list[str]:
    """The papers whose rows :func:`decisions_on_pages` found with their note cut short:
    a note too long for its page whose rest, on pages of its own, could not be read
    whole (those pages damaged, or taken for others). Their decision and the start of
    their note are found."""
    return _decisions(path, pages, everywhere)[1]


def _decisions(
    path: Path, pages: Iterable[int], everywhere: bool
) -> tuple[list[tuple[str, str, str, float]], list[str]]:
    from tuireader.triage.store import STATES

    found: dict[str, tuple[str, str, str, float]] = {}
    cut: set[str] = set()
    for values, whole in _rows_on_pages(path, pages, 4, everywhere, cut_too=True):
        paper_id, state, note, updated = values
        if not whole:  # (what was cut: the end of its note, and when it changed)
            note, updated = note or "", updated if isinstance(updated, int | float) else 0.0
        if not isinstance(paper_id, str) or not paper_id or state not in STATES:
            continue
        if not isinstance(note, str) or not isinstance(updated, int | float):
            continue
        if not whole and paper_id in found:
            continue  # (a row of it found whole is the one)
        if paper_id not in found or paper_id in cut or found[paper_id][3] < updated:
            found[paper_id] = (paper_id, state, note, float(updated))
            if whole:
                cut.discard(paper_id)
            else:
                cut.add(paper_id)
    return list(found.values()), sorted(cut)


def identities_on_pages(
    path: Path, pages: Iterable[int], everywhere: bool = False
) -> list[list[Any]]:
    """The rows of the identity table (what identifies each marked paper, in its
    columns' order) still found on ``pages`` of the triage file at ``path``, as
    :func:`tags_on_pages` finds a tag's: nine values, a paper id, its keys (a JSON
    list), six texts and a year (or none) between them, and a time. A row too long for
    its page (a long abstract) is found where the pages of its own that hold its rest
    can be read whole."""
    import json

    found: dict[str, list[Any]] = {}
    for values, _whole in _rows_on_pages(path, pages, 9, everywhere):
        paper_id, keys, year, seen = values[0], values[1], values[5], values[8]
        texts = [values[index] for index in (0, 1, 2, 3, 4, 6, 7)]
        if not paper_id or not all(isinstance(text, str) for text in texts):
            continue
        if not (year is None or isinstance(year, int)) or not isinstance(seen, int | float):
            continue
        try:
            if not isinstance(json.loads(keys), list):
                continue
        except ValueError:
            continue
        if paper_id not in found or found[paper_id][8] < seen:
            found[paper_id] = values
    return [values[:8] for values in found.values()]


def _rows_on_pages(
    path: Path, pages: Iterable[int], columns: int, everywhere: bool = False, cut_too: bool = False
) -> Iterator[tuple[list[Any], bool]]:
    """The values of the rows of ``columns`` values found whole on ``pages`` of the
    triage file at ``path`` (with the changes its log holds laid over it), in the part
    of each that holds its rows (see :func:`tags_on_pages`); with ``everywhere``, on
    every page in use as well, where the list of the pages no longer in use can be read
    whole (see :func:`_in_use`). A row too long for its page is read on with the pages
    its rest is on; with ``cut_too``, one whose rest cannot be read whole is found too,
    cut (its last values but the first two: see :func:`_overflowing_at`), and False
    beside it."""
    read = _image(path)
    if read is None or not read[0].startswith(_SQLITE_MAGIC):
        return
    image, log = read
    page = int.from_bytes(image[16:18], "big")
    page = 65536 if page == 1 else page
    laid = _with_log(image, log) if log else None
    if laid is not None and laid[1] == page:
        image = laid[0]
    pages = set(pages) | ((_in_use(image, page) or set()) if everywhere else set())
    for number in sorted(pages):
        data = image[(number - 1) * page : number * page]
        if number < 2 or len(data) < page:
            continue
        start = 8
        if data[0] == 0x0D:  # a leaf page of a table: its rows lie past where it says
            begins = int.from_bytes(data[5:7], "big") or 65536
            start = begins if 8 < begins < page else 8
        for values, whole in _rows_from(
            data, start, columns, functools.partial(_chain, image, page)
        ):
            if whole or cut_too:
                yield values, whole


def _page_size(image: bytes) -> int | None:
    """The size of the pages of the triage file ``image`` begins, as its header says it
    (1 standing for 65,536); None where that is no size SQLite writes."""
    page = int.from_bytes(image[16:18], "big")
    page = 65536 if page == 1 else page
    return page if page in _PAGE_SIZES else None


def kinds_in_use(path: Path) -> dict[int, int] | None:
    """The kind (its first byte: 0x0D a leaf page of a table, 0x05 a page of a table
    that points to others) of each page but the first of the triage file at ``path``
    (with the changes its log holds laid over it) that is not on its list of pages no
    longer in use; None where that cannot be read whole."""
    read = _image(path)
    if read is None or not read[0].startswith(_SQLITE_MAGIC):
        return None
    image, log = read
    page = _page_size(image)
    if page is None:
        return None
    laid = _with_log(image, log) if log else None
    if laid is not None and laid[1] == page:
        image = laid[0]
    pages = _in_use(image, page)
    return None if pages is None else {number: image[(number - 1) * page] for number in pages}


def _in_use(image: bytes, page: int) -> set[int] | None:
    """The pages of ``image`` (a database of pages of ``page`` bytes) but the first that
    are not on its list of pages no longer in use, which keep the rows they held (a tag
    taken off, say); None where that list cannot be read whole (a page of it damaged)."""
    count = len(image) // page
    trunk = int.from_bytes(image[32:36], "big")
    total = int.from_bytes(image[36:40], "big")
    free: set[int] = set()
    while trunk:
        if not 1 < trunk <= count or trunk in free:
            return None
        free.add(trunk)
        at = (trunk - 1) * page
        leaves = int.from_bytes(image[at + 4 : at + 8], "big")
        if leaves > (page - 8) // 4:
            return None
        for index in range(leaves):
            leaf = int.from_bytes(image[at + 8 + 4 * index : at + 12 + 4 * index], "big")
            if not 1 < leaf <= count:
                return None
            free.add(leaf)
        trunk = int.from_bytes(image[at : at + 4], "big")
    if len(free) != total:
        return None
    return set(range(2, count + 1)) - free


#: where a record's header may begin, by how many values it holds: the header's size
#: (itself, and a type of one to three bytes for each value)
_HEADS = {
    columns: re.compile(
        b"(?=["
        + re.escape(bytes([columns + 1]))
        + b"-"
        + re.escape(bytes([3 * columns + 1]))
        + b"])"
    )
    for columns in (3, 4, 9)
}


def _rows_from(
    data: bytes, start: int, columns: int, chain: Callable[[int, int], bytes]
) -> Iterator[tuple[list[Any], bool]]:
    """The values of each row of ``columns`` values found in ``data`` (a page) from
    ``start`` on: a cell (the record's size, the rowid, the record) whose record is as
    long as its size says, and True; or a cell too long for its page whose rest is read
    with ``chain`` (see :func:`_overflowing_at`), and whether it was read whole."""
    for match in _HEADS[columns].finditer(data, start):
        at = match.start()
        found = _record_at(data, at, columns)
        if found is not None and _cell_before(data, at, found[1], start):
            yield found[0], True
            continue
        longer = _overflowing_at(data, at, columns, start, chain)
        if longer is not None:
            yield longer


def _overflowing_at(
    data: bytes, at: int, columns: int, start: int, chain: Callable[[int, int], bytes]
) -> tuple[list[Any], bool] | None:
    """The values of the record of ``columns`` values at ``at`` of ``data`` (a leaf page
    of a table) too long for its page, as SQLite keeps one: its start on the page, then
    the number of the first of the pages its rest is on (see :func:`_chain`), and
    whether its rest was read whole. A record whose rest cannot be read whole keeps its
    first two values, and the text of the one the rest begins in (or its last text
    before it) as far as it was read; the values past it are NULL. None where no such
    cell is there."""
    types = _types_at(data, at, columns)
    if types is None:
        return None
    size = data[at] + sum(_width(kind) or 0 for kind in types)
    if size <= len(data) - 35 or any(_width(kind) is None for kind in types):
        return None
    local = _on_page(size, len(data))
    if at + local + 4 > len(data) or not _cell_before(data, at, size, start):
        return None
    first = int.from_bytes(data[at + local : at + local + 4], "big")
    record = data[at : at + local] + chain(first, size - local)
    found = _decoded(types, record, data[at], _ANY_WIDTHS)
    if found is not None and found[1] == size:
        return found[0], True
    values = _as_far_as_read(types, record, data[at], whole=2)
    return (values, False) if values is not None else None


def _on_page(size: int, usable: int) -> int:
    """How many bytes of a record of ``size`` bytes SQLite keeps on a leaf page of a
    table of ``usable`` bytes a page (the rest is on pages of its own)."""
    most = usable - 35
    if size <= most:
        return size
    least = (usable - 12) * 32 // 255 - 23
    local = least + (size - least) % (usable - 4)
    return local if local <= most else least


def _as_far_as_read(
    types: Sequence[int], record: bytes, pos: int, *, whole: int = 0
) -> list[Any] | None:
    """The values of ``types`` in ``record`` from ``pos`` on, as far as it holds them:
    the text it is cut in, as far as it goes; a value past the cut, None. None where a
    value is not what its type says, or fewer than ``whole`` values come before the cut."""
    values: list[Any] = []
    for kind in types:
        width = _width(kind) or 0
        if pos + width <= len(record):
            value = _decoded([kind], record, pos, _ANY_WIDTHS)
            if value is None:
                return None
            values.append(value[0][0])
        elif len(values) < whole:
            return None
        elif kind >= 13 and pos < len(record):
            values.append(record[pos:].decode("utf-8", "ignore"))  # where it was cut
        else:
            values.append(None)
        pos += width
    return values


def _types_at(data: bytes, at: int, columns: int) -> list[int] | None:
    """The serial types of the record of ``columns`` values whose header is at ``at``."""
    head = data[at]
    types: list[int] = []
    pos = at + 1
    while pos < at + head:
        kind, pos = _varint(data, pos)
        if kind is None or kind in (10, 11) or (kind >= 12 and not kind % 2):
            return None  # (reserved types, and blobs: a triage file's rows hold none)
        types.append(kind)
    return types if pos == at + head and len(types) == columns else None


def _width(kind: int) -> int | None:
    return (kind - 13) // 2 if kind >= 13 and kind % 2 else _ANY_WIDTHS.get(kind)


def _chain(image: bytes, page: int, first: int, size: int) -> bytes:
    """The ``size`` bytes of a record's rest on the chain of pages of ``image`` from
    page ``first`` on (each names the next in its first four bytes; the last, none), or
    as many of them as can be read: the chain ends at a page past the file's end, one
    met twice, or a last page that names another."""
    count = len(image) // page
    out = bytearray()
    seen: set[int] = set()
    number = first
    while len(out) < size:
        if not 1 < number <= count or number in seen:
            break
        seen.add(number)
        at = (number - 1) * page
        take = min(size - len(out), page - 4)
        following = int.from_bytes(image[at : at + 4], "big")
        if (following != 0) != (len(out) + take < size):
            break  # (its last page names another, or another names none)
        if following and not 1 < following <= count:
            break  # (a page past the file's end named: this one is damaged)
        out += image[at + 4 : at + 4 + take]
        number = following
    return bytes(out)


def _record_at(data: bytes, at: int, columns: int) -> tuple[list[Any], int] | None:
    """The values of the record of ``columns`` values at ``at`` of ``data``, and its
    size; None where no such record is there, whole."""
    types = _types_at(data, at, columns)
    if types is None:
        return None
    found = _decoded(types, data, at + data[at], _ANY_WIDTHS)
    if found is None:
        return None
    values, pos = found
    return values, pos - at


#: how many bytes a value of each of SQLite's serial types but text takes
_ANY_WIDTHS = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 7: 8, 8: 0, 9: 0}


def _decoded(
    types: Sequence[int], data: bytes, pos: int, widths: Mapping[int, int]
) -> tuple[list[Any], int] | None:
    """The values of ``types`` (SQLite's serial types: text, and those ``widths`` gives
    the size of) one after another in ``data`` from ``pos`` on, and where they end; None
    where one is of another type, cut short, or text that is not UTF-8."""
    values: list[Any] = []
    for kind in types:
        width = (kind - 13) // 2 if kind >= 13 and kind % 2 else widths.get(kind)
        if width is None or pos + width > len(data):
            return None
        raw = data[pos : pos + width]
        pos += width
        if kind >= 13:
            try:
                values.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                return None
        elif kind == 7:
            values.append(struct.unpack(">d", raw)[0])
        elif kind in (8, 9):
            values.append(kind - 8)
        else:
            values.append(None if kind == 0 else int.from_bytes(raw, "big", signed=True))
    return values, pos


def cells_told(path: Path, number: int) -> int | None:
    """How many rows the header of page ``number`` of the triage file at ``path`` says
    it holds, where it is a leaf page of a table (None: it is not, or cannot be read)."""
    if _held_here(path):
        return None
    try:
        with path.open("rb") as handle:
            head = handle.read(100)
            page = int.from_bytes(head[16:18], "big") if len(head) == 100 else 0
            page = 65536 if page == 1 else page
            if not head.startswith(_SQLITE_MAGIC) or page not in _PAGE_SIZES or number < 2:
                return None
            handle.seek((number - 1) * page)
            data = handle.read(8)
    except OSError:
        return None
    if len(data) < 8 or data[0] != 0x0D:
        return None
    return int.from_bytes(data[3:5], "big")


@dataclass(frozen=True)
class BeforeCut:
    """What one table of a triage file cut short held on the pages it still has (see
    :func:`before_cut`)."""

    #: each row on its pages still there: its values as far as they lie on its page (a
    #: text that runs on to pages of its own: its start; a value past it: None)
    rows: tuple[tuple[Any, ...], ...] = ()
    #: a page of its rows lies past the cut: what it held is lost
    lost: bool = False
    #: its first page, or one that only points to others, lies past the cut (or a page
    #: of it is none of a table's): whether it held more rows cannot be told
    untold: bool = False


def before_cut(path: Path, tables: Iterable[str], columns: int) -> dict[str, BeforeCut] | None:
    """What each of ``tables`` of the triage file at ``path`` held on its pages still
    there, where the file was cut short (shorter than its header, or its log, says: a
    copy or a sync stopped half way): each table's pages are followed from its first,
    and the rows on those still whole read (their first ``columns`` values); a page past
    the cut is said lost, or untold (see :class:`BeforeCut`). A table the file does not
    have held nothing. None where the file is not cut short, or what its first page
    lists cannot be read."""
    read = _image(path)
    if read is None or len(read[0]) < 100 or not read[0].startswith(_SQLITE_MAGIC):
        return None
    image, log = read
    page = _page_size(image)
    if page is None:
        return None
    count = int.from_bytes(image[28:32], "big")
    present = set(range(1, len(image) // page + 1))
    start = len(image)  # (what the page the cut went through still has, from its start)
    changes = _log_changes(log) if log else None
    if changes is not None and changes[1] == page:
        committed, _page, count = changes
        present |= committed.keys()
        image = _with_log(image, log)[0]  # type: ignore[index]
    if count * page > _SALVAGE_LIMIT or all(n in present for n in range(1, count + 1)):
        return None
    image = image[: count * page].ljust(count * page, b"\x00")
    schema = sqlite3.connect(":memory:", isolation_level=None)
    try:
        schema.deserialize(image[:18] + b"\x01\x01" + image[20:])
        roots = dict(schema.execute("SELECT name, rootpage FROM sqlite_master WHERE rootpage > 0"))
    except (sqlite3.Error, AttributeError):  # AttributeError: a SQLite without it
        return None
    finally:
        schema.close()
    usable = page - image[20]

    def there(number: int) -> bytes:
        """What the file still has of page ``number``: all of it, or its start where
        the cut went through it."""
        at = (number - 1) * page
        return image[at : at + page] if number in present else image[at : min(start, at + page)]

    # every page still whole is one of a table's, an index's or the list of pages no
    # longer in use: what lay below a page past the cut lay past it too
    below_past = not present - _reached(image, page, usable, count, present, roots.values())
    found: dict[str, BeforeCut] = {}
    for table in tables:
        root = roots.get(table)
        if not isinstance(root, int):
            found[table] = BeforeCut()
            continue
        rows: list[tuple[Any, ...]] = []
        lost = untold = False
        level, seen = [root], set[int]()
        while level:  # (a table's pages, one depth at a time: all of a kind)
            below: list[int] = []
            kinds = {there(n)[:1] for n in level if 1 < n <= count} - {b""}
            for number in level:
                if number in seen or not 1 < number <= count:
                    untold = True
                    continue
                seen.add(number)
                data = there(number)[:usable]
                kind = data[0] if data else None
                head = 8 if kind == 0x0D else 12
                if len(data) < head or kind not in (0x05, 0x0D):
                    if number != root and len(data) < head and (below_past or kinds == {b"\x0d"}):
                        # a page of rows beside others, or all below it past the cut:
                        # (a page but the first holds a row, or points to those that do)
                        lost = True
                    else:
                        untold = True
                    continue
                cells = int.from_bytes(data[3:5], "big")
                if kind == 0x05:
                    below.append(int.from_bytes(data[8:12], "big"))
                for index in range(cells):
                    at = int.from_bytes(data[head + 2 * index : head + 2 * index + 2], "big")
                    if kind == 0x05 and 0 < at and at + 4 <= len(data):
                        below.append(int.from_bytes(data[at : at + 4], "big"))
                        continue
                    values = _cell_values(data, at, columns, usable) if kind == 0x0D else None
                    if values is not None:
                        rows.append(values)
                    elif len(data) < usable and (kind == 0x0D or below_past):
                        lost = True  # (a row, or rows below, where the cut went through)
                    else:
                        untold = True
            level = below
        found[table] = BeforeCut(tuple(rows), lost, untold)
    return found


def _reached(
    image: bytes, page: int, usable: int, count: int, present: set[int], roots: Iterable[Any]
) -> set[int]:
    """The pages of ``image`` (a database of ``count`` pages of ``page`` bytes, those
    of ``present`` there) that the first page, the list of pages no longer in use, and
    the tables and indexes from their first pages (``roots``) reach, with the pages the
    rows too long for their page run on to, as far as they can be followed."""
    reached = {1}
    trunk = int.from_bytes(image[32:36], "big")
    while trunk in present and trunk not in reached:
        reached.add(trunk)
        at = (trunk - 1) * page
        leaves = min(int.from_bytes(image[at + 4 : at + 8], "big"), (usable - 8) // 4)
        reached.update(
            int.from_bytes(image[at + 8 + 4 * index : at + 12 + 4 * index], "big")
            for index in range(leaves)
        )
        trunk = int.from_bytes(image[at : at + 4], "big")
    stack = [root for root in roots if isinstance(root, int)]
    while stack:
        number = stack.pop()
        if number in reached or not 1 < number <= count:
            continue
        reached.add(number)
        if number not in present:
            continue
        data = image[(number - 1) * page : (number - 1) * page + usable]
        kind = data[0]
        if kind not in (0x02, 0x05, 0x0A, 0x0D):
            continue
        head = 8 if kind in (0x0A, 0x0D) else 12
        if head == 12:
            stack.append(int.from_bytes(data[8:12], "big"))
        for index in range(int.from_bytes(data[3:5], "big")):
            at = int.from_bytes(data[head + 2 * index : head + 2 * index + 2], "big")
            if not head <= at < usable:
                continue
            if head == 12:
                stack.append(int.from_bytes(data[at : at + 4], "big"))
                at += 4
            if kind == 0x05:
                continue
            size, at = _varint(data, at)
            if kind == 0x0D:
                _rowid, at = _varint(data, at)
            most = usable - 35 if kind == 0x0D else (usable - 12) * 64 // 255 - 23
            if size is None or size <= most:
                continue
            least = (usable - 12) * 32 // 255 - 23
            local = least + (size - least) % (usable - 4)
            local = local if local <= most else least
            over = int.from_bytes(data[at + local : at + local + 4], "big")
            left = size - local
            while left > 0 and 1 < over <= count and over not in reached:
                reached.add(over)
                if over not in present:
                    break
                left -= usable - 4
                over = int.from_bytes(image[(over - 1) * page : (over - 1) * page + 4], "big")
    return reached


def _cell_values(data: bytes, at: int, columns: int, usable: int) -> tuple[Any, ...] | None:
    """The first ``columns`` values of the row in the cell at ``at`` of ``data`` (a leaf
    page of a table of ``usable`` bytes a page, or its start) as far as they lie on the
    page: a text that runs on to pages of its own, its start; a value past it, None.
    None where no row is there, whole on ``data``."""
    if not 8 <= at < len(data):
        return None
    size, pos = _varint(data, at)
    rowid, pos = _varint(data, pos)
    if size is None or rowid is None:
        return None
    size = _on_page(size, usable)  # (a row too long for its page: its start)
    if pos + size > len(data):
        return None
    record = data[pos : pos + size]
    head, at = _varint(record, 0)
    if head is None or not at <= head <= len(record):
        return None
    types: list[int] = []
    while at < head:
        kind, at = _varint(record, at)
        if kind is None or _width(kind) is None:
            return None
        types.append(kind)
    values = _as_far_as_read(types[:columns], record, head)
    if values is None:
        return None
    return tuple(values + [None] * (columns - len(values)))


def _cell_before(data: bytes, at: int, size: int, start: int) -> bool:
    """Whether the record of ``size`` bytes at ``at`` of ``data`` is a cell's: a rowid
    ends right before it, and the record's size, right before that."""
    for rowid_width in range(1, 10):
        rowid_at = at - rowid_width
        if rowid_at - 1 < start:
            return False
        rowid, end = _varint(data, rowid_at)
        if rowid is None or end != at:
            continue
        for size_width in (1, 2, 3):
            size_at = rowid_at - size_width
            if size_at < start:
                break
            told, end = _varint(data, size_at)
            if end == rowid_at and told == size:
                return True
    return False


def _triage_image(image: bytes) -> tuple[sqlite3.Connection, set[str]] | None:
    """``image`` read as a database in memory, with the names of its tables, where it
    holds triage."""
    src = sqlite3.connect(":memory:", isolation_level=None)
    try:
        src.deserialize(image)
        names = {row[0] for row in src.execute("SELECT name FROM sqlite_master")}
    except (sqlite3.Error, AttributeError):  # AttributeError: a SQLite without it
        src.close()
        return None
    if names & {"triage", "tags"}:
        return src, names
    src.close()
    return None


def _image(path: Path) -> tuple[bytes, bytes] | None:
    """The bytes of the triage file at ``path`` and of its log (b"" for none), read
    outside SQLite; None where this process holds the file (never read so then), it
    cannot be read, or it is larger than a triage file is salvaged at."""
    if _held_here(path):  # never opened outside SQLite while this process holds it
        return None
    try:
        with path.open("rb") as handle:
            image = handle.read(_SALVAGE_LIMIT + 1)
        log = _log_of(path)
    except OSError:
        return None
    return None if len(image) > _SALVAGE_LIMIT else (image, log)


def _log_of(path: Path) -> bytes:
    """The log SQLite keeps beside the triage file (its write-ahead log), b"" for none."""
    log = Path(f"{path}-wal")
    if not log.is_file():
        return b""
    with log.open("rb") as handle:
        data = handle.read(_SALVAGE_LIMIT + 1)
    return b"" if len(data) > _SALVAGE_LIMIT else data


#: what a write-ahead log starts with (its checksums' byte order in the last bit)
_LOG_MAGIC = (0x377F0682, 0x377F0683)


def _with_log(image: bytes, log: bytes) -> tuple[bytes, int] | None:
    """``image`` with the pages of the changes its write-ahead log ``log`` holds laid
    over it, up to the last change whole in it (a change's last page says so), and the
    size of a page the log gives; None where the log holds no change whole. A page of
    another generation of the log (its salts are not the log's) ends it."""
    changes = _log_changes(log)
    if changes is None:
        return None
    committed, page, pages = changes
    laid = bytearray(image[: pages * page].ljust(pages * page, b"\x00"))
    for number, data in committed.items():
        laid[(number - 1) * page : number * page] = data
    return bytes(laid), page


def _log_changes(log: bytes) -> tuple[dict[int, bytes], int, int] | None:
    """The pages (by number) of the changes the write-ahead log ``log`` holds whole (see
    :func:`_with_log`), the size of a page, and how many pages the file has after them;
    None where the log holds no change whole."""
    if len(log) < 32 or int.from_bytes(log[:4], "big") not in _LOG_MAGIC:
        return None
    page = int.from_bytes(log[8:12], "big")
    page = 65536 if page == 1 else page
    if page not in _PAGE_SIZES:
        return None
    salts = log[16:24]
    committed: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    pages = 0
    at = 32
    while at + 24 + page <= len(log):
        head = log[at : at + 24]
        if head[8:16] != salts:
            break
        pending[int.from_bytes(head[:4], "big")] = log[at + 24 : at + 24 + page]
        size = int.from_bytes(head[4:8], "big")
        if size:  # the last page of a change: the file's size in pages after it
            committed.update(pending)
            pending.clear()
            pages = size
        at += 24 + page
    if not pages or pages * page > _SALVAGE_LIMIT:
        return None
    return {n: data for n, data in committed.items() if 1 <= n <= pages}, page, pages


def _with_header(image: bytes, page: int) -> bytes | None:
    """``image`` (a database file of pages of ``page`` bytes whose start was
    overwritten) with a header SQLite reads and a first page that lists the tables
    whose rows of the schema are still found on it; None where none is found.

    Each table is listed with its columns alone: an index or a constraint's index
    (which SQLite looks for with a table that declares a key) may be what was lost, and
    the rows are read without them. Where the first page cannot list them all (a file
    of small pages), the tables of the marks come first (see :data:`_SALVAGED_FIRST`)
    and those of the rest that fit follow."""
    tables = _schema_tables(image, page) if not len(image) % page else []
    if not tables or len(image) < 2 * page:
        return None
    cells: list[bytes] = []
    ranked = sorted(tables, key=lambda table: _SALVAGED_FIRST.get(table[0], len(_SALVAGED_FIRST)))
    for name, root, columns in ranked:
        sql = f"CREATE TABLE {_quoted(name)} ({', '.join(map(_quoted, columns))})"
        record = _record(["table", name, name, root, sql])
        cell = _as_varint(len(record)) + _as_varint(len(cells) + 1) + record
        if 108 + 2 * (len(cells) + 1) + sum(map(len, cells)) + len(cell) > page:
            continue  # (nor a cell larger than a page holds whole: SQLite's own limit)
        if len(cell) <= page - 35:
            cells.append(cell)
    if not cells:
        return None
    top = page - sum(map(len, cells))
    first = bytearray(page)
    at, pointers = page, b""
    for cell in cells:
        at -= len(cell)
        first[at : at + len(cell)] = cell
        pointers += at.to_bytes(2, "big")
    # a leaf page of the schema table (its type, no free block, its cells, where they start)
    first[100:108] = (
        b"\x0d\x00\x00" + len(cells).to_bytes(2, "big") + top.to_bytes(2, "big") + b"\x00"
    )
    first[108 : 108 + len(pointers)] = pointers
    first[:16] = _SQLITE_MAGIC
    first[16:18] = (1 if page == 65536 else page).to_bytes(2, "big")
    first[18:24] = bytes([1, 1, 0, 64, 32, 32])  # no write-ahead log: a plain file
    first[24:28] = (1).to_bytes(4, "big")  # the change counter
    first[28:32] = (len(image) // page).to_bytes(4, "big")  # pages; no free-page list
    first[40:44] = (1).to_bytes(4, "big")  # the schema's cookie
    first[44:48] = (4).to_bytes(4, "big")  # the schema's format
    first[56:60] = (1).to_bytes(4, "big")  # UTF-8
    first[60:64] = SCHEMA_VERSION.to_bytes(4, "big")
    first[92:96] = (1).to_bytes(4, "big")  # the header is of this change
    first[96:100] = (3_000_000).to_bytes(4, "big")  # the SQLite that wrote it: any 3
    return bytes(first) + image[page:]


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


#: the tables a rebuilt first page lists first where it cannot list them all: those
#: whose loss :mod:`tuireader.triage.recover` says
_SALVAGED_FIRST = {"triage": 0, "tags": 1, "identity": 2}


def _schema_tables(image: bytes, page: int) -> list[tuple[str, int, list[str]]]:
    """The tables whose rows of the schema table are found in ``image``, a file of pages
    of ``page`` bytes whose header and first page's cell pointers may be gone: each
    table's name, first page and columns, in the order they were made.

    The rows are looked for on the first page and on every leaf page of a table that
    holds a table's SQL: in a file of pages under 4,096 bytes the schema does not fit on
    the first page, which only points to the pages that hold it (and those pointers may
    be what was overwritten)."""
    pages = len(image) // page
    found: dict[str, tuple[int, int, list[str]]] = {}
    _schema_rows_of(image[:page], 100, pages, found)
    for at in range(page, pages * page, page):
        if image[at] == 0x0D and image.find(b"CREATE TABLE", at, at + page) >= 0:
            _schema_rows_of(image[at : at + page], 8, pages, found)
    return [
        (name, root, columns)
        for name, (_, root, columns) in sorted(found.items(), key=lambda item: item[1][0])
    ]


def _schema_rows_of(
    page: bytes, header: int, pages: int, found: dict[str, tuple[int, int, list[str]]]
) -> None:
    """Add to ``found`` the tables whose rows of the schema table are on ``page`` (whose
    cells start after its ``header`` bytes) of a file of ``pages`` pages: each by its
    name, with its rowid, first page and columns."""
    # a row of a table begins with its kind ("table") a few bytes into its cell, after
    # the cell's and the record's sizes, the rowid and the five types of its values:
    # only the bytes before one are looked at (a look at every byte of a 64 KB page of
    # noise took seconds)
    starts = sorted(
        {
            start
            for kind in re.finditer(rb"table", page)
            for start in range(max(header, kind.start() - 24), kind.start() - 4)
        }
    )
    scratch = sqlite3.connect(":memory:")
    try:
        for start in starts:
            row = _schema_row(page, start, pages)
            if row is None or row[1] in found or row[1].lower().startswith("sqlite_"):
                continue
            rowid, name, root, sql = row
            try:
                scratch.execute(sql)
                columns = [c[1] for c in scratch.execute(f"PRAGMA table_info({_quoted(name)})")]
            except sqlite3.Error:
                continue
            if columns:
                found[name] = (rowid, root, columns)
    finally:
        scratch.close()


def _schema_row(page: bytes, start: int, pages: int) -> tuple[int, str, int, str] | None:
    """The rowid, name, first page and SQL of the table whose row of the schema table
    has its cell at ``start`` of ``page``, or None where no such cell starts there: a
    row of five values (kind, name, table, first page, SQL) whose kind is a table's,
    whose first page is one of the file's and whose SQL makes a table."""
    size, at = _varint(page, start)
    rowid, at = _varint(page, at)
    if size is None or rowid is None or not 0 < size <= len(page) - at or rowid < 1:
        return None
    record = page[at : at + size]
    values = _values(record)
    if values is None or len(values) != 5:
        return None
    kind, name, table, root, sql = values
    if kind != "table" or not isinstance(name, str) or name != table:
        return None
    if not isinstance(root, int) or not 1 < root <= pages:
        return None
    if not isinstance(sql, str) or not _CREATE_TABLE.match(sql):
        return None  # (nor a table made of a query: it is only ever made, never run)
    return rowid, name, root, sql


def _values(record: bytes) -> list[Any] | None:
    """The values of an SQLite record whose types are text, integers and NULL, or None
    where ``record`` is no such record, whole."""
    head, pos = _varint(record, 0)
    if head is None or not pos < head <= len(record):
        return None
    types: list[int] = []
    while pos < head:
        kind, pos = _varint(record, pos)
        if kind is None:
            return None
        types.append(kind)
    if pos != head:
        return None
    found = _decoded(types, record, head, _INT_WIDTHS)
    return found[0] if found is not None and found[1] == len(record) else None


#: how a table's SQL starts: its name, then its columns
_CREATE_TABLE = re.compile(r'CREATE TABLE (?:\w+|"[^"]+") ?\(')
#: how many bytes an integer (or NULL) of each of SQLite's serial types takes
_INT_WIDTHS = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(values: Sequence[str | int]) -> bytes:
    """The SQLite record of ``values`` (text, and integers of four bytes)."""
    types, body = b"", b""
    for value in values:
        if isinstance(value, int):
            types += _as_varint(4)
            body += value.to_bytes(4, "big", signed=True)
        else:
            data = value.encode("utf-8")
            types += _as_varint(len(data) * 2 + 13)
            body += data
    head = len(types) + 1
    if head >= 0x80:
        head += 1
    return _as_varint(head) + types + body


def _as_varint(value: int) -> bytes:
    """``value`` (0 to 2**56) as SQLite's variable-length integer."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def _varint(data: bytes, at: int) -> tuple[int | None, int]:
    """The SQLite variable-length integer at ``at`` of ``data`` and where it ends (None
    where ``data`` ends first)."""
    value = 0
    for n in range(9):
        if at + n >= len(data):
            return None, at
        byte = data[at + n]
        if n == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + n + 1
    return None, at  # pragma: no cover - the loop returns
