"""PubMed's MEDLINE export (``.nbib``, "Save: Format PubMed"): one record per run of
tagged lines, each record starting with ``PMID-``, a blank line between records.

A line is a tag (up to four capitals, padded with spaces), ``- `` and the value; a line
that starts with spaces goes on the value before it. Each tag is read as the RIS tag of
the same meaning and the record as a RIS record (``ris._record``): ``TI`` (title, without the full stop MEDLINE ends it with),
``FAU`` (full names, else ``AU``, "Smith JR" read as "Smith, J. R.") and ``CN`` (a group's name, kept whole) → authors, ``AB``, ``DP`` → year, ``JT`` (else
``TA``) → journal, ``VI``, ``IP``, ``PG`` → pages (the last one written whole: MEDLINE's
"436-44" is 436–444), ``LID``/``AID`` "… [doi]" → DOI, ``OT`` and ``MH`` (the heading,
without its qualifiers) → keywords, ``PMID`` → the source's id and the paper's PubMed page.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import ReadResult, failure
from tuireader.ingest.formats.ris import _Block, records_as_ris, tagged_records

__all__ = ["looks_like_medline", "parse_medline"]

#: one tag line: the tag (padded to four characters) and its value
_TAG_RE = re.compile(r"^([A-Z]{2,4}) *- (.*)$")
_START_RE = re.compile(r"\A\s*PMID- *\d+", re.IGNORECASE)
_DOI_RE = re.compile(r"^(\S+) \[doi\]$")
_PUBMED = "https://pubmed.ncbi.nlm.nih.gov/"
#: an ``AU`` name: the family name (of any words), then the initials without stops
_SHORT_NAME_RE = re.compile(r"(.*[^\W\d_]) ([A-Z]{1,4})")


def looks_like_medline(text: str) -> bool:
    """True when ``text`` is a MEDLINE export: its first line is a record's ``PMID-``."""
    return bool(_START_RE.match(text.lstrip("\ufeff")))


def _as_ris(tags: list[tuple[str, str]]) -> _Block:
    """A MEDLINE record's tags as the RIS record of the same meaning."""
    block = _Block(0)
    names = {tag for tag, _value in tags}
    kinds = " ".join(value for tag, value in tags if tag == "PT").lower()
    block.tags.append(("TY", "CHAP" if "chapter" in kinds else "JOUR"))
    people = "FAU" if "FAU" in names else "AU"
    journal = "JT" if "JT" in names else "TA"
    doi = next(
        (
            found.group(1)
            for tag, value in tags
            if tag in ("LID", "AID")
            if (found := _DOI_RE.match(value))
        ),
        None,
    )
    for tag, value in tags:
        if tag == people:
            # ``AU``, where no ``FAU`` gives the full names: "Smith JR", the family name
            # then the initials, as RIS's "Smith, J. R." (not "Smith" the given name of
            # "JR")
            short = _SHORT_NAME_RE.fullmatch(value.strip()) if people == "AU" else None
            if short:
                value = f"{short[1]}, {' '.join(f'{letter}.' for letter in short[2])}"
            block.tags.append(("AU", value))
        elif tag == "CN":
            # a group among the authors ("SPIRIT-AI and CONSORT-AI Working Group"): one
            # name as a whole, written as RIS writes an organisation's, a comma after it
            block.tags.append(("AU", " ".join(value.split()) + ","))
        elif tag == journal:
            block.tags.append(("JF", value))
        elif tag == "PG":
            first, _, last = (part.strip() for part in value.partition("-"))
            block.tags.append(("SP", first))
            if last:
                block.tags.append(("EP", _last_page(first, last)))
        elif tag == "OT":
            block.tags.append(("KW", value.lstrip("*")))  # "*": a major topic
        elif tag == "MH":
            # a MeSH heading, perhaps with its qualifiers ("Artificial
            # Intelligence/*trends"), "*" marking a major topic: the heading is the keyword
            block.tags.append(("KW", value.partition("/")[0].strip().lstrip("*")))
        elif tag == "TI":
            # MEDLINE ends every title with a full stop
            title = " ".join(value.split())
            block.tags.append(
                ("TI", title[:-1] if title.endswith(".") and not title.endswith("..") else title)
            )
        elif tag == "PMID":
            block.tags.append(("ID", f"PMID:{value.strip()}"))
            block.tags.append(("UR", f"{_PUBMED}{value.strip()}/"))
        else:
            ris = {"AB": "AB", "DP": "PY", "VI": "VL", "IP": "IS", "PB": "PB"}.get(tag)
            if ris:
                block.tags.append((ris, value))
    if doi:
        block.tags.append(("DO", doi))
    return block


def _last_page(first: str, last: str) -> str:
    """The last page as a citation gives it: MEDLINE writes only the digits that differ
    from the first page's ("436-44" is 436 to 444, "1021-3" 1021 to 1023)."""
    if first.isdigit() and last.isdigit() and len(last) < len(first):
        return first[: len(first) - len(last)] + last
    return last


def parse_medline(text: str, path: Path) -> ReadResult:
    """Read a MEDLINE export's text into records (see the module's description)."""
    found = tagged_records(text, _TAG_RE, "PMID")
    if not found:
        return failure(path, "holds no PubMed records (a record starts with a 'PMID-' line)", "ris")
    blocks = [(number, _as_ris(tags)) for number, tags in found]
    # a PubMed id is no citation key
    records, problems = records_as_ris(path, blocks, "PubMed", keys=False)
    return ReadResult(path, path.stem, "ris", tuple(records), tuple(problems))
