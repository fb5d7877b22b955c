"""Page keys sent together page the help, the load warnings and the notices once each.

The dialogs' scrolling frame slid a page into view: a PgDn arriving while the page
before it still slid counted from where the slide had got to, so four PgDn in one burst
(tmux send-keys, a key held down) went about one page down.
"""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_app import SAMPLE, make_app
from test_ui_keys_in_order import burst
from textual.containers import ScrollableContainer, VerticalScroll

from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.notices import NoticesScreen
from tuireader.ui.screens.problems import ProblemsScreen


async def page_through(pilot, body: ScrollableContainer) -> None:  # type: ignore[no-untyped-def]
    """Four PgDn in one burst go four pages down, four PgUp back to the top."""
    page = body.scrollable_content_region.height
    assert page > 0 and body.max_scroll_y > 4 * page  # room for four pages
    assert body.scroll_y == 0
    await burst(pilot, ["pagedown"] * 4)
    await settle(pilot)
    assert body.scroll_y == 4 * page
    await burst(pilot, ["pageup"] * 3)
    await settle(pilot)
    assert body.scroll_y == page
    # the frame's arrows and the page keys count from where the keys before them left it
    await burst(pilot, ["down", "down", "pageup", "down"])
    await settle(pilot)
    assert body.scroll_y == 3


@sync
async def test_page_keys_in_one_burst_each_page_the_help():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await page_through(pilot, app.screen.query_one("#help-body", VerticalScroll))


@sync
async def test_page_keys_in_one_burst_each_page_the_load_warnings():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        problems = [
            f"list{n}.json: skipped a record with neither title nor abstract" for n in range(120)
        ]
        app.push_screen(ProblemsScreen(problems))
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        await page_through(pilot, app.screen.query_one("#problems-body", VerticalScroll))


@sync
async def test_page_keys_in_one_burst_each_page_the_notices_and_arrows_scroll_sideways():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        for number in range(60):
            app.notify(f"Notice {number}: " + "word " * 30)
        # a file's name is never broken: the log is wider than the screen for it
        wide = "/data/" + "a-long-file-name-" * 10 + ".json"
        app.notify(f"Could not read {wide}", severity="warning", markup=False)
        await settle(pilot)
        await pilot.press("W")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        body = app.screen.query_one("#notices-body", ScrollableContainer)
        await page_through(pilot, body)
        assert body.max_scroll_x > 4
        await burst(pilot, ["right"] * 4)
        await settle(pilot)
        assert body.scroll_x == 4
        await burst(pilot, ["left"] * 3)
        await settle(pilot)
        assert body.scroll_x == 1
