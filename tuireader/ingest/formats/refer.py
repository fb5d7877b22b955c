"""EndNote's tagged export (refer, ``.enw``: Google Scholar's "EndNote" link, EndNote's
and Zotero's "Refer/BibIX"): one record per run of ``%`` lines, a blank line between
records.

A line is a tag (``%`` and a character), a space and the value; a line that is no tag
goes on the value before it. Each tag is read as the RIS tag of the same meaning and the
record as a RIS record (``ris._record``): ``%0`` (the type: "Journal Article",
"Conference Paper", "Book Section", …), ``%T`` (title), ``%A`` (authors), ``%E``
(editors), ``%D`` (year), ``%J`` (journal), ``%B`` (the book or proceedings), ``%V``,
``%N``, ``%P`` (pages), ``%I`` (publisher), ``%R`` (DOI), ``%U`` (web page), ``%X``
(abstract), ``%K`` (keywords), ``%F`` (a label: the source's id).
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import ReadResult, failure, split_lines
from tuireader.ingest.formats.ris import _Block, records_as_ris, tagged_records

__all__ = ["looks_like_refer", "parse_refer"]

#: one tag line: the tag's character and its value
_TAG_RE = re.compile(r"^%(\S)(?: (.*))?$")
#: a record's first line, with its type: "%0 Journal Article"
_TYPE_LINE_RE = re.compile(r"^%0 \S", re.MULTILINE)
#: refer's tags by the RIS tag of the same meaning (``%J`` and ``%B`` are the container)
_AS_RIS = {
    "T": "TI",
    "A": "AU",
    "E": "ED",
    "D": "PY",
    "J": "JO",
    "B": "T2",
    "V": "VL",
    "N": "IS",
    "I": "PB",
    "R": "DO",
    "U": "UR",
    "X": "AB",
    "F": "ID",
    "7": "ET",
}
#: EndNote's reference types (``%0`` here, ``ref-type`` in its XML export) by the RIS type
#: of the same work (any other is RIS's generic type)
ENDNOTE_TYPES = {
    "journal article": "JOUR",
    "electronic article": "JOUR",
    "magazine article": "JOUR",
    "newspaper article": "JOUR",
    "conference paper": "CONF",
    "conference proceedings": "CONF",
    "book section": "CHAP",
    "book": "BOOK",
    "edited book": "EDBOOK",  # its authors ("%A", <authors>) are its editors
    "thesis": "THES",
    "report": "RPRT",
    "unpublished work": "UNPB",
    "web page": "ELEC",
}


def looks_like_refer(text: str) -> bool:
    """True when ``text`` is EndNote's tagged export: its first line is a record's type
    (``%0 Journal Article``)."""
    first = next((line for line in split_lines(text.lstrip("\ufeff")) if line.strip()), "")
    return bool(_TYPE_LINE_RE.match(first.strip()))


def _as_ris(tags: list[tuple[str, str]]) -> _Block:
    """A refer record's tags as the RIS record of the same meaning."""
    block = _Block(0)
    kind = next((value.strip().lower() for tag, value in tags if tag == "0"), "")
    block.tags.append(("TY", ENDNOTE_TYPES.get(kind, "GEN")))
    for tag, value in tags:
        if tag == "P":
            first, _, last = value.partition("-")
            block.tags.append(("SP", first.strip()))
            if last.strip("- "):
                block.tags.append(("EP", last.strip("- ")))
        elif tag == "K":
            block.tags.extend(("KW", word) for word in re.split(r"[\n;]", value))
        elif tag in _AS_RIS:
            block.tags.append((_AS_RIS[tag], value))
    return block


def parse_refer(text: str, path: Path) -> ReadResult:
    """Read an EndNote tagged export's text into records (see the module's description)."""
    found = tagged_records(text, _TAG_RE, "0")
    if not found:
        return failure(path, "holds no EndNote records (a record starts with a '%0' line)", "ris")
    blocks = [(number, _as_ris(tags)) for number, tags in found]
    records, problems = records_as_ris(path, blocks, "EndNote")
    return ReadResult(path, path.stem, "ris", tuple(records), tuple(problems))
