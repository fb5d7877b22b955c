"""A paper two lists share keeps its marks in each list, whichever was read last.

Read with a list that gives it an id of its own (a row's ``id``), the paper two lists
share is known by that id; read from the other list alone, by another: its marks follow
it from one id to the other. Read from one list, the paper may still be in the other
list, not read: the marks must not forget it is there too.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main

SHARED = {
    "title": "Sparse attention for long documents",
    "authors": ["Ada Lovelace", "Alan Turing"],
    "abstract": "We bound the error of sparse attention over long documents and show it "
    "matches dense attention on three benchmarks.",
    "year": 2023,
}


def lists(tmp_path: Path) -> tuple[Path, Path]:
    """Two lists sharing a paper: one plain, one giving each row an id of its own."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.json"
    grasp = {
        "title": "Grasping in clutter with tactile sensing",
        "authors": ["Bo Chen"],
        "abstract": "Tactile sensing helps robots grasp objects in clutter, in many trials.",
        "year": 2023,
    }
    walk = {
        "title": "Walking robots on ice",
        "authors": ["Carl Diaz"],
        "abstract": "Robots walk on ice with learned gaits that adapt to slipping feet.",
        "year": 2023,
        "id": "p18",
    }
    a.write_text(json.dumps(SHARED) + "\n" + json.dumps(grasp) + "\n", encoding="utf-8")
    b.write_text(json.dumps([SHARED | {"id": "p17"}, walk]), encoding="utf-8")
    return a, b


def kept(capsys, data: Path, *sources: Path) -> list[str]:
    return kept_and_said(capsys, data, *sources)[0]


def kept_and_said(capsys, data: Path, *sources: Path) -> tuple[list[str], str]:
    """The titles of the papers kept, and what was said on stderr."""
    code = main(["search", "is:kept", *map(str, sources), "--json", "--data-dir", str(data)])
    out, err = capsys.readouterr()
    return [hit["title"] for hit in json.loads(out)["hits"]] if code == 0 else [], err


def test_a_shared_paper_keeps_its_mark_in_each_list_read_alone(tmp_path: Path, capsys) -> None:
    a, b = lists(tmp_path)
    data = tmp_path / "data"
    assert main(["search", "sparse", str(a), str(b), "--json", "--data-dir", str(data)]) == 0
    (hit,) = json.loads(capsys.readouterr().out)["hits"]
    assert hit["lists"] == ["a", "b"] and hit["aliases"]  # one paper, two ids
    assert (
        main(["triage", hit["id"], str(a), str(b), "--state", "keep", "--data-dir", str(data)]) == 0
    )
    capsys.readouterr()
    title = SHARED["title"]
    # read from list a alone, the mark follows the paper to the id it has there, and
    # read from list b alone (which the mark was seen in), back again
    for sources in ((b,), (a,), (b,), (a, b), (a,), (b,), (a,)):
        assert kept(capsys, data, *sources) == [title], [s.name for s in sources]


def test_a_shared_papers_mark_going_back_and_forth_is_said_once(tmp_path: Path, capsys) -> None:
    # each command on one list, then the other, moved the mark and said so: the same
    # line on every command
    a, b = lists(tmp_path)
    data = tmp_path / "data"
    assert main(["search", "sparse", str(a), "--json", "--data-dir", str(data)]) == 0
    (hit,) = json.loads(capsys.readouterr().out)["hits"]
    assert main(["triage", hit["id"], str(a), "--state", "keep", "--data-dir", str(data)]) == 0
    capsys.readouterr()
    said = [kept_and_said(capsys, data, *sources) for sources in ((a, b), (a,), (a, b), (a,))]
    assert [titles for titles, _ in said] == [[SHARED["title"]]] * 4
    followed = ["followed its paper to a new id" in err for _, err in said]
    assert followed == [True, True, False, False]


def test_switching_lists_keeps_one_record_of_each_move_and_undo_takes_the_mark(
    tmp_path: Path, capsys
) -> None:
    # each switch between the lists read together and apart recorded the move again:
    # the triage file grew by a row (per shared marked paper) on every such command
    from tuireader.triage.store import Store

    doi = {"doi": "10.1234/sparse"}
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(json.dumps(SHARED | doi) + "\n", encoding="utf-8")
    b.write_text(json.dumps(SHARED) + "\n", encoding="utf-8")
    data = tmp_path / "data"
    assert main(["search", "sparse", str(b), "--json", "--data-dir", str(data)]) == 0
    (hit,) = json.loads(capsys.readouterr().out)["hits"]
    assert main(["triage", hit["id"], str(b), "--state", "keep", "--data-dir", str(data)]) == 0
    capsys.readouterr()
    title = SHARED["title"]
    for _round in range(4):
        for sources in ((a, b), (b,), (a,), (a, b)):
            assert kept(capsys, data, *sources) == [title], [s.name for s in sources]
    with Store.open(data / "triage.sqlite3", read_only=True) as store:
        moves = [(move.old_id, move.new_id) for move in store.moves()]
    assert len(moves) == len(set(moves)) <= 2
    # the mark made on the first id is taken back under the id the lists give it now
    assert main(["undo", "--data-dir", str(data)]) == 0
    assert "kept back to new for 1 paper" in capsys.readouterr().err
    for sources in ((a, b), (a,), (b,)):
        assert kept(capsys, data, *sources) == [], [s.name for s in sources]
