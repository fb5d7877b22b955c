"""Search over the library: the query language on top of the Whoosh index.

``open_engine`` opens (and if needed updates) the index and returns an ``Engine``
whose methods return plain dataclasses: hits with the character spans of their titles
to highlight, the raw words to highlight in anything else (``SearchResult.terms``), a
"did you mean" suggestion, and a message when the query had to be repaired. The engine
is safe to call from a worker thread.

``Engine.search`` hands a query to one of three evaluators: the fast path (``plan``,
scored from the postings by ``fastsearch``), Whoosh's matchers (``compiled``) for what
the fast path does not take, or the library's terms in memory (``scan``) when there is
no index. Highlighting is in ``highlight``, spelling suggestions in ``suggest``.

Live search treats the last word as a prefix. Whoosh would stem the text before
``*`` (``bay*`` → ``bai*``), so prefixes are expanded here, on the raw lowercase
vocabulary, to the most frequent words that start with them, within a posting budget:
a one-letter prefix over 100,000 papers stays fast instead of expanding to thousands
of terms (see ``terms``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
import threading
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from whoosh import query as wq
from whoosh.collectors import FilterCollector, UnlimitedCollector

from tuireader.model import Library, Paper, PaperList
from tuireader.search import query as ql
from tuireader.search import stopping, whooshdoor
from tuireader.search.analysis import fold, is_cjk, stem
from tuireader.search.compiled import compile_query, run_compiled
from tuireader.search.documents import Documents
from tuireader.search.fastsearch import (
    LikeWeighting,
    Statistics,
    TermScores,
    Weighting,
    key_terms,
)
from tuireader.search.highlight import Marker, Span, marker, query_forms, spans_in
from tuireader.search.index import (
    LOCK_WAIT_SECONDS,
    EntryLists,
    IndexReport,
    IndexUnavailable,
    OpenIndex,
    abstract_text,
    describe_error,
    index_paths,
    library_entries,
    list_named,
    lists_by_entry,
    lists_by_file,
    lists_by_path,
    lists_named_apart,
    lists_named_whole,
    name_terms,
    name_words,
    open_index,
    title_text,
    unknown_list,
    unusable,
)
from tuireader.search.plan import make_plan, run_plan
from tuireader.search.ranking import ranks
from tuireader.search.scan import LibraryTerms, scan
from tuireader.search.suggest import SUGGEST_BELOW, markup_words, suggest
from tuireader.search.terms import (
    DEFAULT_FIELDS,
    JOINED_FIELDS,
    SPELLED_FIELDS,
    TEXT_FIELDS,
    Compiled,
    Context,
    FilterResolver,
    budget,
)
from tuireader.search.vocabulary import Vocabulary
from tuireader.system.memory import collector_paused
from tuireader.system.paths import DataPaths

__all__ = [
    "Engine",
    "FilterResolver",
    "Hit",
    "Marker",
    "SearchResult",
    "Span",
    "Vocabulary",
    "open_engine",
    "spans_in",
]


@dataclass(frozen=True, init=False)
class Hit:
    paper: Paper
    score: float
    #: finds the query's words in the title (``marker``): hits of the same paper, score
    #: and words are equal
    found: Marker | None = field(default=None, repr=False)
    #: while a version is typed (``query.finished_version``), the words of the query as
    #: typed: ``found`` is the finished query's, which may mark nothing in a paper the
    #: typed query found by other words ("gpt-3" finds "SceneCraft" by GPT-V and 3D)
    typed: Marker | None = field(default=None, repr=False)

    def __init__(
        self,
        paper: Paper,
        score: float,
        found: Marker | None = None,
        typed: Marker | None = None,
    ) -> None:
        # the fields in one write, where a frozen dataclass's own __init__ makes one
        # call per field: a search is as many hits as it finds (every one of the 74,000
        # of "learning" at 100,000 papers, once the first page is shown), and half of
        # their time went to those calls
        self.__dict__.update(paper=paper, score=score, found=found, typed=typed)

    @functools.cached_property
    def marker(self) -> Marker | None:
        """What finds the query's words in this paper: the finished query's words, or the
        words as typed where those mark nothing in the title and abstract, so every hit
        shows why it was found. Decided when first asked for, as ``title_spans`` is."""
        found, typed = self.found, self.typed
        if typed is None or found is None:
            return found
        paper = self.paper
        if any(found.spans(text or "") for text in (paper.title, paper.abstract, paper.tldr)):
            return found
        return typed

    @functools.cached_property
    def title_spans(self) -> tuple[Span, ...]:
        """Where the query's words stand in the paper's title: found when first asked for
        (a screen shows a few dozen of a search's hits, which may be 100,000)."""
        return spans_in(self.paper.title, self.marker)


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[Hit, ...]
    total: int
    elapsed_ms: float
    suggestion: str | None = None
    message: str | None = None
    #: False when a short prefix was expanded to its most frequent words only, so
    #: ``total`` counts those.
    exact: bool = True
    #: the raw words (every form of the query's words, a prefix's completions) to
    #: highlight in a paper's text: ``highlight.spans_of(text, result.terms)``
    terms: frozenset[str] = frozenset()
    #: the order the query asked for with ``sort:`` (``fit``, ``relevance`` or ``list``;
    #: None: none asked), so front ends need not parse the query again. The hits are in
    #: relevance order (list order for a query of filters only) whatever it says.
    sort: str | None = None
    #: the hits are in list order, not by relevance: asked for (``order="list"``), or
    #: of a query that ranks none of them (filters only, or none: ``ranking``), or of a
    #: search without the index
    listed: bool = False
    #: ``message`` says why no paper matched (an identifier that no paper has, a ``list:``
    #: that names no list), so a front end need not say again that nothing did
    said_why: bool = False


#: a query that may be a paper's identifier (``identity.named_keys``): one word with a
#: dot, a slash or a colon ("2401.01234", "10.1/x", "https://…")
_IDENTIFIER_LIKE = re.compile(r"\S*[./:]\S*")
#: a link pasted whole ("https://nips.cc/virtual/2017/poster/9061")
_LINK = re.compile(r"https?://\S+", re.IGNORECASE)
#: a query that may be an OpenReview id ("8296yUBoXr"), when it matches no words
_OPENREVIEW_LIKE = re.compile(r"[\w-]{8,}")
#: what a filter or a field of a query begins with ("year:", "is:")
_FIELD_NAME = re.compile(r"-?([A-Za-z]+):")
_QUERY_NAMES = frozenset((*ql.FIELDS, *ql.FILTERS, "sort"))
#: a query that may be a tuireader id ("i553mlg7"), when it matches no words
_OWN_ID = re.compile(r"[a-z0-9]{8}")


def _markup_said(vocabulary: Vocabulary, searched: str) -> list[str]:
    """What a query that found nothing is told of its words that are LaTeX commands'
    names and no word of the lists ("sqrt" typed for ``\\sqrt``): markup, said so as
    ``\\sqrt`` is, with the index or without it."""
    return [f"{ql.as_typed(word)} is {ql.MARKUP}" for word in markup_words(vocabulary, searched)]


def _hits(
    ranked: Iterable[tuple[Paper, float]],
    forms: Iterable[str],
    typed: Iterable[str] | None = None,
) -> tuple[Hit, ...]:
    """The hits of ``ranked``, whose words ``forms`` are highlighted, or ``typed`` in a
    paper where those are not found (``Hit.marker``)."""
    pattern = marker(forms)
    fallback = marker(typed) if typed is not None else None
    return tuple(Hit(paper, score, pattern, fallback) for paper, score in ranked)


class Engine:
    """Searches one library through its index. Thread-safe: calls are serialised."""

    def __init__(
        self,
        library: Library,
        opened: OpenIndex | None,
        *,
        problem: str | None = None,
        rebuild: Callable[[str], OpenIndex] | None = None,
        positions: array | None = None,
        paths: DataPaths | None = None,
    ):
        self.library = library
        #: the data folder, whose library (``tuireader lists``) names the entries the
        #: lists are read through: ``list:real``, ``list:seeds`` (None: no names)
        self.paths = paths
        self._lock = threading.Lock()
        self._attach(opened, positions)
        self.problem = problem
        #: scanning only because another process holds the index: ask again later
        self.retry = False
        #: builds a new index when this one fails while in use (see ``_heal``)
        self._rebuild = rebuild
        #: said once, with the next result: what healing the index did
        self._notice: str | None = None
        #: the library's terms, searched when there is no index (made at the first search)
        self._scanned: LibraryTerms | None = None
        #: the papers whose names were read and the words of those names (``name_words``)
        self._names: tuple[Sequence[Paper], frozenset[str]] | None = None
        #: when set, an index found damaged while searched is rebuilt on a thread of its
        #: own, the searches scanning the library meanwhile, and this is called (from that
        #: thread) once the library's words are read for them, and again once the index
        #: is back or given up; None: it is rebuilt within the search that found it
        #: damaged, as the command line waits for it
        self.healed: Callable[[], None] | None = None
        #: what is said of the index while it is rebuilt on that thread (None: it is not)
        self.rebuilding: str | None = None
        #: why the index is being rebuilt on that thread
        self._damage = ""
        #: set (``stop_rebuilding``), the rebuild on that thread stops within a paper or so
        self._stop = stopping.Stop()
        #: that thread (None: none was started)
        self._rebuilder: threading.Thread | None = None
        self._closed = False

    def _attach(self, opened: OpenIndex | None, positions: array | None = None) -> None:
        """Search ``opened`` (None: scan the library). Raises if its files cannot be read.

        ``positions``: the library's position of each document of the index, when known
        (``Documents.positions``)."""
        self._opened = opened
        self._searcher = None
        self._terms = None
        self._context: Context | None = None
        #: the paper of each document of the searcher
        self._documents: Documents | None = None
        #: the library's documents, when the index holds papers of other lists too
        self._only: set[int] | None = None
        try:
            if opened is not None:
                weighting = Weighting()
                self._searcher = opened.ix.searcher(weighting=weighting)
                self._documents = Documents(self.library, self._searcher, positions)
                if opened.others:
                    self._only = self._documents.library_docs()
                reader = self._searcher.reader()
                # terms weighed by the library's papers alone, whatever else the index holds
                self._terms = TermScores(reader, Statistics(reader, self._only))
                weighting.statistics = self._terms.statistics
                self._terms.prepare(
                    (*DEFAULT_FIELDS, *JOINED_FIELDS.values(), *SPELLED_FIELDS.values())
                )
        except BaseException:
            self._detach()
            raise
        self.vocabulary = Vocabulary(opened.vocab, opened.stems) if opened else Vocabulary({})
        if self._searcher is not None and self._documents is not None:
            self._context = Context(
                library=self.library,
                vocabulary=self.vocabulary,
                searcher=self._searcher,
                documents=self._documents,
                only=self._only,
            )
        self.report = opened.report if opened else IndexReport(read_only=True)
        note = whooshdoor.take_note()
        if note:
            self.report = dataclasses.replace(self.report, messages=(*self.report.messages, note))

    def _detach(self) -> None:
        """Close the index, whatever state it is in."""
        searcher, opened = self._searcher, self._opened
        self._searcher = self._terms = self._opened = self._context = None
        self._documents = None
        self._only = None
        with contextlib.suppress(Exception):
            if searcher is not None:
                searcher.close()
        with contextlib.suppress(Exception):
            if opened is not None:
                opened.ix.close()

    def _heal(self, exc: Exception) -> bool:
        """After ``exc`` from reading the index: rebuild it, or go on without it.

        False when this engine cannot rebuild (the caller re-raises). A query that fails
        again on the new index meets a fault of the search code, which is raised.
        """
        if self._rebuild is None:
            return False
        with self._lock:
            if self._searcher is None and self.rebuilding is not None:
                return True  # found by another search: being rebuilt already
            folder = self._opened.path if self._opened is not None else None
            self._detach()
            damage = unusable(exc, folder) if folder is not None else "the search index was damaged"
            if self.healed is not None:
                self.rebuilding = f"{damage}; rebuilding it: {SCANNED_MEANWHILE}"
                self._damage = damage
                self._rebuilder = threading.Thread(
                    target=self._rebuild_behind,
                    args=(damage,),
                    name="tuireader-rebuild",
                    daemon=True,
                )
                self._rebuilder.start()
                return True
            self._rebuilt(damage)
        return True

    def _rebuilt(self, damage: str) -> None:
        """Rebuild the index found damaged, and search it; scan the library when it cannot
        be had. Called with the lock held."""
        rebuild = self._rebuild
        try:
            assert rebuild is not None
            self._attach(rebuild(damage))
        except Exception as again:  # noqa: BLE001 - any failure: scan the library
            self._given_up(again)
        else:
            self._notice = self.report.messages[-1] if self.report.messages else None

    def _given_up(self, again: Exception) -> None:
        """No index to be had after ``again``: the library is scanned from now on."""
        self._detach()
        self.vocabulary = Vocabulary({})
        self.report = IndexReport(read_only=True)
        self._rebuild = None
        self.problem = _unavailable(again, None)
        self._notice = None

    def stop_rebuilding(self) -> threading.Thread | None:
        """Stop the rebuild of the index found damaged that runs behind the searches, as
        the reader closes: it stops within a paper or so, what it wrote is thrown away as
        a stopped build's is (``stopping``), and the next start rebuilds the index. The
        thread to wait for; None when none runs, or when what runs would not stop when
        asked (it has not looked yet whether it is asked to: it stops when it does)."""
        self._stop.set()
        rebuilder = self._rebuilder
        if rebuilder is None or not rebuilder.is_alive() or not self._stop.heeded:
            return None
        return rebuilder

    def _rebuild_behind(self, damage: str) -> None:
        """Read the library's words for the searches to scan (telling ``healed``), then
        rebuild the damaged index, search it (or go on scanning, when it cannot be had),
        and tell ``healed`` again. Until the words are read, searches find nothing and
        say why (``_scan``): the screen's thread, which may search, never reads them.
        Both stop when asked to (``stop_rebuilding``), and ``healed`` is not told."""
        try:
            with stopping.stopped_by(self._stop):
                self._rebuild_stoppably(damage)
        except stopping.BuildStopped:
            pass  # the reader is closing: the next start rebuilds the index

    def _rebuild_stoppably(self, damage: str) -> None:
        healed = self.healed
        if not self._scan_ready():
            with contextlib.suppress(Exception):  # (the searches say it, if so)
                made = LibraryTerms(self.library)
                with self._lock:
                    if not self._scan_ready():
                        self._scanned = made
            if healed is not None:
                healed()
        rebuild = self._rebuild
        try:
            assert rebuild is not None
            opened = rebuild(damage)
        except Exception as again:  # noqa: BLE001 - any failure: scan the library
            with self._lock:
                self._given_up(again)
                self.rebuilding = None
        else:
            with self._lock:
                try:
                    if self._closed:  # (the reader has quit meanwhile)
                        opened.ix.close()
                        return
                    self._attach(opened)
                except Exception as again:  # noqa: BLE001 - as above
                    self._given_up(again)
                else:
                    self._notice = self.report.messages[-1] if self.report.messages else None
                self.rebuilding = None
        if healed is not None:
            healed()

    def _told(self, message: str | None) -> str | None:
        """``message`` with the healing notice, once."""
        notice, self._notice = self._notice, None
        return "; ".join(m for m in (notice, message) if m) or None

    # -- state -------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self._opened is None:
            return "no index: plain text scan"
        return self.report.summary()

    @property
    def indexed(self) -> bool:
        """Whether an index is searched (not the library's text scanned)."""
        return self._opened is not None

    @property
    def messages(self) -> tuple[str, ...]:
        extra = (self.problem,) if self.problem else ()
        return self.report.messages + extra

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._detach()

    def checked_state(self) -> tuple[int, array] | None:
        """The generation of the index searched and the library's position of each of its
        documents (``Documents.positions``, made now if not yet), for ``snapshot``; None
        when this engine is not searching an index it opened for writing, as found
        current for its library. The positions read every paper's stored fields: an
        index that fails there is damaged, and is rebuilt as a search would rebuild it
        (None then: the rebuilt index is remembered by the next start)."""
        with self._lock:
            opened, documents = self._opened, self._documents
            if opened is None or documents is None or self.problem or opened.report.read_only:
                return None
            try:
                generation = self._searcher.reader().generation()  # type: ignore[union-attr]
                return None if generation is None else (generation, documents.positions())
            except Exception as exc:  # noqa: BLE001 - whatever the damage, a rebuild
                failed = exc
        if not self._heal(failed):
            raise failed
        return None

    # -- searching ----------------------------------------------------------------------

    def warm(self, limit: int = 100, times: int = 3) -> tuple[float, ...]:
        """Do now, once, what the first search would otherwise do as its key is handled:
        sort the vocabulary for prefix lookup and read the postings and the code that a
        one-letter search reads (at 2,610 papers the first such search took 15-19 ms, the
        next ones 4-6). The letter is the first of the most frequent word; the same search
        is then run ``times`` more, and their milliseconds are returned: what a first key
        costs from now on."""
        self.name_words()  # (asked as a key is handled: read now, off the screen's thread)
        counts = self.vocabulary.counts
        if not counts:
            return ()
        letter = max(counts, key=counts.__getitem__)[0]
        results = [self.search(letter, prefix=True, limit=limit) for _ in range(1 + times)]
        said = next((result.message for result in results if result.message), None)
        if said and self._notice is None:
            self._notice = said  # a notice of healing is the user's to see
        return tuple(result.elapsed_ms for result in results[1:])

    def knows(self, word: str) -> bool:
        """Whether ``word`` (any case, accents or not) is a word a plain query finds the
        library's papers by: of their titles or abstracts (the index's vocabulary, or the
        words read for a scan when there is no index), or of their authors', venues',
        keywords' or lists' names (``name_words``: "Bisk", "corl"). Set lookups, without
        waiting for a search in progress: cheap enough to ask as a key is handled."""
        folded = fold(word)
        if folded in self.vocabulary.counts:
            return True
        scanned = self._scanned
        if scanned is not None and folded in scanned.vocabulary.counts:
            return True
        return folded in self.name_words()

    def name_words(self) -> frozenset[str]:
        """The words of the names of the library's papers (``index.name_words``), read
        once: by ``warm`` or ``prepare_scan`` on the thread that opens the index, or
        at the first ``knows`` that needs them."""
        papers = self.library.papers
        made = self._names
        if made is None or made[0] is not papers:
            made = self._names = (papers, name_words(papers))
        return made[1]

    def prepare_scan(self, progress: Callable[[int, int], None] | None = None) -> None:
        """Read the library's words for searches that scan it (``scan``), now rather
        than at the first such search; ``progress`` is told how many papers' words are
        read, of how many."""
        with self._lock:
            if not self._scan_ready():
                self._scanned = LibraryTerms(self.library, progress)
        self.name_words()

    def _scan_ready(self) -> bool:
        """Whether the library's words are read for searches that scan it."""
        scanned = self._scanned
        return scanned is not None and scanned.papers is self.library.papers

    def _budget(self, prefix: str = "") -> int:
        return budget(len(self.library), prefix)

    def search(
        self,
        text: str,
        *,
        limit: int | None = 500,
        prefix: bool = False,
        resolve: FilterResolver | None = None,
        order: str | None = None,
    ) -> SearchResult:
        """Papers matching ``text``; an empty query lists every paper in list order, and
        a query of filters only (no words: ``ranking``) its hits.

        A query that is a paper's own identifier as it is (a DOI, an arXiv id, a link to
        the paper's page: ``identity.papers_named``) finds that paper; so does an OpenReview
        id, the paper's tuireader id, or a key its list gives it (a BibTeX key), that
        matches no words.

        ``order="list"``: the hits are the first ``limit`` in list order, not the best
        ``limit``; only those papers are read (a list's cache is read a record at a time),
        where ordering every hit needed each one's record."""
        started = time.perf_counter()
        listed = order == "list"
        # a terminal's colour codes pasted with the query are no words (nor an identifier's)
        text, dropped = ql.without_controls(text)
        result = self._answer(text, limit, prefix, resolve, started, listed)
        if dropped:
            said = "; ".join(m for m in (ql.CONTROLS_DROPPED, result.message) if m)
            result = dataclasses.replace(result, message=said)
        if not listed:
            return result
        # the index's hits are in list order already; a paper's identifiers may name a few
        hits = tuple(sorted(result.hits, key=lambda hit: hit.paper.order))
        return dataclasses.replace(result, hits=hits, listed=True)

    def _answer(
        self,
        text: str,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
        listed: bool,
    ) -> SearchResult:
        """``search``'s answer (``listed``: its index's hits in list order)."""
        if _IDENTIFIER_LIKE.fullmatch(text.strip()):
            pasted = self._pasted(text, limit, prefix, resolve, started, listed)
            if pasted is not None:
                return pasted
        # an OpenReview id may begin with a dash: the paper, not every paper without it
        named = self._openreview(text) if text.strip().startswith("-") else ()
        if named:
            return self._named(text, named, started)
        result = self._search(text, limit, prefix, resolve, started, listed)
        if not result.total and not result.message:
            named = self._openreview(text) or self._own_id(text)
            if named:
                return self._named(text, named, started)
        if not result.total:  # "Smith:2020" is no field: a key its list gives a paper
            named = self._list_key(text)
            if named:
                return self._named(text, named, started)
        return result

    def _list_key(self, text: str) -> tuple[Paper, ...]:
        """The papers whose list gives them the key ``text`` given alone (a BibTeX key:
        ``identity.papers_keyed``), as written, else in any case; none for other text.
        Only a word shaped as a key is looked up (a year or another digit, a capital, a
        colon: "vaswani2017attention", "abdiHolmSequential", "Smith:2020"), not a filter
        ("year:1900"): a lower-case word that matches nothing is a word mistyped, and the
        keys are gathered from every paper, which reads a large list's cache whole."""
        word = text.strip()
        shaped = any(char.isdigit() or char.isupper() or char == ":" for char in word)
        if not shaped or any(char.isspace() for char in word):
            return ()
        field_name = _FIELD_NAME.match(word)
        if field_name and field_name.group(1).lower() in _QUERY_NAMES:
            return ()
        from tuireader.ingest.identity import papers_keyed

        found = papers_keyed(self.library, word)
        if not found and any(char.isdigit() for char in word):
            # the key a citation gave it (``pmlr-v235-bamas24a``, ``smith2020deep``)
            from tuireader.ingest.lookup import papers_cited

            found = papers_cited(self.library, word)
        return found

    def _own_id(self, text: str) -> tuple[Paper, ...]:
        """The paper whose tuireader id ``text`` is, given alone (what ``i`` copies and
        ``search`` lists), when it matches no words; none for other text."""
        word = text.strip().casefold()
        if not _OWN_ID.fullmatch(word):
            return ()
        paper = self.library.peek(word)
        return (paper,) if paper is not None else ()

    def _pasted(
        self,
        text: str,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
        listed: bool = False,
    ) -> SearchResult | None:
        """A query that is an identifier pasted whole: the paper it names, or what is said
        of one no paper here has (not words to look for); any other link pasted whole:
        the papers with that link, as url: finds them (its "https:" is no field, and its
        pieces are no words to look for); None for other text. (The identifiers' module
        reads no list: it is imported for such a query only.)"""
        from tuireader.ingest.identity import named_keys, not_in_lists, papers_with

        keys = named_keys(text)
        if keys:
            named = papers_with(self.library, keys)
            said = None if named else not_in_lists(keys[0], ql.shortened(keys[0].value))
            return self._named(text, named, started, said)
        if _LINK.fullmatch(text.strip()):
            found = self._search("url:" + text.strip(), limit, prefix, resolve, started, listed)
            return dataclasses.replace(found, query=text)
        return None

    def _openreview(self, text: str) -> tuple[Paper, ...]:
        """The paper whose OpenReview id ``text`` is, given alone (none for other text)."""
        if not _OPENREVIEW_LIKE.fullmatch(text.strip()):
            return ()
        from tuireader.ingest.identity import papers_named

        return papers_named(self.library, text, bare=True)

    def _named(
        self, text: str, papers: Sequence[Paper], started: float, message: str | None = None
    ) -> SearchResult:
        """The papers an identifier names (``message``: what is said of one none has)."""
        return SearchResult(
            query=text,
            hits=tuple(Hit(paper, 0.0) for paper in papers),
            total=len(papers),
            elapsed_ms=(time.perf_counter() - started) * 1000,
            message=message,
            said_why=message is not None,
        )

    def _search(
        self,
        text: str,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
        listed: bool = False,
    ) -> SearchResult:
        parsed = ql.without_common_words(ql.parse(text, prefix=prefix), self._names_a_list)
        if parsed.root is None:
            papers = self.library.papers if limit is None else self.library.first(limit)
            return SearchResult(
                query=text,
                hits=tuple(Hit(p, 0.0) for p in papers),
                total=len(self.library),
                elapsed_ms=(time.perf_counter() - started) * 1000,
                message=parsed.message,
                sort=parsed.sort,
                listed=True,
            )
        # a query of filters only ranks none of its hits above another: they are in list
        # order, as every paper is for no query (``ranking``), not the index's own order
        listed = listed or not ranks(parsed.root)
        parsed, resolve = self._with_list_files(parsed, resolve)
        result = self._evaluated(text, parsed, limit, prefix, resolve, started, listed)
        if result.total:
            return result
        unknown = self._unknown_lists(parsed.root)
        if not unknown:
            return result
        message = "; ".join(m for m in (result.message, *unknown) if m)
        return dataclasses.replace(result, message=message, said_why=True)

    def _evaluated(
        self,
        text: str,
        parsed: ql.ParsedQuery,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
        listed: bool = False,
    ) -> SearchResult:
        if self._searcher is not None:
            try:
                with collector_paused():
                    return self._indexed(text, parsed, limit, prefix, resolve, started, listed)
            except Exception as exc:
                if not self._heal(exc):
                    raise
            if self._searcher is not None:
                with collector_paused():
                    return self._indexed(text, parsed, limit, prefix, resolve, started, listed)
        # the scan's hits are in list order
        with collector_paused():
            return self._scan(text, parsed, limit, started, resolve)

    def _with_list_files(
        self, parsed: ql.ParsedQuery, resolve: FilterResolver | None
    ) -> tuple[ql.ParsedQuery, FilterResolver | None]:
        """``parsed`` with each ``list:`` word that names a list by its file's stem only
        (``list:corl2023`` for corl2023.json, a list named "CoRL 2023" by its venue:
        ``index.lists_by_file``; ``list:corl202`` too while it is being typed), or by
        the name of the library's entry it is read through (``list:real``, a folder
        added: ``index.lists_by_entry``), finding that list's papers as well, and
        ``resolve`` answering for them; both as they were when there is none (the lists
        and the library are looked at for a ``list:`` word only)."""
        found: dict[str, set[str]] = {}
        entries: list[EntryLists] | None = None

        def by_file(word: ql.Term | ql.Phrase) -> ql.Node:
            if word.field != "lists":
                return word
            nonlocal entries
            typed = isinstance(word, ql.Term) and word.prefix
            by_path = lists_by_path(word.text, self.library.lists)
            if by_path:
                # a file's name finds every list read from a file of that name, one
                # with its folders the list of that file alone
                value = f"{word.text}*" if typed else word.text
                found[value] = {paper_id for each in by_path for paper_id in each.paper_ids}
                return ql.Filter(ql.LIST_FILE, value)
            if entries is None:
                entries = self._entries()
            if not typed and ql.common_words_only(word.text):
                # the index looks up no stop word: the lists "a" names are its papers
                whole = lists_named_whole(word.text, self.library.lists, entries)
                if whole:
                    found[word.text] = {i for each in whole for i in each.paper_ids}
                    return ql.Filter(ql.LIST_FILE, word.text)
            meant, apart = lists_named_apart(word.text, self.library.lists, entries, prefix=typed)
            if apart:
                # the word is a word of the name of a list named apart from the one it
                # names: that list's papers only, not those the word finds in the other's
                value = f"{word.text}*" if typed else word.text
                gone = {id(each) for each in apart}
                found[value] = {
                    paper_id
                    for each in meant
                    if id(each) not in gone
                    for paper_id in each.paper_ids
                }
                return ql.Filter(ql.LIST_FILE, value)
            named = lists_by_file(word.text, self.library.lists, prefix=typed)
            named += lists_by_entry(word.text, entries, prefix=typed)
            if not named:
                return word
            names = self._names_alone(named)
            if names:
                # found by their names as the index holds them, as list:"NAME" is
                return ql.Or((word, *(ql.Phrase(name, field="lists") for name in names)))
            value = f"{word.text}*" if typed else word.text
            found[value] = {paper_id for each in named for paper_id in each.paper_ids}
            return ql.Or((word, ql.Filter(ql.LIST_FILE, value)))

        root = ql.replace_words(parsed.root, by_file)
        if root is parsed.root:
            return parsed, resolve
        if not found:
            return dataclasses.replace(parsed, root=root), resolve

        def answer(name: str, value: str) -> set[str] | None:
            if name == ql.LIST_FILE:
                return found.get(value)
            return resolve(name, value) if resolve is not None else None

        return dataclasses.replace(parsed, root=root), answer

    def _names_alone(self, named: Sequence[PaperList]) -> list[str]:
        """The names of the lists ``named``, when the index finds by each of them only
        lists among them (no other list's name holds theirs: "ICML 2024" beside "ICML
        2024 Orals"), else nothing. Found by their names, the papers of a folder of
        twenty lists of 5,000 papers each are twenty terms of the index; as their
        papers, they were 100,000 ids looked up in it (9 s for ``list:parts``)."""
        names = list(dict.fromkeys(each.name for each in named if each.name.strip()))
        chosen = {id(each) for each in named}
        others = [each.name for each in self.library.lists if id(each) not in chosen]
        if any(list_named(name, other) for name in names for other in others):
            return []
        # a paper's list names are one field: a name of several words could be found
        # across two of them ("deep" and "learning" for "deep learning"), and one of
        # no words (a list named "++") by none
        terms = {name: name_terms(name) for name in {*names, *(e.name for e in self.library.lists)}}
        for name in names:
            mine = terms[name]
            if not mine:
                return []
            for cut in range(1, len(mine)):
                head, tail = mine[:cut], mine[cut:]
                ends = any(t[-cut:] == head for n, t in terms.items() if n != name)
                starts = any(t[: len(tail)] == tail for n, t in terms.items() if n != name)
                if ends and starts:
                    return []
        return names

    def _unknown_lists(self, root: ql.Node | None) -> list[str]:
        """What is said of the query's ``list:`` words that name no list of the library
        (``index.unknown_list``), when it found nothing; of a word being typed, when no
        list's name begins with it."""
        words = [word for word in ql.words(root) if word.field == "lists"]
        if not words:
            return []
        names = [entry.name for entry in self._entries()]
        said = (
            unknown_list(
                word.text,
                self.library.lists,
                prefix=isinstance(word, ql.Term) and word.prefix,
                entries=names,
            )
            for word in words
        )
        return list(dict.fromkeys(text for text in said if text))

    def _names_a_list(self, text: str) -> bool:
        """Whether ``list:text`` names a list of the library whole
        (``index.lists_named_whole``)."""
        return bool(lists_named_whole(text, self.library.lists, self._entries()))

    def _entries(self) -> list[EntryLists]:
        """The entries of the user's library that the lists searched are read through,
        by name (``index.library_entries``), read again for each query that names a
        list: ``tuireader add`` may have changed them since."""
        if self.paths is None:
            return []
        return library_entries(self.library.lists, self.paths)

    def _indexed(
        self,
        text: str,
        parsed: ql.ParsedQuery,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
        listed: bool = False,
    ) -> SearchResult:
        out = Compiled(problems=list(parsed.problems))
        suggestion = None
        with self._lock:
            ctx, scores = self._context, self._terms
            assert ctx is not None and scores is not None
            plan = make_plan(ctx, parsed.root, out, resolve)
            only = self._only
            if plan is not None:
                if only is not None:
                    plan.allowed = only if plan.allowed is None else plan.allowed & only
                ranked, total = run_plan(ctx, scores, plan, limit, listed=listed)
            else:
                out = Compiled(problems=list(parsed.problems))
                ranked, total = run_compiled(
                    ctx,
                    compile_query(ctx, parsed.root, out, resolve),
                    out,
                    limit,
                    only=only,
                    listed=listed,
                )
            # a query of more words than are searched: those words only (``query.MAX_WORDS``)
            searched = text if parsed.searched is None else parsed.searched
            if total < SUGGEST_BELOW and out.words:
                suggestion = suggest(ctx, searched, total, prefix and searched is text, resolve)
            if not total:
                out.problems.extend(_markup_said(ctx.vocabulary, searched))
            shown = ql.finished_version(searched, parsed.root)
            terms = query_forms(shown or parsed.root, self.vocabulary, self._budget, ctx.umlauts)
        message = self._told("; ".join(dict.fromkeys(out.problems)) or None)
        return SearchResult(
            query=text,
            hits=_hits(ranked, terms, out.forms) if shown else _hits(ranked, out.forms),
            total=total,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            suggestion=suggestion,
            message=message,
            exact=out.exact,
            terms=terms,
            sort=parsed.sort,
            listed=listed,
        )

    def _scan(
        self,
        text: str,
        parsed: ql.ParsedQuery,
        limit: int | None,
        started: float,
        resolve: FilterResolver | None,
    ) -> SearchResult:
        """Without an index: the query answered from the library's terms, read as the
        index reads them (once, at the first search), the hits in list order."""
        said = self.rebuilding or self.problem
        if self.rebuilding is not None and not self._scan_ready():
            # the words are being read on the rebuild's thread: nothing yet, and why
            return SearchResult(
                query=text,
                hits=(),
                total=0,
                elapsed_ms=(time.perf_counter() - started) * 1000,
                message=f"{self._damage}; rebuilding it: {READING_WORDS}",
                said_why=True,
                sort=parsed.sort,
                listed=True,
            )
        problems = [*parsed.problems, *([said] if said else [])]
        out = Compiled(problems=problems)
        self.prepare_scan()
        with self._lock:
            terms = self._scanned
            assert terms is not None
            found, total = scan(terms, parsed.root, out, limit, resolve)
            ranked = [(paper, 0.0) for paper in found]
            searched = text if parsed.searched is None else parsed.searched
            if not total:
                out.problems.extend(_markup_said(terms.vocabulary, searched))
            shown = ql.finished_version(searched, parsed.root)
            forms = query_forms(
                shown or parsed.root, terms.vocabulary, self._budget, terms.lexicon.umlauts
            )
        return SearchResult(
            query=text,
            hits=_hits(ranked, forms, out.forms) if shown else _hits(ranked, out.forms),
            total=total,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            message="; ".join(dict.fromkeys(out.problems)) or None,
            exact=out.exact,
            terms=forms,
            sort=parsed.sort,
            listed=True,
        )

    def similar(self, paper_id: str, *, limit: int = 20) -> SearchResult:
        """Papers like ``paper_id``, by the key terms of its title and abstract."""
        started = time.perf_counter()
        paper = self.library.get(paper_id)
        if paper is None:
            return SearchResult(paper_id, (), 0, 0.0, message=f"no paper with id {paper_id}")
        if self._searcher is not None:
            try:
                return self._similar(paper, started, limit)
            except Exception as exc:
                if not self._heal(exc):
                    raise
            if self._searcher is not None:
                return self._similar(paper, started, limit)
        message = self._told(self.problem) or "similar papers need the search index"
        return SearchResult(paper_id, (), 0, 0.0, message=message)

    def _similar(self, paper: Paper, started: float, limit: int) -> SearchResult:
        paper_id = paper.id
        with self._lock:
            searcher, scores = self._searcher, self._terms
            assert searcher is not None and scores is not None
            # the index's numbers counted as a search counts them: over the lists searched
            statistics = scores.statistics
            text = _COMMAND.sub(" ", f"{title_text(paper)}. {abstract_text(paper)}")
            keys = key_terms(statistics, "abstract", text, 32)
            keys = [(term, weight) for term, weight in keys if _telling(term)][:SIMILAR_TERMS]
            if not keys:
                return SearchResult(
                    paper_id, (), 0, 0.0, message="this paper has too little text to compare"
                )
            terms = [
                wq.Term(name, term, boost=weight) for term, weight in keys for name in TEXT_FIELDS
            ]
            q = wq.And([wq.Or(terms), wq.Not(wq.Term("id", paper_id))])
            # Every match is scored: Whoosh's top-N shortcuts (skipping blocks and terms
            # whose best score seems too low to place) assume unboosted terms, and with
            # the key terms' weights as boosts they left out papers scored above the
            # ones kept, so which papers came back depended on the limit. Every match is
            # kept, so that those of equal score are in the lists' order (``best_first``)
            # before the first ``limit`` are, not the index's.
            collector = UnlimitedCollector()
            allowed = _sharing(searcher.reader(), [term for term, _ in keys])
            if self._only is not None:
                allowed &= self._only
            # scored by Whoosh's BM25F, as More like this has always ranked: its key terms'
            # weights are boosts over title and abstract alike, which the field weights
            # of the searcher's own scoring (``fastsearch.Weighting``) would tilt
            searcher.search_with_collector(
                q,
                FilterCollector(collector, allowed, None),
                context=searcher.context(weighting=LikeWeighting(statistics)),
            )
            documents = self._documents
            assert documents is not None
            scored = ((doc, score) for score, doc in collector.results().top_n)
            top = documents.best_first(scored)[:limit]
            papers = documents.papers([doc for doc, _ in top])
            ranked = [(p, s) for p, (_, s) in zip(papers, top, strict=True) if p is not None]
            # the papers shown are the matches: every paper sharing a word with this one
            # matched, and the reader said "1,287 match" over the 20 it listed
            total = len(ranked)
        key_words = {w for term, _ in keys for w in self.vocabulary.forms_of(term) or [term]}
        hits = _hits(ranked, key_words)
        return SearchResult(
            query=f"similar:{paper_id}",
            hits=hits,
            total=total,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            # none found is said: `similar` printed nothing and the reader "0 match"
            message="; ".join(filter(None, (None if total else NONE_SIMILAR, self._told(None)))),
            terms=frozenset(key_words),
        )

    def term_spans(self, text: str, query: str) -> tuple[Span, ...]:
        """Where the words of ``query`` (any word form) occur in ``text``.

        A search result carries these words already (``SearchResult.terms``)."""
        root = ql.parse(query, prefix=True).root
        root = ql.finished_version(query, root) or root
        return spans_in(text, marker(query_forms(root, self.vocabulary, self._budget)))


def open_engine(
    library: Library,
    paths: DataPaths,
    *,
    progress: Callable[[int, int], None] | None = None,
    note: Callable[[str], None] | None = None,
    rebuild: bool = False,
    lock_wait: float | None = None,
    fingerprints: dict[str, str] | None = None,
) -> Engine:
    """Open (building or updating as needed) the index for ``library``.

    Never raises for index trouble: an index whose files cannot be read, whatever the
    exception, is rebuilt (and the engine says so in its messages); when no index can
    be had, the engine scans the library's text instead and says so in
    ``Engine.problem``. An index that fails later, while searched, is rebuilt then.
    ``fingerprints``: each paper's ``index.fingerprint``, when already known. Lists read
    from a stream are searched in an index of their own (``index.index_paths``).
    """
    wait = LOCK_WAIT_SECONDS if lock_wait is None else lock_wait
    paths = index_paths(library, paths)
    heal = healer(library, paths, progress=progress, note=note, lock_wait=wait)

    try:
        opened = open_index(
            library,
            paths,
            progress=progress,
            note=note,
            rebuild=rebuild,
            lock_wait=wait,
            fingerprints=fingerprints,
        )
    except Exception as exc:  # noqa: BLE001 - whatever it is, the library can be scanned
        scanning = Engine(library, None, problem=_unavailable(exc, paths), paths=paths)
        scanning.retry = isinstance(exc, IndexUnavailable) and exc.busy
        return scanning
    try:
        return Engine(library, opened, rebuild=heal, paths=paths)
    except Exception as exc:  # noqa: BLE001 - the index's files could not be read
        with contextlib.suppress(Exception):
            opened.ix.close()
        damage = unusable(exc, opened.path)
    try:
        return Engine(library, heal(damage), paths=paths)
    except Exception as exc:  # noqa: BLE001 - as above: scan
        return Engine(library, None, problem=_unavailable(exc, paths), paths=paths)


def scanning_engine(library: Library, paths: DataPaths | None = None) -> Engine:
    """An engine that scans ``library`` (no index) while its index is being built: its
    hits are in list order, and its results say so until the index is ready."""
    return Engine(
        library, None, problem=f"the search index is being built: {SCANNED_MEANWHILE}", paths=paths
    )


def healer(
    library: Library,
    paths: DataPaths,
    *,
    progress: Callable[[int, int], None] | None = None,
    note: Callable[[str], None] | None = None,
    lock_wait: float = LOCK_WAIT_SECONDS,
) -> Callable[[str], OpenIndex]:
    """What rebuilds the index of ``library`` when it fails while in use."""

    def heal(damage: str) -> OpenIndex:
        return open_index(
            library, paths, progress=progress, note=note, damage=damage, lock_wait=lock_wait
        )

    return heal


def _unavailable(exc: Exception, paths: DataPaths | None) -> str:
    """Why there is no index, as the problem of an engine that scans instead."""
    if isinstance(exc, IndexUnavailable):
        return f"{exc}; searching without the index"
    if isinstance(exc, OSError):
        where = f" in {paths.index_dir}" if paths is not None else ""
        return f"the search index{where} cannot be written ({exc.strerror}); searching without it"
    return f"the search index could not be opened ({describe_error(exc)}); searching without it"


#: what is said of searches that scan the library while its index is being built
SCANNED_MEANWHILE = "results in list order until it is ready"
#: what is said of searches made before the library's words are read for such a scan
READING_WORDS = "reading the papers' words to search them meanwhile"


#: key terms of a paper that "More like this" looks for in others.
SIMILAR_TERMS = 16
#: what "More like this" says when no other paper shares a key term of the paper
NONE_SIMILAR = "no other paper shares enough of its words"


#: the key terms a paper shares with another at least to be like it (fewer if it has
#: fewer): one alone, however rare, tells no likeness ("HYDRA: Hybrid Robot Actions for
#: Imitation Learning" found an astronomy paper on "EX Hydrae" 13th by "hydra" alone)
SIMILAR_SHARED = 2


def _sharing(reader, terms: list[str]) -> set[int]:  # type: ignore[no-untyped-def]
    """The documents whose title or abstract has ``SIMILAR_SHARED`` of ``terms`` at least
    (all of them when there are fewer)."""
    shared: Counter[int] = Counter()
    for term in terms:
        having: set[int] = set()
        for name in TEXT_FIELDS:
            if (name, term) in reader:
                having.update(reader.postings(name, term).all_ids())
        shared.update(having)
    enough = min(SIMILAR_SHARED, len(terms))
    return {doc for doc, count in shared.items() if count >= enough}


#: a LaTeX command of a paper's text: its name is markup, no word of the paper. The key
#: terms of ICML 2024's papers with math held ``mathcal``, ``textit``, ``sqrt`` and
#: ``\times``'s "time", and brought in papers by them: "On the Complexity of Finite-Sum
#: Smooth Optimization under the Polyak–Łojasiewicz Condition" found, after the paper on
#: Polyak–Łojasiewicz networks, four that share its ``\log``, ``\sqrt``, ``\big`` or
#: ``\cdot`` and "order". The norms papers are about stay (ℓ_p, ℓ_∞: "Coresets for
#: Multiple $\ell_p$ Regression").
_COMMAND = re.compile(r"\\(?!(?:ell|infty)(?![A-Za-z]))[A-Za-z]+")


def _telling(term: str) -> bool:
    """Whether a key term says what a paper is about. Not a symbol of its math (``α``,
    and ``alpha`` as the index also spells it, ``x``), a number, or a word of two letters:
    rare in most lists, they weigh much, and "α-MDF" (robot state estimation) found
    "From dyadic Λ_α to Λ_α" first."""
    if is_cjk(term):
        return True
    return len(term) >= 3 and not term.isdigit() and term not in _symbol_names()


@functools.cache
def _symbol_names() -> frozenset[str]:
    """The names of Greek letters, as written in math and as the index stems them."""
    from tuireader.render.textrender import GREEK

    return frozenset(GREEK) | frozenset(stem(name) for name in GREEK)
