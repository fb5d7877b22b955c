"""A JSON list written on one line (minified, as APIs give it) damaged inside one
record loses that record only, and never reads an object nested in a record (an
author, a cited paper) as a paper: on one line, a ``},{`` starts those as often as
the list's own records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tuireader.ingest.formats.jsonfile import _indent
from tuireader.ingest.readers import ReadResult, read_file


def papers(count: int = 6) -> list[dict[str, Any]]:
    return [
        {
            "paperId": f"p{number}",
            "title": f"Main paper {number}",
            "abstract": f"About thing {number}.",
            "year": 2020,
            "authors": [
                {"authorId": f"a{number}x", "name": f"Ann Example {number}"},
                {"authorId": f"a{number}y", "name": f"Bob Example {number}"},
                {"authorId": f"a{number}z", "name": f"Cy Example {number}"},
            ],
            "references": [
                {"paperId": f"r{number}a", "title": f"Cited work {number}a"},
                {"paperId": f"r{number}b", "title": f"Cited work {number}b"},
                {"paperId": f"r{number}c", "title": f"Cited work {number}c"},
            ],
        }
        for number in range(count)
    ]


def minified(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def damage(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, new)


def the_warning(result: ReadResult) -> str:
    (message,) = [problem.message for problem in result.problems]
    return message


MAIN = [f"Main paper {number}" for number in range(6)]

SHAPES = pytest.mark.parametrize(
    "shape",
    [
        lambda items: items,
        lambda items: {"data": items},
        lambda items: {"total": 6, "offset": 0, "data": items},
        lambda items: {"data": items, "total": 6, "next": None},
    ],
    ids=["array", "s2", "s2-fields-before", "s2-fields-after"],
)


@SHAPES
def test_a_quote_left_open_in_an_abstract_costs_that_paper_only(tmp_path: Path, shape) -> None:
    text = damage(minified(shape(papers())), "About thing 1.", 'About "thing 1.')
    result = read(tmp_path, text)
    assert titles(result) == [title for title in MAIN if title != "Main paper 1"]
    message = the_warning(result)
    assert "skipped 1 record that could not be read" in message
    assert "read the 5 records before and after" in message


@SHAPES
def test_a_quote_left_open_in_an_author_costs_that_paper_only(tmp_path: Path, shape) -> None:
    text = damage(minified(shape(papers())), "Ann Example 2", 'Ann "Example 2')
    result = read(tmp_path, text)
    assert titles(result) == [title for title in MAIN if title != "Main paper 2"]
    assert "skipped 1 record that could not be read" in the_warning(result)


@SHAPES
def test_a_quote_left_open_in_a_cited_work_costs_that_paper_only(tmp_path: Path, shape) -> None:
    # the cited works before the damaged one, read on, run into the damage itself
    text = damage(minified(shape(papers())), "Cited work 3c", 'Cited "work 3c')
    result = read(tmp_path, text)
    assert titles(result) == [title for title in MAIN if title != "Main paper 3"]
    assert "skipped 1 record that could not be read" in the_warning(result)


@SHAPES
def test_the_last_paper_damaged_reads_no_cited_work(tmp_path: Path, shape) -> None:
    text = damage(minified(shape(papers())), "About thing 5.", 'About "thing 5.')
    result = read(tmp_path, text)
    assert titles(result) == MAIN[:5]
    assert "skipped 1 record that could not be read" in the_warning(result)


def test_two_papers_damaged_cost_two(tmp_path: Path) -> None:
    text = minified({"data": papers()})
    text = damage(text, "About thing 1.", 'About "thing 1.')
    text = damage(text, "Bob Example 3", 'Bob "Example 3')
    result = read(tmp_path, text)
    assert titles(result) == ["Main paper 0", "Main paper 2", "Main paper 4", "Main paper 5"]
    assert "read the 4 records before and after" in the_warning(result)


class Looked(str):
    """A text that counts the characters looked at through it."""

    looked = 0

    def rfind(self, sub: str, *where: Any) -> int:  # type: ignore[override]
        start, end = (list(where) + [None, None])[:2]
        Looked.looked += len(self[start:end]) if end is not None else len(self)
        return super().rfind(sub, *where)

    def __getitem__(self, key: Any) -> str:  # type: ignore[override]
        found = super().__getitem__(key)
        Looked.looked += len(found)
        return found


def test_the_indentation_of_a_record_is_read_from_the_blanks_before_it() -> None:
    text = '[\n  {"a": 1},\n  {"a": 2}, {"a": 3}]'
    assert _indent(text, text.index('{"a": 2}')) == "  "
    assert _indent(text, text.index('{"a": 3}')) is None
    assert _indent(text, 0) == ""


def test_the_indentation_is_found_without_looking_back_along_a_line() -> None:
    # a list written on one line is asked the indentation of each of its records:
    # a look back to the start of the line each time took time in the square of the
    # list's size (a 5 MB list damaged near its start: 2.8 s, three of them: 28 s)
    count = 2000
    text = Looked("[" + ",".join(['{"a":1}'] * count) + "]")
    starts = [1 + 8 * number for number in range(count)]
    Looked.looked = 0
    assert all(_indent(text, start) is None for start in starts[1:])
    assert Looked.looked <= 4 * count


def test_commas_left_out_on_one_line_name_that_line_once(tmp_path: Path) -> None:
    text = minified(papers()).replace(',"abstract"', '"abstract"')
    result = read(tmp_path, text)
    assert titles(result) == MAIN
    assert the_warning(result).startswith(
        "is not valid JSON: commas are left out at line 1 (Expecting ',' delimiter"
    )
    text = damage(text, '"Main paper 2"', '"Main paper 2" x')
    result = read(tmp_path, text)
    assert titles(result) == [title for title in MAIN if title != "Main paper 2"]
    message = the_warning(result)
    assert message.startswith("is not valid JSON at line 1 (Expecting ',' delimiter at ")
    assert "); read the commas left out at line 1 as if they were there, skipped 1 " in message
