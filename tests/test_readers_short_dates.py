"""A spreadsheet writes a date short, its year in two digits ("12/05/23"): such a year
cell gave the paper no year, and then was said to be damaged. The year is the date's
last part, whether the day or the month comes first."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tuireader.ingest.formats.common import year_of
from tuireader.ingest.readers import read_file


def test_a_table_of_short_dates_gives_each_paper_its_year(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\n"
        "A Study of Things,Ann Lee,12/05/23\n"
        "Another Paper,Bob Ray,5.12.98\n"
        "A Third,Cy Dee,2021\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.year for record in result.records] == [2023, 1998, 2021]
    assert result.problems == ()


def test_a_json_record_of_a_short_date_has_its_year(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"title": "A Study", "authors": ["Ann Lee"], "year": "3-7-19"}]))
    result = read_file(path)
    assert [record.year for record in result.records] == [2019]
    assert result.problems == ()


@pytest.mark.parametrize("value", ["12/05/2023x", "12/05", "1/2/3/4", "12/05-23", "123/05/23"])
def test_what_is_no_short_date_gives_no_year_of_it(value: str) -> None:
    assert year_of(value) is None


def test_a_short_year_past_next_year_is_of_the_last_century() -> None:
    next_year = (date.today().year + 1) % 100
    assert year_of(f"1/1/{next_year:02d}") == 2000 + next_year
    if next_year < 99:
        assert year_of(f"1/1/{next_year + 1:02d}") == 1900 + next_year + 1
