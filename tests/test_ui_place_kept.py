"""The reader's place (its query, order, the paper highlighted) is kept on disk as it
runs, every few looks at most when it changed: a reader that ends without closing
(``kill -9``, a crash, the machine gone) leaves it to the next start. It was saved only
as the reader closed: the next start came back where the last run that closed was left,
and keys typed blind at once landed on papers already decided.

A reader's end is played here by a copy of the triage file taken while it runs (what a
process killed then leaves on disk), opened by the next reader.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from e2e_util import notices, settle, sync
from test_ui_triage import start
from test_ui_typed_drafts import damaged_under, ended_origin, left_on_disk, reader, said_damaged

from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin
from tuireader.ui.triage import DRAFT_FIELDS, PLACE_LOOKS, UI_STATE_KEY


def position(path: Path) -> dict | None:  # type: ignore[type-arg]
    """The reader's position the triage file holds (None: none)."""
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT value FROM ui_state WHERE key = ?", (UI_STATE_KEY,)).fetchone()
    return None if row is None else json.loads(row[0])


async def looks(pilot) -> None:  # type: ignore[no-untyped-def]
    """As many looks as the place waits for between two writes, and their writes done."""
    for _ in range(PLACE_LOOKS):
        pilot.app.screen_stack[0].poll_triage()
    await settle(pilot)


@sync
async def test_a_reader_that_ends_without_closing_leaves_its_place_to_the_next_start(tmp_path):
    path, copy = resolve().ensure().state_db, tmp_path / "left.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        screen.search_box.focus()
        await pilot.press(*"learning", "enter")
        await settle(pilot)
        await pilot.press("j", "j", "j")
        await settle(pilot)
        left_on = screen.current_paper
        assert left_on is not None and screen.results.highlighted == 3
        for _ in range(PLACE_LOOKS - 1):
            screen.poll_triage()
        await left_on_disk(pilot, path, copy)  # the reader still open: the process ends
    app = reader(copy, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await settle(pilot)
        assert screen.search_box.value == "learning"
        assert screen.current_paper is not None and screen.current_paper.id == left_on.id
        assert screen.results.highlighted == 3


@sync
async def test_the_place_kept_as_the_reader_runs_keeps_the_text_typed_saved_with_it(tmp_path):
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("n", *"kept from the last run", "escape")
        await settle(pilot)
    # the reader closed: its position keeps the note text typed and left with Escape
    assert position(path)["drafts"]  # type: ignore[index]
    drafts = {k: v for k, v in position(path).items() if k in DRAFT_FIELDS}  # type: ignore[union-attr]
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await pilot.press("j", "j")
        await settle(pilot)
        moved_to = screen.current_paper
        assert moved_to is not None
        await looks(pilot)
        kept = position(path)
        assert kept is not None and kept["paper"] == moved_to.id
        assert {k: v for k, v in kept.items() if k in DRAFT_FIELDS} == drafts


@sync
async def test_the_place_is_written_again_only_once_the_looks_between_have_passed(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("tuireader.ui.screens.main.POLL_SECONDS", 3600)  # the test's looks only
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await pilot.press("j")
        await settle(pilot)
        first = screen.current_paper
        assert first is not None
        screen.poll_triage()  # the first look: written at once
        await settle(pilot)
        assert position(path)["paper"] == first.id  # type: ignore[index]
        await pilot.press("j")
        await settle(pilot)
        second = screen.current_paper
        assert second is not None and second.id != first.id
        for _ in range(PLACE_LOOKS - 1):  # too soon after the last write
            screen.poll_triage()
            await settle(pilot)
            assert position(path)["paper"] == first.id  # type: ignore[index]
        screen.poll_triage()
        await settle(pilot)
        assert position(path)["paper"] == second.id  # type: ignore[index]


@sync
async def test_a_read_only_triage_file_is_not_written_as_the_reader_runs(tmp_path):
    path = resolve().ensure().state_db
    with Store.open(path):
        pass  # the file exists, its position none
    app = reader(path, reader_origin(), read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("j", "j")
        await settle(pilot)
        await looks(pilot)
        assert position(path) is None


@sync
async def test_another_readers_place_kept_as_it_moves_fits_nothing_again(tmp_path):
    # the place written every few seconds by a reader moving row after row is a change
    # of the triage file to every other reader open: each fitted its model again on the
    # same decisions
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await pilot.press("s", "j", "x")
        await settle(pilot)
        refits: list[object] = []
        screen._refit_soon = lambda *args: refits.append(args)  # type: ignore[method-assign]
        with Store.open(path) as other:
            other.save_ui_state(UI_STATE_KEY, {"version": 1, "query": "", "paper": "elsewhere"})
        screen.poll_triage()
        await settle(pilot)
        assert refits == []
        with Store.open(path) as other:  # a decision made there is learned from
            other.set_state(screen.results.rows[5].paper.id, "skip")
        screen.poll_triage()
        await settle(pilot)
        assert refits


@sync
async def test_a_triage_file_damaged_under_the_reader_is_said_when_the_place_finds_it(
    tmp_path, monkeypatch
):
    # the place written with no look before it (the writer busy as the look came) found
    # the damage: the file was let go of, and nothing said it
    async with damaged_under(monkeypatch) as pilot:
        app, screen = pilot.app, pilot.app.screen
        await pilot.press("j")
        await settle(pilot)
        for _ in range(PLACE_LOOKS):  # the place's write, with no look before it
            screen.triage.keep_place({**screen._place_left(), "query": "moved on"})
        await settle(pilot)
        assert screen.triage.store is not None and screen.triage.store.read_only
        assert said_damaged(app), notices(app)
