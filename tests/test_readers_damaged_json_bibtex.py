"""A paper list's record holds its BibTeX entry as a string ("bibtex"), which gives the
venue, the year and the editors. A brace or bracket amiss in it lost them, or some of
them, without a word: the record is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

BIBTEX = (
    "@inproceedings{NIPS2017_4e732ced,\n author = {Daskalakis, Constantinos},\n"
    " booktitle = {Advances in Neural Information Processing Systems},\n"
    " editor = {I. Guyon and U. Von Luxburg},\n pages = {},\n"
    " publisher = {Curran Associates, Inc.},\n title = {Square Hellinger Subadditivity},\n"
    " volume = {30},\n year = {2017}\n}\n"
)


def _items() -> list[dict[str, str]]:
    return [
        {
            "title": f"Square Hellinger Subadditivity {n}",
            "status": "Poster",
            "track": "main",
            "site": "https://papers.nips.cc/paper_files/paper/2017/hash/x-Abstract.html",
            "abstract": "We study.",
            "bibtex": BIBTEX,
        }
        for n in range(3)
    ]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("@inproceedings{", "@inp[roceedings{"),  # no entry read from it
        (" pages = {},", " pages = }},"),  # the fields after the brace lost
    ],
)
def test_a_damaged_bibtex_string_is_said(tmp_path: Path, old: str, new: str) -> None:
    items = _items()
    items[1]["bibtex"] = BIBTEX.replace(old, new)
    path = tmp_path / "nips2017.json"
    path.write_text(json.dumps(items, indent=4), encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 3
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "item 2 has a bibtex field that is damaged BibTeX (a brace or bracket amiss?): "
        "what it gives (venue, year, editors) may be missing or partly read, check the "
        "file there"
    )


def test_whole_bibtex_strings_say_nothing(tmp_path: Path) -> None:
    path = tmp_path / "nips2017.json"
    path.write_text(json.dumps(_items(), indent=4), encoding="utf-8")
    result = read_file(path)
    assert [record.year for record in result.records] == [2017] * 3  # from the string
    assert result.problems == ()
