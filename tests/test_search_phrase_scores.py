"""A phrase among words, answered from the term scores, finds and ranks what Whoosh's
matchers find.

Live search keeps the papers of a phrase while the next word is typed. They were found
through Whoosh's matchers, a Python call per posting and a stored record per paper read
for the phrase: the first key after "state-of-the-art " took 3 s at 100,000 papers. The
phrase's words are now read from the term scores, and only the papers having them all
are read for the phrase; what is found, and its order, stays Whoosh's.
"""

from __future__ import annotations

import json

import pytest
from whoosh import query as wq
from whoosh.searching import Searcher

from tuireader.ingest.library import load_library
from tuireader.search import engine as engines
from tuireader.search.engine import open_engine
from tuireader.search.whooshdoor import CheckedQuery
from tuireader.system.paths import resolve

PAPERS = [
    ("A State-of-the-Art Model", "We beat the state-of-the-art model on three tasks."),
    ("Modest Gains", "Results are state of the art; the model is small."),
    ("The Art of State", "A state machine, and the art of modelling it."),
    ("Math Models", "Our $\\ell_1$ model is state-of-the-*art* for sparse recovery."),
    ("Stateoftheart", "A stateoftheart method, written as one word, for modelling."),
    ("Mixture of Experts", "A mixture-of-experts model, state of the art in routing."),
    ("In-Context Learning", "In-context learning of a model without a state."),
    ("Unrelated", "Nothing of note: art, state and model far apart in this text."),
    ("Spaced Math", "With $x^2$ terms, our model is state of the art."),
]

QUERIES = [
    "state-of-the-art m",
    "state-of-the-art mo",
    "state-of-the-art model",
    '"state of the art" m',
    "in-context m",
    "mixture-of-experts m",
    '"the art" OR stateoftheart m',
    'title:"state of the art" m',
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS
    ]
    (folder / "phrases.json").write_text(json.dumps(records), encoding="utf-8")
    opened = open_engine(load_library([folder]), resolve(tmp_path_factory.mktemp("data")))
    if opened.status == "no index: plain text scan":
        pytest.skip("the scan reads no index")
    yield opened
    opened.close()


def _found(engine, query: str) -> list[tuple[str, float]]:
    return [
        (hit.paper.title, hit.score) for hit in engine.search(query, prefix=True, limit=None).hits
    ]


@pytest.mark.parametrize("query", QUERIES)
def test_a_phrase_among_words_is_read_from_the_term_scores(engine, monkeypatch, query):
    """Whoosh's matchers answer the phrase in the fields of names only (which keep
    the words' positions, and are short): not the words of the titles and abstracts,
    nor the papers read for the phrase."""
    asked: list[wq.Query] = []
    real = Searcher.search
    monkeypatch.setattr(
        Searcher, "search", lambda self, q, **k: asked.append(q) or real(self, q, **k)
    )
    engine._terms._made.clear()
    assert _found(engine, query)
    leaves = [leaf for q in asked for leaf in _leaves(q)]
    assert all(isinstance(q, wq.Phrase) for q in leaves), leaves


def _leaves(q: wq.Query) -> list[wq.Query]:
    """The queries ``q`` is made of, the ones Whoosh's matchers read the index for."""
    if isinstance(q, CheckedQuery):
        return [q]
    if isinstance(q, (wq.And, wq.Or)):
        return [leaf for sub in q.subqueries for leaf in _leaves(sub)]
    return [q]


@pytest.mark.parametrize("query", QUERIES)
def test_a_phrase_among_words_finds_and_ranks_as_whooshs_matchers(engine, monkeypatch, query):
    engine._terms._made.clear()
    fast = _found(engine, query)
    monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    general = _found(engine, query)
    assert fast
    assert [title for title, _ in fast] == [title for title, _ in general]
    assert [score for _, score in fast] == pytest.approx([score for _, score in general])


def test_the_phrase_of_state_of_the_art_finds_its_written_forms(engine):
    engine._terms._made.clear()
    found = {title for title, _ in _found(engine, "state-of-the-art m")}
    assert found == {
        "A State-of-the-Art Model",
        "Modest Gains",
        "Math Models",
        "Stateoftheart",
        "Mixture of Experts",
        "Spaced Math",
    }


def test_a_phrase_found_in_the_text_as_written_renders_no_math(engine, monkeypatch):
    """ "state of the art" written with spaces, in an abstract with math: found in the
    text as written, where its math was rendered to look for it (1,000 abstracts at
    100,000 papers)."""
    from tuireader.search import compiled

    read = []
    real = compiled.phrase_text
    monkeypatch.setattr(
        compiled,
        "phrase_text",
        lambda paper, *a, **k: read.append(paper.title) or real(paper, *a, **k),
    )
    engine._terms._made.clear()
    found = {title for title, _ in _found(engine, "state-of-the-art m")}
    assert {"Spaced Math", "Math Models", "Modest Gains"} <= found
    assert read and not set(read) & found
