"""A backslash in a JSON string that starts no escape ("\\x", a "\\u00" cut short, a
"\\" alone) stopped ``json``, and the record it was in was lost: each is read as a
character of its text, and the lines are named in one warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

#: what a hand-edited abstract holds where an escape was meant
BAD = ["\\x41", "\\u00 cut", "\\ alone", "C:\\path"]


def _papers(count: int) -> list[dict[str, str]]:
    return [{"title": f"Café Paper {n}", "abstract": f"Plain abstract {n}."} for n in range(count)]


@pytest.mark.parametrize("name", ["list.json", "list.jsonl"])
def test_bad_escapes_in_many_records_are_read_as_text(tmp_path: Path, name: str) -> None:
    items = _papers(40)
    if name.endswith(".jsonl"):
        lines = [json.dumps(item, ensure_ascii=False) for item in items]
        text = "\n".join(lines) + "\n"
    else:
        text = json.dumps(items, indent=4, ensure_ascii=False)
    for n in range(25):
        plain = f"Plain abstract {n}."
        text = text.replace(plain, f"{plain} {BAD[n % 4]}", 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    abstracts = [record.abstract for record in result.records]
    assert len(abstracts) == 40
    assert abstracts[:4] == [
        "Plain abstract 0. \\x41",
        "Plain abstract 1. \\u00 cut",
        "Plain abstract 2. \\ alone",
        "Plain abstract 3. C:\\path",
    ]
    assert abstracts[25:] == [f"Plain abstract {n}." for n in range(25, 40)]
    lines = [n + 1 for n, line in enumerate(text.splitlines()) if "\\" in line]
    assert len(lines) == 25
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "25 backslashes start no JSON escape (“\\x”, a “\\u” cut short, a “\\” alone), "
        f"at lines {', '.join(map(str, lines[:5]))} and 20 more; read each as a character "
        "of its text, check the file there"
    )


def test_bad_bytes_inside_escapes_of_many_records_are_dropped(tmp_path: Path) -> None:
    # bytes that are not UTF-8 inside "\u00e9" in 25 records: more than the 20 that
    # were mended before the text was given up, every record lost
    items = _papers(30)
    text = json.dumps(items, indent=4, ensure_ascii=False).encode()
    for n in range(25):
        plain = f"Plain abstract {n}.".encode()
        text = text.replace(plain, plain + b" R\\u00\xffe9sum\\u00e9", 1)
    path = tmp_path / "list.json"
    path.write_bytes(text)
    result = read_file(path)
    abstracts = [record.abstract for record in result.records]
    assert abstracts[:25] == [f"Plain abstract {n}. Résumé" for n in range(25)]
    assert len(abstracts) == 30
    (message,) = [problem.message for problem in result.problems]
    assert message.startswith("25 lines had bytes that are not UTF-8")


def test_valid_escapes_say_nothing(tmp_path: Path) -> None:
    items = [{"title": 'A "quoted" \\ title\ttab é \u00e9', "abstract": "Line\nbreak."}]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == ['A "quoted" \\ title tab é é']
    assert result.problems == ()
