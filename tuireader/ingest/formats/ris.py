"""RIS (Zotero, EndNote, Mendeley, publishers' "export citation"): one record per
``TY  - `` … ``ER  - `` block, one tag a line.

A line is a tag (two letters or a letter and a digit), two spaces, a hyphen, a space and
the value; a line that is no tag goes on the value before it (an abstract written over
several lines). The tags read: ``TY`` (the type: ``JOUR`` an article, ``CONF`` a paper in
proceedings, …), ``TI``/``T1`` (title), ``AU``/``A1`` (authors, "Family, Given"),
``ED`` (and ``A2`` of a paper in a book or proceedings, ``A3`` of a book, as Zotero
writes them: its editors; an edited book's, ``EDBOOK``, ``AU`` too, and a book's ``A2``
where it names no one else), ``PY``/``Y1``/``DA``
(year; ``DA``'s month and day too: ``2024/08/23``), ``AB``/``N2`` (abstract), ``DO`` (DOI), ``UR`` (the paper's page; more of them
are project links), ``L1`` (the PDF, when it is a web address: a file on the exporter's
own disk is no link), ``L2``/``L4`` (links attached beside the page: a repository is a
code link, a talk's video or slides on a site of them a link to the talk), ``T2``/``JF``/``JO``/``JA``/``BT`` (journal or proceedings), ``VL``,
``IS``, ``SP``/``EP`` (pages; else ``C7``, an article's number), ``KW`` (keywords), ``PB`` (publisher), ``CY``
(its place), ``ET`` (edition), ``T3`` (the series), ``M3`` (a decision that it was
accepted: "Oral", "Poster"; an unpublished work's status), ``N1`` lines of tuireader's
export that give its arXiv primary class, journal reference and TL;DR
(``tuireader-arxiv-class: hep-ph``, ``ownbib.DETAIL_LINES``)
and ``ID`` (the source's id). A record of tuireader's own export gives, after its
triage (if any), its paper's id in tuireader (``AN``) and, where the record gives it
nowhere, the key that id comes from (``DP``, ``DB`` in an export made before:
``source:scope#id``, its list's own id for it, which
its ``ID``, a citation key, is not; ``openreview:…``): read back, the paper keeps its
id (``ReadResult.scopes``, ``ReadResult.id_texts``), and its marks stay with it. An arXiv DOI or link gives the arXiv id, and so does a
journal that names one (Google Scholar's "arXiv preprint arXiv:1412.6980"). A tag run on
after a value's text (a line break lost: "Zixu ZhangAU  - Kensuke Nakamura") is read on
a line of its own, and said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tuireader.ingest.formats.common import (
    ARXIV_ID_RE,
    CUT_SHORT,
    ReadResult,
    arxiv_from_doi,
    arxiv_from_url,
    clean,
    distinct_words,
    failure,
    flip_name,
    given_id_texts,
    line_list,
    one_line,
    plain_dois,
    split_lines,
    with_own_key,
    year_of,
)
from tuireader.ingest.formats.ownbib import details_given
from tuireader.ingest.links import classify
from tuireader.model import Problem, Record
from tuireader.render.citations import accepted_decision, submission_read

__all__ = ["looks_like_ris", "parse_ris", "records_as_ris"]

#: one tag line: the tag, and its value (empty for ``ER  -``).
_TAG_RE = re.compile(r"^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$")
#: a record's first line (its type) and last, as they start a line of RIS.
_TY_LINE_RE = re.compile(r"^TY {1,2}- *[A-Z]", re.MULTILINE)
_ER_LINE_RE = re.compile(r"^ER {1,2}-", re.MULTILINE)
#: how far into a file its first record starts, at most, for it to be RIS: after a few
#: lines about the export ("Provider: Elsevier", "Content: text/plain"), if any.
_HEAD_CHARS = 2000
_WEB_RE = re.compile(r"^https?://", re.IGNORECASE)
#: a source's id that is a citation key ("roe2023dense"), not a number.
_KEY_RE = re.compile(r"^[A-Za-z][\w:.+-]*$")

#: RIS types, by the BibTeX type of the same kind of work (any other is ``misc``).
_TYPES: dict[str, str] = {
    **dict.fromkeys(("JOUR", "JFULL", "EJOUR", "MGZN", "NEWS", "INPR"), "article"),
    **dict.fromkeys(("CONF", "CPAPER"), "inproceedings"),
    **dict.fromkeys(("CHAP", "ECHAP"), "incollection"),
    **dict.fromkeys(("BOOK", "EBOOK", "EDBOOK"), "book"),
    "THES": "phdthesis",
    "RPRT": "techreport",
    "UNPB": "unpublished",
}
#: the types whose ``A2`` is the editor of the book or proceedings the work is in.
_IN_A_BOOK = frozenset({"inproceedings", "incollection"})


def looks_like_ris(text: str) -> bool:
    """True when ``text`` is RIS: a record's ``TY  - `` line near its start (after a few
    lines about the export, as some publishers write them), and an ``ER  - `` line."""
    return bool(_TY_LINE_RE.search(text, 0, _HEAD_CHARS) and _ER_LINE_RE.search(text))


@dataclass
class _Block:
    """One record's tags as the file gives them, in order, and the line it starts on."""

    line: int
    tags: list[tuple[str, str]] = field(default_factory=list)
    ended: bool = False

    def all(self, *names: str) -> list[str]:
        return [value.strip() for tag, value in self.tags if tag in names and value.strip()]

    def first(self, *names: str) -> str | None:
        """The first value of the first of ``names`` the record has."""
        for name in names:
            values = self.all(name)
            if values:
                return values[0]
        return None


#: a tag that a line holds after text of its own ("Zixu ZhangAU  - Kensuke Nakamura",
#: "PY  - 2023T2  - …", the next record's "TY  - " after an "ER  - "): a line break lost
#: before it. Only the tags exports write, each with its two spaces and hyphen, lest an
#: abstract's words be taken for one.
_JOINED_TAG_RE = re.compile(
    r"(?:(?<=\S)|(?<=^ER  - ))(?=(?:TY|ER|AU|A[1-4]|ED|TI|T[1-3]|BT|PY|Y[12]|DA|AB|N[12]|DO|UR|L[1-4]|JF|JO"
    r"|JA|J2|VL|IS|SP|EP|KW|PB|CY|ET|ID|SN|LA|DB|DP|C7|ST|M3|AN)  -(?: |$))"
)


def _blocks(text: str) -> tuple[list[_Block], list[int], list[int]]:
    """The records of a RIS text, the lines between records that hold something (the
    lines before the first, about the export, are not records), and the lines that hold
    a tag after text of their own, read as a line for each (cut before each tag, the
    line's number given to each part). In the triage tuireader's export writes after a
    record's own lines (from its state's keyword, ``KW  - tuireader:kept``, on) each tag
    has a line of its own: a line of the user's note there that holds one after text
    ("see alsoAU  - …") is the note's, and only its record's end is looked for in it."""
    blocks: list[_Block] = []
    stray: list[int] = []
    joined: list[int] = []
    current: _Block | None = None
    triage = False  # in the triage of a record of tuireader's export
    for number, whole in enumerate(split_lines(clean(text)), start=1):
        if triage and not whole.startswith("ER  - "):
            parts = [whole]
        else:
            parts = _JOINED_TAG_RE.split(whole)
        if len(parts) > 1:
            joined.append(number)
        for part in parts:
            line = part.lstrip("\ufeff").rstrip()
            found = _TAG_RE.match(line)
            if found and found.group(1) == "TY":
                current = _Block(number)
                blocks.append(current)
                triage = False
            if current is None:
                if line.strip() and blocks:
                    stray.append(number)
                continue
            if found:
                tag, value = found.group(1), found.group(2) or ""
                if tag == "ER":
                    current.ended = True
                    current = None
                    triage = False
                    continue
                current.tags.append((tag, value))
                if tag == "KW" and _STATE_KEYWORD_RE.fullmatch(value.strip()):
                    triage = True
            elif line.strip() and current.tags:
                tag, value = current.tags[-1]
                current.tags[-1] = (tag, f"{value}\n{line.strip()}")
    return blocks, stray, joined


def _people(values: list[str]) -> list[str]:
    """One name a line, as RIS gives them; a line of several joined with ";" (some
    publishers' exports: "Smith, John; Doe, Anna") is each of them."""
    return [name.strip() for value in values for name in value.split(";") if name.strip()]


def _pages(start: str | None, end: str | None) -> str | None:
    if start and end and "-" not in start:
        return f"{start}-{end}"
    return start or end


#: a RIS date with its month, and its day maybe: "2024/08/23", "2024/08/", "2024/08"
_RIS_DATE = re.compile(r"^\s*\d{4}/(\d{1,2})(?:/(\d{1,2})?)?")


def _month_day(date: str | None) -> tuple[int | None, int | None]:
    """The month and day a RIS date gives (``DA  - 2024/08/23``, as Zotero and EndNote
    write it), each None where it gives none or one out of range."""
    found = _RIS_DATE.match(date or "")
    if found is None or not 1 <= int(found.group(1)) <= 12:
        return None, None
    day = int(found.group(2)) if found.group(2) else None
    return int(found.group(1)), day if day and 1 <= day <= 31 else None


def _record(block: _Block) -> Record | None:
    kind = (block.first("TY") or "").upper()
    entry_type = _TYPES.get(kind, "misc")
    title = one_line(
        block.first("TI", "T1") or (block.first("BT") if entry_type == "book" else None)
    )
    abstract = "\n".join(block.all("AB", "N2")[:1])
    if not title and not abstract:
        return None
    authors = _people(block.all("AU", "A1"))
    editors = _people(block.all("ED") + (block.all("A2") if entry_type in _IN_A_BOOK else []))
    if entry_type == "book" and not editors:
        editors = _people(block.all("A3"))  # Zotero writes a book's editors as A3
    if entry_type == "book" and not editors and not authors:
        # RIS's own reading of a book's A2, its editors (Zotero's is the series'; it
        # writes the editors as A3, read above): a book with no other names is an
        # edited book, cited by these in the authors' place ("Smith, J. (Ed.)")
        editors = _people(block.all("A2"))
    if kind == "EDBOOK":
        # an edited book's AU are its editors (RIS's own reading, EndNote's "Edited
        # Book"): cited as its authors, APA gave them no "(Eds.)"
        editors = [*authors, *(name for name in editors if name not in authors)]
        authors = []
    if entry_type == "article":
        container = block.first("JF", "T2", "JO", "JA")
    elif entry_type == "book":
        container = None
    else:
        container = block.first("T2", "BT")
    container = one_line(container)
    status = None
    submitted = submission_read(block.first("M3")) if entry_type == "unpublished" else None
    if submitted is not None:
        # a submission not published, as tuireader's export writes one: its status in M3
        # ("Submitted to ICLR 2024 (Reject)"), the venue it was submitted to and the
        # decision, which say what it is (its citations' type is theirs to give)
        container = container or submitted[0]
        status = submitted[1]
    # the decision that it was accepted ("Oral", "Poster"), as tuireader's export writes
    # it where a submission's status goes
    status = status or accepted_decision(block.first("M3"))
    # what RIS has no tag for, as tuireader's export writes it: an ``N1`` line each
    # ("tuireader-arxiv-class: hep-ph", "tuireader-journal-ref: …")
    details = details_given(block.all("N1"))
    month, day = _month_day(block.first("DA", "Y1", "PY"))
    dois = plain_dois(block.first("DO"))
    pages = block.all("UR")
    pdfs = [value for value in block.all("L1") if _WEB_RE.match(value)]
    code, talks = _attached_links(block)
    arxiv_id = arxiv_from_doi(dois[0] if dois else None)
    for page in pages:
        arxiv_id = arxiv_id or arxiv_from_url(page)
    if arxiv_id is None and container and "arxiv" in container.lower():
        # Google Scholar's journal of a preprint: "arXiv preprint arXiv:1412.6980"
        found = ARXIV_ID_RE.search(container)
        arxiv_id = found.group(1) if found else None
    source_id = block.first("ID")
    return Record(
        title=title,
        abstract=abstract,
        authors=tuple(flip_name(name) if "," in name else name for name in authors),
        author_names=tuple(authors) if authors and all("," in name for name in authors) else (),
        venue=container,
        status=status,
        year=year_of(block.first("PY", "Y1", "DA")),
        month=month,
        day=day,
        url=pages[0] if pages else None,
        pdf=pdfs[0] if pdfs else None,
        doi=dois[0] if dois else None,
        other_dois=dois[1:],
        project_urls=tuple(pages[1:]),
        code_urls=code,
        talk_urls=talks,
        arxiv_id=arxiv_id,
        arxiv_class=details.get("arxiv_class") if arxiv_id else None,
        journal_ref=details.get("journal_ref"),
        tldr=details.get("tldr"),
        source_id=source_id,
        cite_key=source_id if source_id and _KEY_RE.match(source_id) else None,
        entry_type=None if submitted is not None else entry_type,
        journal=container if entry_type == "article" else None,
        booktitle=container if entry_type in _IN_A_BOOK else None,
        volume=one_line(block.first("VL")),
        number=one_line(block.first("IS")),
        pages=_pages(block.first("SP"), block.first("EP"))
        # the article's number (Scopus's "C7  - 093903", as EndNote's RIS defines it for
        # a journal's or proceedings' paper), cited where there are no pages
        or (one_line(block.first("C7")) if entry_type in ("article", "inproceedings") else None),
        publisher=one_line(block.first("PB")),
        place=one_line(block.first("CY")),
        # the series (EndNote's and Zotero's T3: "Proceedings of Machine Learning Research")
        series=one_line(block.first("T3")),
        edition=one_line(block.first("ET")),
        editor=tuple(editors),
        # one a line, or several on one joined with ";" (as Zotero reads them too)
        keywords=distinct_words(
            one_line(word) or ""
            for value in _own_keywords(block)
            for word in re.split(r"[;\n]", value)
        ),
    )


def _attached_links(block: _Block) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The links a record attaches beside its page (``L2``, ``L4``: tuireader's export
    gives there the links of a paper without a page of its own, and Zotero writes back
    each link attached to an item there) whose address says what they are: the code
    repositories, and a talk's videos and slides, each with its kind. Any other (a
    publisher's full text, a figure) is no link of the paper's read here."""
    code: list[str] = []
    talks: list[tuple[str, str]] = []
    for value in block.all("L2", "L4"):
        for address in value.split():
            if not _WEB_RE.match(address):
                continue
            kind = classify(address)
            if kind == "code":
                code.append(address)
            elif kind in ("video", "slides"):
                talks.append((kind, address))
    return tuple(code), tuple(talks)


#: the keyword that begins the triage tuireader's RIS export writes after a record's
#: own keywords (``KW  - tuireader:kept``, then the tags): no keyword of the paper's
_STATE_KEYWORD_RE = re.compile(r"tuireader:\s*[a-z]+", re.IGNORECASE)


#: the tags tuireader's RIS export writes after a record's state's keyword, in order:
#: the tags, the note, the paper's id in tuireader, the key that id comes from (``DP``;
#: ``DB`` in an export made before)
_TRIAGE_AFTER_RE = re.compile(r"(?:KW )*(?:N1 )?(?:AN )?(?:D[BP] )?")
#: a paper's id in tuireader, as an export's ``AN`` gives it (``identity.digest``'s
#: start, lowercase base32): no accession number of a database's ("WOS:000…", "12345")
_OWN_ID_RE = re.compile(r"[a-z2-7]{8,32}")
#: the key a paper's id comes from, as an export's ``DP`` (``DB``) gives it
#: (``common.with_own_key``): no database's name ("Scopus", "arXiv.org")
_OWN_KEY_RE = re.compile(r"source:[^#]*\S[^#]*#\S.*|openreview:\S+")
#: a note Zotero writes back as HTML: from its first tag, a block of the note's editor
#: (``<div data-schema-version="8">``, ``<p>``, ``<h1>``, a list), to its last, an end tag
HTML_NOTE_RE = re.compile(
    r"\s*<(?:div|p|h[1-6]|ul|ol|blockquote|pre|table)(?:\s[^<>]*)?>.*</[a-z][a-z0-9]*>\s*",
    re.IGNORECASE | re.DOTALL,
)


def triage_as_exported(fields: Sequence[tuple[str, str]], at: int) -> bool:
    """Whether the triage of a RIS record, its tags and values ``fields`` in order and
    its state's keyword (``KW  - tuireader:kept``) at ``at``, stands as tuireader's
    export writes it: ending the record, the state's keyword, the tags, the note, the id
    (``AN``), after the record's own keywords and note. A reference manager that took
    the export in and wrote it out again (Zotero) writes them in its own order: ``AN``
    and each note (``N1``, as HTML) before the keywords, the state's keyword among them,
    where the tags cannot be told from the record's own keywords."""
    before, after = fields[:at], fields[at + 1 :]
    if _TRIAGE_AFTER_RE.fullmatch("".join(tag + " " for tag, _value in after)) is None:
        return False
    if before and before[-1][0] == "KW":
        return False  # the state's keyword among the keywords, in another order than ours
    # the id, or a note as Zotero writes one, before the keywords
    return not any(
        tag == "AN" or (tag == "N1" and HTML_NOTE_RE.fullmatch(value)) for tag, value in before
    )


def _own_ids(block: _Block) -> tuple[str | None, str | None]:
    """What a record of tuireader's export says of its paper's id: the id in tuireader
    (``AN``), and the key it comes from (``DP``, or ``DB`` as an export made before
    wrote it; ``common.with_own_key``). After the state's keyword, as the export writes
    them for a paper with marks (:func:`triage_as_exported`); else, as it writes them
    for one without, or as a reference manager writes them back in its own order
    (Zotero: ``AN`` and ``DP`` before the keywords), where they have their shapes
    (:data:`_OWN_ID_RE`, :data:`_OWN_KEY_RE`). Nones for any other record (an ``AN``,
    ``DP`` or ``DB`` of a database's own: an accession number, "Scopus"); an id is
    taken only where it is the digest of a key the record gives
    (``common.given_id_texts``)."""
    fields = [(tag, value.strip()) for tag, value in block.tags if tag != "KW" or value.strip()]
    for at, (tag, value) in enumerate(fields):
        if tag == "KW" and _STATE_KEYWORD_RE.fullmatch(value):
            if not triage_as_exported(fields, at):
                break
            after = dict(fields[at + 1 :])
            return after.get("AN") or None, after.get("DP") or after.get("DB") or None
    given = next((v for tag, v in fields if tag == "AN" and _OWN_ID_RE.fullmatch(v)), None)
    key = next((v for tag, v in fields if tag in ("DP", "DB") and _OWN_KEY_RE.fullmatch(v)), None)
    return given, key


def _own_keywords(block: _Block) -> list[str]:
    """A record's ``KW`` values but the triage tuireader's export adds to them: as the
    export writes it (:func:`triage_as_exported`), the state's keyword and the tags
    after it; in another order, where the tags cannot be told from the paper's own
    keywords, the state's keyword alone (the keywords after it were lost)."""
    fields = [(tag, value.strip()) for tag, value in block.tags if tag != "KW" or value.strip()]
    for at, (tag, value) in enumerate(fields):
        if tag == "KW" and _STATE_KEYWORD_RE.fullmatch(value):
            if triage_as_exported(fields, at):
                return [value for name, value in fields[:at] if name == "KW"]
            return [
                value
                for name, value in fields
                if name == "KW" and not _STATE_KEYWORD_RE.fullmatch(value)
            ]
    return [value for name, value in fields if name == "KW"]


def tagged_records(
    text: str, tag_re: re.Pattern[str], first: str
) -> list[tuple[int, list[tuple[str, str]]]]:
    """The records of a tagged export that is not RIS (EndNote's, PubMed's): each with
    the number of its first line and its tags and values, in file order. ``tag_re``
    matches a tagged line (the tag its first group, the value its second); a record
    starts after a blank line, or at the tag ``first``; a line without a tag carries on
    the value before it."""
    found: list[tuple[int, list[tuple[str, str]]]] = []
    current: list[tuple[str, str]] | None = None
    for number, line in enumerate(split_lines(clean(text)), start=1):
        line = line.lstrip("\ufeff").rstrip()
        tag = tag_re.match(line)
        if not line.strip():
            current = None
        elif tag and (current is None or tag.group(1) == first):
            current = [(tag.group(1), tag.group(2) or "")]
            found.append((number, current))
        elif tag and current is not None:
            current.append((tag.group(1), tag.group(2) or ""))
        elif current:
            name, value = current[-1]
            current[-1] = (name, f"{value}\n{line.strip()}")
    return found


def records_as_ris(
    path: Path,
    blocks: list[tuple[int, _Block]],
    what: str,
    *,
    keys: bool = True,
    stray: Sequence[int] = (),
    between: str = "",
    unended: int | None = None,
    kept: list[_Block] | None = None,
) -> tuple[list[Record], list[Problem]]:
    """The records of RIS ``blocks`` (each with the line it starts on), or of another
    tagged format's written as the RIS records of the same meaning (Web of Science's,
    EndNote's, PubMed's), and what to say of them: the lines ``stray`` between records
    (``between`` says where those are, "after an 'ER' and before the next 'PT'"), the
    records with neither a title nor an abstract, skipped, a last record that starts on
    line ``unended`` and has no ER line, and a file of none. ``what`` names the format's
    records in messages; without ``keys``, a record's id (an accession number) is no
    citation key. ``kept`` is given the block of each record read, in order."""
    records: list[Record] = []
    bare: list[int] = []
    for line, block in blocks:
        record = _record(block)
        if record is None:
            bare.append(line)
        else:
            records.append(record if keys else replace(record, cite_key=None))
            if kept is not None:
                kept.append(block)
    problems: list[Problem] = []
    if stray:
        s = "s" if len(stray) > 1 else ""
        problems.append(
            Problem(
                path,
                f"skipped line{s} {line_list(list(stray))}: between records ({between})",
                "warning",
            )
        )
    if bare:
        s = "s" if len(bare) > 1 else ""
        problems.append(
            Problem(
                path,
                f"skipped {len(bare)} record{s} with neither a title nor an abstract "
                f"(line{s} {line_list(bare)})",
                "warning",
            )
        )
    if unended is not None:
        problems.append(
            Problem(
                path,
                f"the last record (line {unended}) has no ER line; read it as it is {CUT_SHORT}",
                "warning",
            )
        )
    if not records:
        problems.append(
            Problem(path, f"no {what} record with a title or an abstract could be read")
        )
    return records, problems


def parse_ris(text: str, path: Path) -> ReadResult:
    """Read a RIS file's text into records (see the module's description)."""
    blocks, stray, joined = _blocks(text)
    if not blocks:
        return failure(
            path,
            "holds no RIS records (a record starts with a 'TY  - ' line and ends with 'ER  - ')",
            "ris",
        )
    kept: list[_Block] = []
    records, problems = records_as_ris(
        path,
        [(block.line, block) for block in blocks],
        "RIS",
        stray=stray,
        between="after an 'ER  - ' and before the next 'TY  - '",
        unended=None if blocks[-1].ended else blocks[-1].line,
        kept=kept,
    )
    ids: list[str | None] = []
    scopes: list[str | None] = []
    for number, block in enumerate(kept):
        given, key = _own_ids(block)
        records[number], scope = with_own_key(records[number], key)
        ids.append(given)
        scopes.append(scope)
    if joined:
        s = "s" if len(joined) > 1 else ""
        said = (
            f"line{s} {line_list(joined)}: a tag after text on the same line (the line "
            "break before it lost); read the tag on a line of its own"
        )
        problems.insert(0, Problem(path, said, "warning"))
    id_texts = given_id_texts(records, scopes, ids, path.stem) if any(ids) else []
    return ReadResult(
        path,
        path.stem,
        "ris",
        tuple(records),
        tuple(problems),
        tuple(scopes) if any(scopes) else (),
        tuple(id_texts) if any(id_texts) else (),
    )
