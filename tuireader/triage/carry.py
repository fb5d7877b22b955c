"""The triage an export carries, read back to be taken up by another data folder.

A user who triages on a laptop and on a remote machine moves their marks with
``tuireader export`` on one and ``tuireader import`` on the other. Each paper of the
export is known by what identifies it (its DOI, arXiv or OpenReview id, its own id in its
list, its title and first author, its abstract), as the triage file knows a marked
paper, so that a list scraped again in between (reordered, a title mended) still finds
it. This module reads the export; :meth:`Store.carry_over` takes its marks up.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tuireader.triage.store import (
    _ABSTRACT_KEPT,
    DEFAULT_STATE,
    STATES,
    StoredIdentity,
    StoreError,
    keyword_form,
    normalize_note,
    normalize_tag,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from tuireader.model import Paper

__all__ = [
    "CarriedMark",
    "NoTriage",
    "NotAnExport",
    "export_marks",
    "match_papers",
    "read_export",
    "settled",
]

#: an export bigger than this is no export of a reading list (tuireader's own of
#: 100,000 papers with abstracts is about 150 MB)
MAX_EXPORT_BYTES = 512 * 1024 * 1024

#: the state words an export writes, as the triage file keeps them
_STATE_NAMES = {state: state for state in STATES} | {"skipped": "skip", "keep": "kept"}


class NotAnExport(ValueError):
    """The file is not one of tuireader's exports that carry triage; the message says why."""


class NoTriage(NotAnExport):
    """The file is RIS or CSL-JSON with no triage in it: a bibliography, or an export of
    papers that have no marks (the two look the same), which ``tuireader add`` reads as a
    list; the message says so. ``fmt`` names the format."""

    def __init__(self, message: str, fmt: str) -> None:
        super().__init__(message)
        self.fmt = fmt


class _NotOurs(NotAnExport):
    """The file is whole and of a format tuireader reads, but none of its exports: a
    list of papers (a bibliography) where it reads as one."""


@dataclass(frozen=True)
class CarriedMark:
    """One paper's triage as an export carries it, with what identifies the paper."""

    #: the id the paper had where the export was made
    paper_id: str
    identity: StoredIdentity
    state: str = DEFAULT_STATE
    tags: tuple[str, ...] = ()
    note: str = ""
    #: read from a BibTeX export a reference manager saved again, which lost what told
    #: the triage from the entry's own: its tags may hold its paper's keywords and its
    #: note its paper's annote, until :func:`settled` takes them out
    resaved: bool = False
    #: read from a RIS or CSL-JSON export (``ris``, ``csl-json``) a reference manager
    #: wrote out again, which lost what told the note the citation gives its paper (a
    #: journal reference) from the user's: its note may hold it, until :func:`settled`
    #: takes it out
    own_note_in: str = ""

    @property
    def is_default(self) -> bool:
        """A paper exported with no mark: nothing to take up."""
        return self.state == DEFAULT_STATE and not self.tags and not self.note


def read_export(
    path: Path, say: Callable[[str], None] | None = None
) -> tuple[str, list[CarriedMark]]:
    """The format (``json``, ``csv``, ``bibtex``, ``ris`` or ``csl-json``) of
    tuireader's export at ``path`` and the triage each of its papers carries, in file
    order; :class:`NotAnExport`
    when it is none (a list, a bibliography, a Markdown reading list, a file cut
    short), with the reason. Only tuireader's own exports are read: a bibliography's
    keywords are its own, never the user's tags. ``say`` is told of each entry of a
    BibTeX export that could not be read, whose marks are not taken up."""
    try:
        size = path.stat().st_size
        if size > MAX_EXPORT_BYTES:
            raise NotAnExport(f"{path} is {size:,} bytes: too big for an export")
        data = path.read_bytes()
    except OSError as error:
        raise NotAnExport(f"{path} cannot be read: {error.strerror or error}") from error
    return export_marks(data, path, say)


def export_marks(
    data: bytes, path: Path, say: Callable[[str], None] | None = None
) -> tuple[str, list[CarriedMark]]:
    """:func:`read_export` of the bytes ``data`` (an export piped in: ``ssh laptop
    tuireader export --format json | tuireader import -``); ``path`` names it."""
    if len(data) > MAX_EXPORT_BYTES:
        raise NotAnExport(f"{path} is over {MAX_EXPORT_BYTES:,} bytes: too big for an export")
    if not data.strip():
        raise NotAnExport(f"{path} is empty")
    if b"\x00" in data[:4096]:
        raise NotAnExport(f"{path} looks like a binary file, not an export")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        text = _saved_again(data, path, say, error)
    try:
        return _marks_of(text, path, say)
    except _NotOurs as error:
        listed = _papers_listed(data, path)
        if listed is None:
            raise
        count, fmt = listed
        raise NoTriage(_no_triage_in_list(path, count, str(error)), fmt) from error


#: the formats of a list that ``tuireader add`` reads, which a bibliography comes in
_LIST_FORMATS = frozenset({"bibtex", "json", "jsonl", "csv"})


def _papers_listed(data: bytes, path: Path) -> tuple[int, str] | None:
    """How many entries, and in which format, the bytes of a file that is no export hold
    where ``tuireader add`` reads them as a list of papers (a bibliography, a list):
    None where it holds none, or is no list of those formats."""
    from tuireader.ingest.readers import _FORMAT_BY_SUFFIX, _read_data

    result = _read_data(path, data, _FORMAT_BY_SUFFIX.get(path.suffix.lower(), "unknown"))
    if result.format not in _LIST_FORMATS or not result.records:
        return None
    return len(result.records), result.format


def _no_triage_in_list(path: Path, count: int, said: str) -> str:
    """What ``import`` says of a list of ``count`` entries that is no export (``said``:
    why not): it holds no triage to import, and ``tuireader add`` reads it."""
    entries = f"{count:,} entr{'ies' if count != 1 else 'y'}"
    return (
        f"{said}: a list of {entries} (a bibliography?), which holds no triage to import "
        "(no state, tag or note of tuireader's); nothing taken up: tuireader add reads it "
        "as a list of papers"
    )


def _marks_of(
    text: str, path: Path, say: Callable[[str], None] | None
) -> tuple[str, list[CarriedMark]]:
    """:func:`export_marks` of the text, once decoded."""
    from tuireader.ingest.formats.ownbib import is_own_bibtex

    head = text.lstrip()
    if is_own_bibtex(text):
        return "bibtex", _from_bibtex(text, path, say)
    if head.startswith("[") and _is_csl_export(text):
        return "csl-json", _said_without_id(_from_csl(text, path, say), path, say)
    if head.startswith("[") and (items := _csl_items(text)) is not None:
        given = '"note"' in text and any(_csl_given_id(item) for item in json.loads(text))
        raise NoTriage(_no_triage(path, items, "CSL-JSON item", given), "csl-json")
    if head.startswith(("[", "{")):
        return "json", _from_json(text, path)
    if _RIS_STATE_LINE.search(text) and head.startswith("TY  - "):
        return "ris", _said_without_id(_from_ris(text, path), path, say)
    from tuireader.ingest.formats.ris import looks_like_ris

    if looks_like_ris(text) and not _RIS_STATE_LINE.search(text):
        raise NoTriage(_no_triage(path, len(_ris_records(text)), "RIS record"), "ris")
    resaved = _from_resaved_bibtex(text, path, say)
    if resaved is not None:
        return "bibtex", resaved
    first = head.split("\n", 1)[0].strip()
    if first.startswith("id,title,"):
        return "csv", _from_csv(text, path)
    if first.startswith("id;title;"):
        # saved again by a spreadsheet where the decimal mark is a comma (Excel in
        # German or French), which separates the cells with semicolons
        return "csv", _from_csv(text, path, delimiter=";")
    from tuireader.triage.export import shaped_as

    shape = shaped_as([line for line in text.splitlines() if line.strip()])
    if shape is not None:
        # made by tuireader export, for people: without ids, or without triage at all
        what = "a reading list" if shape == "markdown" else "a list of links"
        raise NotAnExport(
            f"{path} is {what} (tuireader export --format {shape}), which import cannot "
            f"read back: tuireader export --format {IMPORT_FORMATS_SAID} "
            "writes one that carries each paper's triage"
        )
    raise _NotOurs(_NOT_AN_EXPORT.format(path=path))


#: the encodings a list reader takes for text that is not UTF-8, as a user knows them
_ENCODING_NAMES = {
    "cp1252": "Windows-1252",
    "latin-1": "Latin-1",
    "gb18030": "GB18030",
    "mac_roman": "Mac OS Roman",
}


def _saved_again(
    data: bytes, path: Path, say: Callable[[str], None] | None, error: UnicodeDecodeError
) -> str:
    """The text of an export that is not UTF-8, as tuireader writes one: saved again by a
    spreadsheet in the encoding of its system (Excel's "CSV" and "CSV (semicolon)" on
    Windows write Windows-1252), read as the list readers read such a file
    (``readers.decode``), and said. A UTF-8 file with a few bytes that are not (cut or
    damaged) is refused, as before: its marks would be taken up with characters lost."""
    from tuireader.ingest.readers import ReadError, decode

    try:
        decoded = decode(data, path)
    except ReadError as failed:
        raise NotAnExport(f"{path} is not UTF-8 text, as an export is") from failed
    name = _ENCODING_NAMES.get(decoded.encoding)
    if name is None:
        raise NotAnExport(f"{path} is not UTF-8 text, as an export is") from error
    if say is not None:
        say(
            f"{path} is {name} text, not UTF-8 as tuireader writes an export (saved again "
            f"by a spreadsheet?): read as {name}"
        )
    return decoded.text


def _no_triage(path: Path, count: int, what: str, given: bool = False) -> str:
    """What ``import`` says of a RIS or CSL-JSON file with no triage in it: its
    ``count`` ``what`` ("RIS record") carry none. ``given``: CSL-JSON items that give
    their papers' ids in tuireader, as every item of its export does: an export of
    papers with no marks, or one Zotero wrote out again, which keeps no keywords (and
    so no state or tag), only the notes."""
    records = f"{count:,} {what}{'s carry' if count != 1 else ' carries'}"
    if given:
        return (
            f"{path} holds no triage to import: its {records} no state, tag or note of "
            "tuireader's, only their papers' ids (an export of papers with no marks, or "
            "one written out again by Zotero, whose CSL-JSON keeps no keywords: "
            "tuireader export --format ris or bibtex keeps them through Zotero); "
            "tuireader add reads it as a list of papers"
        )
    return (
        f"{path} holds no triage to import: its {records} no state, tag or note of "
        "tuireader's (a bibliography, or an export of papers with no marks); "
        "tuireader add reads it as a list of papers"
    )


def _csl_items(text: str) -> int | None:
    """How many items ``text`` holds where it is CSL-JSON (Zotero's, ``cite``'s, an
    export of papers with no marks), else None: a JSON list of items with a ``type``,
    one at least with what CSL gives a work (a date, a container, CSL names)."""
    from tuireader.ingest.formats.jsonfile import OWN_FIELDS, _is_csl

    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(items, list) or not items:
        return None
    if not all(isinstance(item, dict) and isinstance(item.get("type"), str) for item in items):
        return None
    if any(all(name in item for name in OWN_FIELDS) for item in items):
        return None  # tuireader's JSON export
    return len(items) if any(_is_csl(item) for item in items) else None


#: the export formats ``import`` reads back, each of which carries its papers' triage
#: (the Markdown reading list and the list of links carry none)
IMPORT_FORMATS = ("json", "csv", "bibtex", "biblatex", "ris", "csl-json")
#: :data:`IMPORT_FORMATS` as the messages name them: "json, csv, … or csl-json"
IMPORT_FORMATS_SAID = f"{', '.join(IMPORT_FORMATS[:-1])} or {IMPORT_FORMATS[-1]}"

_NOT_AN_EXPORT = (
    "{path} is not a tuireader export (one made by tuireader export --format "
    f"{IMPORT_FORMATS_SAID}, which carries each paper's triage)"
)


def _from_json(text: str, path: Path) -> list[CarriedMark]:
    from tuireader.ingest.formats.jsonfile import OWN_FIELDS, parse_json
    from tuireader.triage.export import DETACHED_KEY

    try:
        items = json.loads(text)
    except (ValueError, RecursionError) as error:
        if not text.lstrip().startswith("["):  # an export is a JSON list: JSON Lines is not
            raise _NotOurs(_NOT_AN_EXPORT.format(path=path)) from error
        raise NotAnExport(
            f"{path} is not whole JSON ({error}): an export cut short, or no export"
        ) from error
    if isinstance(items, dict) and isinstance(items.get("hits"), list):
        raise NotAnExport(
            f"{path} is what search --json prints, not an export: tuireader export "
            "--format json (--query Q for some papers) writes one"
        )
    if not isinstance(items, list) or not all(
        isinstance(item, dict) and all(name in item for name in OWN_FIELDS) for item in items
    ):
        raise _NotOurs(
            f"{path} is JSON but not a tuireader export: its papers lack the fields "
            f"tuireader's JSON gives ({', '.join(OWN_FIELDS)})"
        )
    marks: list[CarriedMark] = []
    for item in items:
        # each paper read as the JSON reader reads it, alone: the same record, so the
        # same identity, as reading the export as a list gives it
        tags = item.get("tags")
        triage = (item.get("state"), tags if isinstance(tags, list) else [], item.get("note"))
        if _unmarked(*triage):  # nothing to take up: its paper need not be known
            marks.append(_Identified("", StoredIdentity("")) | triage)
            continue
        # a detached mark's record, which a list reader skips, is read as its paper here
        record = {name: value for name, value in item.items() if name != DETACHED_KEY}
        result = parse_json(json.dumps([record], ensure_ascii=False), path)
        marks.append(_mark(item.get("id"), result, *triage))
    return marks


#: a keyword line of tuireader's RIS export that gives a paper's state
_RIS_STATE_LINE = re.compile(r"^KW  - tuireader:([a-z]+)\r?$", re.MULTILINE | re.IGNORECASE)
#: a line of a RIS record: its tag and value (``triage.export.ris_triage``)
_RIS_LINE = re.compile(r"([A-Z][A-Z0-9]) {1,2}-(?: (.*))?")


def _from_ris(text: str, path: Path) -> list[CarriedMark]:
    """The marks of tuireader's RIS export (``export.ris_triage``), read from each
    record whole (:func:`_ris_carried`): its state is its state's keyword (``KW  -
    tuireader:kept``), its tags its other keywords, its note its ``N1`` (as text where it
    is HTML, as Zotero writes a note back: :func:`note_text`), and its paper's id in
    tuireader its ``AN``, wherever they stand; a record without a state's keyword
    carries none. The record is read as the RIS reader reads it, alone, for what
    identifies its paper."""
    from tuireader.ingest.formats.ris import parse_ris

    marks: list[CarriedMark] = []
    for block in _ris_records(text):
        state, tags, note, paper_id, written = _ris_carried(block)
        if state is None or _unmarked(state, tags, note):
            marks.append(_Identified("", StoredIdentity("")) | (DEFAULT_STATE, [], ""))
            continue
        result = parse_ris("\n".join(block) + "\nER  - \n", path)
        mark = _mark(paper_id, result, state, tags, note)
        # read whole, its notes are all its N1: the citation's own among them
        marks.append(mark if written or not mark.note else replace(mark, own_note_in="ris"))
    if not marks:
        raise NotAnExport(f"{path} holds no RIS record")
    return marks


def _said_without_id(
    marks: list[CarriedMark], path: Path, say: Callable[[str], None] | None
) -> list[CarriedMark]:
    """``marks``, read from a RIS or CSL-JSON export, having said how many of those
    that carry triage give no paper's id in tuireader: a reference manager that took
    the export in and wrote it out again (Zotero) gives its own ids, and may leave out
    the line or tag that gave tuireader's. Each is found by what identifies its paper
    (its DOI, arXiv id, title and first author), and kept as a detached mark where no
    paper of the lists read is it."""
    lost = sum(1 for mark in marks if not mark.is_default and not mark.paper_id)
    if lost and say is not None:
        papers = "1 paper with marks gives" if lost == 1 else f"{lost:,} papers with marks give"
        say(
            f"{path}: {papers} no paper id of tuireader's (saved again by a reference "
            "manager, with its own ids?): found by DOI, arXiv id, title and first author"
        )
    return marks


def _ris_records(text: str) -> list[list[str]]:
    """The lines of each record of a RIS text, from its ``TY`` line to before its ``ER``."""
    records: list[list[str]] = []
    current: list[str] | None = None
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        found = _RIS_LINE.fullmatch(line)
        if found and found.group(1) == "TY":
            current = [line]
            records.append(current)
        elif found and found.group(1) == "ER":
            current = None
        elif current is not None:
            current.append(line)
    return records


def _ris_fields(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The tags of a RIS record in order, each with the lines of its value: its own
    line's, then those after it that hold no tag (a note's), each without the space the
    export wrote before one that read as a tag or started with one."""
    fields: list[tuple[str, list[str]]] = []
    for line in lines:
        found = _RIS_LINE.fullmatch(line)
        if found is not None:
            fields.append((found.group(1), [(found.group(2) or "").removeprefix(" ")]))
        elif fields:
            fields[-1][1].append(line.removeprefix(" "))
    return fields


def _ris_carried(lines: list[str]) -> tuple[str | None, list[str], str, str, bool]:
    """The state (None where the record has no state's keyword), tags, note and paper
    id a record of tuireader's RIS export carries, read from the record whole, and
    whether its triage is as the export writes it.

    As the export writes it, the triage ends the record: the state's keyword, the
    tags, the note, the id (``AN``), and what comes before it is the record's own (a
    journal reference in ``N1``, the keywords of a bibliography's record). A reference
    manager that took the export in and wrote it out again (Zotero) writes the tags it
    knows in its own order: ``AN`` and each note (``N1``, as HTML, a note in several)
    before the keywords, the state's keyword among the tags wherever its order puts it.
    Such a record's tags are all its keywords but the state's, its note all its ``N1``
    (a blank line between them) and its id its ``AN``: they were the triage's."""
    fields = _ris_fields(lines)
    states = [
        number
        for number, (tag, value) in enumerate(fields)
        if tag == "KW" and _STATE_KEYWORD.fullmatch(value[0].strip())
    ]
    if not states:
        return None, [], "", "", True
    # a tag of the user's that reads as one ("tuireader:todo") may come first in
    # another order: the state's is the first that names a state
    known = [n for n in states if _state_word(fields[n][1][0]) in _STATE_NAMES]
    at = (known or states)[0]
    state = _state_word(fields[at][1][0])
    from tuireader.ingest.formats.ris import triage_as_exported

    before, after = fields[:at], fields[at + 1 :]
    written = triage_as_exported([(tag, "\n".join(value)) for tag, value in fields], at)
    # as written, the triage is what follows the state's keyword; else the whole record
    triage = after if written else before + after
    tags = [value[0].strip() for tag, value in triage if tag == "KW" and value[0].strip()]
    from tuireader.ingest.formats.ownbib import is_detail_line

    # the record's own lines that give its arXiv class and journal reference are no note
    notes = [note_text("\n".join(value)) for tag, value in triage if tag == "N1"]
    notes = [note for note in notes if "\n" in note.strip() or not is_detail_line(note)]
    if written:
        notes = notes[:1]
    note = "\n\n".join(note for note in notes if note.strip())
    paper_id = next((value[0].strip() for tag, value in triage if tag == "AN"), "")
    return state, tags, note, paper_id, written


def _state_word(keyword: str) -> str:
    """The state a state's keyword names ("tuireader:kept" → "kept")."""
    return keyword.strip().partition(":")[2].strip().lower()


def _is_csl_export(text: str) -> bool:
    """Whether ``text`` is tuireader's CSL-JSON export of papers with triage: a JSON
    list of items one of which has a state's keyword (``tuireader:kept``), or, written
    out again by Zotero (whose CSL-JSON gives no keywords), a list of CSL items one of
    which gives a paper's id in tuireader in its note (:func:`_csl_id`) and a note of
    the user's beside it (:func:`_csl_user_note`; the export gives every paper's id)."""
    from tuireader.ingest.formats.ownbib import CSL_ID_LINE

    keywords = '"keyword"' in text and "tuireader:" in text
    if not keywords and CSL_ID_LINE.strip() not in text:
        return False
    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(items, list):
        return False
    given = [item for item in items if isinstance(item, dict)]
    if keywords and any(_csl_split(item)[0] is not None for item in given):
        return True
    return _csl_items(text) is not None and any(_csl_user_note(item) for item in given)


def _csl_given_id(item: dict[str, Any]) -> str:
    """The paper's id in tuireader the note of a CSL item gives ("" for none)."""
    note = str(item.get("note") or "")
    return _csl_id(note)[1] or _csl_id(note_text(note))[1]


def _csl_user_note(item: dict[str, Any]) -> bool:
    """Whether a CSL item without a state's keyword gives a paper's id in tuireader and
    a note of the user's beside it: the export gives every paper's id, one without
    marks none of its triage, and with its keywords lost (Zotero's CSL-JSON gives none)
    its note is what is left of its marks."""
    from tuireader.triage.export import CSL_OWN_NOTE

    if not _csl_given_id(item):
        return False
    note = note_text(_csl_id(str(item.get("note") or ""))[0])
    own = item.get(CSL_OWN_NOTE)
    if isinstance(own, str) and own and note.startswith(own):
        note = note[len(own) :]
    return bool(note.strip())


def _csl_split(item: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The state a CSL item's ``keyword`` gives (None for none) and the tags after it."""
    words = [" ".join(word.split()) for word in str(item.get("keyword") or "").split(",")]
    for number, word in enumerate(words):
        if _STATE_KEYWORD.fullmatch(word):
            return word.partition(":")[2].strip().lower(), [w for w in words[number + 1 :] if w]
    return None, []


def _from_csl(text: str, path: Path, say: Callable[[str], None] | None = None) -> list[CarriedMark]:
    """The marks of tuireader's CSL-JSON export (``export.csl_triage``): each item's
    state and tags are its keywords from the state's on, its note its ``note`` after
    the item's own (``export.CSL_OWN_NOTE``) and without the line that gives the
    paper's id in tuireader (``tuireader-id: …``, :func:`_csl_id`), as text where it is
    HTML (:func:`note_text`). An item with that line and no state's keyword (Zotero's
    CSL-JSON gives no keywords) carries its note alone, and ``say`` is told how many
    do. The item is read as the JSON reader reads it, alone, for what identifies its
    paper."""
    from tuireader.ingest.formats.jsonfile import parse_json
    from tuireader.triage.export import CSL_OWN_NOTE

    marks: list[CarriedMark] = []
    unstated = 0
    for item in json.loads(text):
        state, tags = _csl_split(item) if isinstance(item, dict) else (None, [])
        if state is None and isinstance(item, dict) and _csl_user_note(item):
            # its keywords lost (Zotero's CSL-JSON gives none), its note kept: that alone
            state = DEFAULT_STATE
            unstated += 1
        if state is None:
            marks.append(_Identified("", StoredIdentity("")) | (DEFAULT_STATE, [], ""))
            continue
        note, paper_id = _csl_id(str(item.get("note") or ""))
        own = item.get(CSL_OWN_NOTE)
        # without the key that gives the citation's own note (Zotero keeps no key it
        # does not know), the note may begin with it
        own_note_in = "" if CSL_OWN_NOTE in item else "csl-json"
        if isinstance(own, str) and own and note.startswith(own):
            note = note[len(own) :].removeprefix("\n\n")
        note = note_text(note)
        if not paper_id:  # a paragraph of the note's HTML, as Zotero may write it back
            note, paper_id = _csl_id(note)
        record = {name: value for name, value in item.items() if name != CSL_OWN_NOTE}
        result = parse_json(json.dumps([record], ensure_ascii=False), path)
        mark = _mark(paper_id, result, state, tags, note)
        marks.append(replace(mark, own_note_in=own_note_in) if mark.note else mark)
    if unstated and say is not None:
        items = "1 item gives" if unstated == 1 else f"{unstated:,} items give"
        say(
            f"{path}: {items} a paper id of tuireader's but no state or tags (written out "
            "again by Zotero, whose CSL-JSON keeps no keywords?): their notes alone are "
            "taken up; tuireader export --format ris or bibtex keeps both through Zotero"
        )
    return marks


def _csl_id(note: str) -> tuple[str, str]:
    """A CSL-JSON export's ``note`` without the line that gives its paper's id in
    tuireader (``tuireader-id: …``, ``ownbib.CSL_ID_LINE``), and that id ("" for none),
    and without the lines that give the key the id comes from (``tuireader-key: …``),
    the paper's links (``tuireader-links: …``), its arXiv class and journal reference
    (``ownbib.DETAIL_LINES``).
    The export writes it last; Zotero, which keeps it in the item's Extra, may write it
    back among other lines (its own, the user's), or as a paragraph of a note in HTML:
    where the last line gives none, the last line that gives one is taken."""
    from tuireader.ingest.formats.ownbib import (
        CSL_ID_LINE,
        CSL_KEY_LINE,
        CSL_LINKS_LINE,
        is_csl_line,
        is_detail_line,
    )

    # the lines before it, that give the key the id comes from and the paper's links,
    # are no note's either
    lines = [
        line
        for line in note.split("\n")
        if not is_csl_line(line, CSL_KEY_LINE)
        and not is_csl_line(line, CSL_LINKS_LINE)
        and not is_detail_line(line)
    ]
    if lines and lines[-1].startswith(CSL_ID_LINE):  # where the export writes it
        return "\n".join(lines[:-1]), lines[-1][len(CSL_ID_LINE) :].strip()
    name = CSL_ID_LINE.rstrip().removesuffix(":")
    for at in reversed(range(len(lines))):
        word, colon, value = lines[at].strip().partition(":")
        if word == name and colon and len(value.split()) == 1:
            rest = [*lines[:at], *lines[at + 1 :]]
            if at < len(rest) and not rest[at].strip() and (at == 0 or not rest[at - 1].strip()):
                del rest[at]  # the blank line after it, where it stood first or after one
            return "\n".join(rest), value.strip()
    return "\n".join(lines), ""


def _unmarked(state: Any, tags: Any, note: Any) -> bool:
    """Whether the triage an export gives a paper is none (a new paper)."""
    text = note if isinstance(note, str) else ""
    return _state(state) == DEFAULT_STATE and not _tags(tags) and not normalize_note(text)


def _from_csv(text: str, path: Path, delimiter: str = ",") -> list[CarriedMark]:
    from tuireader.ingest.formats.table import DETACHED_COLUMN, OWN_COLUMNS, parse_csv

    # newline="": rows end where a spreadsheet ended them, old Excel for Mac at a CR
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    header = rows[0] if rows else []
    if tuple(header[: len(OWN_COLUMNS)]) != OWN_COLUMNS:
        raise _NotOurs(f"{path} is a table but not a tuireader export: its columns differ")
    column = {name: number for number, name in reversed(list(enumerate(header)))}
    marks: list[CarriedMark] = []
    for row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise NotAnExport(
                f"{path}: row {len(marks) + 2} has {len(row)} cells where the header has "
                f"{len(header)}: an export cut short or edited"
            )

        def cell(name: str, row: list[str] = row) -> str:
            return _uninert(row[column[name]])

        tags = next(csv.reader([cell("tags")], delimiter=";", skipinitialspace=True), [])
        triage = (cell("state"), tags, cell("note"))
        if _unmarked(*triage):  # nothing to take up: its paper need not be known
            marks.append(_Identified("", StoredIdentity("")) | triage)
            continue
        if DETACHED_COLUMN in column:
            # a detached mark's row, which a list reader skips, is read as its paper here
            row = [*row]
            row[column[DETACHED_COLUMN]] = ""
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([header, row])
        result = parse_csv(out.getvalue(), path)
        marks.append(_mark(cell("id"), result, *triage))
    return marks


def _uninert(cell: str) -> str:
    """A CSV export's cell as it was: the export puts ``'`` before a cell a spreadsheet
    would run as a formula (``=…``, ``+…``, ``-…``, ``@…``, and one that begins with
    apostrophes before such a character)."""
    stripped = cell.lstrip("'")
    if cell.startswith("'") and stripped[:1] in ("=", "+", "-", "@"):
        return cell[1:]
    return cell


def _from_bibtex(
    text: str, path: Path, say: Callable[[str], None] | None = None
) -> list[CarriedMark]:
    from tuireader.ingest.formats.bibtex import parse_bibtex
    from tuireader.ingest.formats.ownbib import (
        TAG_NAMES_FIELD,
        abstract_text,
        own_bibtex,
        own_triage,
    )
    from tuireader.triage.export import ID_COMMENT

    carrying = parse_bibtex(text, path)
    _said_unread(carrying, say)
    # each entry's key and its paper's id, as the comment before the entry gives them
    comment = r"^@comment\{" + re.escape(ID_COMMENT) + r" ([^\s{}]+) ([^\s{}]+)\}\r?$"
    given = dict(re.findall(comment, text, flags=re.MULTILINE))
    # the entries read: one cut in half has its id's comment and no record
    _said_cut_short(text, len(carrying.records), path, say)
    papers = own_bibtex(carrying, keep_detached=True)
    marks: list[CarriedMark] = []
    for number, (entry, record) in enumerate(zip(carrying.records, papers.records, strict=True)):
        if entry.source_entry is None:
            continue
        state, tags, note = own_triage(entry.source_entry)
        tags = _as_named(tags, entry.source_entry.get(TAG_NAMES_FIELD))
        # the paper's id where it was exported, as a JSON or CSV export gives it; an
        # export made before the id was written gives its key
        key = entry.source_entry.key
        paper_id = given.get(key) or record.source_id or key
        # the abstract as the export wrote it (``ownbib.abstract_literal``): read as
        # LaTeX, it would lose its braces
        abstract = entry.source_entry.get("abstract")
        if abstract is not None:
            record = replace(record, abstract=abstract_text(abstract))
        marks.append(_identified(paper_id, record, papers.scope(number)) | (state, tags, note))
    if not marks:
        raise NotAnExport(f"{path} starts as a tuireader export but holds no paper")
    return marks


def _as_named(tags: Sequence[str], names: str | None) -> tuple[str, ...]:
    """The tags of an entry's keywords, each as the user wrote it where the export's
    ``tuireader-tag-names`` gives it (``ownbib.TAG_NAMES_FIELD``): a keyword reads a
    tag's ``;`` or ``,`` as a space, and taken up so, "RL; theory" was another tag, "RL
    theory". A keyword no name gives stays as it is (the field left out by hand)."""
    if not names:
        return tuple(tags)
    from tuireader.ingest.formats.ownbib import literal_text

    cell = literal_text(names)
    named = next(csv.reader([cell], delimiter=";", skipinitialspace=True), [])
    by_keyword = {keyword_form(name).casefold(): name for name in named if name.strip()}
    return tuple(by_keyword.get(tag.casefold(), tag) for tag in tags)


#: a keyword of tuireader's BibTeX export that gives a paper's state ("tuireader:kept")
_STATE_KEYWORD = re.compile(r"tuireader:\s*([a-z]+)", re.IGNORECASE)


def _from_resaved_bibtex(
    text: str, path: Path, say: Callable[[str], None] | None = None
) -> list[CarriedMark] | None:
    """The marks of tuireader's BibTeX export that a reference manager (Zotero, JabRef)
    read and saved again, or None for any other text. Such a file has lost the comments
    the export wrote (its first line, and each paper's id) and often tuireader's own
    fields, its keys are the manager's and its keywords in another order: it is told by
    an entry whose keywords hold a state's (``tuireader:kept``) or that keeps a field of
    tuireader's. Each entry's state is its state's keyword, wherever it stands; its tags
    are its other keywords and its note its annote, until :func:`settled` takes out those
    its paper has of its own. A bibliography of the user's has none of these, and is
    never read as triage; nor is an entry of it that has none, beside those that do (the
    export taken into a library of the user's, which was then exported whole): one kept
    paper among twenty of the user's gave the other nineteen its keywords as tags. A
    paper the export left new and Zotero stripped of tuireader's fields carries none of
    its tags or note so."""
    from tuireader.ingest.formats.bibtex import parse_bibtex
    from tuireader.ingest.formats.ownbib import (
        NOTE_FIELD,
        OWN_NOTE_FIELD,
        TAGS_FIELD,
        abstract_text,
        literal_text,
        own_bibtex,
        own_triage,
    )

    if "tuireader" not in text.lower() or not text.lstrip().startswith(("@", "%")):
        return None
    carrying = parse_bibtex(_one_annote(text), path)
    papers = own_bibtex(carrying, keep_detached=True)
    marks: list[CarriedMark] = []
    for number, (entry, record) in enumerate(zip(carrying.records, papers.records, strict=True)):
        fields = entry.source_entry
        if fields is None:
            continue
        words = [" ".join(word.split()) for word in re.split(r"[,;]", fields.get("keywords") or "")]
        states = [
            found.group(1).lower()
            for word in words
            if (found := _STATE_KEYWORD.fullmatch(word)) and found.group(1).lower() in _STATE_NAMES
        ]
        if not states and not any(
            name.lower().startswith("tuireader-") for name, _ in fields.fields
        ):
            # an entry of the user's own bibliography beside the export's (the export
            # taken into a Zotero library, the whole library exported again): its
            # keywords and notes are no tags or notes of tuireader's
            continue
        tags = [
            _keyword_text(word) for word in words if word and not _STATE_KEYWORD.fullmatch(word)
        ]
        note = fields.get(NOTE_FIELD) or ""
        if fields.get(OWN_NOTE_FIELD) is not None:  # the entry's own annote is told apart
            note = own_triage(fields)[2]
        elif fields.get(TAGS_FIELD) is not None and not states:
            tags = list(own_triage(fields)[1])
        abstract = fields.get("abstract")
        if abstract is not None:
            record = replace(record, abstract=abstract_text(abstract))
        identified = _identified(record.source_id or fields.key, record, papers.scope(number))
        note = note_text(literal_text(note))  # Zotero's notes are HTML
        mark = identified | (states[0] if states else DEFAULT_STATE, tags, note)
        marks.append(replace(mark, resaved=True))
    if not marks:  # no entry of tuireader's: a bibliography of the user's
        return None
    _said_unread(carrying, say)
    return marks


#: the count of papers the head of a BibTeX export gives (exports made since it does)
_EXPORTED = re.compile(r"\s*@comment\{tuireader export of ([\d,]+) papers", re.IGNORECASE)


def _said_cut_short(text: str, found: int, path: Path, say: Callable[[str], None] | None) -> None:
    """Say that a BibTeX export holds fewer papers (``found``) than its head says it was
    written with: cut short (a copy stopped half way), the marks of the papers after the
    cut are in no entry, and what was taken up looked whole."""
    written = _EXPORTED.match(text[:200].lstrip("\ufeff"))
    if say is None or written is None:
        return
    count = int(written.group(1).replace(",", ""))
    if found < count:
        say(
            f"{path}: holds {found:,} of the {count:,} papers it was exported with: is the "
            "file cut short? the marks of the papers after the cut are not in it"
        )


def _said_unread(result: Any, say: Callable[[str], None] | None) -> None:
    """Say each entry of a BibTeX export the reader could not read (a field given twice
    by an edit, a brace left open): the marks it carries are not taken up, and the count
    of papers with marks said after would not tell it."""
    if say is None:
        return
    for problem in result.problems:
        if problem.severity == "warning":
            say(f"{problem} (any marks it carries are not taken up)")


#: where an entry starts, and where a field of notes does in it
_ENTRY_START = re.compile(r"^@", re.MULTILINE)
_ANNOTE_START = re.compile(r"^[ \t]*annote[ \t]*=[ \t]*\{", re.MULTILINE | re.IGNORECASE)


def _one_annote(text: str) -> str:
    """``text`` with each entry's ``annote`` fields made one, their values a blank line
    apart. Zotero writes each note of an item as an ``annote`` of its own: a note added
    to the paper there made the entry one a BibTeX reader refuses (a field given
    twice), and the paper's state, tags and note were lost with it."""
    if len(_ANNOTE_START.findall(text)) < 2:
        return text
    starts = [found.start() for found in _ENTRY_START.finditer(text)]
    bounds = zip([0, *starts], [*starts, len(text)], strict=True)
    return "".join(_entry_one_annote(text[start:end]) for start, end in bounds)


def _entry_one_annote(entry: str) -> str:
    # each annote field: where it starts, where its value starts and ends, where it ends
    fields: list[tuple[int, int, int, int]] = []
    for found in _ANNOTE_START.finditer(entry):
        depth, at = 1, found.end()
        while at < len(entry) and depth:
            if entry[at - 1] != "\\":
                depth += {"{": 1, "}": -1}.get(entry[at], 0)
            at += 1
        if depth:
            return entry  # not closed: left for the reader to say
        end = at + 1 if entry[at : at + 1] == "," else at
        fields.append((found.start(), found.end(), at - 1, end))
    if len(fields) < 2:
        return entry
    values = (entry[begin:close].strip() for _, begin, close, _ in fields)
    value = "\n\n".join(value for value in values if value)
    _, begin, close, end = fields[0]
    parts = [entry[:begin], value, entry[close:end]]
    for (start, _, _, after), (_, _, _, before) in zip(fields[1:], fields, strict=False):
        parts.append(entry[before:start])  # what stands between two of them
        end = after
    parts.append(entry[end:])
    return "".join(parts)


#: the braces the export writes for a brace a tag holds (``ownbib.bibtex_literal``)
_LITERAL_BRACES = re.compile(r"\\textbrace(?:left|right)\{\}")


def _keyword_text(word: str) -> str:
    """A keyword of an export saved again as the tag it was: Zotero braces a word's
    capitals (``{RL}``, ``{GANs}``) to keep their case in a bibliography, and those
    braces are no part of the tag; one the tag holds was written out as text
    (``\\textbraceleft{}``), and is kept."""
    from tuireader.ingest.formats.ownbib import literal_text

    parts = _LITERAL_BRACES.split(word)
    braces = _LITERAL_BRACES.findall(word)
    bare = [part.replace("{", "").replace("}", "") for part in parts]
    joined = "".join(part + (braces[n] if n < len(braces) else "") for n, part in enumerate(bare))
    return literal_text(joined)


def settled(mark: CarriedMark, paper: Paper) -> CarriedMark:
    """``mark``, read from an export saved again (:attr:`CarriedMark.resaved`,
    :attr:`CarriedMark.own_note_in`), without what ``paper``, the paper it was found
    for, has of its own: its keywords among the tags, its annote before the note (the
    export wrote both before the triage's), the note its citation gives it. Any other
    mark is as it is."""
    if mark.own_note_in:
        mark = replace(mark, note=_without_own_note(mark, paper), own_note_in="")
    if not mark.resaved:
        return mark
    from tuireader.ingest.formats.ownbib import literal_text

    # the export's citation gives the keywords and annote of the paper's BibTeX entry
    entry = paper.source_entry
    own: set[str] = set()
    own_note = ""
    if entry is not None:
        written = entry.get("keywords") or ""
        own = {
            _keyword_text(" ".join(word.split())).casefold() for word in re.split(r"[,;]", written)
        }
        own_note = note_text(literal_text(entry.get("annote") or "")).strip()
    tags = tuple(tag for tag in mark.tags if tag.casefold() not in own)
    note = mark.note
    if own_note and note.startswith(own_note):
        note = note[len(own_note) :].lstrip("\n")  # the blank line the export put between
    elif own_note and note.split() == own_note.split():
        note = ""
    return replace(mark, tags=tags, note=normalize_note(note), resaved=False)


def _without_own_note(mark: CarriedMark, paper: Paper) -> str:
    """The note of ``mark`` without the note the citation of ``paper`` in the format it
    was read from gives it (its journal reference; :attr:`CarriedMark.own_note_in`):
    the paragraph (a RIS record's note of its own, a blank line from the user's) or the
    line that is it, the first, ignoring spaces."""
    from tuireader.render.citations import cite_many

    [cited] = cite_many([paper], mark.own_note_in, notes=False)
    if mark.own_note_in == "ris":
        own = " ".join(
            found.group(2) or ""
            for line in cited.text.splitlines()
            if (found := _RIS_LINE.fullmatch(line)) and found.group(1) == "N1"
        )
    else:
        items = json.loads(cited.text or "[]")
        own = str(items[0].get("note") or "") if items else ""
    words = own.split()
    if not words:
        return mark.note
    for separator in ("\n\n", "\n"):
        parts = mark.note.split(separator)
        for number, part in enumerate(parts):
            if part.split() == words:
                rest = [*parts[:number], *parts[number + 1 :]]
                return normalize_note(separator.join(rest).strip("\n"))
    return mark.note


#: the tags of a note's HTML that hold a line of their own (Zotero's editor writes each
#: line of a note as a paragraph); a line break is ``<br>``, any other tag goes
_NOTE_LINES = frozenset(
    ("p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "hr")
)


class _NoteText(HTMLParser):
    """The text of a note's HTML, each paragraph a line (an empty one a blank line)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""
        self._opened: list[int] = []  # where the text stood at each line's tag opened
        self._skipped = 0  # inside <script> or <style>: no text of the note

    def _end_line(self, *, empty: bool = False) -> None:
        if empty or (self.text and not self.text.endswith("\n")):
            self.text += "\n"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skipped += 1
        elif tag == "br":
            self.text += "\n"
        elif tag in _NOTE_LINES:
            self._end_line()
            self._opened.append(len(self.text))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self.text += "\n"
        elif tag in _NOTE_LINES:
            self._end_line()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skipped = max(0, self._skipped - 1)
        elif tag in _NOTE_LINES:
            start = self._opened.pop() if self._opened else 0
            self._end_line(empty=len(self.text) == start)

    def handle_data(self, data: str) -> None:
        if not self._skipped:
            # the source's own line breaks and indentation are a space, as a browser
            # shows them; a no-break space (Zotero's for each of two spaces) stays
            text = re.sub(r"[ \t\r\n\f]+", " ", data)
            if not self.text or self.text.endswith("\n"):
                text = text.lstrip(" ")  # no line of its own: what stands between tags
            self.text += text


def note_text(note: str) -> str:
    """A note as text where it is HTML, as Zotero writes a note back (``<p>Read this
    <b>first</b></p><p>then this</p>``): each paragraph a line, ``<br>`` a line break,
    its character references the characters they stand for, its other tags dropped. A
    note is HTML only when it is a block of HTML whole, from an opening ``<p>``, ``<div>``,
    heading or list to an end tag (:data:`~tuireader.ingest.formats.ris.HTML_NOTE_RE`);
    any other is as written, tags and all ("a<b and c>d", "the model adds <s> at the
    start and </s> at the end", a line with a ``<br>`` in it): a note typed here comes
    back from an export as it was."""
    from tuireader.ingest.formats.ris import HTML_NOTE_RE

    if "<" not in note or HTML_NOTE_RE.fullmatch(note) is None:
        return note
    parser = _NoteText()
    parser.feed(note)
    parser.close()
    lines = [line.strip(" ").replace("\u00a0", " ") for line in parser.text.split("\n")]
    return "\n".join(lines).strip("\n")


@dataclass(frozen=True)
class _Identified:
    """A paper of the export, its triage yet to come (``|`` gives it)."""

    paper_id: str
    identity: StoredIdentity

    def __or__(self, triage: tuple[Any, Any, Any]) -> CarriedMark:
        state, tags, note = triage
        return CarriedMark(
            self.paper_id,
            self.identity,
            _state(state),
            _tags(tags),
            normalize_note(note) if isinstance(note, str) else "",
        )


def _mark(paper_id: Any, result: Any, state: Any, tags: Any, note: Any) -> CarriedMark:
    """One paper of a JSON or CSV export: its record, as the reader reads it, and its
    triage as the file gives it."""
    from tuireader.ingest.formats.common import dois_from_links
    from tuireader.ingest.formats.prose import tidy_abstracts

    records = dois_from_links(tidy_abstracts(result.records))
    given = paper_id.strip() if isinstance(paper_id, str) else ""
    if not records:
        return _Identified(given, StoredIdentity(given)) | (state, tags, note)
    return _identified(given, records[0], result.scope(0)) | (state, tags, note)


def _identified(paper_id: str, record: Any, scope: str | None) -> _Identified:
    """What identifies a record of the export, as the triage file keeps it of a paper
    (see :meth:`StoredIdentity.of`): its id is the one it had where it was exported."""
    from tuireader.ingest.identity import identify

    found = identify(record, scope or record.venue or "")
    title = record.title or ""
    return _Identified(
        paper_id,
        StoredIdentity(
            paper_id=paper_id,
            keys=tuple(str(key) for key in found.keys),
            title=title,
            title_key=found.title,
            first_author=found.first_author,
            year=found.year,
            abstract_digest=found.abstract_digest,
            abstract=(record.abstract or "")[:_ABSTRACT_KEPT],
        ),
    )


def _state(value: Any) -> str:
    """The state an export names, as the triage file keeps it; a word it does not know
    (an edited file) is no decision."""
    word = value.strip().lower() if isinstance(value, str) else ""
    return _STATE_NAMES.get(word, DEFAULT_STATE)


def _tags(values: Any) -> tuple[str, ...]:
    """The tags an export gives, each once (ignoring case), as the triage file keeps
    them; what is no text, nothing once cleaned (a CSV's "; ; rl" edited by hand), or
    holds a comma (the reader's tag separator), is left out."""
    kept: dict[str, str] = {}
    for value in values if isinstance(values, (list, tuple)) else ():
        if not isinstance(value, str):
            continue
        try:
            tag = normalize_tag(value)
        except StoreError:  # an empty tag stopped the whole import as an unexpected error
            continue
        if tag and "," not in tag:
            kept.setdefault(tag.casefold(), tag)
    return tuple(kept.values())


def match_papers(marks: Sequence[CarriedMark], papers: Sequence[Paper]) -> list[Paper | None]:
    """The paper of ``papers`` (the lists read) each mark is for, None where none is:
    the paper that has the mark's id (or has it as an alias) and is still the paper
    that was marked, else the one :meth:`Store.reattach` would give a mark that lost its
    paper (the same DOI or other strong key, title and first author, abstract). Each
    paper takes one mark at most."""
    from tuireader.triage.store import _Finder, _given

    by_id: dict[str, Paper] = {}
    for each in papers:
        for alias in each.aliases:
            by_id.setdefault(alias, each)
    by_id.update({each.id: each for each in papers})
    found: list[Paper | None] = []
    taken: set[str] = set()
    for mark in marks:
        paper: Paper | None = by_id.get(mark.paper_id)
        if (
            paper is None
            or paper.id in taken
            or (mark.identity.keys or mark.identity.title_key or mark.identity.abstract_digest)
            and _given(mark.identity, StoredIdentity.of(paper))
        ):
            paper = None
        else:
            taken.add(paper.id)
        found.append(paper)
    if all(paper is not None for paper in found):
        return found
    finder = _Finder([paper for paper in papers if paper.id not in taken], papers)
    for number, mark in enumerate(marks):
        if found[number] is None and not mark.is_default:
            match = finder.find(mark.paper_id, mark.identity)
            found[number] = match[0] if match is not None else None
    return found
