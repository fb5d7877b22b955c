"""A Greek letter is found however it is written: as a letter of text, as LaTeX math, as
one of math's symbols for it (ϵ, ϑ, ϕ, ϱ), raised (``$D^\\alpha$`` is shown "Dᵅ"), in
capitals, or at the end of a word (the final sigma ς)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.search.analysis import fold, term_positions
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures" / "greek_letters"

RAISED = "Analyzing D\u1d45 Seeding for Clustering"
FINAL_SIGMA = "Noise Level \u03c2 of a Gaussian Channel"
SIGMA = "Wide Channels under Noise \u03c3"
CAPITAL_SIGMA = "The X\u03a3 Estimator of Covariance"


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    for fixture in FIXTURES.iterdir():
        shutil.copy(fixture, folder / fixture.name)
    return folder


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, lists, tmp_path_factory):
    from tuireader.ingest.library import load_library

    library = load_library([lists])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


# The final sigma folded to itself: "ς" and "σ" found each other's papers nowhere, and
# lowercase writes a capital Σ at the end of a word as ς ("XΣ" was "xς", not found by
# "xσ"). It is a sigma.
@pytest.mark.parametrize("query", ["\u03c3", "\u03c2", "\u03a3", "sigma"])
def test_the_final_sigma_is_a_sigma(engine, query):
    assert _titles(engine, query) == {FINAL_SIGMA, SIGMA}


@pytest.mark.parametrize("query", ["x\u03c3", "X\u03a3", "x\u03c2", "xsigma"])
def test_a_capital_sigma_ending_a_word_is_a_sigma(engine, query):
    assert _titles(engine, query) == {CAPITAL_SIGMA}


def test_the_symbols_of_math_fold_to_their_letters():
    assert fold("\u03f5\u03d1\u03d5\u03f1\u03d6\u03f0\u03c2") == fold("εθφρπκσ")


# The reader shows ``$D^\alpha$`` as "Dᵅ", whose raised alpha Unicode decomposes to a
# Latin letter ("ɑ"): "Dα" and "Dalpha" found nothing of it, where "Dᵝ" is "Dβ".
@pytest.mark.parametrize("query", ["D\u1d45", "D\u03b1", "dalpha"])
def test_a_raised_alpha_is_an_alpha(engine, query):
    assert _titles(engine, query) == {RAISED}


@pytest.mark.parametrize(
    "raised, letter",
    [("\u1d45", "\u03b1"), ("\u1d4b", "\u03b5"), ("\u1da5", "\u03b9"), ("\u1db2", "\u03c6")],
)
def test_a_raised_greek_letter_is_its_letter(raised, letter):
    assert fold(f"x{raised}") == f"x{letter}"
    assert term_positions(f"x{raised} bound") == term_positions(f"x{letter} bound")


ALPHA_CARBON = "Alpha Carbon Geometry of Protein Chains"
STEP = "Step Sizes \u03b1_t That Decay"
ANET = "\u0391Net: Attention Networks for Graphs"
GREEDY = "\u03f5-Greedy Exploration with \u03d1-Smoothing"
BETA = "Beta Distributions for Bandits"
MUP = "\u03bcP Transfer across Widths"
EXPANSION = "The $(1+\\alpha\\beta)$-Expansion of Averaged Iterates"
KERNEL = "Kernel Limits at $P=\\alpha N$"
PRIVATE = "$\\varepsilon$-Private Counting"
ANGLES = "Stable Training at Small $\\vartheta$ and $\\varphi$"
GREEK_TITLE = "\u0398\u03b5\u03c9\u03c1\u03af\u03b1 \u03bc\u03ac\u03b8\u03b7\u03c3\u03b7\u03c2"

# A Greek letter typed found the papers that have it as a word alone: of ICML 2024, ``α``
# found 9 papers where ``alpha`` found 13, missing "alpha carbon atoms", "Alpha-VLLM",
# ``$P=\alpha N$`` (shown "αN") and ``$(1+\alpha\beta)$`` (shown "αβ"), though the index
# spells each letter by its name beside it. A letter is looked for by its name, and finds
# what its name finds.
LETTERS = [
    ("\u03b1", "alpha", {ALPHA_CARBON, STEP, EXPANSION, KERNEL}),
    ("\u0391", "alpha", {ALPHA_CARBON, STEP, EXPANSION, KERNEL}),
    ("\u03b2", "beta", {BETA, EXPANSION, ALPHA_CARBON}),  # (its link's "Beta-Lab")
    ("\u03b5", "epsilon", {GREEDY, PRIVATE}),
    ("\u03f5", "epsilon", {GREEDY, PRIVATE}),
    ("\u03b8", "theta", {GREEDY, ANGLES}),
    ("\u03d1", "theta", {GREEDY, ANGLES}),
    ("\u03c6", "phi", {GREEDY, ANGLES}),
    ("\u03d5", "phi", {GREEDY, ANGLES}),
    ("\u03bc", "mu", {MUP}),
    ("\u00b5", "mu", {MUP}),  # the micro sign
    ("\u0394", "delta", {BETA, MUP, PRIVATE}),
    ("\u03b4", "delta", {BETA, MUP, PRIVATE}),
    ("\u03c3", "sigma", {FINAL_SIGMA, SIGMA}),
]


#: a paper by authors named Mu and Xi, found by those names typed
BY_MU_AND_XI = "Sparse Expert Routing"


@pytest.mark.parametrize("letter, name, titles", LETTERS)
def test_a_greek_letter_finds_what_its_name_finds(engine, letter, name, titles):
    assert _titles(engine, name) - {BY_MU_AND_XI} == titles
    assert _titles(engine, letter) == titles


# A letter is no author: looked for by its name, ``ξ`` found the papers of authors named
# Xi (of ICML 2024, 17 papers, none of which writes ξ).
@pytest.mark.parametrize("letter, name", [("\u03be", "xi"), ("\u03bc", "mu"), ("\u039e", "xi")])
def test_a_greek_letter_names_no_author(engine, letter, name):
    assert BY_MU_AND_XI in _titles(engine, name)
    assert BY_MU_AND_XI not in _titles(engine, letter)
    assert BY_MU_AND_XI not in _titles(engine, letter, prefix=True)


@pytest.mark.parametrize(
    "letter, name", [("\u03b1 carbon", "alpha carbon"), ("\u03b5-greedy", "epsilon-greedy")]
)
def test_a_greek_letter_in_a_phrase_finds_what_its_name_finds(engine, letter, name):
    found = _titles(engine, f'"{name}"')
    assert found and _titles(engine, f'"{letter}"') == found
    assert _titles(engine, letter) == _titles(engine, name)


@pytest.mark.parametrize("query", ["\u0391Net", "\u03b1net", "alphanet"])
def test_a_greek_letter_in_a_word_is_its_name_there(engine, query):
    assert _titles(engine, query) == {ANET}


def test_a_word_of_greek_is_looked_for_as_written(engine):
    assert _titles(engine, "\u03bc\u03ac\u03b8\u03b7\u03c3\u03b7\u03c2") == {GREEK_TITLE}
    assert _titles(engine, "\u03b8\u03b5\u03c9\u03c1\u03b9\u03b1") == {GREEK_TITLE}


def test_the_command_line_finds_the_same_papers_by_a_letter_and_its_name(lists, capsys):
    from tuireader.cli import main

    printed = {}
    for query in ("\u03b1", "alpha"):
        assert main(["search", query, str(lists), "--json", "--limit", "50"]) == 0
        printed[query] = {hit["title"] for hit in json.loads(capsys.readouterr().out)["hits"]}
    assert printed["\u03b1"] == printed["alpha"] == {ALPHA_CARBON, STEP, EXPANSION, KERNEL}


# Found by its name, a letter of the text went unmarked: "alpha" (and "α", looked for
# by its name) marked the "alpha" of "alpha carbon", not the α of "α_t" or of math shown.
@pytest.mark.parametrize(
    "query, text, marked",
    [
        ("\u03b1", "Step Sizes \u03b1_t That Decay", ["\u03b1"]),
        ("alpha", "Kernel Limits at P=\u03b1N and \u03b1", ["\u03b1"]),
        ("\u03c3", "Noise Level \u03c2 of Noise \u03c3", ["\u03c2", "\u03c3"]),
        ("epsilon", "\u03f5-Greedy and \u03b5-greedy", ["\u03f5", "\u03b5"]),
        ("\u0394", "a step \u0394 and a delta", ["\u0394", "delta"]),
        ("D\u03b1", "Analyzing D\u1d45 Seeding", ["D\u1d45"]),
        ('"\u03b1 carbon"', "their \u03b1 carbon atoms", ["\u03b1", "carbon"]),
    ],
)
def test_a_greek_letter_found_by_its_name_is_marked(engine, query, text, marked):
    from tuireader.search.highlight import spans_of

    terms = engine.search(query, limit=None).terms
    assert [text[start:end] for start, end in spans_of(text, terms)] == marked
