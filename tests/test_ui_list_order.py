"""List order in the reader asks the engine for the first hits in list order, which it
gives reading only those papers' records: the reader asked for every hit and ordered
them itself before it showed the first rows (a 'learning sort:list' on 100,000 papers
held the screen 0.6 to 0.7 s; the first rows now come in about 0.2 s, and the rest
after them as for any query)."""

from __future__ import annotations

from corpus_util import write_jsonl
from e2e_util import ready, settle, sync
from test_ui_app import make_app

from tuireader.search.engine import Engine
from tuireader.ui.screens.main import SEARCH_LIMIT

# later papers say "diffusion" more often: relevance puts them first, list order last
RECORDS = [
    {
        "title": f"{' '.join(['Diffusion'] * (1 + n // 40))} models, study {n}",
        "authors": ["A. Author"],
        "abstract": f"Paper {n} of the list about sampling.",
    }
    for n in range(SEARCH_LIMIT + 50)
]


def recorded(monkeypatch) -> list[tuple[str, int | None, str | None]]:  # type: ignore[no-untyped-def]
    """The engine's searches from now on: (query, limit, order)."""
    asked: list[tuple[str, int | None, str | None]] = []
    searched = Engine.search

    def recording(self, text, **options):  # type: ignore[no-untyped-def]
        asked.append((text, options.get("limit"), options.get("order")))
        return searched(self, text, **options)

    monkeypatch.setattr(Engine, "search", recording)
    return asked


@sync
async def test_a_sort_list_query_shows_its_first_rows_reading_only_those(monkeypatch, tmp_path):
    source = write_jsonl(tmp_path / "list.jsonl", RECORDS)
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        asked = recorded(monkeypatch)
        screen.search_box.value = "diffusion sort:list"
        await settle(pilot)
        assert screen.order == "list"
        titles = [row.paper.title for row in screen.results.rows]
        assert titles == [record["title"] for record in RECORDS]  # every hit, listed so
        mine = [(limit, order) for query, limit, order in asked if query == "diffusion sort:list"]
        # the first rows: no more than the list shows at first, in list order from the
        # index; then the rest, as for any query
        assert mine == [(SEARCH_LIMIT, "list"), (None, "list")], mine


@sync
async def test_a_query_after_the_order_key_chose_list_order_asks_for_its_first_rows_alone(
    monkeypatch, tmp_path
):
    source = write_jsonl(tmp_path / "list.jsonl", RECORDS)
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.search_box.value = "diffusion"
        await settle(pilot)
        assert screen.results.rows[0].paper.title != RECORDS[0]["title"]  # by relevance
        screen.action_focus_results()
        asked = recorded(monkeypatch)
        await pilot.press("F", "F")  # relevance → fit (which waits for decisions) → list
        await settle(pilot)
        assert screen.order == "list" and screen.search_query == "diffusion"
        titles = [row.paper.title for row in screen.results.rows]
        assert titles == [record["title"] for record in RECORDS]  # the rows in hand
        # a query typed next is in the order chosen
        asked.clear()
        screen.search_box.value = "diffusion models"
        await settle(pilot)
        assert screen.order == "list"
        assert [row.paper.title for row in screen.results.rows] == titles
        assert asked[0][1:] == (SEARCH_LIMIT, "list"), asked


@sync
async def test_the_order_key_from_list_order_to_relevance_ranks_a_query_searched_in_list_order(
    tmp_path,
):
    # the query typed (or brought back at the start) after list order was chosen came
    # from the index in list order: F said "order: relevance" over the same rows
    source = write_jsonl(tmp_path / "list.jsonl", RECORDS)
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.search_box.value = "diffusion models"
        await settle(pilot)
        ranked = [row.paper.title for row in screen.results.rows]
        screen.action_focus_results()
        await pilot.press("F", "F")  # relevance → fit (which waits for decisions) → list
        await settle(pilot)
        for query in ("diffusion", "diffusion models"):  # searched in list order
            screen.search_box.value = query
            await settle(pilot)
        assert screen.order == "list"
        assert screen.results.rows[0].paper.title == RECORDS[0]["title"]
        screen.action_focus_results()
        await pilot.press("F")  # list → relevance
        await settle(pilot)
        assert screen.order == "relevance"
        assert [row.paper.title for row in screen.results.rows][:SEARCH_LIMIT] == ranked[
            :SEARCH_LIMIT
        ]


@sync
async def test_the_order_key_into_list_order_before_the_rest_of_the_hits_came(
    monkeypatch, tmp_path
):
    # F pressed while the first hits are shown and the rest are still being searched:
    # the rest of the relevance search must not land in the list order asked for, and
    # the list ends with every hit, in list order, once
    import threading

    source = write_jsonl(tmp_path / "list.jsonl", RECORDS)
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        # the rest of the hits, searched in each order, comes when the test lets it
        gates = {None: threading.Event(), "list": threading.Event()}
        held: list[tuple[str, str | None]] = []
        searched = Engine.search

        def holding(self, text, **options):  # type: ignore[no-untyped-def]
            if options.get("limit", SEARCH_LIMIT) is None:  # the rest of the hits
                held.append((text, options.get("order")))
                if len(held) == 1 or options.get("order") == "list":
                    # (the fit order's every hit, ranked, on the way to list order: at once)
                    gates[options.get("order")].wait(timeout=60)
            return searched(self, text, **options)

        monkeypatch.setattr(Engine, "search", holding)

        async def until(condition) -> None:  # type: ignore[no-untyped-def]
            for _ in range(600):
                if condition():
                    return
                await pilot.pause(0.05)
            raise AssertionError(f"timed out: held {held}, order {screen.order}")

        def titles(rows=None) -> list[str]:  # type: ignore[no-untyped-def]
            return [row.paper.title for row in screen.results.rows[:rows]]

        listed = [record["title"] for record in RECORDS]
        try:
            screen.search_box.value = "diffusion"
            await until(lambda: held == [("diffusion", None)])  # the first hits shown
            assert screen.order == "relevance" and titles(1) != listed[:1]
            screen.action_focus_results()
            await pilot.press("F")  # relevance → fit, which waits for decisions
            await until(lambda: len(held) == 2 and screen.order == "fit")
            await pilot.press("F")  # fit → list, the rest of the relevance hits to come
            await until(lambda: screen.order == "list")
            assert held[1] == ("diffusion", None)  # every hit, for the fit order
            assert titles(SEARCH_LIMIT) == listed[:SEARCH_LIMIT]
            gates[None].set()  # the rest of the relevance search: too late to be shown
            await pilot.pause(REST_WAIT)
            assert screen.order == "list" and titles(SEARCH_LIMIT) == listed[:SEARCH_LIMIT]
        finally:
            for gate in gates.values():
                gate.set()
        await settle(pilot)
        assert screen.order == "list" and screen.search_query == "diffusion"
        assert titles() == listed  # every hit, in list order, once
        await pilot.pause(REST_WAIT)  # (a late result would be drawn by now)
        assert titles() == listed


#: long enough for a search's answer, let through, to reach the screen (s)
REST_WAIT = 0.5
