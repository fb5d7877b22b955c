"""A note Zotero writes back is HTML (``<p>Read this <b>first</b></p><p>second
para</p>``): read back from an export Zotero saved again, in RIS ``N1``, CSL-JSON
``note`` or BibTeX ``annote``, it is taken as text, each paragraph a line, its
character references the characters they stand for and its other tags dropped, where
its HTML was taken into the note as it was. A note that only holds angle brackets
("a<b and c>d") is no HTML, and stays as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.triage.carry import export_marks
from tuireader.triage.export import csl_triage, ris_triage
from tuireader.triage.store import Triage

RECORD = "TY  - JOUR\nTI  - Deep learning of contact\nAU  - Lovelace, Ada\nPY  - 2021\nER  - "
ITEM = {
    "id": "lovelace2021",
    "type": "article-journal",
    "title": "Deep learning of contact",
    "author": [{"family": "Lovelace", "given": "Ada"}],
    "issued": {"date-parts": [[2021]]},
}
#: as Zotero keeps a note (its editor writes each line as a paragraph), and the text
HTML_NOTES = [
    ("<p>Read this <b>first</b></p><p>second para</p>", "Read this first\nsecond para"),
    (
        (
            '<div data-schema-version="8"><p>RL &amp; control: k &lt; n</p>\n<p></p>\n'
            "<p>see&nbsp;&nbsp;§3<br/>then <a href='https://x.org'>the code</a></p></div>"
        ),
        "RL & control: k < n\n\nsee  §3\nthen the code",
    ),
    ("<ul><li>one</li><li>two</li></ul>", "one\ntwo"),
]
#: notes that are no HTML: as written
TEXT_NOTES = [
    "a<b and c>d",
    "x &amp; y, <not a tag>",
    "1 < 2 and 3 > 2",
    # notes typed here that hold tags, as notes on NLP papers do: no HTML of Zotero's
    "Tokens: the model adds <s> at the start and </s> at the end.\n\nSecond   paragraph:\n  - item",
    "<em>x</em> matters, see <a>the appendix</a>",
    "p<0.05 <br> later",
    "<p>starts as a paragraph, and goes on",
]


def _bibtex(note: str) -> str:
    """An entry of tuireader's BibTeX export as Zotero writes it back: its comments and
    tuireader's fields gone, its note an ``annote``."""
    return (
        "@article{lovelace2021,\n"
        "  title = {Deep learning of contact},\n"
        "  author = {Lovelace, Ada},\n"
        "  year = {2021},\n"
        "  keywords = {to read, tuireader:kept},\n"
        f"  annote = {{{note}}},\n"
        "}\n"
    )


def _written(fmt: str, note: str) -> str:
    triage = Triage("ab12cd34", "kept", ("to read",), note)
    if fmt == "ris":
        return ris_triage(RECORD, triage) + "\n"
    if fmt == "csl-json":
        return json.dumps([csl_triage(ITEM, triage)], ensure_ascii=False)
    return _bibtex(note)


def _note(tmp_path: Path, fmt: str, note: str) -> str:
    read, [mark] = export_marks(_written(fmt, note).encode("utf-8"), tmp_path / "marks")
    assert read == ("bibtex" if fmt == "bibtex" else fmt)
    assert mark.state == "kept" and "to read" in mark.tags
    return mark.note


@pytest.mark.parametrize("fmt", ["ris", "csl-json", "bibtex"])
@pytest.mark.parametrize(("html", "text"), HTML_NOTES)
def test_a_note_zotero_wrote_as_html_is_read_as_text(tmp_path, fmt, html, text):
    assert _note(tmp_path, fmt, html) == text


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
@pytest.mark.parametrize("note", TEXT_NOTES)
def test_a_note_that_is_no_html_is_read_as_written(tmp_path, fmt, note):
    assert _note(tmp_path, fmt, note) == note
