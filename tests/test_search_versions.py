"""A model's name and its version number find each other however they are written:
``llama2``, ``llama-2``, ``"Llama 2"`` and ``LLaMA2`` find "Llama 2", "LLaMA2" and
"Llama-2-70b-chat" alike, with the index and without it. Of the 2,610 papers of ICML
2024, ``llama2`` found 31 where ``llama-2`` found 41, and ``gpt4`` 42 where ``GPT-4``
found 44. A number is a version when it follows the name, by a space or a hyphen: a
list's "layers; 2)" is no "layer2". "GPT-4o" is another model than "GPT-4".
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

PAPERS = [
    {"title": "Fine-tuning Llama 2 for Code", "abstract": "We adapt a model."},
    {"title": "LLaMA2 at Scale", "abstract": "Scaling study."},
    {"title": "Evaluating Llama-2-70b-chat", "abstract": "A chat model."},
    {"title": "GPT-4 as a Judge", "abstract": "Judging answers."},
    {"title": "Seeing with GPT-4o", "abstract": "Vision and speech."},
    {"title": "Deep Nets", "abstract": "Our method has two parts: many layers; 2) a head."},
    {"title": "ResNet 50 Baselines", "abstract": "Image classification."},
    {"title": "Text-to-Text with T5", "abstract": "Translation."},
]
LLAMAS = {"Fine-tuning Llama 2 for Code", "LLaMA2 at Scale", "Evaluating Llama-2-70b-chat"}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "versions.json").write_text(json.dumps(PAPERS), encoding="utf-8")
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


@pytest.mark.parametrize("query", ["llama2", "llama-2", '"Llama 2"', "LLaMA2", "llama2 -gpt4"])
def test_a_name_and_its_version_find_each_other(engine, query):
    assert _titles(engine, query) == LLAMAS
    # the word is whole once another follows it, as it is when typed in the reader
    assert _titles(engine, f"{query} model", prefix=True) == LLAMAS - {"LLaMA2 at Scale"}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("gpt4", {"GPT-4 as a Judge"}),
        ("GPT-4", {"GPT-4 as a Judge"}),
        ('"gpt 4"', {"GPT-4 as a Judge"}),
        ("gpt-4o", {"Seeing with GPT-4o"}),
        ("gpt4o", {"Seeing with GPT-4o"}),
        ("resnet50", {"ResNet 50 Baselines"}),
        ("t5", {"Text-to-Text with T5"}),
        ("layer2", set()),
        ('"layers 2"', set()),
        ("title:llama2", LLAMAS),
    ],
)
def test_a_version_is_its_model_and_no_other(engine, query, titles):
    assert _titles(engine, query) == titles


#: a text with the versions written every way, and numbers that are none of them
SAID = "Llama-2-70b and LLaMA 2 beat Claude 2 by 2.0% over LLaMA2, GPT-4o and GPT-4; Llama 3"


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("llama2", ["Llama", "2", "LLaMA", "2", "LLaMA2"]),
        ("llama-2", ["Llama", "2", "LLaMA", "2", "LLaMA2"]),
        ('"Llama 2"', ["Llama", "2", "LLaMA", "2", "LLaMA2"]),
        ("gpt4", ["GPT", "4"]),
        ("GPT-4", ["GPT", "4"]),
    ],
)
def test_a_version_is_highlighted_beside_its_name_only(engine, query, shown):
    # llama2 highlighted every "2" of its hits, Claude's and "2.0%" (21 in the titles
    # and abstracts of its 41 ICML 2024 papers), gpt4 the "4" of "4 benchmarks"
    result = engine.search(query, limit=None)
    # the words the results list highlights, and those of a paper's text in the viewer
    assert [SAID[a:b] for a, b in spans_of(SAID, result.terms)] == shown
    assert result.hits
    for hit in result.hits:
        assert hit.marker is not None
        assert [SAID[a:b] for a, b in hit.marker.spans(SAID)] == shown


@pytest.mark.parametrize(
    "query", ["llama-2", "llama 2", "LLaMA 2", "gpt-4", "GPT 4", "gpt-3.5", '"Llama 2', '"gpt 4']
)
def test_a_version_being_typed_is_highlighted_as_the_finished_query(engine, query):
    # typed in the reader, llama-2 highlighted every "2", "20" and "2.0" of its hits
    # (the last word is a prefix), where the query finished highlights "Llama 2" only
    text = SAID + "; GPT-3.5 and 20 runs in 2024"
    finished = engine.search(query, limit=None)
    typed = engine.search(query, prefix=True, limit=None)
    shown = [text[a:b] for a, b in spans_of(text, finished.terms)]
    assert [text[a:b] for a, b in spans_of(text, typed.terms)] == shown
    assert "20" not in shown and "2024" not in shown
    assert typed.hits or "3.5" in query
    # in the papers the finished query finds; another is highlighted as typed (below)
    papers = {hit.paper.id for hit in finished.hits}
    for hit in typed.hits:
        if hit.paper.id in papers:
            assert hit.marker is not None
            assert [text[a:b] for a, b in hit.marker.spans(text)] == shown


#: papers a version being typed finds by other words than the finished version's
OTHERS = [
    *PAPERS,
    {"title": "SceneCraft: Synthesizing 3D Scenes", "abstract": "With GPT-V as a critic."},
    {"title": "Quantizing Chat Models", "abstract": "LLaMA-2b and LLaMA 20B shrink."},
]


@pytest.fixture(scope="module", params=["index", "scan"])
def others(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("others")
    (folder / "others.json").write_text(json.dumps(OTHERS), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


@pytest.mark.parametrize(
    ("query", "paper", "shown"),
    [
        ("gpt-3", "SceneCraft: Synthesizing 3D Scenes", ["3D", "GPT"]),
        ("gpt-4", "Seeing with GPT-4o", ["GPT", "4o"]),
        ("llama-2", "Quantizing Chat Models", ["LLaMA", "2b", "LLaMA", "20B"]),
    ],
)
def test_a_hit_the_finished_version_marks_nothing_in_is_highlighted_as_typed(
    others, query, paper, shown
):
    # typed in the reader, gpt-3 highlighted nothing in 20 of its 38 ICML 2024 hits
    # ("SceneCraft", found by "GPT-V" and "3D"), llama-2 in 11 of 37: the finished
    # version is in none of them, and they are highlighted by the words as typed
    typed = others.search(query, prefix=True, limit=None)
    assert typed.hits
    for hit in typed.hits:
        found = hit.marker
        assert found is not None
        assert found.spans(hit.paper.title) or found.spans(hit.paper.abstract), hit.paper.title
    (hit,) = [hit for hit in typed.hits if hit.paper.title == paper]
    text = f"{hit.paper.title} {hit.paper.abstract}"
    assert [text[a:b] for a, b in hit.marker.spans(text)] == shown
    # where the finished version is, it alone is highlighted still
    for hit in typed.hits:
        if hit.paper.title in LLAMAS:
            assert [SAID[a:b] for a, b in hit.marker.spans(SAID)] == [
                "Llama",
                "2",
                "LLaMA",
                "2",
                "LLaMA2",
            ]


@pytest.mark.parametrize("query", ["neurips 20", "corl 202", "llama 19", "llama 2 model"])
def test_a_year_being_typed_after_a_name_is_highlighted_as_typed(query):
    # "neurips 20" may become "neurips 2023": the years it begins are highlighted as
    # typed; a word typed after the version is no version
    from tuireader.search import query as ql

    assert ql.finished_version(query, ql.parse(query, prefix=True).root) is None
