"""Every list removed, a command given the id of a detached mark acts on it as it does
while some lists remain: triage and note change it, show, links and similar say what it
is (exit 1); an id of no mark is said with the library being empty (exit 2)."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

PAPERS = {
    "attention": {
        "title": "Sparse Attention for Long Documents",
        "authors": ["Ada Lovelace"],
        "abstract": "We study sparse attention over long documents and show it scales.",
    },
    "graphs": {
        "title": "Graph Networks for Molecules",
        "authors": ["Alan Turing"],
        "abstract": "Graph networks predict molecular properties from structure alone.",
    },
    "proofs": {
        "title": "Proof Search with Learned Heuristics",
        "authors": ["Kurt Goedel"],
        "abstract": "Learned heuristics guide a prover through large proof spaces.",
    },
}


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def library(capsys, tmp_path, *names):
    for name in names:
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps(PAPERS[name]) + "\n", encoding="utf-8")
        assert run(capsys, "add", path)[0] == 0


def marked(capsys, tmp_path, remaining):
    """The id of a paper kept, with a note, whose list was removed; ``remaining``: the
    lists left in the library."""
    library(capsys, tmp_path, "attention", *remaining)
    _, out, _ = run(capsys, "search", "sparse attention", "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    assert run(capsys, "triage", paper_id, "--state", "keep")[0] == 0
    assert run(capsys, "note", paper_id, "--set", "x")[0] == 0
    assert run(capsys, "remove", "attention")[0] == 0
    return paper_id


def mark_of(capsys, paper_id):
    code, out, err = run(capsys, "search", "is:detached", "--json")
    assert code == 0, err
    (mark,) = json.loads(out)["detached"]
    assert mark["id"] == paper_id
    return mark


@pytest.mark.parametrize("remaining", [("graphs",), ()], ids=["a list left", "no list left"])
def test_triage_and_note_change_a_detached_mark(capsys, tmp_path, remaining):
    # with no list left: "your library is empty", exit 2, nothing changed
    paper_id = marked(capsys, tmp_path, remaining)
    code, out, err = run(capsys, "triage", paper_id, "--state", "skip")
    assert code == 0, err
    assert out == f"{paper_id}  Sparse Attention for Long Documents  (detached mark)\n"
    assert "now skipped" in err
    code, out, err = run(capsys, "note", paper_id, "--set", "y")
    assert code == 0 and "note set" in err, err
    assert mark_of(capsys, paper_id)["state"] == "skip"
    code, out, _ = run(capsys, "note", paper_id)
    assert code == 0 and out == "y\n"
    code, _, err = run(capsys, "undo")
    assert code == 0 and mark_of(capsys, paper_id)["note"] == "x"


@pytest.mark.parametrize("remaining", [("graphs",), ()], ids=["a list left", "no list left"])
def test_show_links_and_similar_say_what_a_detached_mark_is(capsys, tmp_path, remaining):
    paper_id = marked(capsys, tmp_path, remaining)
    where = "not in the list 'graphs'" if remaining else "of no list (your library holds none"
    for command in ("show", "links", "similar"):
        code, out, err = run(capsys, command, paper_id)
        assert code == 1 and out == "", command
        assert f"{paper_id!r} is the id of a paper “Sparse Attention for Long Documents” " in err
        assert where in err and "(kept) stays, detached" in err, command
        assert "search is:detached" in err, command
        assert remaining or "these lists" not in err, command
        code, out, _ = run(capsys, command, paper_id, "--json")
        answer = json.loads(out)
        assert code == 1 and answer["error"] == "not found", command
        assert answer["detached"]["id"] == paper_id and answer["detached"]["note"] == "x"


def test_an_id_of_no_mark_says_the_library_is_empty(capsys, tmp_path):
    paper_id = marked(capsys, tmp_path, ())
    for argv in (
        ("show", "nosuchid"),
        ("triage", paper_id, "nosuchid", "--state", "skip"),
        ("note", "nosuchid", "--set", "y"),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "", argv
        assert "your library is empty" in err and "1 triage mark is kept detached" in err
    mark = mark_of(capsys, paper_id)
    assert mark["state"] == "kept" and mark["note"] == "x"


@pytest.mark.parametrize(
    ("remaining", "where"),
    [
        ((), "(on papers of no list: your library holds none)"),
        (("graphs",), "(on papers not in the list 'graphs')"),
        (("graphs", "proofs"), "(on papers of none of these lists)"),
    ],
    ids=["no list left", "one list left", "two lists left"],
)
def test_an_export_says_where_the_papers_of_its_detached_marks_are_not(
    capsys, tmp_path, remaining, where
):
    # "of none of these lists" was said with no list left, and with one
    marked(capsys, tmp_path, remaining)
    code, out, err = run(capsys, "export", "--format", "json")
    assert code == 0, err
    assert f"exported {f'{len(remaining)} papers and ' if len(remaining) > 1 else ''}" in err
    assert f"1 detached mark {where}" in err
    assert [paper["id"] for paper in json.loads(out) if paper.get("detached")]
    if remaining:
        code, _, err = run(capsys, "export", "--format", "markdown")
        assert code == 0 and f"1 detached mark {where} left out" in err


@pytest.mark.parametrize("remaining", [("graphs",), ()], ids=["a list left", "no list left"])
def test_cite_and_copy_say_a_detached_mark_has_no_paper_to_give(capsys, tmp_path, remaining):
    # with no list left: "your library is empty", exit 2; with one: "no paper with id"
    paper_id = marked(capsys, tmp_path, remaining)
    where = "not in the list 'graphs'" if remaining else "of no list (your library holds none"
    for argv, nothing in (
        (("cite", paper_id), "nothing printed"),
        (("copy", paper_id), "nothing copied"),
        (("copy", paper_id, "--cite", "bibtex"), "nothing copied"),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 1 and out == "", argv
        assert f"{paper_id!r} is the id of a paper “Sparse Attention for Long Documents” " in err
        assert where in err and "search is:detached" in err and err.rstrip().endswith(nothing)
    code, _, err = run(capsys, "cite", paper_id, "nosuchid")
    assert code == (1 if remaining else 2)
    assert ("no paper with id 'nosuchid'" if remaining else "your library is empty") in err


def test_import_onto_an_emptied_library_keeps_its_marks_detached(capsys, tmp_path, monkeypatch):
    # "your library is empty", exit 2, nothing taken up
    paper_id = marked(capsys, tmp_path, ())
    export = tmp_path / "marks.json"
    assert run(capsys, "export", "--format", "json", "-o", export)[0] == 0
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "elsewhere"))
    library(capsys, tmp_path, "graphs")
    assert run(capsys, "remove", "graphs")[0] == 0  # a library emptied, with no mark
    code, out, err = run(capsys, "import", export, "--dry-run")
    assert code == 0 and "(a dry run: nothing saved)" in err, err
    code, out, err = run(capsys, "import", export, "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert [mark["id"] for mark in answer["detached"]] == [paper_id] and answer["taken"] == []
    assert "1 on papers of no list (your library holds none) kept as detached marks" in err
    assert "tuireader add FILE|DIR adds a list" in err and "these lists" not in err
    mark = mark_of(capsys, paper_id)
    assert mark["state"] == "kept" and mark["note"] == "x"
    library(capsys, tmp_path, "attention")  # the mark follows its paper back
    code, out, _ = run(capsys, "note", paper_id)
    assert code == 0 and out == "x\n"


@pytest.mark.parametrize("remaining", [("graphs",), ()], ids=["a list left", "no list left"])
def test_cite_and_copy_of_is_detached_say_the_marks_have_no_paper(capsys, tmp_path, remaining):
    # "no papers match 'is:detached'" with a list left, "your library is empty" (exit 2)
    # with none
    marked(capsys, tmp_path, remaining)
    for argv, nothing in (
        (("cite", "--query", "is:detached"), "nothing printed"),
        (("copy", "is:detached"), "nothing copied"),
        (("copy", "is:detached", "tag:to-read"), "nothing copied"),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 1 and out == "", argv
        assert "is:detached finds the triage marks kept for papers " in err
        assert f"{nothing} (tuireader search is:detached lists them" in err
        assert ("not in the list 'graphs'" if remaining else "tuireader add FILE|DIR") in err
    code, _, err = run(capsys, "cite", "--query", "is:detached year:abc")
    assert code == 2 and "year:abc names no year" in err
