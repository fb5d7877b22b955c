"""A title's math written with LaTeX's ``\\(`` and ``\\)`` stays math in BibTeX.

"Bounds when \\(a<b\\) holds" was cited as text, ``\\textbackslash{}(a\\textless{}b
\\textbackslash{})``, a LaTeX run printing the backslashes and the parentheses where the
source means the math a<b; the text styles read it as math already. BibTeX output writes
it as the ``$…$`` every style knows, as written inside; math that would act as LaTeX
runs it is text, as ``$…$`` is. So is display math (``$$…$$``), which opened text and
turned every piece of math after it inside out.
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import (
    bibtex_escape,
    bibtex_unescape,
    format_citation,
    validate_bibtex,
)

TITLE = "Bounds when \\(a<b\\) holds for \\(x>0\\)"


def _title(text: str) -> str:
    return bibtexparser.parse_string(text).entries[0].fields_dict["title"].value


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_inline_math_is_math_in_bibtex(tmp_path: Path, fmt: str) -> None:
    listed = tmp_path / "list.jsonl"
    record = {"title": TITLE, "authors": ["Ann Lee"], "year": 2024, "abstract": "We bound."}
    listed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    entry = tmp_path / "list.bib"
    entry.write_text(
        "@article{lee2024,\n  title = {" + TITLE + "},\n  author = {Lee, Ann},\n"
        "  journal = {Journal of Bounds},\n  year = {2024}\n}\n",
        encoding="utf-8",
    )
    for path in (listed, entry):
        library = load_library([path])
        (paper,) = library.papers
        text = format_citation(paper, fmt, library=library).text
        assert validate_bibtex(text) == []
        assert _title(text) == "Bounds when $a<b$ holds for $x>0$"
        assert "textless" not in text and "textbackslash" not in text


@pytest.mark.parametrize("fmt", ["apa", "mla", "markdown"])
def test_inline_math_reads_as_text_in_the_text_styles(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "list.jsonl"
    record = {"title": TITLE, "authors": ["Ann Lee"], "year": 2024, "abstract": "We bound."}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, fmt, library=library).text
    assert "\\(" not in text and "$" not in text
    assert "a<b" in text.replace("\\<", "<") and "x>0" in text.replace("\\>", ">")


@pytest.mark.parametrize(
    ("written", "escaped"),
    [
        ("\\(a<b\\)", "$a<b$"),
        # display math, as an arXiv abstract writes it, in the line
        (
            "the form \\[ L_{e_i} = \\sum_k u_k \\] holds",
            "the form $L_{e_i} = \\sum_k u_k$ holds",
        ),
        ("\\[a<b\\)", "\\textbackslash{}[a\\textless{}b\\textbackslash{})"),
        ("\\(\\R^n\\)", "$\\mathbb{R}^n$"),
        # a backslash escaped inside is no closing one
        ("\\(a\\\\)b\\)", "$a\\\\)b$"),
        # no closing, or math that is no math: text, as before
        ("\\(a<b", "\\textbackslash{}(a\\textless{}b"),
        ("\\(a%b\\)", "\\textbackslash{}(a\\%b\\textbackslash{})"),
        ("\\(\\input{x}\\)", "\\textbackslash{}(\\textbackslash{}input{x}\\textbackslash{})"),
    ],
)
def test_inline_math_as_bibtex_writes_it(written: str, escaped: str) -> None:
    assert bibtex_escape(written) == escaped
    assert validate_bibtex("@misc{k,\n  title = {" + escaped + "}\n}") == []


def test_inline_math_means_what_dollars_mean() -> None:
    assert bibtex_unescape("when \\(a<b\\)") == bibtex_unescape("when $a<b$") == "when $a<b$"


@pytest.mark.parametrize(
    ("written", "escaped"),
    [
        (
            "regret is $$ R(T)=\\tilde{O}(T) $$ where $\\tau$ mixes",
            "regret is $R(T)=\\tilde{O}(T)$ where $\\tau$ mixes",
        ),
        # math side by side, as ICML 2024's abstracts write it, is two pieces of math
        ("($\\sim$$10$-$100$ times lower)", "($\\sim$$10$-$100$ times lower)"),
        # no closing, or math that is no math: text, as before
        ("costs $$5", "costs \\$\\$5"),
        ("$$\\input{x}$$", "\\$\\$\\textbackslash{}input{x}\\$\\$"),
    ],
)
def test_display_math_as_bibtex_writes_it(written: str, escaped: str) -> None:
    assert bibtex_escape(written) == escaped
    assert validate_bibtex("@misc{k,\n  abstract = {" + escaped + "}\n}") == []


def test_math_after_display_math_stays_math(tmp_path: Path) -> None:
    # an L4DC 2020 abstract (PMLR v120): "$$" opened text, the math after it was
    # taken for text and the text after it for math ("$\textbackslash{}tau$")
    path = tmp_path / "l4dc.bib"
    path.write_text(
        "@inproceedings{Wang20,\n  Title={Regret of a value-policy gradient algorithm},\n"
        "  Abstract={the algorithm's $T$-time step regret is $$ R(T)=\\tilde{\\mathcal{O}}"
        "\\left( \\left(t_{mix}^*\\right)^2 \\sqrt{T} \\right), $$ where $t_{mix}^*$ is the "
        "worst-case mixing time, $\\tau$ is an ergodicity parameter.}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library, include_abstract=True).text
    assert validate_bibtex(text) == []
    assert "where $t_{mix}^*$ is the worst-case mixing time, $\\tau$ is" in text
    assert "$R(T)=\\tilde{\\mathcal{O}}" in text and "textbackslash" not in text
