"""A BibTeX export taken up in a data folder without its tags gives each tag as the user
wrote it: its keyword reads a ``;`` as a space, and "RL; theory" came back as another
tag, "RL theory"."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {
        "title": "Learning to grasp in clutter with careful experiments",
        "authors": ["Ada Lovelace"],
        "abstract": "We study robot grasping in clutter.",
        "year": 2023,
    },
    {
        "title": "Walking robots on rough ground",
        "authors": ["Alan Turing"],
        "abstract": "We study legged locomotion.",
        "year": 2023,
    },
]

TAGS = ["RL; theory", 'say "hi"', "survey"]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lst(tmp_path):
    path = tmp_path / "grasp.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def _ids(capsys, lst, data):
    _code, out, _ = run(capsys, "export", "--format", "json", lst, "--data-dir", data)
    return [paper["id"] for paper in json.loads(out)]


@pytest.mark.parametrize("state", ["keep", "new"])
def test_tags_come_back_as_written_in_a_fresh_data_folder(tmp_path, capsys, lst, state):
    mine, fresh = tmp_path / "mine", tmp_path / "fresh"
    first, _second = _ids(capsys, lst, mine)
    tags = [arg for tag in TAGS for arg in ("--tag", tag)]
    assert run(capsys, "triage", first, "--state", state, *tags, lst, "--data-dir", mine)[0] == 0
    export = tmp_path / "marks.bib"
    assert (
        run(capsys, "export", "--format", "bibtex", "-o", export, lst, "--data-dir", mine)[0] == 0
    )
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", fresh)
    assert code == 0, err
    _code, out, _ = run(capsys, "show", first, lst, "--data-dir", fresh, "--json")
    assert sorted(json.loads(out)["tags"]) == sorted(TAGS)


def test_tags_a_keyword_gives_whole_add_no_field(tmp_path, capsys, lst):
    data = tmp_path / "data"
    first, _second = _ids(capsys, lst, data)
    assert run(capsys, "triage", first, "--tag", "survey", lst, "--data-dir", data)[0] == 0
    _code, out, _ = run(capsys, "export", "--format", "bibtex", lst, "--data-dir", data)
    assert "tuireader:new, survey" in out and "tuireader-tag-names" not in out


def test_the_names_are_no_field_of_the_paper_read_as_a_list(tmp_path, capsys, lst):
    data, other = tmp_path / "data", tmp_path / "other"
    first, _second = _ids(capsys, lst, data)
    assert run(capsys, "triage", first, "--tag", "RL; theory", lst, "--data-dir", data)[0] == 0
    export = tmp_path / "back" / "marks.bib"
    export.parent.mkdir()
    run(capsys, "export", "--format", "bibtex", "-o", export, lst, "--data-dir", data)
    assert "tuireader-tag-names" in export.read_text(encoding="utf-8")
    _code, out, _ = run(capsys, "cite", first, export, "--data-dir", other)
    assert "tuireader" not in out and "RL" not in out
