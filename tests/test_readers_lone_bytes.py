"""A UTF-8 list with one byte left over from Windows-1252 inside a word ("caf\\xe9"): the
byte is read as the letter it was, and its line named; a byte that makes no letter, or
stands beside other bad bytes, is damage and stays U+FFFD."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file

HEADER = "title,authors,year\n"
ROWS = [
    ("Fréchet means of graphs", "Anaïs Lefèvre", "2021"),
    ("PLACE", "José Núñez", "2022"),
    ("Über alles in Zürich", "Jörg Müller", "2023"),
]


def table(tmp_path: Path, damaged: bytes) -> ReadResult:
    """The table of ``ROWS`` in UTF-8, with the second title's bytes ``damaged``."""
    text = HEADER + "".join(",".join(row) + "\n" for row in ROWS)
    path = tmp_path / "list.csv"
    path.write_bytes(text.encode("utf-8").replace(b"PLACE", damaged))
    return read_file(path)


def messages(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems]


@pytest.mark.parametrize(
    ("damaged", "title"),
    [
        (b"Caf\xe9 society", "Café society"),
        (b"Na\xefve Bayes in M\xc3\xbcnchen", "Naïve Bayes in München"),
        (b"\xc9tude of graphs", "Étude of graphs"),
        (b"Espa\xf1a", "España"),
    ],
)
def test_a_lone_windows_1252_letter_in_a_utf8_list_is_read_as_that_letter(
    tmp_path: Path, damaged: bytes, title: str
) -> None:
    # read as U+FFFD until now: "Caf\ufffd society", under a warning of replaced bytes
    result = table(tmp_path, damaged)
    assert [record.title for record in result.records] == [
        "Fréchet means of graphs",
        title,
        "Über alles in Zürich",
    ]
    assert result.records[1].authors == ("José Núñez",)
    assert messages(result) == ["line 3 is not UTF-8; read it as Windows-1252 (Latin-1)"]


@pytest.mark.parametrize(
    ("damaged", "title"),
    [
        (b"A stray \x92 quote", "A stray \ufffd quote"),  # a sign, not a letter
        (b"T\xffwo", "T\ufffdwo"),  # what a stray UTF-16 mark gives
        (b"A\xe9\xe9B", "A\ufffd\ufffdB"),  # two bad bytes side by side
        (b"Bits \x01\xe9\x02 here", "Bits \x01\ufffd\x02 here"),  # between controls
        (b"Width 5\xb5m", "Width 5\ufffdm"),  # beside a digit
    ],
)
def test_a_lone_byte_that_makes_no_letter_stays_a_replacement_character(
    tmp_path: Path, damaged: bytes, title: str
) -> None:
    result = table(tmp_path, damaged)
    assert [record.title for record in result.records][1] == title
    assert messages(result) == ["line 3 had bytes that are not UTF-8; replaced them with \ufffd"]


def test_a_line_with_a_letter_and_damage_is_named_for_each(tmp_path: Path) -> None:
    result = table(tmp_path, b"Caf\xe9 \xff\xfe society")
    assert result.records[1].title == "Café \ufffd\ufffd society"
    assert messages(result) == [
        "line 3 is not UTF-8; read it as Windows-1252 (Latin-1)",
        "line 3 had bytes that are not UTF-8; replaced them with \ufffd",
    ]
