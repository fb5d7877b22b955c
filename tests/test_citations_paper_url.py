"""The link an export gives of a paper (``paper_url``, ``best_link``): the same whichever
of the paper's facts it is worked out from first (its DOI, its venue, its links)."""

from __future__ import annotations

from tuireader.model import Link, Paper
from tuireader.render.citations import best_link, format_citation, paper_url


def _paper(**fields: object) -> Paper:
    return Paper(id="p1", title="Scaling Laws for Tiny Models", abstract="We study.", **fields)  # type: ignore[arg-type]


def test_an_icml_paper_known_by_its_pmlr_key_links_to_its_proceedings_page() -> None:
    # its venue alone says which volume of PMLR holds it: no link of its own names it
    paper = _paper(authors=("Ada Lovelace",), venue="ICML 2024", year=2024, pmlr_key="lovelace24a")
    page = "https://proceedings.mlr.press/v235/lovelace24a.html"
    assert paper_url(paper) == page
    assert best_link(paper) == page
    assert page in format_citation(paper, "apa").text


def test_a_pmlr_key_without_an_icml_venue_makes_no_link() -> None:
    paper = _paper(venue="Some Workshop", year=2024, pmlr_key="lovelace24a")
    assert paper_url(paper) is None
    assert best_link(paper) is None


def test_a_papers_doi_comes_before_its_links() -> None:
    paper = _paper(
        doi="10.1000/xyz.1",
        links=(Link("https://openreview.net/forum?id=abc", "paper", "openreview"),),
        venue="ICML 2024",
        year=2024,
        pmlr_key="lovelace24a",
    )
    assert paper_url(paper) == "https://doi.org/10.1000/xyz.1"
    assert best_link(paper) == "https://doi.org/10.1000/xyz.1"


def test_a_link_the_abstract_mentions_is_followed_but_not_cited() -> None:
    paper = _paper(links=(Link("https://example.org/full-version", "paper", "text"),))
    assert paper_url(paper) is None
    assert best_link(paper) == "https://example.org/full-version"


def test_a_paper_without_links_has_none() -> None:
    assert paper_url(_paper()) is None
    assert best_link(_paper()) is None
