"""What the reader says of a query: every problem readable in full (on the status line,
or in the notices log), user text quoted as it was typed, a suggestion taken with a
key, and Enter on a query that matches nothing saying why nothing opens."""

from __future__ import annotations

from e2e_util import notices, ready, settle, sync
from test_ui_app import SAMPLE, make_app

NOTHING = "No paper matches the query: nothing to act on"


@sync
async def test_enter_on_a_query_that_matches_nothing_says_so():
    # Enter on the empty list did nothing and said nothing, where s, y, u and M say why
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"xyzzyquux", "enter")
        await settle(pilot)
        assert len(screen.results.rows) == 0 and screen.focused is screen.results
        await pilot.press("enter")
        await settle(pilot)
        assert notices(app)[-1:] == [NOTHING]
