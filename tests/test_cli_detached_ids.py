"""The id of a detached mark (a mark on a paper no list holds) with one list left in the
library: said to be "not in the list 'graphs'" (as an export says it), where it was
said to be "in none of these lists"; a beginning of it names it as a beginning of a
listed paper's id names that paper; and ``search`` given it names the mark, where it
said only that no paper matches."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tuireader import cli
from tuireader.cli import main
from tuireader.triage.store import DetachedMark

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
}


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def detached(capsys, tmp_path) -> str:
    """The id of a paper kept whose list was removed, the list 'graphs' left."""
    for name in ("attention", "graphs"):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps(PAPERS[name]) + "\n", encoding="utf-8")
        assert run(capsys, "add", path)[0] == 0
    _, out, _ = run(capsys, "search", "sparse attention", "--json")
    paper_id = json.loads(out)["hits"][0]["id"]
    assert run(capsys, "triage", paper_id, "--state", "keep")[0] == 0
    assert run(capsys, "remove", "attention")[0] == 0
    return paper_id


def test_with_one_list_left_the_mark_is_said_not_in_it(capsys, detached):
    code, out, err = run(capsys, "show", detached)
    assert code == 1 and out == ""
    assert f"{detached!r} is the id of a paper “Sparse Attention for Long Documents” " in err
    assert "not in the list 'graphs': its triage (kept) stays" in err
    assert "in none of these lists" not in err
    code, _, err = run(capsys, "cite", "--query", "is:detached")
    assert code == 1 and "kept for papers not in the list 'graphs'" in err


def test_a_beginning_of_a_detached_id_names_its_mark(capsys, detached):
    begun = detached[:5]
    for command in ("show", "links", "similar", "cite"):
        code, out, err = run(capsys, command, begun)
        assert code == 1 and out == "", command
        # the mark's whole id is said, as the paper it was given for
        assert f"{detached!r} is the id of a paper “Sparse Attention" in err, command
        assert "no paper with id" not in err, command
    code, out, _ = run(capsys, "show", begun, "--json")
    assert json.loads(out)["detached"]["id"] == detached
    code, out, err = run(capsys, "triage", begun, "--state", "skip")
    assert code == 0, err
    assert out.startswith(f"{detached}  Sparse Attention for Long Documents")
    _, out, _ = run(capsys, "search", "is:detached", "--json")
    (mark,) = json.loads(out)["detached"]
    assert mark["id"] == detached and mark["state"] == "skip"


def test_a_beginning_of_a_listed_id_is_still_its_paper(capsys, detached):
    _, out, _ = run(capsys, "search", "graph networks", "--json")
    listed = json.loads(out)["hits"][0]["id"]
    code, out, err = run(capsys, "show", listed[:5])
    assert code == 0 and "Graph Networks for Molecules" in out, err


def test_search_given_a_detached_id_names_its_mark(capsys, detached):
    code, out, err = run(capsys, "search", detached)
    assert code == 1 and out == ""
    assert f"no papers match {detached!r}" in err
    assert f"{detached!r} is the id of a paper “Sparse Attention for Long Documents” " in err
    assert "search is:detached" in err
    code, out, _ = run(capsys, "search", detached, "--json")
    answer = json.loads(out)
    assert code == 1 and answer["hits"] == [] and answer["total"] == 0
    assert "“Sparse Attention for Long Documents”" in answer["message"]
    assert [mark["id"] for mark in answer["detached"]] == [detached]
    # a search takes whole ids, a beginning finds nothing as a listed paper's does
    code, out, err = run(capsys, "search", detached[:5])
    assert code == 1 and "Sparse Attention" not in err


def test_a_beginning_of_several_detached_ids_names_none_of_them():
    marks = (DetachedMark("abcd2345", "One"), DetachedMark("abzz2345", "Two"))
    session = SimpleNamespace(triage=SimpleNamespace(detached=marks))
    assert cli._detached_mark(session, "ab") is None
    assert cli._detached_mark(session, "abc") is marks[0]
    assert cli._detached_mark(session, "[ABZZ2345]") is marks[1]
    assert cli._detached_mark(session, "abc", beginning=False) is None
    said = cli._detached_begun("ab", list(cli._detached_marks(session, "ab")))
    assert "2 detached marks (abcd2345, abzz2345)" in said and "give more of it" in said
