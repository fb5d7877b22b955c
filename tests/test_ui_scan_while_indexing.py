"""A query typed while the index is being built is answered by a scan of the library,
its hits in list order, and the status line says so; the index's results replace them
when it is ready, the paper highlighted staying so."""

from __future__ import annotations

import threading

from e2e_util import sync, until
from test_ui_app import SAMPLE, real_engine

from tuireader.ingest.library import load_library
from tuireader.search import scan
from tuireader.search.engine import scanning_engine
from tuireader.ui.app import ReaderApp, Services


def _building(typed, gate, first=lambda total: 1):  # type: ignore[no-untyped-def]
    """The index being built: it reports its ``first`` papers once the query is typed
    (``typed`` set), and is ready when the test lets it be (``gate`` set)."""

    def building(library, progress):  # type: ignore[no-untyped-def]
        total = len(library)
        assert typed.wait(60)
        progress(first(total), total)
        assert gate.wait(60)
        progress(total, total)
        return real_engine(library)

    return building


@sync
async def test_a_query_typed_while_the_index_is_built_is_scanned_meanwhile():
    typed, gate = threading.Event(), threading.Event()

    reading, read = threading.Event(), threading.Event()

    def scan_engine(library):  # type: ignore[no-untyped-def]
        engine = scanning_engine(library)
        prepare = engine.prepare_scan

        def held(progress=None) -> None:  # type: ignore[no-untyped-def]
            # the papers' words are read when the test lets them be
            reading.set()
            assert read.wait(60)
            prepare(progress)

        engine.prepare_scan = held  # type: ignore[method-assign]
        return engine

    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=_building(typed, gate),
        scan_engine=scan_engine,
    )
    app = ReaderApp(services, show_timings=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.library is not None)
            await pilot.press(*"diffusion")
            typed.set()
            await until(pilot, reading.is_set)
            # said while the words are read: the query is not forgotten
            await until(pilot, lambda: "words" in screen.message)
            assert "index" in screen.message
            read.set()
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            # the scan's hits, in list order, while the index is still on its way
            listed = [p.title for p in screen.library.papers if "diffusion" in p.title.lower()]
            assert [row.paper.title for row in screen.results.rows] == listed
            assert len(listed) == 2
            assert screen.index_state.startswith("indexing")
            assert "list order" in screen.message and "being built" in screen.message
            # to the list, then its second paper and back: the first in list order, which
            # the index ranks second
            await pilot.press("down", "down", "up")
            await until(pilot, lambda: screen.focused is screen.results)
            chosen = screen.current_paper
            assert chosen is not None and chosen.title == listed[0]
            scanning = screen.engine
            gate.set()
            await until(pilot, lambda: screen.engine is not scanning)
            await until(pilot, lambda: "list order" not in screen.message)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.index_state == "ready"
            # the index's results: the same papers, the same one highlighted
            assert screen.engine is not None and not getattr(screen.engine, "problem", None)
            assert sorted(row.paper.title for row in screen.results.rows) == sorted(listed)
            assert screen.results.rows[0].paper is not chosen  # (ranked second, as said)
            assert screen.current_paper is chosen
            assert "list order" not in screen.message
    finally:
        typed.set()
        read.set()
        gate.set()


@sync
async def test_the_words_read_for_the_scan_are_counted_on_the_status_line(monkeypatch):
    # the index waits while the words are read: its count stood still for 10 s at
    # "indexing 250/3,671" with nothing else moving
    typed, gate = threading.Event(), threading.Event()
    counts: list[str] = []

    def scan_engine(library):  # type: ignore[no-untyped-def]
        engine = scanning_engine(library)
        prepare = engine.prepare_scan

        def counted(progress=None) -> None:  # type: ignore[no-untyped-def]
            def told(done: int, total: int) -> None:
                counts.append(f"{done}/{total}")
                progress(done, total)

            prepare(told)

        engine.prepare_scan = counted  # type: ignore[method-assign]
        return engine

    monkeypatch.setattr(scan, "PROGRESS_EVERY", 1)
    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=_building(typed, gate),
        scan_engine=scan_engine,
    )
    app = ReaderApp(services, show_timings=False)
    said: list[str] = []
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.library is not None)
            total = len(screen.library)
            screen.watch(screen, "message", lambda text: said.append(text), init=False)
            await pilot.press(*"diffusion")
            typed.set()
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            assert counts == [f"{done}/{total}" for done in range(total)]
            assert any("words" in text and f"/{total})" in text for text in said)
    finally:
        typed.set()
        gate.set()


@sync
async def test_a_query_typed_once_the_index_is_half_built_waits_for_it_not_for_a_scan():
    # reading the words takes about half as long as the build, which waits meanwhile:
    # a scan started late answered after the index would have
    typed, gate = threading.Event(), threading.Event()
    scans: list[object] = []

    def scan_engine(library):  # type: ignore[no-untyped-def]
        scans.append(library)
        return scanning_engine(library)

    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=_building(typed, gate, first=lambda total: total // 2 + 1),
        scan_engine=scan_engine,
    )
    app = ReaderApp(services, show_timings=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.library is not None)
            await pilot.press(*"diffusion")
            typed.set()
            await until(pilot, lambda: screen.index_state.startswith("indexing"))
            assert screen.engine is None and scans == []
            gate.set()
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            assert screen.index_state == "ready" and scans == []
    finally:
        typed.set()
        gate.set()


@sync
async def test_a_query_waits_for_an_index_built_in_parts_not_for_a_scan(monkeypatch):
    # two processes write the index in about the time the papers' words take to read,
    # and the build waited for the words: the scan's results came when the index's
    # would have (0 papers shown for 20 s at 3,670 papers), and the index twice as late
    from tuireader.search import index as tindex

    monkeypatch.setattr(tindex, "PARALLEL_BUILD_MIN", 2)
    typed, gate = threading.Event(), threading.Event()
    scans: list[object] = []

    def scan_engine(library):  # type: ignore[no-untyped-def]
        scans.append(library)
        return scanning_engine(library)

    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=_building(typed, gate),
        scan_engine=scan_engine,
    )
    app = ReaderApp(services, show_timings=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await until(pilot, lambda: screen.library is not None)
            await pilot.press(*"diffusion")
            typed.set()
            await until(pilot, lambda: screen.index_state.startswith("indexing"))
            assert screen.engine is None and scans == []
            gate.set()
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            assert screen.index_state == "ready" and scans == []
    finally:
        typed.set()
        gate.set()
