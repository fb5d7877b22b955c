"""A CSV row with one empty cell more than the others (a delimiter put in at its start,
",Plain title,Di Eh,2022,"): its cells moved one column on, the title under none and
the year read as the abstract, and nothing was said, as the cell past the header's was
empty. Empty cells at a row's end (a spreadsheet's trailing delimiter) move no cell,
and are not named."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

ROWS = [
    "Deep nets,Ann Lee,2020,A study.",
    "Wide nets,Bob Roe,2021,Wider.",
    "Plain title,Di Eh,2022,",
    "Sparse nets,Cy Dee,2023,Sparse.",
]


def test_a_row_with_an_empty_cell_more_is_named(tmp_path: Path) -> None:
    rows = list(ROWS)
    rows[2] = "," + rows[2]
    path = tmp_path / "list.csv"
    path.write_text("title,authors,year,abstract\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 4
    said = (
        "line 4: more cells than the 4 columns of the header (read as far as the header "
        "goes; the cells may be under the wrong columns)"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_rows_that_all_end_in_an_empty_cell_are_not_named(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    rows = [row + "," if n % 2 else row for n, row in enumerate(ROWS)]
    path.write_text("title,authors,year,abstract\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep nets",
        "Wide nets",
        "Plain title",
        "Sparse nets",
    ]
    assert result.problems == ()


def test_a_delimiter_in_a_cell_before_an_empty_last_one_is_said(tmp_path: Path) -> None:
    # "Inference, revisited" unquoted: the authors under the title's column, the year
    # under the authors', the empty DOI past the header's, without a word
    path = tmp_path / "list.csv"
    path.write_text(
        "Title,Authors,Year,DOI\nDeep nets,Lee,2015,10.1/x\nInference, revisited,Arroyo,2019,\n"
        "Whole,Roe,2021,\nOther,Doe,2022,10.1/y\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert len(result.records) == 4
    assert [problem.message for problem in result.problems] == [
        (
            "line 3: more cells than the 4 columns of the header (read as far as the header "
            "goes; the cells may be under the wrong columns)"
        )
    ]
