"""Pilot tests of where the reader starts when the paper it was left on was decided
elsewhere since (``tuireader triage`` from another shell): on the paper that followed it
in the order shown, also in fit order while its model is still being fitted."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from e2e_util import ready, settle, sync
from test_ui_app import real_engine
from test_ui_fit import HELD, seeded_app, status_order, topic_of, until, with_model

from tuireader import learn
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services


def shown_ids(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.paper.id for row in screen.results.rows]


def reader_on(source: Path) -> ReaderApp:
    """The reader on the list ``source``, with the triage file of the data folder."""
    path = resolve().ensure().state_db
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda library, progress: real_engine(library),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False)


def skip_elsewhere(paper_id: str) -> None:
    """Skip a paper as ``tuireader triage ID --state skip`` does, with no reader open."""
    with Store.open(resolve().state_db) as store:
        store.set_state(paper_id, "skip")


@sync
async def test_a_paper_decided_elsewhere_gives_its_place_to_the_one_that_followed_it(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"is:new", "enter")
        await settle(pilot)
        assert screen.order == "list"  # no words to rank by: the rows are in list order
        await pilot.press("j", "j", "j")
        await settle(pilot)
        before = shown_ids(screen)
        assert screen.results.highlighted == 3
        left_on, following = before[3], before[4]
    skip_elsewhere(left_on)
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        assert screen.search_box.value == "is:new"
        assert shown_ids(screen) == [paper_id for paper_id in before if paper_id != left_on]
        # the paper that followed it, on its row: not the first row
        assert screen.current_paper is not None and screen.current_paper.id == following
        assert screen.results.highlighted == 3


@sync
async def test_a_start_in_fit_order_shows_the_order_left_while_its_model_is_fitted(
    tmp_path, monkeypatch
):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"is:new", "enter", "F")
        await settle(pilot)
        assert screen.order == "fit"
        await pilot.press("j", "j")
        await settle(pilot)
        before = shown_ids(screen)
        # the three grasping papers first by fit; in list order, the first is no grasp
        assert [topic_of(row.paper.title) for row in screen.results.rows[:3]] == ["grasp"] * 3
        left_on, following = before[2], before[3]
    skip_elsewhere(left_on)
    started, release = threading.Event(), threading.Event()
    real_fit = learn.fit

    def held_fit(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        release.wait(HELD)  # (released by the test, whatever happens)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held_fit)
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            # not settled: settling waits for the held fit
            screen = await ready(pilot, settled=False)
            await until(pilot, started.is_set, "a fit started")
            await until(pilot, lambda: screen.displayed_query == "is:new", "the results")
            await pilot.pause()
            assert screen.fit_model is None and status_order(screen) == "fit (learning…)"
            # the rows as they were left, the paper decided elsewhere gone
            shown = shown_ids(screen)
            assert shown[:2] == before[:2] and left_on not in shown
            assert screen.current_paper is not None and screen.current_paper.id == following
            assert screen.results.highlighted == 2
            # keys act on the paper highlighted, in the order left
            await pilot.press("enter", "x")
            await until(pilot, lambda: following in screen.triage.states, "the skip")
            assert screen.triage.states[following] == "skip"
            assert screen.fit_model is None
            here = screen.results.highlighted
            assert here == 3
            seen = shown_ids(screen)[: here + 1]
            on = screen.current_paper.id
        finally:
            release.set()
        await until(pilot, lambda: screen.fit_model is not None, "the model arrived")
        await settle(pilot)
        # the model's order comes in below the rows seen: the cursor stays where it is
        assert shown_ids(screen)[: here + 1] == seen
        assert screen.results.highlighted == here and screen.current_paper.id == on


@sync
async def test_the_paper_left_on_below_the_first_hits_is_found_again(tmp_path):
    # the first search of a query asks for its first hundred hits, the rest after: a
    # paper left on further down was sought among those, and the cursor lost its place
    source = tmp_path / "robots.jsonl"
    with source.open("w", encoding="utf-8") as out:
        for number in range(160):
            record = {"title": f"Robot paper number {number}", "abstract": "A robot."}
            out.write(json.dumps(record) + "\n")
    app = reader_on(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"robot", "enter")
        await settle(pilot)
        assert len(screen.results.rows) == 160
        await pilot.press("G", "k", "k")
        await settle(pilot)
        assert screen.results.highlighted == 157
        left_on = screen.current_paper.id
    app = reader_on(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.search_box.value == "robot"
        assert screen.current_paper is not None and screen.current_paper.id == left_on
        assert screen.results.highlighted == 157


@sync
async def test_a_start_in_fit_order_with_no_paper_of_its_place_listed_lands_on_the_best(
    tmp_path,
):
    # the paper left on and those around it decided elsewhere (or a position kept before
    # the rows were): the cursor sat on the first row as listed, and the model left it
    # on that paper, far down its order, every paper above it never seen
    from tuireader.ui.triage import UI_STATE_KEY, UI_STATE_VERSION

    app, ids = seeded_app(tmp_path)
    gone = ids["Grasp Planning for Deformable Objects"]
    skip_elsewhere(gone)
    with Store.open(resolve().state_db) as store:
        state = {"version": UI_STATE_VERSION, "query": "is:new", "order": "fit", "paper": gone}
        store.save_ui_state(UI_STATE_KEY, state)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        assert screen.order == "fit" and screen.displayed_query == "is:new"
        assert screen.results.highlighted == 0
        assert topic_of(screen.current_paper.title) == "grasp"
