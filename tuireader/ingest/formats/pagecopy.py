"""A conference's list of papers copied from its web page into a text file: each paper's
title on one line and its authors' names on the next (a blank line between papers, or
none), or a title and its authors on one line with a tab between them (the page's table
copied, with no header row), perhaps under a heading line ("ICML 2024 Accepted Papers").

Read one paper a paragraph, or one a line as a list of titles, each author line was a
paper of its own, titled by the names, and the heading one more. Here a title and the
names after it are one paper, and the heading names the list. A title whose author line
is missing (a minority of them) is a paper without authors, and said, and so is each of
several such titles one after another.

An author line is names and nothing else: names separated by commas, semicolons, "and",
"&" or the sites' "·", each of two to four words (and particles: "Artur Back de Luca"),
capitalised or initials ("Christopher J. Anders"), or a few written all in small letters
as OpenReview gives some ("zhipeng cai"), an affiliation in parentheses and the digits
or marks of footnotes after a name left out. A title is told from such a line by its
words: a colon, a number, a word no name holds ("of", "for", "Networks", "Learning"), one
word alone; a few capitalised words alone ("Graph Attention Networks", "Yann LeCun") may be
either, and are read as names only where the file's shape puts them so, and most author
lines are plainly names (two or more, or with an initial).

A page that gives each paper's presentation on a line of its own ("Oral", "Spotlight
Poster", "Outstanding Paper") gives it before every paper's title or after every paper's
author line, the same for the whole page: read as a title, each such line was a paper of
its own, and the copy a list of titles, one a line. Here it is the decision of the paper
it stands before or after (the record's ``status``, as a Paper Copilot list's "Poster"),
which side told by where the copy begins or ends with one; a copy whose ends do not say
reads them as standing before the titles. A paper without such a line has no decision.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from pathlib import Path

from tuireader.ingest.formats.common import (
    MAX_LIST_NAME_CHARS,
    ReadResult,
    before_et_al,
    line_list,
    split_lines,
)
from tuireader.ingest.formats.common import NAME_PARTICLES as _PARTICLES
from tuireader.ingest.formats.common import NAME_WORD_RE as _NAME_WORD_RE
from tuireader.model import Problem, Record

__all__ = ["parse_page_copy"]

#: what stands between two names: a comma, a semicolon, the sites' "·" or "•", "and", "&"
_SEPARATOR_RE = re.compile(r"\s*(?:[,;·•]|\band\b|&)\s*")
#: an affiliation or a note in parentheses or brackets after a name
_NOTE_RE = re.compile(r"[(\[][^()\[\]]*[)\]]")
#: footnote marks after a name: superscript digits, stars, daggers, an envelope
_MARK_RE = re.compile(r"[\u00b9\u00b2\u00b3\u2070-\u2079*†‡§¶✉]+")
#: footnote digits written after a name as plain digits ("Ann Lee1,2")
_DIGITS_RE = re.compile(r"(?<=[^\W\d_])\d{1,2}(?:\s*,\s*\d{1,2}(?![\w.]))*(?![\w.])")
#: an initial or initials ("J.", "H.X.", "C.-P.")
_INITIAL_RE = re.compile(r"(?:[^\W\d_]\.-?)+")
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
#: the words of a line that gives a paper's presentation ("Oral", "Spotlight Poster",
#: "Outstanding Paper", "Best Paper Award", "Honorable Mention"), in any case
_LABEL_WORDS = frozenset(
    (
        *("oral", "poster", "spotlight", "highlight", "award", "best", "outstanding"),
        *("honorable", "honourable", "mention", "paper", "presentation", "talk"),
    )
)
#: words of such a line that say nothing alone ("Paper", "Talk"): a line of them only is none
_LABEL_FILLERS = frozenset(("paper", "presentation", "talk", "mention"))
#: the most words such a line has
_LABEL_MOST_WORDS = 4


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
        if not _NAME_WORD_RE.fullmatch(word):
            return None
        if word.lower().strip(".") in _NOT_NAMES and not _short_name(word, main):
            return None
        if word.endswith(".") and not _INITIAL_RE.fullmatch(word):
            return None  # an abbreviation ("Proc.", "Vol."), no name
        if word[0].islower():
            lower += 1
    if lower and lower != len(main):
        return None  # "Learning to Rank": a name is capitalised, or in small letters whole
    return "lower" if lower else "capital"


def _short_name(word: str, words: list[str]) -> bool:
    """Whether ``word``, a word titles use, is a name among ``words`` all the same: an
    initial ("A." of "John A. Smith") or a capitalised name of two letters ("An" of "Bo
    An", "Or" of "Or Litany") beside words no title needs."""
    if _INITIAL_RE.fullmatch(word):
        return True
    if len(word) > 2 or not word[0].isupper():
        return False
    return all(other == word or other.lower().strip(".") not in _NOT_NAMES for other in words)


def _mononym(piece: str) -> str | None:
    """``"one"`` for a name of one capitalised word ("Mausam", who signs so), which a line
    of names may hold among others' full names; None for anything else."""
    word = piece.strip()
    if " " in word or not _NAME_WORD_RE.fullmatch(word) or not word[0].isupper():
        return None
    if word.endswith(".") or word.lower() in _NOT_NAMES:
        return None
    return "one"


def _names(line: str) -> tuple[tuple[str, ...], bool] | None:
    """The names ``line`` gives, and whether it plainly is a list of authors (two names
    or more, an initial, "et al."); None for a line that is not names alone."""
    text = _MARK_RE.sub("", _NOTE_RE.sub("", line))
    # blanks made one: split from each of a long run of them, the separator's pattern
    # would read the whole run each time
    text = " ".join(_DIGITS_RE.sub("", text).split())
    text, cut = before_et_al(text)
    if not cut and text.endswith(".") and not _INITIAL_RE.fullmatch(text.split()[-1]):
        text = text[:-1]  # the full stop a line of names ends with ("Ann Lee, Bo Chan.")
    if not text or re.search(r"[\d:?!\"“”/]", text):
        return None  # a title's colon, a number, a question
    pieces = [piece for piece in _SEPARATOR_RE.split(text.strip(" ,;")) if piece]
    if not pieces:
        return None
    kinds = [_person(piece) or _mononym(piece) for piece in pieces]
    if None in kinds or "capital" not in kinds or kinds.count("lower") * 2 > len(kinds):
        return None
    if kinds.count("capital") < 2 * kinds.count("one"):
        return None  # one-word pieces, beside a name or two: a title's words, perhaps
    initial = any(_INITIAL_RE.fullmatch(word) for piece in pieces for word in piece.split())
    names = tuple(" ".join(piece.split()) for piece in pieces)
    return (*names, *(("et al.",) if cut else ())), len(names) >= 2 or initial or bool(cut)


class _NamesOf(dict[str, tuple[tuple[str, ...], bool] | None]):
    """What :func:`_names` reads in each line of one file, each line read once: the two
    ways a copy is read, its heading and its titles ask it of the same lines, each up to
    four times."""

    def __missing__(self, line: str) -> tuple[tuple[str, ...], bool] | None:
        read = self[line] = _names(line)
        return read


def _as_written(line: str) -> tuple[str, ...]:
    """The authors of a line that does not read as names, split where names are."""
    text = " ".join(_MARK_RE.sub("", _NOTE_RE.sub("", line)).split())
    return tuple(" ".join(piece.split()) for piece in _SEPARATOR_RE.split(text) if piece.strip())


def _label(line: str) -> str | None:
    """The presentation ``line`` gives where it gives that alone ("Oral", "Spotlight
    Poster", "(Outstanding Paper)"), its blanks made one; None for any other line."""
    words = line.strip("()[] ").split()
    if not 0 < len(words) <= _LABEL_MOST_WORDS:
        return None
    folded = [word.lower() for word in words]
    if not all(word in _LABEL_WORDS for word in folded):
        return None
    if all(word in _LABEL_FILLERS for word in folded):
        return None
    return " ".join(words)


@dataclass(frozen=True, slots=True)
class _Labels:
    """The lines of a copy that give a paper's presentation (each line's number and
    what it says), and whether they stand before the titles (else after the author
    lines)."""

    lines: tuple[tuple[int, str], ...] = ()
    before: bool = True

    def of(self, numbers: list[int]) -> list[str | None]:
        """The presentation of each paper whose title is on the line of ``numbers`` (in
        order): that of the line just before its title, or just after its author line
        (the title line of the next paper is after it); the presentations of two such
        lines are joined."""
        given: list[list[str]] = [[] for _ in numbers]
        for number, label in self.lines:
            at = bisect_left(numbers, number)  # the first title after the label
            if not self.before:
                at -= 1
            if 0 <= at < len(numbers):
                given[at].append(label)
        return [", ".join(labels) if labels else None for labels in given]


def _labelled(
    blocks: list[list[tuple[int, str]]], names_of: _NamesOf
) -> tuple[list[list[tuple[int, str]]], _Labels]:
    """``blocks`` without the lines that give a paper's presentation, and those lines;
    ``blocks`` as they are where fewer than two lines do. They stand before the titles
    where a paragraph begins with one, no line of names before it (the page's heading
    may be), and after the author lines where a paragraph ends with one, no line of
    names after it; more paragraphs saying one than the other decide."""
    found = [
        [(number, label) for number, line in block if (label := _label(line)) is not None]
        for block in blocks
    ]
    if sum(map(len, found)) < _FEWEST:
        return blocks, _Labels()
    votes = 0  # paragraphs that say "before", less those that say "after"
    for block, labels in zip(blocks, found, strict=True):
        if not labels or len(labels) == len(block):
            continue
        numbers = [number for number, _ in block]
        first, last = numbers.index(labels[0][0]), numbers.index(labels[-1][0])
        if not any(names_of[line] for _, line in block[:first]):
            votes += 1
        if not any(names_of[line] for _, line in block[last + 1 :]):
            votes -= 1
    taken = {number for labels in found for number, _ in labels}
    kept = [[(number, line) for number, line in block if number not in taken] for block in blocks]
    lines = tuple(label for labels in found for label in labels)
    return [block for block in kept if block], _Labels(lines, votes >= 0)


def _papers(
    pairs: list[tuple[int, str, str | None]],
    heading: list[str],
    path: Path,
    how: str,
    names_of: _NamesOf,
    labels: _Labels,
) -> ReadResult | None:
    """The papers of ``pairs`` (a title's line number, the title, its author line, None
    for a title no author line follows) under ``heading`` (the lines before the first
    paper), each with its presentation of ``labels``, with what to say; None when the
    pairs are not plainly titles and their authors, a few titles perhaps without
    theirs."""
    if len(pairs) < _FEWEST:
        return None
    alone = [number for number, _, authors in pairs if authors is None]
    if len(alone) * 2 >= len(pairs):
        return None  # most titles have no author line: a list of titles, perhaps
    read = [None if authors is None else names_of[authors] for _, _, authors in pairs]
    given = [names for (_, _, authors), names in zip(pairs, read, strict=True) if authors]
    odd = [
        number
        for (number, _, authors), names in zip(pairs, read, strict=True)
        if authors is not None and names is None
    ]
    if given[0] is None or len(odd) * _ODD_SHARE > len(given):
        return None
    plain = sum(names is not None and names[1] for names in given)
    if plain * 3 < len(given) * 2:
        return None  # single names, each of a few capitalised words: titles, perhaps
    named = [names_of[title] for _, title, _ in pairs]
    if sum(names is not None and names[1] for names in named) * _ODD_SHARE > len(pairs):
        return None  # titles that read as lists of names: the lines are something else
    statuses = labels.of([number for number, _, _ in pairs])
    records = tuple(
        Record(
            title=" ".join(title.split()),
            authors=names[0]
            if names is not None
            else _as_written(authors)
            if authors is not None
            else (),
            status=status,
        )
        for (_, title, authors), names, status in zip(pairs, read, statuses, strict=True)
    )
    said = (
        f"{how}: read each title and its authors as one paper, {len(records)} in all (the "
        "file gives no abstracts: a catalog that gives them, --catalog, fills them in)"
    )
    if labels.lines:
        where = "before its title" if labels.before else "after its authors' names"
        said += (
            f"; the line {where} that gives a paper's presentation (“{labels.lines[0][1]}”) "
            "is kept as its decision"
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
    if alone:
        some = len(alone) > 1
        problems.append(
            Problem(
                path,
                f"the title{'s' if some else ''} on line{'s' if some else ''} {line_list(alone)} "
                f"{'have' if some else 'has'} no line of authors' names after "
                f"{'them' if some else 'it'}: read without authors",
                "warning",
            )
        )
    return ReadResult(path, name or path.stem, "text", records, tuple(problems))


def _tabbed(
    numbered: list[tuple[int, str]], path: Path, names_of: _NamesOf, labels: _Labels
) -> ReadResult | None:
    """A title and its authors a line, a tab between them, under a heading of a line or
    two without a tab; None for any other text."""
    first = next((at for at, (_, line) in enumerate(numbered) if "\t" in line), None)
    if first is None or first > _HEADING_LINES:
        return None
    pairs: list[tuple[int, str, str | None]] = []
    for number, line in numbered[first:]:
        cells = [cell.strip() for cell in line.split("\t")]
        while cells and not cells[-1]:
            cells.pop()
        if len(cells) != 2 or not all(cells):
            return None
        pairs.append((number, cells[0], cells[1]))
    heading = [line for _, line in numbered[:first]]
    how = "its lines are a title and its authors, a tab between them, with no header row naming the columns"
    return _papers(pairs, heading, path, how, names_of, labels)


def _lined(
    blocks: list[list[tuple[int, str]]], path: Path, names_of: _NamesOf, labels: _Labels
) -> ReadResult | None:
    """A title on a line and its authors on the next, paragraph after paragraph (or all
    in one), under a heading of a line or two; None for any other text.

    Read two lines a paper, a title whose author line was left out (not on the page, or
    not copied) made every line after it one off, and the list was titles, one a line.
    Where the lines do not pair so, each title is read with the line after it if that
    line reads as names, else alone, without authors (and said); a paragraph of two
    lines is a title and its authors still."""
    read = _paired(blocks, path, names_of, labels)
    if read is not None and not read[1]:
        return read[0]  # every author line reads as names
    loose = _one_by_one(blocks, path, names_of, labels)
    if loose is not None:
        return loose
    return read[0] if read is not None else None


def _heading(blocks: list[list[tuple[int, str]]], names_of: _NamesOf) -> bool:
    """Whether the first of ``blocks`` is the page's heading, before the first paper: a
    paragraph of a line or two, the second no line of names, with papers after it."""
    first = blocks[0]
    return (
        len(first) <= _HEADING_LINES
        and len(blocks) > 1
        and (len(first) == 1 or names_of[first[1][1]] is None)
    )


def _paired(
    blocks: list[list[tuple[int, str]]], path: Path, names_of: _NamesOf, labels: _Labels
) -> tuple[ReadResult, bool] | None:
    """The papers of ``blocks`` read two lines a paper, and whether some author lines do
    not read as names; None when the lines do not pair so."""
    heading: list[str] = []
    first = blocks[0]
    if _heading(blocks, names_of):
        heading, blocks = [line for _, line in first], blocks[1:]
    elif len(first) % 2:
        heading, blocks = [first[0][1]], [first[1:], *blocks[1:]]
    pairs: list[tuple[int, str, str | None]] = []
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
    result = _papers(pairs, heading, path, how, names_of, labels)
    if result is None:
        return None
    return result, any(names_of[authors or ""] is None for _, _, authors in pairs)


#: what a line costs read as a title, by what it reads as: no names (a group's name, a
#: name in small letters: "eran malach"), one name ("Monotone Individual Fairness"),
#: plainly names, no names but a list of three or more (a name in it read as none:
#: "Shubhada Agrawal, Prashanth L A, Siva Theja Maguluri"), a title (no names, and a
#: word no name holds or no name at all: "Rolling Diffusion Models")
_AS_TITLE = (0, 1, 4, 3, 0)
#: what a line costs read as a title's authors, by the same: a title more than two
#: titles without authors, so that titles one after another are each a paper
_AS_AUTHORS = (4, 1, 0, 2, 7)
#: what a title costs with no author line after it
_ALONE = 3


def _reads_as_title(line: str) -> bool:
    """Whether ``line``, which does not read as names, reads as a title: a title's colon
    or question mark, a word no name holds ("of", "Networks", "Learning"), or no name
    in it at all ("Probabilistic Generating Circuits - Demystified"), where an author
    line that does not read as names holds one still ("Pranav singh chib, Pravendra
    Singh", "eran malach", "Mausam")."""
    if re.search(r"[:?]", line):
        return True
    text = " ".join(_MARK_RE.sub("", _NOTE_RE.sub("", line)).split())
    words = [word.strip(".,;:!?()[]\"'“”‘’") for word in text.split()]
    if any(
        word.lower().strip(".") in _NOT_NAMES and not _short_name(word, words) for word in words
    ):
        return True
    pieces = [piece for piece in _SEPARATOR_RE.split(text) if piece.strip()]
    return not any(_person(piece) or _mononym(piece) for piece in pieces)


def _titled(block: list[tuple[int, str]], names_of: _NamesOf) -> list[tuple[int, str, str | None]]:
    """The titles of ``block`` (a title's line number, the title, its author line or
    None), each line read as a title or as the authors of the title before it, the
    reading that costs least: a line that reads as names is an author line, one that
    does not is a title, a title has an author line after it; an author line that does
    not read as names (a group's, one with a name read as none) costs more than a title
    without one, two titles without costs more. A line that reads as a title
    (:func:`_reads_as_title`) costs more as authors than two titles without: of two
    titles whose author lines were both left out, the second was read as the first's
    authors, and its paper lost."""

    def kind(line: str) -> int:
        names = names_of[line]
        if names is not None:
            return 2 if names[1] else 1
        if len(re.findall(r"[,;·•]", line)) >= 2 and ":" not in line:
            return 3
        return 4 if _reads_as_title(line) else 0

    kinds = [kind(line) for _, line in block]
    # cost[i]: the least cost of the lines up to i, line i a title (0) or authors (1)
    cost: list[tuple[float, float]] = [(_AS_TITLE[kinds[0]], float("inf"))]
    came: list[tuple[int, int]] = [(0, 0)]
    for at in range(1, len(block)):
        title, authors = cost[-1]
        after_authors, after_title = authors, title + _ALONE
        cost.append(
            (
                _AS_TITLE[kinds[at]] + min(after_authors, after_title),
                _AS_AUTHORS[kinds[at]] + title,
            )
        )
        came.append((1 if after_authors <= after_title else 0, 0))
    title, authors = cost[-1]
    state = 1 if authors <= title + _ALONE else 0
    states = [state]
    for at in range(len(block) - 1, 0, -1):
        state = came[at][state]
        states.append(state)
    states.reverse()
    titled: list[tuple[int, str, str | None]] = []
    for (number, line), state in zip(block, states, strict=True):
        if state:
            titled[-1] = (*titled[-1][:2], line)
        else:
            titled.append((number, line, None))
    return titled


def _one_by_one(
    blocks: list[list[tuple[int, str]]], path: Path, names_of: _NamesOf, labels: _Labels
) -> ReadResult | None:
    """The papers of ``blocks`` read title by title: a paragraph of two lines is a title
    and its authors, a paragraph of one a title alone, a longer one read by
    :func:`_titled`."""
    heading: list[str] = []
    first = blocks[0]
    if _heading(blocks, names_of):
        heading, blocks = [line for _, line in first], blocks[1:]
    elif len(first) > _HEADING_LINES and names_of[first[1][1]] is None:
        heading, blocks = [first[0][1]], [first[1:], *blocks[1:]]
    pairs: list[tuple[int, str, str | None]] = []
    for block in blocks:
        if len(block) <= 2:
            number, title = block[0]
            pairs.append((number, title, block[1][1] if len(block) == 2 else None))
            continue
        pairs.extend(_titled(block, names_of))
    if all(len(block) <= 2 for block in blocks):
        how = "its paragraphs are a title and, on the line after it, its authors' names"
    else:
        how = "its lines are titles, each followed by its authors' names on the next line"
    return _papers(pairs, heading, path, how, names_of, labels)


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
    names_of = _NamesOf()
    blocks, labels = _labelled(blocks, names_of)
    if not blocks:
        return None
    numbered = [pair for block in blocks for pair in block]
    if any("\t" in line for _, line in numbered):
        return _tabbed(numbered, path, names_of, labels)
    return _lined(blocks, path, names_of, labels)
