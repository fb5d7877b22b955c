"""Commas left out inside the records of a JSON list are put back, all found in one
pass over the text (record by record, each in a copy of its record's stretch of text,
where a record is damaged otherwise): every record so damaged is read, however many
commas it or the list leaves out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.ingest.formats import jsonfile
from tuireader.ingest.formats.jsonfile import _array_prefix, parse_json
from tuireader.ingest.readers import ReadResult, read_file


def records(count: int, abstract: str = "We study it.") -> list[dict[str, Any]]:
    return [
        {"id": f"paper{n}", "title": f"Skill {n}", "author": "Ada Lovelace", "abstract": abstract}
        for n in range(count)
    ]


def no_comma_after_titles(text: str) -> str:
    return text.replace('",\n    "author"', '"\n    "author"')


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def test_a_hundred_records_without_a_comma_are_all_read(tmp_path: Path) -> None:
    text = json.dumps(records(300), indent=2)
    # every third record lost its comma after the title
    parts = text.split('",\n    "author"')
    damaged = "".join(
        part + ('"\n    "author"' if n % 3 == 0 else '",\n    "author"')
        for n, part in enumerate(parts[:-1])
    )
    damaged += parts[-1]
    assert damaged.count('"\n    "author"') == 100
    result = read(tmp_path, damaged)
    assert titles(result) == [f"Skill {n}" for n in range(300)]
    (problem,) = result.problems
    assert "commas are left out at lines 5, 23, 41, 59, 77 and 95 more" in problem.message
    assert "read the 300 records as if they were there" in problem.message


def test_a_record_longer_than_the_first_stretch_is_mended_whole(tmp_path: Path) -> None:
    long = 'A long abstract, with a } and a ] and a " quote. ' * 200
    assert len(long) > 9000  # longer than the stretch first looked at
    text = json.dumps(records(3, long), indent=2)
    # no comma after any author (before the long abstract), nor after one title
    damaged = text.replace('"Skill 1",', '"Skill 1"').replace('"Ada Lovelace",', '"Ada Lovelace"')
    result = read(tmp_path, damaged)
    assert titles(result) == ["Skill 0", "Skill 1", "Skill 2"]
    assert [record.abstract for record in result.records] == [long.strip()] * 3
    (problem,) = result.problems
    assert "skipped" not in problem.message


def no_commas_in(text: str, title: str) -> str:
    """``text`` (indented JSON) with no comma after any field of the record that has
    ``title``, up to its last."""
    lines = text.split("\n")
    start = lines.index(f'    "title": "{title}",')
    end = start
    while lines[end + 1].endswith(","):
        end += 1
    for n in range(start, end + 1):
        lines[n] = lines[n].removesuffix(",")
    return "\n".join(lines)


def thirty_fields(count: int) -> list[dict[str, Any]]:
    return [{"title": f"Skill {n}", **{f"f{k}": k for k in range(30)}} for n in range(count)]


def test_a_record_without_any_of_its_thirty_commas_is_read(tmp_path: Path) -> None:
    text = no_commas_in(json.dumps(thirty_fields(3), indent=2), "Skill 1")
    assert text.count("\n") - text.count(",\n") > 30
    result = read(tmp_path, text)
    assert titles(result) == ["Skill 0", "Skill 1", "Skill 2"]
    (problem,) = result.problems
    assert problem.message.startswith("is not valid JSON: commas are left out at lines ")
    assert "read the 3 records as if they were there" in problem.message


def test_a_record_without_its_commas_is_read_beside_one_that_cannot_be(
    tmp_path: Path,
) -> None:
    text = no_commas_in(json.dumps(thirty_fields(4), indent=2), "Skill 1")
    text = text.replace('"Skill 3",', "Skill 3,")  # both its quotes lost: not mended
    result = read(tmp_path, text)
    assert titles(result) == ["Skill 0", "Skill 1", "Skill 2"]
    (problem,) = result.problems
    assert "read the commas left out at lines " in problem.message
    assert "skipped 1 record that could not be read" in problem.message


class Looked(str):
    """A text that counts the characters copied out of it, and looked through for
    its lines."""

    looked = 0

    def __getitem__(self, key: Any) -> str:  # type: ignore[override]
        found = super().__getitem__(key)
        Looked.looked += len(found)
        return found

    def count(self, sub: str, *where: Any) -> int:  # type: ignore[override]
        start, end = (list(where) + [0, len(self)])[:2]
        Looked.looked += max(0, min(end, len(self)) - start)
        return super().count(sub, *where)


def test_a_comma_put_back_copies_its_record_not_the_whole_text() -> None:
    count = 1000
    text = no_comma_after_titles(json.dumps(records(count), indent=2))
    assert text.count('"\n    "author"') == count
    Looked.looked = 0
    read = _array_prefix(Looked(text))
    assert read is not None
    assert len(read.items) == count
    assert len(read.commas) == count
    # a stretch of text about its record and a copy of it for each record; a copy of
    # the whole text for each, or a count of its lines from its start, would be
    # about ``count`` times its size
    assert Looked.looked < 10 * len(text)


def crawl(count: int) -> str:
    """An OpenReview crawl (``[{venue, year, submissions: [...]}]``) of ``count``
    submissions, each without the comma after its id."""
    notes = [
        {
            "id": f"note{n}",
            "forum": f"note{n}",
            "invitation": "ICML.cc/2024/Conference/-/Submission",
            "content": {"title": f"Skill {n}", "abstract": "We study it."},
        }
        for n in range(count)
    ]
    text = json.dumps([{"venue": "ICML.cc", "year": 2024, "submissions": notes}], indent=3)
    return text.replace('",\n            "forum"', '"\n            "forum"')


def test_a_crawl_without_a_comma_in_each_of_a_hundred_submissions_reads_them_all(
    tmp_path: Path,
) -> None:
    text = crawl(100)
    assert text.count('"\n            "forum"') == 100
    result = read(tmp_path, text)
    assert titles(result) == [f"Skill {n}" for n in range(100)]
    (problem,) = result.problems
    assert "commas are left out at lines 8, " in problem.message
    assert "read the 100 records as if they were there" in problem.message


def test_commas_left_out_in_a_whole_text_are_put_back_in_one_pass() -> None:
    count = 1000
    text = crawl(count)
    Looked.looked = 0
    result = parse_json(Looked(text), Path("crawl.json"))
    assert len(result.records) == count
    # the text copied once with its commas and its lines counted once; a copy or a
    # parse of the whole text for each comma would be about ``count`` times its size
    assert Looked.looked < 10 * len(text)


class Decoder(json.JSONDecoder):
    """A decoder that counts the characters it is given to read."""

    given = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        Decoder.given += len(s) - idx
        return super().raw_decode(s, idx)


def test_a_record_without_thousands_of_commas_is_mended_in_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    many = [{"title": f"Skill {n}", **{f"f{k}": k for k in range(2000)}} for n in range(3)]
    text = no_commas_in(json.dumps(many, indent=2), "Skill 1")
    monkeypatch.setattr(jsonfile.json, "JSONDecoder", Decoder)
    Decoder.given = 0
    read = _array_prefix(text)
    assert read is not None
    assert [item["title"] for item in read.items] == ["Skill 0", "Skill 1", "Skill 2"]
    assert len(read.commas) == 2000
    # the record read a few times, in stretches twice as long each time; put back one
    # by one, each comma cost a parse of the record, about 2000 times its size
    assert Decoder.given < 10 * len(text)


@pytest.mark.parametrize("indent", [2, None])
def test_a_list_without_commas_damaged_throughout_is_read_in_one_pass(
    indent: int | None,
) -> None:
    count = 1000
    text = json.dumps(records(count), indent=indent)
    # no comma after any title, and every tenth record damaged after its author
    text = text.replace('",\n    "author"', '"\n    "author"').replace('", "author"', '" "author"')
    parts = text.split('"Ada Lovelace"')
    text = parts[0] + "".join(
        ('"Ada Lovelace" x' if n % 10 == 0 else '"Ada Lovelace"') + part
        for n, part in enumerate(parts[1:])
    )
    Looked.looked = 0
    read = _array_prefix(Looked(text))
    assert read is not None
    assert len(read.items) == count - count // 10
    assert read.lost == count // 10
    # where json stopped in the whole text it counted the lines from the start, at
    # each record looked at after a damaged one: fifty times the text and more
    assert Looked.looked < 10 * len(text)


def test_json_lines_each_without_a_comma_are_read(tmp_path: Path) -> None:
    lines = [json.dumps(item) for item in records(4)]
    lines[1] = lines[1].replace('"Skill 1",', '"Skill 1"')
    lines[3] = lines[3].replace('"paper3",', '"paper3"').replace('"Skill 3",', '"Skill 3"')
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = read_file(path)
    assert titles(result) == ["Skill 0", "Skill 1", "Skill 2", "Skill 3"]
    assert [record.authors for record in result.records] == [("Ada Lovelace",)] * 4
    (problem,) = result.problems
    assert problem.message == (
        "commas are left out at lines 2, 4; read them as if they were there, check the file there"
    )


@pytest.mark.parametrize("indent", [2, None])
def test_a_list_damaged_throughout_is_read_in_one_pass(indent: int | None) -> None:
    count = 1000
    text = json.dumps(records(count), indent=indent)
    # every tenth record damaged after its author, no comma left out
    parts = text.split('"Ada Lovelace"')
    text = parts[0] + "".join(
        ('"Ada Lovelace" x' if n % 10 == 0 else '"Ada Lovelace"') + part
        for n, part in enumerate(parts[1:])
    )
    Looked.looked = 0
    read = _array_prefix(Looked(text))
    assert read is not None
    assert len(read.items) == count - count // 10
    # where json stopped in the whole text, at each damaged record, it counted the
    # lines from the start: fifty times the text and more
    assert Looked.looked < 10 * len(text)


def test_a_record_after_a_list_that_leaves_out_a_comma_is_read_too(tmp_path: Path) -> None:
    # the list's records and the one after its "]" are all read, as they are with the
    # comma in place; the record after the list was lost, and nothing said so
    head = '[\n {"title":"First Paper Title","authors":["A"]}'
    tail = ' {"title":"Second Paper Title","authors":["B"]}\n]\n'
    after = '{"title":"Sixth After End","authors":["F"]}\n'
    whole = read(tmp_path, head + ",\n" + tail + after)
    damaged = read(tmp_path, head + "\n" + tail + after)
    assert (
        titles(damaged)
        == titles(whole)
        == [
            "First Paper Title",
            "Second Paper Title",
            "Sixth After End",
        ]
    )
    said = [problem.message for problem in damaged.problems]
    assert "a comma is left out at line 3" in said[0] and "line 5" in said[1]
    # commas left out in each record too, and the list after is read all the same
    fields = head.replace('",', '"') + "\n" + tail.replace('",', '"') + "[" + after + "]\n"
    assert titles(read(tmp_path, fields)) == titles(whole)
