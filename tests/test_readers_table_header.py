"""The shape of a CSV or TSV list's rows. A header row after blank lines (a file saved with
an empty first line): its papers were all lost to "has no 'title' or 'abstract' column in
its first row (columns found: none)". A row short of cells where the others have them
all (a line break in a cell not quoted) made a paper of a title's first part, unsaid."""

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


@pytest.mark.parametrize("line_break", ["\n", "\r"])
def test_a_line_break_in_a_cell_not_quoted_is_mended_and_said(
    tmp_path: Path, line_break: str
) -> None:
    # the title's first part was a paper of its own, with no authors
    path = tmp_path / "list.csv"
    path.write_text(
        f"title,authors,year\nA title that was{line_break}wrapped by hand,Ann Lee,2020\n"
        "Plain,Bob Roe,2021\nOther,Cy Doe,2022\n",
        encoding="utf-8",
        newline="",
    )
    result = read_file(path)
    assert [(record.title, record.authors) for record in result.records] == [
        ("A title that was wrapped by hand", ("Ann Lee",)),
        ("Plain", ("Bob Roe",)),
        ("Other", ("Cy Doe",)),
    ]
    said = (
        "lines 2-3: a line break in a cell not quoted made rows of one, each line read as a "
        "paper; read as one row (a cell that holds a line break must be quoted)"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_a_table_whose_rows_are_short_all_through_is_read_without_a_word(
    tmp_path: Path,
) -> None:
    path = tmp_path / "list.csv"
    rows = "".join(
        f"Paper {n},Ann Lee\n" if n % 2 else f"Paper {n},Ann Lee,2020\n" for n in range(10)
    )
    path.write_text("title,authors,year\n" + rows, encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 10
    assert result.problems == ()


def test_a_list_of_titles_alone_keeps_a_title_whole_at_its_comma(tmp_path: Path) -> None:
    # "more cells than the header's one column (read its first part alone …)": the
    # header names one column, and a comma in running text is the title's
    path = tmp_path / "titles.csv"
    path.write_text(
        'title\nDeep nets, revisited\nAttention is all you need\n"Quoted, whole"\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep nets, revisited",
        "Attention is all you need",
        "Quoted, whole",
    ]
    assert result.problems == ()


def test_a_one_column_table_with_data_after_a_comma_is_cut_and_said(tmp_path: Path) -> None:
    # "Deep nets,2020" is a row of two cells under a header that names one
    path = tmp_path / "titles.csv"
    path.write_text("title\nDeep nets,2020\nAttention is all you need\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep nets",
        "Attention is all you need",
    ]
    said = (
        "line 2: more cells than the header's one column (read its first part alone; a "
        "cell that holds the delimiter must be quoted)"
    )
    assert [problem.message for problem in result.problems] == [said]
