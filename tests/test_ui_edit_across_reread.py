"""A tag or note editor left open while its paper's list is replaced on disk.

The reader reads the lists again under the open editor, and the paper may have another
id in the new file (a re-scrape gave it another key) or be gone from it. What the user
saves is about the paper they opened the editor on: the mark keeps that paper's title,
and follows it to its id in the file read now.
"""

from __future__ import annotations

import pytest
from e2e_util import settle, sync
from test_ui_lists_changed import ENTRY, PAPERS, highlight, ids, reader, write_list

from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.screens.main import MainScreen


def marks() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    with Store.open(resolve().state_db, read_only=True) as store:
        snapshot = store.snapshot()
    return dict(snapshot.tags), dict(snapshot.notes)


def titles_kept(paper_ids: list[str]) -> dict[str, str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return {pid: found.title for pid, found in store.identities(paper_ids).items()}


async def read_again_under_the_editor(pilot, screen: MainScreen) -> None:  # type: ignore[no-untyped-def]
    """The reader's look at the lists, made while the editor is open, and the lists
    read again shown on the screen under it."""
    library = screen.library
    screen.poll_triage()
    for _ in range(2000):
        if screen.library is not library and not screen._reading_lists:
            break
        await pilot.pause(0.01)
    assert screen.library is not library
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def edit(pilot, key: str, text: str, replaced: object) -> MainScreen:  # type: ignore[no-untyped-def]
    screen = pilot.app.screen
    assert isinstance(screen, MainScreen)
    await highlight(pilot, screen, ids(screen)[1])
    await pilot.press(key)
    await settle(pilot)
    assert pilot.app.screen is not screen  # the editor is open
    replaced()  # type: ignore[operator]
    await read_again_under_the_editor(pilot, screen)
    await pilot.press(*text)
    await pilot.press("ctrl+s" if key == "n" else "enter")
    await settle(pilot)
    assert pilot.app.screen is screen
    return screen


@pytest.mark.parametrize(("key", "text"), [("t", "rescrape"), ("n", "read the appendix")])
@sync
async def test_a_mark_saved_from_an_editor_open_as_the_list_changed_follows_the_paper(
    tmp_path, key, text
):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        from e2e_util import ready

        await ready(pilot)
        screen = await edit(pilot, key, text, lambda: write_list(source, renamed=True))
        new = ids(screen)[1]
        assert screen.library is not None
        assert screen.library.get(new).title.endswith("Performance.")
        for _ in range(200):  # the mark follows the paper once it is written
            tags, notes = marks()
            if new in (tags if key == "t" else notes):
                break
            await pilot.pause(0.02)
        assert (tags if key == "t" else notes) == {new: ("rescrape",) if key == "t" else text}
        from e2e_util import notices

        # the paper is still in the lists, by another id: no word of it leaving
        assert not any("left the lists (" in n for n in notices(pilot.app))
        assert titles_kept([new])[new].startswith("How Does the Task Landscape")
        await settle(pilot)
        shown = screen.triage.tags if key == "t" else screen.triage.notes
        assert shown == {new: ("rescrape",) if key == "t" else text}
        if key == "t":  # the notice names the paper the tags were typed for
            from e2e_util import notices

            said = [n for n in notices(pilot.app) if n.startswith("Tagged")]
            assert said and "“How Does the Task Landscape" in said[-1], said
        await pilot.press("z")  # undone on the paper where it is now
        await settle(pilot)
        assert marks() == ({}, {})


@sync
async def test_a_mark_saved_on_a_paper_gone_from_its_replaced_list_keeps_its_title(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)

    def without_the_paper() -> None:
        kept = [PAPERS[0], PAPERS[2]]
        source.write_text(
            "\n".join(
                ENTRY.format(key=k, title=t, author=a, abstract=f"We study {t.lower()}.")
                for k, t, a in kept
            ),
            encoding="utf-8",
        )

    async with app.run_test(size=(120, 30)) as pilot:
        from e2e_util import ready

        screen = await ready(pilot)
        gone = ids(screen)[1]
        screen = await edit(pilot, "t", "later", without_the_paper)
        assert gone not in ids(screen)
        tags, _notes = marks()
        assert tags == {gone: ("later",)}
        assert titles_kept([gone]) == {gone: PAPERS[1][1]}
        # said as the list was read again under the editor, and as the tags were saved
        from e2e_util import notices

        said = notices(pilot.app)
        assert any(
            n.startswith("collas.bib changed on disk")
            and "\n“How Does the Task Landscape" in n
            and "” left the lists (collas.bib read again without it); what you save here is "
            "kept with it and comes back when a list has it again"
            in n
            for n in said
        ), said
        tagged = [n for n in said if n.startswith("Tagged")]
        assert tagged and tagged[-1].endswith(
            "(no longer in the lists: kept detached, back when its list is added again)"
        ), tagged


@sync
async def test_note_text_left_in_an_editor_open_as_the_list_changed_comes_back_on_the_paper(
    tmp_path,
):
    # text left with Escape is kept for the next n on the paper: it was kept under the
    # id the paper had when the editor opened, which no paper has once the list is read
    # again, and n on the paper opened an empty editor
    from tuireader.ui.screens.edit import NoteEditor

    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        from e2e_util import ready

        screen = await ready(pilot)
        await highlight(pilot, screen, ids(screen)[1])
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NoteEditor)
        write_list(source, renamed=True)
        await read_again_under_the_editor(pilot, screen)
        await pilot.press(*"half a thought", "escape")
        await settle(pilot)
        assert app.screen is screen
        new = ids(screen)[1]
        await highlight(pilot, screen, new)
        await pilot.press("n")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, NoteEditor)
        assert editor.query_one("TextArea").text == "half a thought"


@sync
async def test_tags_added_to_marked_papers_as_the_list_changed_follow_them(tmp_path):
    # the marked papers are tagged as the editor saves: one of them re-scraped under
    # another key meanwhile keeps its tag, on its id in the file read now
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        from e2e_util import ready

        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        await pilot.press("space", "space")  # the first two papers marked
        await settle(pilot)
        assert len(screen.triage.marked) == 2
        await pilot.press("t")
        await settle(pilot)
        assert app.screen is not screen
        write_list(source, renamed=True)
        await read_again_under_the_editor(pilot, screen)
        await pilot.press(*"batch", "enter")
        await settle(pilot)
        first, second = ids(screen)[:2]
        for _ in range(200):
            tags, _notes = marks()
            if second in tags:
                break
            await pilot.pause(0.02)
        assert marks()[0] == {first: ("batch",), second: ("batch",)}
        assert titles_kept([second])[second].startswith("How Does the Task Landscape")


@sync
async def test_tags_added_to_marked_papers_follow_one_re_scraped_twice_under_the_editor(tmp_path):
    # a marked paper given another key, then another again, while the tag editor is
    # open: the tags typed reach it under its id now (A to B, then B to C: C)
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        from e2e_util import ready

        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        await pilot.press("space", "space")  # the first two papers marked
        await settle(pilot)
        was = ids(screen)[1]
        await pilot.press("t")
        await settle(pilot)
        assert app.screen is not screen
        write_list(source, renamed=True)
        await read_again_under_the_editor(pilot, screen)
        between = ids(screen)[1]
        text = source.read_text(encoding="utf-8").replace("collins22a", "collins22b")
        source.write_text(text, encoding="utf-8")
        await read_again_under_the_editor(pilot, screen)
        first, second = ids(screen)[:2]
        assert len({was, between, second}) == 3  # two re-keys
        await pilot.press(*"batch", "enter")
        await settle(pilot)
        for _ in range(200):
            tags, _notes = marks()
            if second in tags:
                break
            await pilot.pause(0.02)
        assert marks()[0] == {first: ("batch",), second: ("batch",)}
        assert titles_kept([second])[second].startswith("How Does the Task Landscape")
