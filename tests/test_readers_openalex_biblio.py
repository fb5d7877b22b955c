"""OpenAlex's ``biblio`` gives a work's volume and pages whatever its source: a
conference paper in PMLR's volume 235 is cited with them as a journal article is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation


def _work(source: dict[str, Any] | None, biblio: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "https://openalex.org/W4391900014",
        "doi": None,
        "title": "FrameQuant: Flexible Low-Bit Quantization for Transformers",
        "publication_year": 2024,
        "primary_location": {
            "landing_page_url": "https://proceedings.mlr.press/v235/adepu24a.html",
            "pdf_url": None,
            "source": source,
        },
        "authorships": [
            {"author": {"display_name": "Harshavardhan Adepu"}},
            {"author": {"display_name": "Vikas Singh"}},
        ],
        "biblio": biblio,
    }


def _write(tmp_path: Path, work: dict[str, Any]) -> Path:
    path = tmp_path / "works.json"
    path.write_text(json.dumps({"meta": {"count": 1}, "results": [work]}), encoding="utf-8")
    return path


def _read(tmp_path: Path, work: dict[str, Any]):
    result = read_file(_write(tmp_path, work))
    (record,) = result.records
    return record


ICML = {"display_name": "International Conference on Machine Learning", "type": "conference"}
PAGES = {"volume": "235", "issue": None, "first_page": "201", "last_page": "220"}


@pytest.mark.parametrize("source", [ICML, None], ids=["conference", "no source"])
def test_a_works_volume_and_pages_are_read_whatever_its_source(tmp_path, source) -> None:
    # a conference's work (or one without a source) had volume None and pages None
    record = _read(tmp_path, _work(source, PAGES))
    assert (record.volume, record.pages) == ("235", "201--220")


def test_a_conference_papers_citation_gives_its_volume_and_pages(tmp_path) -> None:
    library = load_library([_write(tmp_path, _work(ICML, PAGES))])
    (paper,) = library
    assert paper.entry_type == "inproceedings"
    assert format_citation(paper, "apa", library=library).text == (
        "Adepu, H., & Singh, V. (2024). FrameQuant: Flexible Low-Bit Quantization for "
        "Transformers. In International Conference on Machine Learning (Vol. 235, pp. 201–220). "
        "https://proceedings.mlr.press/v235/adepu24a.html"
    )


def test_a_journal_articles_volume_and_pages_are_read_as_before(tmp_path) -> None:
    journal = {"display_name": "Journal of Machine Learning Research", "type": "journal"}
    record = _read(tmp_path, _work(journal, {**PAGES, "issue": "7"}))
    assert (record.journal, record.volume, record.number, record.pages) == (
        "Journal of Machine Learning Research",
        "235",
        "7",
        "201--220",
    )


def test_a_single_page_and_an_empty_biblio_give_what_they_hold(tmp_path) -> None:
    one = _read(tmp_path, _work(ICML, {"volume": None, "first_page": "e12", "last_page": "e12"}))
    assert (one.volume, one.pages) == (None, "e12")
    none = _read(tmp_path, _work(ICML, {"volume": None, "first_page": None, "last_page": None}))
    assert (none.volume, none.pages) == (None, None)
