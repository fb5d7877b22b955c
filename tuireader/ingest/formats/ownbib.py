"""tuireader's own BibTeX export, read back as the papers it was made of.

The export is a BibTeX file for reference managers: each entry carries its paper's
triage where Zotero and JabRef look for it (``keywords``: the state as
``tuireader:kept``, none for a new paper, and the tags, after the entry's own keywords;
``annote``: the note, after the entry's own annote), and, where the entry's key and
venue would not say it, the paper's own id in its source as ``tuireader-source = {list
or venue#id}``. What tells the triage from the entry's own: the state's keyword, where
tuireader's keywords begin, else ``tuireader-tags`` (the tags the keywords end with), and
``tuireader-annote`` (the entry's own annote, where it has one). The DOIs the paper's
source gives after its own are ``tuireader-other-dois``, and its links, where the entry
would not give them as they are (a code link, a page of its own), ``tuireader-links``,
each after the field it came from (``url https://…, code_urls https://…``). The file
starts with :data:`MARK`. A detached mark's entry (its paper in none of the lists the
export was made from, written with what the triage file keeps of it) has
``tuireader-detached = {true}``, and is no paper of the file read as a list. The
decision that accepted a paper ("Oral", "Poster") is the last part of its entry's
``note`` (:func:`decision_read`). The export's BibLaTeX is the same, in BibLaTeX's fields.

Read back, the triage is the triage file's, not the paper's: the keywords from the state
keyword on (or the tags the keywords end with), the note, and tuireader's own fields are
taken out of the record and its entry (a citation of the paper never carries the user's
note), the entry's own annote is its ``annote`` again, and the paper is known by its
source id as it was (``ReadResult.scopes``), so it keeps its id, and has the links it
had. :func:`own_triage` gives the triage an entry carries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tuireader.ingest.formats.bibtex import keyword_list
from tuireader.ingest.formats.common import ReadResult, given_id_texts, plain_dois
from tuireader.model import TALK_KINDS, Link, Problem, Record, SourceEntry
from tuireader.render.safetext import valid, without_unsafe

__all__ = [
    "DETACHED_FIELD",
    "ID_COMMENT",
    "LINKS_FIELD",
    "LIST_KEYWORDS_FIELD",
    "MARK",
    "NOTE_FIELD",
    "OTHER_DOIS_FIELD",
    "OWN_NOTE_FIELD",
    "SOURCE_FIELD",
    "STATE_PREFIX",
    "TAGS_FIELD",
    "TAG_NAMES_FIELD",
    "TLDR_FIELD",
    "abstract_literal",
    "abstract_text",
    "bibtex_literal",
    "decision_read",
    "detached_said",
    "is_detached",
    "is_own_bibtex",
    "links_value",
    "literal_text",
    "own_bibtex",
    "own_triage",
    "with_links",
    "without_derived_page",
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
#: the field of a new paper's tags, as the entry's ``keywords`` ends with them: no
#: state's keyword says where they begin.
TAGS_FIELD = "tuireader-tags"
#: the field of the tags as the user wrote them, where a keyword does not give one
#: (a ``;`` or ``,`` of a tag is a space in its keyword): each after ``; ``, one that
#: holds a ``;`` or a ``"`` in double quotes (``triage.export.tags_cell``).
TAG_NAMES_FIELD = "tuireader-tag-names"
#: the field of the entry's own annote, written beside it: read back, what ``annote``
#: holds after it is the user's note.
OWN_NOTE_FIELD = "tuireader-annote"
#: the field of the DOIs the paper's source gives after its own (an erratum's), a space
#: between them, that the entry's ``doi`` does not give.
OTHER_DOIS_FIELD = "tuireader-other-dois"
#: the field of the paper's links, each after the field it came from (``url https://…,
#: code_urls https://…``), where the entry read back would not give them as they are.
LINKS_FIELD = "tuireader-links"
#: the field of an entry the export gave keywords its citation gives none of
#: (``tuireader-list-keywords = {true}``): its ``keywords`` give the paper's own (its
#: list's: IEEE's, Scopus's, OpenReview's) before the triage's; read back, the paper
#: has them again, and its citation, made for it as before, gives none.
LIST_KEYWORDS_FIELD = "tuireader-list-keywords"
#: the field of the paper's TL;DR (OpenReview's one-line summary), named as the lists
#: name it: BibTeX and biber skip a field they do not know, JabRef and Zotero (in
#: Extra) keep it, where in ``note`` every bibliography would print it; read back, the
#: paper has it again, and its citation gives none.
TLDR_FIELD = "tldr"
#: the field of an entry that is a detached mark's (``tuireader-detached = {true}``): a
#: mark whose paper is in none of the lists the export was made from, written with what
#: the triage file keeps of its paper (its title, its first author's family name, its
#: year). Read as a list, the export has no paper of it (the paper is another list's,
#: whose authors are all there); ``tuireader import`` takes its mark.
DETACHED_FIELD = "tuireader-detached"
#: what starts the comment the export writes before each entry: its key and its paper's
#: id in tuireader (``@comment{tuireader-id: key id}``)
ID_COMMENT = "tuireader-id:"
_ID_COMMENT_LINE = re.compile(
    r"^@comment\{" + re.escape(ID_COMMENT) + r" ([^\s{}]+) ([^\s{}]+)\}\r?$",
    re.MULTILINE | re.IGNORECASE,
)
#: the fields only tuireader's export writes: never the paper's
_OWN_FIELDS = frozenset(
    {
        SOURCE_FIELD,
        TAGS_FIELD,
        TAG_NAMES_FIELD,
        OWN_NOTE_FIELD,
        OTHER_DOIS_FIELD,
        LINKS_FIELD,
        DETACHED_FIELD,
        LIST_KEYWORDS_FIELD,
        TLDR_FIELD,
    }
)

#: BibTeX's and LaTeX's special characters, each as the text it is
_LITERAL = {
    "\\": r"\textbackslash{}",
    # a brace escaped as \{ still counts as one to BibTeX, which closes the field at it
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
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
#: read back, an export's text as written now, and as earlier exports wrote braces
_UNLITERAL = {written: char for char, written in _LITERAL.items()} | {
    "{@}": "@",
    r"\{": "{",
    r"\}": "}",
}
_UNLITERAL_RE = re.compile("|".join(map(re.escape, sorted(_UNLITERAL, key=len, reverse=True))))


def bibtex_literal(text: str, *, lines: bool = False) -> str:
    """``text`` (a tag, a note, a list's name: words, not LaTeX) as a BibTeX value that
    shows it as it is: every special character escaped, so no brace closes the field
    and no backslash starts a command. Characters no citation shows (controls, bidi,
    invisible) are left out; runs of space become one, or, with ``lines``, line breaks
    are kept, and an ``@`` that starts a line is braced (``{@}``: BibTeX readers take it
    for the start of an entry)."""
    text = valid(text).replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    # one pattern over the text: a test of each character took a tenth of a BibTeX export
    kept = without_unsafe(text)
    escaped = _LITERAL_RE.sub(lambda found: _LITERAL[found.group()], kept)
    if not lines:
        return " ".join(escaped.split())
    joined = "\n".join(line.rstrip() for line in escaped.split("\n"))
    return _AT_LINE_START.sub(r"\1{@}", joined).strip()


def literal_text(value: str) -> str:
    """The text :func:`bibtex_literal` wrote as ``value``."""
    return _UNLITERAL_RE.sub(lambda found: _UNLITERAL[found.group()], value)


#: the lines of the ``note`` of an item of tuireader's CSL-JSON export that say who its
#: paper is (``triage.export.csl_triage`` writes them; Zotero keeps them in Extra): the
#: paper's links (as :func:`links_value` writes them), where the item's ``URL`` does not
#: give them, then the key its id comes from, where the item gives it nowhere (its
#: ``id`` is its citation key), then, last, its id in tuireader
CSL_LINKS_LINE = "tuireader-links: "
CSL_KEY_LINE = "tuireader-key: "
CSL_ID_LINE = "tuireader-id: "
#: the lines of the ``note`` of an item of tuireader's CSL-JSON export (and the ``N1``
#: of a record of its RIS export, one each) that give what neither format has a field
#: for: the paper's arXiv primary class ("hep-ph"), its journal reference as its
#: source writes it ("Phys.Rev.D76:013009,2007") and its TL;DR (OpenReview's one-line
#: summary); read back, the paper has them again
DETAIL_LINES = {
    "arxiv_class": "tuireader-arxiv-class: ",
    "journal_ref": "tuireader-journal-ref: ",
    "tldr": "tuireader-tldr: ",
}


def detail_lines(
    arxiv_class: str | None, journal_ref: str | None, tldr: str | None = None
) -> list[str]:
    """The lines of :data:`DETAIL_LINES` that give ``arxiv_class``, ``journal_ref`` and
    ``tldr``, each on one line (one that cannot be is left out)."""
    given = {"arxiv_class": arxiv_class, "journal_ref": journal_ref, "tldr": tldr}
    lines = []
    for name, start in DETAIL_LINES.items():
        value = " ".join((given[name] or "").split())
        if value and valid(value) == value:
            lines.append(start + value)
    return lines


def is_detail_line(line: str) -> bool:
    """Whether ``line`` is one of :data:`DETAIL_LINES` (indented or not)."""
    return any(is_csl_line(line, start) for start in DETAIL_LINES.values())


def details_given(lines: Iterable[str]) -> dict[str, str]:
    """What the lines of :data:`DETAIL_LINES` among ``lines`` give, by field name (the
    last such line of each)."""
    found: dict[str, str] = {}
    for line in lines:
        for name, start in DETAIL_LINES.items():
            if is_csl_line(line, start):
                value = line.strip().removeprefix(start).strip()
                if value:
                    found[name] = value
    return found


def is_csl_line(line: str, start: str) -> bool:
    """Whether ``line`` of a CSL-JSON item's ``note`` is the line ``start`` begins (one
    of :data:`CSL_LINKS_LINE`, :data:`CSL_KEY_LINE`, :data:`CSL_ID_LINE`), indented or
    not (as a reference manager may write it back)."""
    return line.strip().startswith(start)


def csl_line_value(note: object, start: str) -> str | None:
    """What the last line of ``note`` (a CSL-JSON item's) that ``start`` begins gives
    (:func:`is_csl_line`); None for no such line, or one that gives nothing."""
    if not isinstance(note, str) or start.strip() not in note:
        return None
    for line in reversed(note.split("\n")):
        if is_csl_line(line, start):
            value = line.strip().removeprefix(start).strip()
            if value:
                return value
    return None


def abstract_literal(text: str) -> str:
    """An abstract as the export writes it, as a citation writes a title
    (:func:`~tuireader.render.citations.bibtex_escape`): what is LaTeX already stays
    LaTeX (``$\\alpha_p(E_{0+})$``, ``80\\%``, ``\\emph{…}``), plain text's specials
    outside math are escaped once (``&``, ``%``, ``_``, ``#``, a price's ``$``), and
    Greek letters and math symbols are LaTeX (``$\\beta$``, ``$\\leq$``, ``$^{2}$``),
    where pdflatex would stop at them. The abstract's own math that reads as such a
    letter or symbol (``$\\sigma$``) is braced, ``{$\\sigma$}``, which LaTeX shows as
    it was: :func:`abstract_text` reads it back as it was, not as ``σ``."""
    from tuireader.render.citations import bibtex_escape, text_math_read

    if "$" in text:
        text = _MATH_SPAN.sub(
            lambda found: (
                f"{{{found.group()}}}" if text_math_read(found.group()) else found.group()
            ),
            text,
        )
    return bibtex_escape(text)


#: a piece of math in an abstract: ``$…$``
_MATH_SPAN = re.compile(r"(?<!\\)\$[^$]+\$")
#: what :func:`abstract_text` reads: an escape (plain text's specials, and every special
#: as earlier exports wrote it, the text's own ``\$`` first), or a piece of math, kept
#: as written (the braces about the abstract's own, :func:`abstract_literal`'s, taken
#: off) unless it is one :func:`abstract_literal` wrote for Greek letters or symbols,
#: or a letter it wrote
_ABSTRACT_UNLITERAL = _UNLITERAL | {r"\textless{}": "<", r"\textgreater{}": ">"}
_ABSTRACT_READ_RE = re.compile(
    "|".join(map(re.escape, sorted(_ABSTRACT_UNLITERAL, key=len, reverse=True)))
    + r"|\{\$[^$]+\$\}|\$[^$]+\$|\{\\[ij]\}"
)


def abstract_text(value: str) -> str:
    """The abstract :func:`abstract_literal` wrote as ``value`` (and earlier exports,
    which escaped every special, or left Greek letters and symbols as they are): its
    escapes outside math as the characters they stand for, its math as written, but
    for a paper's own command the export spelled out as its name
    (``$\\backslash\\mathrm{XQM}$``), which is the command again (``$\\XQM$``), as
    a citation's title reads."""
    if "$" not in value and "{\\" not in value and "\\text" not in value:
        return literal_text(value)
    from tuireader.render.citations import spelled_commands_read, text_math_read

    def read(found: re.Match[str]) -> str:
        written = found.group()
        if written in _ABSTRACT_UNLITERAL:
            return _ABSTRACT_UNLITERAL[written]
        if written[:2] == "{$":
            # the abstract's own math, braced by the export only where it reads as a
            # letter or symbol; other braces are the abstract's own
            if text_math_read(written[1:-1]):
                return written[1:-1]
            return spelled_commands_read(written)
        return text_math_read(written) or spelled_commands_read(written)

    return _ABSTRACT_READ_RE.sub(read, value)


#: where tuireader's keywords begin in a ``keywords`` value
_STATE_AT = re.compile(r"(?:^|,)\s*" + re.escape(STATE_PREFIX), re.IGNORECASE)


def is_own_bibtex(text: str) -> bool:
    """True for the text of tuireader's BibTeX export (it starts with :data:`MARK`)."""
    return text.lstrip("\ufeff \t\r\n")[: len(MARK)].lower() == MARK.lower()


def detached_said(count: int) -> str:
    """What a list reader says of the ``count`` detached marks of an export it skipped
    (:data:`DETACHED_FIELD`, and a JSON or CSV export's ``detached``), once a file."""
    if count == 1:
        return (
            "1 mark of a paper in none of the lists it was exported from is not a paper "
            "of this list (tuireader import takes it)"
        )
    return (
        f"{count:,} marks of papers in none of the lists it was exported from are not "
        "papers of this list (tuireader import takes them)"
    )


def is_detached(entry: SourceEntry | None) -> bool:
    """Whether ``entry`` of tuireader's BibTeX export is a detached mark's
    (:data:`DETACHED_FIELD`)."""
    value = entry.get(DETACHED_FIELD) if entry is not None else None
    return value is not None and value.strip().lower() == "true"


def own_bibtex(result: ReadResult, text: str = "", *, keep_detached: bool = False) -> ReadResult:
    """The records of tuireader's BibTeX export as the papers it was made of: without
    the triage it carries, and each known by its source id as it was. ``text``, the
    export's, gives each paper's id (:data:`ID_COMMENT`): a paper that had no id of its
    own in its list is known by its title again, not by the key its citation was given.

    A detached mark's entry (:data:`DETACHED_FIELD`) is no paper of the export's lists:
    it is left out and said, unless ``keep_detached`` (``tuireader import``, which takes
    its mark and finds its paper by it)."""
    records: list[Record] = []
    scopes: list[str | None] = []
    skipped = 0
    for record in result.records:
        if not keep_detached and is_detached(record.source_entry):
            skipped += 1
            continue
        record, scope = _own_record(record)
        records.append(record)
        scopes.append(scope)
    given = _given_ids(text)
    id_texts: list[str | None] = []
    if given:
        records = _unkeyed(records, scopes, given, result.name)
        ids = [given.get(r.source_entry.key) if r.source_entry else None for r in records]
        id_texts = given_id_texts(records, scopes, ids, result.name)
    problems = result.problems
    if skipped:
        # nothing else read: the file gave no paper, which is said as an error is
        said = Problem(result.path, detached_said(skipped), "warning" if records else "error")
        problems = (*problems, said)
    return replace(
        result,
        problems=problems,
        records=tuple(records),
        scopes=tuple(scopes) if any(scopes) else (),
        id_texts=tuple(id_texts) if any(id_texts) else (),
    )


def _given_ids(text: str) -> dict[str, str]:
    """Each entry's key and its paper's id, as the comments before the entries give them."""
    return dict(_ID_COMMENT_LINE.findall(text)) if ID_COMMENT in text else {}


def _unkeyed(
    records: list[Record], scopes: list[str | None], given: dict[str, str], name: str
) -> list[Record]:
    """``records``, those that had no id of their own in their list without the one
    their entry's key gave them. The BibTeX reader takes an entry's key for its id in
    the file (a database's key names the paper there), but an export's key was made for
    a paper known by its title, or by its abstract alone (a plain-text list's), whose
    id the key would change. Where the id the export gives is the one the paper has
    without the key, and not the one the key gives, the key is no id of the paper's;
    where it is the one its abstract alone gives, its title was derived from the
    abstract (and is derived again). Papers that share a title are numbered as the
    library numbers them (``title#2``)."""
    from tuireader.ingest.identity import digest, identify, normalise_text

    def text_of(record: Record, scope: str) -> str:
        strongest = identify(record, scope).strongest
        return str(strongest) if strongest is not None else normalise_text(record.abstract)

    def gives(text: str, paper_id: str) -> bool:
        return digest(text).startswith(paper_id)

    bare: dict[int, tuple[Record, str, str]] = {}
    for number, record in enumerate(records):
        entry = record.source_entry
        paper_id = given.get(entry.key) if entry is not None else None
        if (
            paper_id is None
            or entry is None
            or record.source_id != entry.key
            or scopes[number] is not None
            or gives(text_of(record, record.venue or name), paper_id)
        ):
            continue
        unkeyed = replace(record, source_id=None)
        untitled = replace(unkeyed, title=None)
        if record.abstract.strip() and gives(text_of(untitled, ""), paper_id):
            unkeyed = untitled
        bare[number] = (unkeyed, text_of(unkeyed, ""), paper_id)
    seen: dict[str, int] = {}
    for _record, text, _paper_id in bare.values():
        seen[text] = seen.get(text, 0) + 1
    out = list(records)
    for number, (unkeyed, text, paper_id) in bare.items():
        shapes = [text, *(f"{text}#{count}" for count in range(2, seen[text] + 1))]
        if any(gives(shape, paper_id) for shape in shapes):
            out[number] = unkeyed
    return out


def own_triage(entry: SourceEntry) -> tuple[str, tuple[str, ...], str]:
    """The triage an entry of tuireader's BibTeX export carries: the state as its
    keyword names it ("kept", "skipped"; "new" where none does), the tags and the note,
    as the user wrote them."""
    carried = _carried(entry)
    return carried.state, carried.tags, carried.note


@dataclass(frozen=True, slots=True)
class _Carried:
    """An entry of the export, parted into the paper's and the triage's."""

    #: the entry's own fields, in file order (its own ``keywords`` and ``annote`` too)
    fields: tuple[tuple[str, str], ...]
    #: the entry's own keywords value, where the triage's were taken out of it
    keywords: str | None
    state: str
    tags: tuple[str, ...]
    note: str


def _carried(entry: SourceEntry) -> _Carried:
    """``entry`` parted: the triage's keywords (from the state's keyword on, else the
    tags of ``tuireader-tags`` the value ends with) and note (after the entry's own
    annote, ``tuireader-annote``, where it has one), and tuireader's own fields, are
    taken out."""
    own_note = entry.get(OWN_NOTE_FIELD)
    tagged = entry.get(TAGS_FIELD)
    state, note = "new", ""
    tags: tuple[str, ...] = ()
    keywords: str | None = None
    fields: list[tuple[str, str]] = []
    for name, value in entry.fields:
        folded = name.lower()
        if folded == OWN_NOTE_FIELD and entry.get(NOTE_FIELD) is None:
            name, folded = NOTE_FIELD, NOTE_FIELD  # the note's field was taken out since
        elif folded in _OWN_FIELDS:
            continue
        elif folded == NOTE_FIELD:
            note = value
            if own_note is None:
                continue
            note = value[len(own_note) :] if value.startswith(own_note) else ""
            value = own_note
        elif folded == "keywords":
            own, state, tags = _own_keywords(value, tagged)
            if own != value:
                keywords = own
            if not own:
                continue
            value = own
        fields.append((name, value))
    return _Carried(
        tuple(fields),
        keywords,
        state,
        tuple(literal_text(tag) for tag in tags),
        literal_text(note.strip()),
    )


def decision_read(entry: SourceEntry) -> tuple[SourceEntry, str | None]:
    """The decision that accepted the paper of ``entry`` of the export ("Oral",
    "Poster", "Accept (Poster)"), the last part of its ``note`` ("; " between them),
    where the export writes it as it does a submission's status
    (``triage.export._with_decision``), and the entry without it: its note its own, or
    none where it had none. ``(entry, None)`` for an entry whose note ends in no such
    decision."""
    from tuireader.render.citations import accepted_decision, bibtex_unescape

    note = entry.get("note")
    if not note:
        return entry, None
    *own, last = note.split("; ")
    decision = accepted_decision(" ".join(bibtex_unescape(last).split()))
    if decision is None:
        return entry, None
    rest = "; ".join(own)
    fields = tuple(
        (name, rest if name.lower() == "note" else value)
        for name, value in entry.fields
        if rest or name.lower() != "note"
    )
    return replace(entry, fields=fields), decision


def _own_record(record: Record) -> tuple[Record, str | None]:
    entry = record.source_entry
    if entry is None:
        return record, None
    entry, decision = decision_read(entry)
    scope = source_id = None
    source = literal_text(entry.get(SOURCE_FIELD) or "")
    if "#" in source:
        scope, _, source_id = (part.strip() for part in source.partition("#"))
    carried = _carried(entry)
    keywords = record.keywords
    if carried.keywords is not None:  # as the BibTeX reader reads the entry's own
        words = keyword_list(" ".join(carried.keywords.split()))
        keywords = tuple(dict.fromkeys(word for word in words if word))
    # the export writes the paper's abstract as a citation writes a title: read as
    # LaTeX (its escapes undone, its groups' braces dropped), it would lose its braces
    abstract = entry.get("abstract")
    if abstract is not None:
        record = replace(record, abstract=" ".join(abstract_text(abstract).split()))
    tldr = " ".join(literal_text(entry.get(TLDR_FIELD) or "").split())
    if tldr:
        record = replace(record, tldr=tldr)
    record = without_derived_page(_as_text(record))
    others = plain_dois(entry.get(OTHER_DOIS_FIELD))
    links = entry.get(LINKS_FIELD)
    if links is not None:
        record = with_links(record, literal_text(links))
    record = _as_referenced(_as_submitted(record, entry), entry)
    fields = carried.fields
    if entry.get(LIST_KEYWORDS_FIELD) is not None:
        # the list's keywords, the paper's, which no entry of its own gave
        fields = tuple(field for field in fields if field[0].lower() != "keywords")
    return (
        replace(
            record,
            keywords=keywords,
            other_dois=tuple(
                doi for doi in dict.fromkeys((*record.other_dois, *others)) if doi != record.doi
            ),
            source_id=source_id or record.source_id,
            source_entry=replace(entry, fields=fields),
            status=record.status or decision,
        ),
        scope or None,
    )


def _as_submitted(record: Record, entry: SourceEntry) -> Record:
    """``record`` as the submission not published its entry says it is: a ``@misc`` or
    ``@unpublished`` whose ``note`` gives its status as its citations write it (the
    status BibLaTeX and Zotero keep there, as in the reference styles print it)
    ("Submitted to ICLR 2024 (Reject)", ``citations.submission_read``), as RIS's ``M3``
    and CSL's ``genre`` give it, has the venue it was submitted to and the decision
    again, and is cited as it was; read back without them, it was cited as a work
    published on OpenReview."""
    from tuireader.render.citations import submission_read

    if record.status or entry.entry_type.lower() not in ("misc", "unpublished"):
        return record
    # the note's parts: a journal reference, the status, what the citation lacks
    # ("authors unknown"), a "; " between them (``citations._missing_note``)
    parts = (entry.get("note") or "").split("; ")
    submitted = next(filter(None, map(submission_read, parts)), None)
    if submitted is None:
        return record
    venue, status = submitted
    return replace(record, venue=venue or record.venue, status=status, entry_type=None)


#: what a citation's ``note`` says after a journal reference of what it lacks
#: (``citations._missing_note``)
_LACKING_NOTES = frozenset(
    {"Title not known", "Title derived from the abstract", "authors unknown", "Authors unknown"}
)


def _as_referenced(record: Record, entry: SourceEntry) -> Record:
    """``record`` with the journal reference its entry's ``note`` gives before what its
    citation lacks, where the paper is an arXiv preprint of no journal or proceedings
    the entry names (arXiv's ``journal-ref``: "Illinois J. Math. 52 (2008) no.2,
    681-689"), as its citations give it: read back without it, it was cited as a
    preprint of arXiv's."""
    from tuireader.render.citations import submission_read

    note = entry.get("note")
    if record.journal_ref or record.status or not note or not entry.get("eprint"):
        return record
    if any(entry.get(name) for name in ("journal", "journaltitle", "booktitle")):
        return record
    parts = note.split("; ")
    while parts and (parts[-1] in _LACKING_NOTES or submission_read(parts[-1])):
        parts.pop()
    reference = " ".join(literal_text("; ".join(parts)).split())
    return replace(record, journal_ref=reference) if reference else record


def without_derived_page(record: Record) -> Record:
    """``record`` (an entry of the export) without its ``url`` where that is the address
    of its DOI or of its arXiv id: a citation gives a paper's DOI or eprint so, and
    read back it was the paper's own page (a link of origin ``url``, first), where the
    paper had it of its DOI or arXiv id alone. The entry's ``doi`` and ``eprint`` give
    the link again; a paper whose own page it was has it so in :data:`LINKS_FIELD`."""
    if not (record.url and (record.doi or record.arxiv_id)):
        return record
    from tuireader.ingest.links import url_key

    derived = {
        url_key(f"https://doi.org/{record.doi}") if record.doi else "",
        url_key(f"https://arxiv.org/abs/{record.arxiv_id}") if record.arxiv_id else "",
    }
    return replace(record, url=None) if url_key(record.url) in derived else record


def _as_text(record: Record) -> Record:
    """``record``'s title, authors and venue as plain text, as the paper had them: the
    export's escapes (``O{\\textquoteright}Connor``, ``z\\textasciitilde{}2.56``) as the
    characters they stand for, where the BibTeX reader keeps a source's commands as
    written; math stays as written (``$\\alpha$``)."""
    from tuireader.render.citations import bibtex_unescape

    def text(value: str | None) -> str | None:
        return " ".join(bibtex_unescape(value).split()) or None if value else value

    return replace(
        record,
        title=text(record.title),
        authors=tuple(filter(None, map(text, record.authors))),
        venue=text(record.venue),
        journal=text(record.journal),
        booktitle=text(record.booktitle),
    )


#: the fields a paper's link may come from that :data:`LINKS_FIELD` gives again as they
#: were; the others (a DOI's page, an arXiv id's) come of the entry's ``doi`` and
#: ``eprint`` again.
_ONE_LINK_FIELDS = ("url", "pdf", "openreview")
_DERIVED_ORIGINS = frozenset({"doi", "arxiv"})
_NAMED_ORIGINS = frozenset({*_ONE_LINK_FIELDS, *_DERIVED_ORIGINS})
#: the word before a link the paper's abstract mentions, written apart from its own:
#: read back, it is found in the abstract again, never the record's
TEXT_WORD = "text"
#: the words a link of :data:`LINKS_FIELD` follows: those origins, a kind, or
#: :data:`TEXT_WORD`
_LINK_WORDS = _NAMED_ORIGINS | {"code", "paper", "project", *TALK_KINDS, TEXT_WORD}
#: where one link of :data:`LINKS_FIELD` ends (no address holds a space)
_LINK_SEPARATOR = re.compile(r",\s+")


def links_value(links: tuple[Link, ...]) -> str:
    """The text of :data:`LINKS_FIELD` for a paper's ``links``, a comma between them:
    its page, PDF and forum each after the field it came from (``url``, ``pdf``,
    ``openreview``), those of its DOI and arXiv id after ``doi`` and ``arxiv``, one its
    abstract mentions after :data:`TEXT_WORD` (``text``: no link of the record's own),
    any other after its kind (``code``, ``project``, ``paper``: a further page;
    ``video``, ``slides``, ``poster``: its talk's)."""
    return ", ".join(f"{_link_word(link)} {link.url}" for link in links)


def _link_word(link: Link) -> str:
    """The word :func:`links_value` writes before ``link``."""
    if link.origin in _NAMED_ORIGINS:
        return link.origin
    return TEXT_WORD if link.origin == "text" else link.kind


def with_links(record: Record, value: str) -> Record:
    """``record`` with the links ``value`` gives (as :func:`links_value` wrote it: a
    BibTeX export's :data:`LINKS_FIELD`, a CSV export's ``links``) in place of those of
    its entry's fields (its row's columns): its page, PDF
    and forum as they were, a talk's video, slides and poster as such, and every other
    link a code link where it is one, else a project link (a record has one page: a
    further one is one). A link of the entry's
    DOI or arXiv id comes of them again, and an arXiv page of the record's own, a
    further one too, gives its arXiv id, as it gave the paper's id. A link its abstract mentions (``text``) is
    found in the record's abstract again; one the abstract is not there to give (an
    export that leaves it out) is the record's :attr:`~Record.mentioned_urls`, a link
    of the abstract's still, never its own. A value that gives no link (edited by hand)
    leaves the entry's own."""
    from tuireader.ingest.formats.common import arxiv_from_url, openreview_id_of
    from tuireader.ingest.links import classify, extract_urls, url_key

    one: dict[str, str] = {}
    # the arXiv id a page of the record's own gives, a further one too (a proceedings
    # paper's arXiv page beside its page there): the paper's id came of it
    arxiv_id = record.arxiv_id
    code: list[str] = []
    projects: list[str] = []
    talks: list[tuple[str, str]] = []
    mentioned: list[str] = []
    in_text: set[str] | None = None
    for part in _LINK_SEPARATOR.split(value.strip()):
        origin, _, url = part.strip().partition(" ")
        url = url.strip()
        if not url or origin not in _LINK_WORDS or origin in _DERIVED_ORIGINS:
            continue
        if origin in _ONE_LINK_FIELDS:
            arxiv_id = arxiv_id or arxiv_from_url(url)
        if origin == TEXT_WORD:
            if in_text is None:
                in_text = {url_key(found) for found in extract_urls(record.abstract)}
            if url_key(url) not in in_text:
                mentioned.append(url)
        elif origin in _ONE_LINK_FIELDS and origin not in one:
            one[origin] = url
        elif origin in TALK_KINDS:
            talks.append((origin, url))
        else:
            (code if classify(url) == "code" else projects).append(url)
    if not (one or code or projects or talks or in_text is not None):
        return record  # a value edited into none: the entry's own links stay
    openreview = one.get("openreview")
    return replace(
        record,
        url=one.get("url"),
        pdf=one.get("pdf"),
        openreview=openreview,
        openreview_id=record.openreview_id or openreview_id_of(openreview),
        arxiv_id=arxiv_id,
        code_urls=tuple(code),
        project_urls=tuple(projects),
        talk_urls=tuple(talks),
        mentioned_urls=tuple(mentioned),
    )


def _own_keywords(value: str, tagged: str | None) -> tuple[str, str, tuple[str, ...]]:
    """A ``keywords`` value parted: the entry's own, the state, and the tags as written.
    The triage's keywords are those from the state's keyword on, else the tags of
    ``tuireader-tags`` where the value ends with them; none in any other value."""
    found = _STATE_AT.search(value)
    if found:
        own = value[: found.start()].strip().rstrip(",").strip()
        words = _words(value[found.end() :])
        return own, words[0] if words else "new", tuple(words[1:])
    tags = _words(tagged or "")
    cuts = [mark.start() for mark in re.finditer(r"[,;]", value)]
    if not tags or len(cuts) < len(tags) - 1:
        return value, "new", ()
    at = cuts[-len(tags)] if len(cuts) >= len(tags) else -1
    if _words(value[at + 1 :]) != tags:
        return value, "new", ()
    return value[: max(at, 0)].strip(), "new", tuple(tags)


def _words(value: str) -> list[str]:
    """The keywords of a ``keywords`` value, as written."""
    return [" ".join(word.split()) for word in re.split(r"[,;]", value) if word.strip()]
