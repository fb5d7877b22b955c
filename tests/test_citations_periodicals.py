"""A journal article is cited without its journal's publisher in MLA, as in APA: Zotero
exports a journal's publisher with each of its articles (``publisher = {Multidisciplinary
Digital Publishing Institute}`` for MDPI's Entropy), and MLA 9 names no publisher of a
periodical; a book's and a proceedings' publisher stay."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

FIXTURES = Path(__file__).parent / "fixtures" / "citations"


def _cited(path: Path, fmt: str, title_start: str = "") -> str:
    library = load_library([path])
    paper = next(p for p in library.papers if p.title.startswith(title_start))
    return format_citation(paper, fmt, library=library).text


def test_mla_names_no_publisher_of_a_journal() -> None:
    mla = _cited(FIXTURES / "zotero_betterbibtex_journal_slice.bib", "mla")
    assert "Multidisciplinary Digital Publishing Institute" not in mla
    assert "Entropy, vol. 23, no. 3, 2021, 303, https://doi.org/10.3390/e23030303." in mla
    apa = _cited(FIXTURES / "zotero_betterbibtex_journal_slice.bib", "apa")
    assert "Multidisciplinary" not in apa
    # the entry the user's library gives is the citation's BibTeX, publisher and all
    bibtex = _cited(FIXTURES / "zotero_betterbibtex_journal_slice.bib", "bibtex")
    assert "publisher = {Multidisciplinary Digital Publishing Institute}" in bibtex


def test_mla_names_the_publisher_of_proceedings_and_of_a_book() -> None:
    slice_ = FIXTURES / "zotero_betterbibtex_slice.bib"
    assert "Association for Computing Machinery, 2024" in _cited(slice_, "mla", "SpecBCFuzz")
    assert "IOS Press, 2021." in _cited(slice_, "mla", "Handbook of Satisfiability")
