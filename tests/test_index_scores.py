"""Scores depend on the lists searched, not on what the index went through before."""

from __future__ import annotations

import shutil

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

#: through the fast path (words), and through Whoosh's matchers (an OR, a field)
QUERIES = ("diffusion", "privacy methods", "diffusion OR privacy", "title:study")


def _scores(lists, paths, **options) -> dict[str, dict[str, float]]:
    """Each query's hits with their scores."""
    engine = open_engine(load_library(lists), paths, **options)
    try:
        out = {}
        for query in QUERIES:
            result = engine.search(query, limit=None)
            out[query] = {hit.paper.id: hit.score for hit in result.hits}
        return out
    finally:
        engine.close()


@pytest.fixture
def lists(tmp_path):
    a = write_jsonl(tmp_path / "a.jsonl", [*RECORDS, *many_records(150)])
    b = write_jsonl(tmp_path / "b.jsonl", many_records(60, " b"))
    return a, b


def test_a_list_added_and_removed_again_leaves_the_scores_of_a_fresh_build(tmp_path, lists):
    a, b = lists
    copy = tmp_path / "copy.jsonl"
    shutil.copyfile(b, copy)  # b's papers in two lists: written again, then back
    paths = resolve(tmp_path / "data")
    fresh = _scores([a, b], paths)
    assert all(fresh.values())
    assert _scores([a, b, copy], paths) == fresh
    assert _scores([a, b], paths) == fresh
    assert _scores([a, b], paths, rebuild=True) == fresh


def test_papers_changed_and_changed_back_leave_the_scores_of_a_fresh_build(tmp_path, lists):
    a, b = lists
    paths = resolve(tmp_path / "data")
    fresh = _scores([a, b], paths)
    changed = many_records(60, " b")
    for record in changed[::3]:
        record["abstract"] += " Privacy methods for diffusion, revised."
    write_jsonl(b, changed)
    _scores([a, b], paths)
    write_jsonl(b, many_records(60, " b"))
    assert _scores([a, b], paths) == fresh


def test_lists_opened_before_leave_the_scores_of_a_fresh_build(tmp_path, lists):
    a, b = lists
    fresh = _scores([a], resolve(tmp_path / "fresh"))
    paths = resolve(tmp_path / "data")
    _scores([b], paths)
    _scores([a, b], paths)
    assert _scores([a], paths) == fresh  # b's papers stay in the index, unweighed


def _like(lists, paths, limit: int = 20) -> dict[str, list[tuple[str, float]]]:
    """The papers like each of some papers (More like this), in order, with their scores."""
    library = load_library(lists)
    engine = open_engine(library, paths)
    try:
        return {
            paper.id: [
                (hit.paper.id, hit.score) for hit in engine.similar(paper.id, limit=limit).hits
            ]
            for paper in library.papers[:60:6]
        }
    finally:
        engine.close()


def test_papers_like_another_are_counted_over_the_lists_searched(tmp_path, lists):
    # the key terms and their scores were counted over every document the index kept,
    # the papers of lists opened before among them
    a, b = lists
    other = write_jsonl(tmp_path / "other.jsonl", many_records(300, " privacy graphs kernels"))
    fresh = _like([a, b], resolve(tmp_path / "fresh"))
    assert all(fresh.values())
    paths = resolve(tmp_path / "data")
    _like([other], paths)
    assert _like([a, b], paths) == fresh
    # and those of papers changed and changed back (every paper like each: the same
    # papers, with the same scores)
    every = {paper: dict(hits) for paper, hits in _like([a, b], paths, limit=1000).items()}
    changed = many_records(60, " b")
    for record in changed[::3]:
        record["abstract"] += " Privacy methods for diffusion, revised."
    write_jsonl(b, changed)
    _like([a, b], paths)
    write_jsonl(b, many_records(60, " b"))
    again = _like([a, b], paths, limit=1000)
    assert {paper: dict(hits) for paper, hits in again.items()} == every


def test_papers_like_another_of_equal_scores_are_in_the_order_of_a_fresh_build(tmp_path, lists):
    # they came in the order of the index's documents, which papers changed and changed
    # back had moved
    a, b = lists
    fresh = _like([a, b], resolve(tmp_path / "fresh"))
    scores = [score for hits in fresh.values() for _, score in hits]
    assert len(scores) > len(set(scores))  # scores tie
    paths = resolve(tmp_path / "data")
    _like([a, b], paths)
    changed = many_records(60, " b")
    for record in changed[::3]:
        record["abstract"] += " Privacy methods for diffusion, revised."
    write_jsonl(b, changed)
    _like([a, b], paths)
    write_jsonl(b, many_records(60, " b"))
    for limit in (20, 5, 1000):
        assert _like([a, b], paths, limit) == _like([a, b], resolve(tmp_path / "fresh"), limit)
