"""Plain data shared by every part of tuireader: records, papers, links, lists, problems.

Everything here is a frozen dataclass of plain values, so the core can hand it to the
UI, to JSON output or to tests without any framework in between.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

LinkKind = Literal["code", "paper", "project", "video", "slides", "poster"]
LINK_KINDS: tuple[LinkKind, ...] = ("code", "paper", "project", "video", "slides", "poster")
#: the kinds of the links to a paper's talk: its video, its slides, its poster (PMLR's
#: ``video`` field; a link to a site of videos, :data:`VIDEO_HOSTS`)
TALK_KINDS: tuple[LinkKind, ...] = ("video", "slides", "poster")


#: a generational suffix written after a person's name ("Neal J. Evans II", "Evans, Neal
#: J., Jr."): the sources' names are read (ingest) and cited (render) with it alike.
NAME_SUFFIX = re.compile(r"(?:[JS]r\.?|JR\.?|SR\.?|II|III|IV|2nd|3rd)")


@dataclass(frozen=True, slots=True)
class Link:
    """One URL a paper points at, with what kind of thing it is."""

    url: str
    kind: LinkKind
    #: where the link came from: "text" (found in the abstract) or a record field name
    #: such as "url", "pdf" or "openreview".
    origin: str = "text"

    def to_json(self) -> dict[str, str]:
        return {"url": self.url, "kind": self.kind, "origin": self.origin}

    @property
    def what(self) -> str:
        """The link in a message: "code link", "paper link", "project link", "video
        link", "slides link" or "poster link"."""
        return f"{self.kind} link"


#: sites of videos: a link to one is a video link (a talk's, as PMLR's ``video`` gives it).
VIDEO_HOSTS = frozenset(
    {"youtube.com", "youtu.be", "vimeo.com", "slideslive.com", "videolectures.net", "bilibili.com"}
)


@dataclass(frozen=True, slots=True)
class SourceEntry:
    """A BibTeX or BibLaTeX entry as its source file gave it, so a citation can reproduce it.

    ``fields`` holds ``(name, value)`` pairs in file order, names as written and values as
    bibtexparser's default parse gives them: ``@string`` macros expanded, the outer braces
    or quotes removed, everything inside (``{{Satisfiability}}``, ``Bal\\'azs``) untouched.
    """

    key: str
    #: the entry type as written ("InProceedings"); compare it case-insensitively.
    entry_type: str
    fields: tuple[tuple[str, str], ...] = ()
    #: "bibtex" or "biblatex": which field names (journal/journaltitle, year/date) it uses.
    dialect: Literal["bibtex", "biblatex"] = "bibtex"

    def get(self, name: str) -> str | None:
        """The value of field ``name`` (any case), or None."""
        name = name.lower()
        return next((value for key, value in self.fields if key.lower() == name), None)


@dataclass(frozen=True, slots=True)
class Record:
    """One paper as one file (a list or a catalog) gives it, before papers are merged.

    Every reader and every catalog produces these. A field that has the same name on
    :class:`Paper` reaches the paper as it is; ``url``, ``pdf``, ``openreview``,
    ``code_urls``, ``project_urls`` and ``talk_urls`` become the paper's links.
    """

    title: str | None = None
    abstract: str = ""
    authors: tuple[str, ...] = ()
    venue: str | None = None
    year: int | None = None
    #: the record's own web page (a code host's address counts as a code link).
    url: str | None = None
    pdf: str | None = None
    openreview: str | None = None
    openreview_id: str | None = None
    pmlr_key: str | None = None
    doi: str | None = None
    #: the further DOIs a ``doi`` field gives after the paper's own (arXiv gives a paper's
    #: DOI and its erratum's): they find the paper, but neither identify it nor link to it.
    other_dois: tuple[str, ...] = ()
    code_urls: tuple[str, ...] = ()
    project_urls: tuple[str, ...] = ()
    #: arXiv identifier without version ("0704.0001", "1706.05125").
    arxiv_id: str | None = None
    #: arXiv primary category ("hep-ph", "cs.LG").
    arxiv_class: str | None = None
    #: the source's own id: paper-list ``id``, CSL ``citation-key``/``id``, BibTeX key,
    #: OpenReview note id.
    source_id: str | None = None
    #: the BibTeX/BibLaTeX entry as the source gave it (also a paper list's ``bibtex``).
    source_entry: SourceEntry | None = None
    #: the authors as a source that splits names splits them (CSL ``family``/``given``),
    #: in BibTeX's order, one each: "Peng, Xue Bin", "von Luxburg, Ulrike",
    #: "King, Jr., Martin Luther"; empty when the source gives whole names only.
    author_names: tuple[str, ...] = ()
    #: the citation key the source gives a paper it does not give as BibTeX (a CSL
    #: item's ``citation-key``, else its ``id`` when that is a key).
    cite_key: str | None = None
    #: BibTeX entry type, lower case ("article", "inproceedings", "misc").
    entry_type: str | None = None
    journal: str | None = None
    #: a citation of the published version in one string (arXiv's ``journal-ref``).
    journal_ref: str | None = None
    booktitle: str | None = None
    volume: str | None = None
    number: str | None = None
    pages: str | None = None
    publisher: str | None = None
    #: where it was published, as the source writes it (RIS's ``CY``: "Amsterdam").
    place: str | None = None
    #: the series it was published in, as the source writes it (CSL's
    #: ``collection-title``: "Lecture Notes in Computer Science").
    series: str | None = None
    #: edition of a book, as the source writes it ("3", "Second edition").
    edition: str | None = None
    editor: tuple[str, ...] = ()
    #: decision as the source gives it ("Oral", "Spotlight", "Poster", "Reject", "Desk
    #: rejected", "Withdraw").
    status: str | None = None
    track: str | None = None
    primary_area: str | None = None
    keywords: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    tldr: str | None = None
    #: the month (1-12) and day of the work's date, where the source dates it finer than
    #: its year (a CSL item's ``issued`` [[2019, 6, 20]]): a post is cited to the day.
    month: int | None = None
    day: int | None = None
    #: the site a web page or a post is on, as tuireader's own JSON or CSV export gives
    #: it (``howpublished``: "Medium"), where its source named it apart from its venue
    #: (BibLaTeX's ``titleaddon``, BibTeX's ``howpublished``): its citations give it.
    site: str | None = None
    #: the links the paper's abstract mentions, as tuireader's own exports give them
    #: apart (``text https://…``) where the abstract is not there to find them in: links
    #: of the abstract's, never the record's own (see ``links.links_for``).
    mentioned_urls: tuple[str, ...] = ()
    #: the links to the paper's talk its own fields give, each with its kind (one of
    #: :data:`TALK_KINDS`, its field's name): ``(("video", "https://youtu.be/…"),)``
    talk_urls: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper, however many lists it appears in.

    ``id`` is short, stable across runs and derived from what identifies the paper (its
    strongest key, see ``tuireader.ingest.identity``), never from a position in a file.
    A paper made of records of several lists takes the strongest key any of them
    carries, so its id may differ from the id one of those lists alone gives it: that
    id is kept in ``aliases`` and still finds the paper.
    """

    id: str
    title: str
    abstract: str
    #: True when the title was derived from the abstract rather than given by the source.
    title_derived: bool = False
    authors: tuple[str, ...] = ()
    #: names of the lists (files) the paper appears in, in load order.
    lists: tuple[str, ...] = ()
    venue: str | None = None
    year: int | None = None
    links: tuple[Link, ...] = ()
    #: what the sources gave as links but no link may be (a shell command, a control
    #: character, a ``javascript:`` address), as given: data, never offered as a link,
    #: only counted and shown escaped so the reader can say something was left out.
    unsafe_links: tuple[str, ...] = ()
    doi: str | None = None
    #: further DOIs the source gives after the paper's own, such as its erratum's (see
    #: ``Record.other_dois``): they find the paper, but neither identify it nor link to it.
    other_dois: tuple[str, ...] = ()
    openreview_id: str | None = None
    pmlr_key: str | None = None
    #: where the title/authors came from: "list" (the file itself), "derived", or a
    #: catalog's name once catalogs match it.
    metadata_source: str = "list"
    #: position in list order across the whole library (first list first).
    order: int = 0
    #: the BibTeX/BibLaTeX entry the paper was read from, reproduced by citations.
    source_entry: SourceEntry | None = None
    #: the authors as the source splits them, "Family, Given" (see ``Record.author_names``).
    author_names: tuple[str, ...] = ()
    #: the citation key a CSL-JSON source gives (a BibTeX key is ``source_entry.key``).
    cite_key: str | None = None
    #: the keys its lists give it beside those above: each record merged into the paper
    #: gives its own (a CSL ``citation-key`` or ``id``, a RIS ``ID``: the same work in a
    #: Zotero export twice, as ``smith2020`` and ``smith2020a``). They find the paper;
    #: its citation keeps the first record's key.
    other_keys: tuple[str, ...] = ()
    #: BibTeX entry type the source gives ("article", "inproceedings", "misc", …), lower case.
    entry_type: str | None = None
    #: journal name, when the source gives one (BibTeX ``journal``, CSL ``container-title``).
    journal: str | None = None
    #: where the paper was published, as one citation string the source gives (arXiv's
    #: ``journal-ref``: "Phys.Rev.D76:013009,2007", journal, volume, pages and year run
    #: together): kept as written, never taken for a journal's name.
    journal_ref: str | None = None
    #: proceedings title, from the entry itself or its ``crossref``/``@Proceedings``.
    booktitle: str | None = None
    #: volume of the journal or proceedings series, as the source writes it.
    volume: str | None = None
    #: issue number within the volume, as the source writes it.
    number: str | None = None
    #: page range as the source writes it ("1-22", "23--59").
    pages: str | None = None
    #: publisher of the journal or proceedings ("PMLR", "IOS Press").
    publisher: str | None = None
    #: the publisher's place, as the source writes it (RIS's ``CY``: "Amsterdam").
    place: str | None = None
    #: the series of books or proceedings it is in, as the source writes it (CSL's
    #: ``collection-title``: "Lecture Notes in Computer Science").
    series: str | None = None
    #: edition of a book, as the source writes it (CSL's "3", BibTeX's "Second edition").
    edition: str | None = None
    #: editors of the proceedings or book, one name each ("Chandar, Sarath").
    editor: tuple[str, ...] = ()
    #: arXiv identifier without version ("1706.05125", "math/0211159").
    arxiv_id: str | None = None
    #: arXiv primary category ("cs.LG", "hep-ph").
    arxiv_class: str | None = None
    #: the source's own id of the record: a paper list's ``id``, a CSL ``citation-key``,
    #: a BibTeX key, an OpenReview note id.
    source_id: str | None = None
    #: decision as the source gives it ("Oral", "Spotlight", "Poster", "Reject", "Desk
    #: rejected", "Withdraw").
    status: str | None = None
    #: track of the venue ("main", "Datasets and Benchmarks").
    track: str | None = None
    #: the primary subject area the authors chose.
    primary_area: str | None = None
    #: the authors' keywords, one each.
    keywords: tuple[str, ...] = ()
    #: subject categories ("hep-ph", "cs.LG"; CSL arXiv containers give "cs", "stat").
    categories: tuple[str, ...] = ()
    #: the authors' one-sentence summary (OpenReview's "TL;DR"), on one line.
    tldr: str | None = None
    #: other ids that find this paper: those its lists give it each read without the
    #: others (a list giving only its title, another its OpenReview id), and the id of
    #: a paper a catalog showed to be this one. Never the paper's own ``id``.
    aliases: tuple[str, ...] = ()
    #: the month (1-12) and day of its date, where its source gives them (see
    #: ``Record.month``); a BibTeX source's are in its ``source_entry``.
    month: int | None = None
    day: int | None = None
    #: the site a web page or a post is on, apart from its venue (see ``Record.site``);
    #: a BibTeX source's is in its ``source_entry``.
    site: str | None = None

    @property
    def where(self) -> tuple[str, ...]:
        """Where the paper comes from: its lists (one part), then its venue and its year
        when they add something (a list may be named by its venue, a venue hold its year),
        then the decision the source gives ("Oral")."""
        where = [", ".join(self.lists)] if self.lists else []
        if self.venue and self.venue not in self.lists:
            where.append(self.venue)
        if self.year is not None and (not self.venue or str(self.year) not in self.venue):
            where.append(str(self.year))
        if self.status and self.status.strip():
            where.append(" ".join(self.status.split()))
        return tuple(where)

    @property
    def title_unknown(self) -> bool:
        """True when no list gives the paper's title, nor an abstract to derive one from
        (a list of arXiv ids): its title ("Untitled paper (arXiv id …)") only says so."""
        return self.title_derived and not self.abstract.strip()

    @property
    def code_links(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.kind == "code")

    @property
    def has_code(self) -> bool:
        return any(link.kind == "code" for link in self.links)


@dataclass(frozen=True, slots=True)
class PaperList:
    """One input file as the user sees it: a named list of papers."""

    name: str
    path: Path
    #: ids of the papers in the list, in file order.
    paper_ids: tuple[str, ...] = ()
    #: "text", "jsonl", "json" or "bibtex".
    format: str = "text"

    @property
    def count(self) -> int:
        return len(self.paper_ids)


#: what the warning about a file read only up to where it breaks off ends with: a reader
#: that read the file whole before keeps what it read then (the file is being written).
CUT_SHORT = "(is the file cut short?)"


#: the path a list on standard input is read under (``-`` among the lists named)
STDIN = "/dev/stdin"


def said_path(path: str | Path) -> str:
    """How what is said of the file ``path`` names it: as given, but standard input as
    ``stdin``, the name its list has, not the path it is read under."""
    return "stdin" if str(path) == STDIN else str(path)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with one input, in words a user understands."""

    path: Path
    message: str
    #: "error" (nothing was read from the file) or "warning" (part of it was read).
    severity: Literal["error", "warning"] = "error"
    #: met before with the file's very contents (it comes from the cache of read lists):
    #: said when they were first read, so only where problems are listed (tuireader
    #: lists, the reader's load warnings) need it be said again.
    known: bool = field(default=False, compare=False)
    #: a file found in a folder of lists, not named itself (a stray package.json): when
    #: known, what it holds is said again only where problems are listed, as a warning is.
    in_folder: bool = field(default=False, compare=False)

    @property
    def quiet(self) -> bool:
        """Said before with the file's very contents, and no input the user named."""
        return self.known and (self.severity == "warning" or self.in_folder)

    def __str__(self) -> str:
        return f"{said_path(self.path)}: {self.message}"


@dataclass(frozen=True, slots=True)
class Library:
    """All papers from a set of inputs, deduplicated, in list order."""

    papers: tuple[Paper, ...] = ()
    lists: tuple[PaperList, ...] = ()
    problems: tuple[Problem, ...] = ()
    _by_id: dict[str, Paper] = field(default_factory=dict, compare=False, repr=False)
    #: ``aliases()``, worked out when first asked for
    _by_alias: dict[str, tuple[str, ...]] | None = field(default=None, compare=False, repr=False)
    #: the papers by their identifiers (``with_key``), worked out when first asked for
    _by_identifier: dict[str, tuple[str, ...]] | None = field(
        default=None, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        if not self._by_id:
            self._by_id.update((paper.id, paper) for paper in self.papers)

    def get(self, paper_id: str) -> Paper | None:
        return self._by_id.get(paper_id)

    def first(self, count: int) -> tuple[Paper, ...]:
        """The first ``count`` papers, in list order (an empty query's first screen)."""
        return self.papers[:count]

    def aliases(self) -> Mapping[str, tuple[str, ...]]:
        """Every alias of a paper (``Paper.aliases``), with the ids of the papers that
        have it: one paper's, or several when lists that once gave them that id are
        read together."""
        found = self._by_alias
        if found is None:
            found = {}
            for paper in self.papers:
                for alias in paper.aliases:
                    found[alias] = (*found.get(alias, ()), paper.id)
            object.__setattr__(self, "_by_alias", found)
        return found

    def named(self, text: str) -> tuple[Paper, ...]:
        """The papers ``text`` is the id or an alias of: none, one, or (an alias that
        several papers have, or one paper's id and another's alias) each of them, never
        one picked among them."""
        paper = self.get(text)
        found = [paper] if paper is not None else []
        for paper_id in self.aliases().get(text, ()):
            other = self.get(paper_id)
            if other is not None and all(other.id != item.id for item in found):
                found.append(other)
        return tuple(found)

    def with_key(
        self, keys: Sequence[str], keys_of: Callable[[Paper], Iterable[str]]
    ) -> tuple[Paper, ...]:
        """The papers that have the first of ``keys`` that any paper has, ``keys_of``
        giving a paper's keys (``tuireader.ingest.identity.papers_named`` asks: the
        table of every paper's keys is made on the first call, with the function given
        then)."""
        table = self._by_identifier
        if table is None:
            table = {}
            for paper in self.papers:
                for key in keys_of(paper):
                    table[key] = (*table.get(key, ()), paper.id)
            object.__setattr__(self, "_by_identifier", table)
        return first_keyed(table, keys, self.get)

    def id_now(self, paper_id: str) -> str | None:
        """The id of the one paper ``paper_id`` is the id or an alias of; None when it
        names no paper, or several. No paper is read for it: a library read lazily
        answers from its table of ids (the reader's place, kept as it runs, asks it of
        two hundred ids, each read alone from the cache while the papers were not all
        read yet)."""
        found = [paper_id] if paper_id in self else []
        for other in self.aliases().get(paper_id, ()):
            if other not in found and other in self:
                found.append(other)
        return found[0] if len(found) == 1 else None

    def __contains__(self, paper_id: object) -> bool:
        """Whether ``paper_id`` is the id of one of the papers (not an alias)."""
        return isinstance(paper_id, str) and self.get(paper_id) is not None

    def peek(self, paper_id: str) -> Paper | None:
        """``get``, for a screen that must not wait: a library read lazily gives None
        rather than read its lists again on this thread when its cache fails."""
        return self._by_id.get(paper_id)

    def __len__(self) -> int:
        return len(self.papers)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.papers)

    @property
    def complete(self) -> bool:
        """True when every paper is in memory (a lazy library reads each when asked)."""
        return True

    def paper_ids(self) -> Sequence[str]:
        """The papers' ids, in list order."""
        return tuple(paper.id for paper in self.papers)

    def with_problems(self, problems: Iterable[Problem]) -> Library:
        """This library, its problems being ``problems``."""
        return replace(self, problems=tuple(problems))


def first_keyed(
    table: Mapping[str, Sequence[str]],
    keys: Sequence[str],
    get: Callable[[str], Paper | None],
) -> tuple[Paper, ...]:
    """The papers ``table`` gives for the first of ``keys`` it holds (their ids, found
    by ``get``), as :meth:`Library.with_key` answers; none when it holds none."""
    for key in keys:
        found = [get(paper_id) for paper_id in table.get(key, ())]
        if found:
            return tuple(paper for paper in found if paper is not None)
    return ()
