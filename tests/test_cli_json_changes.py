"""``triage``, ``note`` and ``undo`` take ``--json``: a script reads on stdout what changed
(each paper before and after, how many changes, how to take them back), what was undone,
and a failure in the same shape, where it had only exit codes and lines of text."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {
        "title": f"Robot grasping study {i}",
        "authors": [f"Ada Lovelace{i}"],
        "abstract": f"We study grasping in clutter, variant {i}.",
    }
    for i in range(4)
]


@pytest.fixture
def lst(tmp_path):
    path = tmp_path / "list.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def _ids(capsys, lst):
    _code, data, _ = run(capsys, "search", "grasping", lst, "--json")
    return sorted(hit["id"] for hit in data["hits"])


def _shown(capsys, lst, paper_id):
    code, data, err = run(capsys, "show", paper_id, lst, "--json")
    assert code == 0, err
    return data


def test_triage_json_gives_each_paper_before_and_after_and_the_undo(capsys, lst):
    first, second, *_ = _ids(capsys, lst)
    assert main(["triage", first, str(lst), "--tag", "RL"]) == 0
    capsys.readouterr()
    code, data, err = run(
        capsys, "triage", first, second, lst, "--state", "keep", "--tag", "rl", "--json"
    )
    assert code == 0, err
    by_id = {paper["id"]: paper for paper in data["papers"]}
    assert list(by_id) == [first, second]
    assert by_id[first]["before"] == {"state": "new", "tags": ["RL"]}
    # the tag in the spelling the library uses for it, as saved
    assert by_id[second]["before"] == {"state": "new", "tags": []}
    for paper_id, paper in by_id.items():
        shown = _shown(capsys, lst, paper_id)
        assert paper["after"] == {"state": shown["state"], "tags": shown["tags"]}
        assert paper["after"] == {"state": "kept", "tags": ["RL"]}
        assert paper["title"] == shown["title"] and paper["detached"] is False
    assert data["changes"] == 3 and "(3 changes;" in err
    assert data["message"] in err and data["undo"] == "tuireader undo"
    code, data, err = run(capsys, "triage", first, lst, "--untag", "RL", "--tag", "b", "--json")
    assert code == 0 and data["papers"][0]["after"] == {"state": "kept", "tags": ["b"]}
    assert data["changes"] == 2
    assert _shown(capsys, lst, first)["tags"] == ["b"]
    code, data, err = run(capsys, "triage", first, lst, "--state", "keep", "--json")
    assert code == 0 and (data["changes"], data["undo"]) == (0, None)
    assert "nothing changed" in data["message"]


def test_triage_json_of_an_id_that_names_no_paper_changes_nothing_and_says_so(capsys, lst):
    first, *_ = _ids(capsys, lst)
    code, data, err = run(capsys, "triage", first, "zzzzzz", lst, "--state", "skip", "--json")
    assert code == 1 and "nothing changed" in err
    assert data["error"] == "not found" and data["query"] == "zzzzzz"
    assert (data["papers"], data["changes"], data["undo"]) == ([], 0, None)
    assert "no paper with id 'zzzzzz'" in data["message"]
    assert _shown(capsys, lst, first)["state"] == "new"
    code, data, _err = run(capsys, "triage", first, lst, "--state", "kep", "--json")
    assert code == 2 and data["error"] == "usage" and "did you mean keep" in data["message"]
    assert data["papers"] == []


def test_note_json_gives_the_note_as_saved(capsys, lst):
    first, second, *_ = _ids(capsys, lst)
    code, data, err = run(capsys, "note", first, lst, "--set", "one  \r\ntwo\n\n", "--json")
    assert code == 0, err
    (paper,) = data["papers"]
    assert paper["id"] == first and paper["before"] == {"note": ""}
    assert paper["after"] == {"note": _shown(capsys, lst, first)["note"]} == {"note": "one  \ntwo"}
    assert data["changes"] == 1 and data["undo"] == "tuireader undo"
    code, data, err = run(capsys, "note", first, second, lst, "--append", "three", "--json")
    assert code == 0, err
    after = {paper["id"]: paper["after"]["note"] for paper in data["papers"]}
    assert after == {first: "one  \ntwo\nthree", second: "three"}
    assert after[first] == _shown(capsys, lst, first)["note"]
    code, data, err = run(capsys, "note", first, lst, "--json")
    assert code == 0 and (data["id"], data["note"]) == (first, "one  \ntwo\nthree")
    code, data, err = run(capsys, "note", first, lst, "--clear", "--json")
    assert code == 0 and data["papers"][0]["after"] == {"note": ""}
    code, data, err = run(capsys, "note", first, lst, "--json")
    assert code == 1 and data["note"] == "" and data["message"] == f"{first} has no note"
    code, data, err = run(capsys, "note", first, lst, "--set", " ", "--json")
    assert code == 2 and data["error"] == "usage" and "nothing saved" in data["message"]


def test_undo_json_says_what_was_undone_and_where_it_was_made(capsys, lst):
    first, second, *_ = _ids(capsys, lst)
    assert main(["triage", first, second, str(lst), "--state", "skip"]) == 0
    capsys.readouterr()
    code, data, err = run(capsys, "undo", "--json")
    assert code == 0, err
    assert data["undone"] == "new → skip" and data["kind"] == "triage"
    assert data["made"] == "on the command line"
    assert {paper["id"] for paper in data["papers"]} == {first, second}
    assert {paper["title"] for paper in data["papers"]} == {
        _shown(capsys, lst, first)["title"],
        _shown(capsys, lst, second)["title"],
    }
    assert data["left"] == [] and data["message"] in err
    code, data, err = run(capsys, "undo", "--json")
    assert code == 1 and data["error"] == "nothing to undo" and data["papers"] == []


def test_triage_json_of_a_detached_mark_says_so(capsys, lst, tmp_path):
    first, *_ = _ids(capsys, lst)
    title = _shown(capsys, lst, first)["title"]
    assert main(["triage", first, str(lst), "--state", "keep", "--tag", "x"]) == 0
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"title": "Proteins", "abstract": "Fold."}) + "\n", "utf-8")
    capsys.readouterr()
    # read with another list alone, the mark is on a paper of none of the lists
    code, data, err = run(capsys, "triage", first, other, "--state", "skip", "--json")
    assert code == 0, err
    (paper,) = data["papers"]
    assert paper["detached"] is True and paper["title"] == title
    assert paper["before"] == {"state": "kept", "tags": ["x"]}
    assert paper["after"] == {"state": "skip", "tags": ["x"]}
    _code, found, _ = run(capsys, "search", "is:detached", other, "--json")
    assert [(m["id"], m["state"]) for m in found["detached"]] == [(first, "skip")]


def test_a_change_the_papers_already_have_succeeds_and_says_they_are_unchanged(capsys, lst):
    # setting a state a paper is in ended with 0 where --help said 1 meant "nothing done",
    # and --json did not say which papers were left as they were
    first, second, *_ = _ids(capsys, lst)
    assert main(["triage", first, str(lst), "--state", "keep", "--tag", "rl"]) == 0
    capsys.readouterr()
    code, data, err = run(capsys, "triage", first, second, lst, "--state", "keep", "--json")
    assert code == 0, err
    changed = {paper["id"]: paper["changed"] for paper in data["papers"]}
    assert changed == {first: False, second: True} and data["changes"] == 1
    for argv in (["--state", "kept"], ["--tag", "RL"], ["--untag", "none-such"]):
        code, data, err = run(capsys, "triage", first, lst, *argv, "--json")
        assert code == 0 and "nothing changed: it was so already" in err
        assert [paper["changed"] for paper in data["papers"]] == [False]
        assert (data["changes"], data["undo"]) == (0, None)
    assert run(capsys, "note", first, lst, "--set", "seen", "--json")[1]["papers"][0]["changed"]
    code, data, err = run(capsys, "note", first, lst, "--set", "seen", "--json")
    assert code == 0 and "nothing changed" in err
    assert [paper["changed"] for paper in data["papers"]] == [False]


def test_the_help_says_a_change_the_papers_already_have_ends_with_0(capsys):
    for argv, said in (
        (["--help"], "A triage or note change the papers already had is a success, 0"),
        (["triage", "--help"], 'exit code is 0 (--json: "changed": false'),
        (["note", "--help"], 'exit code is 0 (--json: "changed": false)'),
    ):
        assert main(argv) == 0
        assert said in " ".join(capsys.readouterr().out.split())
