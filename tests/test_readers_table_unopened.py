"""A CSV cell whose opening quote is lost (a hand edit, a copy that dropped one
character): its closing quote was taken for a quote left single in the row before, the
two rows were read as one, and the damaged row's paper was lost in the abstract of the
paper before it; or, its cells all there, the cell kept its doubled quotes unsaid."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

HEADER = "title,authors,year,abstract\n"
FIRST = 'Deep nets,Ann Lee,2020,"A study of nets, deep ones."\n'
LAST = 'Wide nets,Cy Dee,2022,"Wide, wider."\n'


def read(tmp_path: Path, row: str) -> ReadResult:
    path = tmp_path / "list.csv"
    path.write_text(HEADER + FIRST + row + LAST, encoding="utf-8")
    return read_file(path)


def test_a_cell_whose_opening_quote_is_lost_keeps_its_row(tmp_path: Path) -> None:
    result = read(tmp_path, 'Push past green,Bob Roe,2023,Autonomous (e.g., inspection) work."\n')
    assert [(r.title, r.year) for r in result.records] == [
        ("Deep nets", 2020),
        ("Push past green", 2023),
        ("Wide nets", 2022),
    ]
    assert result.records[0].abstract == "A study of nets, deep ones."
    assert result.records[1].abstract == "Autonomous (e.g., inspection) work."
    said = (
        "line 3: a quote that closes a cell was never opened; read the cell as a quoted one "
        "(its row's cells are then the header's)"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_a_title_whose_opening_quote_is_lost_loses_its_doubled_quotes(tmp_path: Path) -> None:
    result = read(tmp_path, 'The ""Robust"" nets",Bob Roe,2021,Short.\n')
    assert result.records[1].title == 'The "Robust" nets'
    assert [problem.message.split(":")[0] for problem in result.problems] == ["line 3"]


def test_a_quote_in_a_cell_not_quoted_with_every_cell_is_read_as_written(
    tmp_path: Path,
) -> None:
    result = read(tmp_path, 'A 5" disk,Bob Roe,2021,Short.\n')
    assert result.records[1].title == 'A 5" disk'
    assert result.problems == ()


def test_a_quoted_cell_whose_delimiter_before_it_is_lost_keeps_its_row(tmp_path: Path) -> None:
    # "…,2023"Autonomous, (e.g.) work."": the abstract's closing quote was taken for one
    # left single in the row before, and this row's paper lost in its abstract
    result = read(tmp_path, 'Push past green,Bob Roe,2023"Autonomous (e.g., a, b) work."\n')
    assert [(r.title, r.year) for r in result.records] == [
        ("Deep nets", 2020),
        ("Push past green", 2023),
        ("Wide nets", 2022),
    ]
    assert result.records[1].abstract == "Autonomous (e.g., a, b) work."
    said = (
        "line 3: a quoted cell follows the cell before it with no delimiter between them; "
        "read them as two cells"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_a_row_with_a_quote_at_its_end_is_not_taken_into_the_row_before(
    tmp_path: Path,
) -> None:
    # the quote after "Plain abstract" was taken to close the abstract over lines before
    # it, whose own closing quote was taken for one left single: the last paper was lost
    path = tmp_path / "list.csv"
    path.write_text(
        'title;authors;year;abstract\nDeep nets;Ann Lee;2020;"Sparse.\n\nTwo paragraphs."\n'
        'Another plain one;Ivy Jo;2016;Plain abstract"\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(r.title, r.year) for r in result.records] == [
        ("Deep nets", 2020),
        ("Another plain one", 2016),
    ]
    assert result.records[0].abstract == "Sparse.\n\nTwo paragraphs."
