"""Copying every BibTeX entry of the results (the palette's "Copy all BibTeX entries"):
thousands of papers took seconds on the event loop, the screen frozen with no progress,
and keys typed meanwhile acted on the dialog opened after. The text is built in a worker,
its progress shown, the list answering keys; Escape stops it."""

from __future__ import annotations

import threading

from e2e_util import app_text, notices, run_command, settle, sync, until
from test_ui_copy import make_app, tmux_clipboard, to_paper
from test_ui_last_copy import manual_only
from textual.widgets import TextArea

from tuireader.render import citations
from tuireader.ui.screens.manual_copy import ManualCopyScreen


class HeldCitations:
    """Stands in for ``format_citation``: each citation waits until the test lets it go
    (when made off the event loop; on it, it would freeze the test), and where it was made
    is recorded."""

    def __init__(self, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        self.gate = threading.Event()
        self.on_loop: list[bool] = []
        real = citations.format_citation

        def held(*args, **kwargs):  # type: ignore[no-untyped-def]
            on_loop = threading.current_thread() is threading.main_thread()
            self.on_loop.append(on_loop)
            if not on_loop:
                self.gate.wait(120)  # only a bound for a test gone wrong
            return real(*args, **kwargs)

        monkeypatch.setattr(citations, "format_citation", held)


@sync
async def test_copying_every_bibtex_entry_is_built_with_progress_and_keys_stay_alive(
    tmp_path, monkeypatch
):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "")
        await pilot.press("g")
        await settle(pilot)
        held = HeldCitations(monkeypatch)
        await run_command(pilot, "copy all bibtex")
        await until(pilot, lambda: bool(held.on_loop))
        assert held.on_loop == [False]  # not on the event loop: the screen goes on
        await until(pilot, lambda: screen.query_one("#progress").display)
        assert "Building 3 BibTeX entries to copy… (Esc stops)" in app_text(app)
        first = screen.results.highlighted
        await pilot.press("j")  # the list answers meanwhile
        await until(pilot, lambda: screen.results.highlighted == first + 1)
        held.gate.set()
        await settle(pilot)
        assert not held.on_loop[-1] and len(tmux.buffers) == 1
        assert sum(line.startswith("@") for line in tmux.buffers[0].splitlines()) == 3
        assert not screen.query_one("#progress").display
        assert "Building" not in app_text(app)


@sync
async def test_escape_stops_building_every_bibtex_entry(tmp_path, monkeypatch):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "")
        held = HeldCitations(monkeypatch)
        await run_command(pilot, "copy all bibtex")
        await until(pilot, lambda: bool(held.on_loop))
        assert held.on_loop == [False]
        await pilot.press("escape")
        await until(pilot, lambda: "Stopped: nothing copied" in notices(app))
        held.gate.set()
        await settle(pilot)
        assert tmux.buffers == []
        assert not screen.query_one("#progress").display


@sync
async def test_keys_typed_while_building_act_on_the_list_not_on_the_dialog_after(
    tmp_path, monkeypatch
):
    # built on the event loop, a "down" typed meanwhile waited, then scrolled the dialog
    # that opened with the text
    app = make_app(manual_only(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_paper(pilot, "")
        await pilot.press("g")
        await settle(pilot)
        held = HeldCitations(monkeypatch)
        await run_command(pilot, "copy all bibtex")
        await until(pilot, lambda: bool(held.on_loop))
        assert held.on_loop == [False]
        first = screen.results.highlighted
        await pilot.press("down")
        await until(pilot, lambda: screen.results.highlighted == first + 1)
        held.gate.set()
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        area = app.screen.query_one(TextArea)
        assert area.scroll_y == 0 and area.selected_text == area.text
