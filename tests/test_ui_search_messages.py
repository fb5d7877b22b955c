"""What the reader says of a query: every problem readable in full (on the status line,
or in the notices log), user text quoted as it was typed, a suggestion taken with a
key, and Enter on a query that matches nothing saying why nothing opens."""

from __future__ import annotations

import pytest
from e2e_util import app_text, notices, ready, settle, sync
from test_ui_app import SAMPLE, make_app

from tuireader.cli import main

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


@sync
async def test_enter_takes_the_suggestion_of_a_query_that_finds_nothing():
    # "Did you mean: diffusion models?" over an empty list could not be taken with a
    # key: Enter, Tab and Down moved to the empty list
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"difusion modls")
        await settle(pilot)
        assert len(screen.results.rows) == 0
        assert "Did you mean: diffusion models? (Enter)" in app_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.focused is screen.search_box
        assert screen.search_box.value == "diffusion models"
        titles = [row.paper.title for row in screen.results.rows]
        assert titles and all("Diffusion Models" in title for title in titles)
        assert "Did you mean" not in app_text(app)
        # a query that finds papers: Enter moves on to them, as it always did
        await pilot.press("enter")
        await settle(pilot)
        assert screen.focused is screen.results


@sync
async def test_a_suggestion_beside_papers_found_is_not_said_to_be_taken_with_enter():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"neural OR difusion")
        await settle(pilot)
        shown = app_text(app)
        assert "Did you mean: neural OR diffusion?" in shown and "(Enter)" not in shown
        assert len(screen.results.rows)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.focused is screen.results
        assert screen.search_box.value == "neural OR difusion"


#: queries of no letters, as typed, and how a message quotes them back: as typed, where
#: repr() doubled each backslash, and said a phrase of one escaped quote as '"""'
TYPED = [("\\", "“\\”"), ("\\\\", "“\\\\”"), ('"\\"', '“"\\"”'), ('title:"\\\\"', '“title:"\\\\"”')]


@pytest.mark.parametrize(("query", "said"), TYPED)
def test_the_command_line_quotes_the_query_as_it_was_typed(capsys, query, said):
    main(["search", query, str(SAMPLE)])
    err = capsys.readouterr().err
    assert said in err, err


@sync
async def test_the_reader_quotes_the_query_as_it_was_typed():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        for query, said in TYPED[:3]:
            screen.search_box.value = ""
            await pilot.press(*query, "enter")
            await settle(pilot)
            assert f"ignored {said}: no letters or digits" in screen.message, screen.message
            assert f"ignored {said}" in app_text(app)
            screen.action_focus_search()
