"""Every list removed, the marks kept are all detached: ``search is:detached`` lists them
and an export of the library carries them, as they do while some lists remain; the other
commands say how many are kept, and how to see them."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tuireader.cli import main

PAPERS = [
    {
        "title": "Sparse Attention for Long Documents",
        "authors": ["Ada Lovelace"],
        "abstract": "We study sparse attention over long documents and show it scales.",
    },
    {
        "title": "Graph Networks for Molecules",
        "authors": ["Alan Turing"],
        "abstract": "Graph networks predict molecular properties from structure alone.",
    },
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def emptied(capsys, tmp_path):
    """A library whose only list was removed after one of its papers was kept, tagged."""
    lst = tmp_path / "list.jsonl"
    lst.write_text("".join(json.dumps(p) + "\n" for p in PAPERS), encoding="utf-8")
    assert run(capsys, "add", lst)[0] == 0
    code, out, _ = run(capsys, "search", "sparse attention", "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    assert run(capsys, "triage", paper_id, "--state", "keep", "--tag", "to-read")[0] == 0
    code, _, err = run(capsys, "remove", "list")
    assert code == 0 and "your library is empty" in err
    return paper_id, err


def test_search_is_detached_lists_the_marks_of_an_emptied_library(capsys, emptied):
    # "your library is empty", exit 2, although the mark is kept as detached
    emptied, _ = emptied
    code, out, err = run(capsys, "search", "is:detached")
    assert code == 0, err
    assert out.startswith(emptied) and "[kept #to-read]  Sparse Attention" in out
    code, out, _ = run(capsys, "search", "is:detached tag:to-read", "--json")
    answer = json.loads(out)
    assert code == 0 and [mark["id"] for mark in answer["detached"]] == [emptied]
    code, out, err = run(capsys, "search", "is:detached graph")
    assert code == 1 and out == "" and "no detached marks match" in err


@pytest.mark.parametrize("query", [(), ("--query", "is:detached")])
def test_an_export_of_an_emptied_library_carries_its_marks(capsys, emptied, tmp_path, query):
    emptied, _ = emptied
    code, out, err = run(capsys, "export", "--format", "json", *query)
    assert code == 0, err
    (paper,) = json.loads(out)
    assert paper["id"] == emptied and paper["state"] == "kept" and paper["tags"] == ["to-read"]
    assert paper["detached"] is True
    assert "exported 1 detached mark (on papers of no list: your library holds none)" in err
    target = tmp_path / "marks.csv"
    code, _, err = run(capsys, "export", "--format", "csv", "-o", target, *query)
    assert code == 0 and f"wrote 1 detached mark to {target}" in err
    (row,) = csv.DictReader(io.StringIO(target.read_text(encoding="utf-8")))
    assert row["id"] == emptied and row["state"] == "kept"


def test_what_cannot_carry_them_says_how_many_are_kept(capsys, emptied):
    _, removed = emptied  # remove says it of the last list taken out
    assert "1 triage mark is kept detached" in removed and "search is:detached" in removed
    for argv in (
        ("search", "sparse"),
        ("export", "--format", "markdown"),
        ("export", "--format", "json", "--query", "sparse"),
        ("lists",),
    ):
        code, _out, err = run(capsys, *argv)
        assert "your library is empty" in err, argv
        assert "1 triage mark is kept detached" in err and "search is:detached" in err, argv
        assert code == (0 if argv == ("lists",) else 2), argv


def test_an_empty_library_without_marks_is_said_as_before(capsys, tmp_path):
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(PAPERS[0]) + "\n", encoding="utf-8")
    run(capsys, "add", lst)
    run(capsys, "remove", "list")
    for argv in (("search", "is:detached"), ("export", "--format", "json")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "your library is empty" in err and "detached" not in err, argv
