"""A CSV row that a line break in a cell not quoted made two of ("2021,A title broken"
and "over two lines,Bob Ray"): each half was a paper of its own, the title's first part
with no authors and its rest with no year, and only the first was named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

ROWS = (
    "year,title,authors\n2020,Deep nets,Ann Lee\n2021,A title broken{br}over two lines,Bob Ray\n"
    "2022,Third paper,Cy Dee\n2023,Fourth,Di Eh\n"
)


@pytest.mark.parametrize("line_break", ["\n", "\r\n", "\r"])
def test_a_row_broken_in_two_is_read_as_one_and_said(tmp_path: Path, line_break: str) -> None:
    path = tmp_path / "list.csv"
    text = ROWS.format(br="\n").replace("\n", line_break)
    path.write_bytes(text.encode())
    result = read_file(path)
    assert [(r.year, r.title, r.authors) for r in result.records] == [
        (2020, "Deep nets", ("Ann Lee",)),
        (2021, "A title broken over two lines", ("Bob Ray",)),
        (2022, "Third paper", ("Cy Dee",)),
        (2023, "Fourth", ("Di Eh",)),
    ]
    said = (
        "lines 3-4: a line break in a cell not quoted made two rows of one, each short of "
        "cells; read as one row (a cell that holds a line break must be quoted)"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_the_rows_after_a_joined_row_keep_their_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(ROWS.format(br="\n") + "2024,Fifth,Ed Fay,extra\n", encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 5
    assert result.problems[-1].message.startswith("line 7: more cells than")


def test_a_next_line_that_is_a_row_of_its_own_is_not_joined(tmp_path: Path) -> None:
    # "over two lines,Bob Ray,2021" has every cell: the line before is the short one
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\nDeep nets,Ann Lee,2020\nA title broken\n"
        "over two lines,Bob Ray,2021\nThird,Cy Dee,2022\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep nets",
        "A title broken",
        "over two lines",
        "Third",
    ]
    assert result.problems[0].message.startswith("line 3: fewer cells than the 3 columns")


def test_a_table_written_short_all_through_is_not_joined(tmp_path: Path) -> None:
    # rows short of their empty last cells, two of them one after the other: papers each
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year,venue\nA,Ann Lee\nB,Bob Roe,2021\nC,Cy Dee\nD,Di Eh\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["A", "B", "C", "D"]
