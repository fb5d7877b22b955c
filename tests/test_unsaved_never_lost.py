"""A record of decisions not saved as a reader closed is never left where no start
looks, unsaid: a record giving a state that is none (``new`` → ``later``) is put aside
and named, where it was left taken (``.taking-…``) and no start read it again; a
record left taken by a start that stopped before it removed it is made by the next;
a record whose making fails for any reason is kept for the next start."""

from __future__ import annotations

import os

import pytest

from tuireader.triage import unsaved
from tuireader.triage.store import Store


def setup(tmp_path):
    path = tmp_path / "triage.sqlite3"
    with Store.open(path):
        pass
    return path


def test_a_record_with_a_state_that_is_none_is_put_aside_and_named(tmp_path):
    path = setup(tmp_path)
    folder = unsaved.folder_of(path)
    unsaved.record(
        path,
        [
            unsaved.Decision("state", "p2", "new", "skip", "P2"),
            unsaved.Decision("state", "p3", "new", "later", "P3"),
        ],
        [],
        "busy",
    )
    with Store.open(path) as store:
        found = unsaved.settle(store)
        assert store.states() == {}
    assert found is not None
    (line,) = found.lines
    assert "could not be read" in line and "later" in line
    assert [name for name in os.listdir(folder) if name.startswith(".")] == []
    (aside,) = os.listdir(folder)
    assert aside.endswith(".json.unread") and aside in line


@pytest.mark.parametrize("pid", [os.getpid(), 2**30], ids=["this-process", "gone"])
def test_a_record_left_taken_by_a_start_now_gone_is_made(tmp_path, pid):
    path = setup(tmp_path)
    kept = unsaved.record(path, [unsaved.Decision("state", "a", "new", "kept", "A")], [], "x")
    assert kept is not None
    taken = kept.with_name(f".taking-{pid}-{kept.name}")
    os.replace(kept, taken)  # the start that took it stopped there
    assert unsaved.waiting(path) == [] and unsaved.pending(path)
    with Store.open(path) as store:
        found = unsaved.settle(store)
        assert store.states() == {"a": "kept"}
    assert found is not None and [d.paper_id for d in found.made] == ["a"]
    assert os.listdir(unsaved.folder_of(path)) == []


def test_a_record_whose_making_fails_is_kept(tmp_path, monkeypatch):
    path = setup(tmp_path)
    unsaved.record(path, [unsaved.Decision("state", "a", "new", "kept", "A")], [], "x")
    (kept,) = unsaved.waiting(path)

    def fails(*_args, **_kwargs):
        raise RuntimeError("no")

    with Store.open(path) as store:
        monkeypatch.setattr(store, "make_if_unchanged", fails)
        with pytest.raises(RuntimeError):
            unsaved.settle(store)
    assert unsaved.waiting(path) == [kept]
    with Store.open(path) as store:
        assert unsaved.settle(store) is not None
        assert store.states() == {"a": "kept"}


def test_the_records_of_one_start_are_one_action_and_made_already_said_apart(tmp_path):
    path = setup(tmp_path)
    with Store.open(path) as store:
        store.set_state("c", "maybe")  # the third reader's decision, made since
    unsaved.record(path, [unsaved.Decision("state", "a", "new", "kept", "Paper A")], [], "x")
    unsaved.record(path, [unsaved.Decision("state", "b", "new", "skip", "Paper B")], [], "x")
    unsaved.record(path, [unsaved.Decision("state", "c", "new", "maybe", "Paper C")], [], "x")
    with Store.open(path) as store:
        found = unsaved.settle(store)
        assert found is not None
        assert [d.paper_id for d in found.made] == ["a", "b"]
        assert [d.paper_id for d in found.already] == ["c"]
        said = dict(found.said())
        assert "Paper C" not in said["Saved now"] and "Paper B" in said["Saved now"]
        assert "Paper C" in said["Saved since"] and "undo" not in said["Saved since"]
        assert store.states() == {"a": "kept", "b": "skip", "c": "maybe"}
        assert store.undo() is not None  # one undo takes back both readers' decisions
        assert store.states() == {"c": "maybe"}
    assert unsaved.waiting(path) == []
