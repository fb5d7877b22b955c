"""Every field a paper's list gives and tuireader cites survives an export read back
as a list: its place, series, edition, publisher, pages, volume, number, editors,
keywords, DOI, links and key, in each format that can carry them.

A BibTeX paper's JSON and CSV export gave no place and no series (only its entry had
them), and read back it was cited without "Reading, MA" under another key
(``knuth1984texbook`` for ``knuth1984``); the keywords of IEEE, Scopus, Web of Science
and PubMed lists were in no export but JSON. The slices in tests/fixtures/roundtrip_fields/
are records of those databases' exports; ``books.bib`` holds every field a BibTeX entry
gives a citation."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS, cite_many
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures" / "roundtrip_fields"
LISTS = sorted(path for path in HERE.iterdir() if path.name != "README.md")
#: the exports that carry everything a citation gives, BibTeX entries whole
WHOLE = ("json", "csv", "bibtex")
EVERY = (*WHOLE, "ris", "csl-json")


def _triage(papers, marked: bool) -> dict[str, Triage]:
    if marked:
        return {p.id: Triage(p.id, "kept", ("to read",), "Read §3.") for p in papers}
    return {p.id: Triage(p.id) for p in papers}


def _read_back(tmp_path: Path, library, fmt: str, marked: bool = False):
    papers = list(library.papers)
    text = render_export(papers, _triage(papers, marked), fmt, library=library)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(text, encoding="utf-8")
    return text, load_library([out])


def _cited(library, fmt: str) -> dict[str, tuple[str, str]]:
    papers = list(library.papers)
    return {c.paper_id: (c.key, c.text) for c in cite_many(papers, fmt, library=library)}


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("fmt", WHOLE)
def test_every_citation_is_the_same_read_back(tmp_path: Path, fmt: str, marked: bool) -> None:
    library = load_library(LISTS)
    assert len(library.papers) == 9 and not library.problems
    _, back = _read_back(tmp_path, library, fmt, marked)
    assert set(back.paper_ids()) == set(library.paper_ids())
    for style in FORMATS:
        assert _cited(back, style) == _cited(library, style), style


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("fmt", EVERY)
def test_the_keywords_of_every_list_are_read_back(tmp_path: Path, fmt: str, marked: bool) -> None:
    library = load_library(LISTS)
    keywords = {p.id: p.keywords for p in library.papers}
    assert all(keywords.values())  # every list gives them: IEEE, Scopus, WoS, PubMed, BibTeX
    _, back = _read_back(tmp_path, library, fmt, marked)
    assert {p.id: p.keywords for p in back.papers} == keywords


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_bibtex_paper_s_place_and_series_are_exported(tmp_path: Path, fmt: str) -> None:
    library = load_library([HERE / "books.bib"])
    text, back = _read_back(tmp_path, library, fmt)
    rows = json.loads(text) if fmt == "json" else list(csv.DictReader(io.StringIO(text)))
    by_title = {row["title"]: row for row in rows}
    assert by_title["The {\\TeX}book"]["place"] == "Reading, MA"
    assert by_title["The {\\TeX}book"]["series"] == "Computers and Typesetting"
    assert by_title["The {\\TeX}book"]["edition"] == "Second"
    assert by_title["Learning to Read Papers"]["place"] == "Cham"
    apa = {c.key: c.text for c in cite_many(list(back.papers), "chicago", library=back)}
    assert "Reading, MA: Addison-Wesley" in apa["knuth1984"]
    assert set(apa) == {"knuth1984", "smith2020learning"}


FORMATS_DIR = Path(__file__).parent / "fixtures" / "formats"
#: an arXiv list (its papers' classes and categories) and Paper Copilot's CoRL 2023
#: (each paper's decision, track and TL;DR)
LISTED = [
    FORMATS_DIR / "arxiv_kaggle_slice.jsonl",
    FORMATS_DIR / "papercopilot_corl2023_slice.json",
]


def _listed(library) -> dict[str, tuple[object, ...]]:
    return {
        p.id: (p.arxiv_class, p.categories, p.status, p.track, p.primary_area, p.tldr)
        for p in library.papers
    }


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_what_a_list_says_of_a_paper_is_read_back(tmp_path: Path, fmt: str) -> None:
    # read back from JSON, an arXiv paper was cited without its ``primaryclass``; from
    # CSV, a paper lost the decision, track and TL;DR its list gives
    library = load_library(LISTED)
    given = _listed(library)
    assert any(fields[0] for fields in given.values())
    assert any(fields[2] and fields[3] and fields[5] for fields in given.values())
    _, back = _read_back(tmp_path, library, fmt)
    assert _listed(back) == given
    # a CSV export gives the abstract too, whose words say which of a title's are names
    # (braced in BibTeX)
    for style in FORMATS:
        assert _cited(back, style) == _cited(library, style), style


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_csl_item_keeps_its_citation_key(tmp_path: Path, fmt: str) -> None:
    # Zotero's Better CSL JSON: read back, a paper's key was made from its title
    # ("abbott2015understanding" for "abbottUnderstandingAnalysis2015")
    csl = Path(__file__).parent / "fixtures" / "export_roundtrip" / "zotero_csl_slice.json"
    library = load_library([csl])
    keys = {p.id: p.cite_key for p in library.papers}
    assert all(keys.values())
    _, back = _read_back(tmp_path, library, fmt)
    assert {p.id: p.cite_key for p in back.papers} == keys
    assert {k for k, _ in _cited(back, "apa").values()} == set(keys.values())


def test_a_json_export_keeps_a_page_as_written(tmp_path: Path) -> None:
    # read back, Zotero's "http://arxiv.org/abs/…" became "https://…" in every citation
    listed = tmp_path / "zotero.json"
    item = {
        "id": "arroyo2017",
        "type": "article",
        "title": "Network classification with applications to brain connectomics",
        "author": [{"family": "Arroyo-Relión", "given": "Jesús D."}],
        "issued": {"date-parts": [[2017]]},
        "publisher": "arXiv",
        "URL": "http://arxiv.org/abs/1701.08140",
    }
    listed.write_text(json.dumps([item]), encoding="utf-8")
    library = load_library([listed])
    _, back = _read_back(tmp_path, library, "json")
    for style in FORMATS:
        assert _cited(back, style) == _cited(library, style), style


def test_a_bibtex_export_keeps_an_arxiv_paper_s_journal_reference(tmp_path: Path) -> None:
    # its entry gives arXiv's journal-ref in its note; read back, the paper was cited
    # as a preprint: "… Λ_α. arXiv. https://…" for "… Λ_α. Illinois J. Math. 52 …"
    arxiv = Path(__file__).parent / "fixtures" / "citations" / "arxiv_journals_slice.jsonl"
    library = load_library([arxiv])
    assert any(p.journal_ref and not p.venue for p in library.papers)
    _, back = _read_back(tmp_path, library, "bibtex")
    # (BibLaTeX aside: an entry read back is cited from it, a preprint's @misc as
    # @online, where a paper read from no entry is cited as @misc)
    for style in (style for style in FORMATS if style != "biblatex"):
        assert _cited(back, style) == _cited(library, style), style
    referenced = [p.id for p in library.papers if p.journal_ref and not p.venue]
    assert all(back.get(paper_id).journal_ref for paper_id in referenced)
