"""Spelling suggestions: "did you mean" for a query that finds little.

Each word of three letters or more not in the vocabulary, and finding no paper on its
own (an author's name: the vocabulary holds no names), is replaced by the most frequent
known word within one or two edits (rapidfuzz's OSA distance); the corrected query is
offered only when it finds more than the typed one.
"""

from __future__ import annotations

import re

from tuireader.search import query as ql
from tuireader.search.analysis import fold, is_cjk
from tuireader.search.compiled import compile_query
from tuireader.search.terms import Compiled, Context, FilterResolver
from tuireader.search.vocabulary import Vocabulary

#: a query that finds fewer papers than this gets a suggestion, if one finds more
SUGGEST_BELOW = 3


def suggest(
    ctx: Context, text: str, total: int, prefix: bool, resolve: FilterResolver | None
) -> str | None:
    """A corrected query, offered only when it finds more than ``text`` did."""
    changed = False

    def fix(match: re.Match[str]) -> str:
        nonlocal changed
        word = match.group()
        # a word searched as the beginning of words ("learn*", or the last word typed
        # as you type) is left alone while some known word starts with it
        starts = text.startswith("*", match.end()) or (prefix and match.end() == len(text.rstrip()))
        if starts and ctx.vocabulary.starting_with(fold(word)):
            return word
        if fold(word) not in ctx.vocabulary.counts and found_alone(word):
            return word  # a name (the vocabulary holds no authors) finds its papers
        better = correction(ctx.vocabulary, fold(word))
        if better and better != fold(word):
            changed = True
            return better
        return word

    def found_alone(word: str) -> bool:
        compiled = compile_query(ctx, ql.parse(word).root, Compiled(), resolve)
        return compiled is not None and bool(
            ctx.searcher.search(compiled, limit=1, filter=ctx.only)
        )

    suggestion = re.sub(r"(?<![:\w-])[^\W\d_]{3,}(?![:\w])", fix, text)
    if not changed:
        return None
    out = Compiled()
    compiled = compile_query(ctx, ql.parse(suggestion, prefix=prefix).root, out, resolve)
    if compiled is None:
        return None
    # counted among the library's papers only (the index may hold other lists' too)
    better = len(ctx.searcher.search(compiled, limit=1, filter=ctx.only))
    # the spaces typed around the words (the reader searches as you type) are not offered
    return suggestion.strip() if better > total else None


def correction(vocabulary: Vocabulary, word: str) -> str | None:
    """The most frequent known word within a small edit distance of ``word``."""
    if word in vocabulary.counts or len(word) < 3 or is_cjk(word):
        return None
    if vocabulary.by_initial is None:
        initial: dict[str, list[str]] = {}
        for w in vocabulary.words:
            initial.setdefault(w[0], []).append(w)
        vocabulary.by_initial = initial
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    limit = 1 if len(word) <= 4 else 2
    pool = [w for w in vocabulary.by_initial.get(word[0], ()) if abs(len(w) - len(word)) <= limit]
    found = process.extract(word, pool, scorer=OSA.distance, score_cutoff=limit, limit=20)
    if not found:
        return None
    best = min(found, key=lambda item: (item[1], -vocabulary.counts[item[0]], item[0]))
    return best[0]
