"""Escape in the tag editor keeps the tags typed, as the note editor keeps its text: the
next t brings them back, and a notice says so. They were thrown away without a word."""

from __future__ import annotations

from typing import Any

from e2e_util import settle, sync
from test_ui_triage import ids, open_editor, saved, start, triage_app

from tuireader.ui.screens.edit import TagEditor

KEPT = "Tags not saved · t opens them again with what you typed"


def said(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The notices ``app`` is asked to show from now on (each, also one said again)."""
    asked: list[str] = []
    notify = app.notify

    def counted(message: str, **kwargs: Any) -> None:
        asked.append(message)
        notify(message, **kwargs)

    app.notify = counted
    return asked


@sync
async def test_tags_left_with_escape_come_back_with_the_next_t():
    app = triage_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        notices = said(app)
        await open_editor(pilot, "t", TagEditor)
        await pilot.press(*"important-tag, second", "escape")
        await settle(pilot)
        assert saved(first).tags == ()
        assert notices.count(KEPT) == 1
        editor = await open_editor(pilot, "t", TagEditor)
        assert editor.query_one("#tags-input").value == "important-tag, second"
        # left as it came back, Escape keeps it again
        await pilot.press("escape")
        await settle(pilot)
        assert notices.count(KEPT) == 2
        editor = await open_editor(pilot, "t", TagEditor)
        assert editor.query_one("#tags-input").value == "important-tag, second"
        await pilot.press("enter")
        await settle(pilot)
        assert saved(first).tags == ("important-tag", "second")
        # the tags as saved left with Escape: nothing kept, nothing said
        await open_editor(pilot, "t", TagEditor)
        await pilot.press("escape")
        await settle(pilot)
        assert notices.count(KEPT) == 2
        editor = await open_editor(pilot, "t", TagEditor)
        assert editor.query_one("#tags-input").value == "important-tag, second, "
        await pilot.press("escape")
        await settle(pilot)
        # another paper's editor opens with its own tags
        await pilot.press("down", *"t", *"other")
        await pilot.pause()
        await pilot.press("escape", "up")
        await settle(pilot)
        editor = await open_editor(pilot, "t", TagEditor)
        assert editor.query_one("#tags-input").value == "important-tag, second, "


@sync
async def test_tags_for_marked_papers_left_with_escape_come_back_for_them():
    app = triage_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        notices = said(app)
        await pilot.press("space", "space")
        await settle(pilot)
        await open_editor(pilot, "t", TagEditor)
        await pilot.press(*"both", "escape")
        await settle(pilot)
        assert saved(first).tags == saved(second).tags == ()
        assert KEPT in notices
        editor = await open_editor(pilot, "t", TagEditor)
        assert editor.query_one("#tags-input").value == "both"
        await pilot.press("enter")
        await settle(pilot)
        assert saved(first).tags == saved(second).tags == ("both",)
