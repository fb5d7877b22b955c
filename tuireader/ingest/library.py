"""Build the Library: read every input, merge repeats into one paper, give each an id.

A paper is who its strongest key says (``tuireader.ingest.identity``): a DOI, an arXiv
id, an OpenReview id, a proceedings key, else its title and first author, and its
abstract only in plain-text lists that give nothing else. Records of several lists that
are one paper become one paper that knows every list. Every field a ``Record`` shares
with ``Paper`` is copied by name, the first record with a value giving it, except the
decision (``status``): the most notable one of the records is kept (oral over spotlight
over poster, see ``status_rank``); and the paper's text (``TEXT_FIELDS``: title,
authors, abstract, TL;DR), which is the last list's to give another one (an edited copy
of a list, or a list scraped again, read after the one before).

The id is short (8 lowercase base32 characters of the SHA-1 of the strongest key's
text; for a paper with only an abstract, of the normalised abstract, as ids always were
for plain-text lists), the same on every run of the same lists, and independent of where
the paper sits in its file. Lists read together may know a paper by a stronger key than
one of them alone does, and give it that key's id: the ids its lists give it alone are
kept as its aliases (``Paper.aliases``), and no paper's id is another paper's alias.
``load_library`` never raises: whatever goes wrong with an input becomes a ``Problem``
and the other inputs still load.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tuireader.ingest.identity import (
    IDENTIFIER_NAMES,
    STRONG_KINDS,
    Identity,
    Key,
    digest,
    given_keys,
    identify,
    is_placeholder_phrase,
    key_words,
    normalise_doi,
    normalise_text,
    same_paper,
    stub_of_same_paper,
    title_key,
    told_apart,
    unaccented,
)
from tuireader.ingest.links import merge_links, merge_unsafe, record_links, record_unsafe_links
from tuireader.ingest.readers import ReadResult, Record, read_file
from tuireader.ingest.sources import expand_sources, stream_word, streamed
from tuireader.model import Library, Link, Paper, PaperList, Problem, SourceEntry
from tuireader.render.safetext import unsafe_link_reason
from tuireader.system.listnames import names_apart, numbered
from tuireader.system.memory import LARGE, release_freed_memory

if TYPE_CHECKING:
    from tuireader.ingest.cache import Cache, FileState, ParsedList

__all__ = [
    "COPIED_FIELDS",
    "EXTEND_ID_BY",
    "ID_LENGTH",
    "TEXT_FIELDS",
    "expand_sources",
    "load_library",
    "normalise_text",
    "paper_id",
    "same_text",
    "status_rank",
    "text_differences",
]

#: Characters in a paper id. Two papers whose ids would collide get longer ids.
ID_LENGTH = 8
#: How many characters a colliding id grows by at a time.
EXTEND_ID_BY = 4

_digest = digest

#: papers sharing one abstract (or title) beyond which it identifies none of them: a
#: record is then matched by its other keys only (2,000 records whose abstract is
#: "Withdrawn" took 50 s to read, each compared with every one before it).
CROWD = 16


def _identity(abstract: str, title: str | None) -> str:
    """The text an abstract-derived id comes from: the abstract, else the title, normalised."""
    if abstract.strip():
        return normalise_text(abstract)
    return normalise_text(title or "")


def paper_id(abstract: str, title: str | None = None) -> str:
    """The abstract-derived id of a paper with this abstract (or, without one, this title).

    This is the id of a paper that has nothing but an abstract (plain-text lists), and
    it was every paper's id before ids came from keys: the triage store uses it to find
    the paper an old mark belongs to. Within a library, an id that collides with another
    paper's is made longer; this function gives the usual, unextended form.
    """
    return _digest(_identity(abstract, title))[:ID_LENGTH]


# --------------------------------------------------------------------------- sources


# --------------------------------------------------------------------------- merging

#: Paper fields the merger sets itself; every other field a Record shares with Paper is
#: copied from the records, the first record that has a value giving it (the status: the
#: most notable one, see ``status_rank``).
_OWN_FIELDS = frozenset({"id", "lists", "links", "order", "title_derived", "metadata_source"})
_PAPER_FIELDS = frozenset(item.name for item in fields(Paper))
#: Record fields that reach the Paper field of the same name.
COPIED_FIELDS: tuple[str, ...] = tuple(
    item.name for item in fields(Record) if item.name in _PAPER_FIELDS - _OWN_FIELDS
)


#: Paper fields whose values recur from paper to paper (a list's venue, its year): each
#: value is one object, shared by the papers that have it, as a library read from the
#: cache has them (at 100,000 papers of one venue, 8 MB less).
_RECURRING = (
    "venue",
    "year",
    "entry_type",
    "journal",
    "booktitle",
    "publisher",
    "status",
    "track",
    "primary_area",
    "arxiv_class",
)


def _field(record: Record, name: str) -> Any:
    """A record's field as its paper keeps it: a DOI left out as an unsafe link (it holds
    a shell command, ``$(…)`` or a backquote) is none, so that no citation, export or
    copy ever holds it; it is listed with the links left out as unsafe."""
    value = getattr(record, name)
    if name == "doi" and value:
        return None if unsafe_link_reason(value) else value
    if name == "other_dois" and value:
        return tuple(doi for doi in value if not unsafe_link_reason(doi))
    return value


def _empty(value: object) -> bool:
    return value is None or value == "" or value == () or value == [] or value == {}


#: the fields of a paper's text. A paper in several lists is shown (and found) with the
#: text of the last of them to give it: the list added last, as a list edited or
#: scraped again is added after the one it was made from. Its other fields are those
#: of the first list to give them.
TEXT_FIELDS = ("title", "abstract", "authors", "tldr")


def same_text(first: object, second: object) -> bool:
    """Whether two values of a text field say the same, as a list written otherwise may
    write them: spacing, case and punctuation, accents ("Velickovic" for "Veličković",
    an export into ASCII), HTML or TeX left in, math as LaTeX or as shown (see
    ``identity.title_key``) aside."""

    def words(value: object) -> object:
        if isinstance(value, str):
            return unaccented(title_key(value))
        if isinstance(value, (tuple, list)):
            # an author "Family, Given" or "Given Family": the same words
            return tuple(" ".join(sorted(str(words(item)).split())) for item in value)
        return value

    return first == second or words(first) == words(second)


def text_differences(paper: Paper, other: Paper) -> tuple[str, ...]:
    """The fields of its text (``TEXT_FIELDS``) that ``paper`` has otherwise than
    ``other`` (both having them), the same paper in another list."""
    return tuple(
        name
        for name in TEXT_FIELDS
        if not _empty(getattr(paper, name))
        and not _empty(getattr(other, name))
        and not same_text(getattr(paper, name), getattr(other, name))
        and not (name == "title" and (paper.title_derived or other.title_derived))
    )


#: Words of a decision, by how notable the decision is: a paper that is both an oral and
#: a poster (a conference site lists both talks) is an oral. The first row that a
#: decision's words match gives its rank; a decision matching none (Poster, Accept,
#: Findings) ranks between a rejection and a spotlight.
_STATUS_RANKS: tuple[tuple[tuple[str, ...], int], ...] = (
    (("oral", "award", "best paper", "top-5%", "top 5%"), 3),
    (("spotlight", "top-25%", "top 25%"), 2),
    (("reject", "withdraw"), 0),
)


def status_rank(status: str | None) -> int:
    """How notable a decision is: 3 an oral (or award, "notable-top-5%"), 2 a
    spotlight ("top-25%"), 1 any other acceptance, 0 a rejection or withdrawal; -1
    for none."""
    if not status:
        return -1
    folded = status.casefold()
    for words, rank in _STATUS_RANKS:
        if any(word in folded for word in words):
            return rank
    return 1


def _merge_identities(first: Identity, later: Identity) -> Identity:
    """What a paper known by ``first`` is known by once a record ``later`` joins it."""
    kinds = {key.kind for key in first.keys}
    keys = (*first.keys, *(key for key in later.keys if key.kind not in kinds))
    keys = tuple(sorted(keys, key=lambda key: STRONG_KINDS.index(key.kind)))
    use_later_abstract = not first.abstract_digest
    return Identity(
        keys=keys,
        title=first.title or later.title,
        first_author=first.first_author or later.first_author,
        year=first.year if first.year is not None else later.year,
        abstract_digest=first.abstract_digest or later.abstract_digest,
        placeholder=later.placeholder if use_later_abstract else first.placeholder,
        stand_in=later.stand_in if use_later_abstract else first.stand_in,
    )


@dataclass(slots=True, eq=False)
class _Draft:
    """A paper being assembled from one or more records."""

    identity: Identity
    values: dict[str, Any]
    links: tuple[Link, ...]
    #: its place among the merger's drafts (and the paper's in the library)
    order: int
    lists: list[str] = field(default_factory=list)
    #: what its records gave as links and were left out as unsafe
    unsafe_links: tuple[str, ...] = ()
    #: the keys the records merged into it give beside those it keeps (``Paper.other_keys``)
    other_keys: tuple[str, ...] = ()
    #: once a record of another list joins: what each list's records say of the paper
    #: (their identities merged, and the first abstract), as the list read without
    #: the others would give its id; None while the paper is in one list
    by_list: dict[str, tuple[Identity, str]] | None = None
    #: by list: the text the id that list alone gives the paper is the digest of, where
    #: the list says it is not its strongest key's (``ReadResult.id_texts``)
    own_texts: dict[str, str] = field(default_factory=dict)
    #: the paper's text (``TEXT_FIELDS``) as a later list gives it otherwise than the
    #: lists before it: shown and searched in place of theirs (``values`` keeps the
    #: first, which its id is worked out from)
    shown: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(
        cls, record: Record, identity: Identity, order: int, links: tuple[Link, ...]
    ) -> _Draft:
        values = {name: _field(record, name) for name in COPIED_FIELDS}
        return cls(identity, values, links, order)

    def absorb(
        self, record: Record, list_name: str, identity: Identity, links: tuple[Link, ...]
    ) -> None:
        """Fill what is still missing from a later source's record of the same paper."""
        values = self.values
        by_list = self.by_list
        if by_list is None and self.lists and list_name not in self.lists:
            # the first record of another list: the paper so far is its first list's
            by_list = {self.lists[0]: (self.identity, str(values.get("abstract") or ""))}
            self.by_list = by_list
        if by_list is not None:
            known = by_list.get(list_name)
            if known is None:
                by_list[list_name] = (identity, record.abstract)
            else:
                seen, abstract = known
                by_list[list_name] = (
                    _merge_identities(seen, identity),
                    abstract or record.abstract,
                )
        if self.lists and list_name not in self.lists:
            self._show_later_text(record)
        for name in COPIED_FIELDS:
            if _empty(values.get(name)):
                value = _field(record, name)
                if not _empty(value):
                    values[name] = value
        kept = values.get("source_entry")
        if kept is not None and record.source_entry is not None:
            values["source_entry"] = with_key_alias(kept, record.source_entry.key)
        self.other_keys = merged_keys(self.other_keys, values, record)
        # the paper's decision is its most notable one, whichever record came first
        if status_rank(record.status) > status_rank(values.get("status")):
            values["status"] = record.status
        self.links = merge_links(self.links, links)
        self.identity = _merge_identities(self.identity, identity)

    def _show_later_text(self, record: Record) -> None:
        """The text of the paper as ``record``, the first of a list read after the
        paper's others, gives it, where it differs from theirs: an edited copy of a
        list, or a list scraped again, added beside the one before."""
        for name in TEXT_FIELDS:
            value = _field(record, name)
            if _empty(value):
                continue
            now = self.shown.get(name, self.values.get(name))
            if not _empty(now) and same_text(now, value):
                continue
            self.shown[name] = value
            if name == "authors":  # the names split as these authors are
                self.shown["author_names"] = record.author_names

    @property
    def label(self) -> str:
        title = self.values.get("title")
        if title:
            return str(title)
        words = " ".join(str(self.values.get("abstract") or "").split())
        if not words:
            # known by an identifier only: named as it is shown ("Untitled paper (arXiv
            # id 2301.00001)"), not “”
            return _untitled(self.identity, self.values.get("doi")) or ""
        return words[:60] + "…" if len(words) > 60 else words


#: a citation key BibLaTeX's ``ids`` can hold: no space, comma, brace, quote or control
#: character
_ALIAS_KEY = re.compile(r"^[^\s,{}()=#%\"'\\~\x00-\x1f\x7f]+$")


def with_key_alias(entry: SourceEntry, key: str) -> SourceEntry:
    """``entry`` with ``key``, the key of another entry of the same paper (the same work
    exported twice: from two Zotero libraries, or twice from one, where Better BibTeX
    gives the second ``sahaRarePathGuided2023a``), among its BibLaTeX ``ids``.

    The paper is cited by the key of the entry read first, whose fields it keeps; a
    manuscript written against the other list cites the other key, and biber takes any
    key in ``ids`` for the entry's own, so both still find it. A key the entry already
    answers to, or one ``ids`` cannot hold, leaves it as it is."""
    key = key.strip()
    written = entry.get("ids") or ""
    known = [part.strip() for part in written.split(",") if part.strip()]
    if not _ALIAS_KEY.match(key) or key.casefold() in {
        k.casefold() for k in (entry.key.strip(), *known)
    }:
        return entry
    ids = ", ".join((*known, key))
    fields = [(name, value) for name, value in entry.fields if name.lower() != "ids"]
    return replace(entry, fields=(*fields, ("ids", ids)))


def merged_keys(known: tuple[str, ...], values: dict[str, Any], record: Record) -> tuple[str, ...]:
    """``known``, the keys a paper (whose fields are ``values``) has from the records
    merged into it, with those ``record``, merging into it too, gives and the paper does
    not answer to yet: its CSL ``citation-key`` and ``id``, its RIS ``ID``, its entry's
    key where ``ids`` cannot hold it (see :func:`with_key_alias`). The same work twice
    in a Zotero export gave ``smith2020`` and ``smith2020a``: the second found nothing."""
    theirs = given_keys(record.source_entry, (record.cite_key, record.source_id))
    if not theirs:
        return known
    answered = set(
        given_keys(values.get("source_entry"), (values.get("cite_key"), values.get("source_id")))
    )
    answered.update(known)
    new = tuple(key for key in theirs if key not in answered)
    return (*known, *new) if new else known


def _own_text(identity: Identity, abstract: object) -> str:
    """The text the id of a paper known by ``identity`` is the digest of: its strongest
    key's, else (a paper with nothing but an abstract) its normalised ``abstract``."""
    strongest = identity.strongest
    if strongest is not None:
        return str(strongest)
    return normalise_text(str(abstract or ""))


class _Merger:
    """Turns the records of every list into papers: each record joins the paper it is
    (by ``identity.same_paper``) or starts a new one.

    Look-ups go through three indexes (strong key, normalised title, abstract digest),
    so a record is compared with a handful of papers only. Abstract digests, not the
    texts, are kept: a normalised abstract is ~1 KB, 100 MB for 100,000 papers.
    """

    def __init__(self) -> None:
        self.drafts: list[_Draft] = []
        self._by_key: dict[Key, _Draft] = {}
        self._by_title: dict[str, list[_Draft]] = {}
        self._by_abstract: dict[str, list[_Draft]] = {}
        #: drafts by list and first author, for a bare entry whose title is its paper's
        #: mended (by list: a family name as common as "Li" is a crowd in a large library)
        self._by_author: dict[tuple[str, str], list[_Draft]] = {}

    def add(
        self, record: Record, list_name: str, identity: Identity, links: tuple[Link, ...]
    ) -> tuple[_Draft, str | None]:
        """The draft ``record`` (known by ``identity``, with ``links``) now belongs to, and
        why it joined an existing one."""
        found = self._find(identity, list_name)
        if found is None:
            draft = _Draft.start(record, identity, len(self.drafts), links)
            self.drafts.append(draft)
            self._index(draft, list_name)
            return draft, None
        draft, reason = found
        draft.absorb(record, list_name, identity, links)
        self._index(draft, list_name)
        return draft, reason

    def _find(self, identity: Identity, list_name: str) -> tuple[_Draft, str] | None:
        candidates: list[_Draft] = []
        for key in identity.keys:
            known = self._by_key.get(key)
            if known is not None:
                candidates.append(known)
        if identity.title:
            # by the title without its accents: an export into ASCII names the same paper
            named = self._by_title.get(unaccented(identity.title), ())
            if len(named) < CROWD:
                candidates.extend(named)
        if identity.abstract_digest:
            # an abstract that many papers share (a stand-in, a template) names none of them
            sharing = self._by_abstract.get(identity.abstract_digest, ())
            if len(sharing) < CROWD:
                candidates.extend(sharing)
        for draft in _unique_drafts(candidates):
            # a list that names one title twice names two entries: only another list's
            # record joins a paper on its title and authors
            in_list = list_name in draft.lists
            reason = same_paper(identity, draft.identity, by_title=not in_list)
            if reason is None and in_list and stub_of_same_paper(identity, draft.identity):
                reason = "same title and first author, one entry without an abstract"
            if reason is not None:
                return draft, reason
        # a bare entry of a list whose title is another of its entries' mended (a site's
        # "Bayesian GANs" spotlight beside its "Bayesian GAN" poster)
        by_author = self._by_author.get((list_name, identity.first_author), ())
        for draft in by_author if identity.first_author and len(by_author) < CROWD else ():
            if draft.identity.title != identity.title and stub_of_same_paper(
                identity, draft.identity
            ):
                return draft, "same first author and a title mended, one entry without an abstract"
        return None

    def _index(self, draft: _Draft, list_name: str) -> None:
        identity = draft.identity
        for key in identity.keys:
            self._by_key.setdefault(key, draft)
        if identity.title_identifies:
            known = self._by_title.setdefault(unaccented(identity.title), [])
            if len(known) < CROWD and all(draft is not other for other in known):
                known.append(draft)
        if identity.abstract_digest:
            known = self._by_abstract.setdefault(identity.abstract_digest, [])
            if len(known) < CROWD and all(draft is not other for other in known):
                known.append(draft)
        if identity.first_author and identity.title_identifies:
            known = self._by_author.setdefault((list_name, identity.first_author), [])
            if len(known) < CROWD and all(draft is not other for other in known):
                known.append(draft)

    def id_texts(self) -> tuple[list[str], list[str]]:
        """The text each draft's id is the digest of, distinct for distinct drafts, and
        the same unnumbered.

        The strongest key's text (``doi:10.1/x``, ``title:words|family|year``), or, for a
        paper with nothing but an abstract, its normalised abstract (the ids of plain-text
        lists, unchanged since ids were abstract digests); for a paper of one list that
        says which text its id is of (``ReadResult.id_texts``: a tuireader export), that
        text. Drafts whose texts would be equal (one title and first author listed twice)
        are told apart by their abstracts, and numbered in order only where those are
        alike too (a repeated stand-in abstract): see :func:`_numbered`.
        """
        base = [
            (draft.by_list is None and draft.own_texts and draft.own_texts.get(draft.lists[0]))
            or _own_text(draft.identity, draft.values.get("abstract"))
            for draft in self.drafts
        ]
        return _numbered(base, [draft.values.get("abstract") for draft in self.drafts]), base


def _numbered(texts: Iterable[str], abstracts: Iterable[object] = ()) -> list[str]:
    """``texts``, those met more than once told apart by their ``abstracts``
    (``text#abstract:<digest>``), then each one met before numbered by how often
    (``text#2``, ``text#3``). Numbered in the order of the list, two papers of one title,
    first author and year (two workshop talks, a paper and its erratum) swapped ids, and
    their marks, tags and notes, when the list was written in another order; told apart
    by what they say, each keeps its id wherever it sits. A missing or stand-in abstract
    ("Withdrawn") tells nothing apart: those are numbered."""
    texts = list(texts)
    said = list(abstracts)
    if said:
        times = Counter(texts)
        for at, (text, abstract) in enumerate(zip(texts, said, strict=True)):
            if (
                times[text] > 1
                and isinstance(abstract, str)
                and not is_placeholder_phrase(abstract)
            ):
                texts[at] = told_apart(text, abstract)
    out: list[str] = []
    seen: dict[str, int] = {}
    for text in texts:
        count = seen.get(text, 0) + 1
        seen[text] = count
        out.append(text if count == 1 else f"{text}#{count}")
    return out


def _unique_drafts(drafts: list[_Draft]) -> list[_Draft]:
    return list({id(draft): draft for draft in drafts}.values())


def _assign_ids(keys: Sequence[str]) -> dict[str, str]:
    """Short ids for distinct identity digests; ids that would collide grow together."""
    ids: dict[str, str] = {}
    length = ID_LENGTH
    pending = list(dict.fromkeys(keys))
    while pending:
        groups: dict[str, list[str]] = {}
        for key in pending:
            groups.setdefault(key[:length], []).append(key)
        pending = []
        for short, members in groups.items():
            if len(members) == 1 or length >= len(members[0]):
                for member in members:
                    ids[member] = short if len(members) == 1 else member
            else:
                pending.extend(members)
        length += EXTEND_ID_BY
    return ids


def _aliases(
    members: Sequence[tuple[str, Sequence[_Draft]]],
    texts: Sequence[str],
    base: Sequence[str],
    ids: list[str],
    keys: Sequence[str],
) -> list[tuple[str, ...]]:
    """Each draft's aliases: the ids each of its lists gives it read without the others,
    where the lists read together give it another. One list gives a title and another
    the same paper's OpenReview id: the stronger key gives the id. Or a list names a
    title twice, and the first of the two takes another list's DOI: the second is no
    longer numbered.

    ``members`` are the lists' names and drafts, in list order; ``texts`` and ``base``
    each draft's id text, numbered and not (``_Merger.id_texts``); ``ids`` and ``keys``
    each draft's id and the digest it comes from.

    A paper's id is never another paper's alias: an id that is (lists that once gave
    one paper an id now give it to another) is made longer, as ids that collide are,
    and its short form becomes its alias too, so that the short form names both papers
    and is said to be ambiguous rather than taken for one of them. ``ids`` is changed
    in place.
    """
    if texts == base and all(draft.by_list is None for _, drafts in members for draft in drafts):
        return [()] * len(texts)  # each list alone numbers and names its papers as now
    found: list[dict[str, None]] = [{} for _ in texts]
    for name, drafts in members:
        # as the list alone would number them
        alone = (
            base[draft.order]
            if draft.by_list is None
            else draft.own_texts.get(name) or _own_text(*draft.by_list[name])
            for draft in drafts
        )
        said = [draft.values.get("abstract") for draft in drafts]
        for draft, text in zip(drafts, _numbered(alone, said), strict=True):
            number = draft.order
            if text != texts[number]:
                alias = _digest(text)[:ID_LENGTH]
                if alias != ids[number]:
                    found[number][alias] = None
    taken = {alias for also in found for alias in also}
    if taken:
        for number, paper_id in enumerate(ids):
            if paper_id in taken:  # another paper's alias: a paper's own id never is
                ids[number] = keys[number][: ID_LENGTH + EXTEND_ID_BY]
                found[number] = {paper_id: None, **found[number]}
    return [tuple(also) for also in found]


def unique_list_name(name: str, path: Path, taken: dict[str, Path], kind: str = "") -> str:
    """``name``, or when a list read before has it (``taken``: the file of each name
    given), ``name`` told apart by what differs from that list's file: the file's stem
    ("CoRL 2023 (posters)"), else its whole name ("marks (marks.csv)" beside "marks" of
    marks.bib), else its folder too ("marks (b/marks.json)" beside a/marks.json),
    numbered only when all of those are taken. A list read from a stream, whose path
    is a number that changes (a shell's ``<(…)``: /dev/fd/62), is told apart by the
    format it is in, ``kind`` ("pipe (BibTeX)"), never by that number."""
    if name not in taken:
        return name
    stream = stream_word(path, kind)
    return numbered(names_apart(name, path, taken[name], stream=stream), taken)


def _derive_title(abstract: str) -> str:
    from tuireader.ingest.titles import derive_title

    return derive_title(abstract)


def _merged_message(merged: list[tuple[str, str]]) -> str:
    """What was merged within one list and why, e.g. two records sharing a DOI: the first
    three, and the count of the rest (the fourth is named where it is the only one left:
    "and 1 more" took as much room)."""
    count = len(merged)
    # one paper given many times (a list of 5,000 copies) is named once, with how often
    times = Counter(merged)
    kinds = list(times)
    named = kinds if len(kinds) <= 4 else kinds[:3]

    def said(label: str, reason: str) -> str:
        often = times[label, reason]
        return f"“{label}” ({reason}{f', {often:,} times' if often > 1 else ''})"

    shown = "; ".join(said(label, reason) for label, reason in named)
    rest = count - sum(times[each] for each in named)
    more = f"; and {rest:,} more" if rest else ""
    verb = (
        "names a paper listed earlier in this list and was"
        if count == 1
        else ("name papers listed earlier in this list and were")
    )
    return f"{count:,} record{'s' if count != 1 else ''} {verb} merged into it: {shown}{more}"


@dataclass(slots=True)
class _Input:
    """One file to merge: what reading it gave, and (from the cache, when the list was
    identified under the same name) each record's identity and links."""

    result: ReadResult
    cached: ParsedList | None = None
    #: the name the list was merged under, and what it worked out, once merged
    name: str = ""
    identities: list[Identity] = field(default_factory=list)
    links: list[tuple[Link, ...]] = field(default_factory=list)
    #: the file's identity before it was read (None: taken from the cache, or no cache)
    before: FileState | None = None


#: told how far a read is: the stage ("reading" the files, "merging" their papers), the
#: lists done of all, and the papers they hold (for a progress line: ``tuireader add``)
Progress = Callable[[str, int, int, int], None]


def _build(
    inputs: Sequence[_Input | ReadResult],
    problems: list[Problem],
    progress: Progress | None = None,
) -> Library:
    merger = _Merger()
    merged_papers = 0
    list_members: list[tuple[ReadResult, str, list[_Draft]]] = []
    taken: dict[str, Path] = {}  # the file of each list name given
    for done, given in enumerate(inputs):
        item = given if isinstance(given, _Input) else _Input(given)
        result = item.result
        if progress is not None:
            progress("merging", done, len(inputs), merged_papers)
            merged_papers += len(result.records)
        problems.extend(result.problems)
        if not result.records:
            continue
        name = unique_list_name(result.name, result.path, taken, result.format)
        taken[name] = result.path
        item.name = name
        cached = item.cached if item.cached is not None and item.cached.name == name else None
        members: list[_Draft] = []
        merged: list[tuple[str, str]] = []
        for number, record in enumerate(result.records):
            if cached is not None:
                identity, links = cached.identities[number], cached.links[number]
            else:
                identity = identify(record, result.scope(number) or record.venue or name)
                links = record_links(record)
            item.identities.append(identity)
            item.links.append(links)
            draft, reason = merger.add(record, name, identity, links)
            own_text = result.id_text(number)
            if own_text is not None:
                draft.own_texts.setdefault(name, own_text)
            unsafe = record_unsafe_links(record)
            if unsafe:
                draft.unsafe_links = merge_unsafe(draft.unsafe_links, unsafe)
            if name in draft.lists:
                merged.append((draft.label, reason or "the same paper"))
                continue
            draft.lists.append(name)
            members.append(draft)
        if merged:
            # known when the list's contents are those read before (from the cache)
            message = _merged_message(merged)
            problems.append(Problem(result.path, message, "warning", known=item.cached is not None))
        list_members.append((result, name, members))
    if progress is not None:
        progress("merging", len(inputs), len(inputs), merged_papers)

    texts, base = merger.id_texts()
    keys = [_digest(text) for text in texts]
    ids = _assign_ids(keys)
    own_ids = [ids[key] for key in keys]
    in_lists = [(name, drafts) for _result, name, drafts in list_members]
    aliases = _aliases(in_lists, texts, base, own_ids, keys)
    id_of = {id(draft): own for draft, own in zip(merger.drafts, own_ids, strict=True)}
    papers: list[Paper] = []
    #: what recurs from paper to paper (a venue, a year, the lists), one object each
    shared: dict[Any, Any] = {}
    for draft, also in zip(merger.drafts, aliases, strict=True):
        values = dict(draft.values)
        values.update(draft.shown)
        derived = not values.get("title")
        if derived:
            abstract = str(values.get("abstract") or "")
            values["title"] = (
                None if abstract.strip() else _untitled(draft.identity, values.get("doi"))
            ) or _safe_derived_title(abstract)
        values["abstract"] = values.get("abstract") or ""
        for name in _RECURRING:
            value = values.get(name)
            if value is not None:
                values[name] = shared.setdefault(value, value)
        listed = tuple(draft.lists)
        papers.append(
            Paper(
                id=id_of[id(draft)],
                title_derived=derived,
                lists=shared.setdefault(listed, listed),
                links=draft.links,
                unsafe_links=draft.unsafe_links,
                other_keys=draft.other_keys,
                metadata_source="derived" if derived else "list",
                order=draft.order,
                aliases=also,
                **values,
            )
        )
    lists = tuple(
        PaperList(
            name=name,
            path=result.path,
            paper_ids=tuple(id_of[id(draft)] for draft in members),
            format=result.format,
        )
        for result, name, members in list_members
    )
    return Library(papers=tuple(papers), lists=lists, problems=tuple(problems))


def _untitled(identity: Identity, doi: object) -> str | None:
    """The title of a paper whose lists give neither a title nor an abstract, only an
    identifier (a list of arXiv ids, one a line): "Untitled paper" as ever, and the
    identifier, to tell it from the others ("Untitled paper (arXiv id 2401.01234)", its
    DOI as written); None without an identifier."""
    from tuireader.ingest.titles import UNTITLED

    for key in identity.keys:
        if key.kind in IDENTIFIER_NAMES:
            shown = doi.strip() if isinstance(doi, str) else None
            if key.kind != "doi" or not shown or normalise_doi(shown) != key.value:
                shown = None
            return f"{UNTITLED} ({key_words(key, shown)})"
    return None


def _safe_derived_title(abstract: str) -> str:
    try:
        return _derive_title(abstract)
    except Exception:  # noqa: BLE001 - a title helper failing must not lose the paper
        first_line = " ".join(abstract.split())
        return first_line[:77] + "…" if len(first_line) > 80 else first_line or "Untitled"


def load_library(
    sources: Sequence[str | Path] | None = None,
    *,
    cache: Cache | None = None,
    progress: Progress | None = None,
) -> Library:
    """Read the given files and folders (none: the built-in seed lists) into a Library.

    Never raises: each input that cannot be read, fully or in part, adds a ``Problem``
    and the others still load. With a ``cache``, a file unchanged since it was cached
    is not read again (nor its records identified again); the library is the same.
    ``progress`` is told of each file read, then of each list merged (:data:`Progress`).
    """
    problems: list[Problem] = []
    try:
        if not sources:
            from tuireader.system.resources import seeds_dir

            sources = [seeds_dir()]
        files, problems = expand_sources(sources)
        inputs = []
        read = 0
        for path in files:
            inputs.append(_input(path, cache))
            if progress is not None:
                read += len(inputs[-1].result.records)
                progress("reading", len(inputs), len(files), read)
        library = _build(inputs, problems, progress)
        if cache is not None:
            _store(inputs, cache)
        del inputs
        if len(library) >= LARGE:
            release_freed_memory()
        return library
    except Exception as error:  # noqa: BLE001 - last line of defence; the UI must start
        problems.append(
            Problem(
                Path("."), f"the paper lists could not be loaded ({type(error).__name__}: {error})"
            )
        )
        return Library(problems=tuple(problems))


def _input(path: Path, cache: Cache | None) -> _Input:
    if cache is None or streamed(path) is not None:
        # a stream is read from what it held, never cached by its path: a pipe's path
        # holds other lists on other runs
        return _Input(_read(path))
    from tuireader.ingest.cache import FileState

    parsed = cache.load_list(path)
    if parsed is not None:
        return _Input(parsed.result, parsed)
    before = FileState.of(path)  # before reading: a file changed meanwhile is not cached
    return _Input(_read(path), before=before)


def _store(inputs: Sequence[_Input], cache: Cache) -> None:
    """Cache each list that was read (not taken from the cache) with what merging it
    worked out."""
    from tuireader.ingest.cache import ParsedList

    for item in inputs:
        if item.cached is not None or item.before is None or item.result.format == "unknown":
            continue
        if item.result.records and not item.name:
            continue
        parsed = ParsedList(item.result, item.name, tuple(item.identities), tuple(item.links))
        cache.store_list(item.result.path, item.before, parsed)


def _read(path: Path) -> ReadResult:
    try:
        return read_file(path)
    except Exception as error:  # noqa: BLE001 - read_file promises not to raise; be sure
        return ReadResult(
            path, path.stem, "unknown", (), (Problem(path, f"could not be read ({error})"),)
        )
