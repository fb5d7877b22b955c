"""A page copy or a list of references with a line of thousands of commas or blanks (a
spreadsheet's empty row, a padded column): the patterns that stripped "et al." with the
commas and blanks before it, a note in parentheses with the blanks before it, and the
separators between names with the blanks around them were searched for from each place
of the run and read the rest of it each time, so that one such line of 20,000 commas took
many seconds. They start at their mark now and the blanks are made one first: the line
is read once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tuireader.ingest.formats import common, pagecopy, references
from tuireader.ingest.formats.common import before_et_al
from tuireader.ingest.formats.pagecopy import parse_page_copy

RUN = 3000


@pytest.mark.parametrize("line", ["," * RUN, " " * RUN + "x", "Ann Lee," + " " * RUN + "x"])
def test_a_long_run_is_read(tmp_path: Path, line: str) -> None:
    text = f"T one\n{line}\nT two\nAnn Lee, Bo Chan\n"
    parse_page_copy(text, tmp_path / "list.txt")


def test_names_with_a_long_run_of_blanks(tmp_path: Path) -> None:
    text = f"T one\nAnn{' ' * RUN}Lee, Bo Chan\nT two\nAnn Lee, Bo Chan\n"
    result = parse_page_copy(text, tmp_path / "list.txt")
    assert result is not None
    papers = [(record.title, record.authors) for record in result.records]
    assert papers == [("T one", ("Ann Lee", "Bo Chan")), ("T two", ("Ann Lee", "Bo Chan"))]


def test_patterns_start_at_their_mark() -> None:
    # no pattern searched for in a line of names starts with a run of blanks or commas
    for pattern in (common._ET_AL_RE, pagecopy._NOTE_RE):
        assert not re.match(r"\[?[,\\s]*\]?[*+]", pattern.pattern), pattern.pattern
    assert not hasattr(pagecopy, "_ET_AL_RE")
    assert not hasattr(references, "_ET_AL_RE")


def test_names_are_split_with_their_blanks_made_one(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[str] = []
    real = pagecopy._SEPARATOR_RE

    class Seen:
        def split(self, text: str, *args: Any) -> list[str]:
            given.append(text)
            return real.split(text, *args)

    monkeypatch.setattr(pagecopy, "_SEPARATOR_RE", Seen())
    assert pagecopy._names("Ann" + " " * 50 + "Lee,   Bo  Chan") == (("Ann Lee", "Bo Chan"), True)
    pagecopy._as_written("A   B (MIT),    C")
    assert given and not any("  " in text for text in given)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann Lee, et al.", ("Ann Lee", True)),
        ("Ann Lee ,\t, et al", ("Ann Lee", True)),
        ("Ann Lee etal.", ("Ann Lee", True)),
        ("Ann Lee", ("Ann Lee", False)),
        ("," * RUN + " et al.", ("", True)),
        ("," * RUN, ("," * RUN, False)),
    ],
)
def test_before_et_al(text: str, expected: tuple[str, bool]) -> None:
    assert before_et_al(text) == expected


def test_references_keep_et_al() -> None:
    record, _ = references.read_reference(
        'A. Lee, B. Chan, et al., "A study of things," in Proc. ICML, 2020.'
    )
    assert record.authors == ("A. Lee", "B. Chan", "et al.")
    record, _ = references.read_reference(
        "A. Lee" + "," * RUN + ' et al., "A study of things," in Proc. ICML, 2020.'
    )
    assert record.title
