"""Papers of equal score come in the order of their places in the lists (position in
their list, then the list's name), whatever the index went through before: they came in
the order of the index's documents, and the same lists searched the same query gave
another order after a list was read with papers changed and changed back, or after
another list was opened first."""

from __future__ import annotations

import itertools

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.search.ranking import in_tie_order, list_places
from tuireader.system.paths import resolve

#: through the fast path (words, an exclusion), and through Whoosh's matchers (an OR, a
#: field)
QUERIES = ("diffusion", "study", "study -privacy", "diffusion OR privacy", "title:study")


def _orders(lists, paths, limit=None) -> dict[str, list[tuple[str, float]]]:
    """Each query's hits, in order, with their scores."""
    engine = open_engine(load_library(lists), paths)
    try:
        return {
            query: [(hit.paper.id, hit.score) for hit in engine.search(query, limit=limit).hits]
            for query in QUERIES
        }
    finally:
        engine.close()


@pytest.fixture
def lists(tmp_path):
    a = write_jsonl(tmp_path / "a.jsonl", many_records(80, " red"))
    b = write_jsonl(tmp_path / "b.jsonl", many_records(40, " tan"))
    return a, b


@pytest.mark.parametrize("limit", [None, 5, 30])
def test_papers_read_again_leave_the_order_of_a_fresh_build(tmp_path, lists, limit):
    a, b = lists
    fresh = _orders([a, b], resolve(tmp_path / "fresh"), limit)
    scores = [score for hits in fresh.values() for _, score in hits]
    assert len(scores) > len(set(scores))  # scores tie
    paths = resolve(tmp_path / "data")
    _orders([a, b], paths)
    changed = [dict(record) for record in many_records(80, " red")]
    for record in changed[::3]:
        record["abstract"] += " Revised."
    write_jsonl(a, changed)
    _orders([a, b], paths)
    write_jsonl(a, many_records(80, " red"))  # as it was: those papers are new documents
    assert _orders([a, b], paths, limit) == fresh


def test_a_list_opened_first_leaves_the_order_of_a_fresh_build(tmp_path, lists):
    a, b = lists
    fresh = _orders([a, b], resolve(tmp_path / "fresh"))
    paths = resolve(tmp_path / "data")
    _orders([b], paths)  # b's documents come before a's
    assert _orders([a, b], paths) == fresh
    # and the lists in the other order give the same
    assert _orders([b, a], paths) == fresh


def test_equal_scores_are_in_the_order_of_the_papers_places_in_the_lists(tmp_path, lists):
    a, b = lists
    library = load_library([a, b])
    places = list_places(library.lists)
    for hits in _orders([a, b], resolve(tmp_path / "data")).values():
        for first, second in itertools.pairwise(hits):
            if first[1] == second[1]:
                assert (*places[first[0]], first[0]) < (*places[second[0]], second[0])


def test_runs_of_equal_scores_are_ordered_by_their_keys_and_nothing_else():
    ranked = [(7, 3.0), (2, 2.0), (5, 2.0), (1, 2.0), (4, 1.0), (3, 0.5), (0, 0.5)]
    asked: list[list[int]] = []

    def keys(docs: list[int]) -> list[int]:
        asked.append(list(docs))
        return [-doc for doc in docs]

    tied = in_tie_order(ranked, keys)
    assert tied == [(7, 3.0), (5, 2.0), (2, 2.0), (1, 2.0), (4, 1.0), (3, 0.5), (0, 0.5)]
    assert asked == [[2, 5, 1, 3, 0]]  # only the documents that tie, in one call


def test_few_hits_and_many_are_ordered_alike(tmp_path, lists):
    # a few hits are ordered by their papers' stored ids, many by the map of every
    # document: the same order either way
    from tuireader.search.documents import Documents

    a, b = lists
    paths = resolve(tmp_path / "data")
    _orders([b], paths)
    library = load_library([a, b])
    engine = open_engine(library, paths)
    try:
        searcher = engine._searcher
        every = list(range(searcher.reader().doc_count_all()))
        few = every[::7]
        scored = [(doc, float(doc % 3)) for doc in few]
        by_stored = Documents(library, searcher).best_first(scored)
        mapped = Documents(library, searcher)
        mapped.positions()
        assert mapped.best_first(scored) == by_stored
        assert by_stored != sorted(scored, key=lambda item: (-item[1], item[0]))
    finally:
        engine.close()
