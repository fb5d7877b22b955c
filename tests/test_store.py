"""The triage store: states, tags, notes, undo, several processes and damaged files."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuireader.system import paths
from tuireader.triage import store as store_module
from tuireader.triage.store import (
    STATES,
    Counts,
    Store,
    StoreBusy,
    StoreConflict,
    StoreError,
    StoreReadOnly,
    Triage,
)

WORKER = Path(__file__).parent / "helpers" / "store_worker.py"

# The first released schema, written out by hand so the migration is tested against
# what old files really contain rather than against the module's own definition.
V1_SCHEMA = [
    """CREATE TABLE triage (
        paper_id TEXT PRIMARY KEY,
        state TEXT NOT NULL DEFAULT 'new',
        note TEXT NOT NULL DEFAULT '',
        updated REAL NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE tags (
        paper_id TEXT NOT NULL,
        tag TEXT NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (paper_id, key)
    )""",
    "CREATE INDEX tags_by_key ON tags (key)",
]


@pytest.fixture
def db_path() -> Path:
    return paths.resolve().state_db


@pytest.fixture
def store(db_path: Path):
    opened = Store.open(db_path)
    assert not opened.read_only, opened.problem
    yield opened
    opened.close()


def make_v1_file(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in V1_SCHEMA:
        conn.execute(statement)
    conn.execute("INSERT INTO triage VALUES ('a1', 'kept', 'line one\nline two', 100.0)")
    conn.execute("INSERT INTO triage VALUES ('b2', 'skip', '', 101.0)")
    conn.execute("INSERT INTO tags VALUES ('a1', 'RL', 'rl')")
    conn.execute("INSERT INTO tags VALUES ('b2', 'RL', 'rl')")
    conn.execute("INSERT INTO tags VALUES ('b2', 'theory', 'theory')")
    conn.execute("PRAGMA user_version = 1")
    conn.close()


def make_real_db(path: Path, papers: int = 2000) -> None:
    with Store.open(path) as filled:
        filled.set_state_many([f"id{i:05d}" for i in range(papers)], "kept")
        for i in range(0, papers, 50):
            filled.set_note(f"id{i:05d}", f"note {i}\n" + "x" * 300)
        filled.add_tag_many([f"id{i:05d}" for i in range(0, papers, 3)], "every-third")


def folder_listing(folder: Path) -> dict[str, bytes]:
    return {child.name: child.read_bytes() for child in folder.iterdir() if child.is_file()}


def database_files(path: Path) -> dict[str, bytes]:
    """The database and any journal next to it, ignoring the empty WAL and shared-memory
    index that SQLite creates to read a WAL database (they hold no data)."""
    listing = folder_listing(path.parent)
    for suffix in ("-wal", "-shm"):
        name = path.name + suffix
        if name in listing and (suffix == "-shm" or not listing[name]):
            del listing[name]
    return listing


# ------------------------------------------------------------------- basics


def test_untouched_paper_is_new_and_empty(store: Store) -> None:
    assert store.get("abc") == Triage("abc", "new", (), "", 0.0)
    assert store.get("abc").is_default
    assert store.states() == {}
    assert store.peek_undo() is None
    assert store.undo() is None


def test_file_lives_at_the_data_paths_state_db(db_path: Path, store: Store) -> None:
    store.set_state("p", "kept")
    assert db_path.is_file()
    assert store.path == db_path


@pytest.mark.parametrize("state", STATES[1:])
def test_every_state_is_saved_and_survives_reopen(db_path: Path, state: str) -> None:
    with Store.open(db_path) as first:
        result = first.set_state("p1", state)
        assert result.state == state
        assert result.updated > 0
    with Store.open(db_path) as second:
        assert second.get("p1").state == state
        assert second.states() == {"p1": state}
        assert second.ids_in_state(state) == {"p1"}


def test_unknown_state_is_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        store.set_state("p", "liked")
    assert store.get("p").state == "new"


def test_toggling_the_same_state_goes_back_to_new(store: Store) -> None:
    assert store.toggle_state("p", "kept").state == "kept"
    assert store.toggle_state("p", "maybe").state == "maybe"
    assert store.toggle_state("p", "maybe").state == "new"
    assert store.toggle_state("p", "skip").state == "skip"


def test_plain_set_state_twice_keeps_the_state_and_logs_one_action(store: Store) -> None:
    store.set_state("p", "read")
    store.set_state("p", "read")
    assert store.get("p").state == "read"
    assert store.undo() is not None
    assert store.get("p").state == "new"
    assert store.undo() is None


def test_bulk_toggle_all_in_state_go_back_else_all_move(store: Store) -> None:
    store.set_state("a", "kept")
    assert store.toggle_state_many(["a", "b", "c"], "kept") == 2
    assert {i: store.get(i).state for i in "abc"} == {"a": "kept", "b": "kept", "c": "kept"}
    assert store.toggle_state_many(["a", "b", "c"], "kept") == 3
    assert store.states() == {}


def test_set_state_many_reports_only_real_changes(store: Store) -> None:
    store.set_state("a", "maybe")
    assert store.set_state_many(["a", "b", "b", "c"], "maybe") == 2
    assert store.ids_in_state("maybe") == {"a", "b", "c"}


def test_new_needs_the_library_ids(store: Store) -> None:
    store.set_state("a", "kept")
    store.set_state("b", "skip")
    store.set_state("b", "new")
    assert store.ids_in_state("new", among=["a", "b", "c"]) == {"b", "c"}
    assert store.ids_in_state("kept", among=["b", "c"]) == set()
    with pytest.raises(ValueError):
        store.ids_in_state("new")


def test_counts_over_a_set_of_ids(store: Store) -> None:
    store.set_state_many(["a", "b"], "kept")
    store.set_state("c", "maybe")
    store.set_state("d", "skip")
    store.set_state("elsewhere", "read")
    counts = store.counts(["a", "b", "c", "d", "e", "e"])
    assert counts == Counts(kept=2, maybe=1, skip=1, read=0, new=1)
    assert counts.total == 5


def test_get_many_includes_defaults_in_given_order(store: Store) -> None:
    store.set_state("b", "kept")
    ids = [f"x{i}" for i in range(1200)] + ["b"]  # more than one IN (...) chunk
    result = store.get_many(ids)
    assert list(result) == ids
    assert result["b"].state == "kept"
    assert result["x7"] == Triage("x7")


# --------------------------------------------------------------------- tags


def test_tags_are_compared_ignoring_case_and_spaces(store: Store) -> None:
    store.add_tag("p", "  Reinforcement   Learning ")
    store.add_tag("p", "reinforcement learning")
    assert store.get("p").tags == ("Reinforcement Learning",)
    store.add_tag("q", "REINFORCEMENT learning")
    # one tag reads one way across the library
    assert store.get("q").tags == ("Reinforcement Learning",)
    assert store.ids_with_tag("reinforcement LEARNING") == {"p", "q"}
    assert store.all_tags() == [("Reinforcement Learning", 2)]


def test_tags_sorted_removed_and_counted(store: Store) -> None:
    store.add_tag("p", "zeta")
    store.add_tag("p", "Alpha")
    store.add_tag("q", "alpha")
    store.add_tag("r", "beta")
    assert store.get("p").tags == ("Alpha", "zeta")
    assert store.all_tags() == [("Alpha", 2), ("beta", 1), ("zeta", 1)]
    assert store.remove_tag("p", "ALPHA").tags == ("zeta",)
    assert store.ids_with_tag("alpha") == {"q"}
    assert store.remove_tag_many(["p", "q", "r"], "nothing") == 0


def test_empty_tag_is_refused_with_a_message(store: Store) -> None:
    with pytest.raises(StoreError) as raised:
        store.add_tag("p", "   ")
    assert "empty" in raised.value.user_message


def test_set_tags_replaces_the_set(store: Store) -> None:
    store.add_tag("other", "Vision")
    store.set_tags("p", ["a", "b", "c"])
    result = store.set_tags("p", ["B", "vision", "d", "d"])
    assert result.tags == ("b", "d", "Vision")
    store.undo()
    assert store.get("p").tags == ("a", "b", "c")


def test_add_tag_many_is_one_action(store: Store) -> None:
    store.add_tag("a", "rl")
    assert store.add_tag_many(["a", "b", "c"], "RL") == 2
    assert store.ids_with_tag("rl") == {"a", "b", "c"}
    undone = store.undo()
    assert undone is not None
    assert undone.paper_ids == ("b", "c")
    assert undone.message == "Undid: tag 'rl' taken off for 2 papers"
    assert store.ids_with_tag("rl") == {"a"}


# -------------------------------------------------------------------- notes


def test_multi_line_note_saved_cleared_and_found(db_path: Path) -> None:
    with Store.open(db_path) as first:
        first.set_note("p", "First line\r\n  indented second\n\n\n")
        first.set_note("q", "other")
    with Store.open(db_path) as second:
        assert second.get("p").note == "First line\n  indented second"
        assert second.ids_with_note() == {"p", "q"}
        assert second.set_note("q", "  \n ").note == ""
        assert second.ids_with_note() == {"p"}


def test_notes_set_appended_and_cleared_on_several_papers_are_one_step_each(
    store: Store,
) -> None:
    store.set_note("a", "mine")
    assert store.set_notes(["a", "b"], "shared\r\nline  ") == 2
    assert store.get("a").note == store.get("b").note == "shared\nline"
    assert store.set_notes(["a", "b"], "same again", append=True) == 2
    assert store.get("a").note == "shared\nline\nsame again"
    assert store.set_notes(["a", "c"], "only", append=True) == 2
    assert store.get("c").note == "only"  # nothing before: no blank first line
    assert store.set_notes(["a", "b"], "  \n", append=True) == 0  # nothing to add
    assert store.set_notes(["a", "b", "c"], "") == 3
    assert store.ids_with_note() == set()
    said = [store.undo().message for _ in range(4)]  # type: ignore[union-attr]
    assert said == [
        "Undid: note put back for 3 papers",
        "Undid: note back as it was for 2 papers",
        "Undid: note back as it was for 2 papers",
        "Undid: note back as it was for 2 papers",
    ]
    assert store.get("a").note == "mine" and store.get("b").note == ""


def test_a_note_never_grows_past_the_limit_and_a_long_one_may_shrink(store: Store) -> None:
    limit = store_module.NOTE_LIMIT
    store.set_note("a", "x" * limit)  # the limit itself is a note
    with pytest.raises(StoreError, match="more than the 100,000 a note may hold"):
        store.set_note("b", "y" * (limit + 1))
    with pytest.raises(StoreError, match="would be 100,002 characters"):
        store.set_notes(["b", "a"], "z", append=True)  # a's would grow: b is not changed
    assert store.get("a").note == "x" * limit and store.get("b").note == ""
    store._put_note(store._conn, "c", "w" * (limit + 50))  # written by an older tuireader
    assert store.set_note("c", "w" * (limit + 10)).note == "w" * (limit + 10)
    assert store.undo() is not None and len(store.get("c").note) == limit + 50


def test_appending_to_a_note_keeps_what_another_reader_saved_just_before(db_path: Path) -> None:
    with Store.open(db_path) as reader, Store.open(db_path) as command_line:
        reader.origin = "reader elsewhere 1 x"
        reader.set_note("p", "from the reader")
        command_line.set_notes(["p"], "from the command line", append=True)
        assert reader.get("p").note == "from the reader\nfrom the command line"
        # the reader's editor, opened before, does not save over it
        with pytest.raises(StoreConflict):
            reader.set_note("p", "edited in the reader", base="from the reader")
        assert reader.get("p").note == "from the reader\nfrom the command line"


# --------------------------------------------------------------------- undo


def test_undo_walks_back_across_states_tags_and_notes(store: Store) -> None:
    store.set_state("p", "kept")
    store.add_tag("p", "rl")
    store.set_note("p", "good")
    store.set_state("p", "read")
    store.remove_tag("p", "rl")
    assert store.get("p") == Triage("p", "read", (), "good", store.get("p").updated)

    messages = []
    while (undone := store.undo()) is not None:
        messages.append(undone.message)
        if len(messages) == 1:
            assert store.get("p").tags == ("rl",)
    assert messages == [
        "Undid: tag 'rl' put back for 1 paper",
        "Undid: read back to kept for 1 paper",
        "Undid: note back as it was for 1 paper",
        "Undid: tag 'rl' taken off for 1 paper",
        "Undid: kept back to new for 1 paper",
    ]
    assert store.get("p").is_default


def test_bulk_state_change_undoes_as_one_step(store: Store) -> None:
    store.set_state("a", "maybe")
    store.set_state_many(["a", "b", "c"], "kept")
    preview = store.peek_undo()
    assert preview is not None and preview.paper_ids == ("a", "b", "c")
    undone = store.undo()
    assert undone == preview
    assert undone.kind == "state"
    assert undone.message == "Undid: kept back to new/maybe for 3 papers"
    assert {i: store.get(i).state for i in "abc"} == {"a": "maybe", "b": "new", "c": "new"}


def test_undo_names_the_states_as_the_status_line_does(store: Store) -> None:
    # "Undid: skip back to new", where the status line (and the reader's z) says
    # "skipped": the store's own words, said alike by the reader and the command line
    store.set_state("a", "skip")
    store.set_state_many(["a", "b"], "skip")  # a is skipped already: b alone changes
    store.apply_many(["a", "c"], state="skip", tags=["rl"])
    said = [store.undo().message for _ in range(3)]  # type: ignore[union-attr]
    assert said == [
        "Undid: skipped back to new and tag 'rl' taken off for 2 papers",
        "Undid: skipped back to new for 1 paper",
        "Undid: skipped back to new for 1 paper",
    ]
    store.set_state("a", "kept")
    store.set_state_many(["a", "b"], "skip")
    store.set_state("b", "new")
    said = [store.undo().message for _ in range(2)]  # type: ignore[union-attr]
    assert said == [
        "Undid: new back to skipped for 1 paper",
        "Undid: skipped back to new/kept for 2 papers",
    ]


def test_undo_says_a_tag_with_an_arrow_in_it_as_a_tag(store: Store) -> None:
    # "Undid: x' back to added tag 'skip for 1 paper": the tag read as a state change
    store.add_tag("a", "skip → x")
    store.apply_many(["a"], state="kept", tags=["a; b → c"])
    store.remove_tag("a", "skip → x")
    said = [store.undo().message for _ in range(3)]  # type: ignore[union-attr]
    assert said == [
        "Undid: tag 'skip → x' put back for 1 paper",
        "Undid: kept back to new and tag 'a; b → c' taken off for 1 paper",
        "Undid: tag 'skip → x' taken off for 1 paper",
    ]


def test_undo_of_a_command_lines_triage_says_which_way_each_change_went(store: Store) -> None:
    # "Undid: new → kept; added tag 'rl'" read as if the undo had kept and tagged them
    store.set_state("b", "maybe")
    store.apply_many(["a", "b"], state="kept", tags=["rl; later"])
    undone = store.undo()
    assert undone is not None and undone.kind == "triage"
    assert undone.message == (
        "Undid: kept back to new/maybe and tag 'rl; later' taken off for 2 papers"
    )
    store.set_tags("a", ["x", "y"])
    store.set_tags("a", ["z"])
    store.set_note("a", "first")
    store.set_note("a", "")
    store.set_state_many(["a"], "kept")
    store.set_state_many(["a"], "new")
    said = [store.undo().message for _ in range(6)]  # type: ignore[union-attr]
    assert said == [
        "Undid: new back to kept for 1 paper",
        "Undid: kept back to new for 1 paper",
        "Undid: note put back for 1 paper",
        "Undid: note back as it was for 1 paper",
        # which tags, where it said "tags back as they were"
        "Undid: tag 'z' taken off and tags 'x', 'y' put back for 1 paper",
        "Undid: tags 'x', 'y' taken off for 1 paper",
    ]


def test_undo_works_after_restart(db_path: Path) -> None:
    with Store.open(db_path) as first:
        first.set_state_many(["a", "b"], "skip")
        first.set_note("a", "dull")
    with Store.open(db_path) as second:
        assert second.undo().kind == "note"
        assert second.undo().paper_ids == ("a", "b")
        assert second.states() == {}
        assert second.get("a").note == ""
        assert second.undo() is None


def test_undo_log_keeps_a_bounded_number_of_actions(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "UNDO_DEPTH", 3)
    for state in ("kept", "maybe", "skip", "read", "kept"):
        store.set_state("p", state)
    assert [store.undo() is not None for _ in range(4)] == [True, True, True, False]
    # the two oldest actions (new → kept → maybe) are no longer undoable
    assert store.get("p").state == "maybe"


def test_noop_actions_are_not_logged(store: Store) -> None:
    store.set_note("p", "same")
    store.set_note("p", "same")
    store.add_tag("p", "t")
    store.add_tag("p", "T")
    store.set_state_many(["p"], "new")
    assert store.undo().kind == "tag"
    assert store.undo().kind == "note"
    assert store.undo() is None


# ------------------------------------------------------------------ UI state


def test_ui_state_round_trips_across_restart(db_path: Path) -> None:
    with Store.open(db_path) as first:
        assert first.load_ui_state("main") is None
        first.save_ui_state("main", {"query": "diffusion", "selected": "abc", "scroll": 12})
        first.save_ui_state("main", {"query": "transformers", "selected": None, "scroll": 0})
    with Store.open(db_path) as second:
        assert second.load_ui_state("main") == {
            "query": "transformers",
            "selected": None,
            "scroll": 0,
        }
        # UI state is not a triage action
        assert second.undo() is None


# ------------------------------------------------------ two instances at once


def test_other_instance_sees_changes_and_is_told(db_path: Path) -> None:
    with Store.open(db_path) as one, Store.open(db_path) as two:
        assert not two.changed_elsewhere()
        one.set_state("p", "kept")
        assert two.changed_elsewhere()
        assert not two.changed_elsewhere()
        assert two.get("p").state == "kept"
        two.add_tag("p", "rl")
        assert not two.changed_elsewhere()  # its own write is not news
        assert one.changed_elsewhere()
        assert one.get("p").tags == ("rl",)
        # undo is shared: the last action in the file is taken back
        assert one.undo().summary == "added tag 'rl'"
        assert two.get("p").tags == ()


def test_a_readers_undo_takes_back_its_own_actions_not_another_windows(db_path: Path) -> None:
    with Store.open(db_path) as a, Store.open(db_path) as b, Store.open(db_path) as cli:
        a.origin, b.origin = store_module.reader_origin(), store_module.reader_origin()
        a.set_state("mine", "kept")
        b.set_state("theirs", "kept")
        undone = a.undo()
        assert undone is not None and undone.paper_ids == ("mine",)
        assert a.get("mine").state == "new" and a.get("theirs").state == "kept"
        # the command line's actions are anyone's to undo ("z in the reader undoes it")
        cli.set_state("scripted", "skip")
        b.set_state("theirs-too", "maybe")
        assert a.undo().paper_ids == ("scripted",)
        assert a.undo() is None and a.peek_undo() is None
        assert b.peek_undo().paper_ids == ("theirs-too",)


def test_after_a_restart_undo_takes_back_the_last_sessions_actions(db_path: Path) -> None:
    import socket

    with Store.open(db_path) as before:
        # a reader that has since quit (no process has its pid), one on another host
        before.origin = f"reader {socket.gethostname()} 999999999 gone"
        before.set_state("left-over", "kept")
        before.origin = "reader other-host 1 far"
        before.set_state("far", "kept")
    with Store.open(db_path) as now:
        now.origin = store_module.reader_origin()
        undone = now.undo()  # the other host's window may still be open: left alone
        assert undone is not None and undone.paper_ids == ("left-over",)
        assert now.get("far").state == "kept"


def test_undo_leaves_a_paper_changed_since_in_another_window(db_path: Path) -> None:
    with Store.open(db_path) as a, Store.open(db_path) as b:
        a.origin, b.origin = store_module.reader_origin(), store_module.reader_origin()
        a.set_state_many(["p", "q"], "kept")
        a.set_note("n", "first")
        b.set_state("p", "skip")  # the other window decided p again
        b.set_note("n", "second")
        undone = a.undo()
        assert undone.left == ("n",)
        assert undone.message == (
            "Nothing undone: the paper changed since elsewhere and is left as it is"
        )
        assert a.get("n").note == "second"
        undone = a.undo()
        assert undone.left == ("p",)
        assert undone.message == (
            "Undid: kept back to new for 1 of 2 papers (1 changed since elsewhere, left as it is)"
        )
        assert a.get("p").state == "skip" and a.get("q").state == "new"


def test_two_processes_writing_at_once_lose_nothing(db_path: Path, tmp_path: Path) -> None:
    Store.open(db_path).close()
    go = tmp_path / "go"
    count = 200
    workers = [
        subprocess.Popen(
            [sys.executable, str(WORKER), "hammer", str(db_path), name, str(count), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("left", "right")
    ]
    go.touch()
    for worker in workers:
        out, err = worker.communicate()
        assert worker.returncode == 0, err
        assert out.strip() == "done"

    with Store.open(db_path) as after:
        expected_tags = {f"{name}-{i}" for name in ("left", "right") for i in range(count)}
        assert set(after.get("shared").tags) == expected_tags
        assert after.all_tags() and sum(n for _, n in after.all_tags()) == 2 * count
        for name in ("left", "right"):
            for paper in range(20):
                last_round = max(i for i in range(count) if i % 20 == paper)
                assert after.get(f"{name}-{paper}").state == STATES[1 + last_round % 4]
        # every action of both writers is in the undo log, none was lost
        undone = 0
        while after.undo() is not None:
            undone += 1
        # per writer: 20 first states of its own papers (later rounds repeat the state a
        # paper already has, which records nothing), one tag and one toggle per round
        assert undone == 2 * (20 + count + count)
        assert after.get("shared") == Triage("shared", updated=after.get("shared").updated)


def _in_another_process(db_path: Path, code: str) -> str:
    """Run ``code`` with ``s``, a store of ``db_path``, in a process of its own (as a
    command-line call beside a running reader); what it prints."""
    script = (
        "import sys\nfrom tuireader.triage.store import Store\n"
        f"s = Store.open(sys.argv[1])\n{code}\ns.close()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(db_path)], check=True, capture_output=True, text=True
    )
    return result.stdout


def test_opening_the_file_again_in_one_process_keeps_its_log_its_own(db_path: Path) -> None:
    # The reader opens the file again while its store is open (loading the lists moves
    # marks, a read-only copy for the model). Closing a descriptor of the file outside
    # SQLite dropped the reader's locks: the next command-line call took itself for the
    # last user and deleted the write-ahead log, and what either wrote after was lost.
    reader = Store.open(db_path)
    try:
        reader.set_state("aaaa", "kept")
        Store.open(db_path, read_only=True).close()
        with Store.open(db_path) as again:
            assert again.get("aaaa").state == "kept"
        _in_another_process(db_path, "s.states()")
        assert Path(f"{db_path}-wal").exists()  # still the reader's, still shared
        reader.set_state("bbbb", "skip")
        _in_another_process(db_path, "s.set_state('cccc', 'kept')")
        reader.set_state("dddd", "maybe")
        assert reader.get("cccc").state == "kept"
    finally:
        reader.close()
    seen = _in_another_process(db_path, "print(sorted(s.states().items()))")
    assert seen.strip() == str(
        [("aaaa", "kept"), ("bbbb", "skip"), ("cccc", "kept"), ("dddd", "maybe")]
    )
    # closed, the file is no longer held: a damaged one is again checked before SQLite
    assert not store_module._held_here(db_path)


def test_kill_9_keeps_every_committed_action_and_drops_the_open_one(db_path: Path) -> None:
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), "killed", str(db_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert worker.stdout is not None
    assert worker.stdout.readline().strip() == "committed"
    assert worker.stdout.readline().strip() == "in-transaction"
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()
    assert worker.returncode == -signal.SIGKILL

    with Store.open(db_path, timeout=1.0) as after:
        assert not after.read_only, after.problem
        assert after.states() == {f"p{i}": "kept" for i in range(10)}
        assert after.get("p0").tags == ("committed",)
        # the killed bulk action left nothing in the undo log either
        assert after.undo().summary == "added tag 'committed'"
        # and the lock it held is gone
        after.set_state("p3", "read")
        assert after.get("p3").state == "read"


# --------------------------------------------------------------- migrations


def test_version_1_file_is_migrated_and_keeps_its_data(db_path: Path) -> None:
    make_v1_file(db_path)
    with Store.open(db_path) as migrated:
        assert not migrated.read_only and migrated.problem is None
        assert migrated.get("a1") == Triage("a1", "kept", ("RL",), "line one\nline two", 100.0)
        assert migrated.states() == {"a1": "kept", "b2": "skip"}
        assert migrated.ids_with_tag("rl") == {"a1", "b2"}
        assert migrated.undo() is None
        migrated.set_state("a1", "read")
        migrated.save_ui_state("main", {"query": "x"})
        assert migrated.undo().summary == "kept → read"
    raw = sqlite3.connect(db_path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


def test_fresh_file_goes_through_every_migration(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.touch()  # an empty file is an empty database
    with Store.open(db_path) as fresh:
        assert not fresh.read_only
        fresh.set_state("p", "kept")
    raw = sqlite3.connect(db_path)
    tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    raw.close()
    assert {"triage", "tags", "actions", "changes", "ui_state"} <= tables


def test_file_from_a_newer_version_is_read_only_and_untouched(db_path: Path) -> None:
    make_real_db(db_path, papers=10)
    raw = sqlite3.connect(db_path)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    before = db_path.read_bytes()
    with Store.open(db_path) as newer:
        assert newer.read_only
        assert "newer tuireader" in newer.problem
        assert newer.get("id00003").state == "kept"
        with pytest.raises(StoreReadOnly):
            newer.set_state("id00003", "skip")
    assert db_path.read_bytes() == before


# ---------------------------------------------------------- damaged files


def assert_read_only_with(problem_words: str, opened: Store, path: Path) -> None:
    assert opened.read_only
    assert opened.problem is not None
    assert str(path) in opened.problem
    assert problem_words in opened.problem
    with pytest.raises(StoreReadOnly) as raised:
        opened.set_state("p", "kept")
    assert raised.value.user_message == opened.problem
    with pytest.raises(StoreReadOnly):
        opened.add_tag("p", "x")
    with pytest.raises(StoreReadOnly):
        opened.save_ui_state("main", {})
    assert opened.get("p").state == "new"


def test_garbage_file_is_reported_and_never_touched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    garbage = os.urandom(8192)
    db_path.write_bytes(garbage)
    for _ in range(2):
        with Store.open(db_path) as opened:
            assert_read_only_with("damaged", opened, db_path)
            assert opened.states() == {}
            assert opened.all_tags() == []
    assert folder_listing(db_path.parent) == {db_path.name: garbage}


def test_text_file_in_place_of_the_database(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_text("kept: abc\n")
    with Store.open(db_path) as opened:
        assert_read_only_with("not an SQLite database", opened, db_path)
    assert db_path.read_text() == "kept: abc\n"


def test_truncated_database_is_reported_read_only_and_untouched(db_path: Path) -> None:
    make_real_db(db_path)
    whole = db_path.read_bytes()
    cut = whole[: len(whole) // 2]
    db_path.write_bytes(cut)
    for _ in range(2):
        with Store.open(db_path) as opened:
            assert_read_only_with("damaged", opened, db_path)
            # whatever can still be read is shown, and reading never fails
            assert set(opened.states().values()) <= {"kept"}
            opened.get_many([f"id{i:05d}" for i in range(2000)])
            opened.all_tags()
    assert database_files(db_path) == {db_path.name: cut}


def test_database_cut_inside_its_header(db_path: Path) -> None:
    make_real_db(db_path, papers=5)
    head = db_path.read_bytes()[:40]
    db_path.write_bytes(head)
    with Store.open(db_path) as opened:
        assert_read_only_with("damaged", opened, db_path)
    assert db_path.read_bytes() == head


def test_damaged_page_shows_what_can_be_read(db_path: Path) -> None:
    make_real_db(db_path)
    data = bytearray(db_path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = os.urandom(page)
    db_path.write_bytes(bytes(data))
    with Store.open(db_path) as opened:
        assert_read_only_with("damaged", opened, db_path)
        assert set(opened.states().values()) <= {"kept"}
    assert db_path.read_bytes() == bytes(data)
    # "left untouched": not even a log and shared-memory file made beside it
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


def _table_leaf_with(data: bytes, text: str, page: int = 4096) -> int:
    """The offset of the table page (a leaf of rows, not of an index) that holds ``text``."""
    for offset in range(page, len(data), page):
        if data[offset] == 0x0D and text.encode() in data[offset : offset + page]:
            return offset
    raise AssertionError(f"no table page holds {text!r}")


def test_a_damaged_page_costs_only_the_marks_on_it(db_path: Path) -> None:
    # the scan of the marks stopped at the damaged page: every mark after it was lost
    make_real_db(db_path)
    data = bytearray(db_path.read_bytes())
    at = _table_leaf_with(data, "id01000")
    on_it = {f"id{i:05d}" for i in range(2000) if f"id{i:05d}".encode() in data[at : at + 4096]}
    assert 0 < len(on_it) < 400
    data[at : at + 4096] = b"\xff" * 4096
    db_path.write_bytes(bytes(data))
    with Store.open(db_path) as opened:
        assert_read_only_with("damaged", opened, db_path)
        everyone = {f"id{i:05d}" for i in range(2000)}
        assert opened.states() == dict.fromkeys(sorted(everyone - on_it), "kept")
        assert opened.get("id01950").note == "note 1950\n" + "x" * 300
        assert len(opened.ids_with_tag("every-third")) == len(range(0, 2000, 3))


def test_a_damaged_file_shows_its_moves_and_marks_with_odd_values(db_path: Path) -> None:
    # the moves (the ids marks had before) were not read, so that an old id found no
    # paper; and a mark whose time was not a number stopped the file opening at all
    make_real_db(db_path)
    raw = sqlite3.connect(db_path)
    raw.execute("INSERT INTO moves VALUES ('old1', 'id00001', 5.0, 'same doi')")
    raw.execute("INSERT INTO moves VALUES ('old2', 'id00002', 6.0, 'old id')")
    raw.execute("UPDATE triage SET updated = 'soon' WHERE paper_id = 'id00003'")
    raw.commit()
    raw.close()
    data = bytearray(db_path.read_bytes())
    at = _table_leaf_with(data, "id01000")
    data[at : at + 4096] = b"\xff" * 4096
    db_path.write_bytes(bytes(data))
    with Store.open(db_path) as opened:
        assert_read_only_with("damaged", opened, db_path)
        assert [(m.old_id, m.new_id, m.reason) for m in opened.moves()] == [
            ("old1", "id00001", "same doi"),
            ("old2", "id00002", "old id"),
        ]
        assert opened.get("id00003") == Triage("id00003", "kept", ("every-third",), "", 0.0)


def _cut_in_half(data: bytes) -> bytes:
    return data[: len(data) // 4096 // 2 * 4096]


def _schema_page_damaged(data: bytes) -> bytes:
    return data[:100] + bytes(b ^ 0x5A for b in data[100:600]) + data[600:]


def _middle_page_damaged(data: bytes) -> bytes:
    middle = len(data) // 4096 // 2 * 4096
    return data[:middle] + b"\xff" * 4096 + data[middle + 4096 :]


@pytest.mark.parametrize("damage", [_cut_in_half, _schema_page_damaged, _middle_page_damaged])
@pytest.mark.parametrize("read_only", [False, True])
def test_reading_a_damaged_file_makes_no_file_beside_it(
    db_path: Path, damage, read_only: bool
) -> None:
    # SQLite makes a log and shared memory to read a WAL file, and left them beside a
    # file cut short (or with its schema damaged) that the message said was untouched
    make_real_db(db_path)
    damaged = damage(db_path.read_bytes())
    db_path.write_bytes(damaged)
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    for _ in range(2):
        with Store.open(db_path, read_only=read_only) as opened:
            assert opened.read_only
            assert set(opened.states().values()) <= {"kept"}
    assert folder_listing(db_path.parent) == {db_path.name: damaged}


def test_sqlite_file_of_another_program_is_left_alone(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    raw = sqlite3.connect(db_path)
    raw.execute("CREATE TABLE bookmarks (url TEXT)")
    raw.commit()
    raw.close()
    before = db_path.read_bytes()
    with Store.open(db_path) as opened:
        assert_read_only_with("not a tuireader triage file", opened, db_path)
    assert db_path.read_bytes() == before


def test_folder_in_place_of_the_database(db_path: Path) -> None:
    db_path.mkdir(parents=True)
    with Store.open(db_path) as opened:
        assert_read_only_with("not a regular file", opened, db_path)
    assert db_path.is_dir() and not any(db_path.iterdir())


def test_a_link_to_a_folder_that_is_not_there_is_said_as_such(db_path: Path) -> None:
    # triage.sqlite3 linked into a sync folder on a disk not mounted: "can't be written
    # (unable to open database file) ... check the permissions of the file and its folder"
    db_path.parent.mkdir(parents=True)
    target = db_path.parent / "unmounted" / "triage.sqlite3"
    db_path.symlink_to(target)
    with Store.open(db_path) as opened:
        assert_read_only_with("whose folder is not there", opened, db_path)
        assert str(target) in str(opened.problem)
        assert "permissions" not in str(opened.problem)
    assert db_path.is_symlink() and not target.parent.exists()
    # a search, which never makes a triage file, says it too, where it said nothing
    from tuireader.triage.filters import open_existing

    viewer = open_existing(db_path)
    assert viewer is not None and "whose folder is not there" in str(viewer.problem)
    viewer.close()
    # the folder back: a search still makes nothing; a change makes the file there
    target.parent.mkdir()
    assert open_existing(db_path) is None and not target.exists()
    with Store.open(db_path) as opened:
        assert not opened.read_only
        opened.set_state("p", "kept")
    assert target.is_file() and db_path.is_symlink()
    # readable by the user only, as the file is without a link
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


# ------------------------------------------------------------- read-only


def test_explicit_read_only_shows_saved_triage_and_never_writes(db_path: Path) -> None:
    make_real_db(db_path, papers=30)
    before = database_files(db_path)
    with Store.open(db_path, read_only=True) as viewer:
        assert viewer.read_only and viewer.problem is None
        assert viewer.get("id00000") == Triage(
            "id00000",
            "kept",
            ("every-third",),
            "note 0\n" + "x" * 300,
            viewer.get("id00000").updated,
        )
        assert len(viewer.states()) == 30
        with pytest.raises(StoreReadOnly) as raised:
            viewer.set_note("id00000", "changed")
        assert "read-only" in raised.value.user_message
        with pytest.raises(StoreReadOnly):
            viewer.undo()
    assert database_files(db_path) == before


def test_explicit_read_only_of_an_old_file_does_not_migrate_it(db_path: Path) -> None:
    make_v1_file(db_path)
    before = db_path.read_bytes()
    with Store.open(db_path, read_only=True) as viewer:
        assert viewer.get("b2").tags == ("RL", "theory")
        assert viewer.load_ui_state("main") is None
    assert db_path.read_bytes() == before


def _honour_mode_bits_even_as_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Root may write anything, so make the permission check see what a user would."""
    if os.geteuid() != 0:
        return
    real_access = os.access

    def access(path, mode, *args, **kwargs):  # type: ignore[no-untyped-def]
        if mode & os.W_OK and Path(path).exists():
            return bool(Path(path).stat().st_mode & stat.S_IWUSR)
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(store_module.os, "access", access)


def test_read_only_file_shows_saved_triage(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_real_db(db_path, papers=30)
    before = db_path.read_bytes()
    db_path.chmod(0o444)
    _honour_mode_bits_even_as_root(monkeypatch)
    try:
        with Store.open(db_path) as opened:
            assert_read_only_with("read-only", opened, db_path)
            assert opened.get("id00003").tags == ("every-third",)
            assert len(opened.states()) == 30
    finally:
        db_path.chmod(0o644)
    assert db_path.read_bytes() == before


def test_read_only_folder_shows_saved_triage(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_real_db(db_path, papers=30)
    before = db_path.read_bytes()
    db_path.parent.chmod(0o555)
    _honour_mode_bits_even_as_root(monkeypatch)
    try:
        with Store.open(db_path) as opened:
            assert_read_only_with("read-only", opened, db_path)
            assert opened.ids_in_state("kept") == {f"id{i:05d}" for i in range(30)}
    finally:
        db_path.parent.chmod(0o755)
    assert db_path.read_bytes() == before


def test_missing_file_in_read_only_folder_still_opens(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.parent.chmod(0o555)
    _honour_mode_bits_even_as_root(monkeypatch)
    try:
        with Store.open(db_path) as opened:
            assert_read_only_with("read-only", opened, db_path)
    finally:
        db_path.parent.chmod(0o755)
    assert not db_path.exists()


# ---------------------------------------------------------------- locked


def test_locked_wal_file_reads_and_refuses_writes_with_a_message(db_path: Path) -> None:
    make_real_db(db_path, papers=5)
    locker = sqlite3.connect(db_path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    locker.execute("UPDATE triage SET state = 'skip'")
    try:
        before = db_path.read_bytes()
        with Store.open(db_path, timeout=0.05) as opened:
            # readers are never blocked in WAL mode: the committed state is shown
            assert opened.states() == {f"id{i:05d}": "kept" for i in range(5)}
            with pytest.raises(StoreBusy) as raised:
                opened.set_state("id00000", "read")
            assert str(db_path) in raised.value.user_message
            assert "not saved" in raised.value.user_message
            assert db_path.read_bytes() == before
            locker.execute("ROLLBACK")
            # once the other program lets go, writing works again
            assert opened.set_state("id00000", "read").state == "read"
    finally:
        locker.close()


def test_locked_old_style_file_opens_read_only_without_migrating(db_path: Path) -> None:
    make_v1_file(db_path)  # rollback journal: an exclusive lock blocks even readers
    locker = sqlite3.connect(db_path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        before = db_path.read_bytes()
        with Store.open(db_path, timeout=0.05) as opened:
            assert_read_only_with("locked", opened, db_path)
        assert db_path.read_bytes() == before
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    raw = sqlite3.connect(db_path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    raw.close()
    with Store.open(db_path) as later:
        assert not later.read_only
        assert later.get("a1").state == "kept"


# ------------------------------------------------------------ import hygiene


def test_store_imports_without_textual_or_rich() -> None:
    code = (
        "import sys, tuireader.triage.store; "
        "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
        "sys.exit(str(bad) if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


# ------------------------------------------------------- model-based check

_IDS = ("a", "b", "c")
_TAGS = ("rl", "RL ", "Vision", "theory")

_operation = st.one_of(
    st.tuples(st.just("set"), st.lists(st.sampled_from(_IDS), min_size=1), st.sampled_from(STATES)),
    st.tuples(
        st.just("toggle"), st.lists(st.sampled_from(_IDS), min_size=1), st.sampled_from(STATES)
    ),
    st.tuples(st.just("tag"), st.lists(st.sampled_from(_IDS), min_size=1), st.sampled_from(_TAGS)),
    st.tuples(
        st.just("untag"), st.lists(st.sampled_from(_IDS), min_size=1), st.sampled_from(_TAGS)
    ),
    st.tuples(st.just("note"), st.sampled_from(_IDS), st.sampled_from(("", "x", "two\nlines"))),
)


def _view(store: Store) -> dict[str, tuple[str, tuple[str, ...], str]]:
    return {
        paper_id: (t.state, tuple(tag.casefold() for tag in t.tags), t.note)
        for paper_id, t in store.get_many(_IDS).items()
    }


@settings(max_examples=60, deadline=None)
@given(st.lists(_operation, max_size=12))
def test_any_sequence_of_actions_matches_a_model_and_undoes_to_the_start(operations) -> None:
    model = {paper_id: ("new", set(), "") for paper_id in _IDS}
    history = []
    with Store.in_memory() as store:
        for kind, target, value in operations:
            before = _view(store)
            if kind == "set":
                store.set_state_many(target, value)
                for p in target:
                    model[p] = (value, model[p][1], model[p][2])
            elif kind == "toggle":
                all_there = all(model[p][0] == value for p in target)
                store.toggle_state_many(target, value)
                for p in target:
                    model[p] = ("new" if all_there else value, model[p][1], model[p][2])
            elif kind == "tag":
                store.add_tag_many(target, value)
                for p in target:
                    model[p][1].add(value.strip().casefold())
            elif kind == "untag":
                store.remove_tag_many(target, value)
                for p in target:
                    model[p][1].discard(value.strip().casefold())
            else:
                store.set_note(target, value)
                model[target] = (model[target][0], model[target][1], value)
            expected = {p: (s, tuple(sorted(tags)), n) for p, (s, tags, n) in model.items()}
            after = _view(store)
            assert after == expected
            if after != before:
                history.append(before)
        # every action that changed something is one undo step
        while history:
            assert store.undo() is not None
            assert _view(store) == history.pop()
        assert store.undo() is None


# ---------------------------------------------------------------- threads


def test_one_store_shared_by_worker_threads(db_path: Path) -> None:
    with Store.open(db_path) as shared:

        def work(n: int) -> None:
            for i in range(50):
                shared.add_tag("p", f"t{n}-{i}")
                shared.get("p")

        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(shared.get("p").tags) == 200


def test_a_file_of_the_last_schema_keeps_its_undo_log(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    raw = sqlite3.connect(db_path)
    for version in (1, 2, 3):
        for statement in store_module._MIGRATIONS[version]:
            raw.execute(statement)
    raw.execute("INSERT INTO triage (paper_id, state) VALUES ('p', 'kept')")
    raw.execute("INSERT INTO actions (at, kind, summary) VALUES (1.0, 'state', 'new → kept')")
    raw.execute("INSERT INTO changes VALUES (1, 0, 'p', 'state', 'new', 'kept')")
    raw.execute("PRAGMA user_version = 3")
    raw.commit()
    raw.close()
    with Store.open(db_path) as reader:
        reader.origin = store_module.reader_origin()  # an action from before is anyone's
        assert reader.get("p").state == "kept"
        assert reader.undo().paper_ids == ("p",) and reader.get("p").state == "new"


@pytest.mark.parametrize(
    "error",
    ["database or disk is full", "database is locked", "database disk image is malformed"],
)
def test_a_problem_said_to_a_command_says_what_it_did_not_what_the_reader_shows(
    tmp_path: Path, error: str
) -> None:
    # triage and note said "Triage is shown read-only …, a reader left open goes on by
    # itself": words for the reader's user, where the command saved nothing
    from tuireader.triage.store import for_a_change

    problem = Store._open_problem(tmp_path / "triage.sqlite3", sqlite3.OperationalError(error), 5)
    said = for_a_change(problem)
    assert "Nothing was saved" in said
    assert "shown" not in said and "reader left open" not in said
    assert said.split(".")[0] == problem.split(".")[0]  # the cause as it was
