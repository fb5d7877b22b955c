"""``show``, ``links`` and ``similar`` take one id: a second word that is no file, read
as a list, said "no such file" and showed nothing; it is said to be a second id."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def added(capsys, tmp_path):
    path = tmp_path / "papers.jsonl"
    records = [
        {"title": "Graph networks for molecules", "abstract": "Graphs of atoms.", "year": 2022},
        {"title": "Robots that learn to grasp", "abstract": "Grasping objects.", "year": 2022},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    _code, out, _ = run(capsys, "search", "graph", "--json")
    return json.loads(out)["hits"][0]["id"]


@pytest.mark.parametrize("command", ["show", "links", "similar"])
def test_a_second_id_is_said_to_be_one_and_no_file(capsys, added, command):
    code, out, err = run(capsys, command, added, "collins2022")
    assert code == 2 and out == ""
    assert f"{command} takes one paper id, and 'collins2022' is no file" in err
    assert "tuireader search WORDS" in err and "no papers could be loaded" not in err
    code, out, err = run(capsys, command, added, "collins2022", "--json")
    data = json.loads(out)
    assert code == 2 and data["error"] == "usage"
    assert data["message"].startswith(f"{command} takes one paper id")


def test_show_names_the_command_that_takes_several_ids(capsys, added):
    _code, _out, err = run(capsys, "show", added, "li2022")
    assert "cite ID ID… prints several papers" in err


def test_a_missing_list_file_is_still_said_to_be_no_file(capsys, added, tmp_path):
    code, _out, err = run(capsys, "show", added, tmp_path / "typo.bib")
    assert code == 2 and "typo.bib: no such file" in err and "takes one" not in err
