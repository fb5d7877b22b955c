"""One page is cited as one page: PMLR's L4DC 2020 volume gives a one-page abstract as
``Pages={814--814}``, which APA and MLA give as "p. 814", not "pp. 814–814"; a journal's
one-page article is on its page, not an article number. A range is given with BibTeX's
dash, which styles read as one."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

L4DC = Path(__file__).parent / "fixtures" / "citations" / "pmlr_l4dc2020_one_page_slice.bib"


def _cited(path: Path, title_start: str, fmt: str) -> str:
    library = load_library([path])
    paper = next(p for p in library.papers if p.title.startswith(title_start))
    return format_citation(paper, fmt, library=library).text


def test_a_one_page_range_in_proceedings_is_one_page() -> None:
    apa = _cited(L4DC, "Distributed Reinforcement Learning", "apa")
    assert apa.endswith("(Vol. 120, p. 814).")
    mla = _cited(L4DC, "Distributed Reinforcement Learning", "mla")
    assert mla.endswith("vol. 120, 2020, p. 814.")
    # the entry is the source's, as written
    assert "pages = {814--814}" in _cited(L4DC, "Distributed Reinforcement Learning", "bibtex")


def test_a_range_of_pages_in_proceedings_stays_a_range() -> None:
    assert _cited(L4DC, "Learning to Plan", "apa").endswith("(Vol. 120, pp. 815–825).")
    assert _cited(L4DC, "Learning to Plan", "mla").endswith("2020, pp. 815-825.")


def test_a_one_page_journal_article_is_on_its_page(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {A Letter}, journal = {Nature},\n"
        "  volume = {580}, year = {2020}, pages = {12--12}}\n"
        "@article{b, author = {Roe, Rick}, title = {An Article}, journal = {PLOS ONE},\n"
        "  volume = {3}, year = {2020}, pages = {e17}}\n",
        encoding="utf-8",
    )
    assert "Nature, 580, 12." in _cited(path, "A Letter", "apa")
    assert "vol. 580, 2020, p. 12." in _cited(path, "A Letter", "mla")
    # a lone number is an article number still
    assert "PLOS ONE, 3, Article e17." in _cited(path, "An Article", "apa")


def test_scopuss_spaced_en_dash_is_bibtexs_range() -> None:
    # Scopus's BibTeX writes "pages = {5999 – 6009}": BibTeX styles read "--" as a range
    scopus = Path(__file__).parent / "fixtures" / "databases" / "scopus_export.bib"
    for fmt in ("bibtex", "biblatex"):
        assert "  pages = {5999--6009}," in _cited(scopus, "Attention is all", fmt)


def test_a_range_written_with_a_hyphen_is_as_written() -> None:
    # BibTeX styles make PMLR's "1-22" a range themselves
    slice_ = Path(__file__).parent / "fixtures" / "citations" / "pmlr_collas2022_slice.bib"
    library = load_library([slice_])
    ranged = [p for p in library.papers if p.pages and "-" in p.pages and "--" not in p.pages]
    assert ranged
    text = format_citation(ranged[0], "bibtex", library=library).text
    assert f"  pages = {{{ranged[0].pages}}}," in text


def test_a_range_spaced_around_bibtexs_dash_is_one_range(tmp_path: Path) -> None:
    # "5999 -- 6009", as some exports space it: APA gave "5999 – 6009", MLA "5999 - 6009"
    path = tmp_path / "list.bib"
    path.write_text(
        "@article{a, author = {Doe, Jane}, title = {A Spaced Range}, journal = {J},\n"
        "  volume = {3}, year = {2020}, pages = {5999 -- 6009}}\n",
        encoding="utf-8",
    )
    assert _cited(path, "A Spaced", "apa").endswith("J, 3, 5999–6009.")
    assert _cited(path, "A Spaced", "mla").endswith("pp. 5999-6009.")
