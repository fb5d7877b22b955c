"""A file or folder of the current folder named like the id a command is given does not
take the id's place: the first word is the id, as ``show`` takes it, in every command
that takes ids; a word read as a list where no id is left is said to have been."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

IGSG_ID = "fhg466ju"  # the seeds' "Attack-free Evaluating ..." paper


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(params=["file", "folder"])
def here(request, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if request.param == "file":
        (tmp_path / IGSG_ID).write_text("x\n", encoding="utf-8")
    else:
        (tmp_path / IGSG_ID).mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "argv",
    [
        ("show", IGSG_ID),
        ("triage", IGSG_ID, "--tag", "z"),
        ("note", IGSG_ID, "--set", "read it"),
        ("cite", IGSG_ID),
        ("copy", IGSG_ID),
        ("links", IGSG_ID),
        ("similar", IGSG_ID),
    ],
)
def test_a_file_named_like_the_id_leaves_it_an_id(capsys, here, argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert IGSG_ID in out


def test_the_id_named_so_is_triaged_and_noted(capsys, here):
    assert run(capsys, "triage", IGSG_ID, "--tag", "z")[0] == 0
    assert run(capsys, "note", IGSG_ID, "--set", "read it")[0] == 0
    code, out, _err = run(capsys, "show", IGSG_ID, "--json")
    data = json.loads(out)
    assert code == 0 and data["tags"] == ["z"] and data["note"] == "read it"


def test_a_path_read_as_a_list_is_said_when_no_id_is_left(capsys, here):
    code, _out, err = run(capsys, "triage", f"./{IGSG_ID}", "--tag", "z")
    assert code == 2 and "give the ids of the papers to triage" in err
    assert f"'./{IGSG_ID}' was read as a list" in err
    code, _out, err = run(capsys, "cite", f"./{IGSG_ID}")
    assert code == 2 and f"'./{IGSG_ID}' was read as a list" in err
