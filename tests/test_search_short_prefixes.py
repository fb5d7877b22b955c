"""A short prefix being typed finds the most frequent words it begins.

A prefix expands to the most frequent words starting with it, within a budget of
postings (the first of them whatever its postings). The prefix itself, when a word,
came first and took that place: at 100,000 papers "m" (a word of 3,111 papers) left
out "models" (61,348, over a one-letter prefix's budget), and "state-of-the-art m"
found the papers that say "m". The whole query, its words finished, finds what it
found before.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import terms
from tuireader.search.engine import open_engine
from tuireader.search.vocabulary import Vocabulary
from tuireader.system.paths import resolve

PAPERS = [
    ("Deep Models", "State-of-the-art models of vision, and more models."),
    ("Model Zoo", "A state-of-the-art model zoo of many models."),
    ("Small Data", "State-of-the-art models for small data; more is better."),
    ("The M Estimator", "A state-of-the-art m estimator, robust to outliers."),
    ("Methods", "Methods that are state-of-the-art, and the modes they find."),
    ("Unrelated", "A survey of models, none of them state-of-the-art in any sense."),
]


def test_the_prefix_as_a_word_leaves_the_budget_to_the_words_it_begins():
    counts = {"m": 30, "models": 500, "model": 400, "more": 10, "mo": 2}
    vocabulary = Vocabulary(counts)
    assert vocabulary.expand("m", 100) == (["m", "models"], False)
    assert vocabulary.expand("mo", 100) == (["mo", "models"], False)
    # within the budget, the others as before, most frequent first
    assert vocabulary.expand("m", 905) == (["m", "models", "model"], False)
    assert vocabulary.expand("mor", 100) == (["more"], True)


@pytest.fixture
def engine(tmp_path, monkeypatch):
    folder = tmp_path / "lists"
    folder.mkdir()
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS
    ]
    (folder / "prefixes.json").write_text(json.dumps(records), encoding="utf-8")
    opened = open_engine(load_library([folder]), resolve(tmp_path / "data"))
    yield opened
    opened.close()


def _titles(engine, query: str, prefix: bool) -> list[str]:
    return [hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits]


@pytest.mark.parametrize("query", ["state-of-the-art m", "state-of-the-art mo", "m", "mo"])
def test_a_bounded_prefix_finds_the_most_frequent_words_it_begins(engine, monkeypatch, query):
    # a budget of postings as small beside these papers as a one-letter prefix's is
    # beside 100,000 papers
    monkeypatch.setattr(terms, "budget", lambda papers, prefix="": 2)
    result = engine.search(query, prefix=True, limit=None)
    found = {hit.paper.title for hit in result.hits}
    assert {"Deep Models", "Model Zoo", "Small Data"} <= found
    assert not result.exact
    assert "models" in result.terms


@pytest.mark.parametrize(
    "query", ["state-of-the-art models", "state-of-the-art m", "models", "m estimator"]
)
def test_a_query_of_finished_words_finds_what_it_found(engine, monkeypatch, query):
    before = _titles(engine, query, prefix=False)
    monkeypatch.setattr(terms, "budget", lambda papers, prefix="": 2)
    assert _titles(engine, query, prefix=False) == before
    assert _titles(engine, query + " ", prefix=True) == before
