"""Mendeley writes a paper's several web addresses into one ``url`` field, a space between
them (``url = {https://doi.org/… http://www.sciencedirect.com/…}``). Joined they are no
address: the reader left the field out as unsafe, but BibTeX, BibLaTeX and the export
wrote it as one, the space made ``%20``. Each address is now one of its own: the first
is the paper's page, cited as its ``url``, the others further links, each checked as
any link is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import format_citation, url_addresses
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

MENDELEY = Path(__file__).parent / "fixtures" / "formats" / "mendeley_two_urls.bib"
DOI_PAGE = "https://doi.org/10.1016/j.patcog.2020.107_123"
PUBLISHER_PAGE = "http://www.sciencedirect.com/science/article/pii/S0031320320301234"


def _paper() -> tuple[Library, Paper]:
    library = load_library([MENDELEY])
    (paper,) = library.papers
    return library, paper


def test_each_address_is_a_link() -> None:
    _library, paper = _paper()
    urls = [link.url for link in paper.links]
    assert DOI_PAGE in urls and PUBLISHER_PAGE in urls
    assert not any(" " in url or "%20" in url for url in urls)


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "ris", "csl-json", "apa", "chicago"])
def test_a_citation_gives_the_first_address_alone(fmt: str) -> None:
    library, paper = _paper()
    text = format_citation(paper, fmt, library=library).text
    assert "%20" not in text
    assert " http://www.sciencedirect" not in text
    if fmt in ("bibtex", "biblatex"):
        assert f"  url = {{{DOI_PAGE}}},\n" in text


@pytest.mark.parametrize("fmt", ["bibtex", "ris", "csl-json", "json"])
def test_the_export_gives_each_address_apart(fmt: str) -> None:
    library, paper = _paper()
    text = render_export([paper], {paper.id: Triage(paper.id)}, fmt, library=library)
    assert "%20" not in text
    assert PUBLISHER_PAGE in text


def test_only_addresses_are_split() -> None:
    assert url_addresses("{https://a.org/x http://b.org/y}") == (
        "https://a.org/x",
        "http://b.org/y",
    )
    assert url_addresses("https://a.org/x") == ()
    assert url_addresses("https://a.org/my file.pdf") == ()
