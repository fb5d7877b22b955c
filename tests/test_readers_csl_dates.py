"""A CSL item is dated as finely as its ``issued`` dates it: Zotero's CSL-JSON gives a
blog post's day (``[[2019, 6, 20]]``), which APA and MLA cite ("(2019, June 20)",
"20 June 2019") and BibTeX's ``month`` gives. The month and day are kept with the paper,
in the list cache too, and change no id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.session import load_session

STYLES = (
    Path(__file__).parent / "fixtures" / "citations" / "styles" / "zotero_csl_styles_slice.json"
)
POST = "juriaanmReviewMinoltaAuto2019"


def _item(issued: object) -> dict:
    return {
        "id": "doe2019",
        "type": "post-weblog",
        "title": "A post about lenses",
        "author": [{"family": "Doe", "given": "Jane"}],
        "container-title": "lenses.example",
        "issued": issued,
    }


@pytest.mark.parametrize(
    ("issued", "year", "month", "day"),
    [
        ({"date-parts": [[2019, 6, 20]]}, 2019, 6, 20),
        ({"date-parts": [["2019", "6", "20"]]}, 2019, 6, 20),
        ({"date-parts": [[2019, 6]]}, 2019, 6, None),
        ({"date-parts": [[2019]]}, 2019, None, None),
        ({"date-parts": [[2019, 13, 2]]}, 2019, None, None),
        ({"date-parts": [[2019, 6, 40]]}, 2019, 6, None),
        ({"date-parts": [[2019, 6, 20], [2019, 7, 1]]}, 2019, 6, 20),
        ({"raw": "2019-06-20"}, 2019, 6, 20),
        ({"raw": "2019-06"}, 2019, 6, None),
        ({"raw": "June 20, 2019"}, 2019, None, None),
        ({"raw": "2019-2020"}, 2019, None, None),
    ],
)
def test_the_month_and_day_of_issued(tmp_path: Path, issued, year, month, day) -> None:
    path = tmp_path / "items.json"
    path.write_text(json.dumps([_item(issued)]), encoding="utf-8")
    (record,) = read_file(path).records
    assert (record.year, record.month, record.day) == (year, month, day)


def test_the_day_changes_no_id(tmp_path: Path) -> None:
    dated, undated = tmp_path / "dated.json", tmp_path / "undated.json"
    dated.write_text(json.dumps([_item({"date-parts": [[2019, 6, 20]]})]), encoding="utf-8")
    undated.write_text(json.dumps([_item({"date-parts": [[2019]]})]), encoding="utf-8")
    assert [p.id for p in load_library([dated]).papers] == [
        p.id for p in load_library([undated]).papers
    ]


def test_the_list_cache_keeps_the_month_and_day(tmp_path: Path) -> None:
    first = load_session([STYLES], data_dir=tmp_path / "data")
    again = load_session([STYLES], data_dir=tmp_path / "data")
    for session in (first, again):
        post = next(p for p in session.library.papers if p.cite_key == POST)
        assert (post.year, post.month, post.day) == (2019, 6, 20)


def test_a_zotero_web_api_items_date_gives_its_day(tmp_path: Path) -> None:
    """Zotero's Web API gives an item's ``date`` as written, ISO 8601 where it can."""
    path = tmp_path / "items.json"
    item = {
        "key": "ABCD1234",
        "version": 3,
        "data": {
            "key": "ABCD1234",
            "itemType": "blogPost",
            "title": "A post about lenses",
            "creators": [{"creatorType": "author", "firstName": "Jane", "lastName": "Doe"}],
            "blogTitle": "lenses.example",
            "date": "2019-06-20",
            "url": "https://lenses.example/post",
        },
    }
    path.write_text(json.dumps([item]), encoding="utf-8")
    (record,) = read_file(path).records
    assert (record.year, record.month, record.day) == (2019, 6, 20)
