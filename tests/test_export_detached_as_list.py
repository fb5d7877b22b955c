"""An export's detached marks (their papers are in none of the lists it was made from)
read as a list: each is written with what the triage file keeps of its paper (the
title, the first author's family name, the year), no paper of the list. Read as one, it
showed a paper whose authors were "Li" alone, and read beside the list that holds the
paper, it gave that paper its one author in place of its four."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
CORL = FIXTURES / "real_lists" / "corl2023_slice.json"
COLLAS = FIXTURES / "detached" / "collas_slice.bib"
SUFFIX = {"json": "json", "csv": "csv", "bibtex": "bib"}
ENERGY = "Energy-Based Models for Continual Learning"
MAML = "How Does the Task Landscape Affect MAML Performance?"
ENERGY_AUTHORS = ["Shuang Li", "Yilun Du", "Gido van de Ven", "Igor Mordatch"]
SAID = (
    "2 marks of papers in none of the lists it was exported from are not papers of this "
    "list (tuireader import takes them)"
)
#: the JSON list reader (``jsonfile``) is yet to skip a detached mark's record
FORMATS = ["csv", "bibtex", "json"]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _lists(tmp_path: Path) -> tuple[Path, Path]:
    """Copies of the CoRL and CoLLAs lists, in a folder of their own."""
    folder = tmp_path / "lists"
    folder.mkdir(exist_ok=True)
    corl, collas = folder / "corl.json", folder / "collas.bib"
    shutil.copy(CORL, corl)
    shutil.copy(COLLAS, collas)
    return corl, collas


def _papers(capsys, *argv) -> dict[str, dict]:
    """Every paper a search of ``argv`` (lists, or --data-dir) finds, by title."""
    code, out, err = run(capsys, "search", "", *argv, "--json", "--limit", "100")
    assert code in (0, 1), err
    return {hit["title"]: hit for hit in json.loads(out)["hits"]}


def _exported(capsys, tmp_path: Path, fmt: str) -> tuple[Path, dict[str, str]]:
    """An export (``fmt``) of a library whose CoLLAs list was removed after two of its
    papers were marked: two detached marks among the CoRL papers."""
    corl, collas = _lists(tmp_path)
    data = tmp_path / "data"
    for each in (corl, collas):
        code, _, err = run(capsys, "add", each, "--data-dir", data)
        assert code == 0, err
    ids = {title: hit["id"] for title, hit in _papers(capsys, "--data-dir", data).items()}
    for argv in (
        ("triage", ids[ENERGY], "--state", "keep", "--tag", "ebm"),
        ("triage", ids[MAML], "--state", "maybe", "--tag", "meta"),
        ("note", ids[MAML], "--set", "look again"),
        ("remove", collas),
    ):
        code, _, err = run(capsys, *argv, "--data-dir", data)
        assert code == 0, err
    exported = tmp_path / f"exp.{SUFFIX[fmt]}"
    code, _, err = run(capsys, "export", "--format", fmt, "-o", exported, "--data-dir", data)
    assert code == 0 and "2 detached marks" in err, err
    return exported, ids


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_read_as_a_list_has_no_paper_of_a_detached_mark_and_says_so(
    capsys, tmp_path, fmt
):
    exported, ids = _exported(capsys, tmp_path, fmt)
    code, out, err = run(capsys, "search", "", exported, "--json", "--limit", "100")
    titles = {hit["title"] for hit in json.loads(out)["hits"]}
    assert code == 0, err
    assert ENERGY not in titles and MAML not in titles
    assert len(titles) == 2  # the CoRL papers
    assert err.count(SAID) == 1, err

    code, out, err = run(capsys, "cite", ids[ENERGY], exported)
    assert code == 1 and "{Li}" not in out


@pytest.mark.parametrize(
    ("fmt", "export_first"),
    [
        ("csv", True),
        ("csv", False),
        ("bibtex", True),
        ("bibtex", False),
        ("json", True),
        ("json", False),
    ],
)
def test_an_export_read_with_the_list_of_a_detached_mark_leaves_its_paper_whole(
    capsys, tmp_path, fmt, export_first
):
    exported, _ids = _exported(capsys, tmp_path, fmt)
    collas = tmp_path / "lists" / "collas.bib"
    lists = (exported, collas) if export_first else (collas, exported)
    papers = _papers(capsys, *lists)
    assert papers[ENERGY]["authors"] == ENERGY_AUTHORS
    assert papers[MAML]["authors"] == ["Liam Collins", "Aryan Mokhtari", "Sanjay Shakkottai"]

    # in a data folder of its own, the export added first, then the list
    data = tmp_path / "other"
    for each in lists:
        code, _, err = run(capsys, "add", each, "--data-dir", data)
        assert code == 0, err
    papers = _papers(capsys, "--data-dir", data)
    assert papers[ENERGY]["authors"] == ENERGY_AUTHORS


@pytest.mark.parametrize("fmt", ["json", "csv", "bibtex"])
def test_import_of_the_export_takes_the_detached_marks_where_the_lists_hold_their_papers(
    capsys, tmp_path, fmt
):
    exported, _ids = _exported(capsys, tmp_path, fmt)
    corl, collas = _lists(tmp_path)
    data = tmp_path / "both"
    for each in (corl, collas):
        code, _, err = run(capsys, "add", each, "--data-dir", data)
        assert code == 0, err
    code, _, err = run(capsys, "import", exported, "--data-dir", data)
    assert code == 0, err
    code, out, err = run(capsys, "export", "--format", "json", "--data-dir", data)
    marks = {
        p["title"]: (p["state"], p["tags"], p["note"])
        for p in json.loads(out)
        if p["state"] != "new" or p["tags"] or p["note"]
    }
    assert marks == {ENERGY: ("kept", ["ebm"], ""), MAML: ("maybe", ["meta"], "look again")}


@pytest.mark.parametrize("fmt", ["json", "csv", "bibtex"])
def test_import_reads_a_detached_mark_as_the_paper_the_triage_file_knows(capsys, tmp_path, fmt):
    """Found by what identifies its paper, not by its id alone: where the paper has
    another id (a list scraped again, a title mended), the mark still finds it."""
    from tuireader.triage.carry import read_export

    exported, ids = _exported(capsys, tmp_path, fmt)
    _fmt, marks = read_export(exported)
    carried = {mark.paper_id: mark for mark in marks}
    energy = carried[ids[ENERGY]].identity
    assert (energy.title, energy.first_author, energy.year) == (ENERGY, "li", 2022)
    assert energy.title_key and energy.abstract_digest


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_given_as_a_catalog_gives_no_paper_the_author_of_a_detached_mark(
    capsys, tmp_path, fmt
):
    exported, _ids = _exported(capsys, tmp_path, fmt)
    collas = tmp_path / "lists" / "collas.bib"
    papers = _papers(capsys, collas, "--catalog", exported)
    assert papers[ENERGY]["authors"] == ENERGY_AUTHORS


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_of_detached_marks_alone_is_no_list_and_says_why(capsys, tmp_path, fmt):
    _exported(capsys, tmp_path, fmt)  # its data folder, with the two detached marks
    data = tmp_path / "data"
    alone = tmp_path / f"alone.{SUFFIX[fmt]}"
    code, _, err = run(
        capsys, "export", "--query", "is:detached", "--format", fmt, "-o", alone, "--data-dir", data
    )
    assert code == 0, err
    code, _, err = run(capsys, "add", alone, "--data-dir", tmp_path / "new")
    assert code == 2
    assert err.count(SAID) == 1 and "holds no rows" not in err, err
