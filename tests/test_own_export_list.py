"""tuireader's BibTeX export read back as a list gives the papers it was made of: each
with the abstract its list gave it (the export writes it as text, each special escaped,
not as LaTeX) and the id it had.

``tests/fixtures/carry/icml2024_abstracts_slice.jsonl`` holds four records of the ICML
2024 list (title, authors, abstract and year only: no identifier), their abstracts as
written there: LaTeX math with braces, ``%``, ``@`` and ``~``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

SLICE = Path(__file__).parent / "fixtures" / "carry" / "icml2024_abstracts_slice.jsonl"

#: what a pasted or scraped abstract may hold: braces left unbalanced, a line that looks
#: like the start of a BibTeX entry, a per cent sign, a path with backslashes
ODD = {
    "title": "Robust grasping with unbalanced braces",
    "authors": ["Ada Lovelace"],
    "abstract": "We close a } before its { and leave one open: {x. A line\n"
    "@inproceedings{key, title = {Forged}} and 50% of a comment,\n"
    "  a path C:\\data\\set with 5~cm, $x^2$ and $\\mathbb{R}^d_{+}$.",
    "year": 2024,
}


def _records() -> list[dict]:
    lines = SLICE.read_text(encoding="utf-8").splitlines()
    return [*map(json.loads, lines), ODD]


def _export(tmp_path: Path, capsys, name: str, text: str) -> tuple[Path, Path]:
    lst = tmp_path / name
    lst.write_text(text, encoding="utf-8")
    export = tmp_path / "export.bib"
    code = main(["export", str(lst), "--format", "bibtex", "-o", str(export)])
    _, err = capsys.readouterr()
    assert code == 0, err
    return lst, export


@pytest.fixture
def exported(tmp_path, capsys) -> tuple[Path, Path]:
    """A list of papers without ids, and its BibTeX export."""
    text = "".join(json.dumps(record) + "\n" for record in _records())
    return _export(tmp_path, capsys, "list.jsonl", text)


def _plain(text: str) -> str:
    return " ".join(text.split())


def test_the_export_read_as_a_list_gives_the_abstracts_the_list_gave(exported):
    lst, export = exported
    listed = {r.title: _plain(r.abstract) for r in read_file(lst).records}
    read = read_file(export)
    assert read.format == "bibtex"
    assert {r.title: _plain(r.abstract) for r in read.records} == listed
    # the math as it was written, not read as LaTeX
    assert any("$P\\subset \\mathbb{R}^d$" in abstract for abstract in listed.values())
    assert _plain(ODD["abstract"]) in listed.values()


def _ids(path: Path) -> list[str]:
    return [paper.id for paper in load_library([path]).papers]


def test_papers_without_ids_keep_their_ids_read_back_from_the_export(exported):
    lst, export = exported
    assert _ids(export) == _ids(lst)


def test_a_title_listed_twice_keeps_both_ids(tmp_path, capsys):
    records = _records()
    twice = dict(records[0], abstract="Another abstract under the same title, by the same authors.")
    text = "".join(json.dumps(record) + "\n" for record in [*records, twice])
    lst, export = _export(tmp_path, capsys, "list.jsonl", text)
    ids = _ids(lst)
    assert len(set(ids)) == len(records) + 1
    assert _ids(export) == ids


def test_abstracts_alone_keep_their_ids_and_derived_titles(tmp_path, capsys):
    """A plain-text list's papers are known by their abstracts: read back, their titles
    are derived again, not taken for their own."""
    text = "Abstracts of ICML 2024\n\n" + "\n\n".join(r["abstract"] for r in _records()) + "\n"
    lst, export = _export(tmp_path, capsys, "abstracts.txt", text)
    assert _ids(export) == _ids(lst)
    assert all(paper.title_derived for paper in load_library([export]).papers)
