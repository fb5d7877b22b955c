"""A start on the query the last run was left on: until its results come, the list says
it is loading them, and shows none of the papers the query does not ask for."""

from __future__ import annotations

import threading
from dataclasses import replace

from e2e_util import settle, sync, widget_text
from test_ui_fit import seeded_app, with_model

QUERY = "tokens OR tactile sort:fit"


@sync
async def test_a_saved_query_is_said_to_be_loading_until_its_results_come(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*QUERY, "enter")
        await settle(pilot)
        wanted = [row.paper.id for row in screen.results.rows]
        assert 0 < len(wanted) < len(screen.library)
    app, _ids = seeded_app(tmp_path)
    opened = threading.Event()
    open_engine = app.services.open_engine

    def late_engine(library, progress):  # type: ignore[no-untyped-def]
        opened.wait(60)  # (set by the test, whatever happens)
        return open_engine(library, progress)

    app.services = replace(app.services, open_engine=late_engine)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        try:
            for _ in range(500):
                await pilot.pause(0.02)
                if screen.library is not None and screen.search_box.value == QUERY:
                    break
            await pilot.pause(0.1)
            assert screen.engine is None and screen.search_box.value == QUERY
            # not every paper under the query's words, nor "the index is not ready"
            assert list(screen.results.rows) == []
            status = widget_text(app, screen.query_one("#status"))
            assert f"loading the results of “{QUERY}”" in screen.message
            assert "loading the results" in status
            assert "not ready" not in status
            assert "order: list" not in str(screen.results.border_title)
        finally:
            opened.set()
        await with_model(pilot)
        assert screen.displayed_query == QUERY
        assert sorted(row.paper.id for row in screen.results.rows) == sorted(wanted)
        assert "loading" not in screen.message
