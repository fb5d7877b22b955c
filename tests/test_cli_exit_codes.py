"""One rule for the exit code of what reading met, across ``lists``, ``search``, ``show``
and ``export``, with and without ``--json``: not one list read, 2 (``"error": "no
papers"``); a list named that cannot be read, 2 after the answer; a list of the library
that cannot be read while others can, said and among the ``"problems"``, the answer's
code."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _paper_id(capsys, *sources) -> str:
    code, out, err = run(capsys, "search", "privacy", "--json", *sources)
    assert code == 0, err
    return json.loads(out)["hits"][0]["id"]


def _commands(paper_id: str) -> dict[str, list[str]]:
    return {
        "lists": ["lists"],
        "search": ["search", "privacy"],
        "show": ["show", paper_id],
        "export": ["export", "--format", "csv", "-o", "-"],
    }


#: each command, with and without --json (export writes its format, not a JSON answer)
CASES = [
    pytest.param(command, json_out, id=f"{command}-{'json' if json_out else 'text'}")
    for command in ("lists", "search", "show", "export")
    for json_out in (False, True)
    if not (json_out and command == "export")
]


@pytest.mark.parametrize(("command", "json_out"), CASES)
def test_a_library_none_of_whose_lists_can_be_read_ends_every_command_with_2(
    capsys, tmp_path, command, json_out
):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    assert run(capsys, "add", str(mine))[0] == 0
    argv = _commands(_paper_id(capsys))[command] + (["--json"] if json_out else [])
    mine.unlink()
    code, out, err = run(capsys, *argv)
    assert code == 2, err
    assert "none of the lists in your library can be read" in err
    if json_out:
        data = json.loads(out)
        assert data["error"] == "no papers"
        assert [(p["path"], p["severity"]) for p in data["problems"]] == [(str(mine), "error")]


@pytest.mark.parametrize(("command", "json_out"), CASES)
def test_a_list_of_the_library_gone_among_others_is_said_and_the_answer_stands(
    capsys, tmp_path, command, json_out
):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[:1])
    assert run(capsys, "add", str(mine), str(other))[0] == 0
    argv = _commands(_paper_id(capsys))[command] + (["--json"] if json_out else [])
    other.unlink()
    code, out, err = run(capsys, *argv)
    assert code == 0 and out, err
    assert "list 'other' is missing" in err
    if json_out:
        # lists --json gave the library's entry a state, and no problem, where the others
        # named it among their problems
        data = json.loads(out)
        assert "error" not in data
        assert [(p["path"], p["severity"]) for p in data["problems"]] == [(str(other), "error")]


@pytest.mark.parametrize(("command", "json_out"), CASES)
def test_a_list_named_that_cannot_be_read_ends_with_2_after_the_answer(
    capsys, tmp_path, command, json_out
):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    missing = tmp_path / "missing.jsonl"
    argv = _commands(_paper_id(capsys, str(mine)))[command] + (["--json"] if json_out else [])
    code, out, err = run(capsys, *argv, str(mine), str(missing))
    assert code == 2 and out and f"{missing}: no such file" in err
    if json_out:
        data = json.loads(out)
        assert "error" not in data
        assert [(p["path"], p["severity"]) for p in data["problems"]] == [(str(missing), "error")]


def test_the_help_gives_the_rule(capsys):
    assert main(["--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "a list named that cannot be read, not one list that can be read, lists too" in said
