"""A CSV cell whose opening quote is never closed, before rows that are whole.

The csv module reads such a cell on to the end of the file: every row after it was lost,
and said as "the last row breaks off (is the file cut short?)", of a file that was not
cut. A cell of one line is read with its quote as text; one whose end cannot be told is
skipped, named by its lines, and the rows after it are read. A table cut short inside a
quoted cell is still said to be cut short.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

HEADER = "title,authors,year,abstract\n"
AFTER = (
    'Second,Bob Roe,2021,Plain.\nThird,Cy Doe,2022,"Over\ntwo lines."\nFourth,Di Poe,2023,Plain.\n'
)


def table(tmp_path: Path, text: str, name: str = "list.csv") -> ReadResult:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def read(result: ReadResult) -> list[tuple[str | None, tuple[str, ...], int | None, str]]:
    return [(r.title, r.authors, r.year, r.abstract) for r in result.records]


def messages(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems]


KEPT = [
    ("Second", ("Bob Roe",), 2021, "Plain."),
    ("Third", ("Cy Doe",), 2022, "Over two lines."),
    ("Fourth", ("Di Poe",), 2023, "Plain."),
]


def test_a_quote_never_closed_in_a_cell_of_one_line_is_read_as_text(tmp_path: Path) -> None:
    result = table(tmp_path, HEADER + 'First,Ann Lee,2020,"A lone quote\n' + AFTER)
    assert read(result) == [("First", ("Ann Lee",), 2020, '"A lone quote'), *KEPT]
    said = (
        "line 2: a quote that starts a cell is never closed; read it as a quote of the text "
        "(the rows after it are whole)"
    )
    assert messages(result) == [said]


def test_a_cell_never_closed_over_lines_is_skipped_and_the_rows_after_it_read(
    tmp_path: Path,
) -> None:
    text = HEADER + 'First,Ann Lee,2020,"An abstract\nover lines, never closed\n' + AFTER
    result = table(tmp_path, text)
    assert read(result) == KEPT
    said = (
        "skipped the row at lines 2-3: a quote that starts a cell is never closed, and where "
        "the cell ends cannot be told (the rows after it are read)"
    )
    assert messages(result) == [said]
    tabs = text.replace(",", "\t").replace("lines\t never", "lines, never")
    assert read(table(tmp_path, tabs, "list.tsv")) == KEPT


def test_a_table_cut_inside_a_quoted_cell_is_still_said_cut_short(tmp_path: Path) -> None:
    result = table(tmp_path, HEADER + AFTER + 'Fifth,Ed Roe,2024,"An abstract\nover lines, cut sh')
    assert read(result) == KEPT
    assert messages(result) == [
        "the last row (line 6) breaks off inside a quoted cell; skipped it (is the file cut short?)"
    ]


def test_a_row_of_one_line_with_a_quote_and_more_cells_is_read_as_before(
    tmp_path: Path,
) -> None:
    # a quote in a cell not quoted, and an unquoted comma: no cell over lines was cut, and
    # the row is read as far as the header goes, as it was
    result = table(tmp_path, HEADER + 'A 5" disk, revisited,Ann Lee,2020,Plain.\n' + AFTER)
    assert read(result)[0][:2] == ('A 5" disk', ("revisited",))
    assert read(result)[1:] == KEPT
    said = (
        "line 2: more cells than the 4 columns of the header (read as far as the header "
        "goes; the cells may be under the wrong columns)"
    )
    assert messages(result) == [said]
