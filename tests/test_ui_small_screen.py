"""A small terminal (40×12, 30×10) still shows the search box, rows of titles and the
status line, and a notice takes a row or two of them, not most of the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app
from textual.widgets._toast import Toast

SMALL = pytest.mark.parametrize("size", [(40, 12), (30, 10)], ids=["40x12", "30x10"])


def lists(folder: Path) -> tuple[Path, Path]:
    """The sample list and a second one with a record that is said as a load warning:
    with several lists the rows have a list-name column, and the status line says the
    warnings (on two rows, where the screen is narrow), as with the real lists."""
    other = folder / "pmlr_v120_l4dc2020.json"
    papers = [{"title": "Walruses in Model Predictive Control"}, {"year": 2020}]
    other.write_text(json.dumps(papers), encoding="utf-8")
    return SAMPLE, other


def shown_titles(app, screen) -> int:  # type: ignore[no-untyped-def]
    """How many of the list's titles can be read on screen (their first words)."""
    text = app_text(app)
    return sum(" ".join(row.paper.title.split())[:8] in text for row in screen.results.rows)


@SMALL
@sync
async def test_a_small_screen_shows_the_search_box_three_titles_and_the_status_line(tmp_path, size):
    app = make_app(*lists(tmp_path))
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert "Search papers" in app_text(app)  # the box, with its placeholder
        assert shown_titles(app, screen) >= 3, app_text(app)
        assert "12 left" in app_text(app) and "warning" in app_text(app)
        await pilot.press(*"mode")  # a query typed: its results, three of them in view
        await settle(pilot)
        assert screen.search_query == "mode"
        assert shown_titles(app, screen) >= 3, app_text(app)


@SMALL
@sync
async def test_a_notice_on_a_small_screen_takes_a_row_or_two(tmp_path, size):
    app = make_app(*lists(tmp_path))
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await ready(pilot)
        screen.notify("Copied paper link via tmux buffer")
        await settle(pilot)
        shown = [toast for toast in app.screen.query(Toast) if toast.region.height]
        # the newest notice alone, on two rows (at 30 columns it took six, half the
        # width and padded, over the load warnings' four)
        assert len(shown) == 1 and shown[0].region.height <= 2, app_text(app)
        assert "tmux buffer" in app_text(app)
        assert shown_titles(app, screen) >= 3 - shown[0].region.height, app_text(app)
