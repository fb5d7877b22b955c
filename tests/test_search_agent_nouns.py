"""A noun in "-er" is a word of its own: "transformer" finds the papers on transformers,
not every paper that says "linear transformation"; "optimizer" those on optimizers,
not every paper on optimization.

Porter2 takes "-er" off a long word, so "transformer", "transform" and
"transformation" were one term: of ICML 2024's 2,610 papers, "transformer" found 355,
114 of which never say "transformer"; "optimizer" found 625, 591 of them on
optimization without an optimizer. Word forms still fold: "transformers" finds
"transformer", "considered" "consider".
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import analysis, stemming
from tuireader.search.analysis import Phrase, stem
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

#: title: abstract
PAPERS = {
    "Vision Transformers at Scale": "A transformer sees patches of an image.",
    "Equivariance under Linear Transformations": "Features transform as the input is rotated.",
    "The Fast Fourier Transform, Revisited": "Signals transformed in log-linear time.",
    "Adaptive Optimizers Compared": "Adam is the optimiser of choice.",
    "Bilevel Optimization in Practice": "We optimize an outer objective.",
    "Masked Autoencoders Pretrain Encoders": "An encoder of patches and a light decoder.",
    "Positional Encoding for Graphs": "Nodes are encoded by their random walks.",
    "Computer Vision for Robots": "Cameras and computers on board.",
    "Computational Limits of Attention": "What attention can compute.",
    "Character-level Language Models": "Models that read one character at a time.",
    "Characterizing Sharp Minima": "We characterize the minima of a loss.",
    "Reparameterization Tricks": "A parameterization of the posterior.",
    "Parameter Counting": "How many parameters a network needs.",
    "Recovery Considered": "We consider what is lost, as others considered it before.",
}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS.items()
    ]
    (folder / "agents.json").write_text(json.dumps(records), encoding="utf-8")
    return load_library([folder])


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, library, tmp_path_factory):
    if request.param == "scan":
        yield Engine(library, None)  # no index: the library's terms in memory
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, limit=None).hits}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("transformer", {"Vision Transformers at Scale"}),
        ("transformers", {"Vision Transformers at Scale"}),
        ('"transformer"', {"Vision Transformers at Scale"}),
        ('"vision transformer"', {"Vision Transformers at Scale"}),
        (
            "transformation",
            {
                "Equivariance under Linear Transformations",
                "The Fast Fourier Transform, Revisited",
            },
        ),
        (
            "transform",
            {
                "Equivariance under Linear Transformations",
                "The Fast Fourier Transform, Revisited",
            },
        ),
        ("optimizer", {"Adaptive Optimizers Compared"}),
        ("optimiser", {"Adaptive Optimizers Compared"}),
        ("optimization", {"Bilevel Optimization in Practice"}),
        ("encoder", {"Masked Autoencoders Pretrain Encoders"}),
        ("encoding", {"Positional Encoding for Graphs"}),
        ("decoder", {"Masked Autoencoders Pretrain Encoders"}),
        ("computer", {"Computer Vision for Robots"}),
        ("computation", {"Computational Limits of Attention"}),
        ("character", {"Character-level Language Models"}),
        ("characterization", {"Characterizing Sharp Minima"}),
        ("parameter", {"Parameter Counting"}),
        ("parameterized", {"Reparameterization Tricks"}),
        ("considering", {"Recovery Considered"}),
    ],
)
def test_a_noun_in_er_finds_itself_not_the_verb_it_is_made_of(engine, query, titles):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("transformer", "transformation"),
        ("transformers", "transform"),
        ("optimizer", "optimization"),
        ("optimisers", "optimize"),
        ("encoder", "encoding"),
        ("decoder", "decoding"),
        ("tokenizer", "tokenization"),
        ("scheduler", "scheduling"),
        ("compiler", "compilation"),
        ("computer", "computation"),
        ("controller", "control"),
        ("classifier", "classify"),
        ("reviewer", "review"),
        ("engineering", "engine"),
        ("character", "characterize"),
        ("parameter", "parameterization"),
        ("considerable", "consider"),
    ],
)
def test_a_noun_in_er_has_a_stem_of_its_own(one, other):
    assert stem(one) != stem(other)


@pytest.mark.parametrize(
    "forms",
    [
        ("transformer", "transformers", "transformer's"),
        ("transform", "transforms", "transformed", "transforming", "transformation"),
        ("optimizer", "optimizers", "optimiser", "optimisers"),
        ("encoder", "encoders"),
        ("sampler", "samplers"),
        ("planner", "planners"),
        ("learner", "learners"),
        ("consider", "considers", "considered", "considering", "consideration"),
        ("discover", "discovered", "discovering"),
        ("cluster", "clusters", "clustered", "clustering"),
        ("filter", "filters", "filtered", "filtering"),
        ("engineer", "engineers", "engineered", "engineering"),
        ("parameter", "parameters"),
        ("characterize", "characterized", "characterization", "characterise"),
    ],
)
def test_the_forms_of_a_word_in_er_share_a_stem(forms):
    assert len({stem(form) for form in forms}) == 1, {form: stem(form) for form in forms}


@pytest.mark.parametrize(
    ("phrase", "text", "found"),
    [
        ("vision transformer", "Vision Transformers", True),
        ("vision transformer", "vision transformation", False),
        ("adam optimizer", "the Adam optimiser", True),
        ("adam optimizer", "Adam optimization", False),
        ("linear transformation", "linear transforms", True),
    ],
)
def test_a_phrase_tells_a_noun_in_er_from_its_verb(phrase, text, found):
    assert Phrase(phrase).found_in(text) is found


def test_words_porter2_leaves_alone_keep_its_stems():
    """Only a word ending in "-er" once inflected is stemmed otherwise than by Porter2."""
    from whoosh.lang.porter2 import stem as snowball

    words = [
        "models",
        "learning",
        "generative",
        "policies",
        "activation",
        "tokens",
        "continuous",
        "layers",
    ]
    assert [stemming.porter2(word) for word in words] == [snowball(word) for word in words]


def test_an_index_of_the_stems_before_is_rebuilt(library, tmp_path, monkeypatch):
    """An index whose terms were made with Porter2's "-er" taken off ("transformer" the
    term of "transformation") is made again, not searched as it is."""
    from whoosh.lang.porter2 import stem as snowball

    def fresh_caches():
        analysis._stem_cache.clear()
        analysis._word_terms.clear()

    paths = resolve(tmp_path)
    with monkeypatch.context() as before:
        from tuireader.search import index as index_module

        before.setattr(stemming, "porter2", snowball)
        before.setattr(index_module, "SCHEMA_VERSION", 36)
        fresh_caches()
        old = open_engine(library, paths)
        assert len(_titles(old, "transformer")) == 3  # as it was: transformations too
        old.close()
    fresh_caches()
    engine = open_engine(library, paths)
    try:
        assert engine.report.rebuilt
        assert _titles(engine, "transformer") == {"Vision Transformers at Scale"}
    finally:
        engine.close()
