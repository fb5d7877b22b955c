"""A model's version spelled as researchers write it finds the same papers every way.

Of the 2,610 papers of ICML 2024, ``gpt3.5`` found 17 and ``gpt-3.5`` 18 (their words,
"gpt3" or "gpt", "3" and "5", anywhere: "GPT-2, 3, 3.5" and "GPT-3 … 5 tasks") where 15
say GPT-3.5, and ``"gpt 3.5"`` none: a phrase's decimal point was no gap between its
numbers. Unquoted, ``llama 2`` missed the papers that write "LLaMA2" (37 where
``llama2`` finds 41): it finds them too now, beside the papers with both words apart.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

PAPERS = [
    {"title": "Prompting GPT-3.5 for Proofs", "abstract": "A model proves."},
    {"title": "GPT3.5 as a Labeler", "abstract": "Labels, cheaply."},
    {"title": "Chatting with GPT 3.5", "abstract": "Dialogue."},
    {"title": "GPT-3 on Few Tasks", "abstract": "We run GPT-3 on 5 tasks."},
    {"title": "Versions 3.5 of Everything", "abstract": "GPT was not used."},
    {"title": "LLaMA2 Fine-tuning", "abstract": "Adapters."},
    {"title": "Llama 2 Chat", "abstract": "Chat models."},
    {"title": "Llama Models in Stages", "abstract": "Stage 2 adapts the llama."},
    {"title": "Layer 2 Features", "abstract": "Features of networks."},
    {"title": "Layers of Two Kinds", "abstract": "A layer in block 2."},
]
GPT35 = {"Prompting GPT-3.5 for Proofs", "GPT3.5 as a Labeler", "Chatting with GPT 3.5"}
LLAMA2 = {"LLaMA2 Fine-tuning", "Llama 2 Chat"}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{**paper, "authors": ["A. Author"], "year": 2024} for paper in PAPERS]
    (folder / "spellings.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


@pytest.mark.parametrize(
    "query", ["gpt3.5", "gpt-3.5", "GPT-3.5", '"gpt 3.5"', '"GPT-3.5"', '"gpt3.5"']
)
def test_a_version_with_a_point_is_found_however_it_is_written(engine, query):
    assert _titles(engine, query) == GPT35
    assert _titles(engine, f"{query} chatting") == {"Chatting with GPT 3.5"}


def test_the_digits_after_a_point_are_not_a_number_anywhere(engine):
    # (as a word of its own: "GPT3.5" is one word and a point)
    said = GPT35 - {"GPT3.5 as a Labeler"} | {"Versions 3.5 of Everything"}
    assert _titles(engine, '"3.5"') == _titles(engine, "3.5") == said
    assert _titles(engine, "gpt3.5 -labeler") == GPT35 - {"GPT3.5 as a Labeler"}
    # unquoted, the two words anywhere too, as other words are: not "GPT-3 … 5 tasks"
    assert _titles(engine, "gpt 3.5") == GPT35 | {"Versions 3.5 of Everything"}


def test_a_name_and_a_number_apart_find_the_name_and_its_version(engine):
    assert _titles(engine, "llama2") == LLAMA2
    # the two words anywhere, as before, and the version however it is written
    assert _titles(engine, "llama 2") == LLAMA2 | {"Llama Models in Stages"}
    assert _titles(engine, "layer 2") == {"Layer 2 Features", "Layers of Two Kinds"}
    # while the number is typed it is a word yet
    assert _titles(engine, "llama 2", prefix=True) == {"Llama 2 Chat", "Llama Models in Stages"}
    # a year is no version
    assert _titles(engine, "llama 2024") == set()


#: an abbreviation written with full stops, as one word, and letters that are neither
ABBREVIATED = [
    {"title": "Federated Learning on Non-IID Clients", "abstract": "Clients differ."},
    {"title": "Learning from non-i.i.d. Samples", "abstract": "Drift."},
    {"title": "Samples Drawn i.i.d.", "abstract": "Independent draws."},
    {"title": "IID Draws Suffice", "abstract": "Draws."},
    {"title": "Costs of O(T) Rounds", "abstract": "Let i, i and d be indices; we show a bound."},
    {"title": "Losses w.r.t. Labels", "abstract": "Gradients of losses."},
    {"title": "Extragradient (EG) for Games", "abstract": "Information extraction (IE) too."},
    {"title": "Optimisers, e.g. Adam", "abstract": "Steps, i.e. updates; cf. momentum."},
]
IID = {"Samples Drawn i.i.d.", "IID Draws Suffice"}
NON_IID = {"Federated Learning on Non-IID Clients", "Learning from non-i.i.d. Samples"}


@pytest.fixture(scope="module", params=["index", "scan"])
def abbreviated(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{**paper, "authors": ["I. Author"], "year": 2024} for paper in ABBREVIATED]
    (folder / "abbreviated.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    yield indexed
    indexed.close()


@pytest.mark.parametrize(
    ("queries", "titles"),
    [
        # iid found 10 of ICML 2024 where i.i.d. finds 28, non-iid 6 where non-i.i.d. 12
        (["iid", "IID", "i.i.d."], IID | NON_IID),
        (["non-iid", "non-IID", "non-i.i.d.", "title:non-iid"], NON_IID),
        # as one word too: noniid found 6 of ICML 2024, the papers that write "non-IID"
        (["noniid", "NonIID", "title:noniid"], NON_IID),
        (["wrt", "w.r.t."], {"Losses w.r.t. Labels"}),
    ],
)
def test_an_abbreviation_is_found_with_its_full_stops_or_without(abbreviated, queries, titles):
    for query in queries:
        assert _titles(abbreviated, query) == titles, query


@pytest.mark.parametrize("word", ["eg", "EG", "ie", "IE", "title:eg", "abstract:ie"])
def test_a_word_is_no_abbreviation_of_prose(abbreviated, word):
    # of ICML 2024, eg found the 221 papers that write "e.g." and ie the 196 that write
    # "i.e.", where a researcher typing EG means the extragradient method
    assert _titles(abbreviated, word) == {"Extragradient (EG) for Games"}


def test_an_abbreviation_of_prose_written_with_its_stops_is_found(abbreviated):
    assert _titles(abbreviated, "e.g.") == {"Optimisers, e.g. Adam"}
    assert _titles(abbreviated, "i.e.") == {"Optimisers, e.g. Adam"}


def test_letters_apart_are_no_abbreviation(abbreviated):
    # "O(T)" is no "o.t.", nor "i, i and d" "i.i.d."
    assert _titles(abbreviated, "ot") == set()
    written = {"Samples Drawn i.i.d.", "Learning from non-i.i.d. Samples"}
    assert _titles(abbreviated, '"i.i.d."') == written  # quoted: as written
    assert _titles(abbreviated, "author:id") == set()  # a name is not read with stops


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("iid", ["i.i.d.", "IID"]),
        ("i.i.d.", ["i.i.d.", "IID"]),
        ("gpt3.5", ["GPT", "3.5", "GPT3.5"]),
        ("gpt-3.5", ["GPT", "3.5", "GPT3.5"]),
    ],
)
def test_words_with_points_are_highlighted_together(abbreviated, query, shown):
    # i.i.d. highlighted every lone "i" and "d", gpt3.5 every "3" and "5"
    text = "Drawn i.i.d. (IID) in dimension d, i an index; GPT-3.5 and GPT3.5, not GPT-3 on 5"
    result = abbreviated.search(query, limit=None)
    assert [text[a:b] for a, b in spans_of(text, result.terms)] == shown
    for hit in result.hits:
        assert hit.marker is not None
        assert [text[a:b] for a, b in hit.marker.spans(text)] == shown


def test_only_a_word_and_its_abbreviation_are_read_with_full_stops():
    from tuireader.search import query as ql

    def phrases(text: str) -> list[str]:
        return [word.text for word in ql.words(ql.parse(text).root)]

    assert "non-i.i.d." in phrases("non-iid")
    assert "non-i.i.d." in phrases("noniid")
    # "non" and a longer word is no abbreviation: "nonconvex" is no "non-c.o.n.v.e.x."
    for word in ("nonconvex", "nonlinear", "nonparametric", "nonzero"):
        assert not [text for text in phrases(word) if "." in text], word
    # "state-of-the-art" is no "state-of-the-a.r.t.": a phrase looked for in vain at
    # each key typed after it (its slowest keystroke in ICML 2024 took 51 ms, not 34)
    assert not [text for text in phrases("state-of-the-art") if "." in text]
