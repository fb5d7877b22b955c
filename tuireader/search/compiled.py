"""The general path: a query compiled to Whoosh's query objects and run by its matchers.

For what the fast path (``plan``) does not take: phrases, OR, nested exclusions and
filters that only the index answers. Titles and abstracts keep no positions, so a
phrase there matches its words through Whoosh, then is checked on the paper's text.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from whoosh import query as wq
from whoosh.matching import ListMatcher, NullMatcher

from tuireader.model import Paper
from tuireader.search import query as ql
from tuireader.search.analysis import Name, Phrase
from tuireader.search.fastsearch import Alternative, TypedClause
from tuireader.search.index import field_sequence, phrase_text, phrase_text_begun
from tuireader.search.terms import (
    PAIR_FIELDS,
    TEXT_FIELDS,
    Compiled,
    Context,
    FilterResolver,
    filter_ids,
    phrase_alternatives,
    phrase_clauses,
    phrase_spellings,
    term_clauses,
    typed_in_order,
    typed_word,
)
from tuireader.search.whooshdoor import CheckedQuery


def compile_query(
    ctx: Context, node: ql.Node | None, out: Compiled, resolve: FilterResolver | None
) -> wq.Query | None:
    if node is None:
        return None
    if isinstance(node, ql.Term):
        return _compile_term(ctx, node, out)
    if isinstance(node, ql.Phrase):
        return _compile_phrase(ctx, node, out)
    if isinstance(node, ql.Filter):
        return _compile_filter(ctx, node, out, resolve)
    if isinstance(node, ql.Not):
        # the words left out are not the query's own (nothing to highlight or suggest from)
        inner = compile_query(ctx, node.child, Compiled(problems=out.problems), resolve)
        return wq.Not(inner) if inner is not None else None
    parts = [compile_query(ctx, child, out, resolve) for child in node.children]
    kept = [p for p in parts if p is not None]
    if not kept:
        return None
    if len(kept) == 1:
        return kept[0]
    return wq.And(kept) if isinstance(node, ql.And) else wq.Or(kept)


def _compile_term(ctx: Context, node: ql.Term, out: Compiled) -> wq.Query | None:
    clauses = term_clauses(ctx, node, out)
    if not clauses:
        return None
    queries = [_or_terms(alts) for alts in clauses]
    return queries[0] if len(queries) == 1 else wq.And(queries)


def _compile_phrase(ctx: Context, node: ql.Phrase, out: Compiled) -> wq.Query | None:
    found = phrase_alternatives(ctx, node, out)
    if found is None:
        return None
    alts: list[wq.Query] = []
    others, spelled = phrase_spellings(ctx, node)
    phrase = Phrase(node.text, prefix=node.prefix, others=others)
    named = Name(node.text, prefix=node.prefix)
    for name, terms in found:
        if node.prefix and name in TEXT_FIELDS:
            # being typed: the words before the last, then the text
            both = _all_of(phrase_clauses(ctx, name, terms, spelled))
            alts.append(CheckedQuery(both, _phrase_check(ctx, phrase, name)))
        elif node.prefix and name != "authors":
            # the words of a field of names, the one being typed last
            both = wq.And([wq.Term(name, t) for t in terms]) if terms else wq.Every()
            alts.append(CheckedQuery(both, _paper_check(ctx, _typed_check(node, name, terms))))
        elif node.prefix:
            # a name being typed: its words before the last, then the names
            clauses = named.clauses()
            words = (
                wq.And([_or_terms([(name, t) for t in each]) for each in clauses])
                if clauses
                else wq.Every()
            )
            alts.append(CheckedQuery(words, _paper_check(ctx, lambda p: named.found_in(p.authors))))
        elif len(terms) == 1 and not (phrase.as_written and name in TEXT_FIELDS):
            alts.append(wq.Term(name, terms[0]))
        elif name in TEXT_FIELDS:
            # titles and abstracts keep no positions: the words, then the text
            both = _all_of(phrase_clauses(ctx, name, terms, spelled))
            alts.append(CheckedQuery(both, _phrase_check(ctx, phrase, name)))
        elif name == "authors" and named.clauses():
            # a name with initials, or an author's: the words or initials, then the names
            words = wq.And([_or_terms([(name, t) for t in each]) for each in named.clauses()])
            alts.append(CheckedQuery(words, _paper_check(ctx, lambda p: named.found_in(p.authors))))
        else:
            alts.append(wq.Phrase(name, terms))
    if not alts:
        return wq.NullQuery
    return alts[0] if len(alts) == 1 else wq.Or(alts)


def _typed_check(node: ql.Phrase, fieldname: str, terms: list[str]) -> Callable[[Paper], bool]:
    """Whether a paper's field of names holds ``terms`` in order, then the word of
    ``node`` being typed (as ``scan`` reads the field's positions)."""
    typed = typed_word(node, fieldname)
    return lambda paper: typed_in_order(terms, typed, field_sequence(paper, fieldname))


def _phrase_check(ctx: Context, phrase: Phrase, fieldname: str) -> Callable[[object, int], bool]:
    """Whether document ``docnum`` of a (segment) searcher has ``phrase`` in a field.

    A phrase that says a stop word is looked up in the pairs of words the index keeps
    (``analysis.stop_pairs``): a phrase of two words is found there alone, a longer one
    read in the texts of the papers that have all its pairs only. (Read in the text of
    every paper with its other words, "in-context" took 20 to 60 ms a keystroke on the
    ICML 2024 list, where words take 1 to 3.)"""
    in_text = _paper_check(ctx, lambda paper: _found_in_text(phrase, paper, fieldname))
    if phrase.pairs is None:
        return in_text
    reader = ctx.searcher.reader()
    pairs = PAIR_FIELDS[fieldname]
    having = [
        set(reader.postings(pairs, key).all_ids()) if (pairs, key) in reader else set()
        for key in phrase.pairs
    ]
    paired = set.intersection(*having)
    starts = _starts(ctx)
    enough = phrase.pairs_enough

    def check(searcher, docnum: int) -> bool:  # type: ignore[no-untyped-def]
        start = starts.get(id(searcher))
        if start is not None and start + docnum not in paired:
            return False
        return enough and start is not None or in_text(searcher, docnum)

    return check


def _found_in_text(phrase: Phrase, paper: Paper, fieldname: str) -> bool:
    """Whether ``paper`` has ``phrase`` in a title or an abstract (``index.phrase_text``).

    The text as written first: a phrase most often stands there as typed, and its math
    need not be rendered ("state-of-the-art m": 70 ms at its first key). Then, but for a
    phrase with a star (read in the text as shown alone), the phrase as the pattern finds
    it in that text, which the phrase's text begins with: "state of the art" written
    with spaces rendered the math of 1,000 abstracts at 100,000 papers to find it."""
    begun = phrase_text_begun(paper, fieldname)
    if phrase.written_in(begun) or (not phrase.starred and phrase.found_in(begun)):
        return True
    return phrase.found_in(phrase_text(paper, fieldname, starred=phrase.starred))


def _starts(ctx: Context) -> dict[int, int]:
    """The number of the first document of each (segment) searcher of the index."""
    searcher = ctx.searcher
    return {id(searcher): 0} | {id(sub): at for sub, at in searcher.leaf_searchers()}


def _paper_check(ctx: Context, accepts: Callable[[Paper], bool]) -> Callable[[object, int], bool]:
    """Whether the paper of document ``docnum`` of a (segment) searcher ``accepts``."""
    library, documents = ctx.library, ctx.documents
    # a segment's searcher numbers its documents from 0, the index's from its first
    starts = _starts(ctx)

    def check(searcher, docnum: int) -> bool:  # type: ignore[no-untyped-def]
        start = starts.get(id(searcher))
        if start is not None:
            paper = documents.paper(start + docnum)
        else:
            paper = library.get(searcher.stored_fields(docnum)["id"])
        if paper is None:
            return False
        return accepts(paper)

    return check


def _compile_filter(
    ctx: Context, node: ql.Filter, out: Compiled, resolve: FilterResolver | None
) -> wq.Query | None:
    if node.name == "has" and node.value in ql.INDEX_HAS:
        return wq.Term("has", node.value)
    answered = filter_ids(node, out, resolve)
    if answered is None:
        return None
    ids, left_out = answered
    if not left_out:
        return _docs_query(ctx, ids)
    return wq.Not(_docs_query(ctx, ids)) if ids else wq.Every()


def run_compiled(
    ctx: Context,
    compiled: wq.Query | None,
    out: Compiled,
    limit: int | None,
    *,
    only: set[int] | None = None,
    listed: bool = False,
) -> tuple[list[tuple[Paper, float]], int]:
    """The best ``limit`` papers matching ``compiled`` with their scores, and how many matched.

    A query that ranks nothing (filters, exclusions) lists its papers in list order, as
    every query does with ``listed``. ``only``: the documents that may match (the
    library's, in an index holding others)."""
    if compiled is None:
        return [], 0
    if not out.scored or _only_negative(compiled):
        compiled = (
            wq.And([wq.Every(), compiled]) if not isinstance(compiled, wq.Every) else compiled
        )
    searcher = ctx.searcher
    if out.scored:
        # Score every match in one pass: the total is needed anyway, and Whoosh's
        # top-k shortcut needs a second pass to count (measured slower here).
        results = searcher.search(compiled, limit=None, filter=only)
        total = len(results)
        if listed:
            score_of = {doc: score for score, doc in results.top_n}
            shown = ctx.documents.in_list_order(score_of, limit)
            top = [(score_of[doc], doc) for doc in shown]
        else:
            ranked = results.top_n
            if limit is not None and len(ranked) > limit:
                # the first ``limit``, and those of the same score as the last of them
                floor = ranked[limit - 1][0]
                ranked = list(itertools.takewhile(lambda hit: hit[0] >= floor, ranked))
            tied = ctx.documents.best_first((doc, score) for score, doc in ranked)
            top = [(score, doc) for doc, score in (tied if limit is None else tied[:limit])]
        named = ctx.documents.papers([doc for _, doc in top])
        found = zip(named, (score for score, _ in top), strict=True)
        return [(paper, score) for paper, score in found if paper is not None], total
    docs = compiled.docs(searcher)
    if only is not None:
        docs = (d for d in docs if d in only)
    named_docs = ctx.documents.papers(list(docs))
    total = len(named_docs)
    papers = [p for p in named_docs if p is not None]
    papers.sort(key=lambda p: p.order)
    return [(p, 0.0) for p in (papers if limit is None else papers[:limit])], total


def _all_of(clauses: list[list[Alternative]]) -> wq.Query:
    """A query of papers that match one of each clause's alternatives (all, when none)."""
    return wq.And([_or_terms(alts) for alts in clauses]) if clauses else wq.Every()


def _or_terms(alts: Sequence[Alternative]) -> wq.Query:
    if isinstance(alts, TypedClause):
        # a word being typed: a paper with the word scores as for the word; one with only
        # the words it begins, the clause's weight of their scores (as ``fastsearch``)
        own, others = alts.tiers()
        whole = _or_terms(own)
        if not others:
            return whole
        # (each term boosted: an OR of one term is its term, the OR's boost left out)
        boosted = [wq.Term(name, text, boost=alts.weight) for name, text in others]
        begun = boosted[0] if len(boosted) == 1 else wq.Or(boosted)
        if whole is wq.NullQuery:
            return begun
        # (Whoosh's AndNot let a paper with both through, now and then, scored by both)
        return wq.Or([whole, CheckedQuery(begun, _none_of(whole))])
    terms = [wq.Term(name, text) for name, text in dict.fromkeys(alts)]
    if not terms:
        return wq.NullQuery
    return terms[0] if len(terms) == 1 else wq.Or(terms)


def _none_of(query: wq.Query) -> Callable[[object, int], bool]:
    """Whether a document is none of those ``query`` matches (read once a searcher)."""
    found: dict[int, frozenset[int]] = {}

    def check(searcher: Any, doc: int) -> bool:
        docs = found.get(id(searcher))
        if docs is None:
            docs = found[id(searcher)] = frozenset(query.matcher(searcher).all_ids())
        return doc not in docs

    return check


def _ids_query(ids: Iterable[str]) -> wq.Query:
    terms = [wq.Term("id", pid) for pid in sorted(ids)]
    if not terms:
        return wq.NullQuery
    return terms[0] if len(terms) == 1 else wq.Or(terms)


def _docs_query(ctx: Context, ids: set[str]) -> wq.Query:
    """The papers ``ids`` as a query, found by their documents (see ``DocsQuery``)."""
    if not ids:
        return wq.NullQuery
    return DocsQuery(frozenset(ctx.documents.docs_of(ids)), _starts(ctx), frozenset(ids))


class DocsQuery(wq.Query):
    """The documents ``docs`` (numbered as the index numbers them), each weighing 1 as
    the ``id`` term of one document does.

    A filter's answer (``is:kept``, ``tag:x``) is a set of papers known before the
    search; as one ``id`` term each, an OR of 2,000 terms took Whoosh about 0.2 s to set
    up and run, for every search naming the filter. ``starts``: the first document of
    each (segment) searcher of the index (a searcher not among them, made after this
    query was, is answered by the ``id`` terms of ``ids``)."""

    def __init__(self, docs: frozenset[int], starts: dict[int, int], ids: frozenset[str]) -> None:
        self.docs_ = docs
        self.starts = starts
        self.ids = ids
        self.boost = 1.0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DocsQuery) and other.ids == self.ids and other.docs_ == self.docs_

    def __hash__(self) -> int:
        return hash(("docs", self.ids))

    def __repr__(self) -> str:
        return f"DocsQuery({len(self.ids)} papers)"

    def estimate_size(self, ixreader) -> int:  # type: ignore[no-untyped-def]
        return len(self.docs_)

    def matcher(self, searcher, context=None):  # type: ignore[no-untyped-def]
        start = self.starts.get(id(searcher))
        if start is None:
            return _ids_query(self.ids).matcher(searcher, context)
        end = start + searcher.reader().doc_count_all()
        local = sorted(doc - start for doc in self.docs_ if start <= doc < end)
        if not local:
            return NullMatcher()
        return ListMatcher(local, all_weights=self.boost)


def _only_negative(q: wq.Query) -> bool:
    if isinstance(q, wq.Not):
        return True
    if isinstance(q, wq.And):
        return all(isinstance(c, wq.Not) for c in q.subqueries)
    return False
