"""A .bib file with JSON written after its entries (``cat list.bib papers.json >
both.bib``) keeps its BibTeX, and says in one warning where the file stops being BibTeX,
not a complaint for each "@inproceedings{\\nkey, …" in the JSON's strings; a key is
named in a warning as the entry gives it, without a JSON string's escaped line breaks."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

BIBTEX = """@inproceedings{lee2022first,
  title = {A First Paper},
  author = {Lee, Ann},
  year = {2022}
}

@inproceedings{roe2022second,
  title = {A Second Paper},
  author = {Roe, Rita},
  year = {2022}
}"""

#: records as a conference's JSON gives them, each with its entry as a string of BibTeX
#: (one with an empty title, as an entry the parser would skip)
PAPERS = [
    {
        "title": title,
        "bibtex": f"@inproceedings{{\n{key},\ntitle={{{title}}},\nauthor={{Zhu, Yifeng}}\n}}",
    }
    for key, title in [
        ("zhu2023learning", "Learning Things"),
        ("zhu2023learning", "Learning Things"),
        ("bianchini2023simultaneous", ""),
        ("shah2023vint", ""),
    ]
]


def _from_line(number: int) -> str:
    return (
        f"from line {number} the file is not BibTeX (it looks like JSON); read the entries "
        "before it (a list in JSON is read from a file of its own)"
    )


def _messages(path: Path) -> list[str]:
    result = read_file(path)
    assert [record.title for record in result.records] == ["A First Paper", "A Second Paper"]
    return [problem.message for problem in result.problems]


def test_a_list_in_json_after_the_entries_is_said_once(tmp_path: Path) -> None:
    # the file ends "}[" where the .bib had no line break at its end
    both = tmp_path / "both.bib"
    both.write_text(BIBTEX + json.dumps(PAPERS, indent=4) + "\n", encoding="utf-8")
    assert _messages(both) == [_from_line(11)]


def test_json_lines_after_the_entries_are_said_once(tmp_path: Path) -> None:
    both = tmp_path / "both.bib"
    lines = "".join(json.dumps(paper) + "\n" for paper in PAPERS)
    both.write_text(BIBTEX + "\n\n" + lines, encoding="utf-8")
    assert _messages(both) == [_from_line(13)]


def test_json_between_entries_is_said_by_its_lines_and_the_entries_after_it_read(
    tmp_path: Path,
) -> None:
    first, second = BIBTEX.split("\n\n")
    both = tmp_path / "both.bib"
    both.write_text(f"{first}\n{json.dumps(PAPERS, indent=2)}\n\n{second}\n", encoding="utf-8")
    [message] = _messages(both)
    assert message == (
        "lines 6–23 are not BibTeX (they look like JSON); skipped them and read the entries "
        "before and after them"
    )


def test_a_key_read_from_a_json_string_is_named_without_its_escapes(tmp_path: Path) -> None:
    # a line of JSON alone is no run of it: its entry is read as BibTeX, and was named
    # "\nshah2023vint"
    both = tmp_path / "both.bib"
    both.write_text(
        BIBTEX + '\n  "bibtex": "@inproceedings{\\nshah2023vint,\\ntitle={},\\n}",\n',
        encoding="utf-8",
    )
    [message] = _messages(both)
    assert "key shah2023vint:" in message


def test_json_written_inside_an_entrys_value_is_the_value(tmp_path: Path) -> None:
    # a line that opens as JSON inside an entry's braces is its text, not JSON
    one = tmp_path / "one.bib"
    one.write_text(
        "@misc{kim2024,\n  title = {Configs as Data},\n  abstract = {We write\n"
        '{"lr": 0.1, "steps": 10}\n[1, 2, 3]\nas our settings.}\n}\n',
        encoding="utf-8",
    )
    result = read_file(one)
    assert result.problems == ()
    [record] = result.records
    assert '"lr": 0.1, "steps": 10 [1, 2, 3] as our settings' in record.abstract


def test_json_after_a_brace_too_many_is_said_once(tmp_path: Path) -> None:
    # a "}" too many between the entries left the JSON after it taken for an entry's text
    first, second = BIBTEX.split("\n\n")
    both = tmp_path / "both.bib"
    both.write_text(f"{first}\n}}\n\n{second}\n{json.dumps(PAPERS, indent=4)}\n", encoding="utf-8")
    result = read_file(both)
    assert [record.title for record in result.records] == ["A First Paper", "A Second Paper"]
    messages = [problem.message for problem in result.problems]
    assert messages[0] == _from_line(13)
    assert [message for message in messages if "line 1," not in message] == [_from_line(13)]
