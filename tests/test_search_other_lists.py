"""A list's hits rank alike whatever other lists the index keeps papers of.

The index keeps the papers of lists opened before (``index.OTHERS_MAX``); BM25F's
numbers (documents, documents with the term, a field's average length) counted over the
whole index made the order of a list's hits depend on them: of CoRL 2023 alone,
"learning" put another paper first once ICML 2024 had been opened.
"""

from __future__ import annotations

import pytest
from corpus_util import write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search import engine as engines
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

#: a list where "robot" is rare, "learning" common; the other list turns that round
ROBOTS = [
    {"title": "Robot Grasping", "abstract": "A robot learns to grasp. Learning is slow."},
    {"title": "Learning to Walk", "abstract": "Legged learning, learning gaits and learning."},
    {"title": "Learning Maps", "abstract": "Mapping rooms by learning; a robot is used once."},
    {"title": "Learning Rates", "abstract": "Step sizes for learning, tuned by learning."},
    {"title": "Robot Arms", "abstract": "Robot arms, robot joints, robot motors; learning."},
]
OTHERS = [
    {"title": f"Robot Study {n}", "abstract": f"A robot, another robot, robot number {n}."}
    for n in range(40)
]
QUERIES = ["robot learning", "learning", "robot learnin", '"robot arms" learning']


def _ranked(engine, query: str) -> list[tuple[str, float]]:
    found = engine.search(query, prefix=query.endswith("learnin"), limit=None)
    return [(hit.paper.title, hit.score) for hit in found.hits]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "whoosh matchers"])
def test_a_list_ranks_alike_after_another_list_was_indexed(tmp_path, monkeypatch, query, fast):
    if not fast:
        monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    robots = write_jsonl(tmp_path / "robots.jsonl", ROBOTS)
    others = write_jsonl(tmp_path / "others.jsonl", OTHERS)
    paths = resolve(tmp_path / "data")

    alone = open_engine(load_library([robots]), paths)
    before = _ranked(alone, query)
    alone.close()
    open_engine(load_library([robots, others]), paths).close()
    again = open_engine(load_library([robots]), paths)
    after = _ranked(again, query)
    again.close()

    assert before
    assert [title for title, _ in after] == [title for title, _ in before]
    assert [score for _, score in after] == pytest.approx([score for _, score in before])


#: a list of papers alike two by two, by words the other list is full of, or not
PAIRS = [
    {"title": "Robot Grasping of Cups", "abstract": "A robot gripper grasps cups and mugs."},
    {"title": "Grasping Mugs by Robot", "abstract": "Robot grippers lift mugs and cups."},
    {"title": "Robot Walking on Ice", "abstract": "A legged robot walks on ice and snow."},
    {"title": "Legged Robot Gaits", "abstract": "Gaits of a legged robot, on grass and snow."},
    {"title": "Counting Cups", "abstract": "How many cups fit in a cupboard of mugs."},
]


def test_more_like_this_is_alike_after_another_list_was_indexed(tmp_path):
    pairs = write_jsonl(tmp_path / "pairs.jsonl", PAIRS)
    others = write_jsonl(tmp_path / "others.jsonl", OTHERS)
    paths = resolve(tmp_path / "data")

    def like_the_first() -> list[tuple[str, float]]:
        engine = open_engine(load_library([pairs]), paths)
        try:
            found = engine.similar(engine.library.papers[0].id)
            return [(hit.paper.title, hit.score) for hit in found.hits]
        finally:
            engine.close()

    before = like_the_first()
    open_engine(load_library([pairs, others]), paths).close()
    after = like_the_first()
    assert before
    assert [title for title, _ in after] == [title for title, _ in before]
    assert [score for _, score in after] == pytest.approx([score for _, score in before])


def test_the_counts_of_terms_among_the_papers_searched_are_bounded(tmp_path, monkeypatch):
    from tuireader.search import fastsearch

    monkeypatch.setattr(fastsearch, "COUNTED_ENTRIES", 3, raising=False)
    robots = write_jsonl(tmp_path / "robots.jsonl", ROBOTS)
    others = write_jsonl(tmp_path / "others.jsonl", OTHERS)
    paths = resolve(tmp_path / "data")
    open_engine(load_library([robots, others]), paths).close()
    engine = open_engine(load_library([robots]), paths)
    try:
        statistics = engine._terms.statistics
        assert statistics.only is not None
        for typed in ("robot", "learning", "grasp", "walk", "maps", "rates", "arms", "r", "l"):
            engine.search(typed, prefix=True)
            assert len(statistics._df) <= 3
    finally:
        engine.close()
