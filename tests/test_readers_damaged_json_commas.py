"""Commas left out inside the records of a JSON list are put back record by record,
each in a copy of its record's stretch of text: every record so damaged is read,
however many, and a record is given up only past twenty of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tuireader.ingest.formats.jsonfile import _MAX_COMMAS, _array_prefix
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
    assert "read the 300 records before and after" in problem.message
    assert "skipped" not in problem.message


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


def test_a_record_past_twenty_commas_of_its_own_is_skipped(tmp_path: Path) -> None:
    many = [{"title": f"Skill {n}", **{f"f{k}": k for k in range(30)}} for n in range(3)]
    text = json.dumps(many, indent=2)
    lines = text.split("\n")
    start, end = lines.index('    "title": "Skill 1",'), lines.index('    "title": "Skill 2",')
    for n in range(start + 1, start + 1 + _MAX_COMMAS + 1):  # 21 in record 1
        lines[n] = lines[n].rstrip(",")
    assert end > start + _MAX_COMMAS + 2
    result = read(tmp_path, "\n".join(lines))
    assert titles(result) == ["Skill 0", "Skill 2"]
    (problem,) = result.problems
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
