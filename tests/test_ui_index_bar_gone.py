"""The lists read again under a running reader (``tuireader add`` or ``remove`` in
another shell, a list changed on disk): once every paper is written to the index, the
progress bar goes. It sat full ("index: indexing 27/27") for as long as the index
took to commit and gather its words (seconds for thousands of papers), after the list
was shown, as if the work were stuck."""

from __future__ import annotations

import threading

from e2e_util import ready, settle, sync
from test_ui_lists_changed import ids, write_list

from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, core_services
from tuireader.ui.services import Services


@sync
async def test_the_bar_goes_once_every_paper_is_indexed(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    services = core_services([source], resolve().ensure())
    opened: list[object] = []
    indexed, go = threading.Event(), threading.Event()

    def open_engine(library, progress):  # type: ignore[no-untyped-def]
        opened.append(library)
        if len(opened) < 2:
            return services.open_engine(library, progress)

        def told(done: int, total: int) -> None:
            progress(done, total)
            if done >= total:  # the rest of the index's work is held until the test says
                indexed.set()
                go.wait(60)

        return services.open_engine(library, told)

    app = ReaderApp(
        Services(services.load_library, open_engine, services.open_store, watched=services.watched),
        show_timings=False,
    )
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await ready(pilot)
        old = ids(screen)
        bar = screen.query_one("#progress")
        try:
            write_list(source, renamed=True)  # a paper's id changes: it is indexed anew
            screen.poll_triage()
            for _ in range(1000):
                if indexed.is_set() and screen.index_state not in ("loading", "opening", "ready"):
                    break
                await pilot.pause(0.01)
            assert indexed.is_set()
            await pilot.pause()
            # the lists read again are shown, every paper of them indexed: no bar
            assert ids(screen) != old
            assert not bar.display, screen.index_state
            assert not screen.index_state.startswith("indexing"), screen.index_state
        finally:
            go.set()
        screen = await ready(pilot)
        await settle(pilot)
        assert screen.index_state == "ready"
        assert not bar.display
