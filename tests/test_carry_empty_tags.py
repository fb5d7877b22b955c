"""An export edited by hand with an empty tag in it ("; ; rl" in a CSV's tags) is taken
up without it; ``import`` stopped as an unexpected error ("A tag can't be empty.") and
took none of the file's marks."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from tuireader.cli import main

PAPER = {"title": "Robots that walk", "authors": ["Ann Lee"], "year": 2023, "abstract": "Walk."}


def run(capsys, *argv: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_empty_tag_in_a_csv_export_is_left_out_and_the_rest_taken(capsys, tmp_path: Path):
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(PAPER) + "\n", encoding="utf-8")
    _, out, _ = run(capsys, "search", "robots", "--json", lst)
    (paper_id,) = [hit["id"] for hit in json.loads(out)["hits"]]
    run(capsys, "triage", paper_id, "--state", "keep", "--tag", "rl", lst)
    export = tmp_path / "marks.csv"
    assert run(capsys, "export", lst, "--format", "csv", "-o", export)[0] == 0
    with export.open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    rows[1][rows[0].index("tags")] = "; ; rl;  ; walking"
    with export.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file).writerows(rows)
    elsewhere = tmp_path / "elsewhere"
    code, _, err = run(capsys, "import", export, lst, "--data-dir", elsewhere)
    assert code == 0, err
    _, out, _ = run(capsys, "show", paper_id, "--json", lst, "--data-dir", elsewhere)
    shown = json.loads(out)
    assert shown["state"] == "kept" and shown["tags"] == ["rl", "walking"]
