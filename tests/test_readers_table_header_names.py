"""A character typed into, lost from, or swapped in a CSV column's name ("Autxhors",
"yer", "Yaer") lost the column: every paper without its authors, or its year, without
a word. Such a name is read as the one name read it is one character from, where no
other column gives that field, and said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

ROWS = "Paper 0,Ann Lee,2020,ICML\nPaper 1,Bo Li,2021,ICLR\n"


def _read(tmp_path: Path, header: str) -> tuple[list[tuple[object, ...]], list[str]]:
    path = tmp_path / "list.csv"
    path.write_text(f"{header}\n{ROWS}", encoding="utf-8")
    result = read_file(path)
    papers = [(r.title, r.authors, r.year, r.venue) for r in result.records]
    return papers, [problem.message for problem in result.problems]


@pytest.mark.parametrize(
    ("header", "misspelt", "read_as"),
    [
        ("Title,Autxhors,Year,Venue", "Autxhors", "authors"),
        ("title,authors,yer,venue", "yer", "year"),
        ("title,authors,Yaer,venue", "Yaer", "year"),
        ("tile,authors,year,venue", "tile", "title"),
        ("title,authors,year,venxue", "venxue", "venue"),
    ],
)
def test_a_column_name_one_character_amiss_is_read_and_said(
    tmp_path: Path, header: str, misspelt: str, read_as: str
) -> None:
    papers, messages = _read(tmp_path, header)
    assert papers == [
        ("Paper 0", ("Ann Lee",), 2020, "ICML"),
        ("Paper 1", ("Bo Li",), 2021, "ICLR"),
    ]
    assert messages == [
        (
            f"the header's column {misspelt!r} names no column read, one character from "
            f"{read_as!r}, which no other column is: read it as {read_as!r}"
        )
    ]


@pytest.mark.parametrize(
    "header",
    [
        "title,authors,year,Data",  # a column of its own, near "date"
        "Title,Names,Year,Venue",  # a plural, no misspelt "name"
        "title,athors,autors,venue",  # two near "authors": which is it?
        "title,authors,year,venue,yaer",  # the year is given already
        "title,authors,year,venue,EID",  # Scopus's id, no misspelt "id"
    ],
)
def test_a_column_name_not_so_amiss_is_left_as_it_is(tmp_path: Path, header: str) -> None:
    _papers, messages = _read(tmp_path, header)
    assert not any("one character from" in message for message in messages)
