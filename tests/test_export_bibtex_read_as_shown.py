"""A BibTeX export read back gives the text the reader showed before: a hyphen a PDF
left as a control character is written as a hyphen (it was a space)."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.textrender import plain


def exported(tmp_path: Path, capsys, lst: Path) -> Path:
    export = tmp_path / "export.bib"
    code = main(
        ["export", str(lst), "--format", "bibtex", "-o", str(export)]
        + ["--data-dir", str(tmp_path / "data")]
    )
    _, err = capsys.readouterr()
    assert code == 0, err
    return export


def written(export: Path, field: str) -> str:
    parsed = bibtexparser.parse_string(export.read_text(encoding="utf-8"))
    (entry,) = parsed.entries
    return str(entry.fields_dict[field].value)


def jsonl(tmp_path: Path, record: dict) -> Path:
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return lst


def test_a_pdfs_hyphen_is_exported_as_the_hyphen_the_reader_shows(tmp_path, capsys):
    # CoRL 2023's "state-of-the\x02art": shown "state-of-the-art", exported and read
    # back as "state-of-the art"
    abstract = "SCONE excels, surpassing state-of-the\x02art methods."
    lst = jsonl(tmp_path, {"title": "SCONE", "authors": ["Yi-Ting Chen"], "abstract": abstract})
    export = exported(tmp_path, capsys, lst)
    assert "surpassing state-of-the-art methods" in written(export, "abstract")
    (paper,) = load_library([export]).papers
    shown = "SCONE excels, surpassing state-of-the-art methods."
    assert plain(paper.abstract) == plain(abstract) == shown
