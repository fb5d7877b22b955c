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
        assert _said_whole(app, "Copied paper link via tmux buffer"), app_text(app)
        assert shown_titles(app, screen) >= 3 - shown[0].region.height, app_text(app)


def _said_whole(app, said: str) -> bool:  # type: ignore[no-untyped-def]
    """Every word of ``said`` is on the screen, in order (wrapped as it may be)."""
    # (frames, the notice's edge and the list's scroll bar beside it are no words)
    text = "".join(" " if "\u2500" <= char <= "\u259f" else char for char in app_text(app))
    shown = " ".join(text.split())
    return " ".join(said.split()) in shown


async def _shown(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let a notice just asked for reach the screen (a notice of changes not saved
    comes a moment after they failed)."""
    from textual.widgets._toast import Toast

    await settle(pilot)
    for _ in range(100):
        if any(toast.region.height for toast in pilot.app.screen.query(Toast)):
            break
        await pilot.pause(0.02)
    await pilot.pause()


@SMALL
@sync
async def test_a_key_refused_as_the_triage_file_is_read_only_says_why_in_full(size):
    # at 40x12 the notice lost its last row: "The triage file was opened" and no more
    from test_ui_triage import start, triage_app

    app = triage_app(read_only=True)
    async with app.run_test(size=size, notifications=True) as pilot:
        await start(pilot)
        await pilot.press("s")
        await _shown(pilot)
        assert _said_whole(app, "Not saved The triage file was opened read-only."), app_text(app)


@SMALL
@sync
async def test_a_change_that_could_not_be_written_says_why_in_full(monkeypatch, size):
    from test_ui_triage import start, triage_app

    from tuireader.triage.store import Store, StoreError

    why = "The change was not saved: the disk holding the triage file is full."

    def full(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise StoreError(why)

    monkeypatch.setattr(Store, "set_state_many", full)
    app = triage_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        await start(pilot)
        await pilot.press("s")
        await _shown(pilot)
        assert _said_whole(app, why), app_text(app)


@SMALL
@sync
async def test_a_triage_key_with_no_paper_listed_says_why_in_full(size):
    from test_ui_triage import start, triage_app

    app = triage_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        await start(pilot)
        await pilot.press("/", *"zzqqxx", "enter")
        await settle(pilot)
        await pilot.press("s")
        await _shown(pilot)
        said = "No paper matches the query: nothing to act on"
        assert _said_whole(app, said), app_text(app)


@sync
async def test_a_change_not_written_said_over_a_menu_says_why_and_leaves_it_its_choices(
    monkeypatch,
):
    # over the link menu at 40x12 the notice was half the screen wide and four rows
    # tall: its last rows only ("highlight is back on it, to try again."), not why,
    # and the menu was left no row for its choices
    import threading

    from test_ui_triage import start, triage_app
    from textual.widgets import OptionList

    from tuireader.triage.store import Store, StoreError
    from tuireader.ui.screens.pick import PickScreen

    why = "The change was not saved: the disk holding the triage file is full."
    release = threading.Event()

    def full(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait()
        raise StoreError(why)

    monkeypatch.setattr(Store, "set_state_many", full)
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        try:
            await start(pilot)
            await pilot.press("s", "U")  # the menu opens before the write fails
            await pilot.pause()
        finally:
            release.set()
        await _shown(pilot)
        assert isinstance(app.screen, PickScreen)
        assert _said_whole(app, why), app_text(app)
        options = app.screen.query_one(OptionList)
        assert options.scrollable_content_region.height >= 1, app_text(app)
        assert options.screen.find_widget(options).visible_region == options.region
