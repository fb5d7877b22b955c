"""A character typed into a paper's DOI ("[0.1080/…", "10.11:09/…") made it no DOI: the
paper lost it, and what finds the paper by it, without a word. Such a DOI is left out
and said, by item or line, in a JSON list and in a table."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file


def _read(path: Path) -> tuple[list[str | None], list[str]]:
    result = read_file(path)
    return [r.doi for r in result.records], [problem.message for problem in result.problems]


def test_a_damaged_doi_of_a_json_list_is_said(tmp_path: Path) -> None:
    items = [{"title": f"Paper {n}", "doi": f"10.1080/0003130{n}.1973"} for n in range(3)]
    items[1]["doi"] = "[0.1080/00031301.1973"
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items, indent=2), encoding="utf-8")
    dois, messages = _read(path)
    assert dois == ["10.1080/00031300.1973", None, "10.1080/00031302.1973"]
    assert messages == [
        (
            "item 2: the DOI (“[0.1080/00031301.1973”) gives no DOI (a character typed in, or "
            "lost?); left out, check the file there"
        )
    ]


def test_a_damaged_doi_of_a_table_is_said(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text(
        "title,year,doi\nPaper 0,2020,10.1109/SMC.2018.1\nPaper 1,2021,10.11:09/SMC.2018.2\n"
        "Paper 2,2022,n/a\nPaper 3,2023,\n",
        encoding="utf-8",
    )
    dois, messages = _read(path)
    assert dois == ["10.1109/SMC.2018.1", None, None, None]
    assert messages == [
        (
            "line 3: the DOI (“10.11:09/SMC.2018.2”) gives no DOI (a character typed in, or "
            "lost?); left out, check the file there"
        )
    ]


def test_a_doi_holding_a_command_is_no_typing_slip(tmp_path: Path) -> None:
    # a line break and a command in a DOI: not "a character typed in", but a value no
    # link may be made of, which the links of the paper say they left out (with its text)
    items = [{"title": "Wombat", "doi": "10.1000/wombat\ntouch PWNED"}]
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(items[0]) + "\n", encoding="utf-8")
    dois, messages = _read(path)
    assert dois == [None]
    assert messages == []
