"""Quitting (or ``kill``) while the index is being built stops the build, says
"Closing…" while it stops, and closes without waiting for the build to finish: the
process used to wait for the build's thread, the screen blank, for up to 30 s."""

from __future__ import annotations

import signal
import threading

import pytest
from e2e_util import ready, settle, sync, until
from test_faults_index import _fails_once
from test_ui_app import SAMPLE, make_app
from test_ui_index_damaged_while_open import _papers

from tuireader.ingest.library import load_library
from tuireader.search import engine as tengine
from tuireader.search import stopping
from tuireader.ui.app import ReaderApp, Services


@pytest.mark.parametrize("how", ["ctrl+q", "SIGTERM"])
@sync
async def test_quitting_while_the_index_is_built_stops_the_build(how):
    building, let_go, finish = threading.Event(), threading.Event(), threading.Event()
    outcome: list[str] = []
    holder: list[ReaderApp] = []

    def slow_build(library, progress):  # type: ignore[no-untyped-def]
        """A build that would go on until ``finish`` is set, and looks whether it is
        asked to stop, as the index's does between papers."""
        total = len(library)
        progress(1, total)
        try:
            stopping.check()
            building.set()
            stop = holder[0].screen._stop_building
            while not finish.is_set():
                if stop.wait(60):  # (a paper written; then the next looks again)
                    assert let_go.wait(60)
                stopping.check()
        except stopping.BuildStopped:
            outcome.append("stopped")
            raise
        outcome.append("finished")
        raise AssertionError("the build was not stopped")

    services = Services(load_library=lambda: load_library([SAMPLE]), open_engine=slow_build)
    app = ReaderApp(services, show_timings=False)
    holder.append(app)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            await until(pilot, building.is_set)
            if how == "ctrl+q":
                await pilot.press("ctrl+q")
            else:
                app._closed_by_signal(signal.SIGTERM)
            # the build stops within a paper or so; meanwhile the screen says so
            await until(pilot, lambda: screen.message.startswith("Closing"))
            assert not app._exit
            let_go.set()
            await until(pilot, lambda: app._exit)
        assert outcome == ["stopped"]
        assert app.return_code == (0 if how == "ctrl+q" else 128 + signal.SIGTERM)
        assert not finish.is_set()
    finally:
        let_go.set()
        finish.set()


@sync
async def test_quitting_closes_at_once_when_nothing_built_would_stop():
    # a step that never looks whether it is asked to stop is not waited for: the reader
    # closes as it did
    started, finish = threading.Event(), threading.Event()

    def opening(library, progress):  # type: ignore[no-untyped-def]
        started.set()
        assert finish.wait(60)
        raise RuntimeError("closed before the index was opened")

    services = Services(load_library=lambda: load_library([SAMPLE]), open_engine=opening)
    app = ReaderApp(services, show_timings=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, started.is_set)
            await pilot.press("ctrl+q")
            assert app._exit
            assert not app.screen.message.startswith("Closing")
    finally:
        finish.set()


@sync
async def test_quitting_while_an_index_found_damaged_is_rebuilt_stops_the_rebuild(
    tmp_path, monkeypatch
):
    # the rebuild a search starts, on a thread of the engine's, stops as the reader's
    # own build does: it went on (its helper process writing) after the reader quit
    app = make_app(_papers(tmp_path))
    hold, building, let_go, finish = (threading.Event() for _ in range(4))
    outcome: list[str] = []
    real_open = tengine.open_index

    def rebuilding(*args, **kwargs):  # type: ignore[no-untyped-def]
        """The rebuild, once the index is found damaged: it would go on until
        ``finish`` is set, and looks whether it is asked to stop, as the index's does
        between papers."""
        if not hold.is_set():
            return real_open(*args, **kwargs)
        try:
            stopping.check()
            building.set()
            stop = app.screen.engine._stop
            while not finish.is_set():
                if stop.wait(60):  # (a paper written; then the next looks again)
                    assert let_go.wait(60)
                stopping.check()
        except stopping.BuildStopped:
            outcome.append("stopped")
            raise
        outcome.append("finished")
        raise AssertionError("the rebuild was not stopped")

    monkeypatch.setattr(tengine, "open_index", rebuilding)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await ready(pilot)
            hold.set()
            _fails_once(monkeypatch)  # the index's files fail as damaged ones do
            await pilot.press(*"diffusion")
            await until(pilot, building.is_set)
            await until(pilot, lambda: "list order" in screen.message)  # (scanned meanwhile)
            await settle(pilot)
            await pilot.press("ctrl+q")
            # the rebuild stops within a paper or so; meanwhile the screen says so
            await until(pilot, lambda: screen.message.startswith("Closing"))
            assert not app._exit
            let_go.set()
            await until(pilot, lambda: app._exit)
        assert outcome == ["stopped"]
        assert app.return_code == 0
    finally:
        let_go.set()
        finish.set()
