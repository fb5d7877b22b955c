"""A Crossref work gives its PDF (``link``, ``content-type: application/pdf``) and its
subjects (``subject``), as the other readers give a paper's PDF link and keywords."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

SHAPES = Path(__file__).parent / "fixtures" / "other_shapes"
WORK = SHAPES / "crossref_work_links.json"


def test_a_crossref_works_pdf_is_its_pdf_link() -> None:
    (work,) = read_file(WORK).records
    # the copy for reading and mining, not the one for Crossref's plagiarism check; not
    # the HTML page
    assert work.pdf == "https://www.nature.com/articles/nature14539.pdf?download=1"
    (paper,) = load_library([WORK]).papers
    assert "https://www.nature.com/articles/nature14539.pdf?download=1" in [
        link.url for link in paper.links if link.origin == "pdf"
    ]


def test_a_crossref_works_subjects_are_its_keywords() -> None:
    (work,) = read_file(WORK).records
    assert work.keywords == ("Multidisciplinary",)


def test_the_published_versions_pdf_comes_before_the_manuscripts(tmp_path: Path) -> None:
    data = json.loads(WORK.read_text(encoding="utf-8"))
    data["message"]["link"] = [
        {
            "URL": "https://example.org/accepted.pdf",
            "content-type": "application/pdf",
            "content-version": "am",
            "intended-application": "text-mining",
        },
        {
            "URL": "https://example.org/published.pdf",
            "content-type": "application/pdf",
            "content-version": "vor",
            "intended-application": "text-mining",
        },
    ]
    data["message"]["subject"] = ["Computer Science Applications", "Multidisciplinary"]
    data["message"]["keyword"] = "deep learning, Multidisciplinary"
    path = tmp_path / "work.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (work,) = read_file(path).records
    assert work.pdf == "https://example.org/published.pdf"
    assert work.keywords == ("deep learning", "Multidisciplinary", "Computer Science Applications")


def test_a_work_with_no_pdf_has_none(tmp_path: Path) -> None:
    data = json.loads(WORK.read_text(encoding="utf-8"))
    data["message"]["link"] = [
        {"URL": "https://example.org/page", "content-type": "text/html"},
        {"URL": "https://example.org/x.xml", "content-type": "text/xml"},
        "https://example.org/not-a-link-object.pdf",
    ]
    path = tmp_path / "work.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (work,) = read_file(path).records
    assert work.pdf is None
