"""CSV abstracts over several lines with a quote left single inside them, as a
hand-edited file has them.

The lines of such a cell after a quote that ended it too early were read as rows of
their own (papers that never were, an abstract cut short), while the warning said the
row was mended. The row is read as a spreadsheet would have written it where that can
be told for sure, and is otherwise skipped whole, named by its lines; every other row
is read as it was. The table is six CoRL 2023 papers (Paper Copilot's list), three with
abstracts over several lines, one of them with a blank line between its paragraphs.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file

FIXTURE = Path(__file__).parent / "fixtures" / "tables" / "corl2023_abstracts.csv"
MARK = "\u2063"  # where the quote goes, until the table is written


def rows(columns: tuple[str, ...] = ("title", "authors", "year", "abstract")) -> list[list[str]]:
    """The fixture's rows (header first), in the order of ``columns``."""
    table = list(csv.reader(io.StringIO(FIXTURE.read_text(encoding="utf-8"), newline="")))
    at = [table[0].index(column) for column in columns]
    return [[row[index] for index in at] for row in table]


def written(table: list[list[str]], path: Path, *, by_hand: bool) -> ReadResult:
    """``table`` written as a spreadsheet writes it (each quote in a cell doubled), or
    ``by_hand``, with the quote at ``MARK`` left single."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(
        [[cell.replace(MARK, MARK if by_hand else '"') for cell in row] for row in table]
    )
    path.write_text(out.getvalue().replace(MARK, '"'), encoding="utf-8")
    return read_file(path)


def damaged(table: list[list[str]], title: str, column: int, change: str) -> list[list[str]]:
    """``table`` with the abstract of the paper ``title`` changed as ``change`` says."""
    out = [list(row) for row in table]
    row = next(row for row in out if row[0] == title)
    text = row[column]
    first, rest = text.split("\n", 1)
    row[column] = {
        "at a line's end": f"{first}{MARK}\n{rest}",
        "before a word": text.replace(" ", f" {MARK}", 1),
        "at a continued line's start": f"{first}\n{MARK}{rest}",
        "after a full stop": text.replace(". ", f".{MARK} ", 1),
        "before a comma on its last line": f"{text[: text.rindex(',')]}{MARK}{text[text.rindex(',') :]}",
        "before a comma on its first line": text.replace(",", f"{MARK},", 1),
    }[change]
    return out


def messages(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems]


STABILIZE = "Stabilize to Act: Learning to Coordinate for Bimanual Manipulation"  # lines 3-5
HOMEROBOT = "HomeRobot: Open-Vocabulary Mobile Manipulation"  # lines 9-11, line 10 blank
MENDED = (
    "line {}: a quote inside a quoted cell is not doubled, as a spreadsheet writes it; "
    "read it as a quote of the text"
)


@pytest.mark.parametrize(
    "change",
    ["at a line's end", "before a word", "at a continued line's start", "after a full stop"],
)
@pytest.mark.parametrize(("title", "line"), [(STABILIZE, 3), (HOMEROBOT, 9)])
def test_a_quote_left_single_in_an_abstract_over_lines_is_mended_whole(
    tmp_path: Path, change: str, title: str, line: int
) -> None:
    # at a line's end, the quote ended the abstract there and its other lines were
    # papers, without a word; before a word, the row was skipped and its other lines
    # were papers; over the blank line, the row was said mended and its second
    # paragraph was a paper
    table = damaged(rows(), title, 3, change)
    expected = written(table, tmp_path / "spreadsheet.csv", by_hand=False)
    assert not expected.problems
    result = written(table, tmp_path / "edited.csv", by_hand=True)
    assert result.records == expected.records
    assert len(result.records) == 6
    paper = next(record for record in result.records if record.title == title)
    assert '"' in paper.abstract
    assert messages(result) == [MENDED.format(line)]


@pytest.mark.parametrize(
    ("columns", "title", "change", "lines"),
    [
        # the quote may end the abstract before the comma: the cells after it were
        # read as more cells than the header has, and the abstract's last line as a
        # paper whose authors were its words
        (
            ("title", "authors", "year", "abstract"),
            STABILIZE,
            "before a comma on its last line",
            "3-5",
        ),
        (
            ("title", "authors", "year", "abstract"),
            STABILIZE,
            "before a comma on its first line",
            "3-5",
        ),
        # the abstract before the authors: the row read with the abstract's words for
        # authors, and its last line as a paper of its own
        (
            ("title", "abstract", "authors", "year"),
            STABILIZE,
            "before a comma on its first line",
            "3-5",
        ),
        (
            ("title", "abstract", "authors", "year"),
            HOMEROBOT,
            "before a comma on its first line",
            "9-11",
        ),
    ],
)
def test_a_row_whose_abstract_cannot_be_told_is_skipped_whole_and_named(
    tmp_path: Path, columns: tuple[str, ...], title: str, change: str, lines: str
) -> None:
    table = rows(columns)
    clean = written(table, tmp_path / "clean.csv", by_hand=False)
    column = columns.index("abstract")
    result = written(damaged(table, title, column, change), tmp_path / "edited.csv", by_hand=True)
    assert result.records == tuple(record for record in clean.records if record.title != title)
    said = (
        f"skipped the row at lines {lines}: a quote inside a quoted cell is not doubled, and "
        "where the cells end cannot be told (double each quote inside a cell)"
    )
    assert messages(result) == [said]


def test_a_quote_in_a_cell_that_is_not_quoted_is_still_read_as_written(tmp_path: Path) -> None:
    # no spreadsheet writes it, but with the row's cells all there it is no sign of a
    # cell ended too early: the row is read as it stands, and nothing is said
    path = tmp_path / "edited.csv"
    path.write_text(
        "title,authors,year,abstract\n"
        'A 5" disk drive,Ann Lee,2023,"An abstract\nover two lines."\n'
        "Plain,Bob Roe,2021,Short.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(record.title, record.year) for record in result.records] == [
        ('A 5" disk drive', 2023),
        ("Plain", 2021),
    ]
    assert result.records[0].abstract == "An abstract over two lines."
    assert messages(result) == []


@pytest.mark.parametrize("change", ["at a line's end", "before a word"])
def test_a_table_whose_rows_lack_their_last_cells_is_mended_too(
    tmp_path: Path, change: str
) -> None:
    # a table written by hand, its papers without an abstract short of that cell: the
    # lines of the abstract cut short were papers, as in a table of even rows before
    table = damaged(rows(), STABILIZE, 3, change)
    table = [row if row[3].strip() and "\n" in row[3] else row[:3] for row in table]
    table[0] = ["title", "authors", "year", "abstract"]
    expected = written(table, tmp_path / "spreadsheet.csv", by_hand=False)
    result = written(table, tmp_path / "edited.csv", by_hand=True)
    assert [len(row) for row in table[1:]] == [3, 4, 3, 4, 4, 3]
    assert result.records == expected.records
    assert messages(result) == [MENDED.format(3)]


def test_a_quote_after_a_cells_closing_quote_takes_in_no_other_paper(tmp_path: Path) -> None:
    # `suite."",Jennifer Grannen`: the two quotes read as one of the text, the abstract
    # ran on into the next paper's row, and the row was said mended while that paper
    # (XSkill, line 6) was lost
    table = rows(("title", "abstract", "authors", "year"))
    clean = written(table, tmp_path / "clean.csv", by_hand=False)
    path = tmp_path / "edited.csv"
    text = (tmp_path / "clean.csv").read_text(encoding="utf-8")
    at = text.index('",Jennifer Grannen')
    path.write_text(text[:at] + '"' + text[at:], encoding="utf-8")
    result = read_file(path)
    assert result.records == tuple(record for record in clean.records if record.title != STABILIZE)
    said = (
        "skipped the row at lines 3-5: a quote that starts a cell is never closed, and where "
        "the cell ends cannot be told (the rows after it are read)"
    )
    assert messages(result) == [said]
