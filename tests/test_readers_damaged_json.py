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
    expected = [item["title"] for item in json.loads(whole)]
    assert titles(result) == expected
    line = damaged.count("\n", 0, cut) + 2  # the "{" of the fourth record
    (message,) = warnings(result)
    assert message == (
        f"is not valid JSON at line {line} (Expecting ',' delimiter at line {line}, column "
        "5); read the 6 records before and after, check the file there"
    )


def test_a_record_that_is_not_json_costs_that_record_only(tmp_path: Path) -> None:
    whole = FIRST_SIX.read_text(encoding="utf-8")
    items = json.loads(whole)
    field = f'"id": {json.dumps(items[1]["id"])},'
    assert whole.count(field) == 1
    # a comma left out between two fields of the second record
    damaged = whole.replace(field, field[:-1])
    result = read_file(write(tmp_path, damaged))
    assert titles(result) == [item["title"] for item in [items[0], *items[2:]]]
    (message,) = warnings(result)
    assert message.startswith("is not valid JSON at line ")
    assert message.endswith(
        "; skipped 1 record that could not be read and read the 5 records before and "
        "after, check the file there"
    )


def test_a_list_cut_short_still_keeps_the_records_before_the_break(tmp_path: Path) -> None:
    whole = FIRST_SIX.read_text(encoding="utf-8")
    cut = [index for index in range(len(whole)) if whole.startswith(BETWEEN, index)][3]
    result = read_file(write(tmp_path, whole[: cut + 200]))
    assert len(result.records) == 4
    (message,) = warnings(result)
    assert "read the 4 records before it (is the file cut short?)" in message
