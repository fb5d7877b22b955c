"""A "<" or ">" in a title or abstract is written for LaTeX in BibTeX and BibLaTeX.

LaTeX's default (OT1) fonts print a raw "<" in text as "¡" and ">" as "¿": arXiv's
"D0 --> K- e+ nue" and "characteristic p>2" came out as "D0 --¿ K-" and "p¿2". Outside
math they are written ``\\textless{}`` and ``\\textgreater{}``; inside math ("$a < b$")
they are math's own and stay; the other formats print the characters.
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import bibtex_unescape, format_citation, validate_bibtex

TITLE = "Bounds for n > 2 players at p<0.05 with $a < b$"
ABSTRACT = "We show x < y for <3 players, and $x > 0$ (see &lt;appendix&gt;)."


def _paper(tmp_path: Path):
    record = {
        "title": TITLE,
        "abstract": ABSTRACT,
        "authors": ["Jane Doe"],
        "venue": "ICLR 2024",
        "year": 2024,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return paper, library


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_angle_brackets_outside_math_are_latex_commands(tmp_path: Path, fmt: str) -> None:
    paper, library = _paper(tmp_path)
    text = format_citation(paper, fmt, library=library, include_abstract=True).text
    assert validate_bibtex(text) == []
    fields = bibtexparser.parse_string(text).entries[0].fields_dict
    title, abstract = fields["title"].value, fields["abstract"].value
    assert r"n \textgreater{} 2" in title
    assert r"p\textless{}0.05" in title
    assert "$a < b$" in title  # math's own
    assert r"x \textless{} y for \textless{}3 players" in abstract
    assert "$x > 0$" in abstract
    assert r"\textless{}appendix\textgreater{}" in abstract
    # outside math, no raw "<" or ">" is left to print as "¡" or "¿"
    for value in (title, abstract):
        outside = value.replace("$a < b$", "").replace("$x > 0$", "")
        assert "<" not in outside and ">" not in outside
    # and the value still means what the paper says
    assert bibtex_unescape(title) == TITLE


def test_other_formats_print_the_characters(tmp_path: Path) -> None:
    paper, library = _paper(tmp_path)
    apa = format_citation(paper, "apa", library=library).text
    assert "Bounds for n > 2 players at p<0.05 with a < b." in apa
    assert "textless" not in format_citation(paper, "mla", library=library).text


def test_a_copied_entrys_raw_angle_brackets_are_escaped(tmp_path: Path) -> None:
    bib = tmp_path / "list.bib"
    bib.write_text(
        "@article{doe2020, title = {Decays D0 --> K- e+ nue at p>2 and \\textless{}1 and $q<1$},"
        " author = {Doe, Jane}, journal = {Phys. Rev. D}, year = {2020}}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    title = bibtexparser.parse_string(text).entries[0].fields_dict["title"].value
    assert r"D0 -{}-\textgreater{} K-" in title  # two hyphens, no en dash
    assert r"p\textgreater{}2 and \textless{}1 and $q<1$" in title


def test_a_copied_entrys_other_fields_and_tags_are_written_for_latex(tmp_path: Path) -> None:
    # only the title was written again: the abstract, the journal and a note kept their
    # raw "<", ">" and the tags a scraper left, as LaTeX misprints them
    bib = tmp_path / "list.bib"
    bib.write_text(
        "@article{doe2020, title = {Growth of <i>E. coli</i> at p>2},"
        " author = {Lee<sup>1</sup>, Min and <b>Jane Doe</b> and KIM, SOO*},"
        " journal = {J <b>x</b>}, year = {2020}, note = {Value a>b},"
        " abstract = {We show x < y and $a<b$ for <i>in vivo</i> growth.}}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library, include_abstract=True).text
    assert validate_bibtex(text) == []
    fields = bibtexparser.parse_string(text).entries[0].fields_dict
    assert fields["title"].value == r"Growth of \textit{E. coli} at p\textgreater{}2"
    assert fields["abstract"].value == (
        r"We show x \textless{} y and $a<b$ for \textit{in vivo} growth."
    )
    assert fields["journal"].value == r"J \textbf{x}"
    assert fields["note"].value == r"Value a\textgreater{}b"
    assert fields["author"].value == "Lee, Min and Jane Doe and Kim, Soo"


def test_validation_names_a_raw_angle_bracket_outside_math() -> None:
    entry = "@misc{a, title = {p>2 and $a<b$}}\n"
    assert validate_bibtex(entry) == [
        "entry 'a': field title: a raw '>' outside math, which LaTeX prints as '¿'"
    ]
