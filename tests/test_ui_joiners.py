"""Emoji joined into one and words written with joiners show as text, not as escapes: a
title "Emoji 👩<ZWJ>🔬 …" showed "👩\\u200d🔬" in the list and the viewer."""

from __future__ import annotations

import json
from pathlib import Path

from e2e_util import app_text, ready, settle, sync
from test_ui_app import make_app

TITLE = "Emoji 👩\u200d🔬 and 👨\u200d👩\u200d👧\u200d👦 families"
PERSIAN = "می\u200cخواهم"


@sync
async def test_the_list_and_the_viewer_show_joined_emoji_and_words(tmp_path: Path):
    papers = tmp_path / "joiners.jsonl"
    record = {
        "title": TITLE,
        "authors": ["Ada Writer"],
        "abstract": f"Scientists 👩\u200d🔬 at work, and a word: {PERSIAN}. Also pay\u200dpal.",
        "year": 2024,
    }
    papers.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    app = make_app(papers)
    async with app.run_test(size=(100, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await settle(pilot)
        shown = app_text(app)
        assert "Emoji 👩🔬 and 👨👩👧👦 families" in shown, shown
        await pilot.press("enter")
        await settle(pilot)
        shown = app_text(app)
        assert "Scientists 👩🔬 at work" in shown and PERSIAN in shown, shown
        assert "\\u200d🔬" not in shown and "\\u200c" not in shown, shown
        assert "pay\\u200dpal" in shown  # a joiner inside a Latin word: an escape still
