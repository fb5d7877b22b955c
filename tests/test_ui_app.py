"""Pilot tests of the reader: search as you type, keyboard navigation, help, safety."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from e2e_util import app_text, ready, settle, sync, widget_text

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui import messages as msg
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen

FIXTURES = Path(__file__).parent / "fixtures" / "ui"
SAMPLE = FIXTURES / "icml_sample.jsonl"
HOSTILE = FIXTURES / "hostile.jsonl"


def real_engine(library: Library):
    """The real search engine, on the test's own (temporary) data folder."""
    return open_engine(library, resolve().ensure())


def make_app(*sources: Path, load=None, engine=real_engine) -> ReaderApp:
    services = Services(
        load_library=load or (lambda: load_library(list(sources))),
        open_engine=lambda library, progress: engine(library),
    )
    return ReaderApp(services, show_timings=False)


def titles(screen: MainScreen) -> list[str]:
    return [row.paper.title for row in screen.results.rows]


# -- search as you type ------------------------------------------------------------------


@sync
async def test_empty_query_lists_every_paper_in_list_order():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        assert titles(screen) == [paper.title for paper in library.papers]
        assert f"{len(library):,} / {len(library):,} papers" in app_text(app)


@sync
async def test_what_the_reader_holds_is_out_of_the_collectors_walks_once_ready():
    import gc

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.index_state == "ready"
        assert gc.get_freeze_count() > 0


@sync
async def test_typing_narrows_the_list_and_highlights_matches():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"diffusion")
        await settle(pilot)
        assert screen.search_query == "diffusion"
        assert titles(screen) and all("diffusion" in t.lower() for t in titles(screen))
        text = app_text(app)
        assert "Neural Diffusion Models" in text
        assert "FrameQuant" not in text
        assert f"{len(titles(screen))} of 11 papers match" in text
        # Clearing the query brings every paper back.
        await pilot.press("escape")
        await settle(pilot)
        assert len(titles(screen)) == 11


@sync
async def test_results_for_a_query_no_longer_typed_are_dropped():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"diffusion")
        await settle(pilot)
        before = titles(screen)
        stale = screen.engine.search("frame")
        screen.post_message(msg.SearchFinished("frame", stale))
        await settle(pilot)
        assert titles(screen) == before


def searches_in_workers(monkeypatch) -> list[str]:
    """The queries the screen hands to a search worker (rather than searching at once)."""
    seen: list[str] = []
    run = MainScreen._run_search

    def counted(self, query, *args):  # type: ignore[no-untyped-def]
        seen.append(query)
        return run(self, query, *args)

    monkeypatch.setattr(MainScreen, "_run_search", counted)
    return seen


@sync
async def test_quick_searches_answer_with_the_key_and_slow_ones_in_a_worker(monkeypatch):
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", float("inf"))  # every one quick
    in_workers = searches_in_workers(monkeypatch)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        # the engine's own searches, as it opened, showed it quick: the first key is
        # searched as it is handled, no worker, the results already drawn
        assert len(screen._search_times) == main_screen.QUICK_SEARCHES
        await pilot.press(*"diffusion")
        assert in_workers == []
        assert screen.displayed_query == "diffusion"
        expected = screen.engine.search("diffusion", limit=100, prefix=True).hits
        assert titles(screen) == [hit.paper.title for hit in expected]

        monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", 0.0)  # now none is
        await pilot.press("backspace")
        await settle(pilot)
        assert in_workers[-1] == "diffusio" and screen.displayed_query == "diffusio"


@sync
async def test_without_the_engines_own_searches_the_first_keys_find_out_in_a_worker(
    monkeypatch,
):
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", float("inf"))  # every one quick
    monkeypatch.setattr(MainScreen, "on_engine_warmed", lambda self, message: None)
    in_workers = searches_in_workers(monkeypatch)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        for key in "dif":  # too few seen yet to know the engine is quick
            await pilot.press(key)
            await settle(pilot)
        assert in_workers == ["d", "di", "dif"]
        await pilot.press(*"fusion")
        assert in_workers == ["d", "di", "dif"]
        assert screen.displayed_query == "diffusion"


#: escape sequences (colours, cursor moves) in what a frame sends to the terminal
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def frames(app: ReaderApp, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """From now on, the text of each frame the app sends to the terminal (its escape
    sequences removed: the rows it repaints, run together)."""
    drawn: list[str] = []
    display = app._display

    def recorded(screen, update):  # type: ignore[no-untyped-def]
        render = getattr(update, "render_segments", None)
        if render is not None:
            drawn.append(ESCAPES.sub("", render(app.console)))
        return display(screen, update)

    monkeypatch.setattr(app, "_display", recorded)
    return drawn


@sync
async def test_a_key_its_hits_the_count_and_the_paper_are_drawn_in_one_frame(monkeypatch):
    """The query's echo, the list, the status line and the viewer reach the terminal in
    the same frame: none is drawn a frame later (16-33 ms, on a terminal)."""
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", float("inf"))
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        for key in ("f", "r", "a", "backspace", "backspace", "backspace"):
            await pilot.press(key)  # three quick searches, then every paper again
            await settle(pilot)
        before = screen.current_paper
        drawn = frames(app, monkeypatch)
        await pilot.press("d")
        await settle(pilot)
        top = screen.current_paper
        assert top is not None and before is not None and top is not before
        first = next(frame for frame in drawn if frame.strip())
        assert f"{screen.matched} of 11 papers match" in first
        assert screen.search_query == "d"
        # the new top hit, in the list, and in the viewer with its abstract
        assert first.count(top.title[:20]) >= 2, first
        assert " ".join(top.abstract.split()[:3]) in first, first

        # A move to another paper: its row and the viewer, together.
        await pilot.press("enter")  # to the list
        await settle(pilot)
        drawn.clear()
        await pilot.press("j")
        await settle(pilot)
        second = screen.current_paper
        assert second is not None and second is not top
        first = next(frame for frame in drawn if frame.strip())
        assert first.count(second.title[:20]) >= 2, first
        assert " ".join(second.abstract.split()[:3]) in first, first


@sync
async def test_a_workers_hits_are_drawn_when_they_arrive_not_at_the_next_frame_tick(monkeypatch):
    """A search that ran in a worker is drawn as its hits are taken: the screen's frame
    timer, asleep after the query's echo, would draw them one or two periods later."""
    import asyncio
    import threading

    import textual.screen

    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 600.0)  # a timer that never ticks
    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", 0.0)  # every search in a worker
    released = threading.Event()
    searched = MainScreen._searched

    def held(self, *args):  # type: ignore[no-untyped-def]
        if threading.current_thread() is not threading.main_thread():
            released.wait(10)  # until the echo is drawn and the frames are recorded
        return searched(self, *args)

    monkeypatch.setattr(MainScreen, "_searched", held)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("d")  # the pilot draws the echo itself, with the old hits
        drawn = frames(app, monkeypatch)
        released.set()
        await app.workers.wait_for_complete()
        for _ in range(200):  # only the event loop turns: no pilot pause draws a frame
            if screen.displayed_query == "d" and drawn:
                break
            await asyncio.sleep(0.01)
        assert screen.displayed_query == "d"
        assert any(f"{screen.matched} of 11 papers match" in frame for frame in drawn), drawn


@sync
async def test_a_quick_search_that_raises_is_reported_not_fatal(monkeypatch):
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", float("inf"))

    class Failing:
        """The real engine, until the query "dead" breaks it."""

        def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
            self.engine = engine
            self.problem = None
            self.messages = ()

        def search(self, query, **kwargs):  # type: ignore[no-untyped-def]
            if query.startswith("dead"):
                raise ValueError("index corrupt")
            return self.engine.search(query, **kwargs)

    in_workers = searches_in_workers(monkeypatch)
    app = make_app(SAMPLE, engine=lambda library: Failing(real_engine(library)))
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        for key in "dea":
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert in_workers == ["d", "de", "dea"]
        assert "Search: failed (ValueError: index corrupt)" in app_text(app)
        assert app.is_running


class QueryError(Exception):
    """What the engine raises for a query it cannot search."""


class FailsOnGithubDotCom:
    """The real engine, until a query names the host github.com in a phrase."""

    def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
        self.engine = engine
        self.problem = None
        self.messages = ()

    def search(self, query, **kwargs):  # type: ignore[no-untyped-def]
        if '"github.' in query:
            raise QueryError("Phrase search: 'urls' field has no positions")
        return self.engine.search(query, **kwargs)

    def __getattr__(self, name):  # type: ignore[no-untyped-def]
        return getattr(self.engine, name)


@pytest.mark.parametrize("inline", [True, False], ids=["quick", "in-a-worker"])
@sync
async def test_after_a_failed_search_the_list_offers_no_paper_of_the_query_before(
    monkeypatch, inline
):
    # The list kept the hits of 'url:"github' (the keys before) under the failure, with
    # their count: Enter went to them, and s kept a paper the query shown does not select.
    from test_ui_triage import saved, triage_app

    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "INLINE_SEARCH_MS", float("inf") if inline else 0.0)
    app = triage_app()
    app.services = Services(
        load_library=app.services.load_library,
        open_engine=lambda library, progress: FailsOnGithubDotCom(real_engine(library)),
        open_store=app.services.open_store,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*'url:"github')
        await settle(pilot)
        before = [row.paper.id for row in screen.results.rows]
        assert before and screen.displayed_query == 'url:"github'
        await pilot.press(*'.com"')
        await settle(pilot)
        text = app_text(app)
        assert "Search: failed (QueryError: Phrase search" in text
        assert screen.results.rows == [] and screen.current_paper is None
        assert "0/11 match" in text or "0 of 11 papers match" in text
        await pilot.press("enter", "s", "x")
        await settle(pilot)
        assert app.is_running
        assert [saved(paper).state for paper in before] == ["new"] * len(before)
        # the query mended: its own hits again
        await pilot.press("slash", *'url:"github', "enter")
        await settle(pilot)
        assert [row.paper.id for row in screen.results.rows] == before
        assert "failed" not in app_text(app)


@sync
async def test_after_more_like_this_failed_the_list_offers_no_paper_of_the_query():
    from test_ui_triage import saved, start, triage_app

    class SimilarFails(FailsOnGithubDotCom):
        def similar(self, paper_id, **kwargs):  # type: ignore[no-untyped-def]
            raise QueryError("vectors missing")

    app = triage_app()
    app.services = Services(
        load_library=app.services.load_library,
        open_engine=lambda library, progress: SimilarFails(real_engine(library)),
        open_store=app.services.open_store,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        shown = [row.paper.id for row in screen.results.rows]
        await pilot.press("M")
        await settle(pilot)
        assert "Search: failed (QueryError: vectors missing)" in app_text(app)
        assert screen.results.rows == [] and screen.current_paper is None
        await pilot.press("s")
        await settle(pilot)
        assert [saved(paper).state for paper in shown] == ["new"] * len(shown)
        await pilot.press("escape")  # back to the query's own results
        await settle(pilot)
        assert [row.paper.id for row in screen.results.rows] == shown


@sync
async def test_letters_typed_in_the_search_box_never_trigger_commands():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("q", "question_mark", "M", "j", "slash")
        await settle(pilot)
        assert app.is_running
        assert app.screen is screen
        assert screen.search_query == "q?Mj/"


@sync
async def test_malformed_query_shows_the_engine_message():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"title: unclosed")
        await settle(pilot)
        assert "'title:' needs a value" in app_text(app)
        assert screen.shown == 0


@sync
async def test_a_phrase_being_typed_is_not_said_unbalanced_at_each_key(monkeypatch):
    # its closing quote is yet to come: the live search says nothing of it (until the
    # keys pause: see test_ui_query_repairs)
    monkeypatch.setattr("tuireader.ui.screens.main.QUERY_SETTLED", 3600.0)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press(*'"unclosed')
        await settle(pilot)
        assert "unbalanced" not in app_text(app)


@sync
async def test_did_you_mean_is_shown_when_the_engine_suggests():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press(*"transformrs")
        await settle(pilot)
        assert "Did you mean: transformers?" in app_text(app)


@sync
async def test_a_paste_of_several_lines_is_searched_whole():
    # a title copied from a PDF, where it wraps: the box kept its first line only, and
    # searched "Balancing Feature Similarity and" (every paper with those words)
    from textual import events

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        pasted = "Balancing Feature Similarity and\r\n  Label Variability for Optimal\n\n"
        screen.search_box.post_message(events.Paste(pasted))
        await settle(pilot)
        query = "Balancing Feature Similarity and Label Variability for Optimal"
        assert screen.search_box.value == query
        first = screen.results.rows[0].paper.title
        assert first.startswith("Balancing Feature Similarity and Label Variability")


@sync
async def test_a_paste_while_the_list_has_the_focus_is_searched():
    # a bracketed paste (tmux's prefix-], a middle click) with the list focused was
    # dropped without a word: the box stayed empty and the list as it was
    from textual import events

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter")  # from the search box to the list
        assert app.focused is screen.results
        app.post_message(events.Paste("Balancing Feature Similarity\n and Label"))
        await settle(pilot)
        assert app.focused is screen.search_box
        assert screen.search_box.value == "Balancing Feature Similarity and Label"
        assert screen.results.rows[0].paper.title.startswith("Balancing Feature Similarity")
        # after a query, from the list, as a word of its own (as a typed letter is)
        await pilot.press("enter")
        app.post_message(events.Paste("Variability"))
        await settle(pilot)
        assert screen.search_box.value == "Balancing Feature Similarity and Label Variability"
        assert not screen.triage.states and not screen.triage.marked


# -- keyboard navigation -----------------------------------------------------------------


@sync
async def test_list_keys_move_the_highlight_and_the_viewer_follows():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        results, viewer = screen.results, screen.viewer
        await pilot.press("enter")  # from the search box to the list
        assert app.focused is results
        assert results.highlighted == 0
        await pilot.press("j", "j")
        await pilot.pause()
        assert results.highlighted == 2
        assert viewer.paper == screen.results.rows[2].paper
        assert screen.results.rows[2].paper.title in widget_text(app, viewer)
        await pilot.press("k")
        await pilot.pause()
        assert results.highlighted == 1 and viewer.paper == results.rows[1].paper
        await pilot.press("G")
        await pilot.pause()
        assert results.highlighted == len(results.rows) - 1
        await pilot.press("g")
        await pilot.pause()
        assert results.highlighted == 0 and viewer.paper == results.rows[0].paper


@sync
async def test_tab_cycles_search_list_viewer_and_escape_returns():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert app.focused is screen.search_box
        await pilot.press("tab")
        assert app.focused is screen.results
        await pilot.press("tab")
        assert app.focused is screen.viewer
        await pilot.press("tab")
        assert app.focused is screen.search_box
        await pilot.press("shift+tab")
        assert app.focused is screen.viewer
        await pilot.press("escape")
        assert app.focused is screen.results
        await pilot.press("slash")
        assert app.focused is screen.search_box


@sync
async def test_escape_in_the_search_box_clears_then_leaves():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"frame")
        await pilot.press("escape")
        assert screen.search_box.value == ""
        assert app.focused is screen.search_box
        await pilot.press("escape")
        assert app.focused is screen.results


@sync
async def test_narrow_terminal_toggles_between_list_and_viewer():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        results, viewer = screen.results, screen.viewer
        assert results.display and not viewer.display
        await pilot.press("enter", "j", "enter")  # to the list, next paper, open it
        await pilot.pause()
        assert viewer.display and not results.display
        assert app.focused is viewer
        assert results.rows[1].paper.title in widget_text(app, viewer)
        await pilot.press("escape")
        await pilot.pause()
        assert results.display and not viewer.display
        assert app.focused is results and results.highlighted == 1


@sync
async def test_wide_terminal_shows_list_and_viewer_side_by_side():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.results.display and screen.viewer.display
        assert screen.results.region.y == screen.viewer.region.y
        assert screen.results.region.right <= screen.viewer.region.x


@sync
async def test_more_like_this_lists_similar_papers():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter")
        first = screen.current_paper
        await pilot.press("M")
        await settle(pilot)
        similar = screen.engine.similar(first.id)
        assert [row.paper for row in screen.results.rows] == [h.paper for h in similar.hits]
        assert first not in [row.paper for row in screen.results.rows]
        assert "Papers like" in app_text(app)


@sync
async def test_q_quits_from_the_list():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press("enter", "q")
        await pilot.pause()
        assert not app.is_running


# -- help and command palette ------------------------------------------------------------


@sync
async def test_help_lists_every_binding_with_its_keys():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # All of the help, also what is below the fold.
        text = str(app.screen.query_one("#help-text").content)
        count = 0
        for place in screen.binding_places():
            assert place.name in text
            for binding in place.bindings:
                assert binding.description in text
                for key in binding.key.split(","):
                    assert app.get_key_display(type(binding)(key, binding.action)) in text
                count += 1
        assert count >= 20
        assert "≈" in text and "derived" in text  # legend of the list's symbols
        await pilot.press("escape")
        assert app.screen is screen


@sync
async def test_help_says_how_the_state_keys_move_and_toggle_typing_and_export():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 60)) as pilot:
        await ready(pilot)
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(str(app.screen.query_one("#help-text").content).split())
        assert "s, m, x, r on a paper already in that state put it back to new" in text
        assert "After a decision the cursor moves to the next new paper" in text
        assert "A letter no key takes starts a search" in text
        assert (
            "but not when the first word the keys spell is one a query finds papers by (of "
            "their titles, abstracts, authors, venues, keywords or lists) or a word of a tag "
            "in use, nor when t or n comes first and the keys up to Enter are one such word: "
            "m t theory Enter marks a paper maybe and tags the next one, t theory Enter tags "
            "it; stochastic Enter, tensor Enter, neural Enter, or an author's name and Enter, "
            "is searched"
        ) in text
        assert "the editor's save key (Enter for the tags, ^s for the note)" in text
        assert "^p, the command palette, then Export" in text
        assert "/ with the box empty or its text all selected selects the query" in text
        assert "with no other paper to move to, z is the way back to new" in text
        assert "default: the order F chose last" in text
        assert (
            "F (or a sort: word typed) puts the cursor on the first paper of the new order. "
            "Fit order needs a kept or read paper and two more decisions: until then the "
            "papers are in relevance order (list order without words), and the status line "
            "says what the fit still needs."
        ) in text


@sync
async def test_the_list_title_keeps_the_order_of_more_like_this_whole_at_120_columns():
    # "list: keys act on the highlighted paper · order: simi…" was cut where it mattered
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("M")
        await pilot.pause(0.3)
        assert screen.similar_to is not None
        top = app_text(app).splitlines()[4]
        assert "order: similarity ·" in top
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert screen.results.border_title == "list: keys act on the highlighted paper"


@sync
async def test_command_palette_offers_every_action():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        commands = {command.title: command for command in app.get_system_commands(screen)}
        # but those that cannot apply yet (test_ui_triage: the palette leaves them out):
        # Escape out of "More like this", or clearing marks with none, undo with nothing done,
        # stopping a copy of every entry with none being built
        not_now = {
            "Back from More like this",
            "Clear marks",
            "Undo",
            "Stop building the text to copy",
        }
        for place in screen.binding_places():
            for binding in place.bindings:
                assert (binding.description in commands) != (binding.description in not_now)
        await app.run_action(commands["Next paper"].callback.args[0], screen.results)
        await pilot.pause()
        assert screen.results.highlighted == 1


# -- safety and odd libraries ------------------------------------------------------------


@sync
async def test_markup_and_escape_sequences_in_papers_are_shown_literally():
    app = make_app(HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.pause()
        svg = app.export_screenshot()
        text = app_text(app)
        assert "[bold red]x[/]" in text
        assert "[link=file:///etc/passwd]y[/link]" in text
        assert "Mallory [i]Evil[/i]" in text
        assert "\x1b" not in svg and "\x07" not in svg
        assert "␛[2J" in text  # the escape is made visible, not obeyed
        assert "file:///etc/passwd" not in re.findall(r'href="([^"]*)"', svg)
        assert screen.shown == 1


@sync
async def test_hostile_link_is_not_made_clickable():
    from tuireader.ui.text import Palette, links_text

    paper = load_library([HOSTILE]).papers[0]
    text = links_text(paper, Palette())
    assert "\x1b" not in text.plain
    assert all(span.style.link is None for span in text.spans if hasattr(span.style, "link"))


@sync
async def test_empty_library_shows_a_message():
    app = make_app(load=lambda: Library())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "library is empty" in app_text(app)
        await pilot.press(*"anything")
        await settle(pilot)
        assert screen.shown == 0 and app.is_running


@sync
async def test_missing_file_is_reported_not_fatal(tmp_path):
    from tuireader.ui.screens.problems import ProblemsScreen

    app = make_app(tmp_path / "no-such-list.txt", SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        said = widget_text(app, screen.query_one("#status"))
        assert "1 load warning (Enter, then w: details)" in said  # from the search box
        assert screen.shown > 0 and app.is_running
        await pilot.press("escape", "w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        assert "no-such-list.txt" in app_text(app)


@sync
async def test_lists_of_no_paper_close_the_reader_with_why(tmp_path):
    """Not one paper, and why (a list too large for the command line's look before the
    reader opens): the reader closed, its problems to be said on the command line,
    where it opened on an empty list with the reasons behind a key."""
    page = tmp_path / "page.html"
    page.write_text("<html><body>" + "<p>x</p>" * 3000 + "</body></html>", encoding="utf-8")
    app = make_app(page)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            if not app.is_running:
                break
            await pilot.pause(0.05)
    assert app.return_code == 2 and app.no_papers
    assert any("page.html" in str(problem) for problem in app.no_papers)


@sync
async def test_library_that_raises_is_reported_not_fatal():
    def explode() -> Library:
        raise OSError("disk on fire")

    app = make_app(load=explode)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        assert "Could not load the library" in app_text(app)
        assert "disk on fire" in app_text(app)
        assert app.is_running


def on_mount_spy(monkeypatch, seen: list[tuple[int, str]]) -> None:
    """Record the list's length and the index state as the screen's mount ends: what the
    first frame, drawn once the event loop runs again, shows."""
    mount = MainScreen.on_mount

    def spied(self: MainScreen) -> None:
        mount(self)
        seen.append((len(self.results.rows), self.index_state))

    monkeypatch.setattr(MainScreen, "on_mount", spied)


@sync
async def test_a_library_read_within_the_wait_is_on_the_first_frame(monkeypatch):
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "FIRST_PAINT_WAIT", 60.0)  # however slow the machine
    seen: list[tuple[int, str]] = []
    on_mount_spy(monkeypatch, seen)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert seen == [(11, "opening")]  # the papers, not an empty list drawn first
        assert titles(screen) == [paper.title for paper in screen.library.papers]
        assert "11 / 11 papers" in app_text(app)


@sync
async def test_a_long_read_shows_the_screen_loading_then_the_papers(monkeypatch):
    import threading

    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "FIRST_PAINT_WAIT", 0.05)
    seen: list[tuple[int, str]] = []
    on_mount_spy(monkeypatch, seen)
    release = threading.Event()

    def slow() -> Library:
        release.wait(60)
        return load_library([SAMPLE])

    app = make_app(load=slow)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert seen == [(0, "loading")]  # the frame did not wait for the whole read
        assert screen.library is None and "0 / 0 papers" in app_text(app)
        release.set()
        screen = await ready(pilot)
        assert len(titles(screen)) == 11 and "11 / 11 papers" in app_text(app)


@sync
async def test_a_read_that_raises_within_the_wait_is_reported_once(monkeypatch):
    import tuireader.ui.screens.main as main_screen

    monkeypatch.setattr(main_screen, "FIRST_PAINT_WAIT", 60.0)

    def explode() -> Library:
        raise OSError("disk on fire")

    app = make_app(load=explode)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        assert app_text(app).count("disk on fire") == 1
        assert app.is_running


@sync
async def test_search_that_raises_is_reported_not_fatal():
    class Broken:
        problem = None
        messages = ()

        def search(self, query, **kwargs):
            raise ValueError("index corrupt")

    app = make_app(SAMPLE, engine=lambda library: Broken())
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press(*"abc")
        await settle(pilot)
        assert "index corrupt" in app_text(app)
        assert app.is_running


@sync
async def test_viewer_highlights_the_search_words_and_numbers_the_links():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"quantization")
        await settle(pilot)
        viewer = screen.viewer
        assert viewer.paper is not None and viewer.paper.title.startswith("FrameQuant")
        body = viewer.section("abstract")
        match = viewer.get_component_rich_style("viewer--match", partial=True)
        marked = {body.plain[s.start : s.end].lower() for s in body.spans if s.style == match}
        assert marked and all(word.startswith("quantiz") for word in marked)
        links = viewer.section("links")
        assert links.plain.splitlines()[0].startswith("1 code")
        urls = [s.style.link for s in links.spans if getattr(s.style, "link", None)]
        assert urls[0] == "https://github.com/vsingh-group/FrameQuant"


@sync
async def test_viewer_shows_the_tldr_before_the_abstract_and_the_links_after(tmp_path):
    source = tmp_path / "list.json"
    records = [
        {
            "title": "With a summary",
            "abstract": "The long abstract of it.",
            "tldr": "In short: $x^2$ and [bold]no markup[/bold] \u001b[2J.",
        },
        {"title": "Without one", "abstract": "Only an abstract.", "tldr": ""},
    ]
    source.write_text(json.dumps(records), encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        viewer = screen.viewer
        tldr = viewer.section("tldr").plain
        assert tldr.startswith("TL;DR In short: x²")
        assert "[bold]no markup[/bold]" in tldr and "\x1b" not in tldr
        lines = viewer.lines
        at = lines.index(next(line for line in lines if "TL;DR" in line))
        assert "The long abstract of it." in lines[at + 2]
        assert any("no links" in line for line in lines[at + 3 :])
        await pilot.press("enter", "j")
        await settle(pilot)
        assert viewer.paper is not None and viewer.paper.title == "Without one"
        assert viewer.section("tldr").plain == ""
        assert not any("TL;DR" in line for line in viewer.lines)
        # a word only the TL;DR holds finds the paper, and is marked in it
        await pilot.press("slash", *"markup")
        await settle(pilot)
        assert [row.paper.title for row in screen.results.rows] == ["With a summary"]
        tldr_section = viewer.section("tldr")
        match = viewer.get_component_rich_style("viewer--match", partial=True)
        marked = {
            tldr_section.plain[s.start : s.end] for s in tldr_section.spans if s.style == match
        }
        assert marked == {"markup"}


@sync
async def test_every_hit_is_in_the_list_and_the_status_says_how_many(tmp_path):
    from tuireader.ui.screens.main import SEARCH_LIMIT

    many = SEARCH_LIMIT + 60
    source = tmp_path / "many.jsonl"
    source.write_text(
        "".join(
            json.dumps({"title": f"Paper {i} on walruses", "abstract": f"Walrus study {i}."}) + "\n"
            for i in range(many)
        ),
        encoding="utf-8",
    )
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"walrus")
        await settle(pilot)
        # the first hits at once, the rest once typing pauses: no paging on scroll
        assert len(screen.results.rows) == many
        assert screen.results.virtual_size.height == many
        assert f"{many} of {many} papers match" in app_text(app)
        await pilot.press("enter", "G")
        await pilot.pause()
        assert screen.results.highlighted == many - 1


@sync
async def test_the_matches_in_titles_are_found_for_the_rows_drawn_only(tmp_path, monkeypatch):
    """A search with hundreds of hits, in relevance and in list order: the words found
    are looked for in the titles of the rows on screen, not in every hit's, and the rows
    drawn have them."""
    from tuireader.search.highlight import Marker

    many = 300
    source = tmp_path / "many.jsonl"
    source.write_text(
        "".join(
            json.dumps({"title": f"Walrus study {i}", "abstract": f"On walruses, {i}."}) + "\n"
            for i in range(many)
        ),
        encoding="utf-8",
    )
    looked_in: list[str] = []
    spans = Marker.spans

    def counted(self, text):  # type: ignore[no-untyped-def]
        looked_in.append(text)
        return spans(self, text)

    monkeypatch.setattr(Marker, "spans", counted)
    app = make_app(source)
    async with app.run_test(size=(100, 20)) as pilot:
        screen = await ready(pilot)
        for query in ("study", "sort:list walrus"):
            screen.search_box.value = ""
            await settle(pilot)
            looked_in.clear()
            await pilot.press("ctrl+f", *query)
            await settle(pilot)
            rows = screen.results.rows
            # the titles on screen (and the paper's text in the viewer), as each key drew them
            assert len(rows) == many and 0 < len(set(looked_in)) <= 20
            word = query.split()[-1]
            for row in rows[:3]:
                assert [row.paper.title[a:b].lower() for a, b in row.title_spans] == [word]
            assert f"{many} of {many} papers match" in app_text(app)
        assert [row.paper.title for row in rows[:3]] == [f"Walrus study {i}" for i in range(3)]


def test_the_viewer_header_says_where_metadata_came_from():
    from tuireader.model import Paper
    from tuireader.ui.text import metadata_note

    bare = Paper(id="x", title="T", abstract="A", title_derived=True, metadata_source="derived")
    matched = Paper(id="y", title="T", abstract="A", metadata_source="icml2024-seeds")
    assert "derived from the abstract" in metadata_note(bare)
    assert metadata_note(matched) == "metadata from the catalog icml2024-seeds"


@sync
async def test_the_index_another_reader_held_replaces_the_scan_once_it_is_free(monkeypatch):
    # while another tuireader held the index the reader scanned, and went on scanning
    # until it was started again
    from tuireader.search.engine import Engine
    from tuireader.ui.screens import main as main_screen

    monkeypatch.setattr(main_screen, "INDEX_RETRY_SECONDS", 0.05)
    asked = []

    def engine_when_free(library):  # type: ignore[no-untyped-def]
        asked.append(1)
        if len(asked) < 3:  # held by another tuireader the first two times
            scanning = Engine(library, None, problem="another tuireader is updating it")
            scanning.retry = True
            return scanning
        return real_engine(library)

    app = make_app(SAMPLE, engine=engine_when_free)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        for _ in range(100):
            if screen.index_state == "ready":
                break
            await pilot.pause(0.05)
        assert screen.index_state == "ready" and len(asked) == 3
        assert screen.engine.problem is None


@sync
async def test_a_notice_never_covers_the_status_line_at_80_by_24():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await ready(pilot)
        app.notify("Copied paper link via tmux buffer, a notice of two lines at 80 columns")
        await pilot.pause()
        await pilot.pause()
        status = screen.query_one("#status").region
        toasts = [toast.region for toast in screen.query("Toast")]
        assert toasts
        for region in toasts:
            assert not region.overlaps(status), (region, status)
            assert region.bottom <= status.y


@sync
async def test_an_index_rebuilt_within_a_search_is_ready_again_once_it_answers(monkeypatch):
    # a damaged index is rebuilt by the search that met it, its progress shown: the
    # status line said "index: indexing 3,681/3,681" for good after
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        engine = screen.engine
        real_search = engine.search

        def healing_search(text, **kwargs):  # type: ignore[no-untyped-def]
            screen.post_message(msg.IndexProgress(11, 11))  # as the rebuild reports it
            return real_search(text, **kwargs)

        monkeypatch.setattr(engine, "search", healing_search)
        await pilot.press(*"diffusion")
        await settle(pilot)
        assert screen.index_state == "ready"
        assert not screen.query_one("#progress").display
        assert "index: ready" in app_text(app)


def test_a_link_too_long_for_its_row_is_cut_in_its_middle_on_the_row_of_its_number():
    # wrapped as words, the address left "3 paper" alone on its row and went on at the
    # left edge, under the numbers; cut under its own start, it read as pieces of
    # several addresses, and a mouse selection took the indent's blanks along; on a row
    # of its own, it read as a link without a number
    from tuireader.model import Link, Paper
    from tuireader.ui.text import Palette, links_text

    long = "https://example.org/papers/" + "a-very-long-path-segment/" * 6 + "paper.pdf"
    paper = Paper(
        id="x",
        title="T",
        abstract="",
        links=(Link("https://github.com/o/r", "code", "url"), Link(long, "paper", "url")),
    )
    rows = links_text(paper, Palette(), 60).plain.split("\n")
    assert rows[0] == "1 code    https://github.com/o/r"
    assert rows[1].startswith("2 paper   https://example.org/")
    assert rows[1].endswith("-path-segment/paper.pdf") and len(rows[1]) == 60 and "…" in rows[1]
    assert rows[2] == "Cut with …: copied and opened whole; tuireader show x prints it."
    text = links_text(paper, Palette(), 60)
    assert all(span.style.link == long for span in text.spans if len(rows[0]) + 10 < span.end)
    # one that would fit a whole row, but not the rest of its own, is cut all the same
    shorter = long[:55]
    paper = Paper(id="x", title="T", abstract="", links=(Link(shorter, "paper", "url"),))
    rows = links_text(paper, Palette(), 60).plain.split("\n")
    assert rows[0].startswith("1 paper   https://example.org/") and len(rows[0]) == 60
    assert "…" in rows[0] and rows[1].startswith("Cut with …")
    paper = Paper(
        id="x",
        title="T",
        abstract="",
        links=(Link("https://github.com/o/r", "code", "url"), Link(long, "paper", "url")),
    )
    # with no width (or room enough), one row each, as before
    assert links_text(paper, Palette()).plain.split("\n")[1] == "2 paper   " + long


@sync
async def test_a_paste_with_a_terminals_colour_codes_is_searched_without_them():
    # text copied from a coloured terminal: the box showed the codes' text, and in the
    # list the paste was searched with them
    from textual import events

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.search_box.post_message(events.Paste("\x1b[1;31mBalancing\x1b[0m Feature"))
        await settle(pilot)
        assert screen.search_box.value == "Balancing Feature"
        await pilot.press("enter")
        assert app.focused is screen.results
        app.post_message(events.Paste("\x1b[32mSimilarity\x1b[0m"))
        await settle(pilot)
        assert screen.search_box.value == "Balancing Feature Similarity"
        assert screen.results.rows[0].paper.title.startswith("Balancing Feature Similarity")
