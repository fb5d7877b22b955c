"""tuireader's own BibTeX export, read back as the papers it was made of.

The export is a BibTeX file for reference managers: each entry carries its paper's
triage where Zotero and JabRef look for it (``keywords``: the state as
``tuireader:kept`` and the tags, after the entry's own keywords; ``annote``: the note),
and, where the entry's key and venue would not say it, the paper's own id in its source
as ``tuireader-source = {list or venue#id}``; the DOIs the paper's source gives after its
own are ``tuireader-other-dois``. The file starts with :data:`MARK`.

Read back, the triage is the triage file's, not the paper's: the keywords from the state
keyword on, the ``annote`` and tuireader's own fields are taken out of the record and
its entry (a citation of the paper never carries the user's note), and the paper is
known by its source id as it was (``ReadResult.scopes``), so it keeps its id.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tuireader.ingest.formats.common import ReadResult, plain_dois
from tuireader.model import Record, SourceEntry
from tuireader.render.safetext import is_unsafe, valid

__all__ = [
    "MARK",
    "NOTE_FIELD",
    "OTHER_DOIS_FIELD",
    "SOURCE_FIELD",
    "STATE_PREFIX",
    "bibtex_literal",
    "is_own_bibtex",
    "literal_text",
    "own_bibtex",
]

#: how tuireader's BibTeX export starts: a comment block, which BibTeX and reference
#: managers pass over (and which makes a file of any name BibTeX to tuireader).
MARK = "@comment{tuireader export"
#: the keyword that gives a paper's state ("tuireader:kept"), and begins tuireader's
#: keywords: the entry's own come before it.
STATE_PREFIX = "tuireader:"
#: the field of the user's note (Zotero makes it a note of the item, JabRef shows it).
NOTE_FIELD = "annote"
#: the field of a paper's own id in its source, as ``scope#id`` (see
#: ``identity.identify``), where the entry's key and venue would not give it.
SOURCE_FIELD = "tuireader-source"
#: the field of the DOIs the paper's source gives after its own (an erratum's), a space
#: between them, that the entry's ``doi`` does not give.
OTHER_DOIS_FIELD = "tuireader-other-dois"

#: BibTeX's and LaTeX's special characters, each as the text it is
_LITERAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_LITERAL_RE = re.compile("[" + re.escape("".join(_LITERAL)) + "]")
_AT_LINE_START = re.compile(r"^( *)@", re.MULTILINE)
_UNLITERAL = {written: char for char, written in _LITERAL.items()} | {"{@}": "@"}
_UNLITERAL_RE = re.compile("|".join(map(re.escape, sorted(_UNLITERAL, key=len, reverse=True))))


def bibtex_literal(text: str, *, lines: bool = False) -> str:
    """``text`` (a tag, a note, a list's name: words, not LaTeX) as a BibTeX value that
    shows it as it is: every special character escaped, so no brace closes the field
    and no backslash starts a command. Characters no citation shows (controls, bidi,
    invisible) are left out; runs of space become one, or, with ``lines``, line breaks
    are kept, and an ``@`` that starts a line is braced (``{@}``: BibTeX readers take it
    for the start of an entry)."""
    text = valid(text).replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    kept = "".join(char for char in text if char == "\n" or not is_unsafe(char))
    escaped = _LITERAL_RE.sub(lambda found: _LITERAL[found.group()], kept)
    if not lines:
        return " ".join(escaped.split())
    joined = "\n".join(line.rstrip() for line in escaped.split("\n"))
    return _AT_LINE_START.sub(r"\1{@}", joined).strip()


def literal_text(value: str) -> str:
    """The text :func:`bibtex_literal` wrote as ``value``."""
    return _UNLITERAL_RE.sub(lambda found: _UNLITERAL[found.group()], value)


#: where tuireader's keywords begin in a ``keywords`` value
_STATE_AT = re.compile(r"(?:^|,)\s*" + re.escape(STATE_PREFIX), re.IGNORECASE)


def is_own_bibtex(text: str) -> bool:
    """True for the text of tuireader's BibTeX export (it starts with :data:`MARK`)."""
    return text.lstrip("\ufeff \t\r\n")[: len(MARK)].lower() == MARK.lower()


def own_bibtex(result: ReadResult) -> ReadResult:
    """The records of tuireader's BibTeX export as the papers it was made of: without
    the triage it carries, and each known by its source id as it was."""
    records: list[Record] = []
    scopes: list[str | None] = []
    for record in result.records:
        record, scope = _own_record(record)
        records.append(record)
        scopes.append(scope)
    return replace(result, records=tuple(records), scopes=tuple(scopes) if any(scopes) else ())


def _own_record(record: Record) -> tuple[Record, str | None]:
    entry = record.source_entry
    if entry is None:
        return record, None
    scope = source_id = None
    source = literal_text(entry.get(SOURCE_FIELD) or "")
    if "#" in source:
        scope, _, source_id = (part.strip() for part in source.partition("#"))
    fields: list[tuple[str, str]] = []
    for name, value in entry.fields:
        folded = name.lower()
        if folded in (NOTE_FIELD, SOURCE_FIELD, OTHER_DOIS_FIELD):
            continue
        if folded == "keywords":
            value = _own_keywords(value)
            if not value:
                continue
        fields.append((name, value))
    keywords = record.keywords
    cut = next(
        (n for n, word in enumerate(keywords) if word.casefold().startswith(STATE_PREFIX)),
        len(keywords),
    )
    others = plain_dois(entry.get(OTHER_DOIS_FIELD))
    return (
        replace(
            record,
            keywords=keywords[:cut],
            other_dois=tuple(
                doi for doi in dict.fromkeys((*record.other_dois, *others)) if doi != record.doi
            ),
            source_id=source_id or record.source_id,
            source_entry=SourceEntry(entry.key, entry.entry_type, tuple(fields), entry.dialect),
        ),
        scope or None,
    )


def _own_keywords(value: str) -> str:
    """A ``keywords`` value without tuireader's keywords (the state's and after)."""
    found = _STATE_AT.search(value)
    return value[: found.start()].strip().rstrip(",").strip() if found else value
