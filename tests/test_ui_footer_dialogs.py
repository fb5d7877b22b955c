"""The footer names keys that work where the focus is: over the command palette its own
keys (the list's showed through under it, "q Quit" while q typed into its filter), and
over a menu, an editor or a dialog, the help and quit keys that work there too (it said
"esc Cancel" alone)."""

from __future__ import annotations

import pytest
from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app
from textual.command import CommandList, CommandPalette

from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.pick import PickScreen


def footer(app) -> str:  # type: ignore[no-untyped-def]
    return app_text(app).splitlines()[-1]


@sync
async def test_over_the_command_palette_the_footer_names_the_palettes_keys():
    app = make_app(SAMPLE)
    async with app.run_test(size=(100, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await settle(pilot)
        assert "q Quit" in footer(app) and "⏎ Open" in footer(app)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        shown = footer(app)
        for key in ("esc Close", "↓↑ Choose", "⏎ Run", "f1 Help", "^q Quit"):
            assert key in shown, shown
        assert "⏎ Open" not in shown and " q Quit" not in shown, shown
        # what it names works there; q is typed into the palette's filter
        commands = app.screen.query_one(CommandList)
        await pilot.press("down")
        await settle(pilot)
        assert commands.highlighted is not None
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette) and app.is_running
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert "q Quit" in footer(app) and "⏎ Open" in footer(app)


@sync
async def test_ctrl_q_the_palettes_footer_names_quits():
    app = make_app(SAMPLE)
    async with app.run_test(size=(100, 24)) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert "^q Quit" in footer(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize(
    ("key", "dialog"),
    [("t", TagEditor), ("n", NoteEditor), ("U", PickScreen), ("Y", PickScreen)],
)
@sync
async def test_over_a_menu_or_an_editor_the_footer_says_how_to_get_help_and_quit(key, dialog):
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, dialog)
        shown = footer(app)
        assert "esc Cancel" in shown and "f1 Help" in shown and "^q Quit" in shown, shown
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "^q Quit" in footer(app), footer(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, dialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
