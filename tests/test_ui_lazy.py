"""The reader's first screen from the cache's table of papers, the rest read after it.

With the lists unchanged since the last run, the reader shows the list before every
paper is in memory: the rows in view are read alone, and a worker reads the rest once
the screen is drawn. Keys act on the right paper all the while.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from corpus_util import many_records, write_jsonl
from e2e_util import app_text, ready, settle, sync, widget_text
from test_cache import _damage_flip

from tuireader.ingest.cache import LazyLibrary
from tuireader.session import load_session
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services, core_services
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.widgets.results import PaperRows

PAPERS = 400


def held_app(tmp_path: Path) -> tuple[ReaderApp, threading.Event, list[LazyLibrary]]:
    """The reader on a list read once before (so cached), its whole read held back
    until the returned event is set."""
    source = write_jsonl(tmp_path / "many.jsonl", many_records(PAPERS))
    paths = resolve().ensure()
    load_session([source], data_dir=paths.root)  # the cache the next run starts from
    services = core_services([source], paths)
    release = threading.Event()
    given: list[LazyLibrary] = []

    def load():  # type: ignore[no-untyped-def]
        library = services.load_library()
        assert isinstance(library, LazyLibrary)
        read_whole = library._read_whole

        def held():  # type: ignore[no-untyped-def]
            assert release.wait(30), "never released"
            return read_whole()

        object.__setattr__(library, "_read_whole", held)
        given.append(library)
        return library

    held_services = Services(
        load_library=load,
        open_engine=services.open_engine,
        open_store=lambda: Store.open(paths.state_db),
    )
    return ReaderApp(held_services, show_timings=False), release, given


async def shown(pilot) -> MainScreen:  # type: ignore[no-untyped-def]
    """The main screen once its list is on screen (the whole read may be held)."""
    screen = pilot.app.screen
    for _ in range(1000):
        if screen.library is not None and screen.triage.store is not None:
            break
        await pilot.pause()
    await pilot.pause()
    return screen


@sync
async def test_the_first_screen_lists_every_paper_before_they_are_all_read(tmp_path):
    app, release, given = held_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await shown(pilot)
            library = given[0]
            assert screen.library is library and not library.complete
            rows = screen.results.rows
            assert isinstance(rows, PaperRows) and len(rows) == PAPERS
            status = widget_text(app, screen.query_one("#status"))
            assert f"{PAPERS} / {PAPERS} papers" in status
            first = rows[0].paper
            assert first.title in app_text(app)
            # only what is in view was read
            assert 0 < len(library._read) < 60
            # the last paper is a key away, and the cursor is on it
            screen.action_focus_results()
            await pilot.press("G")
            await pilot.pause()
            assert screen.current_paper.id == library.ids[-1]
            assert not library.complete
            release.set()
            screen = await ready(pilot)
            assert library.complete and screen.results.rows is rows
            assert screen.current_paper.id == library.ids[-1]
            assert screen.index_state == "ready"
    finally:
        release.set()


@sync
async def test_the_place_kept_as_the_reader_runs_reads_no_paper_before_they_are_all_read(
    tmp_path,
):
    # the reader's place, kept every few looks for changes, named the two hundred rows
    # below the cursor by their ids now: each of them read alone from the cache, on the
    # screen's thread, while the papers were not all read yet
    app, release, given = held_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await shown(pilot)
            library = given[0]
            read = len(library._read)
            assert 0 < read < 60
            screen.poll_triage()
            place = screen._place_left()
            assert place["rows"][:3] == list(library.ids[:3])
            assert len(library._read) == read
            assert not library.complete
    finally:
        release.set()


@sync
async def test_decisions_taken_before_the_papers_are_all_read_land_on_the_right_papers(
    tmp_path,
):
    """``s s s`` and a mark, typed before the rest of the papers is read: three kept in
    a row and one maybe, saved, and the same after the whole read."""
    app, release, given = held_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await shown(pilot)
            library = given[0]
            screen.action_focus_results()
            await pilot.press("down", "s", "s", "s", "m")
            for _ in range(50):
                await pilot.pause()
            assert not library.complete
            ids = library.ids
            states = screen.triage.states
            assert [states.get(paper_id) for paper_id in ids[1:5]] == [
                "kept",
                "kept",
                "kept",
                "maybe",
            ]
            assert screen.current_paper.id == ids[5]
            assert "3 kept · 1 maybe" in widget_text(app, screen.query_one("#status"))
            release.set()
            screen = await ready(pilot)
            await settle(pilot)
            assert library.complete
            assert screen.current_paper.id == ids[5]
        with Store.open(resolve().state_db, read_only=True) as store:
            assert [store.get(paper_id).state for paper_id in ids[1:5]] == [
                "kept",
                "kept",
                "kept",
                "maybe",
            ]
    finally:
        release.set()


@sync
async def test_a_cache_found_damaged_after_the_first_screen_is_said_and_the_list_stays(
    tmp_path,
):
    app, release, given = held_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await shown(pilot)
            library = given[0]
            before = [row.paper.id for row in screen.results.rows[:10]]
            _damage_flip(library.path)
            release.set()
            screen = await ready(pilot)
            await asyncio.sleep(0)
            assert library.complete
            assert [row.paper.id for row in screen.results.rows[:10]] == before
            assert len(screen.results.rows) == PAPERS
            assert "1 load warning" in widget_text(app, screen.query_one("#status"))
            assert any("cache of read lists" in str(p) for p in screen.problems)
    finally:
        release.set()


@sync
async def test_rows_the_cache_cannot_give_stand_in_and_the_screen_never_waits_for_the_lists(
    tmp_path,
):
    """The records of the first rows damaged on disk before they are drawn: the screen
    draws stand-ins instead of reading the lists again itself, the worker's whole read
    does that, and the rows then show their papers."""
    app, release, given = held_app(tmp_path)
    fallbacks: list[str] = []
    real_load = app.services.load_library

    def load():  # type: ignore[no-untyped-def]
        library = real_load()
        start = library._body_start + library._offsets[0]
        with open(library.path, "r+b") as handle:  # the first three records damaged
            handle.seek(start + 4)
            handle.write(b"\xff" * (library._offsets[3] - library._offsets[0] - 8))
        fallback = library._fallback

        def counted(why):  # type: ignore[no-untyped-def]
            fallbacks.append(threading.current_thread().name)
            return fallback(why)

        object.__setattr__(library, "_fallback", counted)
        return library

    app.services = Services(
        load_library=load,
        open_engine=app.services.open_engine,
        open_store=app.services.open_store,
    )
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await shown(pilot)
            library = given[0]
            assert "(being read again…)" in app_text(app)
            assert fallbacks == [] and screen.results.rows.stood_in
            release.set()
            screen = await ready(pilot)
            assert library.complete and fallbacks and threading.main_thread().name not in fallbacks
            text = app_text(app)
            assert "(being read again…)" not in text
            assert library.papers[0].title in text
            assert screen.current_paper == library.papers[0]
            assert "1 load warning" in widget_text(app, screen.query_one("#status"))
    finally:
        release.set()
