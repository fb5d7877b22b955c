"""A Greek letter is found however it is written: as a letter of text, as LaTeX math, as
one of math's symbols for it (ϵ, ϑ, ϕ, ϱ), raised (``$D^\\alpha$`` is shown "Dᵅ"), in
capitals, or at the end of a word (the final sigma ς)."""

from __future__ import annotations

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
