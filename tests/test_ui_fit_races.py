"""Pilot tests of slow work racing a change of what it works on: a fit or an export
under way as the triage file is replaced under the reader drops its result quietly,
and the next one works on the new file."""

from __future__ import annotations

import asyncio
import json
import os
import threading

from e2e_util import notices, ready, run_command, settle, sync
from test_ui_fit import HELD, TOPICS, seeded_app, until

from tuireader import learn
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.screens.main import MainScreen


async def replace_triage_file(pilot, screen: MainScreen, paper_id: str) -> None:  # type: ignore[no-untyped-def]
    """Put another triage file in place of the reader's (a backup restored: its marks
    and one more, ``paper_id`` kept), and look for it until the reader goes on with it:
    its old store is closed."""
    path = resolve().state_db
    old = screen.triage.store
    whole = path.with_name("whole.sqlite3")
    with Store.open(path, read_only=True) as store:
        store._conn.execute("VACUUM INTO ?", (str(whole),))
    with Store.open(whole) as store:
        store.set_state(paper_id, "kept")
    for companion in whole.parent.glob("whole.sqlite3-*"):
        companion.unlink()
    os.replace(whole, path)
    for _ in range(10):
        screen.poll_triage()
        await asyncio.to_thread(screen.triage.flush)
        await pilot.pause()
        if screen.triage.store is not old:
            return
    raise AssertionError("the reader did not go on with the new triage file")


def failures_said(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The notices that say some work failed (the replaced file's own is no failure)."""
    said = [str(n.message) for n in app._notifications]
    return [text for text in said if "failed" in text.lower() or "closed database" in text]


@sync
async def test_a_fit_under_way_as_the_triage_file_is_replaced_is_dropped_quietly(
    tmp_path, monkeypatch
):
    # the fit read the marks of papers in no list from the store it started with, closed
    # by then: "Fit: failed (StoreError: Could not read the triage file …: Cannot
    # operate on a closed database.)"
    app, ids = seeded_app(tmp_path)
    kept = ids[TOPICS["grasp"][1][0]]  # in the new file only
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state("a-paper-gone-from-the-list", "kept")
    started, release = threading.Event(), threading.Event()
    real = learn.remembered_papers

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        if not release.is_set():
            started.set()
            release.wait(HELD)
        return real(*args, **kwargs)

    monkeypatch.setattr(learn, "remembered_papers", held)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot, settled=False)
        try:
            await until(pilot, started.is_set, "a fit started")
            await replace_triage_file(pilot, screen, kept)
        finally:
            release.set()

        def fitted() -> bool:
            model = screen.fit_model
            failed = screen.message.startswith("Fit:")
            return failed or (model is not None and model.decisions.get(kept) == "kept")

        await until(pilot, fitted, "a fit on the new file")
        await settle(pilot)
        assert not screen.message.startswith("Fit:"), screen.message
        assert failures_said(app) == []


@sync
async def test_an_export_under_way_as_the_triage_file_is_replaced_is_written_from_the_new_one(
    tmp_path, monkeypatch
):
    # "Export failed: Could not read the triage file …: Cannot operate on a closed
    # database.": the export read the marks from the store it started with
    from test_ui_triage import ids, start, triage_app

    from tuireader.ui.screens import main

    started, release = threading.Event(), threading.Event()
    real = main.write_export

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        if not release.is_set():
            started.set()
            release.wait(HELD)
        return real(*args, **kwargs)

    monkeypatch.setattr(main, "write_export", held)
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("s")  # keep the first paper
        await settle(pilot)
        await run_command(pilot, "export the kept")
        await settle(pilot)
        await pilot.press("4", "enter")  # JSON, where offered
        try:
            await until(pilot, started.is_set, "the export started")
            await replace_triage_file(pilot, screen, second)
        finally:
            release.set()
        await settle(pilot)
        assert failures_said(app) == []
        [written] = list((tmp_path / "exports").glob("*.json"))
        data = json.loads(written.read_text())
        # the papers asked for, their marks as the triage file holds them now
        assert [(item["id"], item["state"]) for item in data] == [(first, "kept")]
        assert f"Exported 1 paper to\n{written}" in notices(app)
