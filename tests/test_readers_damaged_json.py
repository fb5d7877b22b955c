"""JSON lists damaged in the middle: the records after the damage are read too, and the
damaged place is named."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as it writes them
FIRST_SIX = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"
BETWEEN = "},\n    {"


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "corl.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_comma_missing_between_two_records_loses_none(tmp_path: Path) -> None:
    whole = FIRST_SIX.read_text(encoding="utf-8")
    assert whole.count(BETWEEN) == 5
    cut = [index for index in range(len(whole)) if whole.startswith(BETWEEN, index)][2]
    damaged = whole[:cut] + "}\n    {" + whole[cut + len(BETWEEN) :]
    result = read_file(write(tmp_path, damaged))
    assert result.records == read_file(FIRST_SIX).records
    line = damaged.count("\n", 0, cut) + 2  # the "{" of the fourth record
    (message,) = warnings(result)
    assert message == (
        f"is not valid JSON: a comma is left out at line {line} (Expecting ',' delimiter "
        f"at line {line}, column 5); read the 6 records as if it were there, check the file "
        "there"
    )


def test_commas_missing_between_fields_and_deep_in_an_object(tmp_path: Path) -> None:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    whole = json.dumps({"name": "CoRL 2023", "papers": items}, indent=2, ensure_ascii=False)
    field = f'"id": {json.dumps(items[1]["id"])},'
    assert whole.count(field) == 1
    between = whole.index("},\n    {", whole.index(json.dumps(items[4]["title"])))
    damaged = whole[:between] + "}\n    {" + whole[between + len("},\n    {") :]
    damaged = damaged.replace(field, field[:-1])  # and one between two fields
    result = read_file(write(tmp_path, damaged))
    assert [record.title for record in result.records] == [item["title"] for item in items]
    (message,) = warnings(result)
    first = damaged.count("\n", 0, damaged.index(field[:-1])) + 2
    last = damaged.count("\n", 0, between) + 2
    assert message.startswith(f"is not valid JSON: commas are left out at lines {first}, {last} (")
    assert message.endswith("); read the 6 records as if they were there, check the file there")


def test_a_record_that_is_not_json_costs_that_record_only(tmp_path: Path) -> None:
    whole = FIRST_SIX.read_text(encoding="utf-8")
    items = json.loads(whole)
    title = f'"title": {json.dumps(items[1]["title"])},'
    assert whole.count(title) == 1
    # quotes inside the second record's title left unescaped
    damaged = whole.replace(title, title.replace("Feature Field", '"Feature" Field'))
    assert damaged != whole
    result = read_file(write(tmp_path, damaged))
    assert titles(result) == [item["title"] for item in [items[0], *items[2:]]]
    (message,) = warnings(result)
    line = damaged.count("\n", 0, damaged.index('"Feature"')) + 1
    assert message.startswith(f"is not valid JSON at line {line} (Expecting ',' delimiter")
    assert message.endswith(
        "; skipped 1 record that could not be read and read the 5 records before and "
        f"after, check the file there; could not be read: item 2 (line {line})"
    )


def test_a_list_cut_short_still_keeps_the_records_before_the_break(tmp_path: Path) -> None:
    whole = FIRST_SIX.read_text(encoding="utf-8")
    cut = [index for index in range(len(whole)) if whole.startswith(BETWEEN, index)][3]
    result = read_file(write(tmp_path, whole[: cut + 200]))
    assert len(result.records) == 4
    (message,) = warnings(result)
    assert "read the 4 records before it (is the file cut short?)" in message


def test_a_comma_left_out_after_bad_bytes_between_tokens(tmp_path: Path) -> None:
    # bytes that are not UTF-8 between two tokens, then a comma left out further on
    whole = FIRST_SIX.read_text(encoding="utf-8")
    items = json.loads(whole)
    cut = [index for index in range(len(whole)) if whole.startswith(BETWEEN, index)][3]
    damaged = (whole[:cut] + "}\n    {" + whole[cut + len(BETWEEN) :]).encode()
    field = f'"id": {json.dumps(items[1]["id"])},'.encode()
    damaged = damaged.replace(field, field + b"\xff\xfe\xc3", 1)
    path = tmp_path / "corl.json"
    path.write_bytes(damaged)
    result = read_file(path)
    assert titles(result) == [item["title"] for item in items]
    line = whole.count("\n", 0, cut) + 2
    said = warnings(result)
    assert said[1].startswith(f"is not valid JSON: a comma is left out at line {line} (")
