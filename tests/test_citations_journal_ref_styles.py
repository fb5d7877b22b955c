"""IEEE and Chicago author-date cite the published version a journal reference names
in their own form, where the reference reads unambiguously as "Journal Volume, Pages
(Year)": the journal, its volume, the article number or pages, and the year once."""

from __future__ import annotations

import pytest

from tuireader.model import Paper
from tuireader.render.citations import format_citation


def paper(journal_ref: str, year: int = 2007) -> Paper:
    return Paper(
        id="a",
        title="Prompt photons at colliders",
        abstract="",
        authors=("Ann Lee", "Bo Chen"),
        journal_ref=journal_ref,
        year=year,
        doi="10.1000/example.1",
        arxiv_id="0704.9999",
    )


@pytest.mark.parametrize(
    ("journal_ref", "year", "ieee", "chicago"),
    [
        # arXiv's compact form, spaced first: an article number
        (
            "Phys.Rev.D76:013009,2007",
            2007,
            "Phys. Rev. D, vol. 76, Art. no. 013009, 2007, doi:",
            "colliders.” Phys. Rev. D 76: 013009. https://doi.org/",
        ),
        # written by the authors, with "vol"
        (
            "Journal of Applied Physics, vol 104, 073536 (2008)",
            2008,
            "Journal of Applied Physics, vol. 104, Art. no. 073536, 2008, doi:",
            "colliders.” Journal of Applied Physics 104: 073536. https://doi.org/",
        ),
        # one page, where an article starts: no article number
        (
            "Philosophical Magazine 86, 753 (2006)",
            2006,
            "Philosophical Magazine, vol. 86, p. 753, 2006, doi:",
            "colliders.” Philosophical Magazine 86: 753. https://doi.org/",
        ),
        # a range of pages
        (
            "J. Fluid Mech. 585, 213-244 (2007)",
            2007,
            "J. Fluid Mech., vol. 585, pp. 213\u2013244, 2007, doi:",
            "colliders.” J. Fluid Mech. 585: 213\u2013244. https://doi.org/",
        ),
    ],
)
def test_a_parsed_journal_reference_in_each_style(
    journal_ref: str, year: int, ieee: str, chicago: str
) -> None:
    cited = paper(journal_ref, year)
    ieee_text = format_citation(cited, "ieee").text
    chicago_text = format_citation(cited, "chicago").text
    assert ieee in ieee_text
    assert chicago in chicago_text
    # the year once in each
    assert ieee_text.count(str(year)) == 1
    assert chicago_text.count(str(year)) == 1


@pytest.mark.parametrize(
    "journal_ref",
    [
        "Illinois J. Math. 52 (2008) no.2, 681-689",  # another form
        "Phys. Rev. D 76, 013009 (2008)",  # a year that is not the work's
    ],
)
def test_another_journal_reference_is_given_as_written(journal_ref: str) -> None:
    cited = paper(journal_ref)
    assert f"colliders,” {journal_ref}" in format_citation(cited, "ieee").text
    assert f"colliders.” {journal_ref}." in format_citation(cited, "chicago").text


@pytest.mark.parametrize(
    ("journal_ref", "year", "ieee", "chicago"),
    [
        (
            "J. Algebra 321 (2009), 3450-3468.",
            2009,
            "J. Algebra, vol. 321, pp. 3450\u20133468, 2009, doi:",
            "colliders.” J. Algebra 321: 3450\u20133468. https://doi.org/",
        ),
        (
            "J. Phys.: Condens. Matter 20 (2008) 055214",
            2008,
            "J. Phys.: Condens. Matter, vol. 20, Art. no. 055214, 2008, doi:",
            "colliders.” J. Phys.: Condens. Matter 20: 055214. https://doi.org/",
        ),
    ],
)
def test_a_journal_reference_with_the_year_after_the_volume(
    journal_ref: str, year: int, ieee: str, chicago: str
) -> None:
    cited = paper(journal_ref, year)
    ieee_text = format_citation(cited, "ieee").text
    chicago_text = format_citation(cited, "chicago").text
    assert ieee in ieee_text and ieee_text.count(str(year)) == 1
    assert chicago in chicago_text and chicago_text.count(str(year)) == 1


@pytest.mark.parametrize(
    ("journal_ref", "year", "given"),
    [
        ("Studia Math. 182 (2007) no. 3, 283-294", 2007, "Studia Math. 182 no. 3, 283-294."),
        (
            "Asymptotic Analysis, 57 No. 1-2, 1-27, 2008",
            2008,
            "Asymptotic Analysis, 57 No. 1-2, 1-27.",
        ),
    ],
)
def test_chicago_gives_the_year_once_for_a_reference_as_written(
    journal_ref: str, year: int, given: str
) -> None:
    text = format_citation(paper(journal_ref, year), "chicago").text
    assert f"colliders.” {given} https://doi.org/" in text
    assert text.count(str(year)) == 1
