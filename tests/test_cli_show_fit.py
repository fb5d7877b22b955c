"""``show --json`` gives an undecided paper's ``fit`` and ``why``, as ``search --sort fit
--json`` gives its hits and the reader's viewer shows its why line."""

from __future__ import annotations

import json

from tuireader.cli import main

TOPICS = {
    "grasp": "We learn robot grasping of objects in clutter with a parallel gripper and grasp "
    "quality prediction.",
    "drive": "Autonomous driving in traffic with lidar perception and motion planning for cars.",
}


def _list(tmp_path):
    records = [
        {
            "title": f"{topic.title()} study number {i} of many careful experiments",
            "authors": [f"Author {topic} {i}"],
            "abstract": f"{text} Variant {i} adds idea {i * 7}.",
        }
        for i in range(8)
        for topic, text in TOPICS.items()
    ]
    path = tmp_path / "list.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def _hits(capsys, *argv):
    code, data, err = run(capsys, "search", *argv, "--json", "--limit", "100")
    assert code == 0, err
    return data["hits"]


def test_an_undecided_paper_has_the_fit_and_why_its_search_hit_has(tmp_path, capsys):
    data, lst = tmp_path / "data", _list(tmp_path)
    grasp = [hit["id"] for hit in _hits(capsys, "grasping", lst, "--data-dir", data)]
    drive = [hit["id"] for hit in _hits(capsys, "driving", lst, "--data-dir", data)]
    # no decision yet: nothing to learn from, and no fit said
    code, shown, _ = run(capsys, "show", grasp[3], lst, "--data-dir", data, "--json")
    assert code == 0 and "fit" not in shown and "why" not in shown
    for ids, state in ((grasp[:2], "keep"), (drive[:2], "skip")):
        assert main(["triage", *ids, str(lst), "--state", state, "--data-dir", str(data)]) == 0
    capsys.readouterr()
    hits = _hits(capsys, "study", lst, "--data-dir", data, "--sort", "fit")
    by_id = {hit["id"]: hit for hit in hits}
    for paper_id in (grasp[3], drive[4]):
        code, shown, err = run(capsys, "show", paper_id, lst, "--data-dir", data, "--json")
        assert code == 0, err
        assert shown["state"] == "new"
        assert (shown["fit"], shown["why"]) == (by_id[paper_id]["fit"], by_id[paper_id]["why"])
    assert by_id[grasp[3]]["fit"] > by_id[drive[4]]["fit"]
    assert by_id[grasp[3]]["why"]["words"]
    # a decided paper: why it ranks where it does explains nothing any more
    code, shown, _ = run(capsys, "show", grasp[0], lst, "--data-dir", data, "--json")
    assert code == 0 and shown["state"] == "kept"
    assert "fit" not in shown and "why" not in shown
