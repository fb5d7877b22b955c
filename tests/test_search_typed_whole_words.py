"""A word typed whole in live search (its last word read as the beginning of words)
ranks its papers as a search of the finished word does: the reader and ``tuireader
search`` give a word the same order. Summed, each word it begins added its score, the
rare ones most: the reader's first hits for "diffusion" were the papers saying
"Diffusion-based" (DIDI, DiffStitch), and ``search transformer --prefix`` put
"SpikeZIP-TF … Transformer-based SNN" at 46.8 above "Robotic View Transformer" (23.2)."""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import engine as engines
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

PAPERS = [
    ("Robotic View Transformer for Manipulation", "A transformer sees the views of a robot."),
    ("Trainable Transformer in Transformer", "A transformer inside a transformer, trained."),
    ("SpikeZIP: Conversion for Transformer-based Spiking Networks", "Spikes in transformers."),
    ("Outlier-Efficient Layers for Transformer-Based Models", "Attention without outliers."),
    ("Cold Diffusion on the Replay Buffer", "Diffusion plans from good states."),
    ("Rolling Diffusion Models", "Diffusion over time, rolled."),
    ("DIDI: Diffusion-Guided Diversity", "A diffusion-guided policy, diffusion-based."),
    ("DiffStitch: Diffusion-based Trajectory Stitching", "Stitched with diffusion."),
    ("Graph Networks for Molecules", "A graph of atoms; graphs of bonds."),
    ("Learning on Graphs", "Graph learning at scale."),
    ("Magnetophonon Resonance in Graphene", "Graphene sheets in a field."),
    ("Graphical Models of Images", "Graphical structure of pixels."),
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS
    ]
    (folder / "typed.json").write_text(json.dumps(records), encoding="utf-8")
    opened = open_engine(load_library([folder]), resolve(tmp_path_factory.mktemp("data")))
    yield opened
    opened.close()


def _ranked(engine, query: str, prefix: bool) -> list[tuple[str, float]]:
    return [(hit.paper.title, hit.score) for hit in engine.search(query, prefix=prefix).hits]


@pytest.mark.parametrize("word", ["transformer", "diffusion", "graph", "Transformer"])
def test_a_word_typed_whole_ranks_its_papers_as_the_finished_word(engine, word):
    finished = _ranked(engine, word, False)
    typed = _ranked(engine, word, True)
    assert finished
    # the papers with the word: the same, in the same order, with the same scores
    assert typed[: len(finished)] == pytest.approx(finished)
    # then those with only the words it begins ("graphene", "graphical")
    assert {title for title, _ in typed[len(finished) :]}.isdisjoint(t for t, _ in finished)


def test_the_words_a_word_typed_whole_begins_come_after_its_own(engine):
    typed = [title for title, _ in _ranked(engine, "graph", True)]
    assert typed[-2:] == ["Magnetophonon Resonance in Graphene", "Graphical Models of Images"]
    assert typed[0] != "Magnetophonon Resonance in Graphene"


def test_a_beginning_of_words_ranks_the_words_it_begins(engine):
    # no paper says "diffu" or "grap": the words they begin, weighed whole
    from tuireader.search.fastsearch import BEGUN_WEIGHT

    for typed, finished in (("diffu", "diffusion"), ("grap", "graph")):
        found = _ranked(engine, typed, True)
        assert len(found) >= len(_ranked(engine, finished, False))
    scores = dict(_ranked(engine, "grap", True))
    graphene = dict(_ranked(engine, "graph", True))["Magnetophonon Resonance in Graphene"]
    assert graphene == pytest.approx(BEGUN_WEIGHT * scores["Magnetophonon Resonance in Graphene"])


@pytest.mark.parametrize("query", ["transformer", "graph", "diffusion", "grap", "robotic tra"])
def test_a_word_typed_ranks_alike_through_whooshs_matchers(engine, monkeypatch, query):
    fast = _ranked(engine, query, True)
    monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    general = _ranked(engine, query, True)
    assert fast
    assert [title for title, _ in fast] == [title for title, _ in general]
    assert [score for _, score in fast] == pytest.approx([score for _, score in general])
