"""A book in a series keeps its series and its volume in every format, not only in
BibTeX: RIS's ``T3`` and ``VL``, CSL-JSON's ``collection-title``, ``volume`` and
``collection-number`` (the book's number in its series, as Zotero and citeproc give an
LNCS volume), APA 7's "(Vol. 4741)", and the series with its number in MLA, Chicago and
IEEE. The entries are cut from a real Zotero (Better BibTeX) export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

BIB = r"""
@book{bessiere2007,
  title = {Principles and {{Practice}} of {{Constraint Programming}} -- {{CP}} 2007},
  editor = {Bessi{\`e}re, Christian},
  year = {2007},
  series = {Lecture {{Notes}} in {{Computer Science}}},
  volume = {4741},
  publisher = {Springer},
  address = {Berlin, Heidelberg},
  doi = {10.1007/978-3-540-74970-7}
}

@book{erleben2005,
  address = {Hingham, Mass},
  title = {Physics-based animation},
  series = {Charles River Media graphics series},
  publisher = {Charles River Media},
  editor = {Erleben, Kenny},
  year = {2005}
}

@article{smith2020,
  title = {A Study of Things},
  author = {Smith, Ada},
  journal = {Journal of Things},
  volume = {12},
  year = {2020}
}
"""


def _papers(tmp_path: Path):
    path = tmp_path / "books.bib"
    path.write_text(BIB, encoding="utf-8")
    library = load_library([path])
    return {paper.title.split()[0]: paper for paper in library.papers}, library


def _cite(tmp_path: Path, which: str, fmt: str) -> str:
    papers, library = _papers(tmp_path)
    return format_citation(papers[which], fmt, library=library).text


def test_ris_gives_a_books_series_and_volume(tmp_path: Path) -> None:
    lines = _cite(tmp_path, "Principles", "ris").splitlines()
    assert "T3  - Lecture Notes in Computer Science" in lines
    assert "VL  - 4741" in lines
    lines = _cite(tmp_path, "Physics-based", "ris").splitlines()
    assert "T3  - Charles River Media graphics series" in lines
    assert not [line for line in lines if line.startswith("VL")]


def test_csl_json_gives_a_books_series_and_its_number(tmp_path: Path) -> None:
    (item,) = json.loads(_cite(tmp_path, "Principles", "csl-json"))
    assert item["collection-title"] == "Lecture Notes in Computer Science"
    assert item["volume"] == "4741"
    assert item["collection-number"] == "4741"
    (item,) = json.loads(_cite(tmp_path, "Physics-based", "csl-json"))
    assert item["collection-title"] == "Charles River Media graphics series"
    assert "volume" not in item and "collection-number" not in item


def test_apa_gives_the_volume_after_the_title_and_no_series(tmp_path: Path) -> None:
    apa = _cite(tmp_path, "Principles", "apa")
    assert "Programming – CP 2007 (Vol. 4741). Springer." in apa
    assert "Lecture Notes" not in apa


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("mla", "Lecture Notes in Computer Science 4741."),
        (
            "chicago",
            "CP 2007. Lecture Notes in Computer Science 4741. Berlin, Heidelberg: Springer.",
        ),
        ("ieee", "CP 2007, ser. Lecture Notes in Computer Science, vol. 4741. Berlin, Heidelberg"),
    ],
)
def test_mla_chicago_and_ieee_give_the_series_and_its_number(
    tmp_path: Path, fmt: str, expected: str
) -> None:
    assert expected in _cite(tmp_path, "Principles", fmt)


def test_a_journal_articles_volume_is_its_journals(tmp_path: Path) -> None:
    lines = _cite(tmp_path, "A", "ris").splitlines()
    assert lines.count("VL  - 12") == 1
    assert not [line for line in lines if line.startswith("T3")]
    (item,) = json.loads(_cite(tmp_path, "A", "csl-json"))
    assert "collection-title" not in item and "collection-number" not in item
