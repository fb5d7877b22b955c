"""A "]" typed over the comma between two records of a JSON list closed the list
there: the records after it were read as values after the data, and all but the first
lost. They are read as the list's, and the place is said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as it writes them
FIRST_SIX = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"


@pytest.mark.parametrize("layout", ["indented", "a record a line"])
def test_a_bracket_over_the_comma_between_records_keeps_them_all(
    tmp_path: Path, layout: str
) -> None:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    if layout == "indented":
        text = json.dumps(items, indent=4)
        between = "\n    },\n    {\n"
    else:
        text = "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n"
        between = "},\n{"
    places = [index for index in range(len(text)) if text.startswith(between, index)]
    at = places[2] + between.index(",")
    path = tmp_path / "corl.json"
    path.write_text(text[:at] + "]" + text[at + 1 :], encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [item["title"] for item in items]
    line = text.count("\n", 0, at) + 1
    (message,) = [problem.message for problem in result.problems]
    assert message.startswith(f"is not valid JSON at line {line} (Extra data at line ")
    assert message.endswith("; read the 6 records before and after, check the file there")


def test_a_list_then_an_object_is_still_read_as_two_values(tmp_path: Path) -> None:
    # the text does not end as a list: the object after it is a value of its own
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    text = json.dumps(items[:3], indent=4) + "\n" + json.dumps(items[3], indent=4)
    path = tmp_path / "corl.json"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [item["title"] for item in items[:4]]
    (message,) = [problem.message for problem in result.problems]
    assert "it holds 2 JSON values one after another" in message


def test_a_records_opening_brace_left_out_costs_no_record(tmp_path: Path) -> None:
    # the fields after "}," were taken for the rest of the record before (a "}" too
    # many), and both records were lost, one of them unsaid
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    text = json.dumps(items, indent=4)
    between = "},\n    {\n"
    at = [index for index in range(len(text)) if text.startswith(between, index)][2]
    opening = at + between.index("{")
    path = tmp_path / "corl.json"
    path.write_text(text[:opening] + text[opening + 1 :], encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [item["title"] for item in items]
    line = text.count("\n", 0, opening) + 2  # its first field's line
    (message,) = [problem.message for problem in result.problems]
    assert message.startswith(f"is not valid JSON at line {line} (Expecting ',' delimiter")
    assert message.endswith("; read the 6 records before and after, check the file there")
