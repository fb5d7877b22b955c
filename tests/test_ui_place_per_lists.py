"""The reader opened on a file outside the library (``tuireader lists/ids2.txt``) started
with the library's last query in its search box, and "0 of 3 papers match": the place
the last reader left (query, order, paper) is kept once, for every reader. It is the
place of the lists that reader showed: a reader on other lists starts on none of it,
and one on the same lists again (the library, or the same file named) takes up the
place it left, kept beside the last reader's."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_shelf_changed import library_reader, lists

from tuireader.system.paths import resolve
from tuireader.ui.app import build_app


async def search(pilot, screen, query: str) -> None:  # type: ignore[no-untyped-def]
    screen.search_box.focus()
    await pilot.press(*query, "enter")
    await settle(pilot)


@sync
async def test_a_reader_on_a_file_outside_the_library_starts_without_its_query(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await search(pilot, screen, "replay")
        assert screen.search_box.value == "replay"
        assert len(screen.results.rows) == 1
    # the file named on its own: none of its papers is about replay buffers
    app = build_app([second], resolve(), show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert screen.search_box.value == ""
        assert len(screen.results.rows) == 3
        await search(pilot, screen, "wombat")
    # named again, it takes up its own query
    app = build_app([second], resolve(), show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert screen.search_box.value == "wombat"
        assert len(screen.results.rows) == 1
    # and the library's reader takes up its own, kept beside the file's
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert screen.search_box.value == "replay"
        assert len(screen.results.rows) == 1
        await search(pilot, screen, "energy")
    app = build_app([second], resolve(), show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        assert screen.search_box.value == "wombat"
