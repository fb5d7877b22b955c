"""A comma after an entry's closing brace (``},`` as entries joined by commas end, or
a comma left between the entries by JSON pasted with its commas) is no "}" too many in
the entry: its entries are read without a word about them."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

FIRST = "@misc{a1,\n  title = {A First Paper},\n  author = {Lee, Ann},\n  year = {2022}\n}"
SECOND = "@misc{a2,\n  title = {A Second Paper},\n  author = {Roe, Rita},\n  year = {2022}\n}"


def _read(path: Path, text: str) -> tuple[list[str], list[str]]:
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    return (
        [record.title for record in result.records],
        [problem.message for problem in result.problems],
    )


def test_entries_ended_by_a_comma_are_read_without_a_word(tmp_path: Path) -> None:
    titles, messages = _read(tmp_path / "list.bib", f"{FIRST},\n\n{SECOND},\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == []


def test_a_comma_alone_between_the_entries_is_said_of_no_entry(tmp_path: Path) -> None:
    titles, messages = _read(tmp_path / "list.bib", f"{FIRST}\n\n,\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == []


def test_json_pasted_with_its_commas_is_said_once(tmp_path: Path) -> None:
    pasted = '{"title": "Pasted"},\n[{"id": "1", "title": "Another"}],'
    titles, messages = _read(tmp_path / "list.bib", f"{FIRST}\n{pasted}\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "lines 6–7 are not BibTeX (they look like JSON); skipped them and read the entries "
            "before and after them"
        )
    ]


def test_a_brace_too_many_before_a_comma_is_still_said(tmp_path: Path) -> None:
    broken = FIRST.replace("{2022}\n}", "{2022}}\n},")
    titles, messages = _read(tmp_path / "list.bib", f"{broken}\n\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert len(messages) == 1
    assert "one “}” too many in its year field" in messages[0]
