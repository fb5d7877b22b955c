"""A RIS line that lost its line break, the next tag run on after its text ("AU  - Zixu
ZhangAU  - Kensuke Nakamura", "PY  - 2023T2  - Conference"): the tag was read as text
of the value before it, an author "Zixu ZhangAU  - Kensuke Nakamura", a paper without
its year or venue, and nothing was said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

RECORD = (
    "TY  - CONF\nTI  - Deception game\nAU  - Hu, Haimin\nAU  - Zhang, Zixu\n"
    "AU  - Nakamura, Kensuke\nPY  - 2023\nT2  - Conference on Robot Learning\n"
    "AB  - Safety - a study of games  - and more.\nER  - \n"
)


@pytest.mark.parametrize(
    "lost",
    ["Zixu\nAU  - Nakamura", "2023\nT2  - Conference", "more.\nER  - "],
)
def test_a_tag_run_on_after_text_is_read_on_its_own_line(tmp_path: Path, lost: str) -> None:
    assert lost in RECORD
    path = tmp_path / "list.ris"
    path.write_text(RECORD.replace(lost, lost.replace("\n", "")) + RECORD, encoding="utf-8")
    result = read_file(path)
    whole = read_file(_written(tmp_path / "whole.ris", RECORD + RECORD))
    assert result.records == whole.records
    line = RECORD[: RECORD.index(lost)].count("\n") + 1
    said = (
        f"line {line}: a tag after text on the same line (the line break before it lost); "
        "read the tag on a line of its own"
    )
    assert [problem.message for problem in result.problems] == [said]


def test_an_abstract_with_spaced_hyphens_is_no_tag(tmp_path: Path) -> None:
    result = read_file(_written(tmp_path / "list.ris", RECORD))
    assert result.records[0].abstract == "Safety - a study of games - and more."
    assert result.problems == ()


def _written(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_record_run_on_after_the_end_of_the_one_before_is_read(tmp_path: Path) -> None:
    """ "ER  - TY  - JOUR": the second record was lost ("between records")."""
    path = tmp_path / "list.ris"
    path.write_text(
        "TY  - JOUR\nTI  - First Paper\nER  - TY  - JOUR\nTI  - Second Paper\nER  - \n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.title for record in result.records] == ["First Paper", "Second Paper"]
    assert any("line 3" in problem.message for problem in result.problems)
