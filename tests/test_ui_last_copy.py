"""The last copy, kept whatever carried it and shown again to copy by hand.

OSC 52 cannot be confirmed: a tmux with ``set-clipboard off`` drops it unseen (the
reader run with ``env -u TMUX -u DISPLAY`` inside tmux, where ``$TERM_PROGRAM`` says
tmux). Every copy is saved to the last-copy file, whatever carried it, and ``Ctrl+Y`` (and
the palette's "Show last copy") opens it to copy by hand.
"""

from __future__ import annotations

from pathlib import Path

from e2e_util import app_text, notices, run_command, settle, sync
from test_ui_copy import IGSG_CODE, make_app, tmux_clipboard, to_paper
from textual.widgets import TextArea

from tuireader.system.clipboard import Clipboard, Environment
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.manual_copy import ManualCopyScreen


def osc52_only(tmp_path: Path, sent: list[str], mode: str = "auto") -> Clipboard:
    """OSC 52 the only route, trusted (the terminal says it is tmux), and dropped: what
    the reader run with ``env -u TMUX -u DISPLAY`` inside tmux meets."""
    return Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path / "clip",
        environment=Environment(term_program="tmux"),
        osc52=mode,
    )


def manual_only(tmp_path: Path) -> Clipboard:
    """No route can be trusted: every copy is shown to copy by hand."""
    return Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clip",
        environment=Environment(),
        osc52="never",
    )


@sync
async def test_an_osc52_copy_is_saved_and_ctrl_y_shows_it(tmp_path):
    sent: list[str] = []
    saved = tmp_path / "clip" / "last-copy.txt"
    saved.parent.mkdir()
    saved.write_text("an older copy", encoding="utf-8")
    app = make_app(osc52_only(tmp_path, sent))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "igsg")
        paper_id = screen.current_paper.id
        await pilot.press("i")
        await settle(pilot)
        assert sent == [paper_id]
        assert saved.read_text(encoding="utf-8") == paper_id  # not the older copy
        # the notice says, in few words, how to get the text should it not paste
        said = [n for n in notices(app) if n.startswith("Sent paper id to the terminal")]
        assert said == ["Sent paper id to the terminal (OSC 52); if it doesn't paste, ^y shows it"]
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        area = app.screen.query_one(TextArea)
        assert area.text == paper_id and area.selected_text == paper_id
        text = app_text(app)
        assert "The last copy (paper id)" in text
        assert f"Kept in {saved}" in text


@sync
async def test_show_last_copy_is_in_the_palette_and_the_help(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await run_command(pilot, "show last copy")
        await settle(pilot)
        assert "Nothing copied yet" in notices(app)  # nothing saved yet
        await pilot.press("u")  # through tmux's buffer: saved all the same
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE]
        await run_command(pilot, "show last copy")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        assert app.screen.query_one(TextArea).text == IGSG_CODE
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "Show last copy" in app.screen.help_text(120).plain
