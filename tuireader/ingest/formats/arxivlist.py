"""arXiv's listings pasted into a text file: the web page of new submissions, and the
daily e-mail digest. Each entry is a paper: its arXiv id, title, authors, categories,
journal reference, DOI and abstract.

The web page, as copied::

    [1] arXiv:2401.01234 [pdf, html, other]
    Title: Sparse Attention Revisited
    Authors: Thomas Müller, Ada Lovelace
    Subjects: Machine Learning (cs.LG); Artificial Intelligence (cs.AI)

    We revisit sparse attention …

The e-mail digest::

    \\\\
    arXiv:2401.01234
    Date: Tue, 2 Jan 2024 10:00:00 GMT   (12kb)

    Title: Sparse Attention Revisited
    Authors: Thomas Müller and Ada Lovelace
    Categories: cs.LG cs.AI
    \\\\
      We revisit sparse attention …
    \\\\ ( https://arxiv.org/abs/2401.01234 ,  12kb)

The search results page, as copied (no "Title:": the line after the id is the title;
"▽ More" ends the short abstract, and "△ Less" the whole one when it was opened)::

    arXiv:2401.01234  [pdf, other]  cs.LG cs.AI
    Sparse Attention Revisited
    Authors: Thomas Müller, Ada Lovelace
    Abstract: We revisit sparse attention … ▽ More
    Submitted 2 January, 2024; originally announced January 2024.

A header line that goes on is indented ("Title: Routing Tokens Through" / "  Experts").
The page's headings ("Cross submissions (showing 1 of 1 entries)") and its footer are no
part of an abstract.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import (
    MAX_LIST_NAME_CHARS,
    ReadResult,
    clean,
    split_lines,
    year_of,
)
from tuireader.ingest.formats.jsonfile import arxiv_record
from tuireader.ingest.formats.tex import unlatex
from tuireader.model import Record

__all__ = ["parse_listing"]

_ID = r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
#: the first line of an entry of the web page: "[1] arXiv:2401.01234 [pdf, html, other]".
_WEB_ENTRY_RE = re.compile(rf"^\s*\[\d+\]\s+arXiv:{_ID}(?![\w.])", re.IGNORECASE)
#: the id line of an entry of the e-mail digest, after its "\\" line.
_MAIL_ID_RE = re.compile(rf"^\s*arXiv:{_ID}(?![\w.])", re.IGNORECASE)
_MAIL_START_RE = re.compile(rf"^\\\\[ \t]*\n[ \t]*arXiv:{_ID}", re.IGNORECASE | re.MULTILINE)
#: the last line of an entry of the digest: "\\ ( https://arxiv.org/abs/… ,  12kb)".
_MAIL_END_RE = re.compile(r"^\\\\\s*\(")
_HEADER_RE = re.compile(r"^([A-Z][A-Za-z-]*):\s*(.*)$")
#: the first line of an entry of the search results: the id, its formats, its categories
_SEARCH_ENTRY_RE = re.compile(
    rf"^\s*arXiv:{_ID}\s+\[(?:pdf|ps|html|other)\b[^\]]*\]\s*(.*)$", re.IGNORECASE
)
#: a search result's headers (a line of its own each; "Submitted" has no colon)
_SEARCH_HEADER_RE = re.compile(
    r"^(Authors|Abstract|Comments|Journal ref|DOI|Submitted|Report number)\b:?\s*(.*)$"
)
#: what the search page writes after a short abstract, and after the whole one
_MORE, _LESS = "▽ More", "△ Less"
_QUERY_RE = re.compile(r"^Showing [\d,–-]+ of [\d,]+ results for (?:\w+: )?(.+)$")
#: a paragraph of the web page that is no abstract: a heading, a count, its footer.
_NOT_ABSTRACT_RE = re.compile(
    r"^(?:new submissions|cross submissions|cross-lists|replacement submissions|replacements"
    r"|total of \d+ entries|showing |which authors of this paper)"
    r"|\(showing (?:first )?\d+ of \d+ entries\s*\)",
    re.IGNORECASE,
)
_CATEGORY_RE = re.compile(r"\(([a-z-]+(?:\.[A-Za-z-]+)?)\)")
_NAMES_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_PARENTHESES_RE = re.compile(r"\s*\([^()]*\)")
_SUBMISSIONS_TO_RE = re.compile(r"^\s*submissions to:\s*$", re.IGNORECASE)
_RULE_RE = re.compile(r"^[-%=*_\s]+$")


def parse_listing(text: str, path: Path) -> ReadResult | None:
    """The papers of an arXiv listing, or None when ``text`` is none: it has no entry
    of either shape with a title (a list of abstracts that cites "[1] arXiv:…" is no
    listing)."""
    lines = split_lines(clean(text))
    if any(_WEB_ENTRY_RE.match(line) for line in lines):
        return _finish(path, _web_name(lines, path), _web_entries(lines))
    if _MAIL_START_RE.search("\n".join(lines)):
        return _finish(path, _mail_name(lines, path), _mail_entries(lines))
    if any(_SEARCH_ENTRY_RE.match(line) for line in lines):
        return _finish(path, _search_name(lines, path), _search_entries(lines))
    return None


def _finish(path: Path, name: str, records: list[Record]) -> ReadResult | None:
    if not any(record.title for record in records):
        return None
    return ReadResult(path, name, "text", tuple(records))


# --------------------------------------------------------------------------- the web page


def _web_name(lines: list[str], path: Path) -> str:
    """The first line above the first entry ("Machine Learning"), else the file's name."""
    for line in lines:
        if _WEB_ENTRY_RE.match(line):
            break
        line = line.strip()
        if line:
            return line if len(line) <= MAX_LIST_NAME_CHARS else path.stem
    return path.stem


def _entries(lines: list[str], entry_re: re.Pattern[str]) -> list[tuple[re.Match[str], list[str]]]:
    """Each line ``entry_re`` matches, with its match and the lines after it up to the
    next such line."""
    found = [(at, match) for at, line in enumerate(lines) if (match := entry_re.match(line))]
    ends = [at for at, _match in found[1:]] + [len(lines)]
    return [(match, lines[at + 1 : end]) for (at, match), end in zip(found, ends, strict=True)]


def _web_entries(lines: list[str]) -> list[Record]:
    records: list[Record] = []
    for found, body in _entries(lines, _WEB_ENTRY_RE):
        headers, rest = _headers(body)
        paragraphs = [p for p in _paragraphs(rest) if not _NOT_ABSTRACT_RE.search(p)]
        record = _record(found.group(1), headers, "\n\n".join(paragraphs))
        if record is not None:
            records.append(record)
    return records


def _paragraphs(lines: list[str]) -> list[str]:
    """Runs of non-blank lines, each line stripped, joined by line breaks."""
    found: list[str] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
        elif block:
            found.append("\n".join(block))
            block = []
    return found


# --------------------------------------------------------------------------- the e-mail digest


def _mail_name(lines: list[str], path: Path) -> str:
    """The archive a digest is of (the line after "Submissions to:"), else the file's name."""
    for at, line in enumerate(lines[:-1]):
        if _SUBMISSIONS_TO_RE.match(line):
            name = lines[at + 1].strip()
            if name and len(name) <= MAX_LIST_NAME_CHARS and not _RULE_RE.match(name):
                return name
    return path.stem


def _mail_entries(lines: list[str]) -> list[Record]:
    records: list[Record] = []
    at = 0
    while at < len(lines):
        found = _MAIL_ID_RE.match(lines[at + 1]) if at + 1 < len(lines) else None
        if lines[at].strip() != "\\\\" or found is None:
            at += 1
            continue
        header: list[str] = []
        abstract: list[str] = []
        into = header
        at += 2
        while at < len(lines) and not _MAIL_END_RE.match(lines[at]):
            if lines[at].strip() == "\\\\":
                if into is abstract:
                    break  # a "\\" with no end line: the next entry starts here
                into = abstract
            else:
                into.append(lines[at])
            at += 1
        headers, _rest = _headers([line for line in header if line.strip()], whole=True)
        record = _record(found.group(1), headers, "\n".join(line.strip() for line in abstract))
        if record is not None:
            records.append(record)
        if at < len(lines) and _MAIL_END_RE.match(lines[at]):
            at += 1
    return records


# --------------------------------------------------------------------------- the search results


def _search_name(lines: list[str], path: Path) -> str:
    """ "diffusion (arXiv search)" of "Showing 1–50 of 2,345 results for all: diffusion",
    else the file's name: the query first, which the reader's narrow list column shows
    of it, as it names the API's answer (``feed``)."""
    for line in lines:
        if _SEARCH_ENTRY_RE.match(line):
            break
        found = _QUERY_RE.match(line.strip())
        if found and len(found.group(1)) <= MAX_LIST_NAME_CHARS:
            return f"{found.group(1).strip()} (arXiv search)"
    return path.stem


def _search_entries(lines: list[str]) -> list[Record]:
    records: list[Record] = []
    for found, body in _entries(lines, _SEARCH_ENTRY_RE):
        headers: dict[str, str] = {"categories": found.group(2).strip()}
        title: list[str] = []
        last: str | None = None
        for line in body:
            header = _SEARCH_HEADER_RE.match(line.strip())
            if header:
                last = header.group(1).lower()
                headers.setdefault(last, header.group(2).strip())
            elif last is None:
                title.append(line.strip())  # the title, before the first header
            elif line.strip():
                headers[last] = f"{headers[last]}\n{line.strip()}"
        headers["title"] = " ".join(" ".join(title).split())
        headers["date"] = headers.get("submitted", "")
        headers["journal-ref"] = headers.get("journal ref", "")
        record = _record(found.group(1), headers, _search_abstract(headers.get("abstract", "")))
        if record is not None:
            records.append(record)
    return records


def _search_abstract(text: str) -> str:
    """A search result's abstract: the whole one where the page gave it ("… △ Less"),
    else the short one, without the page's "▽ More"."""
    if _LESS in text:
        text = text.split(_LESS, 1)[0]
        text = text.split(_MORE, 1)[1] if _MORE in text else text
    return text.replace(_MORE, "").strip()


# --------------------------------------------------------------------------- an entry


def _headers(lines: list[str], *, whole: bool = False) -> tuple[dict[str, str], list[str]]:
    """The headers an entry starts with (by lower-case name; an indented line goes on
    the header before it), and the lines after them: from the first blank line or line
    of text on (``whole``: the lines are all headers, and a line of text among them, a
    digest's "replaced with revised version …", is passed over)."""
    headers: dict[str, str] = {}
    last: str | None = None
    for at, line in enumerate(lines):
        found = _HEADER_RE.match(line)
        if found:
            last = found.group(1).lower()
            headers.setdefault(last, found.group(2).strip())
        elif line[:1].isspace() and line.strip() and last is not None:
            headers[last] = f"{headers[last]} {line.strip()}".strip()
        elif whole:
            last = None
        elif line.strip() or headers:
            return headers, lines[at:]
    return headers, []


def _authors(value: str) -> tuple[str, ...]:
    """Names joined by commas and "and", affiliations in parentheses left out."""
    while _PARENTHESES_RE.search(value):
        value = _PARENTHESES_RE.sub("", value)
    names = (" ".join(unlatex(name).split()) for name in _NAMES_SPLIT_RE.split(value))
    return tuple(name for name in names if name)


def _categories(headers: dict[str, str]) -> tuple[str, ...]:
    """The categories of "Subjects: Machine Learning (cs.LG); …" or "Categories: cs.LG cs.AI"."""
    if "subjects" in headers:
        return tuple(dict.fromkeys(_CATEGORY_RE.findall(headers["subjects"])))
    return tuple(dict.fromkeys(headers.get("categories", "").split()))


def _id_year(arxiv_id: str) -> int | None:
    """The year an arXiv id was given in: its first two digits ("2401.…" 2024,
    "hep-th/9901001" 1999)."""
    digits = arxiv_id.rsplit("/", 1)[-1][:2]
    if not digits.isdigit():
        return None
    year = int(digits)
    return 1900 + year if year >= 91 else 2000 + year


def _record(arxiv_id: str, headers: dict[str, str], abstract: str) -> Record | None:
    """The paper of an entry, as arXiv's other readers make it (``arxiv_record``): its
    year the one its journal reference gives ("Phys. Rev. D 80 (2009)"), else the one
    it was submitted in (its id's, where the listing dates it not)."""
    title = " ".join(headers.get("title", "").split()) or None
    abstract = abstract.strip()
    if not title and not abstract:
        return None
    return arxiv_record(
        arxiv_id,
        title,
        abstract,
        _authors(headers.get("authors", "")),
        year_of(headers.get("date")) or _id_year(arxiv_id),
        _categories(headers),
        headers.get("doi"),
        " ".join(headers.get("journal-ref", "").split()) or None,
        source_id=arxiv_id,
    )
