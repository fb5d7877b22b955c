"""The reader shows a query of filters only (``list:zotero``, ``has:paper``, ``year:``,
``is:new``) in list order, as it shows no query, and says so: started again on
``list:zotero`` after its list was written again (in the other order, three abstracts
edited), it showed the old order with the three edited papers last, and the status line
said "order: relevance" over them when relevance was the order chosen."""

from __future__ import annotations

import shutil
from pathlib import Path

from e2e_util import ready, settle, sync, widget_text
from test_search_filters_list_order import SLICE, rescraped
from test_ui_app import make_app, titles

from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.widgets.status import StatusLine

FILTERS = ("list:zotero", "has:paper", "year:2017..2019", "is:new", "list:zotero sort:relevance")


def copied(tmp_path: Path) -> Path:
    path = tmp_path / "zotero.json"
    shutil.copyfile(SLICE, path)
    path.chmod(0o644)
    return path


def kept(source: Path) -> ReaderApp:
    """The reader on ``source``, its place kept in the test's triage file for the next."""
    app = make_app(source)

    def open_store() -> Store:
        store = Store.open(resolve().ensure().state_db)
        store.origin = reader_origin()
        return store

    app.services = Services(
        load_library=app.services.load_library,
        open_engine=app.services.open_engine,
        open_store=open_store,
    )
    return app


@sync
async def test_the_reader_started_again_on_a_list_shows_it_in_its_new_order(tmp_path):
    source = copied(tmp_path)
    app = kept(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.search_box.value = "list:zotero"
        await settle(pilot)
        assert len(screen.results.rows) == 12
    edited = rescraped(source)
    app = kept(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.search_query == "list:zotero"  # where the last run was left
        every = [paper.title for paper in screen.library.papers]
        assert titles(screen) == every
        assert titles(screen)[:3] == edited  # first in the list, not last
        assert screen.order == "list"


@sync
async def test_a_query_of_filters_is_in_list_order_whatever_order_was_chosen(tmp_path):
    source = copied(tmp_path)
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
    rescraped(source)  # read again: the index's documents are in another order
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        status = screen.query_one(StatusLine)
        every = titles(screen)
        screen.search_box.value = "brain"
        await settle(pilot)
        ranked = titles(screen)
        assert screen.order == "relevance" and ranked != [t for t in every if t in ranked]
        screen.action_focus_results()
        await pilot.press("F", "F")  # relevance → fit (which waits for decisions) → list
        await pilot.press("F")  # list → relevance, chosen
        await settle(pilot)
        assert screen.order == status.order == "relevance"
        assert titles(screen) == ranked
        for query in FILTERS:
            screen.search_box.value = query
            await settle(pilot)
            shown = titles(screen)
            assert len(shown) > 3, query
            assert shown == [title for title in every if title in shown], query
            # relevance chosen: list order, and why
            assert screen.order == "list", query
            assert status.order == "list (relevance needs words)", query
        # the order key on such a query: no relevance to go to, fit waits for decisions
        # in list order, as for no query; then list order, chosen
        screen.search_box.value = "has:paper"
        await settle(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == "fit"
        assert status.order == "list (fit: needs 1 keep + 2 more decisions)"
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == status.order == "list"  # chosen now
        # words again: ranked, in the order last chosen (list)
        screen.search_box.value = "brain"
        await settle(pilot)
        assert screen.order == "list"


@sync
async def test_relevance_typed_with_filters_only_says_why_the_order_is_the_lists(tmp_path):
    # "sort:relevance list:zotero" showed "order: list" under a box saying sort:relevance
    app = make_app(copied(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        status = screen.query_one(StatusLine)
        every = titles(screen)
        said = "order: list (relevance needs words)"
        screen.search_box.value = "sort:relevance list:zotero"
        await settle(pilot)
        shown = titles(screen)
        assert shown == [title for title in every if title in shown]
        assert screen.order == "list"
        assert said in str(screen.results.border_title)
        assert said in widget_text(app, status)  # whole, at 80 columns
        # with words, relevance it is, said as before
        screen.search_box.value = "sort:relevance brain"
        await settle(pilot)
        assert screen.order == status.order == "relevance"
        assert "order: relevance" in str(screen.results.border_title)
        # list order asked for is said as it is
        screen.search_box.value = "sort:list list:zotero"
        await settle(pilot)
        assert screen.order == status.order == "list"
