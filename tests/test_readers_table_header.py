"""A CSV or TSV list whose header row comes after blank lines (a file saved with an empty
first line): its papers were all lost to "has no 'title' or 'abstract' column in its first
row (columns found: none)"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "list.csv",
            '\ntitle,authors,year\nDeep nets,Ann Lee,2020\n"Wide, deep nets",Bob Roe,2021\n',
        ),
        (
            "list.csv",
            "\r\n \r\ntitle;authors;year\r\nDeep nets;Ann Lee;2020\r\nWide, deep nets;Bob Roe;2021\r\n",
        ),
        (
            "list.tsv",
            "\n\ntitle\tauthors\tyear\nDeep nets\tAnn Lee\t2020\nWide, deep nets\tBob Roe\t2021\n",
        ),
    ],
)
def test_blank_lines_before_the_header_row_are_skipped(
    tmp_path: Path, name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode())
    result = read_file(path)
    assert [(r.title, r.authors, r.year) for r in result.records] == [
        ("Deep nets", ("Ann Lee",), 2020),
        ("Wide, deep nets", ("Bob Roe",), 2021),
    ]
    assert result.problems == ()


def test_a_quote_left_single_after_blank_lines_and_the_header_is_named_by_its_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        '\n\ntitle,authors,year\n"The "Robust" nets",Ann Lee,2020\nPlain,Bob Roe,2021\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.year) for r in result.records] == [
        ('The "Robust" nets', 2020),
        ("Plain", 2021),
    ]
    assert [problem.message.split(":")[0] for problem in result.problems] == ["line 4"]
