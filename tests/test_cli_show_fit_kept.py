"""``show --json`` of an undecided paper gives its ``fit`` from the vectors kept for the
library, reading only the decided papers: it read every paper of the library for one
paper's fit (seconds at 100,000 papers). The fit and why are what they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest import cache

TOPICS = {
    "grasp": "We learn robot grasping of objects in clutter with a parallel gripper.",
    "drive": "Autonomous driving in traffic with lidar perception and motion planning.",
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_an_undecided_papers_fit_is_read_from_the_kept_vectors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = [
        {
            "title": f"{topic.title()} study number {i} of many careful experiments",
            "authors": [f"Author {topic} {i}"],
            "abstract": f"{text} Variant {i} adds idea {i * 7}.",
        }
        for i in range(10)
        for topic, text in TOPICS.items()
    ]
    path = tmp_path / "list.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert main(["add", str(path)]) == 0
    capsys.readouterr()
    grasp = [hit["id"] for hit in _run(capsys, "search", "grasping", "--json")["hits"]]
    drive = [hit["id"] for hit in _run(capsys, "search", "driving", "--json")["hits"]]
    for ids, state in ((grasp[:2], "keep"), (drive[:2], "skip")):
        assert main(["triage", *ids, "--state", state]) == 0
    capsys.readouterr()
    hits = _run(capsys, "search", "study", "--sort", "fit", "--json", "--limit", "100")["hits"]
    fits = {hit["id"]: (hit["fit"], hit["why"]) for hit in hits}
    shown = _run(capsys, "show", grasp[3], "--json")
    assert (shown["fit"], shown["why"]) == fits[grasp[3]]

    def read_whole(self):  # type: ignore[no-untyped-def]
        raise AssertionError("every paper was read")

    monkeypatch.setattr(cache.LazyLibrary, "_read_whole", read_whole)
    for paper_id in (grasp[3], grasp[5], drive[4], drive[9]):
        shown = _run(capsys, "show", paper_id, "--json")
        assert shown["state"] == "new"
        assert (shown["fit"], shown["why"]) == fits[paper_id]
    # a decided paper has none, as before
    assert "fit" not in _run(capsys, "show", grasp[0], "--json")
