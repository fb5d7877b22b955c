"""``tuireader redo`` makes again the step the last undo took back, whoever undid it,
said and listed as ``undo`` says and lists its step, with ``--json`` in undo's shape."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main
from tuireader.session import load_session
from tuireader.triage.store import Store, reader_origin

RECORDS = [
    {
        "title": f"Robot grasping study {i}",
        "authors": [f"Ada Lovelace{i}"],
        "abstract": f"We study grasping in clutter, variant {i}.",
    }
    for i in range(3)
]


@pytest.fixture
def lst(tmp_path):
    path = tmp_path / "list.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _titles(capsys, lst):
    _code, out, _ = run(capsys, "search", "grasping", lst, "--json")
    return {hit["id"]: hit["title"] for hit in json.loads(out)["hits"]}


def _ids(capsys, lst):
    return sorted(_titles(capsys, lst))


def _state(capsys, lst, paper_id):
    _code, out, _ = run(capsys, "show", paper_id, lst, "--json")
    return json.loads(out)["state"]


def test_redo_makes_again_what_undo_took_back_and_undo_takes_it_back(capsys, lst):
    first, second, _third = _ids(capsys, lst)
    assert main(["triage", first, second, str(lst), "--state", "skip"]) == 0
    assert main(["undo"]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "redo")
    assert code == 0, err
    assert "redid: skipped again for 2 papers" in err
    titles = _titles(capsys, lst)
    assert out.splitlines() == [f"{first}  {titles[first]}", f"{second}  {titles[second]}"]
    assert _state(capsys, lst, first) == _state(capsys, lst, second) == "skip"
    code, _out, err = run(capsys, "redo")
    assert (code, err) == (1, "tuireader: nothing to redo\n")
    code, _out, err = run(capsys, "undo")
    assert code == 0 and "undid: skipped back to new for 2 papers" in err
    assert _state(capsys, lst, first) == "new"


def test_redo_json_in_the_shape_of_undo_json(capsys, lst):
    first, *_ = _ids(capsys, lst)
    assert main(["triage", first, str(lst), "--state", "keep", "--tag", "rl"]) == 0
    capsys.readouterr()
    _code, out, _err = run(capsys, "undo", "--json")
    undone = json.loads(out)
    code, out, err = run(capsys, "redo", "--json")
    assert code == 0, err
    redone = json.loads(out)
    assert set(redone) == set(undone) - {"undone"} | {"redone"}
    assert redone["redone"] == undone["undone"] == "new → kept; added tag 'rl'"
    assert redone["made"] == "on the command line" and redone["kind"] == "triage"
    assert redone["papers"] == [{"id": first, "title": _titles(capsys, lst)[first]}]
    assert redone["left"] == [] and redone["message"] in err
    code, out, err = run(capsys, "redo", "--json")
    data = json.loads(out)
    assert code == 1 and data["error"] == "nothing to redo" and data["redone"] is None
    assert data["papers"] == [] and data["message"] == "nothing to redo"


def test_redo_on_a_folder_never_triaged_has_nothing_to_redo(capsys, tmp_path):
    code, out, err = run(capsys, "redo", "--json", "--data-dir", tmp_path / "empty")
    assert code == 1
    assert json.loads(out)["error"] == "nothing to redo"
    assert "nothing to redo: no triage was saved in this data folder" in err


def test_redo_of_a_readers_undo_is_undone_in_the_reader(capsys, lst):
    first, second, _third = _ids(capsys, lst)
    session = load_session([lst])
    with session.open_store() as reader:
        reader.origin = reader_origin()  # this process: a reader still open
        reader.set_state_many([first], "kept")
        reader.undo()
        code, _out, err = run(capsys, "redo")
        assert code == 0 and "redid a step undone in a reader: kept again for 1 paper" in err
        assert reader.get(first).state == "kept"
        undone = reader.undo()  # the command line's redo is the reader's to take back
        assert undone is not None and undone.made == "on the command line"
        assert reader.get(first).state == "new"
        # a new action in the reader ends the command line's redo too
        reader.set_state_many([second], "maybe")
    code, _out, err = run(capsys, "redo")
    assert code == 1 and "nothing to redo" in err


def test_redo_leaves_a_paper_changed_since_the_undo_and_says_so(capsys, lst):
    first, *_ = _ids(capsys, lst)
    run(capsys, "triage", first, "--state", "keep", lst)
    run(capsys, "undo")
    with Store.open(load_session([lst]).paths.state_db) as elsewhere:
        elsewhere._conn.execute("UPDATE triage SET state = 'read' WHERE paper_id = ?", (first,))
    code, _out, err = run(capsys, "redo")
    assert code == 0
    assert "nothing redone: the paper changed since elsewhere and is left as it is" in err
    assert _state(capsys, lst, first) == "read"
