"""Marks on papers of none of the lists (an import of another machine's marks on lists
not read here) are looked for once per library, not at every command."""

from __future__ import annotations

import json

from tuireader.cli import main
from tuireader.triage import store as triage_store


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


TOPICS = {
    "Grasping": "Robot hands pick cluttered objects using tactile feedback and suction cups",
    "Walking": "Proteins fold into stable shapes that enzymes recognise during catalysis",
}


def _records(word, count):
    return [
        {
            "title": f"{word} {['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'][n]} results",
            "authors": [f"{word} Author{n}"],
            "abstract": f"{TOPICS[word]}; case {n}.",
        }
        for n in range(count)
    ]


def _looks(monkeypatch):
    """The papers each look for the papers of marks looks through, as the commands run
    (a look indexes each of them, and matches the marks' abstracts against them all)."""
    looked: list[int] = []
    real = triage_store._Finder.find

    def find(self, old_id, stored):  # type: ignore[no-untyped-def]
        looked.append(len(self._papers))
        return real(self, old_id, stored)

    monkeypatch.setattr(triage_store._Finder, "find", find)
    return looked


def test_marks_no_paper_takes_are_looked_for_once_per_library(tmp_path, capsys, monkeypatch):
    grasp, walk = tmp_path / "grasp.jsonl", tmp_path / "walk.jsonl"
    _write(grasp, _records("Grasping", 6))
    _write(walk, _records("Walking", 6))
    laptop, remote = str(tmp_path / "laptop"), str(tmp_path / "remote")
    main(["search", "", str(grasp), "--json", "--data-dir", laptop])
    ids = [hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    main(["triage", *ids[:4], str(grasp), "--state", "keep", "--data-dir", laptop])
    export = tmp_path / "marks.json"
    main(["export", str(grasp), "--format", "json", "-o", str(export), "--data-dir", laptop])
    # the remote machine reads only the walking list: the four marks wait, detached
    assert main(["import", str(export), str(walk), "--data-dir", remote]) == 0
    capsys.readouterr()
    looked = _looks(monkeypatch)
    main(["search", "proteins", str(walk), "--data-dir", remote])
    assert looked == [6] * 4  # each mark looked for among the 6 papers, once
    looked.clear()
    for _ in range(2):
        assert main(["search", "proteins", str(walk), "--data-dir", remote]) == 0
    assert not any(looked)  # and not again while nothing changed
    capsys.readouterr()
    main(["search", "is:detached", str(walk), "--json", "--data-dir", remote])
    assert len(json.loads(capsys.readouterr().out)["detached"]) == 4
    # a paper of the walking list marked: the papers marked changed, and a look with them
    main(["search", "", str(walk), "--json", "--data-dir", remote])
    walking = json.loads(capsys.readouterr().out)["hits"][0]["id"]
    main(["triage", walking, str(walk), "--state", "keep", "--data-dir", remote])
    looked.clear()
    main(["search", "proteins", str(walk), "--data-dir", remote])
    assert len(looked) == 4
    # the grasping list read: the marks are its papers' again
    capsys.readouterr()
    main(["search", "is:kept", str(walk), str(grasp), "--json", "--data-dir", remote])
    kept = {hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]}
    assert kept == {*ids[:4], walking}
