"""JSON nested past what can be read is said in words, whatever the file's name, and
the lines of JSON Lines around such a line are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

DEPTH = 100_000


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("deep.json", "[" * DEPTH + "]" * DEPTH),
        ("deep.json", '{"a":' * DEPTH + "1" + "}" * DEPTH),
        ("deep.txt", "[" * DEPTH + "]" * DEPTH),
        ("cut.json", "[" * DEPTH),
    ],
    ids=["lists", "objects", "named-as-text", "cut-short"],
)
def test_json_nested_too_deeply_is_said_in_words(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert result.records == ()
    said = " ".join(problem.message for problem in result.problems)
    # was "could not be read (maximum recursion depth exceeded while decoding a JSON
    # array from a unicode string)", Python's own words
    assert "recursion" not in said
    assert "nested too deeply" in said


def test_a_deep_line_of_json_lines_is_skipped_and_the_others_read(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    deep = "[" * DEPTH + "]" * DEPTH
    path.write_text(f'{{"title": "First"}}\n{deep}\n{{"title": "Third"}}\n', encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == ["First", "Third"]
    assert any("line 2" in problem.message for problem in result.problems)
