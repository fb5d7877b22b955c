"""Mends for a .bib file that one character too many or too few keeps the parser from
reading as its writer meant: a ``}`` too many or left out, two commas, a comma or an
"=" left out, a key left out, the last entry's closing brace left out, a comment line
before an entry's end, a quote too many inside a quoted value or by a braced one, a
"{" too many outside the values or left out at a value's start, a comma before a
value, and quotes inside braces in a quoted value (valid
BibTeX the parser reads otherwise). Each mend is made to the text and kept only where the file
then reads the entry whole and every entry it read before; what was mended is said by
the reader (:mod:`tuireader.ingest.formats.bibtex`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

__all__ = [
    "closed_at_end",
    "leftover_of",
    "mend",
    "protect_inner_quotes",
    "reason",
    "stand_in_for",
]


def reason(block: Any) -> str:
    """Why the parser gave up on ``block``, in its own words, on one line."""
    error = block.error
    reason = getattr(error, "abort_reason", None) or getattr(error, "message", None) or str(error)
    return " ".join(str(reason).split())


def closed_at_end(text: str, library: Any) -> tuple[Any, Any] | None:
    """``(library, entry)``: the file read again with the closing brace its last entry
    lacks, and that entry, when the file ends inside the entry right after a whole
    field, with or without its comma (the file's last "}" left out, or its last byte
    lost); else None.

    Its fields are all there, and the entry was skipped as if the file were cut short
    inside it: Zotero's BibLaTeX export writes a comma after every field, so a file
    without its last byte lost its last paper. A file that ends inside a value (cut
    short in an abstract, a quote left open) still ends inside it with the brace added,
    and is left as it is; so is one that ends after a field's "=" or "#" (its value
    still to come) or inside a field's name. A file caught while a program writes it
    may end after a field's comma with more fields to come: it is read again when it
    changes, whole then.
    """
    import bibtexparser

    failed = library.failed_blocks
    if not failed or failed[-1].start_line is None or "end of file" not in reason(failed[-1]):
        return None
    if text.rstrip().endswith(("=", "#")):
        return None
    closed = bibtexparser.parse_string(text + "\n}\n", parse_stack=[])
    if len(closed.failed_blocks) != len(failed) - 1:
        return None
    last = next(
        (entry for entry in closed.entries if entry.start_line == failed[-1].start_line), None
    )
    # an entry cut right after its key has no field to read: it is still being written
    return (closed, last) if last is not None and last.fields else None


#: the next character that is not a space
_NEXT_CHAR_RE = re.compile(r"\s*(\S)")
#: what follows a value's comma: the next field's name and "=", or the entry's end
_FIELD_AFTER_RE = re.compile(r",\s*(?:[A-Za-z][\w:.+-]*\s*=|[}),]|%|\Z)")


class _Step(NamedTuple):
    """One brace, quote, comma or "=" of an entry, and where the walk stands after it."""

    at: int
    char: str
    #: braces open after it: 1 inside the entry, more inside a braced value
    depth: int
    #: inside a quoted value after it
    quoted: bool
    #: the name of the field whose value the walk is in ("" before the first "=")
    field: str


def _walk(entry: str) -> Iterator[_Step]:
    """Each brace, quote, comma and "=" of ``entry`` (the text of one entry, from its
    "@"), up to the entry's own closing brace, with the state each mend reads: how deep
    in braces, inside a quoted value or not, and whose value. Braces and quotes after a
    backslash are characters, as the parser counts them."""
    depth = 0
    quoted = False
    name_from = 0
    field = ""
    for index, char in enumerate(entry):
        if char not in '{}",=' or (index and entry[index - 1] == "\\"):
            continue
        if char == "{":
            depth += 1
            if depth == 1:
                name_from = index + 1
        elif char == "}":
            depth -= 1
        elif depth == 1 and char == '"':
            quoted = not quoted
        elif depth == 1 and not quoted and char == ",":
            name_from = index + 1
        elif depth == 1 and not quoted and char == "=":
            field = entry[name_from:index].strip()
        yield _Step(index, char, depth, quoted, field)
        if char == "}" and depth <= 0:
            return  # the entry's own end


def _early_brace(entry: str) -> tuple[int, str] | None:
    """Where a ``}`` too many closes a braced value of ``entry`` (the text of one entry,
    from its "@") before its end, and that field's name; None when none does.

    The sign is a value's closing brace followed by more text, not by the comma, ``#``
    or the entry's end: ``abstract = {We study} an online setting, with …}``; or by a
    comma and text that is no field (``author = {Li}, Shuang and Du, Yilun}``). The
    parser reads the value up to the comma in that text and gives up on the entry.
    """
    for step in _walk(entry):
        if step.char != "}":
            continue
        if step.depth <= 0:
            return None  # the entry's own end
        after = _NEXT_CHAR_RE.match(entry, step.at + 1)
        if step.depth != 1 or step.quoted or not after:
            continue
        if after.group(1) not in ",}#" or (
            after.group(1) == "," and not _FIELD_AFTER_RE.match(entry, after.start(1))
        ):
            return step.at, step.field
    return None


def _stray_closing(entry: str) -> tuple[int, str] | None:
    """Where the ``}`` too many that closes a value of ``entry`` (one entry's text, from
    its "@") early is (``_early_brace``), and that field's name, when taking out one
    ``}`` of that value makes the entry read whole in one way only; None else.

    ``title = {Parameters for {{SAT}}} and {{UNSAT}}}`` reads whole with any one of the
    three ``}`` after "SAT" taken out (one text); ``{Foo} {Bar}} baz}`` reads whole
    with the ``}`` after "Foo" or the one after "Bar" taken out, two readings, and is
    left as it is.
    """
    found = _early_brace(entry)
    if found is None:
        return None
    at, field = found
    start = max(
        (step.at for step in _walk(entry) if step.at < at and step.char == "=" and step.depth == 1),
        default=0,
    )
    readings: dict[str, int] = {}
    for index in range(start, at + 1):
        if entry[index] == "}" and entry[index - 1] != "\\":
            readings.setdefault(entry[:index] + entry[index + 1 :], index)
    if len(readings) > _MOST_TRIED * 4:
        return None  # a value of many braces: too many readings to weigh
    whole = [index for mended, index in readings.items() if _reads_whole(mended)]
    return (at, field) if len(whole) == 1 else None


#: an entry's type with a "{" typed inside it, and the "{" after it ("@inpr{oceedings{")
_SPLIT_TYPE_RE = re.compile(r"[ \t]*@([A-Za-z]+)\{([A-Za-z]+)\{")
#: the parser's words for an entry whose first field follows its "{" (no key)
_FIELD_FOR_KEY_RE = re.compile(r"Expected comma after entry key, but found =")
#: one field name and its "=" (where an entry's key belongs)
_ONE_NAME_RE = re.compile(r"\s*[^\s,={}()\"#%']+\s*=")
#: a key, then a field's name and its "=" (the comma between them left out)
_KEY_THEN_NAME_RE = re.compile(r"[ \t]*([^\s,={}()\"#%']+)\s+[A-Za-z][\w:.+-]*\s*=")
#: an entry's type and the brace (or parenthesis) that opens it
_OPENING_RE = re.compile(r"[ \t]*@\s*\w+\s*[{(]")


#: the next field's start at the beginning of a line, after a comma
_NEXT_FIELD_LINE_RE = re.compile(r",[ \t]*\r?\n[ \t]*[A-Za-z][\w:.+-]*[ \t]*=")
#: two commas between fields, and the parser's words for the second
_TWO_COMMAS_RE = re.compile(r",\s*,")
_EXTRA_COMMA_RE = re.compile(r"Expected a `=` after entry key, but found `,`")
#: a field's name and a bare value (a number, a month) with no "=" between them, on a
#: line of their own: "month  feb,"
_BARE_WITHOUT_EQUALS_RE = re.compile(
    r"(?m)^[ \t]*([A-Za-z][\w:.+-]*)[ \t]+[A-Za-z0-9][\w:.+-]*[ \t]*,?[ \t]*\r?$"
)
#: a field's name at the start of a line with a comma before its "=" ("urldate, =")
_COMMA_BEFORE_EQUALS_RE = re.compile(r"(?m)^[ \t]*([A-Za-z][\w:.+-]*)[ \t]*(,)[ \t]*=")
#: comment lines before an entry's closing brace, and the parser's words for them
_LAST_COMMENTS_RE = re.compile(r"((?:[ \t]*%[^\n]*\n)+)\s*[})]\s*\Z")
_DANGLING_COMMENT_RE = re.compile(r"Expected a `=` after entry key `%")


#: the parser's words for a field's value where its "=" belongs
_NO_EQUALS_AT_VALUE_RE = re.compile(r"Expected a `=` after entry key, but found `[{\"]`")
#: a field's name, alone
_FIELD_NAME_RE = re.compile(r"[A-Za-z][\w:.+-]*")


def _missing_equals(entry: str) -> tuple[int, str] | None:
    """Where the "=" left out between a field's name and its value belongs in ``entry``
    (``title {Energy-Based Models}``), and that field's name; None when every field
    has one."""
    name_from = -1
    for step in _walk(entry):
        if step.depth == 1 and not step.quoted and step.char == ",":
            name_from = step.at + 1
        elif step.depth == 1 and not step.quoted and step.char == "=":
            name_from = -1
        elif name_from >= 0 and (
            (step.char == "{" and step.depth == 2 and not step.quoted)  # a value opens
            or (step.char == '"' and step.depth == 1 and step.quoted)
        ):
            name = entry[name_from : step.at].strip()
            return (step.at, name) if _FIELD_NAME_RE.fullmatch(name) else None
    return None


#: the most quotes of one entry tried as the one too many
_MOST_TRIED = 16
#: the last character before a value's opening quote: its field's "=", or a "#"
_BEFORE_OPENING = "=#"
#: the first character after a value's closing quote: the next field's comma, a "#",
#: or the entry's end
_AFTER_CLOSING = ",#})"


def _extra_quote(entry: str, stand_in: str) -> tuple[int, str, str] | None:
    """Where one ``"`` too many in ``entry`` (one entry's text, from its "@") is, that
    field's name and what to put in its place; None when no quote, or more than one,
    mends the entry so that it reads whole.

    Inside a quoted value (``title = "Energy-Based "Models for Continual Learning"``)
    the quote ends the value early and the one that was to close it opens another
    value, which runs on to the next entry: the entry is lost. A quote that opens a
    value (after its "=" or a "#") or closes one (before a comma, a "#" or the entry's
    end) is as it should be; each other quote outside braces is tried in turn as a
    character of the value (put as ``stand_in``). Where none reads so, a quote by a
    braced value (``date =" {2021}``, ``{2021}",``) or after the key (``key",``)
    opens a value that runs on: each quote but one that opens a value is tried left
    out. (One that opens a bare word, ``note = "Text.}``, may as well want its closing
    quote, and is left as it is.) A reading is kept only when it alone makes the entry
    whole.
    """
    inner: list[tuple[int, str]] = []
    stray: list[tuple[int, str]] = []
    for index, char, depth, quoted, field in _walk(entry):
        if char != '"' or depth != 1:
            continue
        before = entry[:index].rstrip()[-1:]
        after = entry[index + 1 :].lstrip()[:1]
        if before == "}" or after == "{" or before not in _BEFORE_OPENING:
            stray.append((index, field))
        # one that ends a quoted value early; one that opens a "value" in a key or a
        # field's name (``li"2022``) is no character of a value, and is left out
        if not quoted and before not in _BEFORE_OPENING and after and after not in _AFTER_CLOSING:
            inner.append((index, field))
    for tried, put in ((inner, stand_in), (stray, "")):
        if len(tried) > _MOST_TRIED:
            return None  # quotes all through the value: no one of them is the one too many
        whole = [
            (index, name, put)
            for index, name in tried
            if _reads_whole(entry[:index] + put + entry[index + 1 :])
        ]
        if whole:
            return whole[0] if len(whole) == 1 else None
    return None


def _extra_brace(entry: str) -> int | None:
    """Where one ``{`` too many outside the values of ``entry`` (one entry's text, from
    its "@") is: after its key (``@article{key{,``), between two fields (``},{``), in a
    field's name (``urldate{ =``) or after a value (``{2021}{,``); None when no such
    brace, or more than one, left out lets the entry read whole.

    Outside the values, only the brace that opens the entry belongs there, and one
    after a "=" or "#" opens a value: each other is tried left out in turn.
    """
    tried = [
        step.at  # a "{" at the entry's level, not a value's own after its "=" or a "#"
        for step in _walk(entry)
        if step.char == "{"
        and step.depth == 2
        and not step.quoted
        and entry[: step.at].rstrip()[-1:] not in _BEFORE_OPENING
    ]
    if len(tried) > _MOST_TRIED * 4:
        return None  # an entry of many fields: too many readings to weigh
    whole = [index for index in tried if _reads_whole(entry[:index] + entry[index + 1 :])]
    return whole[0] if len(whole) == 1 else None


#: a field's name and its "=" at the start of a line
_FIELD_AT_LINE_RE = re.compile(r"(?m)^[ \t]*[A-Za-z][\w:.+-]*[ \t]*=")


#: a field's "=" and what follows it, where its value starts
_VALUE_START_RE = re.compile(r"=[ \t]*(\S)")


def _value_opening(entry: str) -> tuple[int, int, str, str] | None:
    """Where a value of ``entry`` (one entry's text, from its "@") lacks its opening
    ``{`` (``abstract = The application …},``) or has a comma before it (``url =,
    {…}``): ``(offset, characters taken out there, text put in, field's name)``; None
    when no such mend, or more than one, lets the entry read whole.

    The value runs on as words the parser cannot read, and the entry is lost. Each
    value that follows its "=" with neither a brace nor a quote is tried with a "{"
    before it (a comma there taken out).
    """
    tried: list[tuple[int, int, str, str]] = []
    for index, char, depth, quoted, field in _walk(entry):
        if char != "=" or depth != 1 or quoted:
            continue
        start = _VALUE_START_RE.match(entry, index)
        if start is None or start.group(1) in '{"':
            continue
        at = start.start(1)
        if start.group(1) == ",":
            tried.append((at, 1, "", field))
            if not _NEXT_CHAR_RE.match(entry, at + 1) or entry[at + 1 :].lstrip()[:1] not in '{"':
                tried.append((at, 1, "{", field))  # the comma typed over the "{"
        else:
            tried.append((at, 0, "{", field))
    if len(tried) > _MOST_TRIED:
        return None
    whole = [
        (at, taken, put, field)
        for at, taken, put, field in tried
        if _reads_whole(entry[:at] + put + entry[at + taken :])
    ]
    return whole[0] if len(whole) == 1 else None


def _reads_whole(entry: str) -> bool:
    """Whether ``entry`` (one entry's text) reads as one entry, with each field that
    starts a line, and nothing after it: a mend that ends the entry early (a value's
    "{" left out, ``date = 2021}``) reads as an entry too, its other fields lost."""
    import bibtexparser

    again = bibtexparser.parse_string(entry, parse_stack=[])
    blocks = again.blocks
    return (
        len(again.entries) == 1
        and not again.failed_blocks
        and type(blocks[0]).__name__ == "Entry"
        and len(again.entries[0].fields) >= len(_FIELD_AT_LINE_RE.findall(entry))
        # nothing of the entry after it: its own "}", the rest of a value ("…)$, where
        # $H$.}}", a "{" taken out of a value closed early), nor text after a value's end
        and not any("}" in (block.raw or "") for block in blocks[1:])
        and all(_ends_whole(field.value) for field in again.entries[0].fields)
    )


def _ends_whole(value: object) -> bool:
    """Whether a raw value that opens with a brace or a quote ends with one: text after
    its end (``{…}(d\\sqrt H^{3}T``) is the rest of a value closed early."""
    if not isinstance(value, str):
        return True
    value = value.strip()
    return not value.startswith(("{", '"')) or value.endswith(("}", '"'))


def _unclosed_brace(entry: str) -> tuple[int, str, str] | None:
    """Where the ``}`` (or ``}}``) left out of ``entry`` (one entry's text, from its "@"
    to the next entry) belongs, the braces to put there, and the field they close
    ("" for the entry's own); None when its braces close as they should.

    A value's brace left open runs on into the fields after it: it closes before the
    first comma that ends a line and is followed by a field's name and "=". An entry
    whose own brace is left out ends before the next entry.
    """
    depth = 0
    for index, char, depth, _quoted, field in _walk(entry):
        if char == "}" and depth <= 0:
            return None
        if depth >= 2 and char == "," and _NEXT_FIELD_LINE_RE.match(entry, index):
            return index, "}" * (depth - 1), field
    if depth == 1:
        return len(entry.rstrip()), "}", ""
    return None


def _unclosed_last_field(entry: str) -> tuple[int, str, str] | None:
    """Where the ``}`` left out of a value in ``entry`` (one entry's text, from its "@"
    to the next entry) belongs when no field follows it, the braces to put there, and
    that field's name; None when its braces close as they should, or another field
    follows (``_unclosed_brace``).

    A "{" left open in the last field took the entry's own "}" for its own: the value
    and the entry are closed where the entry ends, before the next entry.
    """
    depth = 0
    field = ""
    for _index, char, depth, _quoted, field in _walk(entry):
        if char == "}" and depth <= 0:
            return None
    if depth >= 2 and field:
        return len(entry.rstrip()), "}" * depth, field
    return None


#: the entry types of BibTeX and BibLaTeX
_ENTRY_TYPES = [
    "article",
    "book",
    "booklet",
    "bookinbook",
    "collection",
    "conference",
    "dataset",
    "electronic",
    "inbook",
    "incollection",
    "inproceedings",
    "inreference",
    "manual",
    "mastersthesis",
    "misc",
    "mvbook",
    "mvcollection",
    "mvproceedings",
    "mvreference",
    "online",
    "patent",
    "periodical",
    "phdthesis",
    "proceedings",
    "reference",
    "report",
    "software",
    "standard",
    "suppbook",
    "suppcollection",
    "suppperiodical",
    "techreport",
    "thesis",
    "unpublished",
    "www",
]
#: a line that starts an entry with no "{" (or "(") after its type: "@misckingma_2022,"
_TYPE_AND_KEY_RE = re.compile(r"(?m)^[ \t]*@([A-Za-z][^\s{}(),=\"#%']*)[ \t]*,[ \t]*\r?$")


def _last_entry_brace(entry: str, line: int) -> tuple[int, int, str, tuple[str, str]] | None:
    """The mend of the file's last entry (``entry``, its text to the file's end, at
    ``line`` from 0) whose "{" too many ran on to the file's end: ``(offset, characters
    taken out there, text put in, what to say of it and of such entries)``; None when
    no one reading makes it whole.

    A "{" too many outside the values is taken out (``_extra_brace``); one inside a
    value is closed where the next field starts a line (``_unclosed_brace``), kept only
    where the entry then reads whole up to its own "}". An entry that lacks only its
    own "}" (the file cut short after a field) is not mended here.
    """
    extra = _extra_brace(entry)
    if extra is not None:
        return (
            extra,
            1,
            "",
            (
                (
                    f"has a “{{” too many at line {line + 1 + entry.count(chr(10), 0, extra)}, "
                    "outside its values; read the entry without it"
                ),
                "with a “{” too many outside their values, read without it",
            ),
        )
    unclosed = _unclosed_brace(entry)
    if unclosed is None or not unclosed[2]:
        return None
    at, put, field = unclosed
    if not _reads_whole(entry[:at] + put + entry[at:]):
        return None
    return (
        at,
        0,
        put,
        (
            (
                f"has a “{{” not closed in its {field.lower()} field; read that field up to "
                "the next one"
            ),
            "with a “{” not closed in a field, read up to the next field",
        ),
    )


#: a field's "=" and a "}" (or a bracket, colon or comma) right after it, then the
#: value's text, where its "{" belongs
_CLOSED_AT_ONCE_RE = re.compile(r"([A-Za-z][\w:.+-]*)[ \t]*=[ \t]*([}\[\]:,])(?![ \t]*[,{}\r\n])")


def _value_closed_at_once(entry: str) -> tuple[int, str, str] | None:
    """Where a value's ``{`` typed as ``}`` (or as a bracket, a colon or a comma) is in
    ``entry`` (one entry's text, from its "@"), that field's name and the character,
    when that one alone put as a ``{`` reads the entry whole; else None."""
    found = [
        (match.start(2), match.group(1), match.group(2))
        for match in _CLOSED_AT_ONCE_RE.finditer(entry)
        if _reads_whole(entry[: match.start(2)] + "{" + entry[match.end(2) :])
    ]
    return found[0] if len(found) == 1 else None


#: a value's closing "}", then a character where its comma belongs, at the end of the
#: line, and the next field's name and "=" on the next
_COMMA_TYPED_OVER_RE = re.compile(
    r'\}[ \t]*(["{\[\]:])[ \t]*(?=\r?\n[ \t]*[A-Za-z][\w:.+-]*[ \t]*=)'
)


def _comma_typed_over(text: str, entry_starts: list[int]) -> list[tuple[int, int, str, str]]:
    """Where a character was typed over the comma after a value (``title = {…}"`` or
    ``{…}{`` at the end of its line, the next field on the next), the line (from 0) of
    its entry, the character and that field's name: only where the comma put there
    alone reads the entry whole. The entry was skipped (a quote or brace left open),
    or its next field read as text after the value and lost."""
    found = []
    for match in _COMMA_TYPED_OVER_RE.finditer(text):
        begin = max((start for start in entry_starts if start <= match.start()), default=None)
        if begin is None:
            continue
        end = next((start for start in entry_starts if start > begin), len(text))
        at = match.start(1)
        entry = text[begin:end]
        if not _reads_whole(entry[: at - begin] + "," + entry[at - begin + 1 :]):
            continue
        fields = [step.field for step in _walk(entry) if step.at < at - begin]
        found.append((at, text.count("\n", 0, begin), match.group(1), fields[-1] if fields else ""))
    return found


def _stray_said(field: str) -> tuple[str, str]:
    """What is said of an entry read without a ``}`` too many in its ``field``, and of
    such entries together."""
    return (
        f"has one “}}” too many in its {field.lower()} field; read the entry without it",
        "with one “}” too many in a field, read without it",
    )


#: an entry's type with a character typed inside it ("@art:icle{", '@inpr"oceedings{')
_TYPE_WITH_CHAR_RE = re.compile(r'(?m)^[ \t]*@([A-Za-z]+)(["\[\]:,])([A-Za-z]+)[ \t]*[{(]')


def _type_with_char(text: str) -> list[tuple[int, int, str]]:
    """Where a character typed inside an entry's type is (``@art:icle{key,``), the line
    (from 0) of the entry and the type as written: only where the type without it is
    one. The parser read no entry there, and took the entry's fields for the end of
    the one before it, which lost its own last field with them."""
    found = []
    for typed in _TYPE_WITH_CHAR_RE.finditer(text):
        if (typed.group(1) + typed.group(3)).lower() in _ENTRY_TYPES:
            whole = typed.group(0).strip().rstrip("{(").rstrip()
            found.append((typed.start(2), text.count("\n", 0, typed.start()), whole))
    return found


def _type_brace_left_out(text: str) -> list[tuple[int, int]]:
    """Where the ``{`` left out after an entry's type belongs (``@misckingma_2022,``,
    read as a comment and the entry lost) and the line (from 0) of the entry: only
    where exactly one entry type begins the word and leaves a key after it
    (``@bookletfoo,`` may be a booklet or a book, and is left as it is)."""
    found = []
    for line in _TYPE_AND_KEY_RE.finditer(text):
        word = line.group(1)
        kinds = [
            kind for kind in _ENTRY_TYPES if word.lower().startswith(kind) and word[len(kind) :]
        ]
        if len(kinds) == 1:
            found.append((line.start(1) + len(kinds[0]), text.count("\n", 0, line.start())))
    return found


def mend(
    text: str, library: Any, quote: str | None = None
) -> tuple[str, Any, list[tuple[Any, str, str]]]:
    """The file's text and library mended where the parser gave up on an entry for one
    character too many or too few, with ``(entry, what was wrong, what is wrong with
    such entries)`` of each entry so mended (said after its place, and after "entries"
    where many are); the text and library as they were when none is.

    The mends: a ``}`` too many inside a value taken out (``_early_brace``); a ``}``
    left out put back where the value or the entry should end (``_unclosed_brace``), or
    where the entry ends when its last field left a ``{`` open (``_unclosed_last_field``); a
    second comma after a field taken out; a comma put after a key that has none; a
    comma put after the "{" of an entry whose first field follows it (no key: the
    entry is read as one with no key, and the reader says so); a ``"`` too many
    inside a quoted value put as ``quote``, which the reader reads as a quote in the
    value, or one outside the values taken out (``_extra_quote``; none is when
    ``quote`` is None); a ``{`` too many outside the values taken out
    (``_extra_brace``); a value's ``{`` left out put back, a comma before it taken out
    (``_value_opening``); a comma between a field's name and its "=" taken out; a "="
    put before a bare value; the ``{`` after an entry's type put back
    (``_type_brace_left_out``); and in the file's last entry, which no next entry
    stops, a ``{`` too many taken out or closed (``_last_entry_brace``).

    Such an entry was skipped and said in the parser's terms ("a field has no =", a
    field's name taken for its key). A mend is kept only where the file then reads
    that entry whole and every entry it read before, so a guess that is wrong changes
    nothing.
    """
    import bibtexparser

    # a quote or a "{" too many in the last entry runs on to the file's end, with no
    # next entry to stop it: it too is mended, where the entry then reads whole (one
    # cut short never does)
    failed = [
        block
        for block in library.failed_blocks
        if type(block).__name__ == "ParsingFailedBlock" and block.start_line is not None
    ]
    #: (offset, characters taken out there, text put in, line of the entry, what to say
    #: of it and of such entries together)
    edits: list[tuple[int, int, str, int, tuple[str, str] | None]] = [
        (at, 0, "{", line, ("has no “{” after its type; read it", "with no “{” after their type"))
        for at, line in _type_brace_left_out(text)
    ]
    edits += [
        (
            at,
            1,
            "",
            line,
            (
                f"has a character typed inside its type (“{typed}”); read the entry without it",
                "with a character typed inside their type, read without it",
            ),
        )
        for at, line, typed in _type_with_char(text)
    ]
    line_starts = [0, *(found.end() for found in re.finditer("\n", text))]
    entry_starts = [found.start() for found in re.finditer(r"(?m)^[ \t]*@", text)]
    blocks = library.blocks
    for position, block in enumerate(blocks[:-1]):
        # an entry a "}" too many closed early, its other fields left after it: the
        # parser read them as a comment (the reader joins them to it, ``_stray_brace``);
        # the "}" is taken out where one reading alone makes the entry whole
        if (
            type(block).__name__ != "Entry"
            or block.start_line is None
            or block.start_line >= len(line_starts)
        ):
            continue
        begin = line_starts[block.start_line]
        end = next((start for start in entry_starts if start > begin), len(text))
        stray = None
        if leftover_of(blocks[position + 1]) is not None:
            stray = _stray_closing(text[begin:end])
            if stray is not None:
                edits.append((begin + stray[0], 1, "", block.start_line, _stray_said(stray[1])))
        if stray is None and "}" in (blocks[position + 1].raw or ""):
            # the rest of a value after the entry: its "{" typed as "}" (``Abstract=}We
            # study …}}``) closed the entry, the value empty and its text a comment; one
            # typed as ":" (``booktitle = :Proceedings …},``) left a bare value whose "}"
            # closed the entry
            turned = _value_closed_at_once(text[begin:end])
            if turned is not None:
                at, field, typed = turned
                said = (
                    (
                        f"has a “{typed}” where the “{{” that opens its {field.lower()} "
                        "field's value belongs; read it as that “{”"
                    ),
                    "with a character where the “{” that opens a value belongs, read as that “{”",
                )
                edits.append((begin + at, 1, "{", block.start_line, said))
    for at, line, char, field in _comma_typed_over(text, entry_starts):
        said = (
            f"has a “{char}” where the comma after its {field.lower()} field belongs; "
            + "read it as that comma",
            "with a character where the comma after a field belongs, read as that comma",
        )
        edits.append((at, 1, ",", line, said))
    if not failed and not edits:
        return text, library, []
    typed_over = {edit[3] for edit in edits}
    for block in failed:
        if block.start_line >= len(line_starts) or block.start_line in typed_over:
            continue
        begin = line_starts[block.start_line]
        end = next((start for start in entry_starts if start > begin), len(text))
        opening = _OPENING_RE.match(text, begin)
        if opening and _FIELD_FOR_KEY_RE.match(reason(block)):
            # one word before the "=" is a field's name (no key); two ("li2022
            # title") are a key with its comma left out
            key = _KEY_THEN_NAME_RE.match(text, opening.end())
            if _ONE_NAME_RE.match(text, opening.end()):
                edits.append((opening.end(), 0, ",", block.start_line, None))
            elif key is not None:
                said = ("has no comma after its key; read it", "with no comma after their key")
                edits.append((key.end(1), 0, ",", block.start_line, said))
            continue
        entry = text[begin:end]
        detail = reason(block)
        if quote is not None and '"' in entry:
            extra = _extra_quote(entry, quote)
            if extra is not None:
                at, field, put = extra
                said = (
                    (
                        (
                            f'has one “"” too many in its {field.lower()} field; read it as a '
                            "character of the value"
                        ),
                        'with one “"” too many in a quoted value, read as a character of it',
                    )
                    if put
                    else (
                        (
                            f'has a “"” too many at line '
                            f"{block.start_line + 1 + entry.count(chr(10), 0, at)}, outside "
                            "its values; read the entry without it"
                        ),
                        'with a “"” too many outside their values, read without it',
                    )
                )
                edits.append((begin + at, 1, put, block.start_line, said))
                continue
        if "end of file" in detail:
            # the last entry: a "{" too many, outside its values or in one, took the
            # entry's own "}" (one cut short, or its last "}" left out, is left to
            # ``closed_at_end``)
            brace = _last_entry_brace(entry, block.start_line)
            if brace is not None:
                at, taken, put, said = brace
                edits.append((begin + at, taken, put, block.start_line, said))
            continue
        bare = list(_BARE_WITHOUT_EQUALS_RE.finditer(entry))
        if len(bare) == 1 and _EXTRA_COMMA_RE.match(reason(block)):
            field = bare[0].group(1).lower()
            said = (
                f"has no = between its {field} field's name and its value; read it",
                "with no = between a field's name and its value",
            )
            edits.append((begin + bare[0].end(1), 0, " =", block.start_line, said))
            continue
        named = list(_COMMA_BEFORE_EQUALS_RE.finditer(entry))
        if len(named) == 1 and _EXTRA_COMMA_RE.match(reason(block)):
            field = named[0].group(1).lower()
            said = (
                f"has a comma between its {field} field's name and its “=”; read it without it",
                "with a comma between a field's name and its “=”, read without it",
            )
            edits.append((begin + named[0].start(2), 1, "", block.start_line, said))
            continue
        # a "}" too many followed by the rest of its value: taken out, where that alone
        # reads the entry whole, before a "{" further on is taken for one too many
        stray = _stray_closing(entry)
        if stray is not None:
            edits.append((begin + stray[0], 1, "", block.start_line, _stray_said(stray[1])))
            continue
        split = _SPLIT_TYPE_RE.match(entry)
        if (
            split is not None
            and split.group(1).lower() not in _ENTRY_TYPES
            and (split.group(1) + split.group(2)).lower() in _ENTRY_TYPES
            and _reads_whole(entry[: split.end(1)] + entry[split.end(1) + 1 :])
        ):
            # "@inpr{oceedings{key,": the "{" in the type, not the one after it, is too
            # many (taken out, that one left the type "inpr" and the key "oceedingskey")
            typed = f"@{split.group(1)}{{{split.group(2)}"
            said = (
                f"has a “{{” too many in its type (“{typed}”); read the entry without it",
                "with a “{” too many in their type, read without it",
            )
            edits.append((begin + split.end(1), 1, "", block.start_line, said))
            continue
        extra_brace = _extra_brace(entry)
        if extra_brace is not None:
            line = block.start_line + 1 + entry.count("\n", 0, extra_brace)
            said = (
                (
                    f"has a “{{” too many at line {line}, outside its values; read the entry "
                    "without it"
                ),
                "with a “{” too many outside their values, read without it",
            )
            edits.append((begin + extra_brace, 1, "", block.start_line, said))
            continue
        value_opening = _value_opening(entry)
        if value_opening is not None:
            at, taken, put, field = value_opening
            if taken and put:
                said = (
                    f"has a “,” where the “{{” that opens its {field.lower()} field's value belongs; "
                    + "read it as that “{”",
                    "with a character where the “{” that opens a value belongs, read as that “{”",
                )
            elif taken:
                said = (
                    f"has a comma before its {field.lower()} field's value; read it without it",
                    "with a comma before a value, read without it",
                )
            else:
                said = (
                    f"has no “{{” at the start of its {field.lower()} field's value; "
                    + "read the value up to its “}”",
                    "with no “{” at the start of a value, read up to its “}”",
                )
            edits.append((begin + at, taken, put, block.start_line, said))
            continue
        equals = _missing_equals(entry) if _NO_EQUALS_AT_VALUE_RE.match(reason(block)) else None
        if equals is not None and (
            # "{…distribution} that generated them ({GANs})…": a "}" too many (below)
            # leaves words before a brace, which no "=" put there mends
            _reads_whole(entry[: equals[0]] + " =" + entry[equals[0] :])
        ):
            said = (
                f"has no = between its {equals[1].lower()} field's name and its value; read it",
                "with no = between a field's name and its value",
            )
            edits.append((begin + equals[0], 0, " =", block.start_line, said))
            continue
        found = _early_brace(entry)
        if found is not None:
            edits.append((begin + found[0], 1, "", block.start_line, _stray_said(found[1])))
            continue
        unclosed = _unclosed_brace(entry)
        if unclosed is not None:
            at, put, field = unclosed
            said = (
                (
                    (
                        f"has a “{{” not closed in its {field.lower()} field; read that field up "
                        "to the next one"
                    ),
                    "with a “{” not closed in a field, read up to the next field",
                )
                if field
                else (
                    (
                        "does not close before the next entry (a “}” left out, or a “{” too many); "
                        "read it up to there"
                    ),
                    "that do not close before the next entry, read up to there",
                )
            )
            edits.append((begin + at, 0, put, block.start_line, said))
            continue
        last_field = _unclosed_last_field(entry)
        if last_field is not None:
            at, put, field = last_field
            said = (
                (
                    f"has a “{{” not closed in its {field.lower()} field; read that field up "
                    "to the entry's end"
                ),
                "with a “{” not closed in their last field, read up to the entry's end",
            )
            edits.append((begin + at, 0, put, block.start_line, said))
            continue
        comments = _LAST_COMMENTS_RE.search(entry)
        if comments is not None and _DANGLING_COMMENT_RE.match(reason(block)):
            lines = comments.group(1)
            edits.append(
                (
                    begin + comments.start(1),
                    len(lines),
                    "\n" * lines.count("\n"),
                    block.start_line,
                    None,
                )
            )
            continue
        twice = _TWO_COMMAS_RE.search(entry)
        if twice is not None and _EXTRA_COMMA_RE.match(reason(block)):
            said = (
                "has two commas between two of its fields; read them as one",
                "with two commas between two fields, read as one",
            )
            edits.append((begin + twice.end() - 1, 1, "", block.start_line, said))
            continue
    known = {entry.start_line for entry in library.entries}
    for _attempt in range(2):
        if not edits:
            break
        pieces: list[str] = []
        start = 0
        for offset, taken, put, _line, _field in sorted(edits):
            pieces += [text[start:offset], put]
            start = offset + taken
        mended = "".join([*pieces, text[start:]])
        again = bibtexparser.parse_string(mended, parse_stack=[])
        blocks = again.blocks
        whole: dict[int | None, Any] = {}
        for position, block in enumerate(blocks):
            following = blocks[position + 1] if position + 1 < len(blocks) else None
            if type(block).__name__ == "Entry" and leftover_of(following) is None:
                whole[block.start_line] = block
        kept = [edit for edit in edits if edit[3] in whole]
        if len(kept) == len(edits) and known <= {entry.start_line for entry in again.entries}:
            return (
                mended,
                again,
                [(whole[line], *said) for *_edit, line, said in edits if said is not None],
            )
        edits = kept
    return text, library, []


#: what may stand for a quote inside braces inside a quoted value while the parser
#: reads the file: the first of these characters that the file does not hold
_STAND_INS = "".join(chr(code) for code in range(0xE000, 0xE100))
#: what decides where a quoted value ends: braces, quotes, and where blocks start
_QUOTED_VALUE_RE = re.compile(r'=\s*"')
_QUOTE_MARK_RE = re.compile(r'(?<!\\)[{}"]|(?m:^[ \t]*@)')


def stand_in_for(text: str) -> str | None:
    """A character ``text`` does not hold, to stand for a quote that is a character of
    a value while the parser reads it (None when it holds them all)."""
    return next((char for char in _STAND_INS if char not in text), None)


def protect_inner_quotes(text: str) -> tuple[str, str | None]:
    """``text`` with each quote inside braces inside a quoted value (``title = "The
    {"Best"} Paper"``) put as a character the file does not hold, and that character
    (None when there is no such quote), put back as a quote in each value.

    In BibTeX such a quote is a character of the value; the parser ends the value
    there (unless it is written ``{"}``), and the entry ended with it: the title cut
    short and the fields after it lost.
    """
    if not _QUOTED_VALUE_RE.search(text):  # no quoted value: nothing to look through
        return text, None
    inner: list[int] = []
    depth = 0  # braces: 1 inside an entry, more inside a braced value
    quoted = -1  # the brace depth inside a quoted value, -1 outside one
    for found in _QUOTE_MARK_RE.finditer(text):
        mark = found.group()
        if mark.lstrip(" \t").startswith("@"):
            depth, quoted = 0, -1  # a block starts: the parser starts afresh
        elif quoted >= 0:
            if mark == "{":
                quoted += 1
            elif mark == "}":
                quoted = max(quoted - 1, 0)
            elif quoted == 0:
                quoted = -1
            else:
                inner.append(found.start())
        elif mark == "{":
            depth += 1
        elif mark == "}":
            depth = max(depth - 1, 0)
        elif depth == 1:
            quoted = 0
    stand_in = stand_in_for(text)
    if not inner or stand_in is None:
        return text, None
    chars = list(text)
    for at in inner:
        chars[at] = stand_in
    return "".join(chars), stand_in


def leftover_of(block: Any) -> str | None:
    """The text after an entry that a ``}`` too many in its last field closed early
    (the rest of its fields, or its own closing brace), when ``block`` is that text; a
    comma alone after an entry (``},`` as lists joined by commas end their entries) is
    none."""
    from bibtexparser.model import ImplicitComment

    if not isinstance(block, ImplicitComment):
        return None
    leftover = (block.raw or "").lstrip()
    if not leftover.strip(", \t\r\n"):
        return None
    return leftover if leftover.startswith((",", "}")) else None
