"""Plain text lists: a list name, then one abstract per paragraph.

The first non-empty line names the list, then one paper per paragraph, paragraphs
separated by blank lines; a hard-wrapped paragraph is one paper. An arXiv listing pasted
as text (the web page's or the e-mail digest's) is read entry by entry
(``arxivlist``), and so is a list of references, a paper's bibliography, numbered or
not (``references``). A list of titles, one a line (paragraphs whose every line reads as a
title, not as a hard-wrapped abstract's), is read one paper a line, and said. A list of
identifiers, one a line (arXiv ids, DOIs, links to a paper's page at arXiv, doi.org,
OpenReview, PMLR or the ACL Anthology), is one paper an identifier, with its link and
no title or abstract (but the title written after the identifier on its line:
``2401.01234 Attention is all you need``), and said. A list copied from a conference's
web page, each title followed by its authors' names on the next line (or after a tab on
its own), is one paper a title with its authors (``pagecopy``), and said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from tuireader.ingest.formats.arxivlist import parse_listing
from tuireader.ingest.formats.common import (
    MAX_LIST_NAME_CHARS,
    ReadResult,
    clean,
    failure,
    line_list,
    split_lines,
)
from tuireader.ingest.formats.pagecopy import parse_page_copy
from tuireader.ingest.formats.references import parse_references
from tuireader.model import Problem, Record

__all__ = ["MAX_LIST_NAME_CHARS", "paragraphs", "parse_text"]


def paragraphs(lines: Iterable[str]) -> Iterator[list[str]]:
    """Runs of non-blank lines, each line stripped."""
    block: list[str] = []
    for line in lines:
        if line.strip():
            block.append(line.strip())
        elif block:
            yield block
            block = []
    if block:
        yield block


def list_name(first: list[str], path: Path) -> tuple[str, list[str], list[Problem]]:
    """The list's name from the first paragraph, the rest of that paragraph, problems."""
    name = first[0]
    if path.suffix.lower() == ".md":
        name = name.lstrip("#").strip() or name
    if len(name) <= MAX_LIST_NAME_CHARS:
        return name, first[1:], []
    # No list name: the file starts straight with an abstract.
    problem = Problem(
        path,
        "the first line looks like an abstract, not a list name; the list is named after the file",
        "warning",
    )
    return path.stem, first, [problem]


#: a line that is a web address and nothing more.
_ADDRESS_LINE = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)\S+", re.IGNORECASE)


#: the longest line read as a title
_LONGEST_TITLE = 200


#: what a line of an abstract may end in, not a title: a sentence's full stop (Chinese and
#: Japanese ones too), or a mark within a sentence (a comma, a hyphen)
_NO_TITLE_ENDS = (".", ",", ";", "-", "–", "。", "．", "，", "、", "；")


def _is_title_line(line: str) -> bool:
    """True for a line that may be a title, not the last line of a hard-wrapped
    abstract: short, and ending in no sentence's full stop nor mid-sentence (a comma,
    a hyphen)."""
    return len(line) <= _LONGEST_TITLE and not line.endswith(_NO_TITLE_ENDS)


def _title_lines(blocks: list[list[str]]) -> tuple[str | None, list[str], str] | None:
    """The list's name (None: none is given), its titles and what to say, for a list of
    titles, one a line; None for any other text.

    One paper a paragraph made such a list one paper, its titles run together as its
    abstract. A paragraph of lines that each read as a title (:func:`_is_title_line`),
    three of them at least, is no abstract, which ends in a full stop: a list whose
    paragraphs (but a first of one line, its name) are all so is read a title a line.
    """
    first, *others = blocks
    named = len(first) == 1 and bool(others)
    listed = [line for block in (others if named else blocks) for line in block]
    if len(listed) < 3 or all(len(block) == 1 for block in (others if named else blocks)):
        return None
    # a hard-wrapped line goes on with the sentence before it, in small letters; a
    # title starts with a capital, a digit, a quote or "$". A few lines may be odd (an
    # "iPhone", a title that ends in a full stop, two titles run together on one line)
    odd = sum(not _is_title_line(line) or line[0].islower() for line in listed)
    if odd > len(listed) // 10:
        return None
    said = "its lines are titles, one a line, not paragraphs of abstracts: read each as one paper's title"
    if not named:
        said += " (no line names the list before a blank line: it is named after the file)"
    return (first[0] if named else None), listed, said


#: a DOI within a line that names one (``doi:10.1/x``, ``https://doi.org/10.1/X``)
_DOI_IN_LINE = re.compile(r"10\.\d{4,9}/\S+")


def _identifier_record(line: str) -> Record | None:
    """The paper an identifier pasted as it is names, known by nothing else: an arXiv id
    (its page without version), a DOI (its doi.org address, the DOI as written), a link
    to a paper's page at OpenReview, PMLR or the ACL Anthology (that page); None for a
    line that is no identifier."""
    from urllib.parse import unquote

    from tuireader.ingest.identity import named_keys, normalise_doi

    keys = {key.kind: key.value for key in named_keys(line)}
    if not keys:
        return None
    if "arxiv" in keys:
        return Record(arxiv_id=keys["arxiv"])
    if "doi" in keys:
        found = _DOI_IN_LINE.search(unquote(line.strip().strip("<>()[]{}\"'`")))
        written = found.group(0).rstrip(".,;/") if found else None
        if written is None or normalise_doi(written) != keys["doi"]:
            written = keys["doi"]
        return Record(doi=written)
    return Record(
        url=line.strip().strip("<>()[]{}\"'`"),
        openreview_id=keys.get("openreview"),
        pmlr_key=keys.get("pmlr"),
    )


#: what may stand between an identifier and the title written after it on its line: a
#: dash, a colon, a bar, a comma, spaces
_TITLE_AFTER_ID = re.compile(r"^\s*(?:[-–—:|,;]+\s*)?")


def _titled_identifier_record(line: str) -> Record | None:
    """The paper a line names by an identifier followed by its title
    (``2401.01234 Attention is all you need``, ``10.1145/3292500.3330701 — Title``,
    ``https://arxiv.org/abs/2401.01234  Title``): the identifier's paper with that title;
    None when the line's first word is no identifier or nothing that reads as a title
    follows it (another identifier)."""
    parts = line.split(None, 1)
    if len(parts) < 2:
        return None
    record = _identifier_record(parts[0].rstrip(",;:"))
    if record is None:
        return None
    title = _TITLE_AFTER_ID.sub("", parts[1]).strip()
    if len(title) > 2 and (title[0] + title[-1]) in ('""', "''", "“”"):
        title = title[1:-1].strip()
    if not any(char.isalpha() for char in title) or _identifier_record(title) is not None:
        return None
    return replace(record, title=title)


#: what a line of a list may start with before its item: a bullet ("-", "*", "+", "•")
#: or a number ("1.", "1)", "[1]")
_ITEM_MARK = re.compile(r"^(?:[-*+•]|\d{1,4}[.)]|\[\d{1,4}\])\s+")

#: a comment that ends a line ("2301.00001  # great"): "#" after a space, then a space
_LINE_COMMENT = re.compile(r"\s+#(?:\s.*)?$")


def _identifier_lines(text: str, path: Path) -> ReadResult | None:
    """The papers of a list of identifiers, one a line (:func:`_identifier_record`),
    perhaps under a line naming the list, with what to say; None for any other text.

    Read one paper a paragraph, such a list was one paper whose abstract was its lines
    and whose title was derived from them (under a list named by its first identifier);
    a list of titles it is not. Lines starting with "#" are comments, and a line's item
    may follow a bullet or a number and come before a "#" comment. A list is one of
    identifiers when most of its lines (but its name and web addresses) are identifiers:
    the others are titles, one paper each (as in a list of titles, one a line), or are
    left out and said by line number. A line that is a web address naming no paper's
    identifier is left out and said; a file of such addresses only is no list of
    identifiers (:func:`parse_text` refuses it).
    """
    numbered: list[tuple[int, str, bool]] = []  # line number, item, after a bullet
    for number, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue  # a blank line, a comment
        item = _ITEM_MARK.sub("", line)
        item = _LINE_COMMENT.sub("", item).strip()
        if item:
            numbered.append((number, item, item != line))
    if not numbered:
        return None
    records = [
        _identifier_record(item) or _titled_identifier_record(item) for _, item, _ in numbered
    ]
    name: str | None = None
    _, first, marked = numbered[0]
    if (
        records[0] is None
        and not marked
        and len(numbered) > 1
        and len(first) <= MAX_LIST_NAME_CHARS
    ):
        name, numbered, records = first, numbered[1:], records[1:]
    addresses = [
        number
        for (number, item, _), record in zip(numbered, records, strict=True)
        if record is None and _ADDRESS_LINE.fullmatch(item)
    ]
    found = sum(record is not None for record in records)
    if not found or found * 2 <= len(numbered) - len(addresses):
        return None
    read: list[Record] = []
    titles: list[int] = []
    others: list[int] = []
    for (number, item, _), record in zip(numbered, records, strict=True):
        if record is not None:
            read.append(record)
        elif number in addresses:
            continue
        elif _is_title_line(item) and not item[0].islower():
            read.append(Record(title=item))
            titles.append(number)
        else:
            others.append(number)
    titled = sum(bool(r.title and (r.arxiv_id or r.doi or r.url)) for r in read)
    only = "" if titles or titled else " only"
    said = (
        f"holds identifiers{only}, one a line (arXiv ids, DOIs, links to papers' pages): "
        f"read each as one paper with its link, {found} in all; "
    )
    if titled == found:
        said += "each with the title written after it on its line; their authors "
    elif titled:
        said += (
            f"{titled} with the title written after it on its line; the others' titles, "
            "and their authors "
        )
    else:
        said += "their titles, authors "
    said += (
        "and abstracts are not in the file (a catalog that gives them, --catalog, fills them in)"
    )
    if titles:
        some = len(titles) > 1
        said += (
            f"; {len(titles)} line{'s' if some else ''} ({line_list(titles)}) "
            f"{'are titles: read each' if some else 'is a title: read it'} as one paper's title"
        )
    if name is None:
        said += "; no line names the list: it is named after the file"
    problems = [Problem(path, said, "warning")]
    if addresses:
        some = len(addresses) > 1
        problems.append(
            Problem(
                path,
                f"left out {len(addresses)} web address{'es' if some else ''} that "
                f"name{'' if some else 's'} no paper's identifier "
                f"(line{'s' if some else ''} {line_list(addresses)})",
                "warning",
            )
        )
    if others:
        some = len(others) > 1
        problems.append(
            Problem(
                path,
                f"left out {len(others)} line{'s' if some else ''} that "
                f"{'are' if some else 'is'} neither an identifier nor a title "
                f"(line{'s' if some else ''} {line_list(others)})",
                "warning",
            )
        )
    return ReadResult(path, name or path.stem, "text", tuple(read), tuple(problems))


def parse_text(text: str, path: Path) -> ReadResult:
    blocks = list(paragraphs(split_lines(text)))
    if not blocks:
        return failure(path, "the file is empty", "text")
    listing = parse_listing(text, path)
    if listing is not None:
        return listing  # arXiv's listing, pasted: its entries, not its paragraphs
    references = parse_references(text, path)
    if references is not None:
        return references  # a numbered list of references: one paper each
    identifiers = _identifier_lines(text, path)
    if identifiers is not None:
        return identifiers  # arXiv ids, DOIs, links to papers' pages: one paper each
    copied = parse_page_copy(text, path)
    if copied is not None:
        return copied  # a web page's list copied: a title, then its authors' names
    lines = [line for block in blocks for line in block]
    if len(lines) > 1 and all(_ADDRESS_LINE.fullmatch(line) for line in lines[1:]):
        # one address a line (tuireader's own export --format urls), perhaps under a
        # name: read as one paper whose abstract is the addresses, it said nothing
        return failure(
            path,
            "holds web addresses, one a line, and no abstracts: it is not a list of papers "
            "(a list of links, such as export --format urls writes, cannot be read back)",
            "text",
        )
    titles = _title_lines(blocks)
    if titles is not None:
        name, listed, said = titles
        records = tuple(Record(title=title) for title in listed)
        return ReadResult(
            path, name or path.stem, "text", records, (Problem(path, said, "warning"),)
        )
    name, rest, problems = list_name(blocks[0], path)
    abstracts = ([" ".join(rest)] if rest else []) + [" ".join(block) for block in blocks[1:]]
    records = tuple(Record(abstract=clean(abstract)) for abstract in abstracts)
    if not records:
        return failure(path, f"has the list name “{name}” but no papers after it", "text", name)
    return ReadResult(path, name, "text", records, tuple(problems))
