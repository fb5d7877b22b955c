"""Pilot tests of the "for you" order in the reader: the order key, sort:fit, the why
line, and a refit that never holds up typing."""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from e2e_util import ready, settle, sync, widget_text
from test_ui_app import real_engine

from tuireader import learn
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.bindings import declared_bindings
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.widgets.status import StatusLine

#: how long a held fit waits for the test to release it at most (it always does)
HELD = 600

GRASP = "robot grasping with tactile sensors for deformable objects"
TOPICS = {
    "grasp": [
        ("Tactile Grasping of Deformable Objects", GRASP),
        ("Learning Robot Grasping from Tactile Sensors", f"We study {GRASP} in clutter."),
        ("Dexterous Grasping with Tactile Feedback", f"A gripper for {GRASP} and cloth."),
        ("Grasp Planning for Deformable Objects", f"Planning {GRASP} with tactile sensors."),
    ],
    "text": [
        ("Scaling Language Models", "Transformers trained on text corpora and tokens."),
        ("Prompting Large Language Models", "Text prompts steer language models and tokens."),
        ("Tokenizers for Language Models", "How text is split into tokens for transformers."),
    ],
    "protein": [
        ("Protein Folding with Diffusion", "Predicting protein structure from sequences."),
        ("Protein Design by Sequence Models", "Designing protein sequences and structure."),
        ("Binding Sites of Proteins", "Finding protein binding sites from structure."),
    ],
}
#: the list order interleaves the topics, so list order is not topic order.
ORDER = [
    ("text", 0), ("grasp", 0), ("protein", 0), ("text", 1), ("protein", 1),
    ("grasp", 1), ("text", 2), ("protein", 2), ("grasp", 2), ("grasp", 3),
]  # fmt: skip


def write_list(folder: Path) -> Path:
    path = folder / "topics.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for topic, number in ORDER:
            title, abstract = TOPICS[topic][number]
            record = {"title": title, "abstract": abstract, "authors": [f"{topic} {number}"]}
            out.write(json.dumps(record) + "\n")
    return path


def topic_of(title: str) -> str:
    return next(topic for topic, papers in TOPICS.items() if title in (t for t, _ in papers))


def seeded_app(tmp_path: Path, cache_dir: Path | None = None) -> tuple[ReaderApp, dict[str, str]]:
    """The reader on the topics list, with one grasping paper kept and two others skipped
    (a title → id map comes back too); ``cache_dir`` keeps the vectors between runs."""
    source = write_list(tmp_path)
    library = load_library([source])
    ids = {paper.title: paper.id for paper in library.papers}
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state(ids[TOPICS["grasp"][0][0]], "kept")
        store.set_state(ids[TOPICS["text"][0][0]], "skip")
        store.set_state(ids[TOPICS["protein"][0][0]], "skip")
    path = resolve().state_db
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda lib, progress: real_engine(lib),
        open_store=lambda: Store.open(path),
    )
    return ReaderApp(services, show_timings=False, cache_dir=cache_dir), ids


async def until(pilot, condition, what: str) -> None:  # type: ignore[no-untyped-def]
    # (at least two minutes: a loaded machine may take long, and a test must not fail for it)
    for _ in range(2400):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never happened: {what}")


async def with_model(pilot) -> MainScreen:  # type: ignore[no-untyped-def]
    screen = await ready(pilot)
    await until(pilot, lambda: screen.fit_model is not None, "a model was fitted")
    await settle(pilot)
    return screen


def status_order(screen: MainScreen) -> str:
    return screen.query_one(StatusLine).order


def shown_topics(screen: MainScreen) -> list[str]:
    return [topic_of(row.paper.title) for row in screen.results.rows]


@sync
async def test_order_key_puts_papers_like_the_kept_one_first_and_says_fit(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.pause()
        status = widget_text(app, screen.query_one("#status"))
        assert "order" not in str(screen.results.border_title) and "order" not in status
        assert shown_topics(screen)[:2] == ["text", "grasp"]  # list order
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == "fit"
        assert "order: fit" in str(screen.results.border_title)
        assert "order: fit" in widget_text(app, screen.query_one("#status"))
        # The three undecided grasping papers first; the decided ones last.
        assert shown_topics(screen)[:3] == ["grasp"] * 3
        decided = [row.paper.id for row in screen.results.rows[-3:]]
        assert set(decided) == set(screen.triage.states)
        # Again: back to list order (relevance is list order without a query).
        await pilot.press("F")
        await settle(pilot)
        assert screen.order == "list"
        assert shown_topics(screen)[:2] == ["text", "grasp"]
        assert "order: list" in widget_text(app, screen.query_one("#status"))


@sync
async def test_the_next_run_reads_the_vectors_the_first_fit_built(tmp_path, monkeypatch):
    from tuireader.learn import vectors

    built: list[int] = []
    real = vectors.space_of
    monkeypatch.setattr(
        vectors, "space_of", lambda papers, r=None: built.append(1) or real(papers, r)
    )
    cache = tmp_path / "cache"
    orders = []
    for _ in range(2):
        app, _ids = seeded_app(tmp_path, cache)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await with_model(pilot)
            screen.action_focus_results()
            if not orders:
                await pilot.press("F")  # the next run starts in the order this one left
            await settle(pilot)
            assert screen.order == "fit"
            orders.append([row.paper.id for row in screen.results.rows])
    assert built == [1] and len(list(cache.glob("vectors-*.npz"))) == 1
    assert orders[0] == orders[1]


@sync
async def test_a_start_in_fit_order_keeps_the_paper_it_left_on_when_the_model_comes(tmp_path):
    # the list shows list order until the first model; the paper left on is the first
    # row then: the model's order must not put another paper under the highlight
    from tuireader.ui.triage import UI_STATE_KEY, UI_STATE_VERSION

    app, ids = seeded_app(tmp_path)
    left_on = ids[TOPICS["text"][0][0]]  # first in list order, last by fit (skipped)
    with Store.open(resolve().state_db) as store:
        state = {"version": UI_STATE_VERSION, "query": "", "order": "fit", "paper": left_on}
        store.save_ui_state(UI_STATE_KEY, state)
    async with app.run_test(size=(120, 12)) as pilot:
        screen = await with_model(pilot)
        assert screen.order == "fit"
        assert topic_of(screen.results.rows[0].paper.title) == "grasp"
        assert screen.current_paper.id == left_on
        results = screen.results  # and in view: keys act on it
        top, height = results.scroll_y, results.scrollable_content_region.height
        assert top <= results.highlighted < top + height, (top, results.highlighted, height)


@sync
async def test_viewer_says_why_with_words_of_the_paper_and_the_kept_paper(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        paper = screen.current_paper
        assert paper is not None and topic_of(paper.title) == "grasp"
        line = screen.viewer.why_text
        assert line.startswith("why: ")
        words = line.removeprefix("why: ").split(" · ")[0].split(", ")
        text = f"{paper.title} {paper.abstract}".casefold()
        assert words and all(word.casefold() in text for word in words)
        assert f"like: {TOPICS['grasp'][0][0]}" in line
        assert line in screen.viewer.section("why").plain
        # and it is on screen, folded into the viewer's rows
        shown = " ".join(row.strip() for row in screen.viewer.lines)
        assert " ".join(line.split()) in " ".join(shown.split())


@sync
async def test_sort_fit_in_the_query_orders_the_hits_by_fit(tmp_path):
    app, ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        # "tactile" and "tokens" hit both topics; relevance puts a text paper first.
        await pilot.press(*"tokens OR tactile sort:fit")
        await settle(pilot)
        assert screen.order == "fit"
        assert "order: fit" in str(screen.results.border_title)
        topics = shown_topics(screen)
        # The three undecided grasping papers first, the decided ones (kept, skipped) last.
        assert topics[:3] == ["grasp"] * 3 and "grasp" not in topics[3:-2]
        last = {row.paper.id for row in screen.results.rows[-2:]}
        assert last == {ids[TOPICS["grasp"][0][0]], ids[TOPICS["text"][0][0]]}
        # Without sort: the same query is in relevance order again.
        await pilot.press(*["backspace"] * len(" sort:fit"))
        await settle(pilot)
        assert screen.order == "relevance"
        assert "order" not in str(screen.results.border_title)


@sync
async def test_the_fit_order_asked_for_with_a_query_stays_when_the_query_is_cleared(tmp_path):
    # Search, then F, then clear the query for the rest: the rest is read by fit too.
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"tokens OR tactile")
        await settle(pilot)
        await pilot.press("enter", "F")
        await settle(pilot)
        assert screen.order == "fit"
        assert shown_topics(screen)[:3] == ["grasp"] * 3
        await pilot.press("slash", "escape")  # back to the search box; Escape clears it
        await settle(pilot)
        assert screen.query_one("#search").value == ""
        assert len(screen.results.rows) == len(ORDER)
        assert screen.order == "fit"
        assert "order: fit" in widget_text(app, screen.query_one("#status"))
        assert shown_topics(screen)[:3] == ["grasp"] * 3


@sync
async def test_relevance_chosen_with_a_query_is_list_order_said_as_such_without_one(tmp_path):
    # the order key chose relevance for a search; the query cleared, the list showed every
    # paper in list order and said "order: relevance", an order the key never offers
    # without a query
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"tokens OR tactile", "enter", "F", "F", "F")
        await settle(pilot)
        assert screen.order == "relevance"
        await pilot.press("slash", "escape")
        await settle(pilot)
        assert screen.order == "list"
        assert shown_topics(screen)[:2] == ["text", "grasp"]
        assert "order: list" in widget_text(app, screen.query_one("#status"))
        assert "order: list" in str(screen.results.border_title)
        await pilot.press(*"tokens")  # a search again: relevance, as chosen
        await settle(pilot)
        assert screen.order == "relevance"
        assert "order: relevance" in widget_text(app, screen.query_one("#status"))


@sync
async def test_the_order_key_rewrites_the_sort_word_of_the_query_as_it_orders(tmp_path):
    # The box and the status line say the same order: the sort: word typed says the
    # order the key chose, and a query without one is then in that order too.
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        box = screen.query_one("#search")
        await pilot.press(*"tokens OR tactile sort:relevance")
        await settle(pilot)
        assert screen.order == "relevance"
        relevance = [row.paper.id for row in screen.results.rows]
        await pilot.press("enter")
        for order in ("fit", "list", "relevance"):
            await pilot.press("j")
            await settle(pilot)
            assert screen.results.highlighted == 1
            await pilot.press("F")
            await settle(pilot)
            assert screen.order == order
            assert box.value == f"tokens OR tactile sort:{order}"
            assert f"order: {order}" in widget_text(app, screen.query_one("#status"))
            assert screen.displayed_query == box.value  # its results, not searched again
            assert screen.results.highlighted == 0 and screen.focused is screen.results
        assert [row.paper.id for row in screen.results.rows] == relevance
        await pilot.press("F", "F")  # list, with the box saying so
        await settle(pilot)
        assert box.value == "tokens OR tactile sort:list"
        await pilot.press("slash", "escape", *"tokens OR tactile")
        await settle(pilot)
        assert screen.order == "list"
        assert "order: list" in widget_text(app, screen.query_one("#status"))


@sync
async def test_the_next_run_starts_in_the_order_the_key_chose_for_a_query_with_sort(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"tokens OR tactile sort:relevance", "enter", "F")
        await settle(pilot)
        await pilot.press("j", "j")
        await settle(pilot)
        assert screen.order == "fit"
        rows = [row.paper.id for row in screen.results.rows]
        left_on = screen.current_paper
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        assert screen.query_one("#search").value == "tokens OR tactile sort:fit"
        assert screen.order == "fit"
        assert "order: fit" in widget_text(app, screen.query_one("#status"))
        assert [row.paper.id for row in screen.results.rows] == rows
        assert screen.current_paper == left_on


@sync
async def test_the_order_key_before_the_querys_results_come_searches_the_words_it_wrote(
    tmp_path, monkeypatch
):
    # The box's words are not those of the results shown yet (their search is on its
    # way): the rewritten words are searched, and their results shown, in that order.
    import tuireader.ui.screens.main as main_screen
    from tuireader.ui.commands import CycleOrder

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", 0.0)  # every search in a worker
    released = threading.Event()
    searched = MainScreen._searched

    def held(self, query, *args):  # type: ignore[no-untyped-def]
        if "sort:" in query and threading.current_thread() is not threading.main_thread():
            released.wait(HELD)
        return searched(self, query, *args)

    monkeypatch.setattr(MainScreen, "_searched", held)
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        try:
            await pilot.press(*"tokens OR tactile sort:relevance")
            await pilot.pause()
            assert screen.displayed_query != "tokens OR tactile sort:relevance"
            assert screen.order == "relevance"
            screen.post_message(CycleOrder())  # relevance → fit
            await pilot.pause()
        finally:
            released.set()
        await settle(pilot)
        box = screen.query_one("#search")
        assert box.value == "tokens OR tactile sort:fit"
        assert screen.displayed_query == box.value
        assert screen.order == "fit"
        assert "order: fit" in widget_text(app, screen.query_one("#status"))
        assert shown_topics(screen)[:3] == ["grasp"] * 3


def test_the_sort_words_of_a_query_are_found_as_the_query_language_reads_them():
    from tuireader.search.query import parse
    from tuireader.ui.widgets.search import with_order

    cases = {
        "sort:relevance diffusion": "sort:fit diffusion",
        "diffusion -sort:list": "diffusion sort:fit",
        "a sort:list b sort:relevance": "a sort:fit b sort:fit",
        '(a OR b) SORT:"list" c': "(a OR b) sort:fit c",
        # a phrase's words, a field's value and an order sort: does not take stay
        '"a sort:list" b': '"a sort:list" b',
        "title:sort:list b": "title:sort:list b",
        "a sort:newest": "a sort:newest",
        "graph neural": "graph neural",
        # a quote after a backslash is the phrase's: the phrase ends at the next one
        'title:"a \\"b" sort:list robots': 'title:"a \\"b" sort:fit robots',
        '"a \\" sort:list" b': '"a \\" sort:list" b',
    }
    for query, worded in cases.items():
        assert with_order(query, "fit") == worded, query
        if "sort:fit" in worded:
            assert parse(worded).sort == "fit"


@sync
async def test_the_order_key_puts_the_cursor_on_the_first_row_of_the_new_order(tmp_path):
    # a cursor left on its paper, far down the new order, had the rows above it counted
    # as seen: the best-ranked papers sat above it, unread
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("j", "j", "j")
        await settle(pilot)
        assert screen.results.highlighted == 3
        for order in ("fit", "list"):
            await pilot.press("F")
            await settle(pilot)
            assert screen.order == order
            assert screen.results.highlighted == 0
            assert screen.current_paper == screen.results.rows[0].paper
            await pilot.press("j", "j", "j")
            await settle(pilot)
        assert topic_of(screen.results.rows[0].paper.title) == "text"  # list order


@sync
async def test_a_sort_word_typed_puts_the_cursor_on_the_first_row_of_its_order(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        await pilot.press(*"tokens OR tactile sort:fit", "enter", "j", "j", "j")
        await settle(pilot)
        assert screen.order == "fit" and screen.results.highlighted == 3
        await pilot.press("slash", "end", *["backspace"] * 3, *"list", "enter")
        await settle(pilot)
        assert screen.order == "list" and screen.results.highlighted == 0
        assert screen.current_paper == screen.results.rows[0].paper


@sync
async def test_the_order_key_right_after_decisions_leaves_no_row_unseen_above_the_cursor(
    tmp_path,
):
    # decisions down the list, then F at once: the old model's order came with the
    # cursor on its paper far down it, and the refit after the decisions left every row
    # above the cursor where it was, the best-ranked papers among them, unread
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        model = screen.fit_model
        await pilot.press("j", "j", "j", "j", "s", "x", "F")
        await settle(pilot)
        assert screen.order == "fit"
        assert screen.results.highlighted == 0
        first = screen.results.rows[0].paper
        assert screen.current_paper == first
        await until(pilot, lambda: screen.fit_model is not model, "a refit")
        await settle(pilot)
        rows = [row.paper for row in screen.results.rows]
        # only the first row was seen in this order: the rest is the new model's order
        assert rows[0] == first and screen.results.highlighted == 0
        assert rows[1:] == screen.fit_model.order(rows[1:])
        assert len(screen.triage.states) == 5


@sync
async def test_the_order_key_before_the_refit_puts_the_papers_just_decided_last(
    tmp_path, monkeypatch
):
    # F before the refit after a few decisions ordered by the model fitted before them:
    # the papers just decided could come first, the cursor on one of them
    app, _ids = seeded_app(tmp_path)
    release = threading.Event()
    real_fit = learn.fit
    fits: list[int] = []

    def held_after_the_first(*args, **kwargs):  # type: ignore[no-untyped-def]
        fits.append(1)
        if len(fits) > 1:
            release.wait(HELD)  # (released by the test, whatever happens)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held_after_the_first)
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            screen = await with_model(pilot)
            screen.action_focus_results()
            model = screen.fit_model
            # list order: the fifth and sixth rows are a protein and a grasping paper, the
            # second of which the model ranks first
            await pilot.press("j", "j", "j", "j", "s", "x", "F")
            await until(pilot, lambda: len(fits) > 1, "the refit started")
            await pilot.pause()
            assert screen.order == "fit" and screen.fit_model is model
            decided = [row.paper.id in screen.triage.states for row in screen.results.rows]
            assert sum(decided) == 5 and decided == sorted(decided)
            assert screen.results.highlighted == 0 and not decided[0]
        finally:
            release.set()
        await until(pilot, lambda: screen.fit_model is not model, "the refit")


@sync
async def test_a_slow_refit_never_holds_up_typing(tmp_path, monkeypatch):
    app, _ids = seeded_app(tmp_path)
    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    real_fit = learn.fit

    def slow_fit(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        # held until the test has typed and seen the results (the test releases it in
        # any case, failing or not; the bound only keeps a broken test from hanging)
        release.wait(HELD)
        try:
            return real_fit(*args, **kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(learn, "fit", slow_fit)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = pilot.app.screen
        try:
            await until(pilot, started.is_set, "a fit started")
            await pilot.press(*"protein")
            await until(pilot, lambda: screen.displayed_query == "protein", "results")
            assert shown_topics(screen) and set(shown_topics(screen)) == {"protein"}
            assert not finished.is_set() and screen.fit_model is None
        finally:
            release.set()
        await until(pilot, lambda: screen.fit_model is not None, "the slow model arrived")
        await asyncio.to_thread(finished.wait, HELD)
        await settle(pilot)
        assert screen.displayed_query == "protein"


@sync
async def test_the_order_key_before_the_first_model_lands_on_its_best_paper(tmp_path, monkeypatch):
    app, _ids = seeded_app(tmp_path)
    started, release = threading.Event(), threading.Event()
    real_fit = learn.fit

    def held_fit(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        release.wait(HELD)  # (released by the test, whatever happens)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held_fit)
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            # not settled: settling waits for the held fit, which may start before it
            screen = await ready(pilot, settled=False)
            await until(pilot, started.is_set, "a fit started")
            screen.action_focus_results()
            await pilot.press("F")
            await pilot.pause()  # (settling would wait for the held fit)
            assert screen.order == "fit" and screen.fit_model is None
            assert status_order(screen) == "fit (learning…)"
            # shown as listed until the model comes: the first row is a skipped paper
            assert screen.current_paper is not None
            assert screen.triage.states.get(screen.current_paper.id) == "skip"
        finally:
            release.set()
        await until(pilot, lambda: screen.fit_model is not None, "the model arrived")
        await settle(pilot)
        assert screen.results.highlighted == 0
        assert topic_of(screen.current_paper.title) == "grasp"
        assert screen.current_paper.id not in screen.triage.states


@sync
async def test_the_first_fit_waits_for_a_pause_in_the_typing(tmp_path, monkeypatch):
    from tuireader.ui.screens import main

    monkeypatch.setattr(main, "FIT_DEBOUNCE", 600.0)  # no fit until a key makes it wait
    monkeypatch.setattr(main, "FIT_QUIET", 2.0)
    app, _ids = seeded_app(tmp_path)
    started = threading.Event()
    real_fit = learn.fit

    def noted_fit(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", noted_fit)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        for char in "protein folding and its dynamics":  # a key every 0.1 s: no 2 s pause
            await pilot.press(char if char != " " else "space")
            await pilot.pause(0.1)
            assert not started.is_set()
        await until(pilot, started.is_set, "the fit, after the typing stopped")
        await until(pilot, lambda: screen.fit_model is not None, "a model")


@sync
async def test_asking_for_the_fit_order_starts_a_waiting_fit_at_once(tmp_path, monkeypatch):
    from tuireader.ui.screens import main

    monkeypatch.setattr(main, "FIT_DEBOUNCE", 600.0)
    monkeypatch.setattr(main, "FIT_QUIET", 600.0)
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("p")  # the first fit waits for a 600 s pause
        await settle(pilot)
        assert screen.fit_model is None
        screen.action_focus_results()
        await pilot.press("F")
        await until(pilot, lambda: screen.fit_model is not None, "the model, asked for")
        assert screen.order == "fit"


@sync
async def test_a_new_model_keeps_the_cursor_on_the_same_paper(tmp_path):
    app, ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        await pilot.press("down")
        await settle(pilot)
        here = screen.current_paper
        first = screen.fit_model
        before = [row.paper.id for row in screen.results.rows]
        # Another reader keeps a protein paper: the order changes, the cursor stays.
        with Store.open(resolve().state_db) as store:
            store.set_state(ids[TOPICS["protein"][1][0]], "kept")
        screen.poll_triage()
        await until(pilot, lambda: screen.fit_model is not first, "a refit")
        await settle(pilot)
        assert screen.current_paper is not None and screen.current_paper.id == here.id
        after = [row.paper.id for row in screen.results.rows]
        # every row is on screen: each stays where it was, the paper kept elsewhere too
        assert after == before


@sync
async def test_a_new_model_leaves_the_rows_on_screen_in_place_and_orders_those_below(
    tmp_path,
):
    # the rows below the cursor moved as each model came: a row read on screen, and the
    # keys typed after reading it, went to another paper
    app, ids = seeded_app(tmp_path)
    async with app.run_test(size=(80, 14)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        await pilot.press("down")
        await settle(pilot)
        lowest = screen.results.last_row_shown()
        assert lowest is not None and 1 < lowest < len(screen.results.rows) - 1
        here = screen.current_paper
        first = screen.fit_model
        before = [row.paper.id for row in screen.results.rows]
        # another reader keeps a protein paper and a text paper: a new model
        with Store.open(resolve().state_db) as store:
            store.set_state(ids[TOPICS["protein"][1][0]], "kept")
            store.set_state(ids[TOPICS["text"][1][0]], "kept")
        screen.poll_triage()
        await until(pilot, lambda: screen.fit_model is not first, "a refit")
        await settle(pilot)
        assert screen.current_paper is not None and screen.current_paper.id == here.id
        after = [row.paper.id for row in screen.results.rows]
        assert after[: lowest + 1] == before[: lowest + 1]
        assert sorted(after) == sorted(before)
        # below the screen, the new model's order
        below = [row.paper.id for row in screen._ordered(screen._base_rows)]
        shown = set(after[: lowest + 1])
        assert after[lowest + 1 :] == [paper_id for paper_id in below if paper_id not in shown]


@sync
async def test_a_refit_after_decisions_reorders_only_below_the_cursor(tmp_path):
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        for keys in (("s",), ("x", "s")):  # one decision, then a burst of two
            model = screen.fit_model
            before = [row.paper.id for row in screen.results.rows]
            await pilot.press(*keys)
            await settle(pilot)
            here = screen.results.highlighted
            assert here is not None and here > 0
            await until(pilot, lambda m=model: screen.fit_model is not m, "a refit")
            await settle(pilot)
            after = [row.paper.id for row in screen.results.rows]
            # what was seen stays as it was, decisions in view; the cursor stays put
            assert after[: here + 1] == before[: here + 1]
            assert screen.results.highlighted == here
            assert sorted(after) == sorted(before)
        decided = set(screen.triage.states)
        assert all(paper_id in decided for paper_id in after[:here])


@sync
async def test_a_refit_after_going_back_up_leaves_every_row_seen_in_place(tmp_path):
    # a run decided down the list, then g and s on the top paper: the new order kept the
    # rows above the cursor only, and sent the run below it to the end, out of view
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        await pilot.press("j", "j", "j", "j", "g")  # down the list, and back to the top
        await settle(pilot)
        shown = [row.paper.id for row in screen.results.rows]
        top = shown[0]
        # as a new model's order comes: every paper decided, so all would go last
        for paper_id in shown:
            screen.triage.states.setdefault(paper_id, "skip")
        screen.fit_model = replace(screen.fit_model, decisions=dict(screen.triage.states))
        reordered = [row.paper.id for row in screen._reordered_below(top)]
        assert reordered[:5] == shown[:5]  # the rows the cursor has been on stay
        assert sorted(reordered) == sorted(shown)


@sync
async def test_help_lists_the_order_key():
    app = ReaderApp(
        Services(load_library=lambda: load_library([]), open_engine=lambda lib, p: None),
        show_timings=False,
    )
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        pilot.app.screen.action_help()
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "Order: list, relevance, fit" in help_screen.help_text().plain


def test_the_order_key_can_be_moved_in_the_keys_table():
    ids = {binding.id for binding in declared_bindings(MainScreen)}
    assert "results.order" in ids


@pytest.mark.parametrize("query", ["sort:fit", "grasping sort:list", "grasping"])
def test_search_results_carry_the_query_sort(tmp_path, query):
    library = load_library([write_list(tmp_path)])
    result = real_engine(library).search(query, prefix=True)
    assert result.sort == (query.split("sort:")[1] if "sort:" in query else None)


@sync
async def test_a_list_read_in_fit_order_waits_for_its_fit_and_is_not_placed_meanwhile(
    tmp_path, monkeypatch
):
    # Placing a new list's papers in the old model's vectors imports scikit-learn and
    # tokenizes them in the reader's thread: a list added to ICML 2024 held the reader
    # seven seconds. Its papers follow the others until the fit on them comes.
    from tuireader.learn import taste
    from tuireader.ui.app import core_services

    folder = tmp_path / "lists"
    folder.mkdir()
    source = write_list(folder)
    ids = {paper.title: paper.id for paper in load_library([source]).papers}
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state(ids[TOPICS["grasp"][0][0]], "kept")
        store.set_state(ids[TOPICS["text"][0][0]], "skip")
        store.set_state(ids[TOPICS["protein"][0][0]], "skip")
    placed_here: list[int] = []
    place = taste._transform

    def noted(space, papers):  # type: ignore[no-untyped-def]
        if threading.current_thread() is threading.main_thread():
            placed_here.append(len(papers))
        return place(space, papers)

    monkeypatch.setattr(taste, "_transform", noted)
    fits, release = [], threading.Event()
    real_fit = learn.fit

    def held_after_the_first(*args, **kwargs):  # type: ignore[no-untyped-def]
        fits.append(args)
        if len(fits) > 1:
            release.wait(HELD)  # (released by the test, whatever happens)
        return real_fit(*args, **kwargs)

    monkeypatch.setattr(learn, "fit", held_after_the_first)
    app = ReaderApp(core_services([folder], resolve()), show_timings=False)
    async with app.run_test(size=(80, 14)) as pilot:
        try:
            screen = await with_model(pilot)
            screen.action_focus_results()
            await pilot.press("F")
            await settle(pilot)
            assert screen.order == "fit"
            before = [row.paper.id for row in screen.results.rows]
            new = {"title": "Grasping Cloth with Tactile Skins", "abstract": GRASP}
            (folder / "more.jsonl").write_text(json.dumps(new) + "\n", encoding="utf-8")
            screen.poll_triage()
            await until(pilot, lambda: len(screen.results.rows) == 11, "the new list shown")
            await until(pilot, lambda: len(fits) > 1, "a fit on the new lists started")
            shown = [row.paper.id for row in screen.results.rows]
            undecided = [pid for pid in before if pid not in screen.triage.states]
            # the new paper after the undecided papers, in the old model's order
            assert shown[: len(undecided)] == undecided
            assert screen.results.rows[len(undecided)].paper.title == new["title"]
            assert placed_here == []
            assert status_order(screen) == "fit (learning…)"
        finally:
            release.set()
        await until(
            pilot,
            lambda: (
                len(fits) > 1
                and screen.fit_model.covers(screen.results.rows[0].paper)
                and len(screen.fit_model.space) == 11
            ),
            "the new fit",
        )
        await settle(pilot)
        # placed now, by the fit on it, below the rows on screen (which stay where they
        # were): like the kept grasping paper, it comes before every paper on language
        # or proteins there
        lowest = screen.results.last_row_shown()
        assert lowest is not None
        titles = [row.paper.title for row in screen.results.rows][lowest + 1 :]
        others = [t for t in titles if t != new["title"] and topic_of(t) != "grasp"]
        assert others and titles.index(new["title"]) < titles.index(others[0])
        assert placed_here == []
        assert status_order(screen) == "fit"


@sync
async def test_a_fit_cancelled_as_it_ends_does_not_work_out_every_score(tmp_path, monkeypatch):
    # a fit a newer one replaced went on to score every paper (seconds at 100,000
    # papers), beside the newer fit and in its way
    from textual.worker import get_current_worker

    from tuireader.learn import taste

    fits: list[object] = []
    prepared: list[object] = []
    real_fit, real_prepare = learn.fit, taste.Model.prepare

    def replaced(*args, **kwargs):  # type: ignore[no-untyped-def]
        model = real_fit(*args, **kwargs)
        get_current_worker().cancel()  # as a newer fit does, asked for meanwhile
        fits.append(model)
        return model

    def noted(self):  # type: ignore[no-untyped-def]
        prepared.append(self)
        return real_prepare(self)

    monkeypatch.setattr(learn, "fit", replaced)
    monkeypatch.setattr(taste.Model, "prepare", noted)
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        # not settled yet: settling waits for every worker, and a wait for the fit that
        # cancels itself raises (on a busy machine the fit was still running then)
        screen = await ready(pilot, settled=False)

        def done() -> bool:
            running = [w for w in app.workers if w.group == "fit" and not w.is_finished]
            return bool(fits) and not running

        await until(pilot, done, "the fit ended")
        await settle(pilot)
        assert fits[0] is not None and prepared == []
        assert screen.fit_model is None


@sync
async def test_a_fit_that_fails_says_so_and_the_order_stops_saying_learning(tmp_path, monkeypatch):
    # 'fit (learning…)' stayed for as long as the reader ran, and not a word of why
    app, _ids = seeded_app(tmp_path)
    failed: list[bool] = []

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        failed.append(True)
        raise MemoryError("no room for the vectors")

    monkeypatch.setattr(learn, "fit", failing)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot, settled=False)  # a first fit may fail before it settles
        screen.action_focus_results()
        await pilot.press("F")

        def done() -> bool:
            running = [w for w in app.workers if w.group == "fit" and not w.is_finished]
            return bool(failed) and not running

        await until(pilot, done, "the fit failed")
        await settle(pilot)
        assert screen.order == "fit" and screen.fit_model is None
        assert status_order(screen) == "fit"
        assert screen.message == "Fit: failed (MemoryError: no room for the vectors)"


async def decide_two_in_fit_order(pilot, screen: MainScreen) -> list[str]:  # type: ignore[no-untyped-def]
    """F, g, then s and x on the first two papers; once the refit after them came, the
    rows as shown."""
    screen.action_focus_results()
    await pilot.press("F")
    await settle(pilot)
    assert screen.order == "fit"
    model = screen.fit_model
    await pilot.press("g", "s", "x")
    await settle(pilot)
    await until(pilot, lambda: screen.fit_model is not model, "a refit")
    await settle(pilot)
    assert screen.results.highlighted == 2
    return [row.paper.id for row in screen.results.rows]


@sync
async def test_escape_from_more_like_this_shows_the_fit_order_as_it_was(tmp_path):
    # Esc searched the query again and ordered it afresh: the papers just decided went
    # to the end, and the papers below them came in above the cursor, unseen
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        before = await decide_two_in_fit_order(pilot, screen)
        here = screen.current_paper.id
        await pilot.press("M")
        await settle(pilot)
        assert screen.similar_to is not None
        await pilot.press("escape")
        await settle(pilot)
        assert screen.similar_to is None
        assert [row.paper.id for row in screen.results.rows] == before
        assert screen.current_paper.id == here and screen.results.highlighted == 2
        assert screen.order == "fit"
        # a decision made among the papers like this one: the refit it brings orders
        # only the rows below those seen
        await pilot.press("M")
        await settle(pilot)
        model = screen.fit_model
        await pilot.press("j", "s")
        await settle(pilot)
        await until(pilot, lambda: screen.fit_model is not model, "a refit")
        await pilot.press("escape")
        await settle(pilot)
        after = [row.paper.id for row in screen.results.rows]
        assert after[:3] == before[:3] and sorted(after) == sorted(before)
        assert screen.current_paper.id == here


def fitted_on(screen: MainScreen, papers: int) -> bool:
    """Whether the model in use was fitted on lists of ``papers`` papers (no fit of the
    lists read again is left to cancel another as the test waits)."""
    model = screen.fit_model
    fitting = any(worker.group == "fit" and not worker.is_finished for worker in screen.workers)
    return model is not None and len(model.space) == papers and not fitting


@sync
async def test_a_list_read_again_in_fit_order_keeps_the_rows_seen_in_place(tmp_path):
    from tuireader.ui.app import core_services

    folder = tmp_path / "lists"
    folder.mkdir()
    source = write_list(folder)
    ids = {paper.title: paper.id for paper in load_library([source]).papers}
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state(ids[TOPICS["grasp"][0][0]], "kept")
        store.set_state(ids[TOPICS["text"][0][0]], "skip")
        store.set_state(ids[TOPICS["protein"][0][0]], "skip")
    app = ReaderApp(core_services([folder], resolve()), show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        before = await decide_two_in_fit_order(pilot, screen)
        here = screen.current_paper.id
        new = {"title": "Grasping Cloth with Tactile Skins", "abstract": GRASP}
        with source.open("a", encoding="utf-8") as out:
            out.write(json.dumps(new) + "\n")
        screen.poll_triage()
        await until(pilot, lambda: len(screen.results.rows) == 11, "the list read again")
        await until(pilot, lambda: screen.index_state == "ready", "the new index")
        await until(pilot, lambda: fitted_on(screen, 11), "the fit on the list read again")
        await settle(pilot)
        after = [row.paper.id for row in screen.results.rows]
        # the two papers decided and the one under the cursor stay where they were
        assert after[:3] == before[:3]
        assert screen.current_paper.id == here
        # so too when the list is read again while More like this is shown: Esc then
        # searches the results again, the rows seen first
        await pilot.press("M")
        await settle(pilot)
        like = [row.paper.id for row in screen.results.rows]
        with source.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"title": "Tactile Skins", "abstract": GRASP}) + "\n")
        screen.poll_triage()
        await until(pilot, lambda: len(screen.library or ()) == 12, "the list read again")
        await until(pilot, lambda: screen.index_state == "ready", "the new index")
        await until(pilot, lambda: fitted_on(screen, 12), "the fit on the list read again")
        await settle(pilot)
        # More like this stays as it was until Esc: the new index searched the query
        # and put its results in place of the papers like this one
        assert screen.similar_to is not None
        assert [row.paper.id for row in screen.results.rows] == like
        await pilot.press("escape")
        await settle(pilot)
        assert [row.paper.id for row in screen.results.rows][:3] == before[:3]
        assert len(screen.results.rows) == 12


@sync
async def test_more_like_this_stays_as_it_was_when_its_list_is_read_again(tmp_path):
    # the new index of the lists read again searched the query in the box and put its
    # results in place of the papers like this one, while Esc still said "back"
    from tuireader.ui.app import core_services

    folder = tmp_path / "lists"
    folder.mkdir()
    source = write_list(folder)
    app = ReaderApp(core_services([folder], resolve()), show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("/", *"tactile", "enter")
        await settle(pilot)
        await pilot.press("M")
        await settle(pilot)
        assert screen.similar_to is not None
        like = [row.paper.id for row in screen.results.rows]
        with source.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"title": "Tactile Skins", "abstract": GRASP}) + "\n")
        screen.poll_triage()
        await until(pilot, lambda: len(screen.library or ()) == 11, "the list read again")
        await until(pilot, lambda: screen.index_state == "ready", "the new index")
        await settle(pilot)
        assert screen.similar_to is not None
        assert [row.paper.id for row in screen.results.rows] == like


@sync
async def test_at_80_by_24_a_kept_paper_has_no_why_line_and_its_abstract_on_the_first_screen(
    tmp_path,
):
    # a kept paper with tags, a 5-line note and a TL;DR (MimicGen of CoRL 2023): its
    # header, state, tags, note, a 2-row why line (which explains nothing once the
    # paper is decided) and the TL;DR pushed the abstract off the first screen
    app, _ids = seeded_app(tmp_path)
    source = tmp_path / "topics.jsonl"
    records = [json.loads(line) for line in source.read_text().splitlines()]
    for record in records:
        if record["title"] == TOPICS["grasp"][0][0]:
            record["title"] += ": A Data Generation System for Scalable Robot Learning"
            record["authors"] = [f"Author {n} Surname{n}" for n in range(8)]
            record["venue"] = "7th Annual Conference on Robot Learning"
            record["keywords"] = ["Imitation Learning", "Manipulation"]
            record["tldr"] = (
                "We introduce a system for automatically synthesizing large-scale datasets"
                " of tactile grasping from a small number of human demonstrations by"
                " adapting them to new scene configurations, object instances, and robot"
                " arms, with many more words to take a fourth row."
            )
            record["abstract"] += " Imitation learning from human demonstrations works."
    source.write_text("".join(json.dumps(record) + "\n" for record in records))
    [kept] = [paper.id for paper in load_library([source]).papers if paper.tldr]
    with Store.open(resolve().state_db) as store:
        store.set_state(kept, "kept")
        store.add_tag(kept, "robotics")
        store.add_tag(kept, "data")
        store.set_note(kept, "\n".join(f"line {n} of the note" for n in range(1, 6)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await with_model(pilot)
        viewer = screen.viewer
        screen.action_focus_results()
        await pilot.press("F")  # an undecided paper like the kept one: it says why
        await settle(pilot)
        assert screen.current_paper.id != kept and viewer.why_text.startswith("why: ")
        await pilot.press("slash", *"title:Tactile Grasping Deformable Generation", "enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.current_paper.id == kept and app.focused is viewer
        assert viewer.section("tldr").plain.startswith("TL;DR We introduce")
        assert viewer.why_text == ""
        first_screen = viewer.lines[: viewer.size.height]
        assert any(line.strip().startswith("robot grasping") for line in first_screen), "\n".join(
            first_screen
        )
