"""``export -o FILE --json``: what was written, as JSON on stdout, where a script had only
the line stderr gives: the file, its format, how many papers and detached marks it holds,
and what the export left out."""

from __future__ import annotations

import csv
import json

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def _write(path, titles):
    records = [{"title": title, "abstract": f"About {title}."} for title in titles]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _ids(capsys, lst):
    _code, data, _ = run(capsys, "search", "", lst, "--json", "--limit", "100")
    return [hit["id"] for hit in data["hits"]]


def test_export_json_says_what_it_wrote(capsys, tmp_path):
    lst = _write(tmp_path / "graphs.jsonl", ["Graph one", "Graph two", "Graph three"])
    first, second, _third = _ids(capsys, lst)
    assert main(["triage", first, second, str(lst), "--state", "keep"]) == 0
    capsys.readouterr()
    out = tmp_path / "kept.csv"
    code, data, err = run(
        capsys, "export", lst, "--format", "csv", "--query", "is:kept", "-o", out, "--json"
    )
    assert code == 0, err
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["id"] for row in rows} == {first, second}
    assert data["file"] == str(out) and data["format"] == "csv" and data["query"] == "is:kept"
    assert (data["written"], data["papers"], data["detached"]) == (True, 2, 0)
    assert data["left_out"] == [] and data["message"] in err and str(out) in data["message"]


def test_export_json_says_what_it_left_out(capsys, tmp_path):
    graphs = _write(tmp_path / "graphs.jsonl", ["Graph one", "Graph two"])
    robots = _write(tmp_path / "robots.jsonl", ["Robot one"])
    (robot,) = _ids(capsys, robots)
    assert main(["triage", robot, str(robots), "--state", "keep"]) == 0
    capsys.readouterr()
    # the robot's mark, on a paper of none of the lists read, goes in no Markdown export
    out = tmp_path / "reading.md"
    code, data, err = run(capsys, "export", graphs, "--format", "markdown", "-o", out, "--json")
    assert code == 0, err
    assert (data["papers"], data["detached"]) == (2, 0)
    (left,) = data["left_out"]
    assert "1 detached mark" in left and "left out" in left and left in err
    # in JSON the library's export carries it
    assert main(["add", str(graphs)]) == 0
    capsys.readouterr()
    out = tmp_path / "all.json"
    code, data, err = run(capsys, "export", "--format", "json", "-o", out, "--json")
    assert code == 0, err
    written = json.loads(out.read_text(encoding="utf-8"))
    assert (data["papers"], data["detached"]) == (2, 1) and len(written) == 3
    assert data["left_out"] == []


def test_export_json_that_writes_nothing_says_so(capsys, tmp_path):
    lst = _write(tmp_path / "graphs.jsonl", ["Graph one"])
    out = tmp_path / "none.csv"
    code, data, err = run(
        capsys, "export", lst, "--format", "csv", "--query", "is:maybe", "-o", out, "--json"
    )
    assert code == 1 and not out.exists() and "no papers match" in err
    assert (data["written"], data["papers"]) == (False, 0) and data["file"] == str(out)
    out.write_text("my own notes\n", encoding="utf-8")
    code, data, _err = run(capsys, "export", lst, "--format", "csv", "-o", out, "--json")
    assert code == 2 and data["error"] == "usage" and "--force" in data["message"]
    assert out.read_text(encoding="utf-8") == "my own notes\n"
