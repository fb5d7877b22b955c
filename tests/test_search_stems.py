"""Word forms fold together, words researchers keep apart do not, with the index and
without it.

Porter's stem "continu" made "continual learning" find the papers on continuous
control, "generalization" every paper that says "general" or "generative",
"objective" every paper on object detection; and Whoosh's Porter gave "generated",
"estimated" and "biases" other stems than "generate", "estimate" and "bias", and
"optimisation" another than "optimization".
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
    "Continual Learning without Forgetting": "Agents learn tasks continually.",
    "Continuous Control from Pixels": "Policies act in continuous action spaces.",
    "Generative Models of Images": "We generated images with a generator.",
    "Generalisation Bounds for Deep Networks": "The generalisation error is bounded.",
    "A General Framework for Solvers": "General purpose solvers, in general.",
    "Object Detection in Clutter": "We detect objects in cluttered scenes.",
    "Objective Functions for Ranking": "An objective that ranks well.",
    "Contrastive Learning of Representations": "A contrastive loss over views.",
    "Sparse Coding Revisited": "In contrast to prior work, codes are sparse.",
    "Optimisation of a Policy": "We study the optimisation of one policy.",
    "Optimal Transport at Scale": "Optimal couplings, computed fast.",
    "Behaviour Cloning from Demonstrations": "A cloning loss for behaviour.",
    "Active Learning of Labels": "Labels queried actively.",
    "Activation Functions Compared": "Activations of many shapes.",
    "LLMs as Agents": "Large language models act.",
    "Normalisation Layers Revisited": "Batch normalisation, reconsidered.",
    "Escaping Spurious Local Minima": "Saddle points of random matrices.",
    "A Theory of Indicators": "Signals that indicate failure.",
}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS.items()
    ]
    (folder / "stems.json").write_text(json.dumps(records), encoding="utf-8")
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
        ("continual", {"Continual Learning without Forgetting"}),
        ("continuous", {"Continuous Control from Pixels"}),
        ("continually", {"Continual Learning without Forgetting"}),
        ("generative", {"Generative Models of Images"}),
        ("generate", {"Generative Models of Images"}),  # "generated", "generator"
        ("generalization", {"Generalisation Bounds for Deep Networks"}),
        ("general", {"A General Framework for Solvers"}),
        ("object", {"Object Detection in Clutter"}),
        ("objective", {"Objective Functions for Ranking"}),
        ("contrastive", {"Contrastive Learning of Representations"}),
        ("contrast", {"Sparse Coding Revisited"}),
        ("optimization", {"Optimisation of a Policy"}),
        ("optimal", {"Optimal Transport at Scale"}),
        ("policies", {"Optimisation of a Policy", "Continuous Control from Pixels"}),
        ("behavior", {"Behaviour Cloning from Demonstrations"}),
        ("active", {"Active Learning of Labels"}),
        ("activation", {"Activation Functions Compared"}),
        ("LLM", {"LLMs as Agents"}),
        (
            "learn",
            {
                "Continual Learning without Forgetting",
                "Contrastive Learning of Representations",
                "Active Learning of Labels",
            },
        ),
        ('"continual learning"', {"Continual Learning without Forgetting"}),
        ('"generalization error"', {"Generalisation Bounds for Deep Networks"}),
        ('"behavior cloning"', {"Behaviour Cloning from Demonstrations"}),
        ('"batch normalization"', {"Normalisation Layers Revisited"}),
        ('"optimization of a policy"', {"Optimisation of a Policy"}),
        ("minimum", {"Escaping Spurious Local Minima"}),
        ("matrix", {"Escaping Spurious Local Minima"}),
        ('"local minimum"', {"Escaping Spurious Local Minima"}),
        ('"random matrix"', {"Escaping Spurious Local Minima"}),
        ("indices", set()),
        ("indicate", {"A Theory of Indicators"}),
    ],
)
def test_a_word_finds_its_forms_and_not_its_neighbours(engine, query, titles):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("continual", "continuous"),
        ("continually", "continuity"),
        ("generative", "generalization"),
        ("general", "generalization"),
        ("objective", "object"),
        ("optimal", "optimization"),
        ("performative", "performance"),
        ("effective", "effect"),
        ("complexity", "complex"),
        ("activation", "active"),
        ("positional", "positive"),
        ("contrastive", "contrast"),
        ("differential", "differentiable"),
        ("critic", "critical"),
        ("experience", "experiments"),
        ("marginal", "margin"),
        ("localization", "local"),
        ("normalizing", "normal"),
        ("variational", "variation"),
        ("utility", "utilize"),
        ("reasoning", "reasonable"),
        ("direction", "direct"),
        ("relative", "related"),
        ("conformal", "conformation"),
        ("affine", "affinity"),
        ("residual", "residue"),
        ("proximal", "proximity"),
        ("mechanics", "mechanism"),
        ("several", "severe"),
        ("mean", "meaningful"),
        ("setting", "set"),
        ("fitness", "fit"),
        ("successive", "success"),
        ("indices", "indicate"),
        ("bases", "basis"),
        ("media", "medium"),
    ],
)
def test_words_researchers_keep_apart_have_stems_of_their_own(one, other):
    assert stem(one) != stem(other)


@pytest.mark.parametrize(
    "forms",
    [
        ("policy", "policies"),
        ("learn", "learning", "learned", "learns"),
        ("model", "models", "modeling", "modelling"),
        ("generate", "generated", "generating", "generates"),
        ("estimate", "estimated", "estimating"),
        ("bias", "biases", "biased"),
        ("focus", "focused", "focusing"),
        ("continual", "continually"),
        ("continuous", "continuously"),
        ("generalization", "generalize", "generalized", "generalizes", "generalisation"),
        ("objective", "objectives"),
        ("optimal", "optimality", "optimally"),
        ("optimization", "optimisation", "optimize", "optimise", "optimized", "optimised"),
        ("behavior", "behaviour", "behaviors", "behaviours"),
        ("neighborhood", "neighbourhood"),
        ("center", "centre", "centered", "centred"),
        ("normalization", "normalisation", "normalize", "normalise"),
        ("llm", "llms"),
        ("gpu", "gpus"),
        ("pde", "pdes"),
        ("convex", "convexity"),
        ("setting", "settings"),
        ("set", "sets"),
        ("analysis", "analyses"),
        ("analyze", "analyse", "analyzed", "analysed", "analyzing", "analysing"),
        ("hypothesis", "hypotheses"),
        ("matrix", "matrices"),
        ("vertex", "vertices"),
        ("index", "indices", "indexes"),
        ("criterion", "criteria"),
        ("phenomenon", "phenomena"),
        ("minimum", "minima"),
        ("maximum", "maxima"),
        ("spectrum", "spectra"),
        ("automaton", "automata"),
        ("axis", "axes"),
    ],
)
def test_word_forms_share_a_stem(forms):
    assert len({stem(form) for form in forms}) == 1, {form: stem(form) for form in forms}


@pytest.mark.parametrize(
    "word", ["supervised", "promise", "precise", "denoise", "expertise", "otherwise", "arise"]
)
def test_words_that_end_in_ise_are_not_read_as_british_spellings(word):
    assert stemming.american(word) == word


@pytest.mark.parametrize(
    ("phrase", "text"),
    [
        ("normalization layer", "a normalisation layer"),
        ("behavior cloning", "behaviour cloning"),
        ("center loss", "the centre loss"),
        ("generalization error", "generalisation errors"),
        ("llms agents", "LLM agents"),
        ("matrix factorization", "low-rank matrices factorization"),
        ("local minimum", "spurious local minima"),
        ("index set", "the indices set"),
        ("analyze data", "we analyse data"),
    ],
)
def test_a_phrase_is_found_in_either_spelling(phrase, text):
    assert Phrase(phrase).found_in(text)


def test_an_index_of_the_stems_before_is_rebuilt(library, tmp_path, monkeypatch):
    """An index whose terms were made by Whoosh's Porter stemmer (continual and
    continuous one term) is made again, not searched as it is."""
    from whoosh.lang.porter import stem as porter

    def fresh_caches():
        analysis._stem_cache.clear()
        analysis._word_terms.clear()

    paths = resolve(tmp_path)
    with monkeypatch.context() as before:
        from tuireader.search import index as index_module

        before.setattr(analysis, "stem_word", porter)
        before.setattr(index_module, "SCHEMA_VERSION", 13)
        fresh_caches()
        old = open_engine(library, paths)
        assert len(_titles(old, "continual")) == 2  # as it was: continuous too
        old.close()
    fresh_caches()
    engine = open_engine(library, paths)
    try:
        assert engine.report.rebuilt
        assert _titles(engine, "continual") == {"Continual Learning without Forgetting"}
    finally:
        engine.close()
