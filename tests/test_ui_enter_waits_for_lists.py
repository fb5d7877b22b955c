"""Enter typed with a query while the lists are still being read and indexed (a first
start, the cache gone) waits for the query's results, and the keys after it act on them
in order: they were let go after a few seconds, on an empty list, and lost."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from e2e_util import settle, sync
from test_ui_app import real_engine
from test_ui_keys_in_order import burst
from test_ui_triage import ids, saved, triage_app

from tuireader.ui.screens import main


@pytest.mark.parametrize("late", ["index", "lists"])
@sync
async def test_enter_and_the_keys_after_it_wait_for_a_slow_index(monkeypatch, late):
    # the keys after Enter were held at most RESULTS_WAIT: an index built for longer
    # let them go on an empty list ("No paper matches the query: nothing to act on")
    monkeypatch.setattr(main, "RESULTS_WAIT", 0.05)
    opened = threading.Event()
    app = triage_app()
    load_library = app.services.load_library

    def late_lists():  # type: ignore[no-untyped-def]
        opened.wait(60)  # (set by the test, whatever happens)
        return load_library()

    def late_engine(library, progress):  # type: ignore[no-untyped-def]
        opened.wait(60)
        return real_engine(library)

    if late == "lists":
        app.services = replace(app.services, load_library=late_lists)
    else:
        app.services = replace(app.services, open_engine=late_engine)
    async with app.run_test(size=(40, 12)) as pilot:
        screen = app.screen
        try:
            for _ in range(200):
                await pilot.pause(0.02)
                if screen.triage.store is not None:
                    break
            await burst(pilot, [*"learning", "enter", *"sss"], wait=False)
            for _ in range(20):  # many times the longest the keys were held before
                await pilot.pause(0.05)
            assert screen.engine is None
            assert saved_states(screen) == {}
            # Enter waits in the search box: the list is not where keys go yet
            assert app.focused is screen.search_box
            assert screen.search_box.value == "learning"
        finally:
            opened.set()
        for _ in range(400):
            await pilot.pause(0.02)
            if screen.engine is not None and ids(screen) and app.focused is screen.results:
                break
        await settle(pilot)
        hits = [hit.paper.id for hit in screen.engine.search("learning", prefix=True).hits]
        assert len(hits) > 3
        assert screen.displayed_query == "learning"
        assert app.focused is screen.results
        assert [saved(pid).state for pid in hits[:4]] == ["kept"] * 3 + ["new"]
        assert screen.current_paper is not None and screen.current_paper.id == hits[3]


def saved_states(screen) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return dict(screen.triage.states)


@sync
async def test_ctrl_q_quits_while_keys_wait_for_the_lists():
    # with the keys after Enter waiting for lists that take minutes, Ctrl+Q waited too
    opened = threading.Event()
    app = triage_app()
    load_library = app.services.load_library

    def late_lists():  # type: ignore[no-untyped-def]
        opened.wait(60)  # (set by the test, whatever happens)
        return load_library()

    app.services = replace(app.services, load_library=late_lists)
    try:
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause(0.2)
            await burst(pilot, [*"learning", "enter", *"ss"], wait=False)
            await pilot.pause(0.2)
            assert app.keys_pending  # held: the lists are on their way
            await pilot.press("ctrl+q")
            for _ in range(100):
                await pilot.pause(0.02)
                if not app.is_running:
                    break
            assert not app.is_running
    finally:
        opened.set()
