"""A preprint on a server other than arXiv is cited as posted there: Zotero's CSL-JSON
gives a bioRxiv preprint as a journal article of the journal "bioRxiv" with the
preprint's number as its page (``"page": "188706"``); APA gives the server as it gives
arXiv ("bioRxiv."), MLA the server and the year, neither an "Article 188706"."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

SLICE = Path(__file__).parent / "fixtures" / "citations" / "zotero_csl_biorxiv_slice.json"


def _cited(title_start: str, fmt: str) -> str:
    library = load_library([SLICE])
    paper = next(p for p in library.papers if p.title.startswith(title_start))
    return format_citation(paper, fmt, library=library).text


def test_apa_names_the_preprint_server_without_an_article_number() -> None:
    apa = _cited("A High-Throughput Pipeline", "apa")
    assert apa.endswith("Troublesome Variability. bioRxiv. https://doi.org/10.1101/188706")
    assert "188706." not in apa and "Article" not in apa


def test_mla_names_the_preprint_server_and_the_year() -> None:
    mla = _cited("A High-Throughput Pipeline", "mla")
    assert mla.endswith('Variability." bioRxiv, 2018, https://doi.org/10.1101/188706.')


def test_the_bibtex_entry_keeps_the_number_the_source_gives() -> None:
    bibtex = _cited("A High-Throughput Pipeline", "bibtex")
    assert "  journal = {bioRxiv}," in bibtex and "  pages = {188706}," in bibtex


def test_a_journal_article_keeps_its_volume_issue_and_pages() -> None:
    assert "Bioinformatics, 34(13), i457–i466." in _cited("Modeling polypharmacy", "apa")
    mla = _cited("Modeling polypharmacy", "mla")
    assert "Bioinformatics, vol. 34, no. 13, 2018, pp. i457-i466," in mla


#: the real Zotero export's bioRxiv preprint as its DOI translator read it from Crossref
#: (a "report" of genre "preprint", its subject area "Neuroscience" as its publisher),
#: and a report whose DOI shares bioRxiv's prefix (a Cold Spring Harbor journal's)
REPORT_SLICE = SLICE.with_name("zotero_csl_biorxiv_report_slice.json")


def _report_cited(title_start: str, fmt: str) -> str:
    library = load_library([REPORT_SLICE])
    paper = next(p for p in library.papers if p.title.startswith(title_start))
    return format_citation(paper, fmt, library=library).text


def test_a_preprint_zotero_files_as_a_report_is_cited_as_posted_to_biorxiv() -> None:
    title = "On statistical tests of functional connectome fingerprinting"
    apa = _report_cited(title, "apa")
    assert apa.endswith(f"(2018). {title}. bioRxiv. https://doi.org/10.1101/443556")
    mla = _report_cited(title, "mla")
    assert mla.endswith(f'"{title}." bioRxiv, 2018, https://doi.org/10.1101/443556.')
    bibtex = _report_cited(title, "bibtex")
    assert bibtex.startswith("@article{") and "  journal = {bioRxiv}," in bibtex
    assert "Neuroscience" not in apa + mla + bibtex


def test_the_subject_area_is_a_keyword() -> None:
    library = load_library([REPORT_SLICE])
    paper = next(p for p in library.papers if p.doi == "10.1101/443556")
    assert "Neuroscience" in paper.keywords and paper.publisher is None


def test_a_report_with_a_doi_of_the_same_prefix_stays_a_report() -> None:
    bibtex = _report_cited("A technical report", "bibtex")
    assert bibtex.startswith("@techreport{")
    assert "  institution = {Cold Spring Harbor Laboratory Press}," in bibtex
