"""A JSON array damaged inside one record (a quote left open, a record cut short, a
stray brace, a colon left out) loses that record only: reading goes on at the next
record, and the message counts what was read and skipped truly. Both the layouts
paper lists come in are checked: one field a line (Paper Copilot) and one record a
line (Zotero's CSL-JSON)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file

RECORDS = [
    {
        "id": f"paper{number}",
        "title": f"Learning Robot Skill Number {number}",
        "author": "Ada Lovelace; Alan Turing",
        "abstract": f"We study skill {number} with {{braces}} and [brackets] inside text.",
        "keywords": "robots;learning",
    }
    for number in range(1, 9)
]


def one_field_a_line() -> str:
    return json.dumps(RECORDS, indent=4)


def one_record_a_line() -> str:
    return "[\n" + ",\n".join("  " + json.dumps(item) for item in RECORDS) + "\n]\n"


LAYOUTS = pytest.mark.parametrize("layout", [one_field_a_line, one_record_a_line])


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def all_but(*numbers: int) -> list[str]:
    return [item["title"] for item in RECORDS if int(item["id"][5:]) not in numbers]


def the_warning(result: ReadResult) -> str:
    (message,) = [problem.message for problem in result.problems]
    return message


def damage(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, new)


@LAYOUTS
def test_a_title_without_its_closing_quote_is_read_with_it_put_back(
    tmp_path: Path, layout: Callable[[], str]
) -> None:
    title = json.dumps(RECORDS[2]["title"])
    result = read(tmp_path, damage(layout(), title, title[:-1]))
    assert titles(result) == all_but()
    message = the_warning(result)
    assert "read a quote left out at line " in message
    assert "could not be read" not in message


@LAYOUTS
def test_a_title_without_both_its_quotes_costs_that_record_only(
    tmp_path: Path, layout: Callable[[], str]
) -> None:
    title = json.dumps(RECORDS[2]["title"])
    result = read(tmp_path, damage(layout(), title, title[1:-1]))
    assert titles(result) == all_but(3)
    message = the_warning(result)
    assert "skipped 1 record that could not be read and read the 7 records before and " in (message)


@LAYOUTS
def test_an_abstract_without_its_closing_quote_is_read_with_it_put_back(
    tmp_path: Path, layout: Callable[[], str]
) -> None:
    abstract = json.dumps(RECORDS[5]["abstract"])
    result = read(tmp_path, damage(layout(), abstract, abstract[:-1]))
    assert titles(result) == all_but()
    assert [record.abstract for record in result.records][5] == RECORDS[5]["abstract"]
    assert "read a quote left out at line " in the_warning(result)


def test_a_record_cut_short_and_closed_loses_no_record_after_it(tmp_path: Path) -> None:
    text = one_field_a_line()
    abstract = json.dumps(RECORDS[3]["abstract"])
    start = text.index(abstract)
    # the rest of the fourth record gone, from inside its abstract to its "},"
    end = text.index("},", start)
    damaged = text[: start + 20] + "\n    " + text[end:]
    result = read(tmp_path, damaged)
    assert titles(result) == all_but(4)
    message = the_warning(result)
    line = damaged.count("\n", 0, damaged.index('"id": "paper4"'))  # the "{" before it
    assert message.startswith(f"is not valid JSON at line {line} (")
    assert "skipped 1 record that could not be read and read the 7 records" in message


@pytest.mark.parametrize("brace", ["\n        }", "},", "}"])
def test_a_stray_brace_in_a_record_skips_that_record_not_the_rest(
    tmp_path: Path, brace: str
) -> None:
    title = json.dumps(RECORDS[1]["title"]) + ","
    result = read(tmp_path, damage(one_field_a_line(), title, title.rstrip(",") + brace))
    # the second record is not read as a paper with its title only and the rest lost
    assert titles(result) == all_but(2)
    message = the_warning(result)
    assert "skipped 1 record that could not be read and read the 7 records" in message
    assert "not a paper record" not in message


@LAYOUTS
def test_a_comma_and_a_colon_left_out_each_cost_what_they_cost_alone(
    tmp_path: Path, layout: Callable[[], str]
) -> None:
    text = layout()
    comma = '"title": "Learning Robot Skill Number 2",'
    colon = f'"title": {json.dumps(RECORDS[4]["title"])}'
    damaged = damage(damage(text, comma, comma[:-1]), colon, colon.replace(":", "", 1))
    result = read(tmp_path, damaged)
    # the comma is put back as when it alone is left out; the record without its colon
    # is skipped as when it alone is damaged
    assert titles(result) == all_but(5)
    assert result.records[1].authors == ("Ada Lovelace", "Alan Turing")
    message = the_warning(result)
    # named at the field it should stand before, as json names it
    after = damaged.index('"author"', damaged.index(comma[:-1]))
    comma_line = damaged.count("\n", 0, after) + 1
    assert f"read a comma left out at line {comma_line} as if it were there" in message
    assert "skipped 1 record that could not be read and read the 7 records" in message


def test_papers_an_object_holds_read_on_past_a_damaged_record(tmp_path: Path) -> None:
    text = json.dumps({"name": "Robot Skills 2023", "papers": RECORDS}, indent=2)
    title = json.dumps(RECORDS[2]["title"])
    result = read(tmp_path, damage(text, title, title[1:-1]))  # no one quote mends
    assert titles(result) == all_but(3)
    assert result.name == "Robot Skills 2023"
    assert "skipped 1 record that could not be read and read the 7 records" in (the_warning(result))


def test_papers_an_api_answer_holds_under_any_name_read_on_past_a_damaged_record(
    tmp_path: Path,
) -> None:
    answer = {"total": 8, "tags": ["robots"], "result": RECORDS, "next": None}
    text = json.dumps(answer, indent=2)
    title = json.dumps(RECORDS[2]["title"])
    result = read(tmp_path, damage(text, title, title[1:-1]))  # no one quote mends
    assert titles(result) == all_but(3)
    assert "skipped 1 record that could not be read and read the 7 records" in (the_warning(result))


def test_commas_left_out_in_every_record_are_put_back(tmp_path: Path) -> None:
    # an export that writes no comma after each title: all are found in one pass and
    # put back, so every record is read
    many = [{**RECORDS[0], "id": f"paper{n}", "title": f"Skill {n}"} for n in range(30)]
    text = json.dumps(many, indent=4)
    damaged = text.replace('",\n        "author"', '"\n        "author"')
    assert damaged.count('"\n        "author"') == 30
    result = read(tmp_path, damaged)
    assert titles(result) == [f"Skill {n}" for n in range(30)]
    message = the_warning(result)
    assert message.startswith("is not valid JSON: commas are left out at lines 5, 12, ")
    assert "read the 30 records as if they were there" in message


@LAYOUTS
def test_a_record_damaged_in_a_list_without_commas_costs_that_record_only(
    tmp_path: Path, layout: Callable[[], str]
) -> None:
    # no comma after any title, and a stray word in the third record: the records
    # after it, each leaving its comma out too, are read so
    text = damage(layout(), '"paper3",', '"paper3" x,')
    for item in RECORDS:
        title = json.dumps(item["title"])
        text = damage(text, f"{title},", title)
    result = read(tmp_path, text)
    assert titles(result) == all_but(3)
    message = the_warning(result)
    assert "skipped 1 record that could not be read and read the 7 records before and " in (message)
    line = text.count("\n", 0, text.index('"paper3" x')) + 1
    assert message.endswith(f"could not be read: item 3 (line {line}, “{RECORDS[2]['title']}”)")


def test_a_stray_bracket_first_on_a_line_in_a_record_ends_no_list(tmp_path: Path) -> None:
    text = one_field_a_line()
    # a "]" first on the line of the third record's keywords, indented less than the
    # records: not where the list ends
    damaged = damage(
        text,
        '        "keywords": "robots;learning"\n    },\n    {\n        "id": "paper4"',
        ']       "keywords": "robots;learning"\n    },\n    {\n        "id": "paper4"',
    )
    result = read(tmp_path, damaged)
    assert titles(result) == all_but(3)
    assert "skipped 1 record that could not be read and read the 7 records" in (the_warning(result))
