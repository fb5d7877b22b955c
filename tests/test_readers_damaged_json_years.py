"""A character typed into a paper's year ("20x23", "2O23", a CSL date's "20x12", a
table's year cell) lost the year without a word. Such a year is read where one reading
of it (a character dropped, a letter read as the digit it looks like) gives one, else
the paper is left without one; either is said, by item or line."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file


def _years(path: Path) -> list[int | None]:
    return [record.year for record in read_file(path).records]


def _messages(path: Path) -> list[str]:
    return [problem.message for problem in read_file(path).problems]


def _papers(years: list[object]) -> list[dict[str, object]]:
    return [
        {"title": f"Paper {n}", "authors": ["Ann Lee"], "year": year}
        for n, year in enumerate(years)
    ]


def test_a_character_typed_into_a_year_is_dropped_and_said(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(_papers([2021, "20x23", "2O22", 2020]), indent=2))
    assert _years(path) == [2021, 2023, 2022, 2020]
    assert _messages(path) == [
        (
            "items 2, 3: the years (“20x23”, “2O22”) hold a character no year has; read as "
            "2023, 2022, check the file there"
        )
    ]


def test_a_year_no_one_reading_gives_is_said_unread(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(_papers([2021, 20233, "2022"]), indent=2))
    assert _years(path) == [2021, None, 2022]
    assert _messages(path) == [
        (
            "item 2: the year (“20233”) could not be read (a character typed into it, or one "
            "lost?); the paper has no year, check the file there"
        )
    ]


def test_a_damaged_date_gives_its_year(tmp_path: Path) -> None:
    items = [{"title": f"Paper {n}", "date": "2023-04-12"} for n in range(3)]
    items[1]["date"] = "202x3-04-12"
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items, indent=2))
    assert _years(path) == [2023, 2023, 2023]
    (message,) = _messages(path)
    assert message.startswith("item 2: the year (“202x3-04-12”) holds a character")


def test_a_damaged_csl_date_gives_its_year(tmp_path: Path) -> None:
    items = [
        {
            "id": f"lee{n}",
            "type": "article-journal",
            "title": f"Paper {n}",
            "issued": {"date-parts": [[2012, 6]]},
        }
        for n in range(3)
    ]
    items[2]["issued"] = {"date-parts": [["20x12", 6]]}
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items, indent=2))
    assert _years(path) == [2012, 2012, 2012]
    (message,) = _messages(path)
    assert message.startswith("item 3: the year (“20x12”) holds a character")


def test_a_damaged_year_of_a_json_lines_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(json.dumps(item) for item in _papers([2021, "20x23", 2020])))
    assert _years(path) == [2021, 2023, 2020]
    (message,) = _messages(path)
    assert message.startswith("line 2: the year (“20x23”) holds a character")


def test_a_damaged_year_of_a_table_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\nPaper 0,Ann Lee,2021\nPaper 1,Ann Lee,20x23\n"
        "Paper 2,Ann Lee,20233\nPaper 3,Ann Lee,2020\n"
    )
    assert _years(path) == [2021, 2023, None, 2020]
    assert _messages(path) == [
        (
            "line 3: the year (“20x23”) holds a character no year has; read as 2023, check "
            "the file there"
        ),
        (
            "line 4: the year (“20233”) could not be read (a character typed into it, or one "
            "lost?); the paper has no year, check the file there"
        ),
    ]


def test_a_year_field_without_a_digit_is_no_damage(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(_papers([2021, "in press", "", 2020]), indent=2))
    assert _years(path) == [2021, None, None, 2020]
    assert _messages(path) == []


def test_a_year_unread_given_the_lists_is_said_so(tmp_path: Path) -> None:
    items = [
        {"title": f"Paper {n}", "status": "Poster", "year": 20233 if n == 1 else 2023}
        for n in range(3)
    ]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items, indent=2))
    assert _years(path) == [2023, 2023, 2023]
    assert _messages(path) == [
        (
            "item 2: the year (“20233”) could not be read (a character typed into it, or one "
            "lost?); given the year the list's other papers have (2023), check the file there"
        )
    ]


def test_a_time_in_a_date_field_is_no_damaged_year(tmp_path: Path) -> None:
    items = [{"title": f"Paper {n}", "date": 1690000000000} for n in range(2)]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items, indent=2))
    assert _years(path) == [None, None]
    assert _messages(path) == []
