"""Pilot tests of the dialogs at 80×24: what a dialog offers is on screen or a scroll
away, never cut off.

A widget is seen whole when the part of it drawn (its visible region) is all of it; a
list cut by its dialog is drawn only in part, and thinks itself shown whole.
"""

from __future__ import annotations

from e2e_util import sync
from test_ui_copy import make_app, tmux_clipboard, to_paper
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, TextArea

from tuireader.ui.screens.manual_copy import ManualCopyScreen
from tuireader.ui.screens.pick import PickScreen


def shown(widget: Widget) -> Region:
    """The part of ``widget`` drawn on its screen (clipped by the containers it is in)."""
    return widget.screen.find_widget(widget).visible_region


def whole(widget: Widget) -> bool:
    """True when all of ``widget`` is drawn: none of it is cut off by its dialog."""
    return shown(widget) == widget.region and bool(widget.region)


@sync
async def test_a_pick_list_longer_than_its_dialog_scrolls_at_80_by_24(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        links = [f"code    https://github.com/example/{n}" for n in range(30)]
        app.push_screen(PickScreen("Copy which link?", links))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert whole(options), (options.region, shown(options))
        assert options.max_scroll_y > 0  # the rest a scroll away
        await pilot.press("end")
        await pilot.pause()
        assert options.highlighted == 29
        assert options.scroll_y == options.max_scroll_y


@sync
async def test_a_text_to_copy_by_hand_longer_than_its_dialog_scrolls_above_where_it_is_saved(
    tmp_path,
):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        text = "\n".join(f"https://github.com/example/{n}" for n in range(60))
        saved = tmp_path / "last-copy.txt"
        app.push_screen(ManualCopyScreen(text, "code links", saved, "osc52: disabled"))
        await pilot.pause()
        for part in ("#manual-title", "#manual-text", "#manual-path", "#manual-why"):
            widget = app.screen.query_one(part)
            assert whole(widget), (part, widget.region, shown(widget))
        assert app.screen.query_one(TextArea).max_scroll_y > 0
