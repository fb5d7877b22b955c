"""A resize never closes what the user opened: a paper opened on a wide terminal stays
open, the viewer showing it, when the terminal narrows to where the viewer takes the
whole screen (at 120x40, Enter on a paper, then 70x22: the list came back in its place,
where a paper opened at 80x24 stays open through the same resize)."""

from __future__ import annotations

import pytest
from e2e_util import ready, settle, sync
from test_ui_app import make_app
from test_ui_resize_highlight import long_list


@pytest.mark.parametrize("start", [(120, 40), (80, 24)], ids=["wide", "narrow"])
@sync
async def test_the_paper_open_stays_open_when_the_terminal_narrows(tmp_path, start):
    app = make_app(long_list(tmp_path))
    async with app.run_test(size=start) as pilot:
        screen = await ready(pilot)
        screen.results.focus()
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert screen.mode == "viewer"
        opened = screen.current_paper
        assert opened is not None and opened.title.startswith("Paper number 03")
        await pilot.resize_terminal(70, 22)
        await settle(pilot)
        assert screen.mode == "viewer"
        assert app.focused is screen.viewer
        assert screen.viewer.display and screen.viewer.region.width > 0
        assert screen.current_paper is opened
        # and back to wide: the list beside it, the paper still open
        await pilot.resize_terminal(*start)
        await settle(pilot)
        assert screen.mode == "viewer" and screen.current_paper is opened
        await pilot.press("escape")
        await settle(pilot)
        assert screen.mode == "results" and screen.current_paper is opened
