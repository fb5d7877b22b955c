"""A formula of IEEE Xplore's exports and Crossref's JATS (``<inline-formula> <tex-math
notation="LaTeX">$k$ </tex-math></inline-formula>``) is the math it holds, in a title as
in an abstract: shown, found and cited as math, never as its tags ("\\textless{}inline-
formula\\textgreater{}" in BibTeX). A sub- or superscript beside one, or a short sum
(``x<jats:sup>n+1</jats:sup>``), is math too: "10⁻³" and "xⁿ⁺¹", not "10-3" and "xn+1"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats.prose import formulas_as_math, strip_markup
from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import format_citation
from tuireader.render.textrender import display_title, render
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

IEEE = Path(__file__).parent / "fixtures" / "formats" / "ieee_formulas.csv"
TITLE = "Fast $k$-Means Clustering With <italic>Provable</italic> Guarantees"


def _paper() -> tuple[Library, Paper]:
    library = load_library([IEEE])
    (paper,) = library.papers
    return library, paper


def test_an_ieee_title_holds_its_formulas_math() -> None:
    _library, paper = _paper()
    assert paper.title == TITLE
    assert display_title(paper.title) == "Fast k-Means Clustering With Provable Guarantees"


def test_an_ieee_abstract_shows_its_formula_and_scripts() -> None:
    _library, paper = _paper()
    assert paper.abstract == (
        "We propose an $\\mathcal {O}(n\\log n)$ algorithm for \\textit{k}-means with error "
        "below 10$^{-3}$ and H$_{2}$O\u2019s test & more."
    )
    assert render(paper.abstract).text == (
        "We propose an 𝒪(n log n) algorithm for k-means with error below 10⁻³ and H₂O’s "
        "test & more."
    )


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "apa", "chicago", "ris", "csl-json"])
def test_a_formula_is_cited_as_math(fmt: str) -> None:
    library, paper = _paper()
    text = format_citation(paper, fmt, library=library).text
    for tag in ("formula", "tex-math", "textless", "notation", "<"):
        assert tag not in text, (fmt, tag)
    if fmt in ("bibtex", "biblatex"):
        assert "Fast $k$-Means" in text
    else:
        assert "Fast k-Means" in text


def test_a_formula_is_found_as_its_math(tmp_path: Path) -> None:
    library, _ = _paper()
    engine = open_engine(library, resolve(tmp_path / "data"))
    assert [hit.paper.title for hit in engine.search('"fast k-means"').hits] == [TITLE]
    assert [hit.paper.title for hit in engine.search("10⁻³").hits] == [TITLE]
    for tag in ("notation", "formula", "inline"):
        assert not engine.search(tag).hits, tag


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        # a short sum raised, a minus sign's too
        ("<jats:p>x<jats:sup>n+1</jats:sup> at 10<jats:sup>\u22123</jats:sup></jats:p>",
         "x$^{n+1}$ at 10$^{\u22123}$"),
        # a formula's TeX in the LaTeX document a publisher wraps it in, its MathML beside
        (
            (
                "<jats:p>for <jats:inline-formula><jats:alternatives><jats:tex-math>"
                "\\documentclass[12pt]{minimal}\\begin{document}$$\\alpha &lt; 1$$"
                "\\end{document}</jats:tex-math><mml:math><mml:mi>α</mml:mi></mml:math>"
                "</jats:alternatives></jats:inline-formula> only</jats:p>"
            ),
            "for $\\alpha < 1$ only",
        ),
        # a script right after a formula is more of its math
        ("<p>a <inline-formula><tex-math>$x$</tex-math></inline-formula><sup>2</sup> b</p>",
         "a $x^{2}$ b"),
        # dollars of the text's own: its scripts stay plain, as before
        (("<p>It costs $5, <inline-formula><tex-math>$k$</tex-math></inline-formula> and "
          "H<sub>2</sub>O</p>"), "It costs $5, $k$ and H2O"),
    ],
)  # fmt: skip
def test_jats_formulas_and_scripts(markup: str, text: str) -> None:
    assert strip_markup(markup) == text


def test_a_formula_without_tex_is_left_as_written() -> None:
    math = "<inline-formula><mml:math><mml:mi>k</mml:mi></mml:math></inline-formula>"
    assert formulas_as_math(f"Fast {math}-Means") == f"Fast {math}-Means"
    assert formulas_as_math("a <tex-math>$a$ and $b$</tex-math>") == (
        "a <tex-math>$a$ and $b$</tex-math>"
    )


def test_a_crossref_title_holds_its_formulas_math(tmp_path: Path) -> None:
    path = tmp_path / "works.json"
    item = {
        "DOI": "10.5555/f.1",
        "type": "journal-article",
        "title": [
            (
                "Rank <jats:inline-formula><jats:tex-math>$r$</jats:tex-math>"
                "</jats:inline-formula> sketches"
            )
        ],
        "issued": {"date-parts": [[2022]]},
    }
    path.write_text(json.dumps({"message": {"items": [item]}}), encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert paper.title == "Rank $r$ sketches"
