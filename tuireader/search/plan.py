"""The fast path: a query of words, exclusions and filters as a ``fastsearch.Plan``.

Most live-search queries are plain words and an unfinished prefix; ``make_plan`` turns
those into clauses of (field, term) alternatives that ``fastsearch.evaluate`` scores
straight from the postings. A phrase or an OR of words is one clause, compiled as
``compiled`` compiles it and scored from the same term scores (``_matched``). Anything
else (nested NOT, a phrase or OR with a filter) gives None, and the query goes to
``compiled``.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Collection

from whoosh import query as wq

from tuireader.model import Paper
from tuireader.search import query as ql
from tuireader.search.analysis import raw_words
from tuireader.search.compiled import compile_query
from tuireader.search.fastsearch import Plan, Scored, TermScores, evaluate, matches
from tuireader.search.terms import (
    Compiled,
    Context,
    FilterResolver,
    held,
    is_acronym,
    telling,
    term_clauses,
    word_alternatives,
)
from tuireader.search.whooshdoor import CheckedQuery


def make_plan(
    ctx: Context, root: ql.Node | None, out: Compiled, resolve: FilterResolver | None
) -> Plan | None:
    """A plan for the fast path, or None when the query needs Whoosh's matchers."""
    plan = Plan()
    for node in root.children if isinstance(root, ql.And) else (root,):
        if isinstance(node, ql.Term):
            plan.clauses.extend(term_clauses(ctx, node, out))
        elif isinstance(node, ql.Not) and isinstance(node.child, ql.Term) and not node.child.prefix:
            words = list(raw_words(node.child.text))
            if len(words) != 1 or (
                node.child.field == "urls" and ql.looks_like_address(node.child.text)
            ):
                return None  # an address is looked up as one (terms.address_alternatives)
            word, start, end = words[0]
            written = node.child.text[start:end]
            acronym = node.child.field is None and is_acronym(written)
            alts = held(ctx, word_alternatives(word, node.child.field, acronym=acronym))
            # as the word itself finds papers: not by a list's or venue's name it is part of
            plan.excluded.extend(alts if node.child.field else telling(ctx, alts))
        elif isinstance(node, (ql.Phrase, ql.Or)) and _words_only(node):
            # a phrase or an OR ("in-context" is both): Whoosh's matchers answer it once,
            # and while the next word is typed its scores are kept (``TermScores.make``)
            compiled = compile_query(ctx, node, out, resolve)
            if compiled is None:
                continue  # it looks for nothing, and is left out, as an AND leaves it
            alt = ("", repr(node))
            plan.made[alt] = functools.partial(_scored, ctx, compiled)
            plan.clauses.append([alt])
        elif isinstance(node, ql.Filter) and node.name == "has" and node.value in ql.INDEX_HAS:
            plan.clauses.append([("has", node.value)])
        elif isinstance(node, ql.Filter) and resolve is not None:
            if node.name == "is" and node.value == "new":
                others = resolve("is", "*")
                if others is None:
                    return None
                plan.excluded_docs |= docnums(ctx, others)
                continue
            ids = resolve(node.name, node.value)
            if ids is None:
                return None
            docs = docnums(ctx, ids)
            plan.allowed = docs if plan.allowed is None else plan.allowed & docs
        else:
            return None
    return plan if plan.clauses else None


def _words_only(node: ql.Node) -> bool:
    """Whether ``node`` looks for words and phrases only: no filter (whose answer may
    change between two keys) and no exclusion."""
    if isinstance(node, (ql.Term, ql.Phrase)):
        return True
    if isinstance(node, (ql.And, ql.Or)):
        return all(_words_only(child) for child in node.children)
    return False


def _scored(ctx: Context, compiled: wq.Query, cache: TermScores) -> Scored:
    """Every document ``compiled`` matches, ascending, with its score."""
    found = sorted(_matched(ctx, compiled, cache).items())
    return array("i", [doc for doc, _ in found]), array("d", [score for _, score in found])


def _matched(ctx: Context, compiled: wq.Query, cache: TermScores) -> dict[int, float]:
    """The documents ``compiled`` matches, each with its score, as Whoosh's matchers
    score them: its terms, ANDs, ORs and phrases read in the texts worked out from the
    term scores of ``cache``, anything else by Whoosh's matchers.

    Through Whoosh's matchers, a phrase read in the texts cost a Python call per posting
    and a stored record per paper: "state-of-the-art m" took 3 s at 100,000 papers, the
    17,000 with "state" and "art" each scored, and read for the phrase, posting by
    posting; from the term scores, the papers are read for the phrase only."""
    if getattr(compiled, "boost", 1.0) != 1.0:
        return _whooshs(ctx, compiled)
    if type(compiled) is wq.Term:
        return dict(zip(*cache.scores((compiled.fieldname, compiled.text)), strict=True))
    if type(compiled) is wq.And or type(compiled) is wq.Or:
        parts = [_matched(ctx, sub, cache) for sub in compiled.subqueries]
        if not parts:
            return {}
        if type(compiled) is wq.And:
            parts.sort(key=len)
            found = dict(parts[0])
            for part in parts[1:]:
                found = {doc: score + part[doc] for doc, score in found.items() if doc in part}
            return found
        parts.sort(key=len, reverse=True)
        found = dict(parts[0])
        for part in parts[1:]:
            get = found.get
            for doc, score in part.items():
                found[doc] = get(doc, 0.0) + score
        return found
    if compiled is wq.NullQuery:
        return {}
    if type(compiled) is CheckedQuery:
        found = _matched(ctx, compiled.child, cache)
        check, searcher = compiled.check, ctx.searcher
        return {doc: score for doc, score in found.items() if check(searcher, doc)}
    return _whooshs(ctx, compiled)


def _whooshs(ctx: Context, compiled: wq.Query) -> dict[int, float]:
    """The documents ``compiled`` matches, with their scores, by Whoosh's matchers."""
    results = ctx.searcher.search(compiled, limit=None)
    return {doc: score for score, doc in results.top_n}


def docnums(ctx: Context, ids: Collection[str]) -> set[int]:
    return ctx.documents.docs_of(ids)


def run_plan(
    ctx: Context, scores: TermScores, plan: Plan, limit: int | None, *, listed: bool = False
) -> tuple[list[tuple[Paper, float]], int]:
    """The best ``limit`` papers of ``plan`` with their scores, and how many matched;
    ``listed``: the first ``limit`` in list order instead."""
    if listed:
        score_of = matches(scores, plan)
        total = len(score_of)
        top = [(doc, score_of[doc]) for doc in ctx.documents.in_list_order(score_of, limit)]
    else:
        top, total = evaluate(scores, plan, limit, ctx.documents.best_first)
    papers = ctx.documents.papers([doc for doc, _ in top])
    ranked = [
        (paper, score) for paper, (_, score) in zip(papers, top, strict=True) if paper is not None
    ]
    return ranked, total
