"""A quote left out of a JSON record ("title: "X", "title": X", "title": "X,) lost the
whole record, said by its line. The record is read with the quote put back where
exactly one place for it makes the record whole, and said; a record no one quote
mends is still skipped and named by its line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats import jsonfile
from tuireader.ingest.readers import read_file


def _items() -> list[dict[str, object]]:
    return [
        {"title": f"Paper {n}", "authors": ["Ann Lee", "Bo Li"], "year": 2020 + n} for n in range(4)
    ]


def _papers(path: Path) -> list[tuple[object, ...]]:
    return [(r.title, r.authors, r.year) for r in read_file(path).records]


DAMAGES = [
    ('"title": "Paper 1"', '"title: "Paper 1"'),
    ('"title": "Paper 1"', '"title": Paper 1"'),
    ('"title": "Paper 1"', '"title": "Paper 1'),
    ('"title": "Paper 1"', 'title": "Paper 1"'),
    ('"Ann Lee",', '"Ann Lee,'),
]


@pytest.mark.parametrize(("whole", "damaged"), DAMAGES)
@pytest.mark.parametrize("indent", [None, 2])
def test_a_quote_left_out_of_a_list_is_put_back(
    tmp_path: Path, whole: str, damaged: str, indent: int | None
) -> None:
    items = _items()
    if indent is None:  # a record a line
        text = "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n"
    else:
        text = json.dumps(items, indent=indent)
    intact = tmp_path / "intact.json"
    intact.write_text(text, encoding="utf-8")
    at = text.index(whole, text.index('"Paper 1"') - len(whole))  # in the second record
    path = tmp_path / "list.json"
    path.write_text(text[:at] + damaged + text[at + len(whole) :], encoding="utf-8")
    assert _papers(path) == _papers(intact)
    (message,) = [problem.message for problem in read_file(path).problems]
    assert "read a quote left out at line" in message
    assert "could not be read" not in message


def test_the_last_record_of_a_list_is_mended_too(tmp_path: Path) -> None:
    text = "[\n" + ",\n".join(json.dumps(item) for item in _items()) + "\n]\n"
    path = tmp_path / "list.json"
    path.write_text(text.replace('"title": "Paper 3"', '"title": "Paper 3'), encoding="utf-8")
    assert [title for title, _, _ in _papers(path)] == [f"Paper {n}" for n in range(4)]


def test_a_record_no_one_quote_mends_is_named_by_its_line(tmp_path: Path) -> None:
    text = "[\n" + ",\n".join(json.dumps(item) for item in _items()) + "\n]\n"
    path = tmp_path / "list.json"
    path.write_text(text.replace('"title": "Paper 1"', 'title: Paper 1"'), encoding="utf-8")
    assert [title for title, _, _ in _papers(path)] == ["Paper 0", "Paper 2", "Paper 3"]
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message.endswith("could not be read: item 2 (line 3)")


def test_a_quote_left_out_of_a_json_lines_record_is_put_back(tmp_path: Path) -> None:
    lines = [json.dumps(item) for item in _items()]
    lines[2] = lines[2].replace('"title": "Paper 2"', '"title": Paper 2"')
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [title for title, _, _ in _papers(path)] == [f"Paper {n}" for n in range(4)]
    assert [problem.message for problem in read_file(path).problems] == [
        "a quote is left out at line 3; read it as if it were there, check the file there"
    ]


class _Counting(json.JSONDecoder):
    """A decoder that counts the texts it is given to read."""

    calls = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[object, int]:
        _Counting.calls += 1
        return super().raw_decode(s, idx)


def test_a_quote_is_looked_for_only_near_where_the_record_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a long abstract of commas before the damage: each place next to one is a parse
    items = [{"abstract": ", ".join(["word"] * 8000), **item} for item in _items()]
    lines = [json.dumps(item) for item in items]
    lines[1] = lines[1].replace('"title": "Paper 1"', '"title: "Paper 1"')
    monkeypatch.setattr(jsonfile, "_DECODER", _Counting(strict=False))
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [title for title, _, _ in _papers(path)] == [f"Paper {n}" for n in range(4)]
    assert 0 < _Counting.calls < 1000  # of the line's 8,000 commas, those near the title


def test_the_last_quote_of_a_record_left_out_is_put_back(tmp_path: Path) -> None:
    lines = [json.dumps(item) for item in _items()]
    lines[1] = lines[1].replace('"year": 2021', '"year: 2021')
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [year for _, _, year in _papers(path)] == [2020, 2021, 2022, 2023]


def test_the_records_fields_are_gathered_once_for_many_damaged_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each damaged line looked at for a quote left out against the records before it:
    # gathered again at each, their fields cost the square of the lines
    added = 0
    add = jsonfile._Fields.add

    def counted(self: jsonfile._Fields, item: object) -> None:
        nonlocal added
        added += 1
        add(self, item)

    monkeypatch.setattr(jsonfile._Fields, "add", counted)
    lines = []
    for n in range(200):
        lines.append(json.dumps({"title": f"Paper {n}", "year": 2020}))
        lines.append('{"title": "Broken" x y, "year": 2020}')  # no one quote mends it
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(read_file(path).records) == 200
    assert added == 200
