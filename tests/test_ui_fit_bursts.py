"""Pilot tests of triage keys in fit order: what a decision costs the keys' thread, and
the refit that follows a burst of decisions."""

from __future__ import annotations

from e2e_util import settle, sync
from test_ui_fit import seeded_app, until, with_model

from tuireader.model import Library


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
