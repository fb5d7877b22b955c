"""Web of Science writes every value of its BibTeX twice braced (``DOI =
{{10.1038/…}}``): the braces protect the value and are no part of it, so the paper has
its DOI, and its citation gives the DOI and its address as they are."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, unbraced, validate_bibtex

WOS = Path(__file__).parent / "fixtures" / "citations" / "bookkeeping" / "wos_export.bib"


def test_a_twice_braced_doi_is_the_papers_doi() -> None:
    (paper,) = load_library([WOS]).papers
    assert paper.doi == "10.1038/s41586-020-0000-0"


def test_the_citation_gives_the_doi_as_it_is() -> None:
    library = load_library([WOS])
    (paper,) = library.papers
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert "  doi = {10.1038/s41586-020-0000-0}," in bibtex
    assert "%7B" not in bibtex
    assert validate_bibtex(bibtex) == []
    assert format_citation(paper, "apa", library=library).text.endswith(
        "https://doi.org/10.1038/s41586-020-0000-0"
    )


def test_a_twice_braced_url_is_cited_without_its_braces(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{ WOS:1,\nAuthor = {Doe, Jane},\nTitle = {{A study}},\n"
        "Year = {{2021}},\nURL = {{https://example.org/a_study}},\n}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    assert [link.url for link in paper.links] == ["https://example.org/a_study"]
    assert "  url = {https://example.org/a_study}" in format_citation(paper, library=library).text


def test_only_braces_that_wrap_the_whole_value_are_taken_off() -> None:
    assert unbraced("{{10.1/x}}") == "10.1/x"
    assert unbraced("{a}{b}") == "{a}{b}"
    assert unbraced("{a}") == "a"
    assert unbraced("a{b}") == "a{b}"


def test_a_twice_braced_year_and_month_are_biblatexs_date() -> None:
    # date = {{2020}}, the month left out: biber reads no year of it
    library = load_library([WOS])
    (paper,) = library.papers
    biblatex = format_citation(paper, "biblatex", library=library).text
    assert "  date = {2020-04-02}," in biblatex  # Month = {{APR 2}}
    assert "month" not in biblatex


def test_a_biblatex_date_twice_braced_is_bibtexs_year_and_month(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@online{a, author = {Doe, Jane}, title = {A Page}, date = {{2021-07-19}},\n"
        "  url = {https://example.org/a}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert "  year = {2021}," in bibtex and "  month = jul" in bibtex
