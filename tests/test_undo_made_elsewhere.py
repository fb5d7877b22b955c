"""Undo says where the step it takes back was made when that is not where it is taken
back: a reader's z takes back the command line's steps (and those of a reader since
closed), the command line's undo a reader's."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from e2e_util import notices, settle, sync
from test_ui_triage import ids, saved, start, triage_app

from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin


def test_a_readers_undo_says_a_step_was_made_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader:
        reader.origin = reader_origin()
        reader.set_state("own", "kept")
        with Store.open(db) as command_line:
            command_line.apply_many(["a", "b"], state="skip", tags=["ext"])
        result = reader.undo()
        assert result is not None and result.made == "on the command line"
        assert result.message == (
            "Undid a step made on the command line: skipped back to new and tag 'ext' "
            "taken off for 2 papers"
        )
        own = reader.undo()  # its own: said as it always was
        assert own is not None and own.message == "Undid: kept back to new for 1 paper"


def test_a_readers_undo_says_a_step_was_made_in_a_reader_since_closed(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    closed = reader_origin().split()
    closed[2] = ended.stdout.strip()  # a process no longer running
    with Store.open(db) as earlier:
        earlier.origin = " ".join(closed)
        earlier.set_state("a", "maybe")
    with Store.open(db) as reader:
        reader.origin = reader_origin()
        peeked = reader.peek_undo()
        assert peeked is not None and peeked.made == "in a reader since closed"
        result = reader.undo()
        assert result is not None
        assert (
            result.message
            == "Undid a step made in a reader since closed: maybe back to new for 1 paper"
        )


def test_the_command_lines_undo_says_a_step_was_made_in_a_reader(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader:
        reader.origin = reader_origin()
        reader.set_state("a", "read")
    with Store.open(db) as command_line:
        command_line.apply_many(["b"], state="kept")
        first = command_line.undo()
        assert first is not None and first.message == "Undid: kept back to new for 1 paper"
        second = command_line.undo()
        assert second is not None
        assert second.message == "Undid a step made in a reader: read back to new for 1 paper"


@sync
async def test_z_in_the_reader_says_it_took_back_a_step_of_the_command_line():
    # 'tuireader triage A B --state skip --tag ext' from a shell, then z in the reader:
    # "Undone: skipped back to new and tag 'ext' taken off for 2 papers", as if its own
    app = triage_app()

    def open_store() -> Store:
        store = Store.open(resolve().ensure().state_db)
        store.origin = reader_origin()  # as the reader's own store is
        return store

    app.services = replace(app.services, open_store=open_store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        with Store.open(resolve().state_db) as command_line:
            command_line.apply_many([first, second], state="skip", tags=["ext"])
        screen.poll_triage()
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).state == saved(second).state == "new"
        said = [text for text in notices(app) if text.startswith("Undone")]
        assert said == [
            (
                "Undone a step made on the command line: skipped back to new and tag 'ext' "
                "taken off for 2 papers"
            )
        ], said


def test_nothing_undone_of_a_step_made_on_the_command_line_says_where_it_was_made(
    tmp_path: Path,
) -> None:
    # the command line skipped a paper, another reader still open kept it after: z in
    # the reader took back nothing and said "Nothing undone: …" without naming the step
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader, Store.open(db) as other:
        reader.origin, other.origin = reader_origin(), reader_origin()
        with Store.open(db) as command_line:
            command_line.set_state("a", "skip")
        other.set_state("a", "kept")
        result = reader.undo()
        assert result is not None and result.made == "on the command line"
        assert result.left == ("a",)
        assert result.message == (
            "Nothing undone of a step made on the command line: the paper changed since "
            "elsewhere and is left as it is"
        )
        assert reader.get("a").state == "kept"


def test_nothing_undone_of_several_papers_says_where_the_step_was_made(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as reader, Store.open(db) as other:
        reader.origin, other.origin = reader_origin(), reader_origin()
        with Store.open(db) as command_line:
            command_line.apply_many(["a", "b"], state="maybe")
        other.set_state_many(["a", "b"], "read")  # a reader still open decided both again
        result = reader.undo()
        assert result is not None and result.made == "on the command line"
        assert result.message == (
            "Nothing undone of a step made on the command line: all 2 papers changed "
            "since elsewhere and are left as they are"
        )


@sync
async def test_z_in_the_reader_says_where_a_step_it_left_as_it_is_was_made():
    # 'tuireader triage A --state skip' from a shell, another reader keeps A, then z:
    # "Nothing undone: the paper changed since elsewhere…", as if the step were its own
    app = triage_app()

    def open_store() -> Store:
        store = Store.open(resolve().ensure().state_db)
        store.origin = reader_origin()  # as the reader's own store is
        return store

    app.services = replace(app.services, open_store=open_store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        with Store.open(resolve().state_db) as command_line:
            command_line.apply_many([first], state="skip")
        with Store.open(resolve().state_db) as other:
            other.origin = reader_origin()  # a reader still running
            other.set_state(first, "kept")
        screen.poll_triage()
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).state == "kept"
        said = [text for text in notices(app) if "undone" in text.casefold()]
        assert said and said[-1].startswith(
            "Nothing undone of a step made on the command line: the paper changed since "
            "elsewhere and is left as it is"
        ), said
