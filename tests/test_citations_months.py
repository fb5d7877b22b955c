"""A month is cited the way BibTeX styles read it: Web of Science writes a journal
issue's month with its day (``Month = {{APR 2}}``), a double issue's as a range
(``{{JAN-FEB}}``) and a quarterly's as a season (``{{SPR}}``); styles expect BibTeX's
month macros (``month = apr``), and biber reads a BibLaTeX ``date`` to the day."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

WOS = Path(__file__).parent / "fixtures" / "citations" / "months" / "wos_savedrecs_months.bib"


def _cited(title: str, fmt: str) -> str:
    library = load_library([WOS])
    paper = next(p for p in library.papers if p.title == title)
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    return text


@pytest.mark.parametrize(
    ("title", "bibtex", "biblatex"),
    [
        ("A month and its day", "month = apr,", "date = {2020-04-02},"),
        ("A month alone", "month = apr,", "date = {2020-04},"),
        ("Two months", 'month = jan # "--" # feb,', "date = {2020-01/2020-02},"),
        ("A season", "month = {Spring},", "date = {2020},"),
        ("Late in the year", "month = dec,", "date = {2020-12-15},"),
    ],
)
def test_web_of_sciences_months_are_cited_as_styles_read_them(
    title: str, bibtex: str, biblatex: str
) -> None:
    assert f"\n  {bibtex}\n" in _cited(title, "bibtex")
    assert f"\n  {biblatex}\n" in _cited(title, "biblatex")


def test_a_range_of_months_read_back_is_cited_as_the_same_macros(tmp_path: Path) -> None:
    # the reader resolves jan # "--" # feb to "January--February"; cited again, the
    # entry gives the macros, not the words
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {Two Months}, journal = {J},\n"
        '  year = {2021}, month = jan # "--" # feb}\n',
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    assert '\n  month = jan # "--" # feb\n' in text
    assert validate_bibtex(text) == []


def test_a_month_of_words_is_cited_as_written(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {Late}, journal = {J},\n"
        "  year = {2021}, month = {Early Spring, delayed}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    assert "\n  month = {Early Spring, delayed}\n" in text


def test_a_text_month_with_a_hash_is_still_a_problem() -> None:
    bad = "@article{a, title = {X}, month = {apr # soon}, year = {2020}}"
    assert validate_bibtex(bad) != []


@pytest.mark.parametrize(
    ("month", "year", "date"),
    [
        ("{DEC-JAN}", "2020", "date = {2020-12/2021-01}"),  # a winter issue turns the year
        ("{FEB 30}", "2021", "date = {2021-02}"),  # a day the month has not
        ("{FEB 29}", "2020", "date = {2020-02-29}"),  # a leap year's has it
    ],
)
def test_a_biblatex_date_is_a_date_biber_reads(
    tmp_path: Path, month: str, year: str, date: str
) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {An Issue}, journal = {J},\n"
        f"  year = {{{year}}}, month = {month}}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    assert f"\n  {date}\n}}" in format_citation(paper, "biblatex", library=library).text
