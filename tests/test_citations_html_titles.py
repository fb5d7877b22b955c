"""The rich text a scraper or a CSL-JSON list leaves in a title (``<i>in vivo</i>``,
``H<sub>2</sub>O``), cited: BibTeX and BibLaTeX write it as the LaTeX that reads the
same, never as tags a bibliography would print; the text formats show the words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, format_many, validate_bibtex
from tuireader.render.textrender import display_title

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "html_titles.jsonl"


@pytest.fixture(scope="module")
def papers() -> dict:
    """The fixture's papers by a word of their titles."""
    papers = load_library([FIXTURE]).papers
    words = ("vivo", "coli", "Drosophila", "Rock", "Nested", "Broken")
    return {word: next(p for p in papers if word in p.title) for word in words}


def field(text: str, name: str) -> str:
    found = re.search(rf"^  {name} = \{{(.*)\}},?$", text, re.MULTILINE)
    assert found, text
    return found.group(1)


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_italics_and_subscripts_of_a_title_are_latex(papers, fmt) -> None:
    text = format_citation(papers["vivo"], fmt).text
    # H₂O is braced whole: a style that sets titles in sentence case would print "h₂o"
    assert field(text, "title") == r"\textit{in vivo} imaging of {H\textsubscript{2}O}"
    assert validate_bibtex(text) == []


def test_bold_superscripts_and_a_formula_keep_their_capitals(papers) -> None:
    text = format_citation(papers["coli"], "bibtex").text
    title = field(text, "title")
    assert (
        title == r"Growth of \textbf{E. coli} at 5\textsuperscript{th} order {CO\textsubscript{2}}"
    )
    assert field(text, "journal") == r"Journal of \textit{Microbial} Studies"


def test_an_italic_name_in_a_sentence_case_title_is_kept_as_it_is(papers) -> None:
    # the argument of \textit is never lowercased by a style: no braces are added
    title = field(format_citation(papers["Drosophila"], "bibtex").text, "title")
    assert title == r"A \textit{Drosophila} model of sleep in \textit{Minecraft} worlds"


@pytest.mark.parametrize("fmt", ["apa", "mla", "markdown"])
def test_the_text_formats_show_the_words_without_tags(papers, fmt) -> None:
    text = format_many(list(papers.values()), fmt)
    assert not re.search(r"</?[a-z]", text) and "&amp;" not in text and "\\text" not in text
    assert "H₂O" in text and "CO₂" in text


def test_the_export_reads_back_as_the_same_titles(papers, tmp_path) -> None:
    text = format_many(list(papers.values()), "bibtex")
    assert validate_bibtex(text) == []
    path = tmp_path / "export.bib"
    path.write_text(text + "\n", encoding="utf-8")
    again = load_library([path]).papers
    assert sorted(display_title(p.title) for p in again) == sorted(
        display_title(p.title) for p in papers.values()
    )
    assert all("</" not in p.title for p in again)


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_entities_escaped_twice_are_the_characters_shown(papers, fmt) -> None:
    # the list escaped its title twice: "Rock &amp;amp; roll" is shown "Rock & roll"
    paper = papers["Rock"]
    assert display_title(paper.title) == "Rock & roll <3: a study"
    text = format_citation(paper, fmt).text
    # a "<" is LaTeX's, which a font in LaTeX's default encoding would print as "¡"
    assert field(text, "title") == r"Rock \& roll \textless{}3: a study"
    assert (
        field(text, "journaltitle" if fmt == "biblatex" else "journal")
        == r"Journal of Music \& Data"
    )
    assert validate_bibtex(text) == []


def test_a_key_takes_its_word_from_the_title_not_its_tags(papers) -> None:
    # "A <jats:italic>Drosophila</jats:italic> model": the key was park2019jats
    assert format_citation(papers["Drosophila"], "cite").text == r"\cite{park2019drosophila}"
    assert format_citation(papers["vivo"], "cite").text == r"\cite{lee2021vivo}"


def test_nested_tags_tags_with_attributes_and_spans_are_read_too(papers) -> None:
    paper = papers["Nested"]
    assert display_title(paper.title) == "Nested bold italic and classed spanned words"
    text = format_citation(paper, "bibtex").text
    title = field(text, "title")
    assert title == r"Nested \textit{\textbf{bold italic}} and \textit{classed} spanned words"
    assert validate_bibtex(text) == []


def test_a_line_break_is_a_space_and_code_is_typewriter(papers) -> None:
    paper = papers["Broken"]
    assert display_title(paper.title) == "Broken lines of grep and x_y"
    text = format_citation(paper, "bibtex").text
    assert field(text, "title") == r"Broken lines of \texttt{grep} and \texttt{x\_y}"
    assert validate_bibtex(text) == []
