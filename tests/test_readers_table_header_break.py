"""A CSV header row cut by a line break ("title,auth" and "ors,year") named part of the
columns: the rows were read under the wrong ones, the line after the header a paper of
its own, or not one paper was read. The two lines are read as one header where joined
they name the columns the rows have; a header that seems so cut, and that no reading
makes names of columns, is said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

ROWS = "".join(f"Paper {n},Ann Lee,202{n}\n" for n in range(4))


@pytest.mark.parametrize(
    "header",
    [
        "title,auth\nors,year",
        "ti\ntle,authors,year",
        "title,authors,ye\nar",
        "title,authors,\nyear",
        "title\n,authors,year",
        "Title,Authors,Publication\nYear",
    ],
)
def test_a_header_cut_by_a_line_break_is_read_as_one(tmp_path: Path, header: str) -> None:
    path = tmp_path / "list.csv"
    path.write_text(f"{header}\n{ROWS}", encoding="utf-8")
    result = read_file(path)
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        (f"Paper {n}", ("Ann Lee",), 2020 + n) for n in range(4)
    ]
    (said,) = [problem.message for problem in result.problems]
    assert said.startswith("lines 1-2: the header row is cut by a line break; read as one row")


def test_the_rows_after_a_mended_header_keep_their_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(f"title,auth\nors,year\n{ROWS}Fifth,Ed Fay,20x25\n", encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 5
    assert result.problems[-1].message.startswith("line 7: the year (“20x25”)")


def test_a_cut_header_no_reading_names_is_said(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(f"title,xyz\nabc,year\n{ROWS}", encoding="utf-8")
    messages = [problem.message for problem in read_file(path).problems]
    assert messages[0].startswith("lines 1-2: the header row seems cut by a line break")


def test_a_whole_header_before_a_short_row_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(f"title,authors,notes\nsomething\n{ROWS}", encoding="utf-8")
    messages = [problem.message for problem in read_file(path).problems]
    assert not any("header" in message for message in messages)
