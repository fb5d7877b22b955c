"""A terminal's escape sequences in a paper's text (``ESC[31m`` colours, an OSC string
that sets the clipboard or a hyperlink): a citation, its key and an export made of
citations leave each sequence out whole, so none of it is read as words or as part of
a name, and no ESC or other control character is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS, cite_keys, format_citation
from tuireader.render.safetext import without_escape_sequences

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "escape_sequences.jsonl"


@pytest.fixture(scope="module")
def papers() -> dict:
    """The fixture's papers by their list's id."""
    return {paper.source_id: paper for paper in load_library([FIXTURE]).papers}


def test_sequences_go_whole() -> None:
    text = "ANSI \x1b[31mRED\x1b[0m title \x1b]52;c;cHduZWQ=\x07 end \x1b(Bx\x1bc"
    assert without_escape_sequences(text) == "ANSI RED title  end x"
    assert without_escape_sequences("a \x1b]8;;http://x/\x1b\\b\x1b]8;;\x1b\\ c") == "a b c"
    assert without_escape_sequences("plain") == "plain"


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_no_escape_is_left_in_a_citation(papers, fmt) -> None:
    for paper in papers.values():
        text = format_citation(paper, fmt).text
        assert "\x1b" not in text and "\x07" not in text
        for leftover in ("[31m", "[0m", "[5m", "[1;31m", "52;c;", "]0;", "8;;", "Pq#0"):
            assert leftover not in text, (fmt, text)


def test_names_and_titles_are_the_words(papers) -> None:
    bibtex = format_citation(papers["ansi1"], "bibtex").text
    assert "author = {Blink, Eve}" in bibtex
    assert "title = {{ANSI} {RED} title end}" in bibtex
    assert format_citation(papers["ansi1"], "apa").text.startswith(
        "Blink, E. (2024). ANSI RED title end."
    )
    ris = format_citation(papers["ansi1"], "ris").text
    assert "AU  - Blink, Eve" in ris and "TI  - ANSI RED title end" in ris
    other = format_citation(papers["ansi2"], "bibtex").text
    assert "author = {Lovelace, Ada and Baker, Bob}" in other
    assert "title = {Keys and strings linked text}" in other


def test_keys_hold_no_part_of_a_sequence(papers) -> None:
    keys = cite_keys(papers.values())
    assert keys[papers["ansi1"].id] == "blink2024ansi"
    assert keys[papers["ansi2"].id] == "lovelace2023keys"
