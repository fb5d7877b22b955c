"""A quoted phrase being typed: while its quote is still open, its last word is the
beginning of a word, so that live search does not go blank at each keystroke of a
phrase. With the index and without it.

On the ICML 2024 list ``"graph neur`` found nothing (the phrase "graph neur") where
``"graph neural`` finds 88 papers, and ``author:"Bernhard Schö`` nothing where
``author:"Bernhard Sch`` finds 6.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import query as ql
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

PAPERS = [
    {
        "title": "Graph Neural Networks at Scale",
        "authors": ["Bernhard Schölkopf"],
        "abstract": "We train message passing models.",
    },
    {
        "title": "Neural Graph Models",
        "authors": ["Bernhard Scholz"],
        "abstract": "Neurons feed a graph, read the other way round.",
    },
    {
        "title": "Spiking Models",
        "authors": ["Ada Lovelace"],
        "abstract": "The graph of neurons spikes; neural codes are sparse.",
    },
    {
        "title": "Learning in Context",
        "authors": ["Bernhard Schoelkopf", "Jonas Peters"],
        "abstract": "In-context learning without gradients.",
    },
    {
        "title": "Graph Neuron Pruning",
        "authors": ["Peters Jonas"],
        "abstract": "Pruning graphs.",
        "keywords": ["graph neurons", "pruning"],
    },
    {
        "title": "Sparse Codes",
        "authors": ["Ada Byron"],
        "abstract": "Codes.",
        "keywords": ["neural graph"],
    },
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "typed.json").write_text(json.dumps(PAPERS), encoding="utf-8")
    return load_library([folder])


@pytest.fixture(scope="module")
def engines(library, tmp_path_factory):
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed, Engine(library, None)  # no index: the library's terms in memory
    indexed.close()


def _titles(engine, query: str, prefix: bool) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        # the earlier words exact and in order, the last the beginning of a word
        (
            '"graph neur',
            {"Graph Neural Networks at Scale", "Graph Neuron Pruning", "Spiking Models"},
        ),
        ('"graph neural', {"Graph Neural Networks at Scale"}),
        # a finished word finds its other forms, as the phrase closed does
        ('"graph neural network', {"Graph Neural Networks at Scale"}),
        ('"graph neural networks', {"Graph Neural Networks at Scale"}),
        # a stop word may stand between, as in a phrase
        ('"graph of neu', {"Spiking Models"}),
        ('"neurons spik', {"Spiking Models"}),
        # a phrase that says a stop word is looked for as written
        ('"in cont', {"Learning in Context"}),
        # a name being typed, with its umlauts or without them (folded, as a name is:
        # "Schö" begins "Scholz" as ``author:Schö`` does)
        (
            'author:"Bernhard Schö',
            {"Graph Neural Networks at Scale", "Neural Graph Models", "Learning in Context"},
        ),
        ('author:"Bernhard Schoe', {"Graph Neural Networks at Scale", "Learning in Context"}),
        ('author:"Ada Lo', {"Spiking Models"}),
        ('author:"Jonas Pe', {"Learning in Context"}),
        ('"Jonas Pe', {"Learning in Context"}),
        # a keyword being typed, its words in order
        ('keyword:"graph neu', {"Graph Neuron Pruning"}),
        ('keyword:"neural gr', {"Sparse Codes"}),
        # after other words, and after a closed phrase
        ('pruning "graph neu', {"Graph Neuron Pruning"}),
        ('"message passing" "graph neu', {"Graph Neural Networks at Scale"}),
    ],
)
def test_a_phrase_being_typed_ends_in_the_beginning_of_a_word(engines, query, titles):
    for engine in engines:
        assert _titles(engine, query, prefix=True) == titles, (query, engine.status)


@pytest.mark.parametrize(
    "query", ['"graph neur', 'author:"Bernhard Schö', 'keyword:"graph neu', '"neurons spik']
)
def test_a_query_run_whole_keeps_its_phrase_whole(engines, query):
    for engine in engines:
        assert _titles(engine, query, prefix=False) == set(), (query, engine.status)


def test_only_an_open_quote_is_being_typed():
    typed = ql.parse('"graph neur', prefix=True).root
    assert typed == ql.Phrase("graph neur", prefix=True)
    # closed, excluded or followed by a space: the phrase as written
    assert ql.parse('"graph neur"', prefix=True).root == ql.Phrase("graph neur")
    assert ql.parse('-"graph neur', prefix=True).root == ql.Not(ql.Phrase("graph neur"))
    assert ql.parse('"graph neur', prefix=False).root == ql.Phrase("graph neur")
    # one word quoted is a word being typed
    assert ql.parse('"neur', prefix=True).root == ql.Term("neur", prefix=True)
    # a name written last name first stays whole: its other order is no phrase typed
    root = ql.parse('author:"Schölkopf, Bern', prefix=True).root
    assert isinstance(root, ql.Or)
    assert not any(getattr(child, "prefix", False) for child in root.children)


def test_the_word_being_typed_is_highlighted_as_its_completions(engines):
    for engine in engines:
        result = engine.search('"graph neur', prefix=True, limit=None)
        assert {"graph", "neural", "neuron"} <= result.terms, engine.status
        text = "Graph Neural Networks at Scale"
        assert spans_of(text, result.terms) == ((0, 5), (6, 12))  # "Graph", "Neural"


@pytest.mark.parametrize("typed", ['"graph neur', '"graph neur ', 'author:"Bernhard Sch', '"neur'])
def test_a_phrase_being_typed_is_not_said_unbalanced(typed: str) -> None:
    # its closing quote is yet to come: a message at each keystroke says nothing useful
    assert ql.parse(typed, prefix=True).problems == ()
    # run whole, the quote left open is closed and said
    assert ql.parse(typed).problems == ("closed an unbalanced quote",)
