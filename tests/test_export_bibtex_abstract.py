"""A BibTeX export gives each paper's abstract, as reference managers' exports do, and
``tuireader import`` finds a paper by it, as from a JSON or CSV export: one without a DOI
whose title was reworded after the export keeps its mark.

``tests/fixtures/carry/icml2024_abstracts_slice.jsonl`` holds four records of the ICML
2024 list (title, authors, abstract and year only: no identifier to find them by), their
abstracts as written there: LaTeX math with braces, ``%``, ``@`` and ``~``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.identity import normalise_text
from tuireader.triage.carry import read_export

SLICE = Path(__file__).parent / "fixtures" / "carry" / "icml2024_abstracts_slice.jsonl"

#: what a real abstract seldom holds, but a pasted or scraped one may: braces left
#: unbalanced, and text that looks like the start of a BibTeX entry or a comment
ODD = {
    "title": "Robust grasping with unbalanced braces",
    "authors": ["Ada Lovelace"],
    "abstract": "We close a } before its { and leave one open: {x. A line\n"
    "@inproceedings{key, title = {Forged}} and % not a comment,\n"
    "  doi = 10.1234/not.its.doi, and a path C:\\data\\set with 5~cm, x^2 and a_b.",
    "year": 2024,
}


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _records() -> list[dict]:
    lines = SLICE.read_text(encoding="utf-8").splitlines()
    return [*map(json.loads, lines), ODD]


def _write(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _hits(capsys, lst: Path, data: Path) -> list[dict]:
    code, out, err = run(capsys, "search", "", lst, "--data-dir", data, "--json", "--limit", "50")
    assert code == 0, err
    return json.loads(out)["hits"]


@pytest.fixture
def exported(tmp_path, capsys) -> tuple[Path, Path]:
    """Every paper of the list kept on a laptop, and its BibTeX export."""
    lst, laptop = tmp_path / "list.jsonl", tmp_path / "laptop"
    _write(lst, _records())
    ids = [hit["id"] for hit in _hits(capsys, lst, laptop)]
    code, _, err = run(capsys, "triage", *ids, lst, "--state", "keep", "--data-dir", laptop)
    assert code == 0, err
    export = tmp_path / "export.bib"
    code, _, err = run(
        capsys, "export", lst, "--format", "bibtex", "-o", export, "--data-dir", laptop
    )
    assert code == 0, err
    return lst, export


def test_the_abstracts_are_read_back_from_the_export_as_they_were(exported):
    _lst, export = exported
    fmt, marks = read_export(export)
    assert fmt == "bibtex"
    assert sorted(" ".join(m.identity.abstract.split()) for m in marks) == sorted(
        " ".join(r["abstract"].split()) for r in _records()
    )


def test_no_abstract_breaks_its_entry(exported, tmp_path, capsys):
    # read as a list, the export gives the same papers, each with its own title and no
    # entry forged out of an abstract
    _lst, export = exported
    hits = _hits(capsys, export, tmp_path / "other")
    assert sorted(hit["title"] for hit in hits) == sorted(r["title"] for r in _records())
    text = export.read_text(encoding="utf-8")
    assert text.count("{") == text.count("}")
    assert "\n@inproceedings" not in text


def test_a_paper_reworded_since_the_export_is_found_by_its_abstract(exported, tmp_path, capsys):
    lst, export = exported
    reworded = [r | {"title": "On " + r["title"].lower() + ", revisited"} for r in _records()]
    _write(lst, reworded)
    remote = tmp_path / "remote"
    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    assert "5 papers with marks: 5 taken up by papers of these lists" in err
    hits = _hits(capsys, lst, remote)
    assert {hit["title"]: hit["state"] for hit in hits} == {r["title"]: "kept" for r in reworded}


def test_an_abstract_edited_since_is_no_longer_the_papers(exported, tmp_path, capsys):
    # the abstract is what finds the paper: another abstract with the reworded title is
    # another paper, and the mark waits for its own
    lst, export = exported
    others = [
        r | {"title": r["title"] + " revisited", "abstract": normalise_text(r["abstract"])[::-1]}
        for r in _records()
    ]
    _write(lst, others)
    remote = tmp_path / "remote"
    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    assert "0 taken up by papers of these lists" in err
