"""A key that acts on a paper while the index is still being built: the list is empty
because the query waits for the index, not because no paper matches."""

from __future__ import annotations

import threading

from e2e_util import notices, settle, sync
from test_ui_app import SAMPLE, make_app, real_engine


@sync
async def test_a_triage_key_before_the_index_is_ready_says_the_index_is_not_ready(monkeypatch):
    # a first start on a large library builds the index for half a minute; a query typed,
    # Enter and s (acting once they had waited RESULTS_WAIT for the results) said "No
    # paper matches the query", of a query that matches 239 papers
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
            for _ in range(500):  # the s waits for the results, RESULTS_WAIT at most
                if not app.keys_pending:
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            said = notices(app)
            assert any("index is not ready" in text for text in said), said
            assert not any("No paper matches" in text for text in said), said
            assert screen.engine is None  # (the index was indeed still on its way)
            release.set()
            await settle(pilot)
            assert screen.matched == 2 and len(screen.results.rows) == 2
    finally:
        release.set()
