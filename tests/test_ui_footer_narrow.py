"""A narrow footer keeps how to get help and how to quit, wherever the focus is."""

from __future__ import annotations

from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app


@sync
async def test_at_60_columns_the_search_boxs_footer_still_says_how_to_quit():
    # The search box's own keys come first in the footer ("↓ To results", "esc Clear /
    # leave"): at 60 columns "f1 Help" fitted after them, "^q Quit" no longer did.
    app = make_app(SAMPLE)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await ready(pilot)
        assert app.focused is screen.search_box
        await settle(pilot)
        footer = app_text(app).splitlines()[-1]
        assert "Help" in footer and "Quit" in footer, footer
        assert "^p" in footer, footer
        screen.action_focus_results()
        await settle(pilot)
        footer = app_text(app).splitlines()[-1]
        assert "Help" in footer and "Quit" in footer, footer


@sync
async def test_under_30_columns_the_footer_says_help_and_quit_whole():
    # at 26 columns the palette key kept its room at the right end and cut Quit: "^q Q"
    app = make_app(SAMPLE)
    async with app.run_test(size=(26, 10)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        footer = app_text(app).splitlines()[-1]
        assert "f1 Help" in footer and "^q Quit" in footer, footer
        screen.action_focus_results()
        await settle(pilot)
        footer = app_text(app).splitlines()[-1]
        assert "? Help" in footer and "q Quit" in footer, footer
    # with room for it, the palette key stays
    app = make_app(SAMPLE)
    async with app.run_test(size=(30, 10)) as pilot:
        await ready(pilot)
        await settle(pilot)
        footer = app_text(app).splitlines()[-1]
        assert "Quit" in footer and "^p" in footer, footer


@sync
async def test_at_40_columns_the_viewers_footer_says_how_to_go_back_to_the_list():
    # the viewer takes the whole screen: the footer showed "^p palette" and no way back
    app = make_app(SAMPLE)
    async with app.run_test(size=(40, 12)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is screen.viewer
        footer = app_text(app).splitlines()[-1]
        assert "esc Back to list" in footer, footer
        assert "Help" in footer and "Quit" in footer, footer
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is screen.results
