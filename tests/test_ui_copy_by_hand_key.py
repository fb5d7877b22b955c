"""The copy key of the text to copy by hand (Ctrl+C) copies as every copy does and says
what it did: it sent OSC 52 with ``osc52 = "never"``, and said nothing; then it said
"Sent the selection to the terminal (OSC 52)" over OSC 52's size limit (where nothing
was sent), inside a tmux whose set-clipboard is off (where tmux drops it), and made a
second, identical tmux buffer with set-clipboard on."""

from __future__ import annotations

from pathlib import Path

from e2e_util import notices, settle, sync
from test_clipboard import BackendFactory, FakeTmux
from test_ui_copy import IGSG_CODE, make_app, to_paper
from test_ui_last_copy import manual_only, osc52_only

from tuireader.system.clipboard import Clipboard, Environment
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
        said = [n for n in notices(app) if n.startswith("Not copied: ")]
        assert said and 'osc52 = "never"' in said[-1]
        assert said[-1].endswith("select the text with the mouse")


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
        assert sent[-1:] == [IGSG_CODE] and written == []
        assert any(
            n.startswith("Sent the selection to the terminal (OSC 52)") for n in notices(app)
        )


def in_tmux(tmp_path: Path, tmux: FakeTmux, sent: list[str], limit: int = 100_000) -> Clipboard:
    """Inside tmux over SSH (no local clipboard), OSC 52 written to ``sent``."""
    return Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path / "clip",
        environment=Environment(tmux=True, ssh=True),
        osc52_limit=limit,
        tmux_runner=tmux,
        system_backend=BackendFactory(None),
    )


async def _ctrl_c_in_last_copy(app) -> list[str]:  # type: ignore[no-untyped-def]
    """Copy the paper's code link (u), show it again (Ctrl+Y), Ctrl+C there: the
    notices said after the Ctrl+C."""
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        before = len(notices(app))
        await pilot.press("ctrl+c")
        await settle(pilot)
        return notices(app)[before:]


@sync
async def test_ctrl_c_over_the_osc52_limit_sends_nothing_and_says_so(tmp_path):
    sent: list[str] = []
    clip = Clipboard(
        osc52_writer=sent.append,
        fallback_dir=tmp_path / "clip",
        environment=Environment(ssh=True, term_program="tmux"),
        osc52_limit=len(IGSG_CODE),  # its base64 is longer
        system_backend=BackendFactory(None),
    )
    app = make_app(clip)
    app.copy_to_clipboard = sent.append  # type: ignore[method-assign]
    said = await _ctrl_c_in_last_copy(app)
    assert sent == []
    assert not any(n.startswith("Sent") for n in said)
    assert any(n.startswith("Not copied: ") and "limit" in n for n in said), said


@sync
async def test_ctrl_c_in_tmux_with_set_clipboard_off_says_tmux_keeps_it(tmp_path):
    sent: list[str] = []
    tmux = FakeTmux(set_clipboard="off")
    app = make_app(in_tmux(tmp_path, tmux, sent))
    app.copy_to_clipboard = sent.append  # type: ignore[method-assign]
    said = await _ctrl_c_in_last_copy(app)
    assert sent == []  # tmux would drop it
    assert not any(n.startswith("Sent the selection") for n in said)
    assert any("set-clipboard is off" in n for n in said), said
    assert tmux.calls[-1][1] == IGSG_CODE


@sync
async def test_ctrl_c_in_tmux_with_set_clipboard_on_makes_one_buffer(tmp_path):
    sent: list[str] = []
    tmux = FakeTmux(set_clipboard="on")
    app = make_app(in_tmux(tmp_path, tmux, sent))
    app.copy_to_clipboard = sent.append  # type: ignore[method-assign]
    said = await _ctrl_c_in_last_copy(app)
    # one tmux buffer for the Ctrl+C, passed on by tmux; no OSC 52 through it too
    assert [call[1] for call in tmux.calls] == [IGSG_CODE, IGSG_CODE]
    assert sent == []
    assert any(n.startswith("Copied the selection via tmux") for n in said), said


@sync
async def test_ctrl_c_leaves_the_last_copy_file_as_it_is(tmp_path):
    sent: list[str] = []
    app = make_app(osc52_only(tmp_path, sent))
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u", "ctrl+y")
        await settle(pilot)
        area = app.screen.query_one("#manual-text")
        app.screen.copy_selection(IGSG_CODE[:10])
        await settle(pilot)
        assert area is not None and sent[-1] == IGSG_CODE[:10]
        assert (tmp_path / "clip" / "last-copy.txt").read_text(encoding="utf-8") == IGSG_CODE
