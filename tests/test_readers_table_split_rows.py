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
        "lines 3-4: a line break in a cell not quoted made rows of one, each line read as a "
        "paper; read as one row (a cell that holds a line break must be quoted)"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_the_rows_after_a_joined_row_keep_their_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(ROWS.format(br="\n") + "2024,Fifth,Ed Fay,extra\n", encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 5
    assert result.problems[-1].message.startswith("line 7: more cells than")


def test_a_titles_first_part_alone_on_its_line_is_joined_to_its_row(tmp_path: Path) -> None:
    # "A title broken" stands alone: the row after it has every cell, and was a paper of
    # the title's rest, the first part a paper of its own with neither authors nor year
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\nDeep nets,Ann Lee,2020\nA title broken\n"
        "over two lines,Bob Ray,2021\nThird,Cy Dee,2022\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        ("Deep nets", ("Ann Lee",), 2020),
        ("A title broken over two lines", ("Bob Ray",), 2021),
        ("Third", ("Cy Dee",), 2022),
    ]
    (said,) = [problem.message for problem in result.problems]
    assert said.startswith("lines 3-4: a line break in a cell not quoted made rows of one")


def test_a_title_cut_over_three_lines_is_one_row(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\nDeep nets,Ann Lee,2020\nA title\nbroken over\n"
        "three lines,Bob Ray,2021\nThird,Cy Dee,2022\nFourth,Di Eh,2023\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [r.title for r in result.records] == [
        "Deep nets",
        "A title broken over three lines",
        "Third",
        "Fourth",
    ]
    (said,) = [problem.message for problem in result.problems]
    assert said.startswith("lines 3-5: a line break in a cell not quoted")


def test_a_lone_line_among_other_short_rows_is_not_joined(tmp_path: Path) -> None:
    # a table with a row short of its last cell besides: a title alone may be a row
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year\nDeep nets,Ann Lee\nA title alone\nNext paper,Bob Ray,2021\n"
        "Third,Cy Dee,2022\nFourth,Di Eh,2023\nFifth,Ed Fay,2024\n",
        encoding="utf-8",
    )
    titles = [record.title for record in read_file(path).records]
    assert titles == ["Deep nets", "A title alone", "Next paper", "Third", "Fourth", "Fifth"]


def test_a_lone_line_after_a_row_ending_in_text_is_not_joined_to_the_next(
    tmp_path: Path,
) -> None:
    # "over two lines" is the rest of the title before it, no first part of "Paper 2"
    path = tmp_path / "list.csv"
    path.write_text(
        "authors,year,title\nAnn Lee,2020,Deep nets\nBob Ray,2021,A title broken\n"
        "over two lines\nCy Dee,2022,Third\nDi Eh,2023,Fourth\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.authors) for r in result.records] == [
        ("Deep nets", ("Ann Lee",)),
        ("A title broken", ("Bob Ray",)),
        ("Third", ("Cy Dee",)),
        ("Fourth", ("Di Eh",)),
    ]
    assert result.problems


def test_a_table_written_short_all_through_is_not_joined(tmp_path: Path) -> None:
    # rows short of their empty last cells, two of them one after the other: papers each
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year,venue\nA,Ann Lee\nB,Bob Roe,2021\nC,Cy Dee\nD,Di Eh\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["A", "B", "C", "D"]
