"""NO_COLOR: no colour at all, greys included. Nothing on any screen of the reader is
drawn in a colour or faint (which most terminals show as grey): the list's source column,
the search box's placeholder, the viewer's labels, the help's binding ids, the palette's
help lines, the menus, editors and notices. What faint told apart is told otherwise."""

from __future__ import annotations

import pytest
from e2e_util import settle, sync
from rich.segment import Segment
from test_ui_copy import SAMPLE, make_app, tmux_clipboard, to_paper

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.widgets.results import ResultsList


def segments(app: ReaderApp) -> list[Segment]:
    """Every segment of the screen as the terminal is sent it."""
    strips = app.screen._compositor.render_strips()
    return [segment for strip in strips for segment in strip]


def greyed(app: ReaderApp) -> list[tuple[str, str]]:
    """The text drawn faint or in a colour (other than the terminal's own), and how."""
    found = []
    for text, style, _ in segments(app):
        if style is None or not text.strip():
            continue
        if style.dim:
            found.append((text, "faint"))
        for colour in (style.color, style.bgcolor):
            if colour is not None and not colour.is_default:
                found.append((text, colour.name))
    return found


#: the keys that open each screen, from a paper highlighted in the list
SCREENS = {
    "list": [],
    "viewer": ["enter"],
    "help": ["question_mark"],
    "palette": ["ctrl+p"],
    "citation menu": ["Y"],
    "tag editor": ["t"],
    "note editor": ["n"],
    "export menu": ["ctrl+p", *"Export the results", "enter"],
    "notices": ["y", "W"],
    "notice": ["y"],
}


@pytest.mark.parametrize("where", list(SCREENS))
@sync
async def test_nothing_is_faint_or_coloured_without_colour(tmp_path, monkeypatch, where):
    monkeypatch.setenv("NO_COLOR", "1")
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        for key in SCREENS[where]:
            await pilot.press(key)
            await settle(pilot)
        await pilot.pause()
        assert app.no_color
        assert greyed(app) == []


@sync
async def test_the_list_names_column_is_not_faint_without_colour(tmp_path, monkeypatch):
    # at 80×24 the column of the lists' names ("CoRL", "arxiv_kagg…") was faint: grey
    monkeypatch.setenv("NO_COLOR", "1")
    clipboard, _ = tmux_clipboard(tmp_path)
    other = SAMPLE.parent / "icml_sample.jsonl"
    services = Services(
        load_library=lambda: load_library([SAMPLE, other]),
        open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
    )
    app = ReaderApp(services, show_timings=False, clipboard=clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        results = app.screen.query_one(ResultsList)
        assert results.has_focus
        rows = ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]
        assert any("ICML 2024" in row for row in rows)
        assert [text for text, _ in greyed(app) if "ICML 2024" in text] == []
        assert greyed(app) == []


@sync
async def test_the_placeholder_is_in_italics_without_colour(tmp_path, monkeypatch):
    # faint in Textual's ANSI colours; drawn as typed text, it would read as a query
    monkeypatch.setenv("NO_COLOR", "1")
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert greyed(app) == []
        shown = [(t, s) for t, s, _ in segments(app) if "earch papers" in t]
        assert shown and all(style is not None and style.italic for _, style in shown)


@sync
async def test_the_help_puts_binding_ids_in_brackets_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.help_text().plain
        assert "Help  [reader.help]" in text
        assert "The names in brackets are binding ids" in text


@sync
async def test_the_help_dims_binding_ids_in_colour(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("question_mark")
        await settle(pilot)
        text = app.screen.help_text()
        assert "Help  reader.help" in text.plain and "[reader.help]" not in text.plain
        assert "The dim names are binding ids" in text.plain
        assert any(segment.style and "dim" in str(segment.style) for segment in text.spans)
