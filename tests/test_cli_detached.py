"""Triage whose paper left the lists: the command line says so and lists it, never drops it."""

from __future__ import annotations

import json

from tuireader.cli import main
from tuireader.session import load_session

PAPERS = [
    {
        "title": "Sparse Attention for Long Documents",
        "authors": ["Ada Lovelace"],
        "abstract": "We study sparse attention over long documents and show it scales.",
    },
    {
        "title": "Graph Networks for Molecules",
        "authors": ["Alan Turing"],
        "abstract": "Graph networks predict molecular properties from structure alone.",
    },
]


def _write(path, papers):
    path.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_mark_whose_paper_left_is_reported_listed_and_comes_back(tmp_path, capsys):
    data = tmp_path / "data"
    lst = tmp_path / "list.jsonl"
    _write(lst, PAPERS)
    session = load_session([lst], data_dir=data)
    kept = next(p for p in session.library if p.title.startswith("Sparse"))
    store = session.open_store()
    store.set_state(kept.id, "kept")
    store.add_tag(kept.id, "to-read")
    store.close()

    _write(lst, PAPERS[1:])  # the list is re-scraped without the kept paper
    code, out, err = run(capsys, "search", "graph", str(lst), "--data-dir", str(data))
    assert code == 0
    assert "1 triage mark is on papers outside these lists" in err and "is:detached" in err

    code, out, err = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data))
    assert code == 0
    assert kept.id in out and "Sparse Attention for Long Documents" in out and "#to-read" in out

    code, out, _ = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data), "--json")
    data_json = json.loads(out)
    assert data_json["total"] == 1 and data_json["detached"][0]["state"] == "kept"

    _write(lst, PAPERS)  # the paper returns
    code, out, err = run(capsys, "search", "is:kept", str(lst), "--data-dir", str(data))
    assert code == 0 and kept.id in out and "detached" not in err
    code, out, err = run(capsys, "search", "is:detached", str(lst), "--data-dir", str(data))
    assert code == 1 and out == ""


def test_marks_outside_the_lists_are_said_when_they_change_not_on_every_command(tmp_path, capsys):
    # a list removed on purpose left the same line on every command, for ever
    data = tmp_path / "data"
    lst = tmp_path / "list.jsonl"
    _write(lst, PAPERS)
    session = load_session([lst], data_dir=data)
    first, second = session.library.papers
    store = session.open_store()
    store.set_state(first.id, "kept")
    store.set_state(second.id, "skip")
    store.close()
    args = ("--data-dir", str(data))
    said = "triage mark is on papers outside these lists"

    _write(lst, PAPERS[1:])
    assert said in run(capsys, "search", "graph", str(lst), *args)[2]
    assert said not in run(capsys, "search", "graph", str(lst), *args)[2]  # the same mark
    assert said not in run(capsys, "show", second.id, str(lst), *args)[2]
    assert said in run(capsys, "lists", str(lst), *args)[2]  # the inventory says it always

    _write(lst, [{"title": "Other", "abstract": "Something else entirely, at length."}])
    err = run(capsys, "search", "other", str(lst), *args)[2]
    assert "2 triage marks are on papers outside these lists" in err  # changed: said again
    assert "outside these lists" not in run(capsys, "search", "other", str(lst), *args)[2]
