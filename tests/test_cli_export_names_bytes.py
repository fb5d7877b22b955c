"""An export's file that is there but cannot be replaced, and an empty name after -o,
each said as what they are; a query holding bytes that are not UTF-8 is said so, and
never answered with a suggestion that holds such a byte."""

from __future__ import annotations

import errno
import json

import pytest

from tuireader.cli import main

RECORDS = [
    {"title": "Car detection at night", "abstract": "A car seen by cameras."},
    {"title": "Self-driving car planning", "abstract": "Planning for the car ahead."},
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def papers(capsys, tmp_path):
    path = tmp_path / "cars.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    return path


def test_a_file_there_that_cannot_be_replaced_is_not_said_to_be_missing(
    capsys, papers, tmp_path, monkeypatch
):
    from tuireader.triage import export

    target = tmp_path / "version"
    target.write_text("", encoding="utf-8")

    def refused(_text, path):  # as /proc makes no file beside /proc/version
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(path))

    monkeypatch.setattr(export, "write_export", refused)
    code, out, err = run(capsys, "export", "--format", "csv", "-o", target)
    assert code == 2 and out == ""
    assert f"cannot write {target}: it is there, but cannot be written or replaced" in err
    assert "No such file" not in err
    code, out, err = run(capsys, "export", "--format", "csv", "-o", tmp_path / "nope" / "x.csv")
    assert code == 2 and "No such file or directory" in err  # its folder is missing


def test_an_empty_file_name_after_o_is_said_to_be_one(capsys, papers, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "export", "--format", "csv", "-o", "")
    assert code == 2 and out == "" and "an empty file name was given after -o" in err
    assert "is a folder" not in err
    code, out, err = run(capsys, "export", "--format", "csv", "-o", "", "--json")
    assert code == 2 and "an empty file name" in json.loads(out)["message"]


def test_a_query_with_bytes_that_are_not_utf8_is_said_so_and_never_mended(capsys, papers):
    code, out, err = run(capsys, "search", "caf\udce9")
    assert code == 1 and out == ""
    assert "the query held bytes that are not UTF-8 (\\xe9)" in err
    assert "did you mean" not in err and "\ufffd" not in err
    code, out, err = run(capsys, "search", "caf\udce9", "--json")
    data = json.loads(out)
    assert code == 1 and data["suggestion"] is None
    assert "the query held bytes that are not UTF-8 (\\xe9)" in data["message"]
    code, out, err = run(capsys, "search", "cor", "--json")  # a slip in UTF-8 is mended
    assert json.loads(out)["suggestion"] == "car"
