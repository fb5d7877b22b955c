"""A note whose first line reads as a RIS tag ("ER  - …", "KW  - …") or starts with a
space is written in a RIS export with one more space before it, as each line after it
is, so that no reader takes it for a tag: read back, that space is taken off again, the
first line's as the others', and the note is the one the paper had (as CSL-JSON gives
it). Imported, a note "ER  - not the end" came back as " ER  - not the end". Added as a
list, a line of the note that holds a tag after text ("see alsoER  - …") is no tag
either: it ended the record, or gave its paper another author."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats.jsonfile import parse_json
from tuireader.ingest.formats.ris import parse_ris
from tuireader.triage.carry import export_marks
from tuireader.triage.export import csl_triage, ris_triage
from tuireader.triage.store import Triage, normalize_note

RECORD = "TY  - JOUR\nTI  - Deep learning of contact\nAU  - Lovelace, Ada\nPY  - 2021\nER  - "
ITEM = {
    "id": "lovelace2021",
    "type": "article-journal",
    "title": "Deep learning of contact",
    "author": [{"family": "Lovelace", "given": "Ada"}],
    "issued": {"date-parts": [[2021]]},
}
NOTES = [
    "ER  - not the end\nsecond line",
    "KW  - not a tag",
    "TY  - JOUR",
    " one space first",
    "   three spaces first\n  two on the next",
    "AU  - Turing, Alan\nER  - \nKW  - x",
    "plain first\nER  - on the second",
    # a tag after text of the line's own: a list reader reads one so where a line break
    # was lost, but in the note of tuireader's export it is the note's text
    "see alsoER  - not the end\nnoteAU  - Turing, Alan",
    "firstTY  - JOUR",
]


def _written(fmt: str, note: str) -> str:
    triage = Triage("ab12cd34", "kept", ("to read",), note)
    if fmt == "ris":
        return ris_triage(RECORD, triage) + "\n"
    return json.dumps([csl_triage(ITEM, triage)], ensure_ascii=False)


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
@pytest.mark.parametrize("note", NOTES)
def test_a_note_comes_back_as_it_was_written(tmp_path, fmt, note):
    text = _written(fmt, note)
    read, [mark] = export_marks(text.encode("utf-8"), tmp_path / "marks")
    assert read == fmt
    assert mark.note == normalize_note(note)
    assert (mark.state, mark.tags) == ("kept", ("to read",))


@pytest.mark.parametrize("note", NOTES)
def test_the_export_added_as_a_list_gives_its_paper_whole(tmp_path, note):
    # two records: a note's line that ended the first would leave the second's lines
    # between records, and one read as an author would give the paper another
    text = _written("ris", note) + "\n" + _written("ris", "")
    result = parse_ris(text, Path(tmp_path / "marks.ris"))
    assert not result.problems
    assert [(r.title, r.authors, r.keywords) for r in result.records] == [
        ("Deep learning of contact", ("Ada Lovelace",), ())
    ] * 2


def test_the_csl_export_added_as_a_list_gives_its_paper(tmp_path):
    text = _written("csl-json", NOTES[0])
    [record] = parse_json(text, Path(tmp_path / "marks.json")).records
    assert (record.title, record.keywords) == ("Deep learning of contact", ())
