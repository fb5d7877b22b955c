"""Decisions shown and not saved as the reader closed (the triage file held by another
program past the wait on the way out): kept beside the triage file, made again at the
next start where each paper is still as it was, the rest named; never lost unsaid
with the terminal (a closed ssh session, where stderr went)."""

from __future__ import annotations

import json
import signal
import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

from e2e_util import notices, sync
from test_ui_app import SAMPLE, make_app
from test_ui_triage import ids, start

from tuireader.system.paths import resolve
from tuireader.triage import unsaved
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp


def reader(path: Path, told: list[tuple[str, list[str]]] | None = None) -> ReaderApp:
    """The reader on the sample, a lock on its triage file ``path`` waited for a second
    (for a change, and on the way out)."""
    app = make_app(SAMPLE)
    app.services = replace(app.services, open_store=lambda: Store.open(path, timeout=1.0))
    if told is not None:
        app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    return app


def held(path: Path) -> sqlite3.Connection:
    """The triage file's write lock, held by another program until closed."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def states(path: Path) -> dict[str, str]:
    with Store.open(path, read_only=True) as store:
        return store.states()


@sync
async def test_decisions_not_saved_as_the_reader_closed_are_made_at_the_next_start():
    path = resolve().ensure().state_db
    with Store.open(path):
        pass
    told: list[tuple[str, list[str]]] = []
    app = reader(path, told)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third, fourth = ids(screen)[:4]
        titles = [screen._title_of(pid, None) for pid in (first, second, third, fourth)]
        holder = held(path)
        await pilot.press("s", "s", "s", "x")  # shown at once: "3 kept · 1 skipped · saving…"
        await pilot.pause()
        assert screen.triage.states == {
            first: "kept",
            second: "kept",
            third: "kept",
            fourth: "skip",
        }
        # the reader closes (q, kill, the terminal gone) with the file still held
    holder.rollback()
    holder.close()
    assert states(path) == {}  # not saved as it closed
    ((_why, lines),) = told  # said on the command line, as before
    assert len(lines) == 4
    (kept,) = unsaved.waiting(path)  # and kept, beside the triage file
    assert app.unsaved_kept == kept
    # meanwhile, another program skips the second paper: that paper is not the reader's
    # to change now; the others are as they were
    with Store.open(path) as store:
        store.set_state(second, "skip")
    app = reader(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        said = " ".join(notices(app))
        assert "3 decisions made as the reader closed were not saved then" in said
        for title in (titles[0], titles[2], titles[3]):
            assert f"“{title[:40]}" in said  # (a long one cut)
        assert "1 decision made as the reader closed was not saved, and is not made now" in said
        assert f"kept: “{titles[1]}” (now skipped)" in said
        assert screen.triage.states == {
            first: "kept",
            second: "skip",
            third: "kept",
            fourth: "skip",
        }
        # in the notices log (W) too
        assert any("not saved then" in said.text for said in app.notice_log.newest_first())
    assert states(path) == {first: "kept", second: "skip", third: "kept", fourth: "skip"}
    assert unsaved.waiting(path) == []  # said once
    app = reader(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        assert not any("not saved" in text for text in notices(app))


def test_a_decision_is_made_again_only_where_its_paper_is_as_it_was(tmp_path):
    path = tmp_path / "triage.sqlite3"
    with Store.open(path) as store:
        store.set_state("b", "maybe")  # changed since the decision, elsewhere
        store.set_state("c", "kept")  # made already, elsewhere
        store.set_tags("d", ["later"])
    decisions = [
        unsaved.Decision("state", "a", "new", "kept", "Paper A"),
        unsaved.Decision("state", "b", "new", "kept", "Paper B"),
        unsaved.Decision("state", "c", "new", "kept", "Paper C"),
        unsaved.Decision("tags", "d", ("later",), ("later", "rl"), "Paper D"),
        unsaved.Decision("tags", "e", ("old",), ("new-tag",), "Paper E"),
    ]
    unsaved.record(path, decisions, ["note on “Paper F”: my text"], "busy")
    with Store.open(path) as store:
        found = unsaved.settle(store)
        assert found is not None
        assert [d.paper_id for d in found.made] == ["a", "d"]
        assert [d.paper_id for d in found.already] == ["c"]
        assert [(d.paper_id, now) for d, now in found.changed] == [("b", "maybe"), ("e", ())]
        assert store.states() == {"a": "kept", "b": "maybe", "c": "kept"}
        assert store.get("d").tags == ("later", "rl") and store.get("e").tags == ()
        words = " ".join(text for _title, text in found.said())
        assert "kept: “Paper B” (now maybe)" in words and "note on “Paper F”: my text" in words
        undone = store.undo()  # one action, which undo takes back
        assert undone is not None
        assert store.states() == {"b": "maybe", "c": "kept"}
        assert unsaved.settle(store) is None  # made once
    assert unsaved.waiting(path) == []


def test_a_record_waits_while_the_triage_file_cannot_be_written(tmp_path):
    path = tmp_path / "triage.sqlite3"
    with Store.open(path):
        pass
    unsaved.record(path, [unsaved.Decision("state", "a", "new", "kept", "A")], [], "busy")
    holder = held(path)
    try:
        with Store.open(path, timeout=0.1, wait=False) as store:
            assert unsaved.settle(store) is None
    finally:
        holder.rollback()
        holder.close()
    assert len(unsaved.waiting(path)) == 1  # kept for the next time
    with Store.open(path) as store:
        assert unsaved.settle(store) is not None
        assert store.states() == {"a": "kept"}


def test_a_record_that_cannot_be_read_is_put_aside_and_named(tmp_path):
    path = tmp_path / "triage.sqlite3"
    folder = unsaved.folder_of(path)
    folder.mkdir()
    (folder / "1-1.json").write_text(json.dumps({"version": 1, "decisions": [7]}))
    with Store.open(path) as store:
        found = unsaved.settle(store)
    assert found is not None and "could not be read" in found.lines[0]
    assert unsaved.waiting(path) == [] and (folder / "1-1.json.unread").exists()


def test_the_next_command_makes_them_and_says_so(tmp_path, capsys):
    # the user's next step after the terminal closed: `tuireader search '… is:kept'`
    from tuireader.cli import main
    from tuireader.ingest.library import load_library

    data = tmp_path / "data"
    papers = load_library([SAMPLE]).papers
    path = resolve(data).ensure().state_db
    with Store.open(path):
        pass
    first, second = papers[0], papers[1]
    unsaved.record(
        path,
        [
            unsaved.Decision("state", first.id, "new", "kept", first.title),
            unsaved.Decision("state", second.id, "new", "kept", second.title),
        ],
        [],
        "busy",
    )
    code = main(["search", "is:kept", str(SAMPLE), "--data-dir", str(data), "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "2 decisions made as the reader closed were not saved then" in err
    assert {hit["id"] for hit in json.loads(out)["hits"]} == {first.id, second.id}
    assert unsaved.waiting(path) == []


@sync
async def test_changes_whose_failure_the_closing_reader_is_told_of_are_kept_for_the_next_start():
    # The first of three keys waits for the triage file and is saved; the file is held
    # again as it is, and the other two fail (the first waited out, the second untried)
    # as the reader closes, the terminal gone: the screen, no longer seen, is told of
    # their failure before it goes. They are kept for the next start all the same.
    path = resolve().ensure().state_db
    with Store.open(path):
        pass
    told: list[tuple[str, list[str]]] = []
    holders: list[sqlite3.Connection] = []
    gate = threading.Event()
    app = reader(path, told)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        book = screen.triage
        execute = book._execute
        first_op = book.last_op + 1

        def waited(job):  # type: ignore[no-untyped-def]
            if job.op_id != first_op:
                return execute(job)
            gate.wait()  # the wait for the file another program holds
            outcome = execute(job)
            holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            holder.execute("BEGIN EXCLUSIVE")  # held again, for the keys queued behind it
            holders.append(holder)
            return outcome

        book._execute = waited  # type: ignore[method-assign]
        await pilot.press("s", "s", "s")
        assert book.states == {first: "kept", second: "kept", third: "kept"}
        gate.set()
        assert book.flush()  # the failures are posted to the screen...
        app._closed_by_signal(signal.SIGHUP)  # ...as the terminal goes
    for holder in holders:
        holder.rollback()
        holder.close()
    assert states(path) == {first: "kept"}
    ((_why, lines),) = told
    assert len(lines) == 2
    (kept,) = unsaved.waiting(path)
    assert app.unsaved_kept == kept
    app = reader(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        said = " ".join(notices(app))
        assert "2 decisions made as the reader closed were not saved then" in said
    assert states(path) == {first: "kept", second: "kept", third: "kept"}
    assert unsaved.waiting(path) == []
