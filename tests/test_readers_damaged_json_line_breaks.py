"""A line break typed inside a string of a JSON Lines file (a title wrapped in a
hand-edited list) leaves two lines that are no JSON each: the record was lost with
both. Its lines are read as one record, and said."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file


def _lines(count: int) -> list[str]:
    return [
        json.dumps({"id": f"0704.{n:04}", "title": f"Bosonic characters {n}", "abstract": "A."})
        for n in range(count)
    ]


def test_a_line_break_inside_a_title_keeps_the_record(tmp_path: Path) -> None:
    lines = _lines(6)
    lines[2] = lines[2].replace("Bosonic characters", "Bosonic\ncharacters")
    lines[4] = lines[4].replace("characters 4", "characters\n\n4")
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        f"Bosonic characters {n}" for n in range(6)
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "2 records have a line break inside a string (lines 3–4, lines 6–8); read the "
        "lines of each as one record, check the file there"
    )


def test_a_last_line_cut_inside_a_string_is_still_skipped(tmp_path: Path) -> None:
    lines = _lines(3)
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join([*lines[:2], lines[2][:30]]), encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Bosonic characters 0",
        "Bosonic characters 1",
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message.startswith("line 3 is not valid JSON (Unterminated string")


def test_a_line_left_open_before_a_whole_record_keeps_that_record(tmp_path: Path) -> None:
    # the quote that closes a title lost: the next line, a record of its own, is not
    # taken into it (joined, the two are still no JSON); the quote is put back
    lines = _lines(3)
    lines[0] = lines[0].replace('characters 0"', "characters 0")
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Bosonic characters 0",
        "Bosonic characters 1",
        "Bosonic characters 2",
    ]
    assert [problem.message for problem in result.problems] == [
        "a quote is left out at line 1; read it as if it were there, check the file there"
    ]
