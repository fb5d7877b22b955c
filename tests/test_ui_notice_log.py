"""The notices of a run are kept whole in a log W opens (newest first, each with its
time): at 40×12 the notice of a triage file damaged under the reader lost its advice and
the end of the copy's file name, and once gone it was nowhere to be read again."""

from __future__ import annotations

import re

from e2e_util import app_text, settle, sync
from test_ui_tall_notices import _damage_under_the_reader, _triage_file_with_pages
from test_ui_triage import start, triage_app

from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.notices import NoticesScreen


def log_rows(app) -> str:  # type: ignore[no-untyped-def]
    """The log's text as laid out on the screen, its rows joined."""
    assert isinstance(app.screen, NoticesScreen), app_text(app)
    return app.screen.log_text(app.screen._width).plain


def words(text: str) -> str:
    return " ".join(text.split())


@sync
async def test_at_40_by_12_the_damaged_triage_file_notice_is_whole_in_the_log():
    _triage_file_with_pages()
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        screen = await start(pilot)
        await pilot.press("s")
        await settle(pilot)
        said = await _damage_under_the_reader(pilot, screen)
        assert "…" in app_text(app)  # cut short on the screen
        await pilot.press("W")
        await settle(pilot)
        text = log_rows(app)
        # the notice whole, with its title, its advice and the copy's whole name
        assert "Triage file" in text
        joined = "".join(text.split())
        assert "".join(said.split()) in joined, text
        copy = re.search(r"triage-before-damage-[\d-]+\.sqlite3", "".join(said.split()))
        assert copy is not None and copy.group() in joined, said
        # each with its time
        times = re.findall(r"^\d\d:\d\d:\d\d", text, re.MULTILINE)
        assert len(times) == len(app.notice_log) >= 1
        # scrolls: the end of the log is reached with G
        body = app.screen.query_one("#notices-body")
        assert body.max_scroll_y > 0
        await pilot.press("G")
        await settle(pilot)
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)


@sync
async def test_the_log_shows_a_notices_text_as_text_never_as_markup():
    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        app.notify("“[b]Bold[/b] [link=x]x[/link]” kept", title="[i]T[/i]", markup=False)
        app.notify("Undone: [b]two[/b] steps")  # given as markup: the words it showed
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        text = log_rows(app)
        assert "“[b]Bold[/b] [link=x]x[/link]” kept" in text
        assert "[i]T[/i]" in text
        assert "Undone: two steps" in text
        assert text.index("Undone: two") < text.index("[b]Bold"), text  # newest first
        await pilot.press("W")  # W again closes it, as w closes the load warnings
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)


@sync
async def test_the_help_lists_the_notices_key_and_the_logs_own_keys():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = words(app.screen.help_text().plain)
        assert "W Notices of this run, whole reader.notices" in text, text
        section = text[text.index("Notices of this run esc") :]
        assert section.startswith("Notices of this run esc, q, W Close notices.close"), section
        assert "end, G Bottom notices.bottom" in section, section
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        assert words(log_rows(app)).startswith("No notices yet in this run.")
        await pilot.press("escape")
        app.notify("Copied the link", markup=False)
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        assert words(log_rows(app)).startswith("1 notice of this run, newest first")


@sync
async def test_at_40_by_12_the_log_takes_the_screen_and_takes_in_a_notice_that_comes():
    # a notice still up as W opened the log was drawn over it too, and left the log one
    # row of twelve; a notice that came while the log was open was not in it
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        await start(pilot)
        app.notify("First words of the notice. " * 6, title="Triage file", markup=False)
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        assert "▌" not in app_text(app), app_text(app)  # no notice drawn over it
        body = app.screen.query_one("#notices-body")
        assert body.region.height >= 10, app_text(app)
        app.notify("Copied the link: https://example.org/x", markup=False)
        await settle(pilot)
        text = words(log_rows(app))
        assert text.startswith("2 notices of this run, newest first"), text
        assert text.index("Copied the link") < text.index("First words"), text
