"""An empty library (every list removed) is shown by ``lists``, exit 0, with and without
``--json``; the commands that read papers have none to give and end with 2, their JSON
saying ``"error": "no papers"`` as when no list of the library can be read (nothing
the user typed was wrong), and the same message as ``lists``. ``--help`` says so."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

PAPER = {
    "title": "Sparse Attention for Long Documents",
    "abstract": "We study sparse attention over long documents and show it scales.",
}


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def emptied(capsys, tmp_path):
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(PAPER) + "\n", encoding="utf-8")
    assert run(capsys, "add", lst)[0] == 0
    assert run(capsys, "remove", "list")[0] == 0


def test_lists_shows_an_empty_library_with_its_message(capsys, emptied):
    code, out, err = run(capsys, "lists")
    assert code == 0 and out == "" and "your library is empty" in err
    code, out, err = run(capsys, "lists", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["lists"] == [] and answer["papers"] == 0
    assert "error" not in answer
    assert answer["message"].startswith("your library is empty")
    assert answer["message"] in err


@pytest.mark.parametrize(
    "argv",
    [
        ("search", "sparse"),
        ("show", "abc123"),
        ("similar", "abc123"),
        ("links", "abc123"),
    ],
)
def test_commands_that_read_papers_say_no_papers_with_2(capsys, emptied, argv):
    code, out, _err = run(capsys, *argv, "--json")
    answer = json.loads(out)
    assert code == 2
    assert answer["error"] == "no papers"
    assert answer["message"].startswith("your library is empty")
    listed = json.loads(run(capsys, "lists", "--json")[1])
    assert answer["message"] == listed["message"]


def test_help_says_how_an_empty_library_ends(capsys):
    code, out, _ = run(capsys, "--help")
    out = " ".join(out.split())
    assert code == 0
    assert "an empty library for the commands that read papers (lists shows it empty, 0)" in out
