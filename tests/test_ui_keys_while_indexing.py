"""Keys pressed while the reader builds its index take effect at once, and the build's
work on the papers is done by other processes: a thread of the reader's writing half
of ICML 2024 held the interpreter for 15 of the build's 20 s, and the citation menu,
its copy, Esc and a query's first letter each came seconds after their keys."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from e2e_util import notices, settle, sync
from test_ui_copy import SAMPLE, tmux_clipboard

from tuireader.ingest.library import load_library
from tuireader.search import index as index_module
from tuireader.search import segments
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.pick import PickScreen
from tuireader.ui.services import Services

#: a bound for a build that never gets to the paper held back (it gets there at once)
WAIT_LIMIT = 180.0


def _slow_build(monkeypatch, tmp_path: Path) -> tuple[Path, Path]:  # type: ignore[no-untyped-def]
    """Every paper's document notes the process that makes it; the last one waits until
    the test lets it go (a file made). The files: the notes, and the one to make."""
    made, go = tmp_path / "made", tmp_path / "go"
    document = index_module.document
    count = len(load_library([SAMPLE]))

    def noted(paper, fp):  # type: ignore[no-untyped-def]
        with made.open("a") as out:
            out.write(f"{os.getpid()}\n")
        if len(made.read_text().split()) >= count:
            for _ in range(int(WAIT_LIMIT / 0.01)):
                if go.exists():
                    break
                time.sleep(0.01)
        return document(paper, fp)

    monkeypatch.setattr(index_module, "document", noted)
    return made, go


@pytest.mark.skipif(not segments.can_fork(), reason="the build's processes are forked")
@sync
async def test_the_citation_menu_and_its_copy_come_while_the_index_is_built(tmp_path, monkeypatch):
    made, go = _slow_build(monkeypatch, tmp_path)
    clipboard, tmux = tmux_clipboard(tmp_path)
    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=lambda library, progress: open_engine(
            library, resolve().ensure(), progress=progress
        ),
    )
    app = ReaderApp(services, show_timings=False, clipboard=clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MainScreen)
        for _ in range(int(WAIT_LIMIT / 0.01)):  # the build holds back its last paper
            if made.exists() and len(made.read_text().split()) >= len(screen.library or ()):
                break
            await pilot.pause(0.01)
        assert screen.library is not None and screen.engine is None
        await pilot.press("enter")
        await pilot.press("Y")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("a")
        for _ in range(int(WAIT_LIMIT / 0.01)):
            if tmux.buffers:
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, MainScreen)
        assert tmux.buffers[0].startswith("TY  - ")
        assert "Copied RIS citation via tmux buffer" in notices(app)
        await pilot.press("escape", "e")
        await pilot.pause()
        assert screen.search_box.value == "e"
        # all of it while the index was being built
        assert screen.engine is None and screen.index_state.startswith(("opening", "indexing"))
        go.touch()
        await settle(pilot)
        assert screen.index_state == "ready"
    # the papers' documents were made by the processes the build forked, not the reader's
    makers = {int(pid) for pid in made.read_text().split()}
    assert makers and os.getpid() not in makers
