"""A citation gives the publisher's address, not the one a library's proxy gave the user:
Zotero saves a page read through the university's EZproxy at the proxy's address
(``www-sciencedirect-com.tudelft.idm.oclc.org``,
``ieeexplore-ieee-org.ez9.periodicos.capes.gov.br``), which lets in that library's members
only and names the user's library to every reader of the citing work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import best_link, format_citation, validate_bibtex

FIXTURES = Path(__file__).parent / "fixtures" / "citations"
BBT = FIXTURES / "zotero_betterbibtex_proxied_slice.bib"
BIBLATEX = FIXTURES / "zotero_biblatex_proxied_slice.bib"
PROXIES = ("idm.oclc.org", "periodicos.capes.gov.br", "-com.", "-org.")


def _cited(path: Path, fmt: str) -> str:
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, fmt, library=library).text


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "apa", "mla", "markdown", "url"])
def test_a_page_read_through_a_library_proxy_is_cited_at_the_publishers_address(
    fmt: str,
) -> None:
    text = _cited(BBT, fmt)
    assert not any(proxy in text for proxy in PROXIES)
    assert "https://www.sciencedirect.com/topics/computer-science/unit-propagation" in text
    if fmt in ("bibtex", "biblatex"):
        assert validate_bibtex(text) == []


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_an_entrys_proxied_url_is_the_publishers(fmt: str) -> None:
    text = _cited(BIBLATEX, fmt)
    assert "  url = {https://ieeexplore.ieee.org/document/9446893}," in text
    assert "periodicos" not in text


def test_the_link_to_copy_is_the_publishers() -> None:
    (paper,) = load_library([BBT]).papers
    assert best_link(paper) == (
        "https://www.sciencedirect.com/topics/computer-science/unit-propagation"
    )


def test_a_host_with_dashes_of_its_own_is_no_proxy(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@misc{a, title = {A Page}, author = {Doe, Jane}, year = {2020},\n"
        "  url = {https://my-lab-site.example.org/a-page}}\n",
        encoding="utf-8",
    )
    assert "https://my-lab-site.example.org/a-page" in _cited(path, "bibtex")


def test_a_proxys_port_goes_with_it(tmp_path: Path) -> None:
    """EZproxy often serves on a port of its own (2048, 8443): the publisher serves on
    none, and ``https://www.jstor.org:2048/…`` is a dead link."""
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, title = {A Paper}, author = {Doe, Jane}, year = {2020},\n"
        "  url = {https://www-jstor-org.ezproxy.lib.example.edu:2048/stable/123}}\n"
        "@article{b, title = {B Paper}, author = {Roe, Jim}, year = {2021},\n"
        "  url = {https://my-lab.example.org:8443/b-paper}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    a, b = sorted(library.papers, key=lambda paper: paper.title)
    assert "url = {https://www.jstor.org/stable/123}" in format_citation(a, "bibtex").text
    assert "https://my-lab.example.org:8443/b-paper" in format_citation(b, "bibtex").text
