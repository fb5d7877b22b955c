"""MathML a page or a Crossref record leaves in a title is cited as math, not as tags.

"Learning <math><msub><mi>L</mi><mn>2</mn></msub></math> losses" was printed with its
tags in every format (and each "<" as "¡" by LaTeX). Simple MathML (``mi``, ``mn``,
``mo``, ``msub``, ``msup``, ``mfrac``, ``msqrt``, a TeX annotation) becomes the LaTeX
math a paper writes, shown as text by the plain formats; MathML that does not parse is
its text without the tags.
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

TITLES = {
    "Learning <math><mi>x</mi></math> with"
    ' <math xmlns="http://www.w3.org/1998/Math/MathML"><msub><mi>L</mi><mn>2</mn></msub></math>'
    " losses and <math><msup><mi>n</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math> terms": (
        "Learning $x$ with ${L}_{2}$ losses and ${n}^{2}+1$ terms",
        "Learning x with L₂ losses and n²+1 terms",
    ),
    'Bounds for <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi>α</mml:mi>'
    "<mml:mo>&lt;</mml:mo><mml:mn>1</mml:mn></mml:math> and"
    " <math><mfrac><mn>1</mn><mi>n</mi></mfrac></math> rates": (
        "Bounds for $\\alpha <1$ and $\\frac{1}{n}$ rates",
        "Bounds for α < 1 and 1/n rates",
    ),
    "Rates with <math><semantics><mrow><mi>x</mi></mrow>"
    '<annotation encoding="application/x-tex">x^{2}</annotation></semantics></math> terms': (
        "Rates with $x^{2}$ terms",
        "Rates with x² terms",
    ),
    # fences, accents and limits
    "Pairs <math><mfenced><mi>x</mi><mi>y</mi></mfenced></math> with"
    " <math><mover><mi>x</mi><mo>^</mo></mover></math> and"
    " <math><munder><mi>lim</mi><mi>n</mi></munder></math> terms": (
        "Pairs $(x,y)$ with $\\hat{x}$ and ${\\mathrm{lim}}_{n}$ terms",
        "Pairs (x,y) with x\u0302 and limₙ terms",
    ),
    # an HTML entity, which is no XML's
    "Rates of <math><mi>x</mi><mo>&sim;</mo><mi>y</mi></math> terms": (
        "Rates of $x\\sim y$ terms",
        "Rates of x∼y terms",
    ),
    # not well-formed: its text, without the tags
    "Rates of <math><mi>x</mo><mi>y</mi></math> terms": (
        "Rates of x y terms",
        "Rates of x y terms",
    ),
}


def _cite(tmp_path: Path, title: str, fmt: str) -> str:
    record = {
        "title": title,
        "abstract": "We bound rates.",
        "authors": ["Jane Doe"],
        "venue": "ICLR 2024",
        "year": 2024,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library).text


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
@pytest.mark.parametrize("title", TITLES)
def test_bibtex_writes_mathml_as_latex_math(tmp_path: Path, title: str, fmt: str) -> None:
    text = _cite(tmp_path, title, fmt)
    assert validate_bibtex(text) == []
    written = bibtexparser.parse_string(text).entries[0].fields_dict["title"].value
    assert "math" not in written.replace("mathrm", "") and "textless" not in written
    # protective braces aside, the title is the LaTeX a paper would write
    assert written.replace("{$", "$").replace("$}", "$") == TITLES[title][0]


@pytest.mark.parametrize("fmt", ["apa", "mla", "markdown"])
@pytest.mark.parametrize("title", TITLES)
def test_plain_formats_show_mathml_as_text(tmp_path: Path, title: str, fmt: str) -> None:
    text = _cite(tmp_path, title, fmt)
    assert "<m" not in text and "</" not in text and "mi>" not in text
    # Markdown escapes its own "<" ("\\<"), which shows as "<"
    assert TITLES[title][1] in text.replace("\\<", "<")


def test_mathml_nested_past_reading_is_its_text(tmp_path: Path) -> None:
    # a title of MathML nested thousands deep stopped the citation with an error
    title = "Deep <math>" + "<mrow>" * 3000 + "<mi>x</mi>" + "</mrow>" * 3000 + "</math> rows"
    assert "Deep x rows" in _cite(tmp_path, title, "apa")
    assert "title = {Deep x rows}" in _cite(tmp_path, title, "bibtex")
