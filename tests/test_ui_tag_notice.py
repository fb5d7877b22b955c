"""The tag editor's notice says what the edit changed: the tags added, the tags taken
off, or that nothing changed. Ctrl+U and "theory" on a paper tagged "genmodel, theory"
said "Tagged 'theory': …", and not a word of "genmodel" taken off; Enter on the tags as
they were closed the editor without a word."""

from __future__ import annotations

from e2e_util import app_text, settle, sync
from test_ui_triage import ids, open_editor, saved, start, triage_app

from tuireader.ui.app import ReaderApp
from tuireader.ui.screens.edit import TagEditor
from tuireader.ui.triage import tags_changed_notice


def logged(app: ReaderApp) -> list[str]:
    """What the run's notices (W) hold, oldest first."""
    return [said.text for said in reversed(app.notice_log.newest_first())]


async def retag(pilot, text: str) -> str:  # type: ignore[no-untyped-def]
    """Open the tag editor on the highlighted paper, clear it, type ``text`` and save:
    the notice that says so."""
    app = pilot.app
    before = len(logged(app))
    await open_editor(pilot, "t", TagEditor)
    await pilot.press("ctrl+u", *text, "enter")
    await settle(pilot)
    said = logged(app)[before:]
    assert len(said) == 1, said
    return said[0]


@sync
async def test_the_notice_of_a_tag_edit_says_the_tags_added_and_taken_off():
    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        title = screen.triage.name_of(first)
        assert title
        paper = f"“{title}”"
        await retag(pilot, "genmodel, theory")

        # taken off only
        said = await retag(pilot, "theory")
        assert saved(first).tags == ("theory",)
        assert said == f"Untagged 'genmodel': {paper}"
        # shown whole on an 80-column screen
        assert "Untagged 'genmodel'" in app_text(app)

        # added only
        assert await retag(pilot, "theory, rl") == f"Tagged 'rl': {paper}"
        # both
        said = await retag(pilot, "rl, survey")
        assert saved(first).tags == ("rl", "survey")
        assert said == f"Tagged 'survey', untagged 'theory': {paper}"
        # all taken off
        assert await retag(pilot, "") == f"Untagged 'rl', 'survey': {paper}"
        assert saved(first).tags == ()


@sync
async def test_a_tag_edit_that_changes_nothing_says_so():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        paper = f"“{screen.triage.name_of(first)}”"
        await retag(pilot, "genmodel, theory")
        # Enter on the tags as they were: nothing saved, and said
        await open_editor(pilot, "t", TagEditor)
        before = len(logged(app))
        await pilot.press("enter")
        await settle(pilot)
        assert logged(app)[before:] == [f"Tags unchanged: {paper}"]
        assert saved(first).tags == ("genmodel", "theory")
        assert await retag(pilot, "genmodel, rl") == f"Tagged 'rl', untagged 'theory': {paper}"
        # the same tags in another order and case: saved, and nothing changed
        assert await retag(pilot, "RL, genmodel") == f"Tags unchanged: {paper}"
        assert saved(first).tags == ("genmodel", "rl")


@sync
async def test_undo_of_a_tag_edit_says_the_tags_it_puts_back_and_takes_off():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        paper = f"“{screen.triage.name_of(first)}”"
        await retag(pilot, "genmodel, theory, old")
        await retag(pilot, "theory, new")
        await pilot.press("z")
        await settle(pilot)
        assert logged(app)[-1] == (
            f"Undone: tag 'new' taken off and tags 'genmodel', 'old' put back for 1 paper ({paper})"
        )
        assert saved(first).tags == ("genmodel", "old", "theory")


@sync
async def test_tags_the_marked_papers_all_had_already_are_said_unchanged():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("space", "space")
        await open_editor(pilot, "t", TagEditor)
        await pilot.press(*"bulk", "enter")
        await settle(pilot)
        assert logged(app)[-1].startswith("Tagged 'bulk': “")
        # the marks stay: the same tag again changes nothing, and says so
        await open_editor(pilot, "t", TagEditor)
        await pilot.press(*"bulk", "enter")
        await settle(pilot)
        said = logged(app)[-1]
        assert said.startswith("Tags unchanged: “") and said.endswith("(2 marked papers)")
        assert saved(first).tags == saved(second).tags == ("bulk",)


def test_a_notice_names_a_few_of_many_tags_and_counts_the_others():
    said = tags_changed_notice(["x"], [f"tag{n}" for n in range(7)], "“P”")
    assert said == "Tagged 'x', untagged 'tag0', 'tag1', 'tag2' and 4 more: “P”"
