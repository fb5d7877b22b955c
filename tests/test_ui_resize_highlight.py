"""The highlighted paper stays in view when the terminal shrinks: Enter and the triage
keys act on the paper the list shows highlighted, never on one scrolled out of sight."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import app_text, ready, settle, sync
from test_ui_app import make_app


def long_list(folder: Path) -> Path:
    path = folder / "many.jsonl"
    lines = (
        json.dumps({"title": f"Paper number {n:02d} on walrus control", "year": 2024})
        for n in range(1, 61)
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (20, 8)], ids=["80x24", "40x12", "20x8"])
@sync
async def test_the_highlighted_row_is_scrolled_into_view_after_the_terminal_shrinks(tmp_path, size):
    app = make_app(long_list(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        results = screen.results
        results.focus()
        await pilot.press(*["down"] * 25)
        await settle(pilot)
        assert results.highlighted == 25
        assert "Paper number 26" in app_text(app)
        await pilot.resize_terminal(*size)
        await settle(pilot)
        top = round(results.scroll_offset.y)
        height = results.scrollable_content_region.height
        assert height >= 1
        assert top <= results.highlighted < top + height, (top, height)
        assert screen.current_paper is not None
        assert screen.current_paper.title.startswith("Paper number 26")
