"""BibTeX and BibLaTeX: entries with a title or abstract become records.

Field names are read in any case; ``@string`` macros, month names and ``#``
concatenation are resolved. ``crossref`` gives an entry the fields of its
``@Proceedings`` (or any other parent: the title of a book or proceedings as its
booktitle, that of a periodical as its journal, that of another paper not at all), and a
file with exactly one ``@Proceedings`` that no ``crossref`` names (PMLR's layout) gives
its booktitle, year, volume, editor and publisher to each ``@InProceedings`` without a
booktitle, journal or ``crossref`` of its own, never to an entry of another type (an
``@article``, ``@book`` or ``@misc`` of a mixed library); a ``@Proceedings`` that lends
its fields so is not a paper itself, and neither is a volume's front matter (its
"Preface" by the editors, its table of contents: ``front_matter``), which is left out
and said. BibLaTeX's ``date``, ``journaltitle``,
``eprinttype`` and BibTeX's ``eprint``/``archivePrefix``/``primaryClass`` are read too.
Each record keeps its entry (key, type, fields as written) as ``source_entry`` so a
citation can reproduce it.
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tuireader.ingest.formats.bibtex_mend import (
    closed_at_end,
    leftover_of,
    mend,
    protect_inner_quotes,
    reason,
    stand_in_for,
)
from tuireader.ingest.formats.common import (
    CUT_SHORT,
    ReadResult,
    arxiv_from_doi,
    arxiv_from_url,
    clean,
    count_entries,
    cut_to,
    distinct_words,
    failure,
    flip_name,
    journal_case,
    openreview_id_of,
    plain_doi,
    plain_dois,
    some_keys,
    split_lines,
    split_top_level,
    year_of,
)
from tuireader.ingest.formats.tex import unlatex
from tuireader.model import Problem, Record
from tuireader.render.citations import (
    bibtex_name,
    make_source_entry,
    unescaped_address,
    url_addresses,
    without_dangling_and,
    without_homonym_number,
)
from tuireader.render.romanise import family_first

__all__ = [
    "BibEntry",
    "front_matter",
    "parse_bibtex",
    "parse_entry_string",
    "record_from_entry",
    "split_bibtex_authors",
    "unlatex",
]

_KEY_RE = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]+)")
#: a line break of BibTeX written in a JSON string (``"@inproceedings{\\nkey,\\n…"``) that
#: the key was read with, as a backslash and a letter
_ESCAPED_BREAK_RE = re.compile(r"^(?:\\[nrt])+")


def _said_key(key: str) -> str:
    """A key as a warning names it: without the escaped line breaks of BibTeX written in
    a JSON string read with it ("\\nzhu2023learning" is zhu2023learning), so that the
    user finds the entry by it."""
    return _ESCAPED_BREAK_RE.sub("", key) or key


def split_bibtex_authors(value: str) -> tuple[str, ...]:
    """BibTeX ``author`` (``Last, First and Other, Name``) as "First Last" names."""
    return _split_names(value, flip=True)


#: the parser's reasons for giving up on an entry, as its own code words them
_NEXT_BLOCK_RE = re.compile(r"Unexpected block start: `(@\w*)`\. Was still looking for (.*)")
_NO_EQUALS_RE = re.compile(r"Expected a `=` after entry key(?: `(.*)`)?, but found (.*)")
_AFTER_VALUE_RE = re.compile(r"Expected either a `,` or `.` after a closed entry field value")
_AFTER_KEY_RE = re.compile(r"Expected comma after entry key")


def _describe_failed_block(block: Any, entry_lines: list[int]) -> tuple[str, str]:
    """What is wrong with an entry the parser gave up on, said of the entry (its key
    and line) in the words of one who keeps a .bib file, not the parser's, and of such
    entries together (after "entries": ``_grouped``); ``entry_lines`` are the lines
    (from 1) that start with "@", where entries start."""
    raw = block.raw or ""
    key_match = _KEY_RE.search(raw)
    where = []
    if block.start_line is not None:
        where.append(f"line {block.start_line + 1}")
    if key_match:
        where.append(f"key {_said_key(key_match.group(1))}")
    place = f"the entry at {', '.join(where)}" if where else "an entry"
    if type(block).__name__ == "DuplicateBlockKeyBlock":
        return (
            f"{place} repeats an earlier entry's key; skipped it",
            "that repeat an earlier entry's key; skipped them",
        )
    twice = sorted(getattr(block, "duplicate_keys", None) or ())
    if twice:  # a hand edit added a field the entry had: which value is meant is unsaid
        fields = " and ".join(f"“{name}”" for name in twice)
        return f"{place} gives {fields} twice; skipped it", "that give a field twice; skipped them"
    detail = reason(block)
    if "end of file" in detail.lower():  # the file breaks off inside it: a write under way?
        return (
            f"{place}: the file ends inside it; skipped it {CUT_SHORT}",
            f"the file ends inside; skipped them {CUT_SHORT}",
        )
    after = bisect_right(entry_lines, block.start_line + 1) if block.start_line is not None else 0
    next_line = f" at line {entry_lines[after]}" if after < len(entry_lines) else ""
    what, kind = _what_is_wrong(detail, next_line)
    return f"{place}: {what}; skipped it", f"{kind}; skipped them"


def _what_is_wrong(detail: str, next_line: str) -> tuple[str, str]:
    """The parser's ``detail`` of why an entry failed, as what is wrong with it
    (``next_line``: " at line N", where the next entry starts), and with entries so
    damaged (said after "entries")."""
    found = _NEXT_BLOCK_RE.match(detail)
    if found:
        if '`"`' in found.group(2):
            return (
                (
                    f"a value in quotes is not closed before the next entry{next_line} starts "
                    '(a " left out, or one too many inside it?)'
                ),
                (
                    'with a value in quotes not closed before the next entry (a " left out, or '
                    "one too many inside it?)"
                ),
            )
        if found.group(2).startswith("field-value closing `}`"):
            return (
                (
                    f"a brace in a field is not closed before the next entry{next_line} starts "
                    "(a } left out?)"
                ),
                "with a brace in a field not closed before the next entry (a } left out?)",
            )
        return (
            (
                f"it does not end before the next entry{next_line} starts: its braces do not "
                "match (a } left out?)"
            ),
            "that do not end before the next entry: their braces do not match (a } left out?)",
        )
    found = _NO_EQUALS_RE.match(detail)
    if found and found.group(1):
        return (
            f"“{found.group(1)}” before its end is no field (it has no = and value)",
            "with text before their end that is no field (it has no = and value)",
        )
    if found and found.group(2).startswith("`@"):
        return (
            (
                f"it does not end before the next entry{next_line} starts: its closing brace is "
                "missing"
            ),
            "that do not end before the next entry: their closing brace is missing",
        )
    if found:
        return (
            "a field has no = between its name and its value",
            "with a field that has no = between its name and its value",
        )
    if _AFTER_VALUE_RE.match(detail):
        return (
            "a field's value is followed by more text where a comma belongs",
            "with a field's value followed by more text where a comma belongs",
        )
    if _AFTER_KEY_RE.match(detail):
        return "its key is not followed by a comma", "whose key is not followed by a comma"
    return (
        "its braces, quotes or commas do not match up",
        "whose braces, quotes or commas do not match up",
    )


#: how many entries of one kind of damage are said one by one; beyond it, the first
#: ``_NAMED_EACH`` are, and the others in one warning
_HANDFUL = 5
_NAMED_EACH = 3


def _grouped(said: list[tuple[str, str, Problem]], path: Path) -> list[Problem]:
    """The warnings of ``said``, ``(kind, entry's name, warning)`` of one entry each, in
    their order; where more than a handful are of one kind (a badly damaged file, an
    export that writes every entry so), the first few, then one warning naming the
    others: "and 212 more entries with … (kind): key (line N), …". Each entry is
    still named, so it can be found, in one line and not hundreds."""
    counts = Counter(kind for kind, _name, _problem in said)
    shown: Counter[str] = Counter()
    rest: dict[str, list[str]] = {}
    slots: dict[str, int] = {}  # where each kind's warning of the others goes
    problems: list[Problem] = []
    for kind, name, problem in said:
        if counts[kind] <= _HANDFUL or shown[kind] < _NAMED_EACH:
            problems.append(problem)
            shown[kind] += 1
            if counts[kind] > _HANDFUL and shown[kind] == _NAMED_EACH:
                slots[kind] = len(problems)
                problems.append(problem)  # holds the place, taken below
        else:
            rest.setdefault(kind, []).append(name)
    for kind, slot in slots.items():
        names = rest[kind]
        problems[slot] = Problem(
            path, f"and {len(names)} more entries {kind}: {', '.join(names)}", "warning"
        )
    return problems


def _quiet_bibtexparser() -> None:
    """Keep the parser's own log lines off the terminal; its failures become Problems.

    Without a handler of its own, a warning logged by the parser would reach Python's
    last-resort handler and be printed over the UI. Records still propagate to any
    handler the application configures.
    """
    logger = logging.getLogger("bibtexparser")
    if not any(isinstance(handler, logging.NullHandler) for handler in logger.handlers):
        logger.addHandler(logging.NullHandler())


#: fields that link to a page about the paper (a project page, a talk, slides, a poster).
PROJECT_FIELDS = ("project", "video", "slides", "poster")
#: of those, the fields that link to the paper's talk, each a link of its kind
TALK_FIELDS = ("video", "slides", "poster")
#: BibTeX's predefined month macros (``month = jan``).
_MONTHS = {
    name[:3].lower(): name
    for name in (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    )
}
#: The start of a field after a stray ``}`` closed its entry early: ``, abstract =``.
_NEXT_FIELD_RE = re.compile(r",\s*[A-Za-z][\w:.+-]*\s*=")
_RECOVERED_KEY = "tuireader-recovered"


def _bib_pieces(raw: str) -> list[str]:
    """The parts of a raw BibTeX value joined by ``#`` (outside braces and quotes)."""
    pieces: list[str] = []
    depth = 0
    quoted = False
    start = 0
    for index, char in enumerate(raw):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            pieces.append(raw[start:index])
            start = index + 1
    pieces.append(raw[start:])
    return pieces


class _Macros(dict[str, str]):
    """A file's ``@string`` macros by name, and how many characters their expansions may
    still add up to: macros that each repeat the one before twice (``@string{m2 = m1 #
    m1}``, sixty deep) would otherwise grow to more than all the memory there is."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = self.left = budget
        #: an expansion was refused for want of budget (said once, as a problem)
        self.exhausted = False
        #: what stands for a quote inside braces in the file's quoted values, if any
        #: (``protect_inner_quotes``)
        self.quote: str | None = None

    def quoted(self, raw: str) -> str:
        """``raw`` with the quotes the parser was not to see put back."""
        return raw.replace(self.quote, '"') if self.quote else raw

    def expand(self, name: str) -> str | None:
        """The text of macro ``name`` (None: no such macro, or no budget left for it)."""
        value = self.get(name)
        if value is None:
            return None
        if len(value) > self.left:
            self.exhausted = True
            return None
        self.left -= len(value)
        return value


#: the least that a file's macros may expand to in all (a file may expand to twice
#: its own length besides), and the longest one macro may be.
_MACRO_BUDGET = 1_000_000
_MACRO_LONGEST = 100_000


def _bib_value(raw: str, macros: _Macros) -> str:
    """A raw BibTeX value as text: ``{...}`` and ``"..."`` unwrapped, ``@string`` macros
    and month names resolved, ``#`` concatenation honoured (``"A " # var # {B}``). A
    macro past the file's budget is left as its name."""
    raw = macros.quoted(raw)
    out: list[str] = []
    for piece in _bib_pieces(raw):
        piece = piece.strip()
        if len(piece) >= 2 and (piece[0], piece[-1]) in (("{", "}"), ('"', '"')):
            out.append(piece[1:-1])
        elif not piece or piece.isdigit():
            out.append(piece)
        else:
            name = piece.lower()
            value = macros.expand(name)
            out.append(value if value is not None else _MONTHS.get(name, piece))
    return "".join(out)


def _bib_fields(entry: Any, macros: _Macros) -> list[tuple[str, str]]:
    """``(name as written, value)`` of an entry's fields, in file order."""
    return [
        (field.key, _bib_value(field.value, macros))
        for field in entry.fields
        if isinstance(field.value, str)
    ]


#: a field's name and its ``=`` after a value's end (not a ``#``): the next field, its
#: comma missing
_FIELD_START_RE = re.compile(r"(?<=[^\s#])\s+([A-Za-z][\w:.+-]*)\s*=\s*")
#: what decides whether a value's text is inside braces or quotes
_NESTING_RE = re.compile(r'[{}"]')


def _outside(raw: str) -> Iterator[tuple[int, int]]:
    """The spans of a raw BibTeX value outside braces and quotes (found by its braces and
    quotes alone: a value is read once, not a character at a time)."""
    depth = 0
    quoted = False
    start = 0
    for found in _NESTING_RE.finditer(raw):
        char, at = found.group(), found.start()
        if char == "{":
            if depth == 0 and not quoted:
                yield start, at
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
            if depth == 0 and not quoted:
                start = at + 1
        elif depth == 0:
            if not quoted:
                yield start, at
            else:
                start = at + 1
            quoted = not quoted
    if depth == 0 and not quoted:
        yield start, len(raw)


#: one piece of a value: a number or a macro's name (braced and quoted pieces are
#: checked by ``_whole_piece``)
_BARE_PIECE_RE = re.compile(r"[\w:.+-]+")


def _whole_piece(piece: str) -> bool:
    """Whether ``piece`` is one value as BibTeX writes it: ``{…}`` whose first brace
    closes at its end, ``"…"`` whose quote closes at its end, or a number or macro."""
    piece = piece.strip()
    if _BARE_PIECE_RE.fullmatch(piece):
        return True
    return len(piece) >= 2 and piece[0] in '{"' and _value_end(piece) == len(piece)


#: what ends a number or macro's name written bare
_BARE_END_RE = re.compile(r'[\s{}"]')


def _value_end(piece: str) -> int:
    """Where the first value of ``piece`` (one part of a ``#`` concatenation, stripped)
    ends: after the brace that closes its first ``{``, after the quote that closes its
    first ``"`` (a quote inside braces, ``{"}``, is a character), or at the first space
    of a number or macro. Escaped characters (``\\{``, ``\\"``) count as the parser
    counts them: not at all."""
    if not piece.startswith(("{", '"')):
        found = _BARE_END_RE.search(piece)
        return found.start() if found else len(piece)
    depth = 0
    index = 0
    while index < len(piece):
        char = piece[index]
        if char == "\\":
            index += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth <= 0 and piece[0] == "{":
                return index + 1
            depth = max(depth, 0)
        elif char == '"' and depth == 0 and index > 0:
            return index + 1
        index += 1
    return len(piece)


#: a comment to the end of its line, as biber reads one inside an entry
_COMMENT_RE = re.compile(r"(?<!\\)%[^\n]*")


def _field_name(key: str) -> str:
    """A field's name as the parser gave it, without the comment lines before it
    (``% the authors as the journal gives them`` on the line above ``author``): the
    name of no field, they cost the paper its authors. Empty for a field put out of
    use (``% note = {…}``)."""
    if "%" not in key:
        return key
    return " ".join(_COMMENT_RE.sub(" ", key).split())


def _uncommented(raw: str) -> str:
    """A raw value without the comments after its end (``{A}, % the title``, a comment
    line before the entry's "}"), outside braces and quotes: biber reads them as
    comments, and they were said as text after the value."""
    if "%" not in raw:
        return raw
    cuts = [
        found.span()
        for start, end in _outside(raw)
        for found in _COMMENT_RE.finditer(raw, start, end)
    ]
    for start, end in reversed(cuts):
        raw = raw[:start] + raw[end:]
    return raw.strip()


def _stray_text(raw: str) -> tuple[str, list[str]]:
    """A raw value cut to what BibTeX reads as its value, and the text found after a
    part's end where only ``#`` (joining another part) or the field's comma belongs.

    ``{1-22} {x}``, ``"A" "B"`` or ``2020 x`` are damage (a ``#`` or a comma left out,
    a word typed into the wrong place); joined to the value, they gave pages "1-22x"
    and a title 'A" "B' without a word. Each part is kept as written up to its end.
    """
    kept: list[str] = []
    strays: list[str] = []
    for piece in _bib_pieces(raw):
        stripped = piece.strip()
        end = _value_end(stripped)
        rest = stripped[end:].strip()
        if rest:
            strays.append(rest)
            piece = stripped[:end]
        kept.append(piece)
    return ("#".join(kept), strays) if strays else (raw, [])


def _run_on(raw: str) -> list[tuple[str | None, str]] | None:
    """A raw value that runs on into further fields, cut into ``(name, raw value)``
    pieces (the first one's name None: it is the field's own), or None when ``raw`` is
    one value.

    A comma missing between two fields leaves the parser reading the second as part of
    the first's value (``{Lee, Ann} abstract = {…}``): the sign is a field's name and
    ``=`` after a whole value, outside braces and quotes, where BibTeX allows only ``#``.
    The pieces are given only when each is a whole value, so nothing is cut that may be
    meant otherwise.
    """
    if "=" not in raw:
        return None
    cuts = [
        (found.start(), found.end(), found.group(1))
        for start, end in _outside(raw)
        for found in _FIELD_START_RE.finditer(raw, start, end)
    ]
    if not cuts:
        return None
    pieces: list[tuple[str | None, str]] = []
    name: str | None = None
    start = 0
    for cut, end, following in cuts:
        pieces.append((name, raw[start:cut]))
        name, start = following, end
    pieces.append((name, raw[start:]))
    if not all(all(_whole_piece(part) for part in _bib_pieces(value)) for _name, value in pieces):
        return None
    return pieces


def _entry_fields(
    entry: Any, macros: _Macros, path: Path, closed_early: bool
) -> tuple[list[tuple[str, str]], Problem | None, list[tuple[str, str]]]:
    """An entry's fields, with those a missing comma ran together read apart, a
    warning naming the entry and the fields when one was, and the ``(field, text)`` of
    stray text after a value's end (``_stray_text``), left out of the value.

    Read as the parser reads it, the field before the missing comma took in the next
    one, name and all (an author "Shai abstract = With the growing …"), and the paper
    lost its abstract without a word. When a ``}`` too many in the last field
    ``closed_early`` the entry (``_stray_brace``), the text after that brace is the rest
    of the value (``{Stray } brace}``) and is kept.
    """
    pairs: list[tuple[str, str]] = []
    after: list[str] = []
    strays: list[tuple[str, str]] = []
    last = len(entry.fields) - 1
    for index, field in enumerate(entry.fields):
        if not isinstance(field.value, str):
            continue
        key = _field_name(field.key)
        if not key:
            continue  # a field put out of use by a "%" before it
        value = _uncommented(field.value)
        pieces = _run_on(value)
        if pieces is None:
            raw, stray = (value, []) if closed_early and index == last else _stray_text(value)
            strays.extend((key, macros.quoted(text)) for text in stray)
            pairs.append((key, _bib_value(raw, macros)))
            continue
        for name, raw in pieces:
            pairs.append((name or key, _bib_value(raw, macros)))
            if name:
                after.append(name.lower())
    if not after:
        return pairs, None, strays
    listed = ", ".join(after[:-1]) + " and " + after[-1] if len(after) > 1 else after[0]
    plural = len(after) > 1
    place = _place(entry)
    message = (
        f"{place} has no comma before its {listed} field{'s' if plural else ''}; read "
        f"{'them as fields of their own' if plural else 'it as a field of its own'}, "
        "check that entry"
    )
    known: set[str] = set()
    kept: list[tuple[str, str]] = []
    for name, value in pairs:  # a field named twice keeps its first value, as elsewhere
        if name.lower() not in known:
            known.add(name.lower())
            kept.append((name, value))
    return kept, Problem(path, message, "warning"), strays


#: the most of a stray text a warning quotes
_SAID_STRAY = 40


def _stray_problem(entry: Any, strays: list[tuple[str, str]], path: Path) -> Problem:
    """The warning for an entry with text after a field's value (``_stray_text``): the
    entry, the fields and the text, so the user finds and mends it."""
    names = list(dict.fromkeys(name.lower() for name, _text in strays))
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    plural = len(names) > 1
    said = ", ".join(f"“{cut_to(' '.join(text.split()), _SAID_STRAY)}”" for _name, text in strays)
    joined = any(text.startswith(("{", '"')) for _name, text in strays)
    place = _place(entry)
    return Problem(
        path,
        f"{place} has text after its {listed} value{'s' if plural else ''} where a comma "
        f"belongs: {said}{' (a # left out?)' if joined else ''}; read "
        f"{'each value' if plural else 'the value'} up to its end without it, "
        "check that entry",
        "warning",
    )


def _block_name(block: Any) -> str:
    """A parsed entry, or one the parser gave up on, as a warning's list names it: "KEY
    (line N)", or "line N" without a key."""
    key = getattr(block, "key", None)
    if key is None:
        found = _KEY_RE.search(block.raw or "")
        key = found.group(1) if found else ""
    if block.start_line is None:
        return key or "an entry"
    line = f"line {block.start_line + 1}"
    return f"{_said_key(key)} ({line})" if key.strip() else line


def _place(entry: Any) -> str:
    """ "the entry at line N, key K," of a parsed entry, for a warning about it (without
    the key when it has none)."""
    line = f"the entry at line {(entry.start_line or 0) + 1}"
    return f"{line}, key {_said_key(entry.key)}," if entry.key.strip() else f"{line},"


def _spaced_names(entry: Any) -> list[str]:
    """The field names of ``entry`` with a space inside (``Au thor = {…}``): no field is
    named so, and the value (the paper's authors, its title) went unread without a
    word."""
    names = (_field_name(field.key) for field in entry.fields)
    return [name for name in names if len(name.split()) > 1]


def _spaced_problem(entry: Any, names: list[str], path: Path) -> Problem:
    said = " and ".join(f"“{cut_to(name, _SAID_STRAY)}”" for name in names)
    plural = len(names) > 1
    return Problem(
        path,
        f"{_place(entry)} has {'fields' if plural else 'a field'} named {said}, with a "
        f"space in {'their names' if plural else 'its name'}: no field is named so, and "
        f"{'their values are' if plural else 'its value is'} not read; check that entry",
        "warning",
    )


def _stray_brace(
    entry: Any, leftover: str, macros: _Macros, path: Path
) -> tuple[list[tuple[str, str]], Problem]:
    """Fields that a stray ``}`` cut off from ``entry`` (text after it), and a warning.

    A ``}`` too many in a field closes the entry there; BibTeX parsers then read the
    entry's remaining fields as a comment. They are parsed again here and joined to
    the entry, and the warning names the entry so the user can fix the file.
    """
    import bibtexparser

    fields: list[tuple[str, str]] = []
    found = _NEXT_FIELD_RE.search(leftover)
    if found:
        text = f"@misc{{{_RECOVERED_KEY}{leftover[found.start() :]}\n}}"
        rest = bibtexparser.parse_string(text, parse_stack=[])
        if rest.entries:
            fields = _bib_fields(rest.entries[0], macros)
    field = entry.fields[-1].key.lower() if entry.fields else "last"
    place = _place(entry)
    message = f"{place} has one “}}” too many in its {field} field"
    if fields:
        names = [name.lower() for name, _value in fields]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        plural = len(names) > 1
        message += (
            f"; the {listed} field{'s' if plural else ''} after it "
            f"{'were' if plural else 'was'} still read"
        )
    message += ", check that entry"
    return fields, Problem(path, message, "warning")


# --------------------------------------------------------------------------- entries

#: fields a child entry does not take from its ``crossref`` or file-wide ``@Proceedings``.
_NOT_INHERITED = frozenset(
    (
        "title",
        "shorttitle",
        "abstract",
        "author",
        "url",
        "howpublished",
        "doi",
        "pages",
        "eprint",
        "keywords",
        "file",
        "note",
        "crossref",
        "name",
        "shortname",
        "start",
        "end",
        "published",
        "conference_url",
        "conference_number",
    )
)
_TYPE_RE = re.compile(r"\s*@\s*(\w+)")
_ARXIV_BRACKET_RE = re.compile(r"\[([^\]]*)\]")
_ARXIV_PREFIX = "arxiv"


@dataclass(frozen=True)
class BibEntry:
    """One entry of a .bib file: key, type and fields as written, in file order."""

    key: str
    entry_type: str
    pairs: tuple[tuple[str, str], ...] = ()
    #: 0-based line of the entry's ``@`` in its file, when known.
    line: int | None = None

    @property
    def fields(self) -> dict[str, str]:
        """Field values by lower-case name (the first of repeated names)."""
        found: dict[str, str] = {}
        for name, value in self.pairs:
            found.setdefault(name.lower(), value)
        return found

    @property
    def kind(self) -> str:
        return self.entry_type.lower()


#: entry types that hold papers as a book or proceedings does: the title of one that an
#: entry's ``crossref`` names is the entry's booktitle (BibLaTeX's inheritance rules; the
#: ``mv`` types are multi-volume works).
_BOOK_KINDS = frozenset(
    {
        "proceedings",
        "book",
        "collection",
        "reference",
        "mvproceedings",
        "mvbook",
        "mvcollection",
        "mvreference",
    }
)
#: entry types whose title is the name of a journal (BibLaTeX's ``@periodical``, a whole
#: issue): the journal of an entry whose ``crossref`` names one.
_PERIODICAL_KINDS = frozenset({"periodical"})


def _inherited(parent: BibEntry) -> dict[str, str]:
    """What an entry takes from its parent: the parent's fields as they are, but its own
    (title, authors, pages …). A parent's title becomes the child's booktitle only for a
    book or proceedings (``_BOOK_KINDS``), its journal for a periodical: another paper
    (an ``@article`` of a special issue) gives its journal, volume and year, never its
    title as the name of a book."""
    fields = {name: value for name, value in parent.fields.items() if name not in _NOT_INHERITED}
    title = parent.fields.get("title")
    if not title:
        return fields
    if parent.kind in _BOOK_KINDS and "booktitle" not in fields:
        fields["booktitle"] = title
    elif parent.kind in _PERIODICAL_KINDS and not {"journal", "journaltitle"} & fields.keys():
        fields["journal"] = title
    return fields


def _cited_pairs(entry: BibEntry, inherited: dict[str, str] | None) -> tuple[tuple[str, str], ...]:
    """The fields an entry is cited with: its own, in file order, and, for an entry whose
    ``crossref`` names its parent (``inherited``: what the parent gives it), the parent's
    fields it lacks in place of the ``crossref``. A citation is the entry alone: the
    parent is never written with it, and BibTeX stopped on the cross reference to an
    entry it did not have (DBLP writes every paper so: ``crossref =
    {DBLP:conf/icml/2024}``), where the parent's fields are all it asked for."""
    if not inherited:
        return entry.pairs
    own = {name.lower() for name, value in entry.pairs if value.strip()}
    kept = tuple((name, value) for name, value in entry.pairs if name.lower() != "crossref")
    return kept + tuple(
        (name, value) for name, value in inherited.items() if name not in own and value.strip()
    )


def _split_names(value: str, flip: bool) -> tuple[str, ...]:
    value = without_dangling_and(" ".join(value.split()))
    # " and " at brace depth 0; mark them first so the brace-aware splitter can cut.
    marked = re.sub(r"\s+and\s+", "\x00", value, flags=re.IGNORECASE)
    names: list[str] = []
    for raw in split_top_level(marked, "\x00"):
        raw = raw.replace("\x00", " and ").strip()
        if not raw:
            continue
        if raw.lower() == "others":
            names.append("et al.")
            continue
        raw = bibtex_name(raw)  # BibLaTeX's "family=Oord, given=Aaron, prefix=van den"
        name = flip_name(raw) if flip and "," in raw else raw
        names.append(" ".join(without_homonym_number(unlatex(name)).split()))
    return tuple(names)


def _arxiv(
    fields: dict[str, str], get: Any, url: str | None
) -> tuple[str | None, str | None, tuple[str, ...]]:
    """``(arxiv_id, primary class, categories)`` from eprint fields, an arXiv DOI or the
    entry's ``url``."""
    from tuireader.ingest.formats.common import ARXIV_ID_RE

    prefix = (get("archiveprefix") or get("eprinttype") or "").lower()
    eprint = get("eprint") or ""
    identifier: str | None = None
    categories: tuple[str, ...] = ()
    if eprint and (prefix == _ARXIV_PREFIX or ARXIV_ID_RE.fullmatch(eprint.split(" ")[0])):
        found = ARXIV_ID_RE.search(eprint)
        identifier = found.group(1) if found else None
        bracket = _ARXIV_BRACKET_RE.search(eprint)
        if bracket:
            categories = tuple(c.strip() for c in bracket.group(1).split(",") if c.strip())
    if identifier is None:
        identifier = arxiv_from_doi(plain_doi(get("doi")))
    if identifier is None:
        identifier = arxiv_from_url(url)
    if identifier is None:
        for name in ("number", "journal", "journaltitle"):
            value = get(name) or ""
            found = ARXIV_ID_RE.search(value) if _ARXIV_PREFIX in value.lower() else None
            if found:
                identifier = found.group(1)
                break
    if identifier is None:
        identifier = corr_volume_id(get)
    # BibTeX's primaryClass, BibLaTeX's eprintclass (Zotero's and biber's name for it)
    primary = get("primaryclass") or get("eprintclass") or (categories[0] if categories else None)
    if primary and not categories:
        categories = (primary,)
    return identifier, primary, categories


#: the volume DBLP gives a paper of arXiv's ("CoRR", "ArXiv"): "abs/" and its id
_CORR_VOLUME_RE = re.compile(r"^abs/(\S+)$", re.IGNORECASE)


def corr_volume_id(get: Any) -> str | None:
    """The arXiv id of an entry whose journal is arXiv ("CoRR", as DBLP names it, or
    "ArXiv", as Semantic Scholar's BibTeX does) and whose volume is DBLP's "abs/" and
    the id (``volume = {abs/1706.03762}``); None for any other entry."""
    from tuireader.ingest.formats.common import ARXIV_ID_RE

    journal = (get("journal") or get("journaltitle") or "").strip().lower()
    found = _CORR_VOLUME_RE.match((get("volume") or "").strip())
    if journal not in ("corr", "arxiv") or not found:
        return None
    whole = ARXIV_ID_RE.fullmatch(found.group(1))
    return whole.group(1) if whole else None


#: ``\\url{…}`` in a field that is text (``howpublished``), and its address.
_URL_COMMAND_RE = re.compile(r"\\url\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_WEB_ADDRESS_RE = re.compile(r"https?://", re.IGNORECASE)


#: fields that hold an address or an identifier, not text: BibTeX's escapes in them
#: (DBLP's ``paper\\_files``, ``10.1007/…-8\\_13``) stand for the characters themselves.
_ADDRESS_FIELDS = frozenset(
    ("url", "pdf", "doi", "eprint", "openreview", "code", "github", "software", *PROJECT_FIELDS)
)


#: BibDesk's fields for a paper's web addresses: ``bdsk-url-1``, ``bdsk-url-2``, … (it
#: writes no ``url`` of its own)
_BIBDESK_URL_RE = re.compile(r"bdsk-url-(\d+)", re.IGNORECASE)


def _bibdesk_urls(entry: BibEntry) -> tuple[str, ...]:
    """The web addresses BibDesk gives an entry, in its order (``bdsk-url-1`` first),
    each once; BibTeX's escapes in them undone as in ``url``."""
    numbered: list[tuple[int, str]] = []
    for name, value in entry.pairs:
        found = _BIBDESK_URL_RE.fullmatch(name.strip())
        address = " ".join(clean(value).split())
        if found and address:
            numbered.append((int(found.group(1)), unescaped_address(address)))
    return tuple(dict.fromkeys(address for _, address in sorted(numbered)))


def _howpublished_url(value: str | None) -> str | None:
    """The web address a ``howpublished`` field gives (Zotero's Better BibTeX puts a web
    page's there, and no ``url``): the address of a ``\\url{…}`` in it, else the whole
    value when it is one, with BibTeX's escapes (``\\_``, ``\\%``, ``\\~{}``) undone. Any
    other text ("Online", "arXiv preprint") is none. The address is a ``url`` as any
    other: one that is not a safe web address makes no link."""
    if not value:
        return None
    found = _URL_COMMAND_RE.search(value)
    address = (found.group(1) if found else value).strip()
    if not _WEB_ADDRESS_RE.match(address):
        return None
    return unescaped_address(address)


#: the fields that name who published a work standing alone, by its entry type, where it
#: gives no ``publisher``: a report's institution, a thesis's school (BibLaTeX's
#: ``institution``), a manual's organization
_PUBLISHED_BY: dict[str, tuple[str, ...]] = {
    "techreport": ("institution",),
    "report": ("institution",),
    "phdthesis": ("school", "institution"),
    "mastersthesis": ("school", "institution"),
    "thesis": ("institution", "school"),
    "manual": ("organization",),
}


def keyword_list(value: str | None) -> list[str]:
    """The keywords of one ``keywords`` value (LaTeX), each as text. Reference managers
    write commas between them, Web of Science and Scopus ``;``, and there a keyword may
    hold a comma ("Learning, machine; Robots"): where the value holds ``;`` outside
    braces, only ``;`` separates them. A braced keyword keeps its commas either way."""
    if not value:
        return []
    parts = split_top_level(value, ";")
    if len(parts) == 1:
        parts = split_top_level(value, ",")
    return [" ".join(unlatex(part).split()) for part in parts]


#: an arrow written with escaped angle brackets, its dashes kept apart so that LaTeX
#: prints no en dash (``-{}-\textgreater{}``, ``{-}{-}\textgreater{}``,
#: ``\textless{}-{}-``; or joined, ``--\textgreater{}``, as tuireader wrote it before)
_ARROW_RE = re.compile(
    r"(?P<lt>\\textless(?:\{\}|(?![A-Za-z])))?"
    r"(?P<dashes>-(?:(?:\{\})?-)+|(?:\{-\}){2,})"
    r"(?P<gt>\\textgreater(?:\{\}|(?![A-Za-z])))?"
)


def _arrows(value: str) -> str:
    """``value`` with each arrow of :data:`_ARROW_RE` as its characters ("-->", "<--"):
    a reader writes it so, where the dashes alone would read as an en dash."""
    if "\\text" not in value:
        return value

    def written(found: re.Match[str]) -> str:
        if not (found.group("lt") or found.group("gt")):
            return found.group()
        dashes = "-" * found.group("dashes").count("-")
        return ("<" if found.group("lt") else "") + dashes + (">" if found.group("gt") else "")

    return _ARROW_RE.sub(written, value)


#: the fields a paper is read or cited by, as a field misspelt would have meant them
_READ_FIELDS = frozenset(
    {
        *("title", "author", "abstract", "year", "date", "journal", "journaltitle"),
        *("booktitle", "doi", "url", "pages", "volume", "number", "issue", "publisher"),
        *("keywords", "editor", "edition", "month", "note", "eprint", "archiveprefix"),
        *("address", "location", "howpublished", "series", "organization", "institution"),
        "school",
    }
)
#: fields one edit away from a field read that are fields of their own (BibLaTeX's
#: ``editora`` and ``volumes``, the number of volumes of a work, Zotero's "# of Volumes";
#: PMLR's ``published`` date of a volume; ``keyword`` read as ``keywords``), never said
#: as misspelt
_OWN_NEAR_FIELDS = frozenset({"editora", "editorb", "editorc", "volumes", "published", "keyword"})

#: a field's name as typed, letters, digits, '_' and '-'
_PLAIN_NAME_RE = re.compile(r"[a-z][a-z0-9_-]*")


def _one_edit(name: str, field: str) -> bool:
    """True if ``name`` is ``field`` with one letter added, left out, changed, or two
    neighbours swapped ("jounral", "adress", "titel", "authors")."""
    if name == field or abs(len(name) - len(field)) > 1:
        return False
    if len(name) == len(field):
        differ = [at for at, (a, b) in enumerate(zip(name, field, strict=True)) if a != b]
        return len(differ) == 1 or (
            len(differ) == 2
            and differ[1] == differ[0] + 1
            and name[differ[0]] == field[differ[1]]
            and name[differ[1]] == field[differ[0]]
        )
    shorter, longer = sorted((name, field), key=len)
    return any(longer[:at] + longer[at + 1 :] == shorter for at in range(len(longer)))


def _misspelt_fields(entries: list[BibEntry]) -> list[tuple[str, str, str]]:
    """``(entry's name, field as written, field meant)`` of each field whose name is one
    edit from a field a paper is read by, in an entry that has none of that name
    (``jounral = {Nature}``): the parser keeps any name, and the paper lost its
    venue, year or abstract without a word."""
    found: list[tuple[str, str, str]] = []
    for entry in entries:
        have = entry.fields
        for name in have:
            if (
                len(name) < 4
                or not _PLAIN_NAME_RE.fullmatch(name)  # a space in it: said on its own
                or name in _READ_FIELDS
                or name in _OWN_NEAR_FIELDS
            ):
                continue
            meant = next(
                (f for f in sorted(_READ_FIELDS) if f not in have and _one_edit(name, f)), None
            )
            if meant is not None:
                found.append((_named(entry), name, meant))
    return found


def _misspelt_problem(misspelt: list[tuple[str, str, str]], path: Path) -> Problem:
    """The warning of :func:`_misspelt_fields`: which names, what they look meant as,
    and the entries to check."""
    pairs = list(dict.fromkeys((name, meant) for _key, name, meant in misspelt))
    keys = list(dict.fromkeys(key for key, _name, _meant in misspelt))
    said = ", ".join(f"“{name}” ({meant}?)" for name, meant in pairs[:5])
    one = len(keys) == 1
    return Problem(
        path,
        f"{count_entries(keys)} {'has a field' if one else 'have fields'} whose name looks "
        f"misspelt ({said}{', …' if len(pairs) > 5 else ''}), not read; check "
        f"{'that entry' if one else 'those entries'} ({some_keys(keys)})",
        "warning",
    )


def record_from_entry(
    entry: BibEntry, inherited: dict[str, str] | None = None, *, by_crossref: bool = False
) -> Record | None:
    """The record of one BibTeX entry (None without title or abstract).

    ``inherited`` holds what its ``crossref`` (``by_crossref``) or the file's
    ``@Proceedings`` gives it. An entry's ``crossref`` is written out in its citation
    (:func:`_cited_pairs`).
    """
    own = entry.fields
    inherited = inherited or {}

    def get(name: str) -> str | None:
        value = own.get(name)
        if not value or not value.strip():
            value = inherited.get(name)
        if not isinstance(value, str):
            return None
        value = " ".join(clean(value).split())
        if name in _ADDRESS_FIELDS:
            value = unescaped_address(value)
        return value or None

    def plain(name: str) -> str | None:
        value = get(name)
        return unlatex(_arrows(value)) or None if value else None

    abstract = get("abstract")
    abstract = unlatex(abstract) if abstract else ""
    title = plain("title")
    if not abstract and not title:
        return None
    journal = plain("journal") or plain("journaltitle")
    if journal and get("journal-iso"):
        # Web of Science's journal in capitals, its ISO abbreviation in its own case
        journal = journal_case(journal, plain("journal-iso"))
    booktitle = plain("booktitle")
    pmlr_key = None
    match = re.match(r"pmlr-v\d+-(.+)$", entry.key)
    if match:
        pmlr_key = match.group(1)
    # Springer's entries give their DOI only as their key ("10.1007/978-3-030-58452-8_13")
    dois = plain_dois(get("doi")) or tuple(filter(None, [plain_doi(entry.key)]))
    openreview = get("openreview")
    desk = _bibdesk_urls(entry)
    url = get("url")
    # Mendeley's several addresses in one ``url``, a space between them: the first is
    # the paper's page, the others further pages, as BibDesk's numbered ones are
    further = url_addresses(url) if url else ()
    if further:
        url, desk = further[0], (*further[1:], *desk)
    url = url or _howpublished_url(get("howpublished")) or next(iter(desk), None)
    if not openreview and url and "openreview.net" in url:
        openreview = url
    code = get("code") or get("github") or get("software")
    # Pages about the paper: a project's, BibDesk's further addresses, and one a note
    # gives (\url{…}: Google Scholar's books); and its talk's, which PMLR, ACL and others
    # export beside it (a video, slides, a poster), each of its field's kind.
    noted = _URL_COMMAND_RE.search(get("note") or "")
    talks = tuple((name, value) for name in TALK_FIELDS if (value := get(name)) and value != url)
    projects = tuple(
        dict.fromkeys(
            u
            for u in (
                get("project"),
                *desk,
                unescaped_address(noted.group(1).strip()) if noted else None,
            )
            if u and u != url
        )
    )
    arxiv_id, arxiv_class, categories = _arxiv(own, get, url)
    if arxiv_id is None:
        arxiv_id = next(filter(None, map(arxiv_from_url, desk)), None)
    # Scopus gives the authors' keywords in ``author_keywords``, before its own index
    # terms in ``keywords``; some exports name the field in the singular
    keywords = distinct_words(
        (
            *keyword_list(get("author_keywords")),
            *keyword_list(get("keywords")),
            *keyword_list(get("keyword")),
        )
    )
    return Record(
        title=title,
        abstract=abstract,
        authors=_split_names(own.get("author", "") or "", flip=True),
        venue=booktitle or journal,
        year=year_of(get("year")) or year_of(get("date")),
        url=url,
        pdf=get("pdf"),
        openreview=openreview,
        openreview_id=openreview_id_of(openreview),
        pmlr_key=pmlr_key,
        doi=dois[0] if dois else None,
        other_dois=dois[1:],
        code_urls=(code,) if code else (),
        project_urls=projects,
        talk_urls=talks,
        arxiv_id=arxiv_id,
        arxiv_class=arxiv_class,
        source_id=entry.key,
        source_entry=make_source_entry(
            entry.key, entry.entry_type, _cited_pairs(entry, inherited if by_crossref else None)
        ),
        entry_type=entry.kind,
        journal=journal,
        booktitle=booktitle,
        # DBLP's "abs/1706.03762" of an arXiv paper is its id, no volume to cite
        volume=None if corr_volume_id(get) else plain("volume"),
        number=plain("number") or plain("issue"),
        pages=plain("pages")
        or _article_number(plain("art_number") or plain("articleno") or plain("eid")),
        publisher=plain("publisher")
        or next(filter(None, map(plain, _PUBLISHED_BY.get(entry.kind, ()))), None),
        edition=plain("edition"),
        editor=_split_names(get("editor") or "", flip=False),
        keywords=keywords,
        categories=categories,
    )


def _article_number(value: str | None) -> str | None:
    """The article number of an entry with no ``pages`` (Scopus's ``art_number``, the
    ACM's ``articleno``, BibLaTeX's ``eid``: "103528", "e70"), which a citation gives in
    their place; an
    ``eid`` that is an arXiv id (NASA ADS's "arXiv:1706.03762") is none."""
    if not value or value.lower().startswith("arxiv"):
        return None
    return value


#: titles that name a volume's front matter when they are the whole title (case,
#: spaces and punctuation aside): its preface, foreword or table of contents
_FRONT_MATTER_TITLES = frozenset(
    ("preface", "foreword", "front matter", "frontmatter", "table of contents", "contents")
)
#: what a title is compared with those by: its words, folded
_NOT_WORD_RE = re.compile(r"[\W_]+")


def front_matter(record: Record) -> bool:
    """Whether ``record`` is a volume's front matter rather than a paper: its whole title
    is "Preface", "Foreword", "Front Matter" or "Table of Contents", and it has no
    abstract, or its authors are the volume's editors (PMLR's "Preface" by the
    organisers, with a line of remarks for its abstract). A paper whose title holds
    such a word among others ("A Preface to Causal Inference") is a paper, and so is
    one titled so with an abstract, by authors who are not the editors."""
    title = " ".join(_NOT_WORD_RE.sub(" ", record.title or "").casefold().split())
    if title not in _FRONT_MATTER_TITLES:
        return False
    if not record.abstract.strip():
        return True
    editors = {_family(name) for name in record.editor}
    return bool(record.authors) and all(_family(name) in editors for name in record.authors)


def _family(name: str) -> str:
    """The family name of ``name`` ("Bayen" of "Alexandre M. Bayen" and of "Bayen,
    Alexandre"), folded: an editor's name as the author's."""
    parts = [part.strip() for part in split_top_level(name, ",")]
    if len(parts) == 2 and family_first(parts[0], parts[1]):
        last = parts[0]  # "张, 三": 张, where "张三" is one word
    else:
        words = flip_name(name).split()
        last = words[-1] if words else ""
    decomposed = unicodedata.normalize("NFKD", last.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _pmlr_preface(entry: BibEntry) -> bool:
    """Whether PMLR's ``section`` field puts ``entry`` among a volume's prefaces."""
    return (entry.fields.get("section") or "").strip().casefold() == "preface"


def _another_papers_key(block: Any, entry_class: type) -> bool:
    """Whether ``block`` is an entry the parser set aside for repeating an earlier
    entry's key, while its title is another paper's (not a copy of that entry's)."""
    if type(block).__name__ != "DuplicateBlockKeyBlock" or _keyless(block, entry_class):
        return False
    duplicate, previous = block.ignore_error_block, block.previous_block
    if not isinstance(duplicate, entry_class) or not isinstance(previous, entry_class):
        return False

    def title(entry: Any) -> str:
        field = entry.fields_dict.get("title") or next(
            (f for name, f in entry.fields_dict.items() if name.lower() == "title"), None
        )
        value = str(field.value) if field is not None else ""
        return "".join(char for char in value.casefold() if char.isalnum())

    return bool(title(duplicate)) and title(duplicate) != title(previous)


def _keyless(block: Any, entry_class: type) -> bool:
    """Whether ``block`` is an entry with no key (``@article{,``), or one the parser set
    aside for repeating a key while that key is the empty one of another keyless entry:
    no key is no paper's, and neither entry repeats another's."""
    if type(block).__name__ == "DuplicateBlockKeyBlock":
        block = block.ignore_error_block
    return isinstance(block, entry_class) and not str(getattr(block, "key", "")).strip()


def _keyless_problem(lines: list[int], path: Path) -> Problem:
    """The warning for entries read with no key (``lines``: where they start, from 1):
    a citation has nothing to name them by until the file gives them one."""
    if len(lines) == 1:
        return Problem(
            path,
            f"the entry at line {lines[0]} has no key; read it, give it a key to cite it by",
            "warning",
        )
    at = ", ".join(map(str, lines[:5])) + (", …" if len(lines) > 5 else "")
    return Problem(
        path,
        f"{len(lines)} entries have no key (at lines {at}); read them, give "
        "each a key to cite it by",
        "warning",
    )


#: an entry whose "@" is missing, in the text between entries: its type, "{", its
#: key and a comma, then a field's name and "="
_NO_AT_RE = re.compile(
    r"(?m)^[ \t]*([A-Za-z]+)[ \t]*\{[ \t]*([^\s,{}()=\"#%']+)[ \t]*,\s*[A-Za-z][\w:.+-]*\s*="
)


def _without_at(block: Any) -> list[tuple[int, str]]:
    """``(line from 1, "type{key")`` of each entry in the text between entries
    (``block``) whose "@" is missing: BibTeX reads it as a comment, and so did this
    reader, without a word. Some remove the "@" to put an entry out of use, so it is
    said, not read."""
    raw = block.raw or ""
    first = (block.start_line or 0) + 1
    return [
        (first + raw.count("\n", 0, found.start(1)), f"{found.group(1)}{{{found.group(2)}")
        for found in _NO_AT_RE.finditer(raw)
    ]


#: a field's name and "=" at the start of a line, in text between entries
_FIELD_LINE_RE = re.compile(r"(?m)^[ \t]*([A-Za-z][\w:.+-]*)[ \t]*=[ \t]*[{\"\w]")


def _cut_off_fields(block: Any) -> list[str]:
    """The names of the fields in the text right after an entry (``block``), which a
    brace or quote amiss in the entry's last value closed early: the parser read them
    as a comment, and they were lost without a word. (Text after a ``}`` too many that
    starts with the next field's comma is read back by ``_stray_brace``.)"""
    return [found.group(1).lower() for found in _FIELD_LINE_RE.finditer(block.raw or "")]


def _cut_off_problem(entry: Any, block: Any, names: list[str], path: Path) -> Problem:
    last = _field_name(entry.fields[-1].key).lower() if entry.fields else "last"
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    plural = len(names) > 1
    return Problem(
        path,
        f"{_place(entry)} ends early, in its {last} field (a brace or quote amiss there?): "
        f"the {listed} field{'s' if plural else ''} after it, from line "
        f"{(block.start_line or 0) + 1}, {'were' if plural else 'was'} not read; check "
        "that entry",
        "warning",
    )


def _without_at_problem(found: list[tuple[int, str]], path: Path) -> Problem:
    if len(found) == 1:
        line, start = found[0]
        return Problem(
            path,
            f"line {line} holds an entry with no “@” before its type ({start}, …), which "
            "BibTeX reads as a comment; not read: put the “@” back to read it",
            "warning",
        )
    at = ", ".join(str(line) for line, _start in found[:5]) + (", …" if len(found) > 5 else "")
    return Problem(
        path,
        f"{len(found)} entries have no “@” before their type (at lines {at}), which BibTeX "
        "reads as comments; not read: put the “@” back to read them",
        "warning",
    )


#: what is said after "and N more entries" of entries read with damage of one kind
#: (``_grouped``)
_REUSED_KEY_SAID = (
    "that repeat the key of an earlier entry for another paper; read each as a paper of "
    "its own (give one of the two another key)"
)
_STRAY_SAID = (
    "with text after a value where a comma belongs; read each value up to its end "
    "without it, check those entries"
)
_SPACED_SAID = (
    "with a space in a field's name: no field is named so, and its value is not read; "
    "check those entries"
)
_STRAY_BRACE_SAID = (
    "with one “}” too many in a field, the fields after it still read; check those entries"
)
_CUT_OFF_SAID = (
    "that end early (a brace or quote amiss?), the fields after the end not read; check "
    "those entries"
)


#: the entry types of a volume whose fields its papers take (``_parents``)
_VOLUME_KINDS = frozenset({"proceedings", "mvproceedings"})


def _lost_volumes(failed: list[Any]) -> list[str]:
    """The keys of the volumes (``@Proceedings``) among the entries the parser gave up
    on (``failed``): their papers are read without the venue and year they lend."""
    keys = []
    for block in failed:
        raw = block.raw or ""
        kind, key = _TYPE_RE.match(raw), _KEY_RE.match(raw.lstrip())
        if kind and key and kind.group(1).lower() in _VOLUME_KINDS:
            keys.append(key.group(1))
    return keys


def _parse_entries(text: str, path: Path) -> tuple[list[BibEntry], list[Problem], bool, list[str]]:
    """The entries of a .bib text, the problems met, whether it held any block, and
    the keys of the volumes that could not be read (``_lost_volumes``)."""
    import bibtexparser  # imported here: only BibTeX needs it
    from bibtexparser.model import Entry, ImplicitComment, String

    _quiet_bibtexparser()
    # No middleware: values stay raw so that ``#`` concatenation can be resolved
    # (the default stack would strip the outer quotes of ``"A" # "B"``).
    text, stand_in = protect_inner_quotes(text)
    library = bibtexparser.parse_string(text, parse_stack=[])
    if library.failed_blocks and stand_in is None:
        stand_in = stand_in_for(text)  # for a quote too many in a value (mend)
    text, library, mended = mend(text, library, stand_in)
    unclosed = closed_at_end(text, library)
    if unclosed is not None:
        library = unclosed[0]
    entry_lines = (
        [
            number
            for number, line in enumerate(split_lines(text), start=1)
            if line.lstrip().startswith("@")
        ]
        if library.failed_blocks
        else []
    )
    # an entry with another paper's key, or none, is read all the same (below)
    failed = [
        block
        for block in library.failed_blocks
        if not _another_papers_key(block, Entry) and not _keyless(block, Entry)
    ]
    said: list[tuple[str, str, Problem]] = []  # (kind, entry's name, warning) of each
    for block in failed:
        message, kind = _describe_failed_block(block, entry_lines)
        said.append((kind, _block_name(block), Problem(path, message, "warning")))
    for entry, what, kind in mended:
        message = f"{_place(entry)} {what}, check that entry"
        said.append(
            (f"{kind}; check those entries", _block_name(entry), Problem(path, message, "warning"))
        )
    problems = _grouped(said, path)
    if unclosed is not None:
        # said as cut short: a reader that read the file whole before keeps what it
        # read then until the file changes again (a program still writing it)
        last = unclosed[1]
        line = f"line {(last.start_line or 0) + 1}"
        problems.append(
            Problem(
                path,
                f"the last entry, {f'{_said_key(last.key)} at {line}' if last.key.strip() else line}, has no "
                f"closing brace; read as it is, check the end of the file {CUT_SHORT}",
                "warning",
            )
        )
    macros = _Macros(max(_MACRO_BUDGET, 2 * len(text)))
    macros.quote = stand_in
    entries: list[BibEntry] = []
    run_ons: list[tuple[str, Problem]] = []  # entries with a comma missing, by key
    keyless: list[int] = []  # the lines of entries with no key
    without_at: list[tuple[int, str]] = []  # entries with no "@", read as comments
    read_said: list[tuple[str, str, Problem]] = []  # as ``said``, of the entries read
    previous: Any = None
    blocks = library.blocks
    for position, block in enumerate(blocks):
        if _another_papers_key(block, Entry):
            # a hand-kept file that gave two papers one key: both are papers of the list
            block = block.ignore_error_block  # type: ignore[attr-defined]
            where = f"line {block.start_line + 1}, " if block.start_line is not None else ""
            read_said.append(
                (
                    _REUSED_KEY_SAID,
                    _block_name(block),
                    Problem(
                        path,
                        f"the entry at {where}key {_said_key(block.key)} repeats the key of an earlier "
                        "entry for another paper; read as a paper of its own (give one of the "
                        "two another key)",
                        "warning",
                    ),
                )
            )
        elif _keyless(block, Entry):
            block = getattr(block, "ignore_error_block", block)
        if isinstance(block, String) and isinstance(block.value, str):
            value = _bib_value(block.value, macros)
            if len(value) > _MACRO_LONGEST:
                macros.exhausted = True  # left undefined: used, it stays as its name
            else:
                macros[block.key.lower()] = value
        elif isinstance(block, Entry):
            if not block.key.strip():
                keyless.append((block.start_line or 0) + 1)
            following = blocks[position + 1] if position + 1 < len(blocks) else None
            fields, run_on, strays = _entry_fields(
                block, macros, path, leftover_of(following) is not None
            )
            if run_on is not None:
                run_ons.append((_said_key(block.key), run_on))
            if strays:
                read_said.append(
                    (_STRAY_SAID, _block_name(block), _stray_problem(block, strays, path))
                )
            spaced = _spaced_names(block)
            if spaced:
                read_said.append(
                    (_SPACED_SAID, _block_name(block), _spaced_problem(block, spaced, path))
                )
            pairs = tuple(fields)
            written = _TYPE_RE.match(block.raw or "")
            kind = written.group(1) if written else block.entry_type  # the parser lowers it
            entries.append(BibEntry(block.key, kind, pairs, block.start_line))
        elif isinstance(previous, Entry) and (leftover := leftover_of(block)) is not None:
            fields, problem = _stray_brace(previous, leftover, macros, path)
            last = entries[-1]
            known = set(last.fields)
            extra = tuple(pair for pair in fields if pair[0].lower() not in known)
            entries[-1] = BibEntry(last.key, last.entry_type, last.pairs + extra, last.line)
            read_said.append((_STRAY_BRACE_SAID, _block_name(previous), problem))
        elif isinstance(block, ImplicitComment):
            found = _without_at(block)
            without_at.extend(found)
            cut_off = _cut_off_fields(block) if isinstance(previous, Entry) and not found else []
            if cut_off:
                read_said.append(
                    (
                        _CUT_OFF_SAID,
                        _block_name(previous),
                        _cut_off_problem(previous, block, cut_off, path),
                    )
                )
        previous = block
    problems.extend(_grouped(read_said, path))
    entries, renamed = _names_mended(entries)
    if renamed:
        names = list(dict.fromkeys(name for _key, name in renamed))
        keys = list(dict.fromkeys(_said_key(key) for key, _name in renamed))
        problems.append(
            Problem(
                path,
                f"{count_entries(keys)} {'has a field' if len(keys) == 1 else 'have fields'} "
                "whose name holds a bracket or a colon "
                f"({', '.join(f'“{name}”' for name in names[:5])}{', …' if len(names) > 5 else ''}"
                f"); read as the field named without it, check {'that entry' if len(keys) == 1 else 'those entries'} "
                f"({some_keys(keys)})",
                "warning",
            )
        )
    misspelt = _misspelt_fields(entries)
    if misspelt:
        problems.append(_misspelt_problem(misspelt, path))
    if keyless:
        problems.append(_keyless_problem(keyless, path))
    if without_at:
        problems.append(_without_at_problem(without_at, path))
    if len(run_ons) == 1:
        problems.append(run_ons[0][1])
    elif run_ons:
        # an export that writes no commas between fields at all: one warning, not one
        # an entry
        keys = [key for key, _problem in run_ons]
        problems.append(
            Problem(
                path,
                f"{count_entries(keys)} have no comma between two of their fields "
                f"({some_keys(keys)}); read their fields apart, check those entries",
                "warning",
            )
        )
    if macros.exhausted:
        problems.append(
            Problem(
                path,
                f"its @string macros expand to more than {_MACRO_LONGEST:,} characters "
                f"each or {macros.budget:,} in all (macros that repeat one another?); "
                "those past that are left as their names",
                "warning",
            )
        )
    had_any = bool(library.entries or library.failed_blocks)
    return entries, problems, had_any, _lost_volumes(failed)


#: characters typed into a field's name that the parser keeps in it
_DAMAGED_NAME_RE = re.compile(r"[\[\]:]")
#: the fields a paper is read by, known as such in a file of one entry too
_PAPER_FIELD_NAMES = frozenset({"title", "author", "abstract", "year", "date", "booktitle"})


def _names_mended(entries: list[BibEntry]) -> tuple[list[BibEntry], list[tuple[str, str]]]:
    """``entries`` with each field whose name holds a bracket or a colon typed into it
    (``abstra:ct``) read under its name without them, where that is a field of other
    entries of the file (or a paper's title, authors, abstract or year) and the entry
    has none of that name; and ``(key, name as written)`` of each. The parser keeps
    such a name, and the field was passed over as one no reader knows: the paper lost
    its abstract without a word."""
    counts: dict[str, int] = {}
    for entry in entries:
        for name in entry.fields:
            counts[name] = counts.get(name, 0) + 1
    known = {name for name, count in counts.items() if count > 1} | _PAPER_FIELD_NAMES
    renamed: list[tuple[str, str]] = []
    mended: list[BibEntry] = []
    for entry in entries:
        have = set(entry.fields)
        pairs = []
        for name, value in entry.pairs:
            plain = _DAMAGED_NAME_RE.sub("", name).strip()
            if plain != name and plain.lower() in known and plain.lower() not in have:
                renamed.append((_named(entry), name))
                have.add(plain.lower())
                name = plain
            pairs.append((name, value))
        mended.append(replace(entry, pairs=tuple(pairs)) if len(renamed) else entry)
    return mended, renamed


def parse_entry_string(text: str) -> BibEntry | None:
    """The first entry of a BibTeX string (a paper list's ``bibtex`` field), or None."""
    return read_entry_string(text)[0]


def read_entry_string(text: str) -> tuple[BibEntry | None, bool]:
    """The first entry of a BibTeX string (a paper list's ``bibtex`` field), or None,
    and whether the string is damaged: no entry could be read from it, or one was
    read with a warning (a brace amiss, a field lost), which the list that holds the
    string is to say."""
    try:
        entries, problems, _any, _lost = _parse_entries(text, Path("-"))
    except Exception:  # noqa: BLE001 - a broken embedded entry only loses its fields
        return None, True
    damaged = not entries or any(problem.severity == "warning" for problem in problems)
    return (entries[0] if entries else None), damaged


#: entry types that are papers, never containers of papers: one that another entry's
#: ``crossref`` names (two papers naming each other, by mistake or by malice) is still a
#: paper of the list, where it was dropped without a word.
_PAPER_KINDS = frozenset({"article", "inproceedings", "conference"})


#: entry types of the papers of a proceedings volume (``@conference`` is BibTeX's old
#: name for ``@inproceedings``): the only entries a file's ``@Proceedings`` fills.
_VOLUME_PAPER_KINDS = frozenset({"inproceedings", "conference"})
#: fields that place a paper somewhere of its own, so the file's proceedings is not its.
_OWN_CONTAINER_FIELDS = ("crossref", "booktitle", "journal", "journaltitle")


def _volume(entries: list[BibEntry], by_key: dict[str, int]) -> int | None:
    """The position of the file's one ``@Proceedings`` when the file reads as that
    volume's papers (PMLR's layout), else None.

    BibTeX itself ties a paper to its proceedings only through ``crossref``: a file whose
    papers name its ``@Proceedings`` so says which are in it, and the others are not. A
    file of two or more proceedings names none as the papers' own.
    """
    proceedings = [index for index, entry in enumerate(entries) if entry.kind == "proceedings"]
    if len(proceedings) != 1:
        return None
    (only,) = proceedings
    for index, entry in enumerate(entries):
        named = by_key.get((entry.fields.get("crossref") or "").strip().lower())
        if named == only and index != only:
            return None
    return only


def _parents(entries: list[BibEntry]) -> tuple[dict[int, BibEntry], set[int]]:
    """Each entry's parent (its ``crossref``, else the file's volume (``_volume``) for an
    ``@InProceedings`` without a booktitle or journal), by position, and the positions
    of the parents, which are not papers themselves (unless they are of a paper's
    type)."""
    # an entry with no key is none's parent: a crossref that is empty names no entry
    by_key = {entry.key.lower(): index for index, entry in enumerate(entries) if entry.key.strip()}
    file_wide = _volume(entries, by_key)
    parents: dict[int, BibEntry] = {}
    used: set[int] = set()
    for index, entry in enumerate(entries):
        fields = entry.fields
        target = by_key.get((fields.get("crossref") or "").strip().lower())
        if target is not None and target != index:
            parents[index] = entries[target]
            if entries[target].kind not in _PAPER_KINDS:
                used.add(target)
        elif (
            file_wide is not None
            and entry.kind in _VOLUME_PAPER_KINDS
            and not any((fields.get(name) or "").strip() for name in _OWN_CONTAINER_FIELDS)
        ):
            parents[index] = entries[file_wide]
            used.add(file_wide)
    return parents, used


def _volumes(entries: list[BibEntry]) -> set[int]:
    """The positions of the ``@proceedings`` the file's papers are in by their booktitle
    (the ACL Anthology's event files start with their volume's entry): a volume is no
    paper of the list. A book stays, beside a chapter of it: it is a work of its own."""

    def folded(text: str | None) -> str:
        return " ".join(unlatex(text or "").casefold().split())

    titles = {
        folded(entry.fields.get("booktitle"))
        for entry in entries
        if entry.kind not in _BOOK_KINDS and (entry.fields.get("booktitle") or "").strip()
    }
    return {
        index
        for index, entry in enumerate(entries)
        if entry.kind in ("proceedings", "mvproceedings")
        and folded(entry.fields.get("title")) in titles
    }


def _unplaced(entries: list[BibEntry], read: dict[int, Record], lost: list[str]) -> dict[str, int]:
    """How many papers (``read``: the records, by the position of their entries) each
    volume of ``lost`` (``_lost_volumes``) would have lent the venue or year they lack:
    those that name it in their ``crossref``, and in a file of one volume and none read
    (PMLR's layout) the ``@InProceedings`` with no venue of their own. The user is to
    know why they lack them."""
    if not lost:
        return {}
    by_key = {volume.lower(): volume for volume in lost}
    readable = {entry.key.lower() for entry in entries if entry.kind in _VOLUME_KINDS}
    file_wide = lost[0] if len(lost) == 1 and not readable else None
    counts: dict[str, int] = {}
    for index, record in sorted(read.items()):
        if record.venue and record.year is not None:
            continue
        fields = entries[index].fields
        named = (fields.get("crossref") or "").strip().lower()
        if named:
            volume = by_key.get(named) if named not in readable else None
        elif (
            file_wide is not None
            and entries[index].kind in _VOLUME_PAPER_KINDS
            and not any((fields.get(name) or "").strip() for name in _OWN_CONTAINER_FIELDS)
        ):
            volume = file_wide
        else:
            volume = None
        if volume is not None:
            counts[volume] = counts.get(volume, 0) + 1
    return counts


#: the longest title a warning names an entry by
_SAID_TITLE = 60


def _cut(title: str) -> str:
    return cut_to(title, _SAID_TITLE)


def _named(entry: BibEntry) -> str:
    """An entry as a warning's list names it: by its key, else by its line."""
    return _said_key(entry.key) if entry.key.strip() else f"line {(entry.line or 0) + 1}"


#: where a run of JSON may open: ``[`` or ``{`` first on a line, or right after the brace
#: that closes an entry (a file written after a .bib that ends without a line break),
#: then a string, another list or object, their close, or the line's end (``{\em …}``
#: in a value is none)
_JSON_OPEN_RE = re.compile(
    r"(?:^|(?<=\}))[ \t]*(?P<open>[\[{])[ \t]*(?=[\"\[{\]}]|\r?$)", re.MULTILINE
)
#: what may stand between two values of one run of JSON, or after its last
_JSON_BETWEEN = " \t\r\n,[]{}"
#: a line of JSON as a program writes it, one member or value a line (a run cut short)
_JSON_LINE_RE = re.compile(
    r"^\s*(?:\"(?:[^\"\\]|\\.)*\"\s*:.*|[\[\]{}]+,?|\"(?:[^\"\\]|\\.)*\",?"
    r"|-?\d[\d.eE+-]*,?|(?:true|false|null),?)\s*$"
)
#: a run of JSON is said from this many lines (a short one stays text between entries)
_JSON_LINES = 3
#: how many places that open as JSON but are none are tried (the rest are BibTeX's)
_JSON_TRIES = 50


#: a BibTeX entry's start at a line's start, as none of a run of JSON's lines is
_ENTRY_LINE_RE = re.compile(r"^[ \t]*@[ \t]*[A-Za-z]\w*[ \t]*[{(]", re.MULTILINE)


def _json_runs(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds JSON between or after its entries (a list of papers in JSON
    written after a .bib, JSON Lines too): ``(start, end)`` of each run, by offset. A
    run is JSON that a decoder reads (one value, or values one after another), or lines
    shaped as JSON up to the next entry or the end of the file (JSON cut short or
    broken), outside any entry, of :data:`_JSON_LINES` lines or more, or shorter where
    it holds an object with a member or a string (``{"title": …}`` pasted on a line of
    its own). The BibTeX in its strings (``"bibtex": "@inproceedings{\\nkey, …"``) is no
    entry of the file."""
    decoder = json.JSONDecoder()
    runs: list[tuple[int, int]] = []
    #: the runs that hold an object with a member or a string, said however short
    plain: set[int] = set()
    depth = scanned = position = tries = 0
    while tries < _JSON_TRIES and (found := _JSON_OPEN_RE.search(text, position)):
        start = found.start("open")
        piece = text[scanned:start]
        depth = max(
            0, depth + piece.count("{") - piece.count("\\{") - piece.count("}") + piece.count("\\}")
        )
        scanned = position = found.end()
        between = depth == 1 and _between_fields(text, start)
        if depth and not between:
            continue  # inside an entry: a value's text
        end = start
        while True:
            try:
                value, stop = decoder.raw_decode(text, end)
            except ValueError:
                break
            if not isinstance(value, (list, dict)):
                break
            if _has_member(value):
                plain.add(start)
            end = stop
            following = len(text) - len(text[end:].lstrip())
            if following >= len(text) or text[following] not in "[{":
                break
            end = following
        if between and start not in plain:
            end = start  # a value's text, unless plainly JSON pasted between two fields
        if end == start and not between:
            # JSON that no decoder reads (cut short, or broken by hand): its lines, up to
            # the next entry, as no line of JSON opens one
            entry = _ENTRY_LINE_RE.search(text, start)
            stop = entry.start() if entry else len(text)
            lines = [line for line in text[start:stop].split("\n")[:50] if line.strip()]
            shaped = sum(1 for line in lines if _JSON_LINE_RE.match(line))
            if len(lines) >= _JSON_LINES and shaped * 10 >= len(lines) * 9:
                end = start + len(text[start:stop].rstrip()) if entry else len(text)
        if end > start:
            runs.append((start, end))
            scanned = position = end
        else:
            tries += 1
    # the objects of one list are one run, and so are those of JSON Lines
    merged: list[tuple[int, int]] = []
    for start, end in runs:
        if merged and not text[merged[-1][1] : start].strip(_JSON_BETWEEN):
            if start in plain:
                plain.add(merged[-1][0])
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    if merged and not text[merged[-1][1] :].strip(_JSON_BETWEEN):
        merged[-1] = (merged[-1][0], len(text))
    return [run for run in merged if run[0] in plain or text.count("\n", *run) + 1 >= _JSON_LINES]


def _between_fields(text: str, start: int) -> bool:
    """Whether ``start``, a line an entry's braces hold, stands between two of its
    fields (after the key's or a field's comma, outside a quoted value), where no value
    is: JSON pasted into the entry, not a value's text."""
    if not text[:start].rstrip().endswith(","):
        return False
    entry = None
    for entry in _ENTRY_LINE_RE.finditer(text, max(0, start - 20_000), start):
        pass
    if entry is None:
        return False
    depth, quoted = 0, False
    for char in text[entry.end() - 1 : start]:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == '"' and depth == 1:
            quoted = not quoted
    return depth == 1 and not quoted


def _entry_around(lines: list[str], first: int) -> int | None:
    """The line of the entry whose braces hold the JSON that starts on line ``first``
    (of ``lines``, the JSON left out), if one does."""
    for number in range(first, max(0, first - 2_000), -1):
        if _ENTRY_LINE_RE.match(lines[number - 1]):
            held = "\n".join(lines[number - 1 : first])  # to where the JSON starts
            return number if held.count("{") > held.count("}") else None
    return None


def _has_member(value: Any) -> bool:
    """Whether a value of JSON holds an object with a member or a string
    (``{"title": …}``, ``["@inproceedings{…}"]``): JSON plainly, where ``[1]`` or ``{}``
    alone may be a note's text."""
    if isinstance(value, dict):
        return bool(value)
    return isinstance(value, list) and any(
        isinstance(item, str) or _has_member(item) for item in value[:10]
    )


def _without_json(text: str, path: Path) -> tuple[str, list[Problem]]:
    """``text`` with its runs of JSON (:func:`_json_runs`) left as blank lines, so the
    lines of its entries keep their numbers, and one warning for each run: where the
    file stops being BibTeX and which entries were read, not a complaint for each
    entry-like text in its strings."""
    runs = _json_runs(text)
    spans: list[tuple[int, int]] = []
    for start, end in reversed(runs):
        first = text.count("\n", 0, start) + 1
        spans.insert(0, (first, first + text.count("\n", start, end)))
        text = text[:start] + "\n" * text.count("\n", start, end) + text[end:]
    problems: list[Problem] = []
    lines = text.split("\n")
    for first, last in spans:
        before = _ENTRY_LINE_RE.search("\n".join(lines[: first - 1])) is not None
        after = _ENTRY_LINE_RE.search("\n".join(lines[last:])) is not None
        read = "before and after" if before else "after"
        around = _entry_around(lines, first)
        if around is not None:
            lines_are, it = (
                (f"line {first} is", "it")
                if first == last
                else (f"lines {first}–{last} are", "them")
            )
            said = (
                f"{lines_are} not BibTeX (JSON pasted between two fields of the entry at line "
                f"{around}); skipped {it} and read that entry without {it}"
            )
        elif not after:
            said = (
                f"from line {first} the file is not BibTeX (it looks like JSON); read the "
                "entries before it (a list in JSON is read from a file of its own)"
            )
        elif first == last:
            said = (
                f"line {first} is not BibTeX (it looks like JSON); skipped it and read the "
                f"entries {read} it"
            )
        else:
            said = (
                f"lines {first}–{last} are not BibTeX (they look like JSON); skipped them "
                f"and read the entries {read} them"
            )
        problems.append(Problem(path, said, "warning"))
    return text, problems


def parse_bibtex(text: str, path: Path) -> ReadResult:
    """Read a .bib file's text into records (see the module's description)."""
    if not text.strip():
        return failure(path, "the file is empty", "bibtex")
    text, not_bibtex = _without_json(text, path)
    try:
        entries, problems, had_entries, lost_volumes = _parse_entries(text, path)
        problems = [*not_bibtex, *problems]
    except Exception as error:  # noqa: BLE001 - a parser bug must not stop the other files
        return failure(path, f"could not be read as BibTeX ({error})", "bibtex")
    parents, used = _parents(entries)
    used |= _volumes(entries)
    records: list[Record] = []
    skipped: list[str] = []
    broken: list[str] = []
    front: list[str] = []  # a volume's preface, foreword, table of contents
    read: dict[int, Record] = {}  # the records, by the position of their entries
    for index, entry in enumerate(entries):
        if index in used:
            continue  # a @Proceedings (or other parent) is not a paper of the list
        parent = parents.get(index)
        try:
            record = record_from_entry(
                entry,
                _inherited(parent) if parent else None,
                by_crossref=parent is not None
                and (entry.fields.get("crossref") or "").strip().lower() == parent.key.lower(),
            )
        except Exception:  # noqa: BLE001 - one bad entry must not stop its list
            broken.append(_named(entry))
            continue
        if record is not None:
            read[index] = record
        if record is None:
            skipped.append(_named(entry))
        elif _pmlr_preface(entry) or front_matter(record):
            front.append(f"{_named(entry)} “{_cut(record.title or '')}”")
        else:
            records.append(record)
    keys = {entry.key.lower() for entry in entries}
    unplaced = _unplaced(entries, read, lost_volumes)
    for volume, count in unplaced.items():
        problems.append(
            Problem(
                path,
                f"{count} paper{'s' if count > 1 else ''} of the volume {volume} "
                f"{'have' if count > 1 else 'has'} no venue or year: its @proceedings "
                "entry could not be read",
                "warning",
            )
        )
    keys |= {volume.lower() for volume in unplaced}  # said so, not as an unknown crossref
    orphans = [
        f"{_named(entry)} → {entry.fields['crossref'].strip()}"
        for index, entry in enumerate(entries)
        if index not in used
        and (entry.fields.get("crossref") or "").strip()
        and entry.fields["crossref"].strip().lower() not in keys
        and not any(
            (entry.fields.get(name) or "").strip()
            for name in ("booktitle", "journal", "journaltitle")
        )
    ]
    if orphans:
        # DBLP's entries copied without the @proceedings their crossref names
        problems.append(
            Problem(
                path,
                f"{count_entries(orphans)} name{'s' if len(orphans) == 1 else ''} in its "
                "crossref an entry the file does not hold, so the proceedings "
                f"{'it is' if len(orphans) == 1 else 'they are'} in are unknown "
                f"({some_keys(orphans)})",
                "warning",
            )
        )
    if broken:
        problems.append(
            Problem(
                path,
                f"skipped {count_entries(broken)} that could not be read ({some_keys(broken)})",
                "warning",
            )
        )
    if skipped:
        problems.append(
            Problem(
                path,
                f"skipped {count_entries(skipped)} with neither title nor abstract "
                f"({some_keys(skipped)})",
                "warning",
            )
        )
    if front:
        plural = len(front) > 1
        problems.append(
            Problem(
                path,
                f"skipped {count_entries(front)} of the volume's front matter, "
                f"not {'papers' if plural else 'a paper'} ({some_keys(front)})",
                "warning",
            )
        )
    if not records:
        message = (
            "no paper could be read: it holds the volume's front matter only"
            if front
            else "no BibTeX entry with a title or abstract could be read"
            if had_entries
            else "holds no BibTeX entries"
        )
        return ReadResult(path, path.stem, "bibtex", (), (*problems, Problem(path, message)))
    return ReadResult(path, path.stem, "bibtex", tuple(records), tuple(problems))
