"""Web of Science's tagged export ("Plain Text" or "Other File Formats", ``savedrecs.txt``):
``FN`` and ``VR`` lines, then one record per ``PT`` … ``ER`` block, ``EF``
at the end.

A line is a tag (two capitals or a capital and a digit) at its start, a space and the
value; a line that starts with spaces goes on the tag before it: another name of a list
of names (``AU``, ``AF``, ``BE``), else more of the value (a title or an abstract over
several lines). Each tag is read as the RIS tag of the same meaning, and the record as a
RIS record (``ris._record``): ``PT``/``DT`` → the type (``DT`` "Proceedings Paper" a
paper in proceedings), ``AF`` (full names, else ``AU``) and ``CA`` (a group's name, kept
whole) → authors, ``BE`` → editors,
``TI``, ``SO`` (the journal or proceedings; a journal's name in capitals in the case
its ISO abbreviation ``JI`` gives; no volume after it that ``VL`` gives, and a
proceedings paper's conference title ``CT`` in place of the series that is left), ``PY``, ``AB``, ``DI`` → DOI, ``BP``–``EP``,
``VL``, ``IS``, ``PU`` → publisher, ``DE`` (";"-joined) → keywords, ``UT`` → the source's
id.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import (
    ReadResult,
    clean,
    failure,
    split_lines,
    wos_venue,
)
from tuireader.ingest.formats.ris import _Block, records_as_ris

__all__ = ["looks_like_wos", "parse_wos"]

#: one tag line: the tag and its value (empty for ``ER``)
_TAG_RE = re.compile(r"^([A-Z][A-Z0-9])(?: (.*))?$")
#: the head of an export: ``FN`` (the file's name: "Clarivate Analytics Web of Science",
#: "Thomson Reuters Web of Science™") on its first line, then a record's ``PT``
_HEAD_RE = re.compile(r"\A\ufeff?FN [^\n]*\n(?:VR [^\n]*\n)?\s*PT ", re.IGNORECASE)
#: tags whose lines after the first are more values, one a line (one name each)
_LISTS = frozenset({"AU", "AF", "BE", "BA", "BF", "CA", "GP", "C1", "CR"})
#: Web of Science's tags by the RIS tag of the same meaning (``AF`` before ``AU``: the
#: full names are the names)
_AS_RIS = {
    "TI": "TI",
    "SO": "T2",
    "PY": "PY",
    "AB": "AB",
    "DI": "DO",
    "BP": "SP",
    "EP": "EP",
    "VL": "VL",
    "IS": "IS",
    "PU": "PB",
    "BE": "ED",
    "UT": "ID",
}
#: ``PT`` (publication type) by the RIS type: a journal, a book, a series, a patent
_TYPES = {"J": "JOUR", "B": "BOOK", "S": "JOUR", "P": "PAT"}


def looks_like_wos(text: str) -> bool:
    """True when ``text`` is a Web of Science export: ``FN …`` (and ``VR …``) on its first
    lines, then a record's ``PT`` line."""
    return bool(_HEAD_RE.match(text.replace("\r\n", "\n")))


def _tagged(text: str) -> tuple[list[tuple[int, list[tuple[str, str]], bool]], list[int]]:
    """The records of the text: (first line, tags in order, whether an ``ER`` ended it),
    and the lines outside records that hold something other than ``FN``/``VR``/``EF``."""
    records: list[tuple[int, list[tuple[str, str]], bool]] = []
    stray: list[int] = []
    tags: list[tuple[str, str]] | None = None
    for number, line in enumerate(split_lines(clean(text)), start=1):
        line = line.lstrip("\ufeff").rstrip()
        found = _TAG_RE.match(line)
        if found and found.group(1) == "PT":
            tags = []
            records.append((number, tags, False))
        if tags is None:
            if line.strip() and not (found and found.group(1) in ("FN", "VR", "EF")):
                stray.append(number)
            continue
        if found:
            tag, value = found.group(1), found.group(2) or ""
            if tag == "ER":
                start, done, _ = records[-1]
                records[-1] = (start, done, True)
                tags = None
                continue
            tags.append((tag, value))
        elif line.strip() and tags:
            tag, value = tags[-1]
            if tag in _LISTS:
                tags.append((tag, line.strip()))
            else:
                tags[-1] = (tag, f"{value}\n{line.strip()}")
    return records, stray


def _as_ris(tags: list[tuple[str, str]]) -> _Block:
    """A Web of Science record's tags as the RIS record of the same meaning."""
    block = _Block(0)
    names = {tag for tag, _value in tags}
    kind = _TYPES.get(next((v.strip() for t, v in tags if t == "PT"), ""), "JOUR")
    document = " ".join(v for t, v in tags if t == "DT").lower()
    if "proceedings paper" in document:
        kind = "CONF"
    block.tags.append(("TY", kind))
    people = "AF" if "AF" in names else "AU"
    iso = next((v for t, v in tags if t == "JI"), None)
    volume = next((v for t, v in tags if t == "VL"), None)
    # a proceedings paper's conference as its title (CT) names it, in place of a series
    conference = next((v for t, v in tags if t == "CT"), None) if kind == "CONF" else None
    for tag, value in tags:
        if tag == "SO":
            # the journal in capitals, its ISO abbreviation (JI) in its own case
            value = wos_venue(value, iso, volume=volume, conference=conference)
        if tag == people:
            block.tags.append(("AU", value))
        elif tag == "CA":
            # a group among the authors ("CMS Collaboration"): one name as a whole,
            # written as RIS writes an organisation's, a comma after it
            block.tags.append(("AU", " ".join(value.split()) + ","))
        elif tag == "DE":
            block.tags.extend(("KW", word) for word in value.replace("\n", " ").split(";"))
        elif tag in _AS_RIS:
            block.tags.append((_AS_RIS[tag], value))
        elif tag == "AR" and "BP" not in names:
            # the article's number, where its journal gives no pages: a citation gives it
            # in their place, as it gives Scopus's "Art. No."
            block.tags.append(("SP", value))
    return block


def parse_wos(text: str, path: Path) -> ReadResult:
    """Read a Web of Science export's text into records (see the module's description)."""
    tagged, stray = _tagged(text)
    if not tagged:
        return failure(
            path, "holds no Web of Science records (a record starts with a 'PT' line)", "ris"
        )
    blocks = [(line, _as_ris(tags)) for line, tags, _ended in tagged]
    # its accession number ("WOS:000355286600030") is no citation key
    records, problems = records_as_ris(
        path,
        blocks,
        "Web of Science",
        keys=False,
        stray=stray,
        between="after an 'ER' and before the next 'PT'",
        unended=None if tagged[-1][2] else tagged[-1][0],
    )
    return ReadResult(path, path.stem, "ris", tuple(records), tuple(problems))
