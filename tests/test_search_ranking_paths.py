"""A query ranks its papers the same whichever way the index answers it.

Words alone are scored straight from the postings (``fastsearch``); a phrase or an OR
goes through Whoosh's matchers, and a phrase among words is both: its phrase answered
by Whoosh, its words by the fast path. Whoosh scored terms by its own BM25F (another
inverse document frequency, no field weights), so ``"reinforcement learning" robot``
ranked its papers otherwise than the same query through Whoosh alone: of ICML 2024, its
second paper was the ninth. Both now score a term alike.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import engine as engines
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

PAPERS = [
    ("Reinforcement Learning for Robot Grasping", "We grasp objects with a robot arm."),
    ("Robot Navigation", "Reinforcement learning of a policy that navigates a robot."),
    ("Offline Reinforcement Learning", "A robot dataset, and a long study of offline data."),
    ("Robots and Robot Learning", "Learning from demonstration, with reinforcement signals."),
    ("Policy Gradients", "Reinforcement learning with a robot, then with many more robots."),
    ("Sample Efficiency", "Reinforcement learning is costly; a robot makes it costlier."),
    ("Privacy in Federated Learning", "Fairness and privacy of clients."),
    ("Fairness of Classifiers", "Fairness under shift; privacy too; a robot vacuum."),
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS
    ]
    (folder / "ranking.json").write_text(json.dumps(records), encoding="utf-8")
    opened = open_engine(load_library([folder]), resolve(tmp_path_factory.mktemp("data")))
    assert opened.status != "no index: plain text scan"
    yield opened
    opened.close()


def _ranked(engine, query: str, prefix: bool) -> list[tuple[str, float]]:
    return [(hit.paper.title, hit.score) for hit in engine.search(query, prefix=prefix).hits]


@pytest.mark.parametrize(
    ("query", "prefix"),
    [
        ('"reinforcement learning" robot', False),
        ('"reinforcement learning" robot', True),
        ('robot "reinforcement learning"', False),
        # while the word after the phrase is typed (live search)
        ('"reinforcement learning" robo', True),
        ("reinforcement learning robot", False),
        ("privacy OR fairness", False),
        ('"reinforcement learning"', False),
    ],
)
def test_the_fast_path_and_whooshs_matchers_rank_alike(engine, monkeypatch, query, prefix):
    fast = _ranked(engine, query, prefix)
    monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    general = _ranked(engine, query, prefix)
    assert fast
    assert [title for title, _ in fast] == [title for title, _ in general]
    assert [score for _, score in fast] == pytest.approx([score for _, score in general])


#: a year with one paper and a year with many, so that a year's rarity could tell them
#: apart; the paper of the rare year matches "robot" least well
YEARS = [
    ("Robot Grasping", "A robot grasps; the robot lifts.", 2023),
    ("Robot Navigation", "A robot navigates a room.", 2023),
    ("Robot Arms", "Arms of a robot, and a long study of their joints and motors.", 2023),
    ("Learning to Walk", "Legged machines learn gaits.", 2023),
    ("Sample Efficiency", "Costly learning; a robot makes it costlier, as do many others.", 2020),
]


@pytest.fixture(scope="module")
def years_engine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("years")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": year}
        for title, abstract, year in YEARS
    ]
    (folder / "years.json").write_text(json.dumps(records), encoding="utf-8")
    opened = open_engine(load_library([folder]), resolve(tmp_path_factory.mktemp("data")))
    yield opened
    opened.close()


@pytest.mark.parametrize("query", ["robot year:2020..2023", "robot year:2019..2024"])
def test_a_year_range_ranks_alike_on_both_paths_and_as_the_words_alone(
    years_engine, monkeypatch, query
):
    words = [title for title, _ in _ranked(years_engine, "robot", False)]
    fast = _ranked(years_engine, query, False)
    monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    general = _ranked(years_engine, query, False)
    assert [title for title, _ in fast] == [title for title, _ in general] == words
    assert [score for _, score in fast] == pytest.approx([score for _, score in general])
