"""A key that acts on a paper while the index is still being built: it waits for the
query's results, which are not missing because no paper matches."""

from __future__ import annotations

import threading

from e2e_util import notices, settle, sync
from test_ui_app import SAMPLE, make_app, real_engine


@sync
async def test_a_triage_key_before_the_index_is_ready_waits_for_the_querys_results(monkeypatch):
    # a first start on a large library builds the index for half a minute; a query typed,
    # Enter and s (acting once they had waited RESULTS_WAIT for the results) said "No
    # paper matches the query", of a query that matches 239 papers: Enter and the keys
    # after it wait for the query's results, and act on them
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "RESULTS_WAIT", 0.2)
    release = threading.Event()

    def slow(library):  # type: ignore[no-untyped-def]
        release.wait(60)
        return real_engine(library)

    app = make_app(SAMPLE, engine=slow)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            for _ in range(500):
                if screen.library is not None and screen.triage.store is not None:
                    break
                await pilot.pause(0.01)
            await pilot.press(*"diffusion", "enter", "s")
            for _ in range(50):  # many times RESULTS_WAIT: Enter and the s wait on
                await pilot.pause(0.01)
            said = notices(app)
            assert not any("No paper matches" in text for text in said), said
            assert screen.engine is None  # (the index was indeed still on its way)
            assert app.keys_pending and app.focused is screen.search_box
            release.set()
            await settle(pilot)
            assert screen.matched == 2 and len(screen.results.rows) == 2
            # the s acted once the query's results were shown: on the first of them
            first = screen.results.rows[0].paper.id
            assert screen.triage.states == {first: "kept"}
    finally:
        release.set()
