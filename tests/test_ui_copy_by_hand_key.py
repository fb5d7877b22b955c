"""The copy key of the text to copy by hand (Ctrl+C) keeps to the ``osc52`` setting
and says what it did: it sent OSC 52 with ``osc52 = "never"``, and said nothing."""

from __future__ import annotations

from e2e_util import notices, settle, sync
from test_ui_copy import IGSG_CODE, make_app, to_paper
from test_ui_last_copy import manual_only, osc52_only

from tuireader.ui.screens.manual_copy import ManualCopyScreen


@sync
async def test_ctrl_c_in_the_dialog_keeps_to_osc52_never_and_says_so(tmp_path):
    app = make_app(manual_only(tmp_path))
    written: list[str] = []
    app.copy_to_clipboard = written.append  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert written == []
        assert any(
            n.startswith('Not sent to the terminal: osc52 = "never" in config.toml')
            for n in notices(app)
        )


@sync
async def test_ctrl_c_in_the_dialog_sends_osc52_where_allowed_and_says_so(tmp_path):
    sent: list[str] = []
    app = make_app(osc52_only(tmp_path, sent))
    written: list[str] = []
    app.copy_to_clipboard = written.append  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("ctrl+y")
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert written[-1:] == [IGSG_CODE]
        assert any(
            n.startswith("Sent the selection to the terminal (OSC 52)") for n in notices(app)
        )
