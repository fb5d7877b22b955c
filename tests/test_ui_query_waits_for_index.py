"""A query typed while the index is first built, and not scanned meanwhile, waits for
the index: the status line names the query and what it waits for, so that the papers
listed until then are not taken for its answer."""

from __future__ import annotations

import threading

from e2e_util import sync, until, widget_text
from test_ui_app import SAMPLE
from test_ui_scan_while_indexing import _building

from tuireader.ingest.library import load_library
from tuireader.search.engine import scanning_engine
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.main import query_waits


@sync
async def test_a_query_waiting_for_the_index_built_says_so_on_the_status_line(monkeypatch):
    # the list stayed on every paper, the line saying "11 / 11 papers · index: indexing
    # 1/11" and, at best, that "the index is not ready yet", naming no query
    from tuireader.search import index as tindex

    monkeypatch.setattr(tindex, "PARALLEL_BUILD_MIN", 2)  # built in parts: the query waits
    typed, gate = threading.Event(), threading.Event()
    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=_building(typed, gate),
        scan_engine=scanning_engine,
    )
    app = ReaderApp(services, show_timings=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.library is not None)
            total = len(screen.library)
            await pilot.press(*"diffusion")
            # the index opened, not yet known to be built
            await until(pilot, lambda: "“diffusion”" in screen.message)
            assert screen.message == "Search: “diffusion” is answered when the index is ready"
            typed.set()
            await until(pilot, lambda: screen.index_state.startswith("indexing"))
            await pilot.pause()
            said = "Search: “diffusion” is answered when the index is built"
            assert screen.message == said
            status = widget_text(app, screen.query_one("#status"))
            assert said in status and f"index: indexing 1/{total}" in status
            assert "…" not in status  # whole, in the 80 columns
            assert screen.displayed_query != "diffusion"  # (every paper, still)
            gate.set()
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            assert screen.index_state == "ready"
            assert "answered when" not in screen.message
    finally:
        typed.set()
        gate.set()


def test_a_long_query_waiting_is_cut_and_what_it_waits_for_said_whole():
    query = "diffusion models for robot manipulation with tactile sensing and language"
    said = query_waits(query, "indexing 1,250/2,610")
    assert said.startswith("Search: “diffusion models for robot")
    assert said.endswith("…” is answered when the index is built")
    assert query_waits("diffusion", "saving").endswith("when the index is built")
    assert query_waits("diffusion", "opening").endswith("when the index is ready")
