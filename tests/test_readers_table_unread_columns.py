"""A spreadsheet's columns that are not read (a user's notes, "Read?", a rating) are
named in one line, not dropped without a word; a reference database's export, whose
dozens of columns of its own are read as far as they give a paper, and tuireader's own
export say nothing of theirs, as before."""

from __future__ import annotations

from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.readers import read_file


def _sheet(tmp_path: Path, text: str, name: str = "reading.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _said(path: Path) -> list[str]:
    result = read_file(path)
    assert result.records
    return [problem.message for problem in result.problems]


def test_the_columns_not_read_are_named_in_one_line(tmp_path) -> None:
    # an Excel sheet saved with semicolons, blank columns after its last
    path = _sheet(
        tmp_path,
        "Nr.;Title;Author(s);Published;Conference;Abstract;Notes;Read?;Rating;;;\n"
        '1;Sparse Attention;"Lee, Ann";2024;ICML 2024;We study.;"read ""soon""; check eq. 3"'
        ";yes;4;;;\n"
        "2;Dense Attention;Bo Li;2023;ICML 2023;We study more.;;;2;;;\n",
    )
    result = read_file(path)
    assert [r.title for r in result.records] == ["Sparse Attention", "Dense Attention"]
    assert [(p.message, p.severity) for p in result.problems] == [
        ("columns not read: Nr., Notes, Read?, Rating", "warning")
    ]


def test_a_column_not_read_that_holds_nothing_is_not_named(tmp_path) -> None:
    path = _sheet(
        tmp_path,
        "Title,Abstract,Notes,Rating\nSparse Attention,We study.,,5\nDense,We study.,,\n",
    )
    assert _said(path) == ["column not read: Rating"]
    empty = _sheet(tmp_path, "Title,Abstract,Notes\nSparse Attention,We study.,\n", "e.csv")
    assert _said(empty) == []


def test_many_columns_not_read_are_counted_past_the_first(tmp_path) -> None:
    extra = [f"Extra {n}" for n in range(1, 12)]
    path = _sheet(
        tmp_path,
        ",".join(["Title", *extra]) + "\n" + ",".join(["Sparse Attention", *"abcdefghijk"]) + "\n",
    )
    assert _said(path) == [
        (
            "columns not read: Extra 1, Extra 2, Extra 3, Extra 4, Extra 5, Extra 6, Extra 7, "
            "Extra 8 and 3 more"
        )
    ]


def test_a_database_export_says_nothing_of_its_own_columns(tmp_path) -> None:
    # Zotero's CSV: "Item Type" says what each work is; ISBN, Date Added, … are its own
    path = _sheet(
        tmp_path,
        '"Key","Item Type","Publication Year","Author","Title","ISBN","Date Added","Extra"\n'
        '"ABCD1234","journalArticle","2020","Lee, Ann","Sparse Attention","978-3",'
        '"2024-01-01 10:00:00","note"\n',
    )
    assert _said(path) == []


def test_tuireader_export_read_back_says_nothing_of_its_columns(tmp_path, capsys) -> None:
    listed = _sheet(tmp_path, "title,abstract,Notes\nSparse Attention,We study.,mine\n")
    assert main(["add", str(listed)]) == 0
    exported = tmp_path / "export.csv"
    assert main(["export", "--format", "csv", "-o", str(exported)]) == 0
    capsys.readouterr()
    assert _said(exported) == []


def test_add_names_the_columns_not_read(tmp_path, capsys) -> None:
    path = _sheet(
        tmp_path, "Title,Abstract,Notes,Read?\nSparse Attention,We study.,read soon,yes\n"
    )
    assert main(["add", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}: columns not read: Notes, Read?" in err
