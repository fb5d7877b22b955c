"""A conference's list of papers copied from its web page into a text file: each paper's
title on one line and its authors' names on the next (a blank line between papers, or
none), or a title and its authors on one line with a tab between them (the page's table
copied, with no header row), perhaps under a heading line ("ICML 2024 Accepted Papers").

Read one paper a paragraph, or one a line as a list of titles, each author line was a
paper of its own, titled by the names, and the heading one more. Here a title and the
names after it are one paper, and the heading names the list.

An author line is names and nothing else: names separated by commas, semicolons, "and",
"&" or the sites' "·", each of two to four words (and particles: "Artur Back de Luca"),
capitalised or initials ("Christopher J. Anders"), or a few written all in small letters
as OpenReview gives some ("zhipeng cai"), an affiliation in parentheses and the digits
or marks of footnotes after a name left out. A title is told from such a line by its
words: a colon, a number, a word no name holds ("of", "for", "Networks", "Learning"), one
word alone; a few capitalised words alone ("Graph Attention Networks", "Yann LeCun") may be
either, and are read as names only where the file's shape puts them so, and most author
lines are plainly names (two or more, or with an initial).
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import (
    MAX_LIST_NAME_CHARS,
    ReadResult,
    line_list,
    split_lines,
)
from tuireader.model import Problem, Record

__all__ = ["parse_page_copy"]

#: what stands between two names: a comma, a semicolon, the sites' "·" or "•", "and", "&"
_SEPARATOR_RE = re.compile(r"\s*(?:[,;·•]|\band\b|&)\s*")
#: an affiliation or a note in parentheses or brackets after a name
_NOTE_RE = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")
#: footnote marks after a name: superscript digits, stars, daggers, an envelope
_MARK_RE = re.compile(r"[\u00b9\u00b2\u00b3\u2070-\u2079*†‡§¶✉]+")
#: footnote digits written after a name as plain digits ("Ann Lee1,2")
_DIGITS_RE = re.compile(r"(?<=[^\W\d_])\d{1,2}(?:\s*,\s*\d{1,2}(?![\w.]))*(?![\w.])")
#: "et al." ending a list of names
_ET_AL_RE = re.compile(r"[,\s]*\bet\s*al\b\.?\s*$", re.IGNORECASE)
#: a word of a name: capitalised ("Vaswani", "O'Neil", "Mehmeti-Göpel"), an initial
#: ("J.", "H.X."), in small letters, or in a script without capitals
_NAME_WORD_RE = re.compile(r"[^\W\d_][\w'’.-]*")
#: an initial or initials ("J.", "H.X.", "C.-P.")
_INITIAL_RE = re.compile(r"(?:[^\W\d_]\.-?)+")
#: words before a family name, in small letters ("van", "de la")
_PARTICLES = frozenset(
    (
        *("van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "du"),
        *("le", "la", "bin", "ibn", "al", "el", "ten", "ter", "zu", "y"),
    )
)
#: words of titles and headings that no name holds, in any case
_NOT_NAMES = frozenset(
    (
        *("a", "an", "the", "of", "for", "in", "on", "with", "via", "to", "from", "by"),
        *("at", "as", "or", "is", "are", "be", "we", "our", "how", "what", "why", "when"),
        *("towards", "toward", "using", "beyond", "through", "into", "without", "not"),
        *("learning", "learn", "networks", "network", "neural", "models", "model", "data"),
        *("graph", "graphs", "attention", "transformer", "transformers", "language"),
        *("analysis", "optimization", "generative", "reinforcement", "training", "diffusion"),
        *("efficient", "robust", "adversarial", "inference", "estimation", "detection"),
        *("representation", "representations", "policy", "gradient", "gradients", "systems"),
        *("system", "theory", "approach", "method", "methods", "algorithm", "algorithms"),
        *("benchmark", "dataset", "datasets", "survey", "paper", "papers", "accepted"),
        *("list", "reading", "proceedings", "conference", "workshop", "session", "track"),
        *("poster", "posters", "oral", "orals", "spotlight", "spotlights", "award", "day"),
        *("program", "schedule", "abstract", "abstracts", "title", "titles", "authors"),
    )
)
#: the share of a file's author lines that may read as no names (a group's name, a
#: name with a number), and of its titles that may read as names, where its shape is
#: plain otherwise
_ODD_SHARE = 10
#: the fewest papers a file must give to be read so
_FEWEST = 2
#: the most lines a heading before the first paper may have
_HEADING_LINES = 2


def _person(piece: str) -> str | None:
    """What kind of name ``piece`` is: ``"capital"`` ("Núria Armengol Urpí", "Christian
    H.X. Ali Mehmeti-Göpel", "Tommaso de Fernex"), ``"lower"`` ("zhipeng cai", all in
    small letters), or None for what is no one's name."""
    words = piece.split()
    if not 2 <= len(words) <= 6:
        return None
    main = [
        word
        for number, word in enumerate(words)
        if not (word in _PARTICLES and number < len(words) - 1 and number > 0)
    ]
    if not 2 <= len(main) <= 4:
        return None
    lower = 0
    for word in main:
        if not _NAME_WORD_RE.fullmatch(word) or word.lower().strip(".") in _NOT_NAMES:
            return None
        if word.endswith(".") and not _INITIAL_RE.fullmatch(word):
            return None  # an abbreviation ("Proc.", "Vol."), no name
        if word[0].islower():
            lower += 1
    if lower and lower != len(main):
        return None  # "Learning to Rank": a name is capitalised, or in small letters whole
    return "lower" if lower else "capital"


def _names(line: str) -> tuple[tuple[str, ...], bool] | None:
    """The names ``line`` gives, and whether it plainly is a list of authors (two names
    or more, an initial, "et al."); None for a line that is not names alone."""
    text = _MARK_RE.sub("", _NOTE_RE.sub("", line))
    text = _DIGITS_RE.sub("", text).strip()
    cut = _ET_AL_RE.search(text)
    if cut:
        text = text[: cut.start()]
    elif text.endswith(".") and not _INITIAL_RE.fullmatch(text.split()[-1]):
        text = text[:-1]  # the full stop a line of names ends with ("Ann Lee, Bo Chan.")
    if not text or re.search(r"[\d:?!\"“”/]", text):
        return None  # a title's colon, a number, a question
    pieces = [piece for piece in _SEPARATOR_RE.split(text.strip(" ,;")) if piece]
    if not pieces:
        return None
    kinds = [_person(piece) for piece in pieces]
    if None in kinds or "capital" not in kinds or kinds.count("lower") * 2 > len(kinds):
        return None
    initial = any(_INITIAL_RE.fullmatch(word) for piece in pieces for word in piece.split())
    names = tuple(" ".join(piece.split()) for piece in pieces)
    return (*names, *(("et al.",) if cut else ())), len(names) >= 2 or initial or bool(cut)


def _as_written(line: str) -> tuple[str, ...]:
    """The authors of a line that does not read as names, split where names are."""
    text = _MARK_RE.sub("", _NOTE_RE.sub("", line))
    return tuple(" ".join(piece.split()) for piece in _SEPARATOR_RE.split(text) if piece.strip())


def _papers(
    pairs: list[tuple[int, str, str]], heading: list[str], path: Path, how: str
) -> ReadResult | None:
    """The papers of ``pairs`` (a title's line number, the title, its author line) under
    ``heading`` (the lines before the first paper), with what to say; None when the
    pairs are not plainly titles and their authors."""
    if len(pairs) < _FEWEST:
        return None
    read = [_names(authors) for _, _, authors in pairs]
    odd = [number for (number, _, _), names in zip(pairs, read, strict=True) if names is None]
    if read[0] is None or len(odd) * _ODD_SHARE > len(pairs):
        return None
    plain = sum(names is not None and names[1] for names in read)
    if plain * 3 < len(pairs) * 2:
        return None  # single names, each of a few capitalised words: titles, perhaps
    named = [_names(title) for _, title, _ in pairs]
    if sum(names is not None and names[1] for names in named) * _ODD_SHARE > len(pairs):
        return None  # titles that read as lists of names: the lines are something else
    records = tuple(
        Record(
            title=" ".join(title.split()),
            authors=names[0] if names is not None else _as_written(authors),
        )
        for (_, title, authors), names in zip(pairs, read, strict=True)
    )
    said = (
        f"{how}: read each title and its authors as one paper, {len(records)} in all (the "
        "file gives no abstracts: a catalog that gives them, --catalog, fills them in)"
    )
    name = heading[0] if heading and len(heading[0]) <= MAX_LIST_NAME_CHARS else None
    if name is not None:
        said += f"; its first line (“{name}”) names the list"
        if len(heading) > 1:
            said += ", and the line after it is left out"
    else:
        said += "; no line names the list: it is named after the file"
    problems = [Problem(path, said, "warning")]
    if odd:
        some = len(odd) > 1
        problems.append(
            Problem(
                path,
                f"the authors of the title{'s' if some else ''} on line{'s' if some else ''} "
                f"{line_list(odd)} do not read as names; read as written",
                "warning",
            )
        )
    return ReadResult(path, name or path.stem, "text", records, tuple(problems))


def _tabbed(numbered: list[tuple[int, str]], path: Path) -> ReadResult | None:
    """A title and its authors a line, a tab between them, under a heading of a line or
    two without a tab; None for any other text."""
    first = next((at for at, (_, line) in enumerate(numbered) if "\t" in line), None)
    if first is None or first > _HEADING_LINES:
        return None
    pairs: list[tuple[int, str, str]] = []
    for number, line in numbered[first:]:
        cells = [cell.strip() for cell in line.split("\t")]
        while cells and not cells[-1]:
            cells.pop()
        if len(cells) != 2 or not all(cells):
            return None
        pairs.append((number, cells[0], cells[1]))
    heading = [line for _, line in numbered[:first]]
    how = "its lines are a title and its authors, a tab between them, with no header row naming the columns"
    return _papers(pairs, heading, path, how)


def _lined(blocks: list[list[tuple[int, str]]], path: Path) -> ReadResult | None:
    """A title on a line and its authors on the next, paragraph after paragraph (or all
    in one), under a heading of a line or two; None for any other text."""
    heading: list[str] = []
    first = blocks[0]
    if (
        len(first) <= _HEADING_LINES
        and len(blocks) > 1
        and (len(first) == 1 or _names(first[1][1]) is None)
    ):
        heading, blocks = [line for _, line in first], blocks[1:]
    elif len(first) % 2:
        heading, blocks = [first[0][1]], [first[1:], *blocks[1:]]
    pairs: list[tuple[int, str, str]] = []
    for block in blocks:
        if len(block) % 2:
            return None
        pairs.extend(
            (number, title, authors)
            for (number, title), (_, authors) in zip(block[0::2], block[1::2], strict=True)
        )
    if all(len(block) == 2 for block in blocks):
        how = "its paragraphs are a title and, on the line after it, its authors' names"
    else:
        how = "its lines are titles, each followed by its authors' names on the next line"
    return _papers(pairs, heading, path, how)


def parse_page_copy(text: str, path: Path) -> ReadResult | None:
    """The papers of a list copied from a web page (see the module's words); None for
    any other text."""
    blocks: list[list[tuple[int, str]]] = []
    block: list[tuple[int, str]] = []
    for number, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if line:
            block.append((number, line))
        elif block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)
    if not blocks:
        return None
    numbered = [pair for block in blocks for pair in block]
    if any("\t" in line for _, line in numbered):
        return _tabbed(numbered, path)
    return _lined(blocks, path)
