"""What two readers or two layers both need is said in one place: the particles before a
family name and "et al." (page copies and references), the word a list read from a
stream is told apart by (the library naming it, ``list:`` recognising it), the form of
a name told apart and numbered (the same two), a table's dialect with a given
delimiter."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tuireader.ingest import sources
from tuireader.ingest.formats import common, pagecopy, references, table
from tuireader.system.listnames import is_named_apart, told_apart, unnumbered


def test_one_set_of_particles() -> None:
    assert pagecopy._PARTICLES is common.NAME_PARTICLES
    assert references._PARTICLES is common.NAME_PARTICLES
    assert "van" in common.NAME_PARTICLES


def test_stream_word(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pipe = Path("/dev/fd/63")
    assert sources.stream_word(pipe, "bibtex") == ""
    monkeypatch.setitem(sources._STREAMS, str(pipe), sources.Streamed(b"", Path("pipe")))
    assert sources.stream_word(pipe, "bibtex") == "BibTeX"
    assert sources.stream_word(pipe, "odd") == "odd"
    assert sources.stream_word(pipe, "") == "stream"
    assert sources.stream_word(tmp_path / "a.bib", "bibtex") == ""


def test_told_apart_and_numbered() -> None:
    assert told_apart("x (a/x.jsonl)") == ("x", "a/x.jsonl")
    assert told_apart("x") is None
    assert unnumbered("a/x.jsonl 2") == "a/x.jsonl"
    assert unnumbered("a/x.jsonl") == "a/x.jsonl"
    assert is_named_apart("X (a/x.jsonl 3)", ["x (a/x.jsonl)"])
    assert is_named_apart("x (a/x.jsonl)", ["x (a/x.jsonl)"])
    assert not is_named_apart("x (b/x.jsonl 3)", ["x (a/x.jsonl)"])


def test_a_named_delimiter_is_the_spreadsheets_dialect() -> None:
    dialect = table._dialect("", Path("t.csv"), ";")
    assert issubclass(dialect, csv.excel)
    assert dialect.delimiter == ";"
    assert dialect.__name__ == table._delimited(";").__name__
