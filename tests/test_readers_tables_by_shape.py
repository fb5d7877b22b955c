"""A table is read as a table by what it holds, whatever its file's name: Excel's
"Unicode Text" export (UTF-16, a tab between cells) saved as ``.txt``, a ``;`` CSV in
Windows-1252 renamed ``.txt``, a sheet saved with no name ending. Read as a text list,
each was one paper whose abstract was its rows run together, in a list named after its
header row, and no warning said so.

A sheet with its title above the header ("ICML 2024 reading list", a blank row, then the
header) was refused: it "has no 'title' … column in its first row"."""

from __future__ import annotations

import shutil
from pathlib import Path

from tuireader.ingest.readers import read_file

TABLES = Path(__file__).parent / "fixtures" / "tables"

FIRST = "Probabilistic Generating Circuits - Demystified"
SECOND = "In-Context Language Learning: Architectures and Algorithms"


def _copy(name: str, tmp_path: Path, as_name: str) -> Path:
    path = tmp_path / as_name
    shutil.copyfile(TABLES / name, path)
    return path


def test_excels_unicode_text_saved_as_txt_is_read_as_its_table(tmp_path: Path) -> None:
    path = _copy("excel_unicode_text.txt", tmp_path, "excel_utf16.txt")
    result = read_file(path)
    assert result.format == "csv"
    assert result.name == "excel_utf16"  # not "Title Authors Abstract Year DOI URL"
    assert len(result.records) == 4
    first = result.records[0]
    assert first.title == FIRST
    assert first.authors == ("Sanyam Agarwal", "Markus Bläser")
    assert first.abstract.startswith("Zhang et al. (ICML 2021")
    assert first.year == 2024
    assert result.records[1].title == SECOND
    assert result.problems == ()  # "No load warnings", as its .tsv gives


def test_the_same_bytes_under_any_name_give_the_same_papers(tmp_path: Path) -> None:
    read = [
        read_file(_copy("excel_unicode_text.txt", tmp_path, name)).records
        for name in ("excel.txt", "excel.tsv", "excel")
    ]
    assert read[0] == read[1] == read[2]


def test_a_semicolon_csv_in_windows_1252_renamed_txt_is_read_as_its_table(
    tmp_path: Path,
) -> None:
    path = _copy("excel_semicolons.txt", tmp_path, "excel_cp1252.txt")
    result = read_file(path)
    assert result.format == "csv"
    assert [record.title for record in result.records][:2] == [FIRST, SECOND]
    assert result.records[0].authors == ("Sanyam Agarwal", "Markus Bläser")
    assert result.records[1].authors == ("Ekin Akyürek", "Bailin Wang", "Yoon Kim", "Jacob Andreas")


def test_a_comma_csv_saved_as_txt_is_read_as_its_table(tmp_path: Path) -> None:
    path = tmp_path / "sheet.txt"
    path.write_text(
        "Paper Title,Author(s),Abstract\n"
        'Deep Nets,"Ann Lee, Bo Chan","We study nets, deeply."\n'
        "Wide Nets,Cy Dee,We study them widely.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["Deep Nets", "Wide Nets"]
    assert result.records[0].authors == ("Ann Lee", "Bo Chan")
    assert result.records[0].abstract == "We study nets, deeply."


def test_a_text_list_whose_first_line_has_a_comma_stays_a_text_list(tmp_path: Path) -> None:
    # a list's name may read as two column names; its abstracts are no rows of two cells
    path = tmp_path / "list.txt"
    path.write_text(
        "Title, abstract\n\n"
        "We study deep nets, and find them deep. They are.\n\n"
        "We study wide nets. They are wide, and we say why, at length.\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert result.format == "text"
    assert result.name == "Title, abstract"
    assert len(result.records) == 2


def test_a_header_below_a_title_row_is_found_and_said(tmp_path: Path) -> None:
    path = _copy("sheet_title_row.csv", tmp_path, "sheet_banner.csv")
    result = read_file(path)
    assert [record.title for record in result.records][:2] == [FIRST, SECOND]
    assert len(result.records) == 4
    assert result.records[0].authors == ("Sanyam Agarwal", "Markus Bläser")
    assert result.records[0].venue == "ICML"
    said = [problem.message for problem in result.problems]
    assert not [problem for problem in result.problems if problem.severity == "error"]
    assert any(
        "took line 3 as the header row" in message and "ICML 2024 reading list" in message
        for message in said
    ), said


def test_a_title_row_above_a_header_in_a_txt_table_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "reading.txt"
    path.write_text(
        "My reading list\n\nTitle\tAuthors\tYear\nDeep Nets\tAnn Lee; Bo Chan\t2021\n"
        "Wide Nets\tCy Dee\t2022\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["Deep Nets", "Wide Nets"]
    assert result.records[1].year == 2022
    assert any("took line 3 as the header row" in p.message for p in result.problems)


def test_rows_above_that_name_columns_are_no_title_row(tmp_path: Path) -> None:
    # a first row that names a column read is a header, however poor: refused as before
    path = tmp_path / "odd.csv"
    path.write_text("Year,Venue\n2020,ICML\nTitle,Authors\nDeep Nets,Ann Lee\n", encoding="utf-8")
    result = read_file(path)
    assert result.records == ()
    assert "has no 'title' or 'abstract' column in its first row" in result.problems[0].message


SMALL_TABLE = (
    "title,authors,year\n"
    "Sparse Attention at Scale,Ann Lee,2024\n"
    "Wide Nets, Revisited,Bo Chan,2023\n"  # a comma left unquoted: one cell too many
)


def test_a_small_table_with_a_row_off_is_read_as_a_table_whatever_its_name(
    tmp_path: Path,
) -> None:
    # saved as .txt, it was one paper, its rows run together, and nothing said; named
    # .csv, or with ten rows, it was the table it is, with the row said
    read = {}
    for name in ("sheet.txt", "sheet.csv", "sheet"):
        path = tmp_path / name
        path.write_text(SMALL_TABLE, encoding="utf-8")
        read[name] = read_file(path)
    for result in read.values():
        assert result.format == "csv"
        assert [record.title for record in result.records] == [
            "Sparse Attention at Scale",
            "Wide Nets",
        ]
        assert [problem.message for problem in result.problems] == [
            problem.message for problem in read["sheet.csv"].problems
        ]
        assert any("line 3: more cells than the 3 columns" in p.message for p in result.problems)


def test_a_small_table_under_a_header_naming_no_title_column_stays_text(
    tmp_path: Path,
) -> None:
    # a header that plainly names columns is needed for a row off of two
    path = tmp_path / "sheet.txt"
    path.write_text(
        "title,my thoughts\nSparse Attention at Scale,good\nWide Nets, Revisited,fine\n",
        encoding="utf-8",
    )
    assert read_file(path).format == "text"
