"""CSV rows with a quote left single inside a quoted cell, as a hand-edited file has them.

Spreadsheets write ``"RVT: Robotic ""View"" Transformer"``; a file edited by hand forgets
to double the quotes. Such a row is read as the spreadsheet's would be where that can be
told for sure, and otherwise named and skipped; a row with more cells than the header is
always named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import ReadResult, read_file

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "stray_quotes.csv"


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def doubled(text: str) -> str:
    """``text`` as a spreadsheet writes it: each quote inside a quoted cell doubled."""
    return (
        text.replace('"View"', '""View""')
        .replace('"Robust"', '""Robust""')
        .replace('"quoted"', '""quoted""')
    )


def test_a_quote_left_single_in_a_quoted_cell_is_read_as_a_quote(tmp_path: Path) -> None:
    # the title was cut at "View", the authors were "for 3D Object Manipulation"", the
    # year lost, and the paper's id (and so its mark) was no longer the paper's
    spreadsheet = tmp_path / "spreadsheet.csv"
    spreadsheet.write_text(doubled(FIXTURE.read_text(encoding="utf-8")), encoding="utf-8")
    expected = read_file(spreadsheet)
    assert not expected.problems
    result = read_file(FIXTURE)
    assert result.records == expected.records
    rvt, robust, plain = result.records
    assert (rvt.title, rvt.authors, rvt.year) == (
        'RVT: Robotic "View" Transformer, for 3D Object Manipulation',
        ("Ankit Goyal", "Jie Xu", "Yu-Wei Chao"),
        2023,
    )
    assert robust.title == 'The "Robust" Q-Transformer for Value Functions'
    assert robust.abstract.endswith('with a "quoted" word.')
    assert plain.abstract == 'Nothing to mend, "doubled" as it should be.'
    (tmp_path / "edited").mkdir()
    edited = tmp_path / "edited" / "spreadsheet.csv"
    edited.write_bytes(FIXTURE.read_bytes())
    assert [paper.id for paper in load_library([edited])] == [
        paper.id for paper in load_library([spreadsheet])
    ]
    (said,) = warnings(result)
    assert said == (
        "lines 2, 3: a quote inside a quoted cell is not doubled, as a spreadsheet writes "
        "it; read it as a quote of the text"
    )


def test_a_row_whose_cells_cannot_be_told_apart_is_named_and_skipped(tmp_path: Path) -> None:
    # the quote after "b" may end the title or be one of its own; the cell opened before
    # "Never" may run on into the next line, or end at "closed": neither row is guessed
    path = tmp_path / "papers.csv"
    path.write_text(
        "title,authors,year,abstract\n"
        '"A "b", c",Ann Lee,2020,"First."\n'
        '"Kept",Bob Roe,2021,"Second."\n'
        '"Never "closed, ever,Cy Doe,2022,Third.\n'
        '"Also kept",Dee Poe,2023,"Fourth."\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["Kept", "Also kept"]
    assert [record.year for record in result.records] == [2021, 2023]
    (said,) = warnings(result)
    assert said == (
        "skipped the rows at lines 2, 4: a quote inside a quoted cell is not doubled, and "
        "where the cells end cannot be told (double each quote inside a cell)"
    )


def test_a_row_with_more_cells_than_the_header_is_named(tmp_path: Path) -> None:
    # an unquoted comma in a title shifts every cell after it, silently until now
    path = tmp_path / "papers.csv"
    path.write_text(
        "title,authors,year\n"
        "Transformers, revisited,Ann Lee,2020\n"
        "Whole,Bob Roe,2021\n"
        "Trailing empty cells,Cy Doe,2022,,\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Transformers",
        "Whole",
        "Trailing empty cells",
    ]
    (said,) = warnings(result)
    assert said == (
        "line 2: more cells than the 3 columns of the header (read as far as the header "
        "goes; the cells may be under the wrong columns)"
    )


@pytest.mark.parametrize(
    ("name", "delimiter", "end"),
    [("crlf.csv", ",", "\r\n"), ("semicolons.csv", ";", "\n"), ("tabs.tsv", "\t", "\n")],
)
def test_quotes_left_single_are_mended_with_any_delimiter_and_line_end(
    tmp_path: Path, name: str, delimiter: str, end: str
) -> None:
    rows = [
        ["title", "authors", "year"],
        ['"The "Robust" Q-Transformer"', "Ann Lee", "2024"],
        ['"A "b"' + delimiter + ' c"', "Bob Roe", "2020"],
        ["Plain", "Cy Doe", "2021"],
    ]
    path = tmp_path / name
    path.write_bytes(end.join(delimiter.join(row) for row in rows).encode() + end.encode())
    result = read_file(path)
    assert [(record.title, record.authors, record.year) for record in result.records] == [
        ('The "Robust" Q-Transformer', ("Ann Lee",), 2024),
        ("Plain", ("Cy Doe",), 2021),
    ]
    assert [said.split(":")[0] for said in warnings(result)] == [
        "line 2",
        "skipped the row at line 3",
    ]


def test_a_cell_that_only_starts_with_a_quoted_word_keeps_its_row(tmp_path: Path) -> None:
    # the quote after "Attention" is followed by more of the cell: taken for one left
    # single, the cell ran on to the end of the file and the row was skipped
    path = tmp_path / "papers.csv"
    path.write_text(
        "title,authors,year\n"
        '"Attention" Is All You Need,"Vaswani, Ashish",2017\n'
        "Plain,Bob Roe,2021\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(record.title, record.authors, record.year) for record in result.records] == [
        ('"Attention" Is All You Need', ("Ashish Vaswani",), 2017),
        ("Plain", ("Bob Roe",), 2021),
    ]
    assert [said.split(":")[0] for said in warnings(result)] == ["line 2"]
