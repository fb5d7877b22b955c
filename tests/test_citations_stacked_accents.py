"""A BibTeX citation writes an accent on an accent (Vietnamese names: ``Nguy{\\~{\\^e}}n``)
as LaTeX that pdflatex reads: ``{\\~{\\^e}}``, the inner accent braced.

The outer accent's backslash was taken for a stray one and written out as text
(``Nguy{\\textbackslash{}~{\\^e}}n``, which pdflatex prints as "Nguy\\~ên"), and
``{\\`\\^a}``, which pdflatex stops on, was written as the source had it.
"""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import (
    bibtex_escape,
    format_citation,
    latex_letters,
    validate_bibtex,
)


@pytest.mark.parametrize(
    ("written", "escaped", "letters"),
    [
        ("Nguy{\\~{\\^e}}n", "Nguy{\\~{\\^e}}n", "Nguyễn"),
        ("Nguy\\~{\\^e}n", "Nguy{\\~{\\^e}}n", "Nguyễn"),
        ("Nguy\\~{\\^{e}}n", "Nguy{\\~{\\^e}}n", "Nguyễn"),
        ("Tr{\\`\\^a}n", "Tr{\\`{\\^a}}n", "Trần"),
        ("Tr\\`\\^an", "Tr{\\`{\\^a}}n", "Trần"),
        ("Tr\\`{\\^a}n", "Tr{\\`{\\^a}}n", "Trần"),
        ("Tr{\\^{\\`a}}n", "Tr{\\^{\\`a}}n", "Trần"),
        ("Ph\\^{\\'a}m", "Ph{\\^{\\'a}}m", "Phấm"),
        ("Vi\\d{\\^e}t", "Vi{\\d{\\^e}}t", "Việt"),
        ('\\v{\\"u}', '{\\v{\\"u}}', "ǚ"),
        # one accent, as before
        ('Sch{\\"o}lkopf', 'Sch{\\"o}lkopf', "Schölkopf"),
        ("\\v{\\i}", "{\\v{\\i}}", "ǐ"),
        ("\\'\\i", "{\\'\\i}", "í"),
    ],
)
def test_an_accent_on_an_accent_is_written_braced(written: str, escaped: str, letters: str) -> None:
    assert bibtex_escape(written) == escaped
    assert latex_letters(written) == letters


def _cited(tmp_path: Path, author: str, fmt: str = "bibtex") -> str:
    path = tmp_path / "tones.bib"
    path.write_text(
        "@article{nguyen2020,\n"
        "  title = {Retrieval with tones},\n"
        f"  author = {{{author}}},\n"
        "  journal = {Journal of Tones},\n"
        "  year = {2020}\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library).text


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
@pytest.mark.parametrize(
    ("author", "cited"),
    [
        (
            "Nguy{\\~{\\^e}}n, Th{\\`i} Minh and L\\~{\\^{e}}, Chi",
            "Nguy{\\~{\\^e}}n, Th{\\`i} Minh and L\\~{\\^{e}}, Chi",
        ),
        ("Tr{\\`\\^a}n, Van and Ho\\`\\^ang, Bao", "Tr{\\`{\\^a}}n, Van and Ho{\\`{\\^a}}ng, Bao"),
        ("Ph\\^{\\'a}m, Anh", "Ph\\^{\\'a}m, Anh"),
    ],
)
def test_a_source_entry_is_cited_with_its_stacked_accents_as_latex_reads_them(
    tmp_path: Path, fmt: str, author: str, cited: str
) -> None:
    text = _cited(tmp_path, author, fmt)
    assert validate_bibtex(text) == []
    entry = bibtexparser.parse_string(text).entries[0]
    assert entry.fields_dict["author"].value == cited
    assert "textbackslash" not in text


def test_other_styles_cite_the_letters(tmp_path: Path) -> None:
    text = _cited(tmp_path, "Nguy{\\~{\\^e}}n, Minh and Tr{\\`\\^a}n, Van", "apa")
    assert text.startswith("Nguyễn, M., & Trần, V. (2020).")


def test_an_accent_on_an_accent_without_braces_is_a_problem_of_a_bibtex_text() -> None:
    text = "@article{a,\n  author = {Tr{\\`\\^a}n, Van},\n  title = {T},\n  year = {2020}\n}\n"
    (problem,) = validate_bibtex(text)
    assert "accent on an accent" in problem
    assert validate_bibtex(text.replace("\\`\\^a", "\\`{\\^a}")) == []
