"""A BibTeX export read back gives the text the reader showed before: a hyphen a PDF
left as a control character is written as a hyphen (it was a space), and a paper's own
macro in an abstract's math is its macro again (it read back as
``\\backslash\\mathrm{XQM}``)."""

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


def test_a_papers_own_macro_in_an_abstracts_math_reads_back_as_written(tmp_path, capsys):
    # arXiv 0704.0029: "In $\XQM$, a quark …" was shown "In XQM", and read back from the
    # export as "In $\backslash\mathrm{XQM}$", shown "In \XQM"
    abstract = "In $\\XQM$, a quark can emit bosons, with $\\frac{1}{2}\\leq\\kms$ and $x$."
    record = {"title": "Chiral quarks", "authors": ["Zhan Shu"], "abstract": abstract}
    export = exported(tmp_path, capsys, jsonl(tmp_path, record))
    # written as LaTeX runs it without the paper's own definitions
    assert "$\\backslash\\mathrm{XQM}$" in written(export, "abstract")
    (paper,) = load_library([export]).papers
    assert paper.abstract == abstract
    assert plain(paper.abstract).startswith("In XQM, a quark")
