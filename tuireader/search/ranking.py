"""Which queries rank their hits by relevance.

A query ranks its hits by how well each matches its words. One that looks for no words,
only filters (``is:new``, ``has:code``, ``tag:x``, a list by ``list:``, ``year:``) and
exclusions, finds papers that all match it alike: ranked, they came in the order of the
index's documents, which is no order the lists give (a list read again after it changed
had its changed papers last). Such a query's hits are in list order, as every paper is
for no query at all, and the reader says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tuireader.model import PaperList
from tuireader.search import query as ql

#: the fields whose values pick papers out rather than rank them: the lists a paper is
#: in, its year
FILTER_FIELDS = frozenset({"lists", "year"})

#: the order said of a query that asked for relevance (``sort:relevance``, ``--sort
#: relevance``, the order key's choice) and ranks none of its hits: they are in list order
LISTED_WITHOUT_WORDS = "list (relevance needs words)"


def ranks(node: ql.Node | None) -> bool:
    """Whether the query ``node`` looks for words, which rank its hits: a term or a phrase
    not negated, in no field of :data:`FILTER_FIELDS`."""
    if node is None or isinstance(node, (ql.Filter, ql.Not)):
        return False
    if isinstance(node, (ql.Term, ql.Phrase)):
        return node.field not in FILTER_FIELDS
    return any(ranks(child) for child in node.children)


def ranks_text(text: str, *, prefix: bool = False) -> bool:
    """Whether the query ``text`` ranks its hits (``ranks``), read as a search reads it
    (``prefix``: its last word being typed); False for no query, or one of words too
    common to search for."""
    return ranks(ql.without_common_words(ql.parse(text, prefix=prefix)).root)


def list_places(lists: Iterable[PaperList]) -> dict[str, tuple[int, str]]:
    """Each paper's place in ``lists``: its position in its list, then the list's name
    (the first such place of a paper in several lists), whatever order the lists were
    added in."""
    places: dict[str, tuple[int, str]] = {}
    for each in lists:
        name = each.name
        for at, paper_id in enumerate(each.paper_ids):
            place = (at, name)
            known = places.get(paper_id)
            if known is None or place < known:
                places[paper_id] = place
    return places


def in_tie_order(
    ranked: Sequence[tuple[int, float]], keys: Callable[[list[int]], Sequence[Any]]
) -> list[tuple[int, float]]:
    """``ranked`` (documents best first, with their scores), the documents of each run
    of equal scores ordered by ``keys`` (which gives one key a document, for a list of
    them: ``Documents.places``). Ranked by score alone, such a run came in the order of
    the index's documents, which depends on what the index went through (a list removed
    and added again, papers read again after they changed), not on the lists."""
    runs = [list(run) for _, run in itertools.groupby(ranked, key=lambda item: item[1])]
    tied = [doc for run in runs if len(run) > 1 for doc, _ in run]
    if not tied:
        return list(ranked)
    key_of = dict(zip(tied, keys(tied), strict=True))
    out: list[tuple[int, float]] = []
    for run in runs:
        if len(run) > 1:
            run.sort(key=lambda item: key_of[item[0]])
        out.extend(run)
    return out
