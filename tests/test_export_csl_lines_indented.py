"""The lines of a CSL-JSON export's notes that say who a paper is (its links, the key
its id comes from) are read as such where indented, as a reference manager or a hand
may leave them: import took an indented ``tuireader-key:`` line off the note, but
reading the file as a list did not read it as the key, so the paper had another id
there, its marks left behind."""

from __future__ import annotations

import json

from test_export_ids_through_zotero import LISTS, NIPS_KEY, written

from tuireader.ingest.formats.ownbib import CSL_KEY_LINE, csl_line_value
from tuireader.ingest.library import load_library
from tuireader.triage.carry import export_marks
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage


def test_indented_lines_are_read_as_the_key_and_links(tmp_path):
    library = load_library([LISTS[0]])
    triage = {p.id: Triage(p.id, "kept", (), "Read it.") for p in library.papers}
    text = render_export(list(library.papers), triage, "csl-json", library=library)
    as_written = load_library([written(tmp_path, "csl-json", text, "as-written")])
    items = json.loads(text)
    for item in items:
        item["note"] = "\n".join(
            "  " + line if line.startswith(("tuireader-key: ", "tuireader-links: ")) else line
            for line in item["note"].split("\n")
        )
    assert f"\n  tuireader-key: {NIPS_KEY}\n" in items[0]["note"]
    export = written(tmp_path, "csl-json", json.dumps(items, ensure_ascii=False))
    back = load_library([export])
    assert [p.id for p in back.papers] == [p.id for p in library.papers]
    assert [p.links for p in back.papers] == [p.links for p in as_written.papers]
    _fmt, marks = export_marks(export.read_bytes(), export)
    assert {m.note for m in marks} == {"Read it."}


def test_one_reader_of_the_lines():
    note = f"own\n {CSL_KEY_LINE}a\n{CSL_KEY_LINE}b \n{CSL_KEY_LINE}\ntuireader-id: x"
    assert csl_line_value(note, CSL_KEY_LINE) == "b"
    assert csl_line_value("own", CSL_KEY_LINE) is None
    assert csl_line_value(f"\t{CSL_KEY_LINE}k", CSL_KEY_LINE) == "k"
