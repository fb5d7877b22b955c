"""The order the reader says is the order its rows are in: relevance while the fit order
has too few decisions to learn from, and "learning…" until the first model orders them."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from e2e_util import app_text, notices, ready, settle, sync, widget_text
from test_ui_app import real_engine
from test_ui_fit import HELD, TOPICS, status_order, until, write_list

from tuireader import learn
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services


def topics_app(tmp_path: Path, decisions: dict[str, str]) -> tuple[ReaderApp, dict[str, str]]:
    """The reader on the topics list, with ``decisions`` (title → state) already saved."""
    source = write_list(tmp_path)
    library = load_library([source])
    ids = {paper.title: paper.id for paper in library.papers}
    path = resolve().ensure().state_db
    with Store.open(path) as store:
        for title, state in decisions.items():
            store.set_state(ids[title], state)
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda lib, progress: real_engine(lib),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False), ids


def held_fits(monkeypatch) -> threading.Event:  # type: ignore[no-untyped-def]
    """Every fit waits for the event returned (the test sets it, whatever happens)."""
    release = threading.Event()
    real_fit = learn.fit

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait(HELD)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held)
    return release


@sync
async def test_sort_fit_with_no_decisions_says_the_relevance_order_it_shows(tmp_path):
    app, ids = topics_app(tmp_path, {})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"tokens OR tactile")
        await settle(pilot)
        relevance = [row.paper.id for row in screen.results.rows]
        await pilot.press(*" sort:fit")
        await settle(pilot)
        assert [row.paper.id for row in screen.results.rows] == relevance
        said = "order: relevance (fit: needs 1 keep + 2 more decisions)"
        assert said in str(screen.results.border_title)
        assert said in widget_text(app, screen.query_one("#status"))
        assert "order: fit" not in str(screen.results.border_title)
        # decisions enough for a model: the order is fit once the model comes
        await pilot.press("enter")
        grasp = ids[TOPICS["grasp"][0][0]]
        others = [ids[TOPICS["text"][0][0]], ids[TOPICS["protein"][0][0]]]
        with Store.open(resolve().state_db) as store:
            store.set_state(grasp, "kept")
            for paper_id in others:
                store.set_state(paper_id, "skip")
        screen.poll_triage()
        await until(pilot, lambda: screen.fit_model is not None, "a model was fitted")
        await settle(pilot)
        assert status_order(screen) == "fit"
        assert "order: fit" in str(screen.results.border_title)
        assert [row.paper.id for row in screen.results.rows] != relevance


@sync
async def test_the_first_model_after_decisions_made_in_the_reader_is_said_to_be_learning(
    tmp_path, monkeypatch
):
    # one keep as the reader starts: too few for a model, and the fit said so at once;
    # two skips later the first model was on its way, yet the order said plain "fit"
    # while the rows were still in list order
    release = held_fits(monkeypatch)
    app, _ids = topics_app(tmp_path, {TOPICS["grasp"][0][0]: "kept"})
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            screen = await ready(pilot)
            await until(pilot, lambda: screen._fit_library is screen.library, "no model")
            screen.action_focus_results()
            await pilot.pause()
            listed = [row.paper.id for row in screen.results.rows]
            await pilot.press("x", "x", "F")
            await pilot.pause()  # (settling would wait for the held fit)
            assert screen.order == "fit" and screen.fit_model is None
            assert [row.paper.id for row in screen.results.rows] == listed
            assert status_order(screen) == "fit (learning…)"
            assert "order: fit (learning…)" in str(screen.results.border_title)
        finally:
            release.set()
        await until(pilot, lambda: screen.fit_model is not None, "the model arrived")
        await settle(pilot)
        assert status_order(screen) == "fit"


def big_topics_app(tmp_path: Path) -> tuple[ReaderApp, list[str]]:
    """The reader on the topics list and a thousand papers of other matters after them
    (counts of four digits on the status line), with no decisions; and the list order."""
    source = write_list(tmp_path)
    with source.open("a", encoding="utf-8") as out:
        for n in range(1000):
            record = {"title": f"Survey {n} of other matters", "abstract": "Nothing alike."}
            out.write(json.dumps(record) + "\n")
    library = load_library([source])
    path = resolve().ensure().state_db
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda lib, progress: real_engine(lib),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False), [paper.id for paper in library.papers]


@sync
async def test_the_order_the_fit_waits_in_is_said_whole_at_80_columns_as_the_rows_are(tmp_path):
    # at 80x24 "order: relevance (fit needs a keep and a few other decisions)" was cut,
    # and with no words typed it said relevance over rows in list order
    app, listed = big_topics_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"sort:fit")
        await settle(pilot)
        shown = [row.paper.id for row in screen.results.rows]
        assert shown == listed[: len(shown)]  # no words: the rows are in list order
        said = "order: list (fit: needs 1 keep + 2 more decisions)"
        assert said in str(screen.results.border_title)
        assert said in app_text(app).splitlines()[3]  # the pane's border, whole
        status = widget_text(app, screen.query_one("#status"))
        assert "list (fit: needs 1 keep + 2 more decisions)" in status and "…" not in status
        screen.action_focus_results()  # the title names what the keys act on too
        await settle(pilot)
        assert said in app_text(app).splitlines()[3]
        # words typed: the rows are ranked, and the order says relevance
        screen.search_box.focus()
        await pilot.press("home", *"tokens ", "enter")
        await settle(pilot)
        assert [row.paper.id for row in screen.results.rows] != listed[:3]
        said = "order: relevance (fit: needs 1 keep + 2 more decisions)"
        assert said in app_text(app).splitlines()[3]
        status = widget_text(app, screen.query_one("#status"))
        assert "relevance (fit: needs 1 keep + 2 more decisions)" in status
        # a keep made: what the fit still waits for
        with Store.open(resolve().state_db) as store:
            store.set_state(listed[1], "kept")
        screen.poll_triage()
        await settle(pilot)
        assert "order: relevance (fit: needs 2 more decisions)" in app_text(app).splitlines()[3]
        # "needs 1 more" said not one more of what
        with Store.open(resolve().state_db) as store:
            store.set_state(listed[2], "skip")
        screen.poll_triage()
        await settle(pilot)
        said = "order: relevance (fit: needs 1 more decision)"
        assert said in app_text(app).splitlines()[3]
        assert "relevance (fit: needs 1 more decision)" in widget_text(
            app, screen.query_one("#status")
        )


@sync
async def test_the_order_key_chooses_fit_before_a_model_and_says_what_it_still_needs(tmp_path):
    # with no keep, or one and no other decision, F went from relevance straight back to
    # list order: fit was skipped, a notice said "a kept or read paper and a few other
    # decisions" whatever was there, and the status line said nothing of the fit
    app, ids = topics_app(tmp_path, {})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"tokens OR tactile", "enter")
        await settle(pilot)
        relevance = [row.paper.id for row in screen.results.rows]
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == "fit"
        assert [row.paper.id for row in screen.results.rows] == relevance
        said = "relevance (fit: needs 1 keep + 2 more decisions)"
        assert status_order(screen) == said
        assert f"order: {said}" in widget_text(app, screen.query_one("#status"))
        assert f"order: {said}" in str(screen.results.border_title)
        assert notices(app)[-1] == (
            "The fit order needs 1 keep + 2 more decisions (a read paper counts as a keep): "
            "relevance order until then"
        )
        await pilot.press("F", "F")  # list, relevance: every order in turn
        await settle(pilot)
        assert screen.order == "relevance" and status_order(screen) == "relevance"
        # a keep made: what the fit needs is counted again, the keep no longer among it
        kept = screen.current_paper
        await pilot.press("s")
        await settle(pilot)
        screen.search_box.focus()
        await pilot.press("ctrl+u", "enter")  # no words: list order meanwhile
        await settle(pilot)
        assert screen.order == "list"
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == "fit"
        assert status_order(screen) == "list (fit: needs 2 more decisions)"
        assert notices(app)[-1] == "The fit order needs 2 more decisions: list order until then"
        # the decisions it waited for made: the fit order comes, as asked
        listed = [row.paper.id for row in screen.results.rows]
        assert kept is not None and screen.triage.states == {kept.id: "kept"}
        with Store.open(resolve().state_db) as store:
            for title in (TOPICS["text"][0][0], TOPICS["protein"][0][0]):
                store.set_state(ids[title], "skip")
        screen.poll_triage()
        await until(pilot, lambda: screen.fit_model is not None, "a model was fitted")
        await settle(pilot)
        assert status_order(screen) == "fit"
        assert [row.paper.id for row in screen.results.rows] != listed
