"""A JSON list that is ASCII but for a line saved in Windows-1252 is read whole in
Windows-1252, rightly; JSON is UTF-8 by its definition, so the line is named, as in
a UTF-8 list with such a line among others."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

TITLE = "Act3D café “naïve”: 3D Feature Field Transformers"


def test_a_windows_1252_title_in_an_ascii_json_array_is_named(tmp_path: Path) -> None:
    items = [{"title": "First Paper", "abstract": "Plain."}, {"title": TITLE, "abstract": "x"}]
    text = json.dumps(items, indent=4, ensure_ascii=False)
    line = text.count("\n", 0, text.index("Act3D")) + 1
    path = tmp_path / "list.json"
    path.write_bytes(text.encode("cp1252"))
    result = read_file(path)
    assert [record.title for record in result.records] == ["First Paper", TITLE]
    assert [problem.message for problem in result.problems] == [
        f"line {line} is not UTF-8; read it as Windows-1252 (Latin-1)"
    ]


def test_json_lines_in_latin_1_name_every_such_line(tmp_path: Path) -> None:
    lines = [json.dumps({"title": f"Über Modelle {n}"}, ensure_ascii=False) for n in range(7)]
    path = tmp_path / "list.jsonl"
    path.write_bytes("\n".join(['{"title": "Plain"}', *lines]).encode("latin-1"))
    result = read_file(path)
    assert [record.title for record in result.records][1] == "Über Modelle 0"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "7 lines are not UTF-8 (lines 2, 3, 4, 5, 6 and 2 more); read them as "
        "Windows-1252 (Latin-1)"
    )


def test_an_ascii_json_array_says_nothing_of_its_encoding(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_bytes(json.dumps([{"title": "Plain"}]).encode("ascii"))
    assert read_file(path).problems == ()


def test_bad_bytes_between_the_tokens_of_many_records_cost_none(tmp_path: Path) -> None:
    items = [{"title": f"Café {n}", "abstract": "Plain."} for n in range(300)]
    text = json.dumps(items, indent=2, ensure_ascii=False).encode()
    # bytes that are not UTF-8 after the comma that ends 25 titles, between two tokens
    parts = text.split(b'",\n    "abstract"')
    damaged = b"".join(
        part + (b'",\xff\xfe\n    "abstract"' if n < 25 else b'",\n    "abstract"')
        for n, part in enumerate(parts[:-1])
    )
    path = tmp_path / "list.json"
    path.write_bytes(damaged + parts[-1])
    result = read_file(path)
    assert [record.title for record in result.records] == [item["title"] for item in items]
    (problem,) = result.problems
    assert problem.message.startswith("25 lines had bytes that are not UTF-8 (lines 3, 7, ")
