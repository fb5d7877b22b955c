"""The help at 80×24 is shown only once wrapped to its width: a description too long for
its row goes on under its first line, never under the keys."""

from __future__ import annotations

from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app

from tuireader.ui.screens.help import HelpScreen


@sync
async def test_the_help_is_not_drawn_before_it_is_wrapped_to_its_width(monkeypatch):
    # The first frame of the help showed its text as the widget wrapped it: "Back from
    # More like this (in the results list; in the" then "search box and the viewer, see
    # there)" under the keys' column, until the help was wrapped to its width.
    fitted = HelpScreen._fit_text
    monkeypatch.setattr(HelpScreen, "_fit_text", lambda self: None)  # the frame before
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = app_text(app).splitlines()
        assert not any("search box and the viewer, see there)" in row for row in rows)
        fitted(app.screen)  # wrapped to its width: shown, each line under its column
        await pilot.pause()
        rows = app_text(app).splitlines()
        [second] = [row for row in rows if "search box and the viewer, see there)" in row]
        [first] = [row for row in rows if "Back from More like this" in row]
        # the line under goes on where the description starts (after the frame's edge)
        edge = second.index("│", 1) + 1
        goes_on = edge + len(second[edge:]) - len(second[edge:].lstrip())
        assert goes_on == first.index("Back from")
