"""``add --json``: each list named, its name, file, paper count and what became of it,
and the warnings said on stderr; a list that cannot be read as JSON too."""

from __future__ import annotations

import json

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def _write(path, titles, tail=""):
    lines = [json.dumps({"title": title, "abstract": f"About {title}."}) for title in titles]
    path.write_text("\n".join(lines) + "\n" + tail, encoding="utf-8")
    return path


def test_add_json_names_each_list_with_its_papers_and_the_warnings(capsys, tmp_path):
    graphs = _write(tmp_path / "graphs.jsonl", ["Graph one", "Graph two"], "{not json\n")
    robots = _write(tmp_path / "robots.jsonl", ["Robot one", "Robot two", "Robot three"])
    code, data, err = run(capsys, "add", graphs, robots, "--json")
    assert code == 0, err
    assert data["lists"] == [
        {
            "name": "graphs",
            "title": "graphs",
            "path": str(graphs),
            "kind": "file",
            "papers": 2,
            "status": "added",
        },
        {
            "name": "robots",
            "title": "robots",
            "path": str(robots),
            "kind": "file",
            "papers": 3,
            "status": "added",
        },
    ]
    # what stderr said, the line skipped among it
    assert any("line 3 is not valid JSON" in w and str(graphs) in w for w in data["warnings"])
    assert all(warning in err for warning in data["warnings"])
    assert any("seed lists make way" in warning for warning in data["warnings"])
    _code, lists, _ = run(capsys, "lists", "--json")
    assert {entry["name"]: entry["papers"] for entry in lists["lists"]} == {
        "graphs": 2,
        "robots": 3,
    }
    code, data, err = run(capsys, "add", robots, "--json")
    assert code == 0 and [(e["name"], e["status"]) for e in data["lists"]] == [
        ("robots", "already")
    ]


def test_add_json_of_a_list_that_cannot_be_read_adds_the_others_and_says_why(capsys, tmp_path):
    good = _write(tmp_path / "good.jsonl", ["Graph one"])
    bad = tmp_path / "bad.json"
    bad.write_text("not a list\n", encoding="utf-8")
    missing = tmp_path / "missing.jsonl"
    code, data, err = run(capsys, "add", bad, good, missing, "--json")
    # as grep does: the rest are done, and the exit code names the failure
    assert code == 2 and "error" not in data
    assert [(e["name"], e["status"], e["papers"]) for e in data["lists"]] == [("good", "added", 1)]
    assert [(p["path"], p["severity"]) for p in data["problems"]] == [
        (str(bad), "error"),
        (str(missing), "error"),
    ]
    assert data["problems"][1]["message"] == "no such file or folder"
    assert f"no papers could be read from {bad}; not added" in err
    assert f"no such file or folder: {missing}; not added" in err
    assert all(warning in err for warning in data["warnings"])
    _code, lists, _ = run(capsys, "lists", "--json")
    assert {entry["name"] for entry in lists["lists"]} == {"good"}


def test_add_json_of_lists_none_of_which_can_be_read_adds_nothing(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("not a list\n", encoding="utf-8")
    missing = tmp_path / "missing.jsonl"
    code, data, err = run(capsys, "add", bad, missing, "--json")
    assert code == 2 and "nothing added" in err
    assert data["error"] == "usage" and data["lists"] == []
    assert data["message"].startswith(f"no papers could be read from {bad}; no such file")
    assert [(p["path"], p["severity"]) for p in data["problems"]] == [
        (str(bad), "error"),
        (str(missing), "error"),
    ]
    code, data, err = run(capsys, "add", "--json")
    assert code == 2 and data["error"] == "usage" and "--seeds" in data["message"]
    _code, lists, _ = run(capsys, "lists", "--json")
    assert [entry["kind"] for entry in lists["library"]["entries"]] == ["seeds"]


def test_add_json_of_a_folder_in_the_library_carries_what_stderr_says(capsys, tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    _write(folder / "graphs.jsonl", ["Graph one", "Graph two"], "{not json\n")
    _write(folder / "robots.jsonl", ["Robot one"])
    (folder / "empty.jsonl").write_text("", encoding="utf-8")
    code, data, err = run(capsys, "add", folder, "--json")
    assert code == 0 and len(data["warnings"]) == 3, err
    assert all(warning in err for warning in data["warnings"])
    # in the library already, its lists as they were: said when added, not again
    code, data, err = run(capsys, "add", folder, "--json")
    assert code == 0 and data["lists"][0]["status"] == "already"
    assert (data["warnings"], err) == ([], "")
    # a list of it changed since: read now, what it holds is said, in the JSON too
    _write(folder / "graphs.jsonl", ["Graph one", "Graph two", "Graph three"], "{not json\n")
    code, data, err = run(capsys, "add", folder, "--json")
    assert code == 0 and data["lists"][0]["papers"] == 4
    assert len(data["warnings"]) == 1 and "line 4 is not valid JSON" in data["warnings"][0]
    assert err.splitlines() == [f"tuireader: {warning}" for warning in data["warnings"]]
    # and said once, as a command that read it first says it
    code, _data, err = run(capsys, "search", "graph", "--json")
    assert code == 0 and "not valid JSON" not in err
