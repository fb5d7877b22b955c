"""Nothing animates while the reader is idle: the search box cursor does not blink."""

from __future__ import annotations

from e2e_util import sync
from textual.app import App, ComposeResult

from tuireader.ui.widgets.search import SearchBox


class BoxApp(App[None]):
    def __init__(self, **options: bool) -> None:
        super().__init__()
        self.options = options

    def compose(self) -> ComposeResult:
        yield SearchBox(id="search", **self.options)

    def on_mount(self) -> None:
        self.query_one(SearchBox).focus()


@sync
async def test_the_focused_search_box_does_not_blink():
    app = BoxApp()
    async with app.run_test() as pilot:
        await pilot.press(*"walrus")
        await pilot.pause()
        box = app.query_one(SearchBox)
        assert app.focused is box and box.value == "walrus"
        assert box.cursor_blink is False
        timer = box._blink_timer
        assert timer is not None and timer._active.is_set() is False  # paused: no redraws
        assert box._cursor_visible  # the cursor is shown, steadily


@sync
async def test_the_cursor_blinks_when_asked_for():
    app = BoxApp(cursor_blink=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        box = app.query_one(SearchBox)
        timer = box._blink_timer
        assert box.cursor_blink is True
        assert timer is not None and timer._active.is_set()
