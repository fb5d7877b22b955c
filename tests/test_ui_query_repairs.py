"""The reader says how it repaired a malformed query once the query has settled.

While a query is typed, an open quote or a field's colon with nothing after it is the
next key's to finish, and the live search says nothing of it (a message at each key
would flicker). Once the query is left (Enter) or the keys pause, the status line says
what the command line says of the same query.
"""

from __future__ import annotations

import pytest
from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app

from tuireader.ui.screens import main


@pytest.mark.parametrize(
    ("query", "said"),
    [('"unclosed', "closed an unbalanced quote"), ("author:", "'author:' needs a value")],
)
@sync
async def test_enter_after_a_malformed_query_says_how_it_was_repaired(monkeypatch, query, said):
    monkeypatch.setattr(main, "QUERY_SETTLED", 3600.0)  # only Enter settles it here
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press(*query)
        await settle(pilot)
        assert said not in app_text(app)  # still being typed
        await pilot.press("enter")
        await settle(pilot)
        assert f"Search: {said}" in app_text(app)


@sync
async def test_a_pause_in_the_keys_says_how_the_query_was_repaired(monkeypatch):
    monkeypatch.setattr(main, "QUERY_SETTLED", 0.05)
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*'"unclosed')
        await settle(pilot)
        for _ in range(100):
            if "unbalanced" in app_text(app):
                break
            await pilot.pause(0.05)
        assert "Search: closed an unbalanced quote" in app_text(app)
        assert screen.focused is screen.search_box  # said without leaving the box
        await pilot.press('"')  # closed by hand: nothing left to say
        await settle(pilot)
        for _ in range(10):
            await pilot.pause(0.05)
        assert "unbalanced" not in app_text(app)
