"""Search over the library: the query language on top of the Whoosh index.

``open_engine`` opens (and if needed updates) the index and returns an ``Engine``
whose methods return plain dataclasses: hits with the words that matched and the
character spans to highlight, a "did you mean" suggestion, and a message when the
query had to be repaired. The engine is safe to call from a worker thread.

Live search treats the last word as a prefix. Whoosh would stem the text before
``*`` (``bay*`` → ``bai*``), so prefixes are expanded here, on the raw lowercase
vocabulary, to the most frequent words that start with them, within a posting budget:
a one-letter prefix over 100,000 papers stays fast instead of expanding to thousands
of terms.
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import re
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from whoosh import query as wq
from whoosh.matching import NullMatcher
from whoosh.matching.wrappers import FilterMatcher
from whoosh.query.wrappers import WrappingQuery
from whoosh.scoring import BM25F

from tuireader.model import Library, Paper
from tuireader.search import query as ql
from tuireader.search import whooshdoor
from tuireader.search.analysis import (
    CJK_RUN,
    LATIN_WORD,
    STOPS,
    Phrase,
    ascii_words,
    fold,
    is_cjk,
    raw_words,
    stem,
)
from tuireader.search.fastsearch import Alternative, Plan, TermScores, evaluate
from tuireader.search.index import (
    IndexReport,
    IndexUnavailable,
    OpenIndex,
    describe_error,
    open_index,
)
from tuireader.system.paths import DataPaths

Span = tuple[int, int]
#: answers a triage filter (``is:kept``, ``tag:x``, ``has:note``) with paper ids, or None
#: when there is no triage data to ask.
FilterResolver = Callable[[str, str], "set[str] | None"]

TEXT_FIELDS = ("title", "abstract")
NAME_FIELDS = ("authors", "lists", "venue")
DEFAULT_FIELDS = (*TEXT_FIELDS, *NAME_FIELDS, "urls")
#: a prefix expands to at most this many words...
PREFIX_MAX_WORDS = 24
#: ...and, past its first word, to no more postings than this share of the library
PREFIX_POSTING_SHARE = 0.25
#: (times this for the shortest prefixes).
SHORT_PREFIX_SHARE = {1: 0.2, 2: 0.5}
#: author, list and venue names are prefix-matched from this many letters on (shorter:
#: only the whole name); two-letter expansions cost ~10 ms a keystroke at 2.6k papers
NAME_PREFIX_MIN = 3
FRAGMENT_CHARS = 240
#: hits past this many carry title highlights only (no abstract fragment): a list shows
#: titles, and the viewer highlights the one paper it shows.
HIGHLIGHT_TOP = 20
SUGGEST_BELOW = 3


@dataclass(frozen=True)
class Fragment:
    text: str
    spans: tuple[Span, ...]


@dataclass(frozen=True)
class Hit:
    paper: Paper
    score: float
    matched: tuple[str, ...]
    title_spans: tuple[Span, ...]
    fragments: tuple[Fragment, ...]


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


@dataclass
class _Compiled:
    """What compiling a query learns besides the query itself."""

    #: raw words (folded) a hit may show, for highlighting
    forms: set[str] = field(default_factory=set)
    #: the user's words, for "matched" and suggestions
    words: list[str] = field(default_factory=list)
    #: some part of the query ranks by relevance (not filters or exclusions only)
    scored: bool = False
    #: False when a prefix was expanded to its most frequent words only
    exact: bool = True
    problems: list[str] = field(default_factory=list)


class Vocabulary:
    """The raw words of the library with document frequencies, sorted for prefix lookup."""

    def __init__(self, counts: dict[str, int], stems: dict[str, str] | None = None) -> None:
        self.counts = counts
        self.words = sorted(counts)
        #: stems worked out when the index was written (words missing are their own stem)
        self._stems = stems
        self._by_stem: dict[str, list[str]] | None = None
        self._by_initial: dict[str, list[str]] | None = None

    def starting_with(self, prefix: str) -> list[str]:
        lo = bisect.bisect_left(self.words, prefix)
        hi = bisect.bisect_left(self.words, prefix + "\U0010ffff")
        return self.words[lo:hi]

    def expand(self, prefix: str, budget: int) -> tuple[list[str], bool]:
        """The most frequent words starting with ``prefix``; False when some were left out."""
        candidates = self.starting_with(prefix)
        if len(candidates) <= 1:
            return candidates, True
        ranked = sorted(candidates, key=lambda w: (w != prefix, -self.counts[w], w))
        chosen: list[str] = []
        postings = 0
        for word in ranked:
            if len(chosen) >= PREFIX_MAX_WORDS or (
                chosen and postings + self.counts[word] > budget
            ):
                break
            chosen.append(word)
            postings += self.counts[word]
        return chosen, len(chosen) == len(candidates)

    def forms_of(self, word: str) -> list[str]:
        """Every raw word with the same stem as ``word`` ("model" → model, models, modeling)."""
        known = self._stems
        if self._by_stem is None:
            # With the stems saved beside the index, only the words that are not their
            # own stem need grouping (a tenth of the vocabulary); a word that is its own
            # stem is a form of itself alone.
            by_stem: dict[str, list[str]] = {}
            if known is not None:
                for w, key in known.items():
                    by_stem.setdefault(key, []).append(w)
            else:
                for w in self.words:
                    by_stem.setdefault(stem(w), []).append(w)
            self._by_stem = by_stem
        key = stem(word)
        forms = self._by_stem.get(key, [])
        if known is not None and key in self.counts and key not in known:
            forms = [key, *forms]
        return forms

    def correction(self, word: str) -> str | None:
        """The most frequent known word within a small edit distance of ``word``."""
        if word in self.counts or len(word) < 3 or is_cjk(word):
            return None
        if self._by_initial is None:
            initial: dict[str, list[str]] = {}
            for w in self.words:
                initial.setdefault(w[0], []).append(w)
            self._by_initial = initial
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        limit = 1 if len(word) <= 4 else 2
        pool = [w for w in self._by_initial.get(word[0], ()) if abs(len(w) - len(word)) <= limit]
        found = process.extract(word, pool, scorer=OSA.distance, score_cutoff=limit, limit=20)
        if not found:
            return None
        best = min(found, key=lambda item: (item[1], -self.counts[item[0]], item[0]))
        return best[0]


class Marker:
    """Finds the words of a query (any of their raw forms) in a text, as character spans.

    Scans the text's words once and looks each up in a set, which is far cheaper than
    one regular expression with an alternative per form.
    """

    def __init__(self, forms: Iterable[str]) -> None:
        self.forms = frozenset(f for f in forms if f)
        self.cjk = frozenset(f for f in self.forms if is_cjk(f))

    def spans(self, text: str) -> tuple[Span, ...]:
        if not self.forms or not text:
            return ()
        low = text.lower()
        if len(low) != len(text):  # a rare character whose lowercase is longer
            return tuple((a, b) for w, a, b in raw_words(text, stops=False) if w in self.forms)
        if low.isascii() and not self.cjk:
            return _ascii_spans(low, self.forms.intersection(ascii_words(low)))
        forms = self.forms
        found = [
            m.span()
            for m in LATIN_WORD.finditer(low)
            if m.group() in forms or (not m.group().isascii() and fold(m.group()) in forms)
        ]
        if self.cjk:
            for m in CJK_RUN.finditer(text):
                run, start = m.group(), m.start()
                found.extend(
                    (start + i, start + i + 2)
                    for i in range(len(run) - 1)
                    if run[i : i + 2] in self.cjk
                )
                if len(run) == 1 and run in self.cjk:
                    found.append(m.span())
            found.sort()
        return tuple(found)


def _ascii_spans(low: str, present: Iterable[str]) -> tuple[Span, ...]:
    """Where the ``present`` words stand as whole words in the lowercase ASCII ``low``.

    Most of an abstract's words are not query words: they are set aside in C (split,
    set intersection), and only the few present are looked for, with ``str.find``.
    """
    found = []
    size = len(low)
    for word in present:
        at = low.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not low[at - 1].isalnum()) and (end == size or not low[end].isalnum()):
                found.append((at, end))
                at = low.find(word, end)
            else:
                at = low.find(word, at + 1)
    found.sort()
    return tuple(found)


def _marker(forms: Iterable[str]) -> Marker | None:
    marker = Marker(forms)
    return marker if marker.forms else None


def spans_in(text: str, pattern: Marker | None) -> tuple[Span, ...]:
    if pattern is None or not text:
        return ()
    return pattern.spans(text)


def _fragment(text: str, pattern: Marker | None) -> Fragment | None:
    return _fragment_from(text, spans_in(text, pattern))


def _fragment_from(text: str, spans: tuple[Span, ...]) -> Fragment | None:
    if not spans:
        return None
    first = spans[0][0]
    start = (
        0 if first < FRAGMENT_CHARS // 3 else text.rfind(" ", 0, first - FRAGMENT_CHARS // 4) + 1
    )
    end = min(len(text), start + FRAGMENT_CHARS)
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > start else end
    piece = text[start:end]
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    inside = tuple((a + shift, b + shift) for a, b in spans if a >= start and b <= end)
    return Fragment(prefix + piece + suffix, inside)


class Engine:
    """Searches one library through its index. Thread-safe: calls are serialised."""

    def __init__(
        self,
        library: Library,
        opened: OpenIndex | None,
        *,
        problem: str | None = None,
        rebuild: Callable[[str], OpenIndex] | None = None,
    ):
        self.library = library
        self._lock = threading.Lock()
        self._attach(opened)
        self.problem = problem
        #: builds a new index when this one fails while in use (see ``_heal``)
        self._rebuild = rebuild
        #: said once, with the next result: what healing the index did
        self._notice: str | None = None

    def _attach(self, opened: OpenIndex | None) -> None:
        """Search ``opened`` (None: scan the library). Raises if its files cannot be read."""
        self._opened = opened
        self._searcher = None
        self._terms = None
        try:
            if opened is not None:
                self._searcher = opened.ix.searcher(weighting=BM25F())
                self._terms = TermScores(self._searcher.reader())
                self._terms.prepare(DEFAULT_FIELDS)
        except BaseException:
            self._detach()
            raise
        self.vocabulary = Vocabulary(opened.vocab, opened.stems) if opened else Vocabulary({})
        self.report = opened.report if opened else IndexReport(read_only=True)
        note = whooshdoor.take_note()
        if note:
            self.report = dataclasses.replace(self.report, messages=(*self.report.messages, note))

    def _detach(self) -> None:
        """Close the index, whatever state it is in."""
        searcher, opened = self._searcher, self._opened
        self._searcher = self._terms = self._opened = None
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
            self._detach()
            damage = f"the search index was damaged ({describe_error(exc)})"
            try:
                self._attach(self._rebuild(damage))
            except Exception as again:  # noqa: BLE001 - any failure: scan the library
                self._detach()
                self.vocabulary = Vocabulary({})
                self.report = IndexReport(read_only=True)
                self._rebuild = None
                self.problem = _unavailable(again, None)
                self._notice = None
            else:
                self._notice = self.report.messages[-1] if self.report.messages else None
        return True

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
    def messages(self) -> tuple[str, ...]:
        extra = (self.problem,) if self.problem else ()
        return self.report.messages + extra

    def close(self) -> None:
        with self._lock:
            self._detach()

    # -- compiling ----------------------------------------------------------------------

    def _budget(self, prefix: str = "") -> int:
        """How many postings a prefix may expand to past its first word.

        One and two letters get a fifth and a half of the budget: they match most of
        the library whatever they expand to, and are replaced by the next keystroke.
        """
        share = PREFIX_POSTING_SHARE * SHORT_PREFIX_SHARE.get(len(prefix), 1.0)
        return max(2_000, int(len(self.library) * share))

    @staticmethod
    def _word_alternatives(word: str, fieldname: str | None) -> list[Alternative]:
        """The (field, term) pairs one raw word (or CJK gram) may match."""
        alts: list[Alternative] = []
        for name in (fieldname,) if fieldname else DEFAULT_FIELDS:
            if name in TEXT_FIELDS:
                if word not in STOPS:
                    alts.append((name, word if is_cjk(word) else stem(word)))
            else:
                alts.append((name, word))
        return alts

    def _word_query(self, words: Sequence[str], fieldname: str | None) -> wq.Query:
        """One raw word (or a CJK gram) in the given field or the default fields."""
        return _or_terms([a for w in words for a in self._word_alternatives(w, fieldname)])

    def _name_prefix(self, fieldname: str, prefix: str) -> list[str]:
        """Terms of an unstemmed field starting with ``prefix``, most frequent first, budgeted."""
        assert self._searcher is not None
        reader = self._searcher.reader()
        if len(prefix) < NAME_PREFIX_MIN and not is_cjk(prefix):
            # too short to expand cheaply; a whole short name ("Li", "Wu") still counts
            return [prefix] if (fieldname, prefix) in reader else []
        found = []
        for term in reader.expand_prefix(fieldname, prefix):
            found.append(term.decode("utf-8") if isinstance(term, bytes) else term)
            if len(found) >= 4 * PREFIX_MAX_WORDS:
                break
        freq = {t: reader.doc_frequency(fieldname, t) for t in found}
        found.sort(key=lambda t: (t != prefix, -freq[t], t))
        chosen, postings, budget = [], 0, self._budget(prefix)
        for term in found[:PREFIX_MAX_WORDS]:
            if chosen and postings + freq[term] > budget:
                break
            chosen.append(term)
            postings += freq[term]
        return chosen

    def _compile(
        self, node: ql.Node | None, out: _Compiled, resolve: FilterResolver | None
    ) -> wq.Query | None:
        if node is None:
            return None
        if isinstance(node, ql.Term):
            return self._compile_term(node, out)
        if isinstance(node, ql.Phrase):
            return self._compile_phrase(node, out)
        if isinstance(node, ql.Filter):
            return self._compile_filter(node, out, resolve)
        if isinstance(node, ql.Not):
            inner = self._compile(node.child, _Compiled(problems=out.problems), resolve)
            return wq.Not(inner) if inner is not None else None
        parts = [self._compile(child, out, resolve) for child in node.children]
        kept = [p for p in parts if p is not None]
        if not kept:
            return None
        if len(kept) == 1:
            return kept[0]
        return wq.And(kept) if isinstance(node, ql.And) else wq.Or(kept)

    def _term_clauses(self, node: ql.Term, out: _Compiled) -> list[list[Alternative]]:
        """One clause per word of ``node``: each must match one of its alternatives."""
        if node.field == "year":
            out.scored = True
            return [[("year", node.text.strip())]]
        words = [w for w, _, _ in raw_words(node.text, stops=not node.prefix)]
        if not words:
            return []
        out.scored = True
        out.words.append(node.text)
        last = words.pop() if node.prefix else None
        clauses = []
        for word in words:
            if word in STOPS:
                continue
            out.forms.add(word)
            out.forms.update(self.vocabulary.forms_of(word))
            clauses.append(self._word_alternatives(word, node.field))
        if last is not None:
            clauses.append(self._prefix_alternatives(last, node.field, out))
        return clauses

    def _prefix_alternatives(
        self, last: str, fieldname: str | None, out: _Compiled
    ) -> list[Alternative]:
        alts: list[Alternative] = []
        if fieldname in (None, *TEXT_FIELDS):
            expanded, complete = self.vocabulary.expand(last, self._budget(last))
            out.exact = out.exact and complete
            out.forms.update(expanded)
            stems = sorted({stem(w) if not is_cjk(w) else w for w in expanded if w not in STOPS})
            alts.extend(
                (name, s) for name in ((fieldname,) if fieldname else TEXT_FIELDS) for s in stems
            )
        if fieldname is None or fieldname not in TEXT_FIELDS:
            for name in (fieldname,) if fieldname else (*NAME_FIELDS, "urls"):
                names = self._name_prefix(name, last)
                out.forms.update(names)
                alts.extend((name, t) for t in names)
        return alts

    def _compile_term(self, node: ql.Term, out: _Compiled) -> wq.Query | None:
        clauses = self._term_clauses(node, out)
        if not clauses:
            return None
        queries = [_or_terms(alts) for alts in clauses]
        return queries[0] if len(queries) == 1 else wq.And(queries)

    def _plan(
        self, root: ql.Node | None, out: _Compiled, resolve: FilterResolver | None
    ) -> Plan | None:
        """A plan for the fast path, or None when the query needs Whoosh's matchers."""
        assert self._searcher is not None
        plan = Plan()
        for node in root.children if isinstance(root, ql.And) else (root,):
            if isinstance(node, ql.Term):
                plan.clauses.extend(self._term_clauses(node, out))
            elif (
                isinstance(node, ql.Not)
                and isinstance(node.child, ql.Term)
                and not node.child.prefix
            ):
                words = [w for w, _, _ in raw_words(node.child.text)]
                if len(words) != 1:
                    return None
                plan.excluded.extend(self._word_alternatives(words[0], node.child.field))
            elif isinstance(node, ql.Filter) and node.name == "has" and node.value in ql.INDEX_HAS:
                plan.clauses.append([("has", node.value)])
            elif isinstance(node, ql.Filter) and resolve is not None:
                if node.name == "is" and node.value == "new":
                    others = resolve("is", "*")
                    if others is None:
                        return None
                    plan.excluded_docs |= self._docnums(others)
                    continue
                ids = resolve(node.name, node.value)
                if ids is None:
                    return None
                docs = self._docnums(ids)
                plan.allowed = docs if plan.allowed is None else plan.allowed & docs
            else:
                return None
        return plan if plan.clauses else None

    def _docnums(self, ids: Iterable[str]) -> set[int]:
        assert self._searcher is not None
        found = (self._searcher.document_number(id=pid) for pid in ids)
        return {d for d in found if d is not None}

    def _compile_phrase(self, node: ql.Phrase, out: _Compiled) -> wq.Query | None:
        words = [w for w, _, _ in raw_words(node.text, stops=False)]
        if not words:
            return None
        out.scored = True
        out.words.append(node.text)
        for word in words:
            out.forms.add(word)
            out.forms.update(self.vocabulary.forms_of(word))
        if len(words) == 1:
            return self._word_query(words, node.field)
        alts: list[wq.Query] = []
        phrase = Phrase(node.text)
        for name in (node.field,) if node.field else (*TEXT_FIELDS, *NAME_FIELDS):
            if name in TEXT_FIELDS:
                terms = [stem(w) if not is_cjk(w) else w for w in words if w not in STOPS]
                if len(terms) > 1:
                    # titles and abstracts keep no positions: the words, then the text
                    both = wq.And([wq.Term(name, t) for t in terms])
                    alts.append(_Checked(both, self._phrase_check(phrase, name)))
                    continue
            else:
                terms = words
            if len(terms) > 1:
                alts.append(wq.Phrase(name, terms))
            elif terms:
                alts.append(wq.Term(name, terms[0]))
        return alts[0] if len(alts) == 1 else wq.Or(alts)

    def _phrase_check(self, phrase: Phrase, fieldname: str) -> Callable[[object, int], bool]:
        """Whether document ``docnum`` of a (segment) searcher has ``phrase`` in a field."""
        library = self.library

        def check(searcher, docnum: int) -> bool:  # type: ignore[no-untyped-def]
            paper = library.get(searcher.stored_fields(docnum)["id"])
            return paper is not None and phrase.found_in(getattr(paper, fieldname))

        return check

    def _compile_filter(
        self, node: ql.Filter, out: _Compiled, resolve: FilterResolver | None
    ) -> wq.Query | None:
        if node.name == "has" and node.value in ql.INDEX_HAS:
            return wq.Term("has", node.value)
        if node.name == "is" and node.value == "new" and resolve is not None:
            # new is the default: everything that has any other state is excluded
            others = resolve("is", "*")
            if others is not None:
                return wq.Not(_ids_query(others)) if others else wq.Every()
        ids = resolve(node.name, node.value) if resolve else None
        if ids is None:
            if node.name == "has":
                out.problems.append(
                    f"unknown filter has:{node.value} (use has:code, has:paper, has:project, has:note)"
                )
            elif resolve is not None and node.name == "is":
                out.problems.append(
                    f"unknown state is:{node.value} (use is:new, is:kept, is:maybe, is:skip, is:read)"
                )
            else:
                out.problems.append(
                    f"{node.name}:{node.value} needs triage data, which is not open"
                )
            return None
        return _ids_query(ids)

    # -- searching ----------------------------------------------------------------------

    def search(
        self,
        text: str,
        *,
        limit: int | None = 500,
        prefix: bool = False,
        resolve: FilterResolver | None = None,
    ) -> SearchResult:
        """Papers matching ``text``; an empty query lists every paper in list order."""
        started = time.perf_counter()
        parsed = ql.parse(text, prefix=prefix)
        if parsed.root is None:
            papers = self.library.papers if limit is None else self.library.papers[:limit]
            hits = tuple(Hit(p, 0.0, (), (), ()) for p in papers)
            return SearchResult(
                query=text,
                hits=hits,
                total=len(self.library),
                elapsed_ms=(time.perf_counter() - started) * 1000,
                message=parsed.message,
            )
        if self._searcher is not None:
            try:
                return self._indexed(text, parsed, limit, prefix, resolve, started)
            except Exception as exc:
                if not self._heal(exc):
                    raise
            if self._searcher is not None:
                return self._indexed(text, parsed, limit, prefix, resolve, started)
        return self._scan(text, parsed, limit, started, resolve)

    def _indexed(
        self,
        text: str,
        parsed: ql.ParsedQuery,
        limit: int | None,
        prefix: bool,
        resolve: FilterResolver | None,
        started: float,
    ) -> SearchResult:
        out = _Compiled(problems=list(parsed.problems))
        suggestion = None
        with self._lock:
            plan = self._plan(parsed.root, out, resolve)
            if plan is not None:
                hits, total = self._run_plan(plan, out, limit)
            else:
                out = _Compiled(problems=list(parsed.problems))
                compiled = self._compile(parsed.root, out, resolve)
                hits, total = self._run(compiled, out, limit)
            if total < SUGGEST_BELOW and out.words:
                suggestion = self._suggest(text, total, prefix, resolve)
        message = self._told("; ".join(dict.fromkeys(out.problems)) or None)
        return SearchResult(
            query=text,
            hits=hits,
            total=total,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            suggestion=suggestion,
            message=message,
            exact=out.exact,
        )

    def _run_plan(
        self, plan: Plan, out: _Compiled, limit: int | None
    ) -> tuple[tuple[Hit, ...], int]:
        assert self._searcher is not None and self._terms is not None
        top, total = evaluate(self._terms, plan, limit)
        pattern = _marker(out.forms)
        stored = self._searcher.stored_fields
        hits = []
        for doc, score in top:
            paper = self.library.get(stored(doc)["id"])
            if paper is not None:
                hits.append(self._hit(paper, score, pattern, out.words, len(hits) < HIGHLIGHT_TOP))
        return tuple(hits), total

    def _run(
        self, compiled: wq.Query | None, out: _Compiled, limit: int | None
    ) -> tuple[tuple[Hit, ...], int]:
        assert self._searcher is not None
        if compiled is None:
            return (), 0
        if not out.scored or _only_negative(compiled):
            compiled = (
                wq.And([wq.Every(), compiled]) if not isinstance(compiled, wq.Every) else compiled
            )
        searcher = self._searcher
        pattern = _marker(out.forms)
        if out.scored:
            # Score every match in one pass: the total is needed anyway, and Whoosh's
            # top-k shortcut needs a second pass to count (measured slower here).
            results = searcher.search(compiled, limit=None)
            total = len(results)
            top = results[:limit] if limit is not None else results
            ranked = [(hit["id"], hit.score) for hit in top]
        else:
            ids = [searcher.stored_fields(d)["id"] for d in compiled.docs(searcher)]
            total = len(ids)
            papers = sorted((p for p in map(self.library.get, ids) if p), key=lambda p: p.order)
            ranked = [(p.id, 0.0) for p in (papers if limit is None else papers[:limit])]
        hits = []
        for pid, score in ranked:
            paper = self.library.get(pid)
            if paper is not None:
                hits.append(self._hit(paper, score, pattern, out.words, len(hits) < HIGHLIGHT_TOP))
        return tuple(hits), total

    def _hit(
        self,
        paper: Paper,
        score: float,
        pattern: Marker | None,
        words: list[str],
        full: bool = True,
    ) -> Hit:
        """A hit with its title spans; with ``full`` also its fragment and matched words."""
        title_spans = spans_in(paper.title, pattern)
        if not full:
            matched = tuple(sorted({paper.title[a:b].lower() for a, b in title_spans}))
            return Hit(paper, score, matched, title_spans, ())
        abstract_spans = spans_in(paper.abstract, pattern)
        fragment = _fragment_from(paper.abstract, abstract_spans)
        found = {paper.title[a:b].lower() for a, b in title_spans}
        found.update(paper.abstract[a:b].lower() for a, b in abstract_spans)
        return Hit(paper, score, tuple(sorted(found)), title_spans, (fragment,) if fragment else ())

    def _suggest(
        self, text: str, total: int, prefix: bool, resolve: FilterResolver | None
    ) -> str | None:
        """A corrected query, offered only when it finds more than ``text`` did."""
        changed = False

        def fix(match: re.Match[str]) -> str:
            nonlocal changed
            word = match.group()
            better = self.vocabulary.correction(fold(word))
            if better and better != fold(word):
                changed = True
                return better
            return word

        suggestion = re.sub(r"(?<![:\w-])[^\W\d_]{3,}(?![:\w])", fix, text)
        if not changed:
            return None
        out = _Compiled()
        compiled = self._compile(ql.parse(suggestion, prefix=prefix).root, out, resolve)
        if compiled is None or self._searcher is None:
            return None
        better = len(self._searcher.search(compiled, limit=1))
        return suggestion if better > total else None

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
            searcher = self._searcher
            assert searcher is not None
            keys = searcher.key_terms_from_text(
                "abstract", f"{paper.title}. {paper.abstract}", numterms=16
            )
            if not keys:
                return SearchResult(
                    paper_id, (), 0, 0.0, message="this paper has too little text to compare"
                )
            terms = [
                wq.Term(name, term, boost=weight) for term, weight in keys for name in TEXT_FIELDS
            ]
            q = wq.And([wq.Or(terms), wq.Not(wq.Term("id", paper_id))])
            results = searcher.search(q, limit=limit)
            ranked = [(hit["id"], hit.score) for hit in results]
            total = len(results)
        key_words = {w for term, _ in keys for w in self.vocabulary.forms_of(term) or [term]}
        pattern = _marker(key_words)
        hits = tuple(
            self._hit(p, score, pattern, [])
            for p, score in ((self.library.get(pid), s) for pid, s in ranked)
            if p is not None
        )
        return SearchResult(
            query=f"similar:{paper_id}",
            hits=hits,
            total=total,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            message=self._told(None),
        )

    def term_spans(self, text: str, query: str) -> tuple[Span, ...]:
        """Where the words of ``query`` (any word form) occur in ``text``."""
        parsed = ql.parse(query, prefix=True)
        forms: set[str] = set()
        for node in ql.words(parsed.root):
            ws = [w for w, _, _ in raw_words(node.text, stops=False)]
            for i, word in enumerate(ws):
                forms.add(word)
                if isinstance(node, ql.Term) and node.prefix and i == len(ws) - 1:
                    forms.update(self.vocabulary.expand(word, self._budget(word))[0])
                else:
                    forms.update(self.vocabulary.forms_of(word))
        return spans_in(text, _marker(forms))

    # -- without an index -----------------------------------------------------------------

    def _scan(
        self,
        text: str,
        parsed: ql.ParsedQuery,
        limit: int | None,
        started: float,
        resolve: FilterResolver | None,
    ) -> SearchResult:
        """Without an index: evaluate the query on each paper's text (slow, but honest)."""
        problems = list(parsed.problems)
        if self.problem:
            problems.append(self.problem)
        sets: dict[tuple[str, str], set[str] | None] = {}
        for flt in ql.filters(parsed.root):
            key = (flt.name, flt.value)
            if key in sets:
                continue
            if flt.name == "is" and flt.value == "new" and resolve is not None:
                others = resolve("is", "*")
                sets[key] = None if others is None else {p.id for p in self.library.papers} - others
            else:
                sets[key] = resolve(flt.name, flt.value) if resolve else None
            if sets[key] is None and not (flt.name == "has" and flt.value in ql.INDEX_HAS):
                problems.append(f"{flt.name}:{flt.value} cannot be answered here; it was ignored")

        def matches(node: ql.Node | None, paper: Paper, hay: str) -> bool:
            if node is None:
                return True
            if isinstance(node, (ql.Term, ql.Phrase)):
                words = [w for w, _, _ in raw_words(node.text, stops=False)]
                if isinstance(node, ql.Phrase):
                    return " ".join(words) in hay
                return all(w in hay for w in words)
            if isinstance(node, ql.Filter):
                if node.name == "has" and node.value in ql.INDEX_HAS:
                    return any(link.kind == node.value for link in paper.links)
                ids = sets.get((node.name, node.value))
                return True if ids is None else paper.id in ids
            if isinstance(node, ql.Not):
                return not matches(node.child, paper, hay)
            if isinstance(node, ql.And):
                return all(matches(c, paper, hay) for c in node.children)
            return any(matches(c, paper, hay) for c in node.children)

        found = []
        for paper in self.library.papers:
            hay = " ".join(
                w
                for w, _, _ in raw_words(
                    f"{paper.title} {paper.abstract} {' '.join(paper.authors)}", stops=False
                )
            )
            if matches(parsed.root, paper, hay):
                found.append(paper)
        wanted = [
            w for node in ql.words(parsed.root) for w, _, _ in raw_words(node.text, stops=False)
        ]
        pattern = _marker(wanted)
        shown = found if limit is None else found[:limit]
        return SearchResult(
            query=text,
            hits=tuple(self._hit(p, 0.0, pattern, []) for p in shown),
            total=len(found),
            elapsed_ms=(time.perf_counter() - started) * 1000,
            message="; ".join(dict.fromkeys(problems)) or None,
        )


class _Checked(WrappingQuery):
    """The documents of ``child`` that ``check(searcher, docnum)`` accepts, scored as ``child``."""

    def __init__(self, child: wq.Query, check: Callable[[object, int], bool]) -> None:
        super().__init__(child)
        self.check = check

    def _rewrap(self, child: wq.Query) -> _Checked:
        return _Checked(child, self.check)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Checked) and other.child == self.child and other.check is self.check
        )

    def __hash__(self) -> int:
        return hash(("checked", self.child, id(self.check)))

    def matcher(self, searcher, context=None):  # type: ignore[no-untyped-def]
        accepted = frozenset(
            d for d in self.child.matcher(searcher, context).all_ids() if self.check(searcher, d)
        )
        if not accepted:
            return NullMatcher()
        return FilterMatcher(self.child.matcher(searcher, context), accepted)


def _or_terms(alts: Sequence[Alternative]) -> wq.Query:
    terms = [wq.Term(name, text) for name, text in dict.fromkeys(alts)]
    if not terms:
        return wq.NullQuery
    return terms[0] if len(terms) == 1 else wq.Or(terms)


def _ids_query(ids: Iterable[str]) -> wq.Query:
    terms = [wq.Term("id", pid) for pid in sorted(ids)]
    if not terms:
        return wq.NullQuery
    return terms[0] if len(terms) == 1 else wq.Or(terms)


def _only_negative(q: wq.Query) -> bool:
    if isinstance(q, wq.Not):
        return True
    if isinstance(q, wq.And):
        return all(isinstance(c, wq.Not) for c in q.subqueries)
    return False


def open_engine(
    library: Library,
    paths: DataPaths,
    *,
    progress: Callable[[int, int], None] | None = None,
    note: Callable[[str], None] | None = None,
    rebuild: bool = False,
    lock_wait: float | None = None,
) -> Engine:
    """Open (building or updating as needed) the index for ``library``.

    Never raises for index trouble: an index whose files cannot be read, whatever the
    exception, is rebuilt (and the engine says so in its messages); when no index can
    be had, the engine scans the library's text instead and says so in
    ``Engine.problem``. An index that fails later, while searched, is rebuilt then.
    """
    kwargs = {} if lock_wait is None else {"lock_wait": lock_wait}

    def heal(damage: str) -> OpenIndex:
        return open_index(library, paths, progress=progress, note=note, damage=damage, **kwargs)

    try:
        opened = open_index(library, paths, progress=progress, note=note, rebuild=rebuild, **kwargs)
    except Exception as exc:  # noqa: BLE001 - whatever it is, the library can be scanned
        return Engine(library, None, problem=_unavailable(exc, paths))
    try:
        return Engine(library, opened, rebuild=heal)
    except Exception as exc:  # noqa: BLE001 - the index's files could not be read
        with contextlib.suppress(Exception):
            opened.ix.close()
        damage = f"the search index was damaged ({describe_error(exc)})"
    try:
        return Engine(library, heal(damage))
    except Exception as exc:  # noqa: BLE001 - as above: scan
        return Engine(library, None, problem=_unavailable(exc, paths))


def _unavailable(exc: Exception, paths: DataPaths | None) -> str:
    """Why there is no index, as the problem of an engine that scans instead."""
    if isinstance(exc, IndexUnavailable):
        return f"{exc}; searching without the index"
    if isinstance(exc, OSError):
        where = f" in {paths.index_dir}" if paths is not None else ""
        return f"the search index{where} cannot be written ({exc.strerror}); searching without it"
    return f"the search index could not be opened ({describe_error(exc)}); searching without it"
