"""A decision, then the tag or note editor, its text and its save key, in one burst.

Keys typed ahead (over ssh, by a terminal multiplexer, quickly) arrive together. A burst
of list keys with a word in it is taken as a query (a paste typed key by key:
"stochastic"), but one whose text after ``t`` or ``n`` ends with that editor's save key
is the editor's: "m t theory Enter" marked nothing, tagged nothing and searched
"mttheory" (0 papers). Each key is to act as it would have typed slowly: the state key
on the highlighted paper, the editor opening on the paper it moved to, the text in the
editor, Enter or Ctrl+S saving it. Unless the first word the keys spell is one of the
papers' ("stochastic" and Enter, a word pasted): that is searched, as it was.
"""

from __future__ import annotations

from pathlib import Path

from e2e_util import settle, sync
from test_ui_keys_in_order import burst
from test_ui_triage import ids, saved, start, triage_app

from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.screens.main import MainScreen

#: papers one of which says "stochastic"
WORDS = Path(__file__).parent / "fixtures" / "text" / "icml2024_sample.jsonl"
#: papers by authors, among them Ion Stoica, whose names no title or abstract says
NAMES = Path(__file__).parent / "fixtures" / "ui" / "icml_names_sample.jsonl"


async def query_then_list(pilot, query: str) -> MainScreen:  # type: ignore[no-untyped-def]
    """The reader with ``query`` searched and the focus in its results (slowly)."""
    screen = await start(pilot)
    screen.action_search()
    await pilot.pause()
    await burst(pilot, list(query))
    await burst(pilot, ["enter"])
    assert pilot.app.focused is screen.results
    return screen


@sync
async def test_a_state_key_tag_key_tag_and_enter_in_one_burst_decide_and_tag():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        await burst(pilot, ["m", "t", *"theory", "enter"])
        assert saved(listed[0]).state == "maybe"
        assert saved(listed[1]).tags == ("theory",)  # the maybe moved on to it
        assert screen.search_query == "learning"
        assert screen.search_box.value == "learning"
        assert app.screen is screen and app.focused is screen.results


@sync
async def test_a_state_key_note_key_note_and_ctrl_s_in_one_burst_decide_and_note():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        await burst(pilot, ["m", "n", *"later", "ctrl+s"])
        assert saved(listed[0]).state == "maybe"
        assert saved(listed[1]).note == "later"
        assert screen.search_query == "learning"
        assert app.screen is screen and app.focused is screen.results


@sync
async def test_enter_out_of_the_query_and_decisions_around_a_note_in_one_burst():
    # the query typed, then Enter, decisions, a note and more decisions in one packet
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        listed = ids(screen)
        screen.action_search()
        await pilot.pause()
        await burst(pilot, list("learning"))
        learning = ids(screen)
        assert learning != listed
        note = "QuIP-like… later"
        await burst(pilot, ["enter", "s", "x", "m", "n", *note, "ctrl+s", "x", "s"])
        states = [saved(paper_id).state for paper_id in learning[:6]]
        assert states == ["kept", "skip", "maybe", "skip", "kept", "new"]
        assert saved(learning[3]).note == note
        assert screen.search_query == "learning"
        assert app.focused is screen.results


@sync
async def test_a_query_enter_a_decision_and_a_tag_in_one_burst_or_two():
    for bursts in (
        [["slash", *"learning", "enter", "m", "t", *"theory", "enter"]],
        [["slash", *"learning", "enter"], ["m", "t", *"theory", "enter"]],
    ):
        app = triage_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await start(pilot)
            for keys in bursts:
                await burst(pilot, keys)
            listed = ids(screen)
            assert screen.search_query == "learning", bursts
            assert saved(listed[0]).state == "maybe", bursts
            assert saved(listed[1]).tags == ("theory",), bursts
            assert app.focused is screen.results
            # taken back for the next round: the same papers are decided again
            await burst(pilot, ["z", "z"])
            assert saved(listed[0]).state == "new" and saved(listed[1]).tags == ()


@sync
async def test_pressed_without_pauses_a_decision_and_a_tag_act_in_order():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        await pilot.press("x", "t", *"theory", "enter", "r", "n", *"later", "ctrl+s")
        await burst(pilot, [])
        assert saved(listed[0]).state == "skip"
        assert saved(listed[1]).tags == ("theory",)
        assert saved(listed[1]).state == "read"
        assert saved(listed[2]).note == "later"
        assert screen.search_query == "learning"


@sync
async def test_the_note_editors_own_save_key_ends_its_text_in_a_burst():
    from test_ui_keymap import keyed_app

    app = keyed_app('"note.save" = "ctrl+w"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        assert app.key_problems == []
        listed = ids(screen)
        await burst(pilot, ["x", "n", *"later", "ctrl+w"])
        assert saved(listed[0]).state == "skip"
        assert saved(listed[1]).note == "later"
        assert screen.search_query == ""
        assert app.screen is screen


@sync
async def test_a_word_of_the_library_with_enter_in_one_burst_is_searched():
    # "stochastic" is "s" (keep), "t" (tags) and "ochastic" read as keys, but it is a
    # word the papers have: a paste typed key by key, the query it adds to
    app = triage_app(source=WORDS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 2 and screen.engine.knows("stochastic")
        await burst(pilot, [*"stochastic", "enter"])
        assert [saved(paper_id).state for paper_id in listed[:3]] == ["new"] * 3
        assert [saved(paper_id).tags for paper_id in listed[:3]] == [()] * 3
        assert app.screen is screen
        assert screen.search_query == "learning stochastic"


@sync
async def test_a_word_the_library_lacks_after_a_decision_and_t_is_the_tag():
    # not a word of the papers ("mttheory" is none): the keys act, as typed slowly
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert not screen.engine.knows("xjmta")
        await burst(pilot, ["x", "j", "m", "t", *"a,b", "enter"])
        assert saved(listed[0]).state == "skip"
        assert saved(listed[2]).state == "maybe"
        assert saved(listed[3]).tags == ("a", "b")
        assert screen.search_query == "learning"


@sync
async def test_an_authors_name_with_enter_in_one_burst_is_searched():
    # "stoica" is "s" (keep), "t" (tags) and "oica" read as keys, but a query finds the
    # papers of Ion Stoica by it: a name pasted, the query it adds to
    app = triage_app(source=NAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 2 and "stoica" not in screen.engine.vocabulary.counts
        await burst(pilot, [*"stoica", "enter"])
        assert [saved(paper_id).state for paper_id in listed[:3]] == ["new"] * 3
        assert [saved(paper_id).tags for paper_id in listed[:3]] == [()] * 3
        assert app.screen is screen
        assert screen.search_query == "learning stoica"


@sync
async def test_a_word_of_a_tag_in_use_with_enter_in_one_burst_is_searched():
    # "stretch" is no word of the papers, but a tag the user has: pasted, it is a query
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 3 and not screen.engine.knows("stretch")
        with Store.open(resolve().state_db) as other:
            other.set_tags(listed[-1], ["stretch goal"])
        screen.poll_triage()
        await settle(pilot)
        assert "stretch goal" in screen.triage.known_tags()
        await burst(pilot, [*"stretch", "enter"])
        assert [saved(paper_id).state for paper_id in listed[:3]] == ["new"] * 3
        assert [saved(paper_id).tags for paper_id in listed[:3]] == [()] * 3
        assert screen.search_query == "learning stretch"
