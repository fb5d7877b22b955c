"""A numbered list of references pasted as text (a paper's bibliography, a reading list
copied from a document): one reference an entry, each starting ``[1]``, ``[2]``, …

Each reference is read in the two styles papers cite in: IEEE's (``[1] A. Vaswani, N.
Shazeer, and N. Parmar, "Attention is all you need," in Proc. NeurIPS, 2017.``: the
authors before the quoted title, the venue after "in") and APA's (``[2] He, K., &
Zhang, X. (2016). Deep residual learning. In CVPR.``: the authors before the year in
parentheses, the title after it). A reference in neither style is kept whole as the
paper's text, so no reference is lost. ``arXiv:…`` gives the arXiv id and ``doi:…``
the DOI.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import (
    ARXIV_ID_RE,
    MAX_LIST_NAME_CHARS,
    YEAR_RE,
    ReadResult,
    clean,
    plain_doi,
    split_lines,
)
from tuireader.model import Record

__all__ = ["parse_references"]

#: the start of a reference: its number in brackets
_MARKER_RE = re.compile(r"^\s*\[(\d{1,4})\]\s+(.*)$")
#: IEEE's quoted title: the authors before it, what follows after it
_IEEE_RE = re.compile(
    r"^(?P<authors>.*?)[,.]?\s*[\"“](?P<title>[^\"”]{3,}?)[,.][\"”]\s*(?P<rest>.*)$"
)
#: an initial, as IEEE writes each author's given names ("A. Vaswani", "C.-P. Yuan")
_INITIAL_RE = re.compile(r"\b[A-Z]\.")
#: APA's authors, the year in parentheses, the title up to its full stop, and the rest
_APA_RE = re.compile(
    r"^(?P<authors>.+?)\s*\((?P<year>(?:19|20)\d\d)[a-z]?(?:,[^)]*)?\)\.\s*"
    r"(?P<title>.+?[.?!])(?:\s+(?P<rest>.*))?$"
)
_IN_RE = re.compile(
    r"^in\s+(?:proc(?:eedings|\.)?\s+(?:of\s+(?:the\s+)?)?)?(?P<venue>[^,(]+)", re.IGNORECASE
)
_DOI_RE = re.compile(r"\bdoi:\s*(10\.\d+/\S+?)[.,;]?(?:\s|$)", re.IGNORECASE)
_ARXIV_RE = re.compile(r"arXiv[:\s]+(\S+?)[.,;]?(?:\s|$)", re.IGNORECASE)


def parse_references(text: str, path: Path) -> ReadResult | None:
    """The papers of a numbered list of references, or None when ``text`` is none: fewer
    than two lines start with a number in brackets, lines of other text lie between
    them, or most of them are in neither style (abstracts numbered "[1]", "[2]")."""
    lines = split_lines(clean(text))
    entries: list[list[str]] = []
    head: list[str] = []
    for line in lines:
        marker = _MARKER_RE.match(line)
        if marker:
            entries.append([marker.group(2).strip()])
        elif not line.strip():
            continue
        elif entries and line[:1].isspace() or entries and not entries[-1][-1].endswith("."):
            entries[-1].append(line.strip())  # a reference wrapped over lines
        elif entries:
            return None  # text between the references: no list of references
        else:
            head.append(line.strip())
    if len(entries) < 2 or len(head) > 1:
        return None
    name = head[0] if head and len(head[0]) <= MAX_LIST_NAME_CHARS else path.stem
    records = tuple(_record(" ".join(" ".join(entry).split())) for entry in entries)
    if sum(1 for record in records if record.title) * 2 < len(records):
        return None  # mostly no references: numbered abstracts, read as paragraphs
    return ReadResult(path, name, "text", records)


def _names(text: str) -> tuple[str, ...]:
    """The authors of a reference: "A. Vaswani, N. Shazeer, and N. Parmar", or APA's
    "He, K., Zhang, X., & Sun, J." (family, initials)."""
    text = re.sub(r"\s+et\s+al\.?$", "", text.strip(" ,"))
    if re.search(r"\w+, (?:[A-Z]\.\s?-?)+(?:,|$| &| and)", text):  # APA: "He, K., Zhang, X."
        pairs = re.findall(r"([^,&]+?),\s*((?:[A-Z]\.\s?-?)+)(?=,|$|\s*&|\s+and)", text)
        return tuple(
            f"{given.strip()} {family.strip().removeprefix('& ').removeprefix('and ')}"
            for family, given in pairs
        )
    pieces = re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", text.rstrip("."))
    return tuple(piece.strip() for piece in pieces if piece.strip())


def _record(reference: str) -> Record:
    """The paper one reference names; its text whole when it is in neither style."""
    arxiv = _ARXIV_RE.search(reference)
    arxiv_id = None
    if arxiv:
        found = ARXIV_ID_RE.search(arxiv.group(1))
        arxiv_id = found.group(1) if found else None
    doi_match = _DOI_RE.search(reference)
    doi = plain_doi(doi_match.group(1)) if doi_match else None
    ieee = _IEEE_RE.match(reference)
    if ieee and _INITIAL_RE.search(ieee.group("authors")):
        rest = ieee.group("rest")
        venue = _IN_RE.match(rest)
        years = YEAR_RE.findall(rest)
        return Record(
            title=ieee.group("title").strip(),
            authors=_names(ieee.group("authors")),
            venue=venue.group("venue").strip() if venue else None,
            year=int(years[-1]) if years else None,
            doi=doi,
            arxiv_id=arxiv_id,
        )
    apa = _APA_RE.match(reference)
    if apa:
        rest = apa.group("rest") or ""
        venue = _IN_RE.match(rest)
        title = apa.group("title").strip()
        return Record(
            title=title.removesuffix("."),
            authors=_names(apa.group("authors")),
            venue=venue.group("venue").strip(" .")
            if venue
            else (rest.split(",")[0].strip(" .") or None),
            year=int(apa.group("year")),
            doi=doi,
            arxiv_id=arxiv_id,
        )
    return Record(abstract=reference, doi=doi, arxiv_id=arxiv_id)
