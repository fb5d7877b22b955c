"""Pilot tests of triage keys in fit order: what a decision costs the keys' thread, and
the refit that follows a burst of decisions."""

from __future__ import annotations

from e2e_util import settle, sync
from test_ui_fit import TOPICS, seeded_app, until, with_model
from test_ui_keys_in_order import burst

from tuireader.model import Library
from tuireader.ui.screens.main import MainScreen


@sync
async def test_starting_a_fit_does_not_write_out_the_library(tmp_path, monkeypatch):
    # the fit worker was described by the repr of its arguments, the whole library and
    # every decision: on ICML 2024 a quarter of a second of the keys' thread per refit
    app, _ids = seeded_app(tmp_path)
    written: list[int] = []
    real = Library.__repr__
    monkeypatch.setattr(Library, "__repr__", lambda self: written.append(1) or real(self))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        fitted = screen._fit_shown
        screen.action_focus_results()
        await pilot.press("x")
        await until(pilot, lambda: screen._fit_shown > fitted, "a refit on the decision")
        await settle(pilot)
        assert written == []


@sync
async def test_a_burst_of_decisions_is_learned_from_once_after_its_keys(tmp_path, monkeypatch):
    # each decision saved asked for a refit after a pause; a machine slow at each key
    # let the pause come between the keys of a burst, and a refit ran for each of them,
    # each holding up the keys behind it (17 s for 20 keys)
    from tuireader.ui.screens import main

    monkeypatch.setattr(main, "FIT_DEBOUNCE", 0.001)  # as slow keys: none is quicker
    app, _ids = seeded_app(tmp_path)
    started: list[bool] = []  # for each fit started, whether keys were still to handle
    real = MainScreen._fit

    def fit(screen, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(app.keys_pending)
        return real(screen, *args, **kwargs)

    monkeypatch.setattr(MainScreen, "_fit", fit)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")  # the fit order
        await settle(pilot)
        assert screen.order == "fit"
        before = dict(screen.triage.states)
        fitted = screen._fit_shown
        started.clear()
        shown = [row.paper.id for row in screen.results.rows]
        at = screen.results.highlighted
        await burst(pilot, ["x"] * 4)
        await until(pilot, lambda: screen._fit_shown > fitted, "a refit after the burst")
        await settle(pilot)
        # none while keys were still to handle; after them (the burst's last writes may
        # come in after its keys, each asking again)
        assert started and True not in started
        # each key skipped the next new paper of the order shown as the burst came
        skipped = [pid for pid, state in screen.triage.states.items() if before.get(pid) != state]
        new = [pid for pid in shown[at:] if pid not in before]
        assert sorted(skipped) == sorted(new[:4])
        assert all(screen.triage.states[pid] == "skip" for pid in skipped)


@sync
async def test_why_a_paper_ranks_high_is_worked_out_once_for_each_paper_a_key_moves_to(
    tmp_path, monkeypatch
):
    # a decision worked it out for the next paper as the key moved there, and again as
    # the decision was saved: tens of milliseconds of the keys' thread each
    from tuireader.learn import Model
    from tuireader.ui.screens import main

    asked: list[str] = []
    real = Model.why
    monkeypatch.setattr(
        Model, "why", lambda self, paper, *a: asked.append(paper.id) or real(self, paper, *a)
    )
    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        monkeypatch.setattr(main, "FIT_DEBOUNCE", 600)  # the same model from now on
        asked.clear()
        why = screen.viewer.why_text
        await burst(pilot, ["x", "x"])
        await settle(pilot)
        assert why and screen.viewer.why_text  # said for each new paper
        assert asked and len(asked) == len(set(asked))


@sync
async def test_a_model_that_comes_during_a_burst_waits_for_its_keys(tmp_path, monkeypatch):
    # a refit started before the burst came back half way through it: the rows below the
    # cursor took the new model's order, and the keys after it skipped papers the user
    # never saw below the highlight
    from tuireader import learn
    from tuireader.ui.screens import main

    app, _ids = seeded_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await with_model(pilot)
        screen.action_focus_results()
        await pilot.press("F")
        await settle(pilot)
        monkeypatch.setattr(main, "FIT_DEBOUNCE", 600)  # no refit of its own meanwhile
        library = screen.library
        # another model: one that likes the protein papers (the first likes grasping)
        protein = {title for title, _ in TOPICS["protein"]}
        other = learn.fit(
            library.papers,
            {p.id: "kept" if p.title in protein else "skip" for p in library.papers[:5]},
        )
        assert other is not None
        shown = [row.paper.id for row in screen.results.rows]
        at = screen.results.highlighted
        new = [pid for pid in shown[at:] if screen.triage.state_of(pid) == "new"]
        real = MainScreen.action_triage
        came: list[bool] = []

        def decide(self, state):  # type: ignore[no-untyped-def]
            if not came:  # the refit comes back as the first key is handled
                came.append(True)
                self._fit_asked += 1  # (as a refit asks)
                self.post_message(main.FitDone(self._fit_asked, other, library))
            return real(self, state)

        monkeypatch.setattr(MainScreen, "action_triage", decide)
        await burst(pilot, ["x"] * 3)
        await settle(pilot)
        skipped = [pid for pid in new if screen.triage.state_of(pid) == "skip"]
        assert skipped == new[:3]  # the papers below the highlight as the burst came
        assert screen.fit_model is other  # and the new model in use after it
