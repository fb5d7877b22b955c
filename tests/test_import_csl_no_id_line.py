"""A CSL-JSON export whose item's note holds only the lines of the paper's links and
key, its ``tuireader-id:`` line deleted (in Zotero's Extra, say), is imported: the
paper is found by what identifies it, and those lines are no note of the user's.
Import stopped with an unexpected error (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.triage.carry import read_export

RECORD = {
    "title": "Learning with two repositories",
    "authors": ["Ada Lovelace"],
    "year": 2022,
    "url": "https://example.org/papers/two",
    "code": "https://github.com/ada/one",
}


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_import_of_item_without_id_line(tmp_path: Path, capsys):
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    paper = load_library([lst]).papers[0]
    data = tmp_path / "data"
    args = ("--data-dir", data)
    code, _, err = run(capsys, "triage", paper.id, lst, "--state", "keep", "--tag", "cite", *args)
    assert code == 0, err
    export = tmp_path / "all.json"
    code, _, err = run(capsys, "export", lst, "--format", "csl-json", "-o", export, *args)
    assert code == 0, err
    items = json.loads(export.read_text(encoding="utf-8"))
    note = items[0]["note"]
    assert "tuireader-links: " in note and "\ntuireader-id: " in note
    items[0]["note"] = note.partition("\ntuireader-id: ")[0]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(items), encoding="utf-8")

    fmt, marks = read_export(edited)
    assert fmt == "csl-json"
    assert [(m.paper_id, m.state, m.tags, m.note) for m in marks] == [("", "kept", ("cite",), "")]
    other = tmp_path / "other"
    code, _, err = run(capsys, "import", edited, lst, "--data-dir", other)
    assert code == 0, err
    code, out, err = run(capsys, "search", "", lst, "--data-dir", other, "--json")
    assert code == 0, err
    hit = json.loads(out)["hits"][0]
    assert hit["id"] == paper.id
    assert hit["state"] == "kept" and hit["tags"] == ["cite"] and not hit.get("note")
