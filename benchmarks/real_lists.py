"""Real lists: what each file in a folder holds, against what tuireader loads from it.

For every paper-list file in a folder, the source is read here on its own terms (a small
format-aware reader for paper-list JSON, JSON lines, BibTeX/BibLaTeX through bibtexparser,
CSL-JSON and OpenReview exports), never through tuireader's readers, and compared with
``load_library([file])`` and with each paper's BibTeX citation:

- records in the source (papers only, see ``COUNTING``) and papers loaded;
- papers sharing one id: source records grouped by the loaded paper they became, and why;
- code links, venue and year: filled in the loaded paper against records whose source
  names one anywhere;
- citations that bibtexparser parses back, and whose entry type (and, for BibTeX
  sources, key) matches the source;
- invented authors: loaded names whose family name is not in the source's author data.

Targets (issue 13): every titled record is its own paper unless a strong key (DOI, arXiv
id, OpenReview id) or agreeing title and authors say otherwise, no record lost and no paper
made from nothing; code links, venue and year for at least 99% of the records whose source
carries them; every citation parses back with the right entry type; no invented authors.

How the source side is counted:

- records: see ``COUNTING``; a record without a title is counted but not held to the
  identity target.
- code: a `github` field holding a code-host URL, or a github.com/gitlab.com repository
  URL (owner/repo) in any field of the record.
- venue: `venue`, `booktitle`, `journal`, `journaltitle`, `eventtitle`, `journal-ref`,
  CSL `container-title`/`event-title`, a paper-list's `bibtex` string, the `crossref`
  target, or the file's only `@Proceedings`, or an OpenReview crawl's venue; a container
  that is only an arXiv id ("arXiv:1906.10026 [cs]") is not a venue.
- year: `year`, `date`, CSL `issued`, arXiv `versions` (first) or `update_date`, the
  `bibtex` string, the proceedings, an OpenReview crawl's year or `cdate`.
- entry type: BibTeX sources must come back with their own type and key (a BibLaTeX-only
  type may become its BibTeX counterpart: @online as @misc); others as @article when a
  journal is given, @inproceedings for proceedings, @misc for arXiv records (a
  `journal-ref` is a citation string, kept as the note, not a journal); CSL types map
  to their BibTeX types (book, report, chapter, thesis).
- invented authors: a loaded author whose family name (the part before a comma, else the
  last word), folded to ASCII, is not among the words of the source's author data
  (arXiv: `authors_parsed` without its fourth, affiliation element, and an "et al" that
  ends `authors`).
- loaded papers are matched to records by BibTeX key, title, strong key, abstract, then
  the closest title; a record matching no paper is "lost", a paper matching no record
  is "extra".

    python benchmarks/real_lists.py [FOLDER] [--json] [-v]

FOLDER defaults to ``$TUIREADER_REAL``, else ``../shared/data/real`` next to the checkout.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import bibtexparser

from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import format_citation

REPO = Path(__file__).resolve().parents[1]
DEFAULT_FOLDER = REPO.parent / "shared" / "data" / "real"
#: share of the records whose source carries a code link, venue or year that must have it
TARGET_SHARE = 0.99

#: how each format's records are counted
COUNTING = {
    "paperlist-json": "one record per object in the JSON array",
    "jsonl": "one record per non-empty line",
    "arxiv-jsonl": "one record per non-empty line (arXiv metadata)",
    "bibtex": "one record per entry; @Proceedings and entries other entries crossref are "
    "containers, not papers, and so is the volume's front matter (a 'Preface' by its "
    "editors); @string/@comment/@preamble are not entries",
    "csl-json": "one record per CSL item",
    "openreview": "one record per submission note; revisions, reviews, comments and "
    "decisions are not papers",
}

_REPO_URL = re.compile(
    r"(?<![\w.])(?:https?://)?(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)/[\w.-]+/[\w.-]+",
    re.IGNORECASE,
)
_CODE_HOST = re.compile(
    r"(?<![\w.])(?:https?://)?(?:www\.)?"
    r"(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)/",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
_ARXIV_NEW = re.compile(r"(?<![\w.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
_ARXIV_OLD = re.compile(r"(?<![\w.])([a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?", re.IGNORECASE)
_ARXIV_ONLY_VENUE = re.compile(r"^\s*(arxiv\b|corr\b|arxiv\s*e-prints)", re.IGNORECASE)
_OPENREVIEW_FORUM = re.compile(r"openreview\.net/(?:forum|pdf)\?id=([\w-]+)")
_DOI = re.compile(r"10\.\d{4,9}/\S+")

# LaTeX accents and special letters, folded to plain letters for name and title comparison
_LATEX_ACCENT = re.compile(r"\\[\"'`^~=.]|\\[uvHckrbdt](?=[\s{])\s*")
_LATEX_LETTER = {
    "o": "o", "O": "o", "l": "l", "L": "l", "ss": "ss", "ae": "ae", "AE": "ae",
    "oe": "oe", "OE": "oe", "aa": "a", "AA": "a", "i": "i", "j": "j",
}  # fmt: skip
_LATEX_LETTER_RE = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|[oOlLij])(?![A-Za-z])")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_UNICODE_LETTER = str.maketrans(
    {"ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe",
     "Œ": "oe", "đ": "d", "Đ": "d", "ı": "i", "þ": "th", "ð": "d"}
)  # fmt: skip
_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str | None) -> str:
    """Lower-case ASCII words of ``text``: LaTeX accents and Unicode marks dropped."""
    if not text:
        return ""
    text = _LATEX_ACCENT.sub("", text)
    text = _LATEX_LETTER_RE.sub(lambda m: _LATEX_LETTER[m.group(1)], text)
    text = _LATEX_COMMAND.sub(" ", text).replace("{", "").replace("}", "")
    text = unicodedata.normalize("NFKD", text.translate(_UNICODE_LETTER))
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(_NON_WORD.sub(" ", text.casefold()).split())


def _year_of(value: Any) -> int | None:
    if isinstance(value, int) and 1800 <= value <= 2100:
        return value
    if isinstance(value, str):
        found = _YEAR.search(value)
        return int(found.group(1)) if found else None
    return None


def _arxiv_in(text: str | None) -> str | None:
    if not text:
        return None
    text = text.strip()
    if text.lower().startswith("10.48550/arxiv."):
        text = text[len("10.48550/arxiv.") :]
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        found = pattern.search(text)
        if found:
            return found.group(1).lower()
    return None


def _doi(text: str | None) -> str | None:
    found = _DOI.search(text or "")
    return found.group(0).rstrip(".,;}").lower() if found else None


def _venue_value(value: Any) -> str | None:
    """A venue name, or None when empty or only an arXiv identifier ("arXiv:1906.10026")."""
    if not isinstance(value, str) or not value.strip():
        return None
    return None if _ARXIV_ONLY_VENUE.match(value) else value.strip()


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def shown(text: str, width: int = 60) -> str:
    """``text`` on one line without BibTeX braces, cut to ``width`` characters."""
    text = " ".join(text.replace("{", "").replace("}", "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _names_tokens(names: Iterable[str]) -> set[str]:
    return {word for name in names for word in fold(name).split()}


# ------------------------------------------------------------------------ source records


@dataclass
class SourceRecord:
    """One paper as its source file gives it, read independently of tuireader."""

    index: int
    title: str
    abstract: str = ""
    #: author names as the source writes them (for display)
    authors: list[str] = field(default_factory=list)
    #: every folded word of the source's author data (family and given names)
    author_words: set[str] = field(default_factory=set)
    doi: str | None = None
    arxiv: str | None = None
    openreview: str | None = None
    #: the source's BibTeX key and entry type, for BibTeX sources
    key: str | None = None
    entry_type: str | None = None
    #: entry types a citation of this record may have (lower case)
    expected_types: set[str] = field(default_factory=set)
    code: bool = False
    venue: str | None = None
    year: int | None = None

    @property
    def strong_keys(self) -> dict[str, str]:
        keys = {"DOI": self.doi, "arXiv id": self.arxiv, "OpenReview id": self.openreview}
        return {name: value for name, value in keys.items() if value}

    @property
    def families(self) -> tuple[str, ...]:
        return tuple(sorted(_family(name) for name in self.authors if _family(name)))


def _family(name: str) -> str:
    name = name.strip()
    if "," in name:
        return fold(name.split(",", 1)[0])
    words = fold(name).split()
    return words[-1] if words else ""


_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


def _split_bibtex_names(value: str) -> list[str]:
    """BibTeX names split at ``and`` outside braces, braces removed."""
    names, depth, start, i = [], 0, 0, 0
    while i < len(value):
        char = value[i]
        depth += (char == "{") - (char == "}")
        found = _AND.match(value, i) if depth == 0 and char.isspace() else None
        if found:
            names.append(value[start:i])
            i = start = found.end()
            continue
        i += 1
    names.append(value[start:])
    # braces stay: fold() needs them to read "Gr{\\o}tli"
    cleaned = (" ".join(name.split()) for name in names)
    return [name for name in cleaned if name.strip("{} ")]


def _bib_fields(entry: Any) -> dict[str, str]:
    return {f.key.lower(): str(f.value) for f in entry.fields}


def _parse_bibtex(text: str) -> Any:
    return bibtexparser.parse_string(text)


def _record_from_bibstring(record: SourceRecord, text: str) -> None:
    """Fill venue, year and entry type from a paper-list's ``bibtex`` string."""
    try:
        entries = _parse_bibtex(text).entries
    except Exception:  # noqa: BLE001 - a broken string gives nothing, as in the source
        return
    if not entries:
        return
    fields = _bib_fields(entries[0])
    record.entry_type = record.entry_type or entries[0].entry_type.lower()
    record.venue = record.venue or _venue_value(
        fields.get("booktitle") or fields.get("journal") or fields.get("journaltitle")
    )
    record.year = record.year or _year_of(fields.get("year") or fields.get("date"))
    record.doi = record.doi or _doi(fields.get("doi"))
    names = _split_bibtex_names(fields.get("author", ""))
    record.author_words |= _names_tokens(names)
    if not record.authors:
        record.authors = names


def _paperlist_record(index: int, item: dict[str, Any]) -> SourceRecord:
    record = SourceRecord(index, str(item.get("title") or "").strip())
    record.abstract = str(item.get("abstract") or "")
    raw_authors = item.get("author", item.get("authors", ""))
    if isinstance(raw_authors, list):
        names = [str(name) for name in raw_authors]
    else:
        text = str(raw_authors or "")
        names = text.split(";") if ";" in text else text.split(",")
    record.authors = [" ".join(name.split()) for name in names if name.strip()]
    record.author_words = _names_tokens(record.authors)
    # the conference site's spelling, which a record without `author` gives alone
    site = str(item.get("author_site") or "")
    record.author_words |= _names_tokens(site.split(";") if ";" in site else site.split(","))
    # a `github` field sometimes holds a project page (sites.google.com), or an owner's
    # page (github.com/DLR-RM) rather than a repository: not code
    record.code = bool(_REPO_URL.search(str(item.get("github") or ""))) or any(
        _REPO_URL.search(text) for text in _strings(item)
    )
    for name in ("venue", "booktitle", "journal", "journaltitle", "conference", "journal-ref"):
        record.venue = record.venue or _venue_value(item.get(name))
    record.year = _year_of(item.get("year")) or _year_of(item.get("date"))
    record.doi = _doi(str(item.get("doi") or ""))
    record.arxiv = _arxiv_in(str(item.get("arxiv") or item.get("arxiv_id") or ""))
    for name in ("openreview", "site", "forum", "url", "pdf"):
        found = _OPENREVIEW_FORUM.search(str(item.get(name) or ""))
        if found:
            record.openreview = found.group(1)
            break
    if isinstance(item.get("bibtex"), str) and item["bibtex"].strip():
        _record_from_bibstring(record, item["bibtex"])
    if record.entry_type:
        record.expected_types = {record.entry_type}
    else:
        record.expected_types = _by_venue(item.get("journal"), record.venue)
        if record.expected_types == {"misc"}:
            # a conference list's record without venue or bibtex (a stub): either will do
            record.expected_types.add("inproceedings")
    return record


def _by_venue(journal: Any, venue: str | None) -> set[str]:
    if _venue_value(journal):
        return {"article"}
    return {"inproceedings"} if venue else {"misc"}


def _arxiv_record(index: int, item: dict[str, Any]) -> SourceRecord:
    record = SourceRecord(index, " ".join(str(item.get("title") or "").split()))
    record.abstract = str(item.get("abstract") or "")
    parsed = item.get("authors_parsed") or []
    # the fourth element, when present, is an affiliation or footnote, not a name
    record.authors = [
        " ".join(part for part in (entry[1], entry[0], entry[2]) if part)
        for entry in parsed
        if isinstance(entry, list) and len(entry) >= 3
    ]
    record.author_words = {
        word
        for entry in parsed
        if isinstance(entry, list)
        for word in fold(" ".join(str(part) for part in entry[:3])).split()
    }
    # "…, B. Aubert, et al": the authors string says there are more than it names
    if re.search(r"(?i)\bet\.?\s*al\.?\s*$", str(item.get("authors") or "")):
        record.author_words.add("al")
    record.code = any(_REPO_URL.search(text) for text in _strings(item))
    record.venue = _venue_value(item.get("journal-ref"))
    versions = item.get("versions") or []
    created = versions[0].get("created") if versions and isinstance(versions[0], dict) else None
    record.year = _year_of(created) or _year_of(item.get("update_date"))
    record.doi = _doi(item.get("doi"))
    record.arxiv = _arxiv_in(str(item.get("id") or ""))
    # a journal reference is a citation string, not a journal's name: the entry stays
    # the arXiv paper's @misc, the reference its note
    record.expected_types = {"misc"}
    return record


_CSL_TYPES = {
    "article-journal": {"article"},
    "paper-conference": {"inproceedings"},
    "book": {"book"},
    "chapter": {"incollection", "inbook"},
    "report": {"techreport", "report"},
    "thesis": {"phdthesis", "mastersthesis", "thesis"},
    "webpage": {"misc", "online"},
    "post-weblog": {"misc", "online"},
    "post": {"misc", "online"},
    "article": {"misc", "online"},
    "manuscript": {"unpublished", "misc"},
}


def _csl_record(index: int, item: dict[str, Any]) -> SourceRecord:
    record = SourceRecord(index, str(item.get("title") or "").strip())
    record.abstract = str(item.get("abstract") or "")
    people = [person for person in item.get("author") or [] if isinstance(person, dict)]
    record.authors = [
        str(p.get("literal") or " ".join(str(p.get(k) or "") for k in ("given", "family")))
        for p in people
    ]
    record.author_words = _names_tokens(
        str(value) for p in people + list(item.get("editor") or []) for value in p.values()
    )
    record.code = any(_REPO_URL.search(text) for text in _strings(item))
    container = item.get("container-title")
    record.venue = _venue_value(container) or _venue_value(item.get("event-title"))
    issued = item.get("issued") or {}
    parts = issued.get("date-parts") if isinstance(issued, dict) else None
    if parts and parts[0]:
        record.year = _year_of(parts[0][0]) or _year_of(str(parts[0][0]))
    elif isinstance(issued, dict):
        record.year = _year_of(issued.get("raw") or issued.get("literal"))
    record.doi = _doi(item.get("DOI"))
    record.arxiv = (
        _arxiv_in(container if isinstance(container, str) and "arxiv" in container.lower() else "")
        or _arxiv_in(item.get("URL") if "arxiv.org" in str(item.get("URL") or "") else "")
        or (_arxiv_in(record.doi) if record.doi and "arxiv" in record.doi else None)
    )
    kind = str(item.get("type") or "")
    if kind == "article-journal" and not _venue_value(container):
        record.expected_types = {"misc"}
    else:
        record.expected_types = set(_CSL_TYPES.get(kind, {"misc"}))
    if kind == "report" and str(item.get("genre") or "").lower() == "preprint":
        # a preprint Crossref files as a report (bioRxiv's 10.1101/…): bioRxiv's own
        # BibTeX gives it as an article of the server, and so does tuireader
        record.expected_types.add("article")
    return record


def _value(value: Any) -> Any:
    """OpenReview API v2 wraps content values as ``{"value": ...}``; v1 does not."""
    return value.get("value") if isinstance(value, dict) and "value" in value else value


def _openreview_record(
    index: int, note: dict[str, Any], venue: str | None, year: int | None
) -> SourceRecord:
    content = note.get("content") or {}
    record = SourceRecord(index, str(_value(content.get("title")) or "").strip())
    record.abstract = str(_value(content.get("abstract")) or "")
    authors = _value(content.get("authors")) or []
    record.authors = [str(name) for name in authors] if isinstance(authors, list) else []
    record.author_words = _names_tokens(record.authors)
    record.code = bool(_value(content.get("code"))) or any(
        _REPO_URL.search(text) for text in _strings({k: _value(v) for k, v in content.items()})
    )
    record.venue = _venue_value(_value(content.get("venue"))) or venue
    record.year = year or _year_of(_value(content.get("year")))
    if record.year is None and isinstance(note.get("cdate"), int):
        record.year = time.gmtime(note["cdate"] / 1000).tm_year
    record.openreview = str(note.get("forum") or note.get("id") or "") or None
    record.expected_types = {"inproceedings"} if record.venue else {"misc"}
    return record


def _is_submission(note: dict[str, Any]) -> bool:
    invitation = str(note.get("invitation") or "")
    invitations = [invitation] + [str(i) for i in note.get("invitations") or []]
    if any(i.endswith("Submission") for i in invitations if i):
        return True
    return not note.get("replyto") and note.get("forum") in (None, note.get("id"))


#: titles of a volume's front matter, folded
_FRONT_MATTER = {
    "preface",
    "foreword",
    "front matter",
    "frontmatter",
    "table of contents",
    "contents",
}


def _bibtex_records(text: str) -> tuple[list[SourceRecord], list[str]]:
    library = _parse_bibtex(text)
    notes = [f"bibtexparser: {len(library.failed_blocks)} blocks failed"]
    entries = library.entries
    by_key = {entry.key.lower(): entry for entry in entries}
    parents = {_bib_fields(entry).get("crossref", "").lower() for entry in entries} - {""}
    containers = [
        entry
        for entry in entries
        if entry.entry_type.lower() == "proceedings" or entry.key.lower() in parents
    ]
    lone_proceedings = (
        containers[0]
        if len(containers) == 1 and containers[0].entry_type.lower() == "proceedings"
        else None
    )
    biblatex = any(
        name in _bib_fields(entry) for entry in entries for name in ("date", "journaltitle")
    )
    editors = (
        {
            _family(name)
            for name in _split_bibtex_names(_bib_fields(lone_proceedings).get("editor", ""))
        }
        if lone_proceedings is not None
        else set()
    )
    records: list[SourceRecord] = []
    for entry in entries:
        if entry in containers:
            continue
        fields = _bib_fields(entry)
        title = fold(re.sub(r"[\W_]+", " ", fields.get("title", "")))
        authors = {_family(name) for name in _split_bibtex_names(fields.get("author", ""))}
        by_editors = bool(authors) and authors <= editors
        if title in _FRONT_MATTER and (by_editors or not fields.get("abstract", "").strip()):
            continue  # the volume's preface by its editors, its table of contents
        record = SourceRecord(len(records), " ".join(fields.get("title", "").split()))
        record.abstract = fields.get("abstract", "")
        record.key = entry.key
        record.entry_type = entry.entry_type.lower()
        record.authors = _split_bibtex_names(fields.get("author", ""))
        record.author_words = _names_tokens(
            record.authors + _split_bibtex_names(fields.get("editor", ""))
        )
        record.code = any(name in fields for name in ("github", "code")) or any(
            _REPO_URL.search(value) for value in fields.values()
        )
        parent = by_key.get(fields.get("crossref", "").lower()) or lone_proceedings
        parent_fields = _bib_fields(parent) if parent is not None else {}
        for source in (fields, parent_fields):
            for name in ("journal", "journaltitle", "booktitle", "eventtitle"):
                record.venue = record.venue or _venue_value(source.get(name))
            if source is parent_fields:
                record.venue = record.venue or _venue_value(source.get("title"))
            record.year = record.year or _year_of(source.get("year") or source.get("date"))
        record.doi = _doi(fields.get("doi"))
        eprint_kind = (fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
        url = fields.get("url", "")
        record.arxiv = (
            (_arxiv_in(fields.get("eprint")) if eprint_kind == "arxiv" else None)
            or (_arxiv_in(record.doi) if record.doi and "arxiv" in record.doi else None)
            or (_arxiv_in(url) if "arxiv.org/" in url else None)
        )
        record.expected_types = {record.entry_type}
        if biblatex or record.entry_type in _BIBLATEX_ONLY:
            record.expected_types |= _BIBLATEX_ONLY.get(record.entry_type, set())
        records.append(record)
    return records, notes


#: BibLaTeX-only entry types and what a BibTeX citation of them may be instead
_BIBLATEX_ONLY = {
    "online": {"misc"},
    "collection": {"book", "proceedings"},
    "report": {"techreport"},
    "thesis": {"phdthesis", "mastersthesis"},
    "software": {"misc"},
    "dataset": {"misc"},
}


def _json_records(data: Any) -> tuple[str, list[SourceRecord]]:
    items = data if isinstance(data, list) else [data]
    if isinstance(data, dict):
        for name in ("notes", "submissions", "papers", "items", "data"):
            if isinstance(data.get(name), list):
                items = data[name]
                break
    dicts = [item for item in items if isinstance(item, dict)]
    if dicts and all("submissions" in item for item in dicts):
        records: list[SourceRecord] = []
        for group in dicts:
            venue = _venue_value(group.get("venue"))
            year = _year_of(group.get("year"))
            for note in group.get("submissions") or []:
                if isinstance(note, dict) and _is_submission(note):
                    records.append(_openreview_record(len(records), note, venue, year))
        return "openreview", records
    if dicts and all("content" in item and "forum" in item for item in dicts):
        notes = [note for note in dicts if _is_submission(note)]
        return "openreview", [_openreview_record(i, n, None, None) for i, n in enumerate(notes)]
    if dicts and sum(_is_csl(item) for item in dicts) * 2 > len(dicts):
        return "csl-json", [_csl_record(i, item) for i, item in enumerate(dicts)]
    return "paperlist-json", [_object_record(i, item) for i, item in enumerate(dicts)]


def _is_csl(item: dict[str, Any]) -> bool:
    authors = item.get("author")
    return "type" in item and (
        "issued" in item
        or "container-title" in item
        or (isinstance(authors, list) and any(isinstance(a, dict) for a in authors))
    )


def _object_record(index: int, item: dict[str, Any]) -> SourceRecord:
    if "authors_parsed" in item or "versions" in item:
        return _arxiv_record(index, item)
    if _is_csl(item):
        return _csl_record(index, item)
    return _paperlist_record(index, item)


def read_source(path: Path) -> tuple[str, list[SourceRecord], list[str]]:
    """The file's format, its paper records and notes on the reading, or ("", [], [why])."""
    text = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    if suffix in (".bib", ".bibtex", ".biblatex"):
        records, notes = _bibtex_records(text)
        return "bibtex", records, notes
    if suffix in (".jsonl", ".ndjson") or (suffix == ".json" and _looks_like_lines(text)):
        items = [json.loads(line) for line in text.splitlines() if line.strip()]
        records = [_object_record(i, item) for i, item in enumerate(items)]
        arxiv = items and all("authors_parsed" in item for item in items)
        return ("arxiv-jsonl" if arxiv else "jsonl"), records, []
    if suffix == ".json":
        kind, records = _json_records(json.loads(text))
        return kind, records, []
    return "", [], [f"not a paper-list format this script reads ({suffix or 'no suffix'})"]


def _looks_like_lines(text: str) -> bool:
    lines = [line for line in text.splitlines()[:3] if line.strip()]
    return len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines)


# ------------------------------------------------------------------------ loaded papers


def _attr(paper: Paper, name: str) -> Any:
    return getattr(paper, name, None)


def _paper_keys(paper: Paper) -> dict[str, str]:
    keys = {}
    doi = _doi(_attr(paper, "doi"))
    if doi:
        keys["doi"] = doi
    arxiv = _arxiv_in(_attr(paper, "arxiv_id"))
    if arxiv:
        keys["arxiv"] = arxiv
    if _attr(paper, "openreview_id"):
        keys["openreview"] = str(_attr(paper, "openreview_id"))
    entry = _attr(paper, "source_entry")
    if entry is not None and getattr(entry, "key", None):
        keys["key"] = str(entry.key)
    return keys


def _has_code(paper: Paper) -> bool:
    return any(getattr(link, "kind", None) == "code" for link in _attr(paper, "links") or ())


def _venue_filled(paper: Paper) -> bool:
    return any(_attr(paper, name) for name in ("venue", "journal", "booktitle", "journal_ref"))


def _abstract_key(text: str) -> str:
    folded = fold(text)
    return folded[:400] if len(folded) >= 60 else ""


def match_records(records: Sequence[SourceRecord], papers: Sequence[Paper]) -> list[int | None]:
    """For each source record, the index of the loaded paper it became (None: not found).

    Tried in order: the BibTeX key, the title (ties broken by abstract, then first
    author, then a paper not yet taken), a strong key, the abstract, then the closest
    title (at least 0.9 similar, for titles the loader rendered differently).
    """
    by_key: dict[tuple[str, str], list[int]] = {}
    by_title: dict[str, list[int]] = {}
    by_abstract: dict[str, list[int]] = {}
    titles = [fold(paper.title) for paper in papers]
    for i, paper in enumerate(papers):
        for name, value in _paper_keys(paper).items():
            by_key.setdefault((name, value.lower()), []).append(i)
        if titles[i]:
            by_title.setdefault(titles[i], []).append(i)
        abstract = fold(paper.abstract)[:400]
        if abstract:
            by_abstract.setdefault(abstract, []).append(i)
    taken: set[int] = set()
    out: list[int | None] = []

    def pick(candidates: list[int], record: SourceRecord) -> int:
        if len(candidates) == 1:
            return candidates[0]
        abstract = _abstract_key(record.abstract)
        same = [i for i in candidates if abstract and _abstract_key(papers[i].abstract) == abstract]
        candidates = same or candidates
        first = record.families[:1]
        same = [
            i for i in candidates if first and _family(next(iter(papers[i].authors), "")) in first
        ]
        candidates = same or candidates
        free = [i for i in candidates if i not in taken]
        return (free or candidates)[0]

    for record in records:
        found: int | None = None
        lookups: list[list[int]] = []
        if record.key:
            lookups.append(by_key.get(("key", record.key.lower()), []))
        lookups.append(by_title.get(fold(record.title), []) if record.title else [])
        for name, strong in (
            ("doi", record.doi),
            ("arxiv", record.arxiv),
            ("openreview", record.openreview),
        ):
            if strong:
                lookups.append(by_key.get((name, strong.lower()), []))
        # last: a record whose title is nowhere went into the paper with its abstract,
        # however short ("Withdrawn"): that is how abstract-keyed merges happen
        abstract = fold(record.abstract)[:400]
        lookups.append(by_abstract.get(abstract, []) if abstract else [])
        for candidates in lookups:
            if candidates:
                found = pick(candidates, record)
                break
        if found is None and record.title:
            wanted = fold(record.title)
            best, best_ratio = None, 0.9
            for i, title in enumerate(titles):
                matcher = SequenceMatcher(None, wanted, title, autojunk=False)
                if matcher.quick_ratio() >= best_ratio and matcher.ratio() >= best_ratio:
                    best, best_ratio = i, matcher.ratio()
            found = best
        if found is not None:
            taken.add(found)
        out.append(found)
    return out


# ------------------------------------------------------------------------ one file


@dataclass
class Share:
    """``have`` of ``of`` records; passes at ``target`` (None: nothing to measure)."""

    have: int = 0
    of: int = 0
    target: float = TARGET_SHARE

    @property
    def ok(self) -> bool:
        return self.of == 0 or self.have >= self.target * self.of

    def cell(self) -> str:
        return f"{self.have}/{self.of} {'ok' if self.ok else 'FAIL'}"


@dataclass
class Group:
    """Source records that became one loaded paper."""

    paper_id: str
    reason: str
    ok: bool
    titles: list[str]


@dataclass
class FileReport:
    file: str
    format: str = ""
    counting: str = ""
    records: int = 0
    untitled: int = 0
    loaded: int = 0
    groups: list[Group] = field(default_factory=list)
    #: titled source records that no loaded paper stands for
    lost: list[str] = field(default_factory=list)
    #: loaded papers that stand for no source record
    extra: list[str] = field(default_factory=list)
    code: Share = field(default_factory=Share)
    papers_with_code: int = 0
    venue: Share = field(default_factory=Share)
    year: Share = field(default_factory=Share)
    cite_parse: Share = field(default_factory=lambda: Share(target=1.0))
    cite_type: Share = field(default_factory=lambda: Share(target=1.0))
    invented: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: examples of what fell short, for -v
    samples: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def bad_groups(self) -> list[Group]:
        return [group for group in self.groups if not group.ok]

    @property
    def identity_ok(self) -> bool:
        return not self.bad_groups and not self.lost and not self.extra

    @property
    def passed(self) -> bool:
        return (
            self.identity_ok
            and all(s.ok for s in (self.code, self.venue, self.year))
            and self.cite_parse.ok
            and self.cite_type.ok
            and not self.invented
        )

    def sample(self, kind: str, text: str, limit: int = 5) -> None:
        bucket = self.samples.setdefault(kind, [])
        if len(bucket) < limit:
            bucket.append(text)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for name in ("code", "venue", "year", "cite_parse", "cite_type"):
            data[name]["ok"] = getattr(self, name).ok
        data["identity_ok"] = self.identity_ok
        data["passed"] = self.passed
        return data


def _authors_agree(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Two author lists (family names) name the same people: most names are shared."""
    shared = set(one) & set(other)
    return len(shared) * 2 >= max(len(set(one)), len(set(other)))


def _group_reason(records: list[SourceRecord]) -> tuple[str, bool]:
    """Why these records share one paper, and whether that is right."""
    titled = [record for record in records if record.title]
    if len(titled) <= 1:
        return "untitled records joined a paper", True
    for label, attr in (("DOI", "doi"), ("arXiv id", "arxiv"), ("OpenReview id", "openreview")):
        values = {getattr(record, attr) for record in titled}
        if len(values) == 1 and None not in values:
            return f"same {label}", True
        if len(values - {None}) > 1:
            return f"different {label}s merged", False
    titles = {fold(record.title) for record in titled}
    if len(titles) == 1:
        named = [record.families for record in titled if record.families]
        if len(named) < len(titled) and len(set(named)) <= 1:
            return "same title, a record without authors", True
        if all(_authors_agree(named[0], other) for other in named[1:]):
            return "same title and authors", True
        return "same title, different authors", False
    named = [record.families for record in titled if record.families]
    if (
        len(named) == len(titled)
        and all(_authors_agree(named[0], other) for other in named[1:])
        and any(not record.abstract.strip() for record in titled)
        and min(
            difflib.SequenceMatcher(None, one, other).ratio() for one in titles for other in titles
        )
        >= 0.9
    ):
        return "a title spelled two ways, same authors, a record without abstract", True
    abstracts = {_abstract_key(record.abstract) or fold(record.abstract) for record in titled}
    if len(abstracts) == 1:
        shown = " ".join(titled[0].abstract.split())[:40]
        return f"distinct titles merged (same abstract {shown!r})", False
    return "distinct titles merged", False


def _citation(paper: Paper, library: Library) -> tuple[str | None, str | None, str]:
    """The BibTeX citation's entry type and key as bibtexparser reads them back."""
    try:
        text = format_citation(paper, "bibtex", library=library).text
    except Exception as error:  # noqa: BLE001 - a crash is a failed citation, reported
        return None, None, f"format_citation raised {type(error).__name__}: {error}"
    try:
        parsed = _parse_bibtex(text)
    except Exception as error:  # noqa: BLE001
        return None, None, f"bibtexparser raised {type(error).__name__}"
    if parsed.failed_blocks or len(parsed.entries) != 1:
        kinds = sorted({type(block).__name__ for block in parsed.failed_blocks})
        why = f"{len(parsed.entries)} entries, failed blocks {kinds}"
        return None, None, f"{why}: {' '.join(text.split())[:120]}"
    entry = parsed.entries[0]
    return entry.entry_type.lower(), entry.key, ""


Loader = Callable[[Sequence[Path]], Library]
Citer = Callable[[Paper, Library], tuple[str | None, str | None, str]]


def evaluate_file(
    path: Path, loader: Loader | None = None, citer: Citer | None = None
) -> FileReport:
    """Compare one source file with what tuireader loads and cites from it."""
    loader = loader or (lambda paths: load_library(list(paths)))
    citer = citer or _citation
    report = FileReport(path.name)
    started = time.perf_counter()
    try:
        report.format, records, report.notes = read_source(path)
    except Exception as error:  # noqa: BLE001 - a file the script cannot read is reported
        report.notes = [f"could not read the source: {type(error).__name__}: {error}"]
        records = []
    report.counting = COUNTING.get(report.format, "")
    report.records = len(records)
    report.untitled = sum(1 for record in records if not record.title)
    library = loader([path])
    papers = list(library.papers)
    report.loaded = len(papers)
    report.problems = [str(problem.message) for problem in library.problems]
    matched = match_records(records, papers)

    members: dict[int, list[SourceRecord]] = {}
    for record, index in zip(records, matched, strict=True):
        if index is None:
            if record.title:
                report.lost.append(shown(record.title, 200))
            continue
        members.setdefault(index, []).append(record)
    for index, paper in enumerate(papers):
        if index not in members:
            report.extra.append(shown(paper.title, 200))
    for index, group in members.items():
        if len(group) > 1:
            reason, ok = _group_reason(group)
            titles = [shown(record.title, 200) or "(untitled)" for record in group]
            report.groups.append(Group(papers[index].id, reason, ok, titles))

    citations = {}
    for index, paper in enumerate(papers):
        citations[index] = citer(paper, library)
        report.cite_parse.of += 1
        if citations[index][0] is not None:
            report.cite_parse.have += 1
        else:
            report.sample("citation does not parse", f"{shown(paper.title)}: {citations[index][2]}")
    report.papers_with_code = sum(1 for paper in papers if _has_code(paper))
    for paper in papers:
        for link in _attr(paper, "code_links") or ():
            if not _CODE_HOST.search(str(getattr(link, "url", ""))):
                report.sample("code link not on a code host", f"{shown(paper.title)}: {link.url}")

    for record, index in zip(records, matched, strict=True):
        loaded = papers[index] if index is not None else None
        name = shown(record.title) or f"record {record.index}"
        if record.code:
            report.code.of += 1
            if loaded is not None and _has_code(loaded):
                report.code.have += 1
            else:
                report.sample("code link missing", name)
        if record.venue:
            report.venue.of += 1
            if loaded is not None and _venue_filled(loaded):
                report.venue.have += 1
            else:
                report.sample("venue missing", f"{name} (source: {shown(record.venue, 40)})")
        if record.year:
            report.year.of += 1
            if loaded is not None and _attr(loaded, "year"):
                report.year.have += 1
            else:
                report.sample("year missing", f"{name} (source: {record.year})")
        if record.expected_types and (record.title or loaded is not None):
            report.cite_type.of += 1
            kind, key = citations[index][:2] if index is not None else (None, None)
            want_key = record.key
            # records merged into one paper (a duplicate under another key) cite one key:
            # any of theirs is right
            keys = (
                {other.key for other in members.get(index, [record])}
                if index is not None
                else set()
            )
            if kind in record.expected_types and (
                want_key is None or key == want_key or key in keys
            ):
                report.cite_type.have += 1
            else:
                want = "/".join(sorted(record.expected_types))
                got = f"@{kind}{{{key}}}" if kind else "no citation"
                wanted = f"@{want}{{{want_key}}}" if want_key else f"@{want}"
                report.sample("citation type or key differs", f"{name}: {got}, source {wanted}")

    for index, group in members.items():
        words = set().union(*(record.author_words for record in group))
        for author in papers[index].authors:
            if re.fullmatch(r"(?i)et\.?\s*al\.?|others", author.strip()) and (
                "al" in words or "others" in words
            ):
                continue  # the source's "et al", standing for the authors it does not name
            family = _family(author)
            if not re.search(r"[a-z]", family) or not set(family.split()) <= words:
                report.invented.append(author)
    report.seconds = time.perf_counter() - started
    return report


# ------------------------------------------------------------------------ folder, output


def data_files(folder: Path) -> tuple[list[Path], list[str]]:
    """The files to measure in ``folder``, and the names skipped (README, hidden files)."""
    files, skipped = [], []
    for path in sorted(folder.iterdir()):
        if not path.is_file() or path.name.startswith("."):
            continue
        if path.stem.upper() in ("README", "SOURCES", "LICENSE"):
            skipped.append(path.name)
            continue
        files.append(path)
    return files, skipped


def _identity_cell(report: FileReport) -> str:
    parts = []
    if report.groups:
        bad = len(report.bad_groups)
        parts.append(f"{len(report.groups)} shared" + (f" ({bad} bad)" if bad else ""))
    if report.lost:
        parts.append(f"{len(report.lost)} lost")
    if report.extra:
        parts.append(f"{len(report.extra)} extra")
    return (", ".join(parts) or "0 shared") + (" ok" if report.identity_ok else " FAIL")


def table(reports: Sequence[FileReport]) -> list[str]:
    header = [
        "file", "format", "records", "loaded", "ids (shared/lost/extra)", "code links",
        "venue", "year", "cite parses", "cite type+key", "invented", "result",
    ]  # fmt: skip
    rows = [header]
    for r in reports:
        records = f"{r.records}" + (f" ({r.untitled} untitled)" if r.untitled else "")
        rows.append(
            [
                r.file,
                r.format or "?",
                records,
                str(r.loaded),
                _identity_cell(r),
                f"{r.code.cell()} ({r.papers_with_code} papers)",
                r.venue.cell(),
                r.year.cell(),
                r.cite_parse.cell(),
                r.cite_type.cell(),
                f"{len(r.invented)} {'FAIL' if r.invented else 'ok'}",
                "PASS" if r.passed else "FAIL",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows
    ]


def _total(reports: Sequence[FileReport], name: str) -> Share:
    shares = [getattr(r, name) for r in reports]
    return Share(sum(s.have for s in shares), sum(s.of for s in shares), shares[0].target)


def _percent(share: Share) -> str:
    return f"{share.have}/{share.of} ({100 * share.have / share.of:.1f}%)" if share.of else "0/0"


def summary(reports: Sequence[FileReport], seconds: float) -> str:
    if not reports:
        return "summary: no files measured"
    passed = sum(r.passed for r in reports)
    parts = [
        f"{passed}/{len(reports)} files pass",
        f"records {sum(r.records for r in reports)}",
        f"papers {sum(r.loaded for r in reports)}",
        f"bad shared ids {sum(len(r.bad_groups) for r in reports)}",
        f"lost {sum(len(r.lost) for r in reports)}",
        f"extra {sum(len(r.extra) for r in reports)}",
        f"code {_percent(_total(reports, 'code'))}",
        f"venue {_percent(_total(reports, 'venue'))}",
        f"year {_percent(_total(reports, 'year'))}",
        f"cite parses {_percent(_total(reports, 'cite_parse'))}",
        f"cite type+key {_percent(_total(reports, 'cite_type'))}",
        f"invented authors {sum(len(r.invented) for r in reports)}",
        f"{seconds:.1f} s",
    ]
    return "summary: " + "; ".join(parts)


def details(reports: Sequence[FileReport], verbose: bool) -> list[str]:
    lines = []
    for r in reports:
        body = []
        for group in r.groups:
            mark = "ok" if group.ok else "FAIL"
            titles = " | ".join(shown(title) for title in group.titles)
            body.append(f"  shares id {group.paper_id} ({group.reason}) {mark}: {titles}")
        for label, items in (("lost", r.lost), ("extra", r.extra), ("invented", r.invented)):
            if items:
                listed = "; ".join(shown(item) for item in items[:5])
                more = f" (+{len(items) - 5} more)" if len(items) > 5 else ""
                body.append(f"  {label}: {listed}{more}")
        if verbose:
            body.append(f"  counted: {r.counting or '-'}")
            body.extend(f"  note: {note}" for note in r.notes)
            body.extend(f"  load problem: {problem}" for problem in r.problems)
            for kind, samples in r.samples.items():
                body.extend(f"  {kind}: {sample}" for sample in samples)
        if body:
            lines.append(f"{r.file}:")
            lines.extend(body)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="folder of paper-list files")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("-v", "--verbose", action="store_true", help="show examples of misses")
    args = parser.parse_args(argv)
    folder = Path(args.folder or os.environ.get("TUIREADER_REAL") or DEFAULT_FOLDER)
    if not folder.is_dir():
        print(f"{folder}: not a folder", file=sys.stderr)
        return 2
    started = time.perf_counter()
    files, skipped = data_files(folder)
    reports = [evaluate_file(path) for path in files]
    seconds = time.perf_counter() - started
    if args.json:
        document = {
            "folder": str(folder),
            "skipped": skipped,
            "files": [r.to_json() for r in reports],
            "passed": sum(r.passed for r in reports),
            "summary": summary(reports, seconds),
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print(f"real lists in {folder}" + (f" (skipped: {', '.join(skipped)})" if skipped else ""))
        print("\n".join(table(reports)))
        for kind in dict.fromkeys(r.format for r in reports if r.format):
            print(f"  {kind} records: {COUNTING[kind]}")
        extra = details(reports, args.verbose)
        if extra:
            print()
            print("\n".join(extra))
        print()
        print(summary(reports, seconds))
    return 0 if reports and all(r.passed for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
