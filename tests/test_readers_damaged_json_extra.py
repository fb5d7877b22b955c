"""A JSON file with more after its data (a stray bracket, a second list written after
the first, objects written one after another) keeps every record it holds, and says
what follows; a stray bracket that closes the list (or a paper's id left out, the
object of papers by id) before the end costs nothing after it; JSON Lines in a file
named .json are read line by line even when their first line is damaged. Read as JSON
Lines, or given up, such files lost every record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tuireader.ingest.readers import ReadResult, read_file


def records(first: int, count: int) -> list[dict[str, Any]]:
    return [
        {"id": f"paper{n}", "title": f"Skill {n}", "abstract": "We study it."}
        for n in range(first, first + count)
    ]


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def skills(first: int, count: int) -> list[str]:
    return [f"Skill {n}" for n in range(first, first + count)]


def the_warning(result: ReadResult) -> str:
    (problem,) = result.problems
    assert problem.severity == "warning"
    return problem.message


def test_a_stray_bracket_after_a_list_costs_no_record(tmp_path: Path) -> None:
    text = json.dumps(records(0, 5), indent=2) + "\n]\n"
    result = read(tmp_path, text)
    assert titles(result) == skills(0, 5)
    line = text.count("\n", 0, text.rindex("]")) + 1
    assert the_warning(result) == (
        f"is not valid JSON (Extra data at line {line}, column 1): what follows its data "
        "is not JSON; read the 5 records before it, check the file there"
    )


def test_a_stray_brace_after_a_list_on_one_line_costs_no_record(tmp_path: Path) -> None:
    result = read(tmp_path, json.dumps(records(0, 5)) + "}\n")
    assert titles(result) == skills(0, 5)
    assert "read the 5 records before it" in the_warning(result)


def test_two_lists_written_one_after_the_other_are_both_read(tmp_path: Path) -> None:
    first = json.dumps({"papers": records(0, 3)}, indent=2)
    text = first + "\n" + json.dumps({"papers": records(3, 4)}, indent=2) + "\n"
    result = read(tmp_path, text)
    assert titles(result) == skills(0, 7)
    second = first.count("\n") + 2
    assert the_warning(result) == (
        f"is not valid JSON: it holds 2 JSON values one after another (the second from "
        f"line {second}); read the 7 records of all of them, check the file there"
    )


def test_objects_written_indented_one_after_another_are_all_read(tmp_path: Path) -> None:
    text = "\n".join(json.dumps(item, indent=2) for item in records(0, 4)) + "\n"
    result = read(tmp_path, text)
    assert titles(result) == skills(0, 4)
    message = the_warning(result)
    assert "it holds 4 JSON values one after another (the second from line 6)" in message


def test_what_cannot_be_read_after_the_values_is_said(tmp_path: Path) -> None:
    text = json.dumps(records(0, 2), indent=2) + "\n" + json.dumps(records(2, 2), indent=2)
    result = read(tmp_path, text + "\nnot json\n")
    assert titles(result) == skills(0, 4)
    line = text.count("\n") + 2
    assert the_warning(result).endswith(
        f"; nothing from line {line} on could be read (Expecting value at line {line}, column 1)"
    )


def test_json_lines_named_json_with_a_damaged_first_line_keep_the_others(
    tmp_path: Path,
) -> None:
    lines = [json.dumps(item) for item in records(0, 4)]
    lines[0] = lines[0].replace('"title"', '"title" x')
    result = read(tmp_path, "\n".join(lines) + "\n")
    assert titles(result) == skills(1, 3)
    assert the_warning(result).startswith("line 1 is not valid JSON (")
    lines[0] = json.dumps(records(0, 1)[0]).replace('"Skill 0",', '"Skill 0"')
    result = read(tmp_path, "\n".join(lines) + "\n")
    assert titles(result) == skills(0, 4)
    assert the_warning(result).startswith("a comma is left out at line 1; ")


def test_a_stray_bracket_between_records_closes_no_list(tmp_path: Path) -> None:
    items = records(0, 6)
    for text in (json.dumps(items, indent=2), json.dumps(items)):
        between = text.index("}", text.index('"Skill 2"'))
        damaged = text[: between + 1] + "]" + text[between + 1 :]
        result = read(tmp_path, damaged)
        assert titles(result) == skills(0, 6)
        message = the_warning(result)
        assert message.startswith(
            f"is not valid JSON at line {damaged.count(chr(10), 0, between) + 1} (Extra data"
        )
        assert message.endswith("read the 6 records before and after, check the file there")


def test_papers_by_id_one_without_its_id_keep_the_others(tmp_path: Path) -> None:
    keyed = {item["id"]: item for item in records(0, 5)}
    text = json.dumps(keyed, indent=2).replace('  "paper2": {\n', "")
    result = read(tmp_path, text)
    assert [record.source_id for record in result.records] == [
        "paper0",
        "paper1",
        "paper3",
        "paper4",
    ]
    assert the_warning(result).endswith("could not be read: item 3 (line 12, “Skill 2”)")


def test_json_lines_with_a_line_end_left_out_read_both_records(tmp_path: Path) -> None:
    lines = [json.dumps(item) for item in records(0, 5)]
    text = "\n".join(lines[:2]) + lines[2] + "\n" + "\n".join(lines[3:]) + "\n"
    path = tmp_path / "list.jsonl"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert titles(result) == skills(0, 5)
    assert the_warning(result) == (
        "line 2 holds more than one record (a line end left out?); read each, check the file there"
    )


def test_objects_written_one_after_another_damaged_in_one_keep_the_others(
    tmp_path: Path,
) -> None:
    text = "\n".join(json.dumps(item, indent=2) for item in records(0, 5)) + "\n"
    text = text.replace('"Skill 1",', '"Skill 1",x').replace('"Skill 3",', '"Skill 3"')
    result = read(tmp_path, text)
    assert titles(result) == ["Skill 0", "Skill 2", "Skill 3", "Skill 4"]
    message = the_warning(result)
    assert message.endswith(
        "; read the comma left out at line 19 as if it were there; skipped 1 object that "
        "could not be read, at line 6"
    )


def test_objects_written_one_after_another_the_first_damaged_keep_the_others(
    tmp_path: Path,
) -> None:
    text = "\n".join(json.dumps(item, indent=2) for item in records(0, 3)) + "\n"
    result = read(tmp_path, text.replace('"Skill 0",', '"Skill 0",x'))
    assert titles(result) == ["Skill 1", "Skill 2"]
    assert the_warning(result) == (
        "is not valid JSON: it holds 3 JSON values one after another (the second from "
        "line 6); read the 2 records of all of them, check the file there; skipped 1 "
        "object that could not be read, at line 1"
    )
