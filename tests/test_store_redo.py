"""Redo: the steps undo took back are kept, and brought back one by one, newest first,
until a new action is made; a paper changed since the undo is left as it is."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

from tuireader.triage import store as store_module
from tuireader.triage.store import Store, reader_origin


def test_redo_brings_back_what_undo_took_back_newest_first(tmp_path: Path) -> None:
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_state("p", "kept")
        store.add_tag("p", "rl")
        store.set_note("p", "good")
        store.remove_tag("p", "rl")
        store.set_state_many(["p", "q"], "read")
        end = store.get_many(["p", "q"])
        while store.undo() is not None:
            pass
        assert store.get("p").is_default and store.get("q").is_default
        messages = []
        while (redone := store.redo()) is not None:
            assert redone.redone
            messages.append(redone.message)
        assert messages == [
            "Redid: kept again for 1 paper",
            "Redid: tag 'rl' added again for 1 paper",
            "Redid: note edited again for 1 paper",
            "Redid: tag 'rl' taken off again for 1 paper",
            "Redid: read again for 2 papers",
        ]
        now = store.get_many(["p", "q"])
        assert [(t.state, t.tags, t.note) for t in now.values()] == [
            (t.state, t.tags, t.note) for t in end.values()
        ]
        # each step redone is an action of its own, which undo takes back in turn
        undone = store.undo()
        assert undone is not None and undone.paper_ids == ("p", "q")
        assert store.get("p").state == "kept"
        redone = store.redo()
        assert redone is not None and store.get("q").state == "read"


def test_redo_after_undo_to_the_start_and_back_says_each_step(tmp_path: Path) -> None:
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_state("p", "skip")
        store.set_state("p", "new")
        assert store.undo() is not None and store.get("p").state == "skip"
        redone = store.redo()
        assert redone is not None
        assert redone.message == "Redid: back to new again for 1 paper"
        assert store.get("p").state == "new"


def test_a_new_action_ends_what_can_be_redone(tmp_path: Path) -> None:
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_state("p", "kept")
        store.set_state("q", "skip")
        store.undo()
        store.undo()
        store.add_tag("r", "later")
        assert store.redo() is None
        assert store.get("p").state == "new" and store.get("q").state == "new"
        # an action that changed nothing is no new action
        store.set_state("p", "maybe")
        store.undo()
        store.set_state("q", "new")  # already new
        assert store.redo() is not None and store.get("p").state == "maybe"


def test_redo_leaves_a_paper_changed_since_the_undo(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader, Store.open(db) as other:
        reader.origin, other.origin = reader_origin(), reader_origin()
        reader.set_state_many(["p", "q"], "kept")
        reader.set_note("n", "first")
        reader.undo()
        reader.undo()
        other.set_state("p", "skip")  # decided again in another window
        other.set_note("n", "second")
        redone = reader.redo()
        assert redone is not None and redone.left == ("p",)
        assert redone.message == (
            "Redid: kept again for 1 of 2 papers (1 changed since elsewhere, left as it is)"
        )
        assert reader.get("p").state == "skip" and reader.get("q").state == "kept"
        redone = reader.redo()
        assert redone is not None and redone.left == ("n",)
        assert redone.message == (
            "Nothing redone: the paper changed since elsewhere and is left as it is"
        )
        assert reader.get("n").note == "second"


def test_a_readers_redo_is_its_own_and_the_command_lines_is_anyones(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as a, Store.open(db) as b, Store.open(db) as cli:
        a.origin, b.origin = reader_origin(), reader_origin()
        a.set_state("mine", "kept")
        a.undo()
        # another reader still open leaves it to the reader that undid it, and its own
        # new action does not end it
        assert b.redo() is None
        b.set_state("theirs", "maybe")
        redone = a.redo()
        assert redone is not None and redone.paper_ids == ("mine",) and redone.made == ""
        # a redo made in a reader is undone on the command line, and the other way round
        undone = cli.undo()
        assert undone is not None and undone.paper_ids == ("mine",)
        assert undone.made == "in a reader"
        redone = a.redo()
        assert redone is not None and redone.paper_ids == ("mine",)
        assert redone.message == "Redid a step undone on the command line: kept again for 1 paper"
        assert a.get("mine").state == "kept"
        undone = a.undo()  # the redo is the reader's own action
        assert undone is not None and undone.made == ""
        redone = cli.redo()
        assert redone is not None and redone.made == "in a reader"
        assert cli.get("mine").state == "kept"


def test_a_command_lines_action_ends_every_redo(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as a, Store.open(db) as cli:
        a.origin = reader_origin()
        a.set_state("mine", "kept")
        a.undo()
        cli.set_state("scripted", "skip")
        assert a.redo() is None and cli.redo() is None


def test_a_reader_since_closed_left_its_redo_to_the_next(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as before:
        before.origin = f"reader {socket.gethostname()} 999999999 gone"
        before.set_state("left-over", "kept")
        before.undo()
    with Store.open(db) as now:
        now.origin = reader_origin()
        redone = now.redo()
        assert redone is not None and redone.made == "in a reader since closed"
        assert now.get("left-over").state == "kept"


def test_redo_of_an_attached_mark_makes_the_move_again(tmp_path: Path) -> None:
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_state("mark", "kept")
        store.add_tag("mark", "rl")
        store.attach("mark", "paper")
        assert [(m.old_id, m.new_id) for m in store.moves()] == [("mark", "paper")]
        store.undo()
        assert store.moves() == [] and store.get("mark").state == "kept"
        redone = store.redo()
        assert redone is not None
        assert [(m.old_id, m.new_id) for m in store.moves()] == [("mark", "paper")]
        assert store.get("paper").state == "kept" and store.get("paper").tags == ("rl",)
        assert store.get("mark").is_default


def test_a_file_of_the_last_schema_gains_redo(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    raw = sqlite3.connect(db)
    for version in range(1, 7):
        for statement in store_module._MIGRATIONS[version]:
            raw.execute(statement)
    raw.execute("INSERT INTO triage (paper_id, state) VALUES ('p', 'kept')")
    raw.execute("INSERT INTO actions (at, kind, summary) VALUES (1.0, 'state', 'new → kept')")
    raw.execute("INSERT INTO changes VALUES (1, 0, 'p', 'state', 'new', 'kept')")
    raw.execute("PRAGMA user_version = 6")
    raw.commit()
    raw.close()
    with Store.open(db) as store:
        assert not store.read_only, store.problem
        assert store.undo() is not None and store.get("p").state == "new"
        assert store.redo() is not None and store.get("p").state == "kept"
    with sqlite3.connect(db) as raw:
        version = raw.execute("PRAGMA user_version").fetchone()[0]
    assert version == store_module.SCHEMA_VERSION


def test_a_step_undone_follows_its_paper_to_a_new_id(tmp_path: Path) -> None:
    # a list edited between the undo and the redo gives the paper another id: its marks
    # move there (as reattach moves them), and the redo goes with them
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.add_tag("p", "rl")
        store.set_state("p", "kept")
        store.undo()
        with store._write() as conn:
            store._move(conn, store_module.Move("p", "q", "old id"))
        redone = store.redo()
        assert redone is not None and redone.paper_ids == ("q",)
        assert store.get("q").state == "kept" and store.get("q").tags == ("rl",)
        assert store.get("p").is_default


def test_a_redo_that_made_only_the_tags_says_so_and_its_undo_too(tmp_path: Path) -> None:
    # kept and tagged, undone, then decided again in another window: the redo made the
    # tag again but said "Nothing redone: the paper changed since elsewhere", and its
    # undo said "kept back to new and tag 't1' taken off" where the state stayed skip
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader, Store.open(db) as other:
        reader.origin, other.origin = reader_origin(), reader_origin()
        reader.apply_many(["x"], state="kept", tags=["t1"])
        reader.undo()
        other.set_state("x", "skip")
        redone = reader.redo()
        assert redone is not None and redone.left == ("x",)
        assert redone.message == (
            "Redid: tag 't1' added again (the paper changed since elsewhere: its state or "
            "note left as it is)"
        )
        assert reader.get("x").state == "skip" and reader.get("x").tags == ("t1",)
        undone = reader.undo()
        assert undone is not None
        assert undone.message == "Undid: tag 't1' taken off for 1 paper"
        assert reader.get("x").state == "skip" and reader.get("x").tags == ()
