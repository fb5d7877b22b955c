"""A quote put into a column's name in a CSV header ('au"thors'): the column was read
for nothing, every paper without its authors, and nothing was said."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file


def test_a_column_name_with_a_quote_in_it_is_read_and_said(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        'title,au"thors,year\nDeep nets,Ann Lee,2020\nWide nets,Bob Roe,2021\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.authors for record in result.records] == [("Ann Lee",), ("Bob Roe",)]
    assert [problem.message for problem in result.problems] == [
        "the header's column 'au\"thors' holds a quote; read it as 'authors'"
    ]


def test_a_column_name_cut_in_two_by_a_delimiter_is_read_as_one(tmp_path: Path) -> None:
    # "abstr,act": the rows, a cell short of the header's, lost every abstract, unsaid
    path = tmp_path / "list.csv"
    path.write_text(
        "title,authors,year,abstr,act\nDeep nets,Ann Lee,2020,Deep.\n"
        "Wide nets,Bob Roe,2021,Wide.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.abstract for record in result.records] == ["Deep.", "Wide."]
    said = (
        "the header's column 'abstract' is cut in two by a delimiter put into its name; "
        "read it as one"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_a_quote_opening_a_header_cell_and_never_closed_is_left_out(tmp_path: Path) -> None:
    """It made one cell of the header's rest and every row after it: not one paper."""
    for header in ('title,"authors,year', '"title,authors,year', 'title,authors,year"'):
        path = tmp_path / "list.csv"
        path.write_text(
            f"{header}\nPaper One,Alice Smith,2023\nPaper Two,Bob Jones,2022\n",
            encoding="utf-8",
        )
        result = read_file(path)
        assert [(r.title, r.authors, r.year) for r in result.records] == [
            ("Paper One", ("Alice Smith",), 2023),
            ("Paper Two", ("Bob Jones",), 2022),
        ], header
        assert any("quote left single" in p.message for p in result.problems) or header.endswith(
            '"'
        )
