"""Conjunctive queries scored straight from the index's postings, with a term cache.

Live search sends a query per keystroke, and most are plain words plus an unfinished
prefix: "large language mod". Whoosh's general matchers pay a Python call per posting
per field on every keystroke. This evaluates such queries (words that must all match,
each an alternative of terms over several fields; excluded terms; id filters) by
reading each term's postings from the same Whoosh index once, scoring them with BM25F
(title boosted over abstract), and keeping the per-term scores in a bounded cache, so
the next keystroke only reads the terms it has not seen. A phrase or an OR among the
words is one clause, its scores worked out from the same term scores (``plan``); queries
that are no such words go through Whoosh as before.
"""

from __future__ import annotations

import bisect
import heapq
import math
from array import array
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from whoosh import classify, scoring

from tuireader.search.whooshdoor import LENGTH_OF_BYTE, blocks, field_length_bytes

#: BM25 parameters (the usual defaults) and per-field weights.
K1 = 1.2
B = 0.75
FIELD_WEIGHT = {
    "title": 2.5,
    "abstract": 1.0,
    # the words of each written with hyphens, as one word: weighed as the field's own
    "title_joined": 2.5,
    "abstract_joined": 1.0,
    # and those with umlauts spelled without them ("schoelkopf" of "Schölkopf")
    "title_spelled": 2.5,
    "abstract_spelled": 1.0,
    "authors": 1.5,
    "lists": 0.5,
    "venue": 0.5,
    "keywords": 1.0,
    "status": 0.5,
    "urls": 0.8,
    "addresses": 0.8,
}
#: the cache holds at most this many (document, score) entries over all terms: 12 bytes
#: each in arrays (24 MB), room for the postings of the commonest words at 100k papers.
CACHE_ENTRIES = 2_000_000
#: a term whose postings outnumber the remaining candidates by this factor is probed
#: (skipping through its postings to each candidate) instead of read whole.
PROBE_RATIO = 8
#: the documents matching a query's finished words are kept for this many queries
#: (each a dict of up to every document: a few MB at 100k papers)
PARTIAL_ENTRIES = 2
#: the scores of parts of a query that are no terms (a phrase, an OR), worked out by
#: Whoosh's matchers, are kept for this many parts
MADE_ENTRIES = 4
#: the terms whose documents not searched are kept counted (``Statistics``): a few MB,
#: where each prefix typed counts the words it begins
COUNTED_ENTRIES = 100_000
#: a field's length in a document, by the byte Whoosh keeps it in, as a field's total
#: counts it (0: the document has no such field)
_COUNTED_LENGTH = [0, *LENGTH_OF_BYTE[1:]]

Alternative = tuple[str, str]  # (field, term)
#: what a paper found by a word being typed through the words it begins only (none of the
#: word's own terms: "graphene" for "graph") scores, of what those terms score, where the
#: word as typed is a finished word (``terms``): after most of the papers with it
BEGUN_WEIGHT = 0.25


class TypedClause(list):  # type: ignore[type-arg]  # list[Alternative]
    """The clause of a word being typed (live search): the alternatives of the word as a
    finished word has them (``whole``), and those of the words it begins. A paper with
    the word itself scores as a search of the finished word scores it, the words it
    begins adding nothing; one with only the words it begins, ``weight`` of their scores
    (:data:`BEGUN_WEIGHT` where the word is a finished one, else all of them).
    Summed, each word begun added its score, and the rare ones weighed most: the reader's
    first hits for "diffusion" were the papers saying "Diffusion-based" (its
    "diffusionbased" rare), not those of ``tuireader search diffusion``."""

    def __init__(
        self,
        alternatives: Iterable[Alternative],
        whole: Iterable[Alternative],
        weight: float = BEGUN_WEIGHT,
    ) -> None:
        super().__init__(alternatives)
        self.whole = tuple(dict.fromkeys(whole))
        self.weight = weight

    def tiers(self) -> tuple[list[Alternative], list[Alternative]]:
        """The word's own alternatives, and those of the words it begins only."""
        own = set(self.whole)
        return list(self.whole), [alt for alt in dict.fromkeys(self) if alt not in own]


def _begun(whole: dict[int, float], begun: dict[int, float], weight: float) -> dict[int, float]:
    """The scores of a :class:`TypedClause` from those of its tiers (dicts made for the
    call): ``whole``'s where a document has one, else ``weight`` of ``begun``'s."""
    if weight != 1.0:
        begun = {doc: weight * score for doc, score in begun.items()}
    begun.update(whole)  # (at C's speed: "di" begins the words of half the papers)
    return begun


#: a term's scores: the documents (ascending) and each one's score, in compact arrays
Scored = tuple["array[int]", "array[float]"]
#: a field's length norms in one segment: each document's length byte, and the norm of
#: each byte value
Norm = tuple[bytes, list[float]]


@dataclass
class Plan:
    """Every clause must match (each an alternative of terms); no excluded term may."""

    clauses: list[list[Alternative]] = field(default_factory=list)
    #: the clauses of no terms (a phrase, an OR): how to work out the scores of each
    #: (documents ascending) from the term scores, by the alternative that stands for it
    #: in ``clauses``
    made: dict[Alternative, Callable[[TermScores], Scored]] = field(default_factory=dict)
    excluded: list[Alternative] = field(default_factory=list)
    #: documents allowed by filters answered outside the index (None: no such filter)
    allowed: set[int] | None = None
    excluded_docs: set[int] = field(default_factory=set)


class Statistics:
    """What BM25F weighs a term by (how many documents there are, how many of them hold
    the term, a field's average length), counted over the documents searched: ``only``
    (the library's, when the index keeps papers of other lists too), else every
    undeleted document.

    Counted by Whoosh, a document replaced or removed stays until the segment holding it
    is merged away, the papers of lists opened before count as the library's do, and a
    segment's total field length is exact for the documents it was written with but
    rounded (each document's length byte) once merged: the same lists scored otherwise
    after a list was added and removed again than in an index built afresh (ICML 2024
    and CoRL 2023: the top score of "diffusion" 22.43, then 23.92). Here the documents
    not searched are left out of every number: a segment of none of them costs nothing,
    a segment only of them is left out whole, and in one holding both a term's postings
    are read at the fewer of the two only (its blocks that hold none are skipped). A field's
    average length is that of the documents' length bytes, however their segments were
    written."""

    def __init__(self, reader, only: Collection[int] | None = None) -> None:  # whoosh IndexReader
        self.reader = reader
        self._leaves = reader.leaf_readers()
        self.n_docs = max(1, reader.doc_count() if only is None else len(only))
        #: each segment's documents not searched, ascending (most often none)
        self._dead: list[list[int]] = []
        #: where a segment holds documents searched and others: the fewer of the two
        #: (ascending, and as a set), and whether they are those searched
        self._probed: dict[int, tuple[list[int], set[int], bool]] = {}
        for i, (leaf, base) in enumerate(self._leaves):
            count = leaf.doc_count_all()
            if only is None:
                dead = sorted(leaf.deleted_docs_set) if leaf.has_deletions() else []
            else:
                dead = [d for d in range(count) if d + base not in only]
            self._dead.append(dead)
            if 0 < len(dead) < count:
                if 2 * len(dead) <= count:
                    self._probed[i] = (dead, set(dead), False)
                else:
                    gone = set(dead)
                    kept = [d for d in range(count) if d not in gone]
                    self._probed[i] = (kept, set(kept), True)
        #: each segment's documents searched, a byte each (1: searched), where it has both
        self._masks: dict[int, bytes] = {}
        self._lengths: dict[tuple[int, str], bytes] = {}
        self._avg: dict[str, float] = {}
        self._counted: dict[Alternative, int] = {}
        self._weighed: dict[Alternative, float] = {}

    def _whole(self, i: int) -> bool:
        """Whether no document of segment ``i`` is searched."""
        return len(self._dead[i]) >= self._leaves[i][0].doc_count_all()

    def length_bytes(self, i: int, fieldname: str) -> bytes:
        """Every document's length byte of ``fieldname`` in segment ``i``."""
        raw = self._lengths.get((i, fieldname))
        if raw is None:
            raw = self._lengths[i, fieldname] = field_length_bytes(self._leaves[i][0], fieldname)
        return raw

    def avg_length(self, fieldname: str) -> float:
        """The field's average length in the documents searched (1 at least)."""
        avg = self._avg.get(fieldname)
        if avg is None:
            total = 0
            for i, dead in enumerate(self._dead):
                if self._whole(i):
                    continue
                raw = self.length_bytes(i, fieldname)
                kept = compress(raw, self._mask(i)) if dead else raw
                total += sum(_COUNTED_LENGTH[b] * n for b, n in Counter(kept).items())
            avg = self._avg[fieldname] = max(1.0, total / self.n_docs)
        return avg

    def _mask(self, i: int) -> bytes:
        mask = self._masks.get(i)
        if mask is None:
            made = bytearray(b"\x01") * self._leaves[i][0].doc_count_all()
            for d in self._dead[i]:
                made[d] = 0
            mask = self._masks[i] = bytes(made)
        return mask

    def doc_frequency(self, fieldname: str, text: str) -> int:
        """How many of the documents searched hold the term."""
        if not any(self._dead):
            return self.reader.doc_frequency(fieldname, text)
        alt = (fieldname, text)
        found = self._counted.get(alt)
        if found is None:
            found = int(
                self._searched(
                    alt,
                    lambda leaf: leaf.doc_frequency(fieldname, text),
                    lambda ids, _tfs, wanted: sum(1 for d in ids if d in wanted),
                )
            )
            if len(self._counted) >= COUNTED_ENTRIES:
                self._counted.clear()
            self._counted[alt] = found
        return found

    def frequency(self, fieldname: str, text: str) -> float:
        """How often the documents searched hold the term (its weights summed), as
        Whoosh's ``frequency`` counts it in every document."""
        if not any(self._dead):
            return self.reader.frequency(fieldname, text)
        alt = (fieldname, text)
        found = self._weighed.get(alt)
        if found is None:
            found = self._searched(
                alt,
                lambda leaf: leaf.frequency(fieldname, text),
                lambda ids, tfs, wanted: sum(tf for d, tf in zip(ids, tfs) if d in wanted),
            )
            if len(self._weighed) >= COUNTED_ENTRIES:
                self._weighed.clear()
            self._weighed[alt] = found
        return found

    def _searched(
        self,
        alt: Alternative,
        whole: Callable[[Any], float],
        part: Callable[[Sequence[int], Sequence[float], set[int]], float],
    ) -> float:
        """What ``whole`` counts of a segment's documents (``whole(segment)``), over the
        documents searched: where a segment holds others too, what ``part`` counts of the
        postings' blocks (``part(ids, weights, wanted)``) at the fewer of the two."""
        found = 0.0
        for i, (leaf, _base) in enumerate(self._leaves):
            if self._whole(i) or alt not in leaf:
                continue
            probed = self._probed.get(i)
            if probed is None:
                found += whole(leaf)
                continue
            docs, wanted, searched = probed
            seen = 0.0
            for ids, tfs in blocks(leaf, *alt, docs):
                seen += part(ids, tfs, wanted)
            found += seen if searched else whole(leaf) - seen
        return found


class TermScores:
    """BM25F score of each document for one term, read once per index generation."""

    def __init__(self, reader, statistics: Statistics | None = None) -> None:  # whoosh IndexReader
        self.reader = reader
        #: the numbers terms are weighed by (the reader's own unless given)
        self.statistics = statistics if statistics is not None else Statistics(reader)
        self.n_docs = self.statistics.n_docs
        self._leaves = reader.leaf_readers()
        #: per (segment, field): each document's length byte, and for each byte value
        #: K1 * (1 - B + B * length / average length)
        self._norms: dict[tuple[int, str], Norm] = {}
        self._cache: OrderedDict[Alternative, Scored] = OrderedDict()
        self._partial: OrderedDict[tuple, dict[int, float]] = OrderedDict()
        self._made: OrderedDict[Alternative, Scored] = OrderedDict()
        self._entries = 0

    def _avg_length(self, fieldname: str) -> float:
        return self.statistics.avg_length(fieldname)

    def partial(self, key: tuple, make: Callable[[], dict[int, float]]) -> dict[int, float]:
        """``make()``, kept for the last few ``key``s (the documents matching a query's
        finished words, while the user types the next one). Not to be modified."""
        found = self._partial.get(key)
        if found is None:
            found = self._partial[key] = make()
            while len(self._partial) > PARTIAL_ENTRIES:
                self._partial.popitem(last=False)
        else:
            self._partial.move_to_end(key)
        return found

    def make(self, made: dict[Alternative, Callable[[TermScores], Scored]]) -> None:
        """Keep the scores of each clause of no terms (a phrase, an OR) of the plan
        (``Plan.made``), worked out unless kept already: while the next word is typed,
        the phrase before it is not looked for again. Those of the plan answered stay,
        however many."""
        for alt, scores in made.items():
            if alt in self._made:
                self._made.move_to_end(alt)
            else:
                self._made[alt] = scores(self)
        while len(self._made) > max(MADE_ENTRIES, len(made)):
            self._made.popitem(last=False)

    def df(self, alt: Alternative) -> int:
        made = self._made.get(alt)
        if made is not None:
            return len(made[0])
        return self.reader.doc_frequency(*alt) if alt in self.reader else 0

    def probe(self, alt: Alternative, docs: Sequence[int]) -> dict[int, float]:
        """Scores of ``alt`` for the given (ascending) documents only, skipping the rest."""
        cached = self._cache.get(alt) or self._made.get(alt)
        if cached is not None:
            return _pick(cached, docs)
        return dict(zip(*self._read(alt, docs)))

    def prepare(self, fieldnames: Iterable[str]) -> None:
        """Work out the length norms of these fields now (at open) instead of on the
        first keystroke."""
        for fieldname in fieldnames:
            for i in range(len(self._leaves)):
                self._norm(i, fieldname)

    def _norm(self, i: int, fieldname: str) -> Norm:
        norm = self._norms.get((i, fieldname))
        if norm is None:
            per_word = K1 * B / self._avg_length(fieldname)
            fixed = K1 * (1 - B)
            # Whoosh keeps a length in a byte: the norm of each of the 256 values, and the
            # documents' bytes as stored (no Python object per document)
            table = [fixed + per_word * n for n in LENGTH_OF_BYTE]
            norm = self._norms[i, fieldname] = (self.statistics.length_bytes(i, fieldname), table)
        return norm

    def _read(self, alt: Alternative, only: Sequence[int] | None = None) -> Scored:
        """BM25F scores of ``alt`` for every document, or for the (ascending) ``only``."""
        fieldname, text = alt
        docs: array[int] = array("i")
        scores: array[float] = array("d")
        if alt not in self.reader:
            return docs, scores
        # a field of no lengths (``has:code``, ``year:2020``): each document scored by its
        # weight, as Whoosh's matchers score it (``Weighting``); scored by its rarity, a
        # year range ranked the papers of its rarer years first here and not through
        # Whoosh (``robot year:2020..2023`` of the real lists parted at the 14th paper)
        weighed = not self.reader.schema[fieldname].scorable
        df = 0 if weighed else self.statistics.doc_frequency(fieldname, text)
        idf = math.log(1.0 + (self.n_docs - df + 0.5) / (df + 0.5))
        weight = FIELD_WEIGHT.get(fieldname, 1.0) * idf * (K1 + 1)
        for i, (leaf, base) in enumerate(self._leaves):
            if alt not in leaf:
                continue
            local = None
            if only is not None:
                end = base + leaf.doc_count_all()
                local = [d - base for d in only if base <= d < end]
                if not local:
                    continue
            keep = set(local) if local is not None else None
            raw, table = self._norm(i, fieldname)
            # the score of a posting of weight 1 (most of them), by its length byte: the
            # same number as the formula below gives, looked up
            once = [weight / (1.0 + norm) for norm in table]
            deleted = leaf.deleted_docs_set
            for ids, tfs in blocks(leaf, fieldname, text, local):
                if keep is not None or deleted:
                    pairs = [
                        (d, tf)
                        for d, tf in zip(ids, tfs)
                        if (keep is None or d in keep) and d not in deleted
                    ]
                    ids = [d for d, _ in pairs]
                    tfs = [tf for _, tf in pairs]
                docs.extend([base + d for d in ids] if base else ids)
                if weighed:
                    scores.extend(tfs)
                elif tfs.count(1.0) == len(tfs):
                    scores.extend([once[raw[d]] for d in ids])
                else:
                    scores.extend([weight * tf / (tf + table[raw[d]]) for d, tf in zip(ids, tfs)])
        return docs, scores

    def scores(self, alt: Alternative) -> Scored:
        """Every document's score for ``alt``: documents ascending, with their scores."""
        made = self._made.get(alt)
        if made is not None:
            return made
        cached = self._cache.get(alt)
        if cached is not None:
            self._cache.move_to_end(alt)
            return cached
        out = self._read(alt)
        self._cache[alt] = out
        self._entries += len(out[0]) + 1
        while self._entries > CACHE_ENTRIES and len(self._cache) > 1:
            _, (old, _scores) = self._cache.popitem(last=False)
            self._entries -= len(old) + 1
        return out


class Weighting(scoring.WeightingModel):
    """Whoosh's matchers scoring each term as :class:`TermScores` does: the same BM25F,
    field weights and inverse document frequency. A query Whoosh answers (a phrase, an
    OR) then ranks its words as the fast path ranks them, and a phrase among words
    (``"reinforcement learning" robot``), its phrase answered by Whoosh and its words by
    the fast path, ranks its papers as the whole query through Whoosh does; with
    Whoosh's own BM25F (another idf, no field weights) the two orders differed (of ICML
    2024, that query's second paper was the ninth)."""

    def __init__(self) -> None:
        #: the numbers terms are weighed by, those of the fast path (None: made from the
        #: searcher's own reader when first needed)
        self.statistics: Statistics | None = None

    def supports_block_quality(self) -> bool:
        return True

    def scorer(self, searcher, fieldname: str, text: str, qf: int = 1):  # type: ignore[no-untyped-def]
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        reader = searcher.get_parent().reader()  # the statistics of the whole index
        statistics = self.statistics
        if statistics is None or statistics.reader is not reader:
            statistics = self.statistics = Statistics(reader)
        return _TermScorer(searcher, fieldname, text, statistics)


class _TermScorer(scoring.WeightLengthScorer):
    """One term's BM25F score of a posting, by its weight and its field's length, as
    :meth:`TermScores._read` works it out."""

    def __init__(self, searcher, fieldname: str, text: str, statistics: Statistics) -> None:  # type: ignore[no-untyped-def]
        n_docs = statistics.n_docs
        df = statistics.doc_frequency(fieldname, text)
        idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
        self.weight = FIELD_WEIGHT.get(fieldname, 1.0) * idf * (K1 + 1)
        self.per_word = K1 * B / statistics.avg_length(fieldname)
        self.setup(searcher, fieldname, text)

    def _score(self, weight: float, length: int) -> float:
        return self.weight * weight / (weight + K1 * (1 - B) + self.per_word * (length or 1))


class LikeWeighting(scoring.BM25F):
    """Whoosh's BM25F, by which More like this has always ranked the papers sharing a
    paper's key terms (``Engine.similar``), its numbers (how many documents there are,
    how many of them hold a term, a field's average length) counted as a search counts
    them (``statistics``): over the documents searched, not every document the index
    keeps."""

    def __init__(self, statistics: Statistics) -> None:
        super().__init__()
        self.statistics = statistics

    def scorer(self, searcher, fieldname: str, text: str, qf: int = 1):  # type: ignore[no-untyped-def]
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        return _LikeScorer(searcher, fieldname, text, self.statistics, self.B, self.K1, qf)


class _LikeScorer(scoring.BM25FScorer):
    """Whoosh's BM25F score of one term, by the numbers of ``statistics``."""

    def __init__(  # type: ignore[no-untyped-def]
        self,
        searcher,
        fieldname: str,
        text: str,
        statistics: Statistics,
        B: float,
        K1: float,
        qf: int,
    ) -> None:
        df = statistics.doc_frequency(fieldname, text)
        # Whoosh's own inverse document frequency (``WeightingModel.idf``)
        self.idf = math.log(statistics.n_docs / (df + 1)) + 1
        self.avgfl = statistics.avg_length(fieldname)
        self.B, self.K1, self.qf = B, K1, qf
        self.setup(searcher, fieldname, text)


def key_terms(
    statistics: Statistics, fieldname: str, text: str, number: int
) -> list[tuple[str, float]]:
    """The ``number`` terms of ``text`` that tell it best from the documents searched,
    with their weights, as Whoosh's ``Searcher.key_terms_from_text`` finds them (its Bo1
    model), how many documents there are and how often each term occurs among them
    counted by ``statistics``, not in every document the index keeps."""
    expander = classify.Expander(_Counted(statistics), fieldname)  # type: ignore[arg-type]
    expander.add_text(text)
    return expander.expanded_terms(number)


class _Counted:
    """What Whoosh's ``classify.Expander`` asks of a reader, counted by ``statistics``: a
    term held by no document searched is none of the reader's."""

    def __init__(self, statistics: Statistics) -> None:
        self._statistics = statistics
        self.schema = statistics.reader.schema

    def __contains__(self, term: tuple[str, str | bytes]) -> bool:
        return term in self._statistics.reader and self.frequency(*term) > 0

    def doc_count_all(self) -> int:
        return self._statistics.n_docs

    def field_length(self, fieldname: str) -> float:
        return self._statistics.avg_length(fieldname) * self._statistics.n_docs

    def frequency(self, fieldname: str, text: str | bytes) -> float:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return self._statistics.frequency(fieldname, text)


def _pick(scored: Scored, docs: Collection[int]) -> dict[int, float]:
    """The scores of those of ``docs`` that ``scored`` holds.

    Few documents against long postings are looked up by bisection; otherwise the
    postings are scanned once against a set.
    """
    ids, scores = scored
    if len(docs) * 16 < len(ids):
        out = {}
        for doc in docs:
            at = bisect.bisect_left(ids, doc)
            if at < len(ids) and ids[at] == doc:
                out[doc] = scores[at]
        return out
    wanted = docs if isinstance(docs, (set, frozenset, dict)) else set(docs)
    return {d: s for d, s in zip(ids, scores) if d in wanted}


def _union(cache: TermScores, alternatives: Sequence[Alternative]) -> dict[int, float]:
    if isinstance(alternatives, TypedClause):
        own, others = alternatives.tiers()
        return _begun(_union(cache, own), _union(cache, others), alternatives.weight)
    parts = [cache.scores(alt) for alt in dict.fromkeys(alternatives)]
    parts = [p for p in parts if len(p[0])]
    if not parts:
        return {}
    parts.sort(key=lambda part: len(part[0]), reverse=True)
    merged = dict(zip(*parts[0]))
    for ids, scores in parts[1:]:
        get = merged.get
        for doc, score in zip(ids, scores):
            merged[doc] = get(doc, 0.0) + score
    return merged


def _restricted(
    cache: TermScores, alternatives: Sequence[Alternative], docs: dict[int, float]
) -> dict[int, float]:
    """The clause's scores for the candidate ``docs`` only (probing large postings)."""
    if isinstance(alternatives, TypedClause):
        own, others = alternatives.tiers()
        mine, begun = _restricted(cache, own, docs), _restricted(cache, others, docs)
        return _begun(mine, begun, alternatives.weight)
    ordered: list[int] | None = None
    parts = []
    for alt in dict.fromkeys(alternatives):
        df = cache.df(alt)
        if not df:
            continue
        if df > PROBE_RATIO * len(docs):
            if ordered is None:
                ordered = sorted(docs)
            parts.append(cache.probe(alt, ordered))
        else:
            parts.append(_pick(cache.scores(alt), docs))
    if not parts:
        return {}
    # the largest part (a dict made for this call) is the sum so far; the others add in
    parts.sort(key=len, reverse=True)
    acc = parts[0]
    for part in parts[1:]:
        get = acc.get
        for doc, score in part.items():
            acc[doc] = get(doc, 0.0) + score
    return acc


def _size(cache: TermScores, alternatives: Sequence[Alternative]) -> int:
    """How many postings a clause has (an upper bound on the documents it matches)."""
    return sum(cache.df(a) for a in dict.fromkeys(alternatives))


def _narrowed(
    cache: TermScores, result: dict[int, float], alternatives: Sequence[Alternative]
) -> dict[int, float]:
    """The documents of ``result`` that the clause also matches, scores summed."""
    other = _restricted(cache, alternatives, result)
    return {d: s + other[d] for d, s in result.items() if d in other}


def _matching(cache: TermScores, clauses: Sequence[list[Alternative]]) -> dict[int, float]:
    """The documents matching every clause, with their summed scores.

    The clause with the fewest postings is read whole; every other clause is only
    looked up for the documents still in the running, so a very common word costs
    a skip through its postings rather than a full read.
    """
    sized = sorted(clauses, key=lambda alts: _size(cache, alts))
    result = _union(cache, sized[0])
    for alts in sized[1:]:
        if not result:
            break
        result = _narrowed(cache, result, alts)
    return result


def evaluate(
    cache: TermScores,
    plan: Plan,
    limit: int | None,
    best_first: Callable[[Iterable[tuple[int, float]]], list[tuple[int, float]]] | None = None,
) -> tuple[list[tuple[int, float]], int]:
    """The top ``limit`` (document, score) pairs, best first, and how many matched;
    ``best_first`` sorts them, the documents of equal score in an order of its own
    (``Documents.best_first``; else: by document number)."""
    result = matches(cache, plan)
    total = len(result)
    if limit is not None and total > limit:
        # the limit-th best score, then only the documents at or above it are sorted
        # (a key function per document would cost more than the whole query)
        floor = heapq.nlargest(limit, result.values())[-1]
        result = {d: score for d, score in result.items() if score >= floor}
    if best_first is not None:
        top = best_first(result.items())
    else:
        top = sorted(result.items(), key=lambda item: (-item[1], item[0]))
    return (top if limit is None else top[:limit]), total


def matches(cache: TermScores, plan: Plan) -> dict[int, float]:
    """Every document ``plan`` matches, with its score, in no order (list order needs
    none by score: sorting the 74,000 of "learning" at 100,000 papers cost 60 ms).

    Live search sends the same words again and again with only the last one growing,
    so the documents matching all clauses but the last are kept from the previous
    call (``TermScores.partial``), and only the last clause is looked up among them.
    """
    if not plan.clauses:
        return {}
    cache.make(plan.made)
    *before, last = plan.clauses
    if before:
        key = tuple(
            (tuple(alts), getattr(alts, "whole", None), getattr(alts, "weight", None))
            for alts in before
        )
        base = cache.partial(key, lambda: _matching(cache, before))
        if not base:
            result = {}
        elif _size(cache, last) <= len(base):
            mine = _union(cache, last)
            result = {d: base[d] + s for d, s in mine.items() if d in base}
        else:
            result = _narrowed(cache, base, last)
    else:
        result = _union(cache, last)
    if plan.allowed is not None:
        result = {d: s for d, s in result.items() if d in plan.allowed}
    if result and (plan.excluded or plan.excluded_docs):
        banned = set(plan.excluded_docs)
        ordered = sorted(result)
        for alt in plan.excluded:
            banned.update(cache.probe(alt, ordered))
        result = {d: s for d, s in result.items() if d not in banned}
    return result
