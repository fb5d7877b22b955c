"""Letters of math written as letterlike symbols are found as the letters they are.

The reader shows ``$\\mathcal{L}_1$`` as "ℒ₁" (U+2112 and a subscript one): "L1", "ℒ₁",
``$\\mathcal{L}_1$`` and "L_1" find it, as "l0", "ℓ₀" and ``$\\ell_0$`` find "ℓ₀". A
capital of this kind (ℒ, ℋ, ℛ, 𝒪, the bold 𝐗 of math) has no lowercase of its own:
folded before its compatibility form was taken, it stayed a capital ("ℒ₁" was the term
"L1"), which no word typed, lowercased, is; so "L1 adaptive" found "L1-GP" only, "ℒ₁
adaptive" DATT only, and "DATT L1" nothing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from corpus_util import write_jsonl

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.textrender import render
from tuireader.search.analysis import fold, word_set
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

FIXTURE = Path(__file__).parent / "fixtures" / "queries" / "latex_math_letters.jsonl"

DATT = "DATT: Deep Adaptive Trajectory Tracking for Quadrotor Control"
L1GP = "L1-GP: L1 Adaptive Control with Bayesian Learning"
H2 = "Policy Optimization for $\\mathcal{H}_{2}$ Linear Control"
#: letters of math as they are pasted from a PDF, and the letters they are
PASTED = {
    "title": "Risk Bounds for 𝐱 in ℝᵈ under an ℛ² Loss",
    "abstract": "We bound the 𝒪(1) risk of the ℋ₂ norm, for 𝐗 of rank ²k.",
    "authors": ["A. Writer"],
}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    shutil.copy(FIXTURE, folder / "latex_math_letters.jsonl")
    write_jsonl(folder / "pasted.jsonl", [PASTED])
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
    ("letters", "folded"),
    [
        ("ℒ₁", "l1"),
        ("ℓ₀", "l0"),
        ("ℋ₂", "h2"),
        ("ℛ", "r"),
        ("𝒪", "o"),
        ("𝐱", "x"),
        ("𝐗", "x"),
        ("ℝᵈ", "rd"),
        ("x²", "x2"),
        ("ᴬᴮ", "ab"),
    ],
)
def test_letterlike_symbols_fold_to_the_letters_they_are(letters, folded):
    assert fold(letters) == folded
    # and so in a long text, folded a run at a time
    assert fold(f"an abstract long enough to be folded by runs: {letters}").endswith(f" {folded}")
    assert folded in word_set(f"the {letters} here")


@pytest.mark.parametrize(
    "query",
    ["L1 adaptive", "l1 adaptive", "ℒ₁ adaptive", "L_1 adaptive"],
)
def test_l1_adaptive_control_is_found_however_its_l1_is_written(engine, query):
    assert _titles(engine, query) == {DATT, L1GP}
    assert _titles(engine, query, prefix=True) >= {DATT, L1GP}


@pytest.mark.parametrize("query", ["DATT L1", "DATT ℒ₁", "datt l_1"])
def test_a_word_with_a_letterlike_symbol_is_found_beside_other_words(engine, query):
    assert _titles(engine, query) == {DATT}


@pytest.mark.parametrize("query", ['"ℒ₁ adaptive control"', '"L1 adaptive control"'])
def test_a_phrase_with_a_letterlike_symbol_is_found_as_either_writes_it(engine, query):
    assert _titles(engine, query) == {DATT, L1GP}


def test_other_letterlike_symbols_are_found_as_their_letters(engine):
    pasted = PASTED["title"]
    for query in ("H2 norm", "ℋ₂ norm", "h_2 norm"):
        # written $\mathcal{H}_{2}$ (shown ℋ₂) in one paper, pasted as ℋ₂ in the other
        assert {title[:24] for title in _titles(engine, query)} == {H2[:24], pasted[:24]}, query
    for query in ("x rank", "𝐱 rank", '"X of rank"', "R2 loss", '"ℛ² loss"', "Rd", "ℝᵈ"):
        assert _titles(engine, query) == {pasted}, query


def test_the_letters_found_are_highlighted_where_the_reader_shows_them(engine):
    result = engine.search("DATT L1")
    (hit,) = result.hits
    shown = render(hit.paper.abstract).text
    marked = {shown[a:b] for a, b in spans_of(shown, result.terms)}
    assert marked == {"DATT", "ℒ₁"}


def test_the_command_line_finds_l1_written_as_a_letterlike_symbol(capsys, tmp_path):
    source = tmp_path / "latex_math_letters.jsonl"
    shutil.copy(FIXTURE, source)
    data = str(tmp_path / "data")
    for query, wanted in (("DATT L1", [DATT]), ("ℒ₁ adaptive", sorted([DATT, L1GP]))):
        code = main(["search", query, "--json", "--data-dir", data, str(source)])
        out = json.loads(capsys.readouterr().out)
        assert code == 0 and sorted(hit["title"] for hit in out["hits"]) == wanted, query
