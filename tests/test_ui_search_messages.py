"""What the reader says of a query: every problem readable in full (on the status line,
or in the notices log), user text quoted as it was typed, a suggestion taken with a
key, and Enter on a query that matches nothing saying why nothing opens."""

from __future__ import annotations

import pytest
from e2e_util import app_text, notices, ready, settle, sync, widget_text
from test_ui_app import FIXTURES, SAMPLE, make_app

from tuireader.cli import main
from tuireader.ui.screens.notices import NoticesScreen

NOTHING = "No paper matches the query: nothing to act on"
#: a list named "corl2023_…", for a list: word a slip away from it
CORL = FIXTURES / "corl2023_latex_title_slice.json"

#: a query of five problems, each said apart (the status line at 80 columns showed the
#: first two, cut, and the rest were read nowhere)
MANY = 'is:kep has:cod year:abc title:title:robot "grasp'
PROBLEMS = [
    "read “title:title:” as “title:” (a word is searched in one field)",
    "year:abc was ignored: a year is a number, e.g. year:2023, year:2020..2024 or year:>=2022",
    "unknown state is:kep; did you mean is:kept? (is: takes new, kept, maybe, skip, read)",
    (
        "unknown filter has:cod; did you mean has:code? (has: takes code, paper, project, "
        "video, slides, poster, note)"
    ),
    "closed an unbalanced quote",
]


def search_said(app) -> list[str]:  # type: ignore[no-untyped-def]
    """What the notices log holds of the searches, oldest first."""
    return [s.text for s in reversed(app.notice_log.newest_first()) if s.title.startswith("Search")]


@sync
async def test_a_query_of_many_problems_says_how_many_more_and_the_log_holds_them_all():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*MANY)
        await settle(pilot)
        assert search_said(app) == []  # not at each key typed
        await pilot.press("enter")
        await settle(pilot)
        status = widget_text(app, screen.query_one("#status"))
        shown = status.split(" (+")[0].removeprefix("Search: ")
        told = shown.split("; ")
        # the first problems whole (their asides perhaps left out), and how many more
        assert told and PROBLEMS[0].startswith(told[0]) and "…" not in status
        assert f"(+{len(PROBLEMS) - len(told)} more: W)" in status
        # the log holds them all, a problem a line, once for the query
        assert search_said(app) == ["\n".join(PROBLEMS)]
        await pilot.press("W")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        logged = " ".join(app.screen.log_text(None).plain.split())
        assert f"Search: “{MANY}”" in logged
        assert all(problem in logged for problem in PROBLEMS)
        await pilot.press("escape")
        await settle(pilot)
        # the same query left again: not said twice
        screen.action_focus_search()
        await pilot.press("enter")
        await settle(pilot)
        assert len(search_said(app)) == 1


@sync
async def test_in_the_search_box_the_line_says_how_to_reach_the_log():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*MANY)
        await settle(pilot)
        assert screen.focused is screen.search_box
        status = widget_text(app, screen.query_one("#status"))
        assert "more: Enter, then W)" in status and "…" not in status


@sync
async def test_at_40_columns_a_list_word_that_names_no_list_says_the_one_meant_whole():
    # "Search: no list is named 'corl2024'; did you mean li…"
    app = make_app(SAMPLE, CORL)
    async with app.run_test(size=(40, 12)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"list:corl2024 grasp", "enter")
        await settle(pilot)
        status = widget_text(app, screen.query_one("#status"))
        assert "no list is named “corl2024”; did you mean list:corl2023?" in status
        assert "…" not in status
        [logged] = search_said(app)
        assert logged.startswith("no list is named “corl2024”; did you mean list:corl2023? (lists:")


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
async def test_the_right_arrow_takes_the_suggestion_of_a_query_that_finds_nothing():
    # "Did you mean: diffusion models?" over an empty list could not be taken with a
    # key: Enter, Tab and Down moved to the empty list (Enter still does: keys typed
    # after it in one burst act on the list)
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"difusion modls")
        await settle(pilot)
        assert len(screen.results.rows) == 0
        assert "Did you mean: diffusion models? (→)" in app_text(app)
        await pilot.press("right")
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
async def test_a_suggestion_beside_papers_found_is_not_said_to_be_taken_with_a_key():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"neural OR difusion")
        await settle(pilot)
        shown = app_text(app)
        assert "Did you mean: neural OR diffusion?" in shown and "(→)" not in shown
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


@sync
async def test_a_problem_cut_on_a_narrow_line_says_where_it_is_whole():
    app = make_app(SAMPLE)
    async with app.run_test(size=(40, 12)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"diffusion year:abc", "enter")
        await settle(pilot)
        assert screen.focused is screen.results
        status = widget_text(app, screen.query_one("#status"))
        assert status.startswith("year:abc was ignored") and "… (whole: W)" in status
        [logged] = search_said(app)
        assert logged.startswith("year:abc was ignored: a year is a number")


@sync
async def test_enter_on_a_query_that_finds_nothing_still_moves_on_to_the_list():
    # Enter took the suggestion for a while: a paste of "sparse models" that found
    # nothing became "spaces models", and the keys after the Enter were typed into it
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"difusion modls")
        await settle(pilot)
        assert "Did you mean: diffusion models? (→)" in app_text(app)
        await pilot.press("left", "right")  # → inside the text moves the cursor alone
        await settle(pilot)
        assert screen.search_box.value == "difusion modls"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.focused is screen.results
        assert screen.search_box.value == "difusion modls"
