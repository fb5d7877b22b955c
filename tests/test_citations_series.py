"""A CSL item's series (``collection-title``) is cited where BibTeX and BibLaTeX give
one: Zotero's "Understanding Analysis" is in "Undergraduate Texts in Mathematics", a
proceedings paper of "Algorithms and Models for the Web-Graph" in "Lecture Notes in
Computer Science". A journal article's ``collection-title`` (a special issue's name,
"Neurotechnology") is no series, and APA names none."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

#: items as the real Zotero export gives them, cut to what their citations take
ITEMS = [
    {
        "id": "abbott2015",
        "type": "book",
        "title": "Understanding Analysis",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "collection-title": "Undergraduate Texts in Mathematics",
        "publisher": "Springer",
        "publisher-place": "New York",
        "issued": {"date-parts": [[2015]]},
    },
    {
        "id": "young2007",
        "type": "paper-conference",
        "title": "Random Dot Product Graph Models for Social Networks",
        "author": [{"family": "Young", "given": "Stephen J."}],
        "container-title": "Algorithms and Models for the Web-Graph",
        "collection-title": "Lecture Notes in Computer Science",
        "publisher": "Springer Berlin Heidelberg",
        "page": "138-149",
        "issued": {"date-parts": [[2007]]},
    },
    {
        "id": "sporns2012",
        "type": "article-journal",
        "title": "Human connectomics",
        "author": [{"family": "Sporns", "given": "Olaf"}],
        "container-title": "Current Opinion in Neurobiology",
        "collection-title": "Neurotechnology",
        "volume": "22",
        "issued": {"date-parts": [[2012]]},
    },
]


def _papers(tmp_path: Path):
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps(ITEMS), encoding="utf-8")
    library = load_library([path])
    return {paper.title: paper for paper in library.papers}, library


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_csl_items_series_is_cited(tmp_path: Path, fmt: str) -> None:
    papers, library = _papers(tmp_path)
    expected = {
        "Understanding Analysis": "Undergraduate Texts in Mathematics",
        "Random Dot Product Graph Models for Social Networks": "Lecture Notes in Computer Science",
    }
    for title, series in expected.items():
        text = format_citation(papers[title], fmt, library=library).text
        assert validate_bibtex(text) == []
        entry = bibtexparser.parse_string(text).entries[0]
        assert entry.fields_dict["series"].value == series


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_journal_articles_collection_title_is_no_series(tmp_path: Path, fmt: str) -> None:
    papers, library = _papers(tmp_path)
    text = format_citation(papers["Human connectomics"], fmt, library=library).text
    assert "series" not in text and "Neurotechnology" not in text


def test_apa_names_no_series(tmp_path: Path) -> None:
    papers, library = _papers(tmp_path)
    apa = format_citation(papers["Understanding Analysis"], "apa", library=library).text
    assert "Undergraduate Texts" not in apa
    assert apa.startswith("Abbott, S. (2015). Understanding Analysis.")


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_export_read_back_keeps_the_series(tmp_path: Path, fmt: str) -> None:
    papers, _library = _papers(tmp_path)
    listed = list(papers.values())
    before = {paper.id: paper.series for paper in listed}
    assert sorted(map(str, before.values())) == [
        "Lecture Notes in Computer Science",
        "Neurotechnology",
        "Undergraduate Texts in Mathematics",
    ]
    text = render_export(listed, {p.id: Triage(p.id, "kept") for p in listed}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    assert {paper.id: paper.series for paper in back.papers} == before


def test_a_csv_of_zotero_gives_the_series(tmp_path: Path) -> None:
    path = tmp_path / "zotero.csv"
    path.write_text(
        '"Key","Item Type","Title","Author","Series"\n'
        '"ABCD","book","Understanding Analysis","Abbott, Stephen",'
        '"Undergraduate Texts in Mathematics"\n',
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert paper.series == "Undergraduate Texts in Mathematics"
