"""A list of titles, one a line, saved as CSV without a header: its first title was
taken for a header of two columns, neither named as a field, and not one paper was read
("has no 'title' or 'abstract' column"). Lines of running text whose commas are the
titles' are read as titles; a table without a header stays what it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

TITLES = [
    "Deep nets, revisited",
    "Attention, please: a study of focus",
    "Simple title",
    'Graphs, trees, and "forests"',
]


@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_titles_one_a_line_are_read_whole_and_said(tmp_path: Path, line_break: str) -> None:
    path = tmp_path / "reading.csv"
    path.write_bytes(line_break.join(TITLES).encode() + line_break.encode())
    result = read_file(path)
    assert [record.title for record in result.records] == TITLES
    assert [problem.severity for problem in result.problems] == ["warning"]
    assert "its lines are titles" in result.problems[0].message


def test_a_quoted_title_is_read_without_its_quotes(tmp_path: Path) -> None:
    path = tmp_path / "reading.csv"
    path.write_text('Deep nets, revisited\n"Wide nets, again"\nPlain\n', encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep nets, revisited",
        "Wide nets, again",
        "Plain",
    ]


@pytest.mark.parametrize(
    "text",
    [
        # a table without a header: as many cells a row, cells that are data
        "Deep nets,Ann Lee,2020\nWide nets,Bob Roe,2021\n",
        "Deep nets, Ann Lee, 2020\nWide nets, Bob Roe\n",
        "Ann Lee, MIT\nBob Roe, CMU\n",
        "Deep nets, https://example.org/a\nWide nets\n",
    ],
)
def test_a_table_without_a_header_is_not_read_as_titles(tmp_path: Path, text: str) -> None:
    path = tmp_path / "table.csv"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert result.records == ()
    assert "has no 'title' or 'abstract' column" in result.problems[0].message


def test_a_title_that_starts_with_a_quoted_word_keeps_its_quotes(tmp_path: Path) -> None:
    path = tmp_path / "reading.csv"
    path.write_text('"Attention" is all, you need\nDeep nets, revisited\nPlain\n', encoding="utf-8")
    result = read_file(path)
    assert result.records[0].title == '"Attention" is all, you need'


@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_titles_with_no_comma_at_all_are_read_one_a_line(tmp_path: Path, line_break: str) -> None:
    """The first title was taken for a header naming one column, "Attention Is All You
    Need", and the list was refused; a column of numbers or DOIs stays no list."""
    titles = ["Attention Is All You Need", "Deep Residual Learning for Image Recognition"]
    path = tmp_path / "reading.csv"
    path.write_bytes(line_break.join(titles).encode() + line_break.encode())
    result = read_file(path)
    assert [record.title for record in result.records] == titles
    assert "its lines are titles" in result.problems[0].message
    for text in ("2020\n2021\n", "doi\n10.1/abc\n10.2/def\n"):
        path.write_text(text, encoding="utf-8")
        assert read_file(path).records == ()
