"""Lists added to the library or removed from it on the command line (``tuireader add``,
``remove``) while a reader runs.

The reader read the library's lists only as it started: it said "they show when you
restart tuireader" and kept showing the lists it started with. It reads the lists again
within a look (a second), as it does a list file changed on disk: the query, the paper
highlighted and the marks stay; the notice says what was added (with its papers) and
what was removed (its papers leave the results, their marks kept, and come back with
it); a paper highlighted that leaves is said, the cursor on the paper next to it."""

from __future__ import annotations

import json
from pathlib import Path

from e2e_util import ready, settle, sync
from test_ui_keys_in_order import burst

from tuireader.ingest.sources import in_folder
from tuireader.system import shelf
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, build_app
from tuireader.ui.screens.main import SHELF_EMPTIED


def paper(title: str, author: str) -> dict[str, object]:
    return {
        "title": title,
        "authors": [author],
        "year": 2024,
        "abstract": f"We study {title.lower()} in continual learning.",
    }


FIRST = [
    paper("Energy-Based Models for Continual Learning", "Shuang Li"),
    paper("Replay Buffers for Lifelong Agents", "David Rolnick"),
]
SECOND = [
    paper("Quokka Transformers Learn Continually", "Ada Quokka"),
    paper("Wombat Networks and Continual Forgetting", "Ben Wombat"),
    paper("Numbat Priors for Continual Bandits", "Cy Numbat"),
]


def lists(tmp_path: Path) -> tuple[Path, Path]:
    """Two list files of papers of their own: two in the first, three in the second."""
    folder = tmp_path / "lists"
    folder.mkdir()
    first, second = folder / "first.jsonl", folder / "second.jsonl"
    for path, papers in ((first, FIRST), (second, SECOND)):
        path.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")
    return first, second


def library_reader(*places: Path) -> ReaderApp:
    """The reader on the library (those ``places`` added), as ``tuireader`` starts it."""
    paths = resolve()
    shelf.add(paths, list(places))
    library = [entry.location for entry in shelf.load(paths).entries]
    return build_app(
        list(places), paths, show_timings=False, default_catalogs=False, library=library
    )


def logged(app: ReaderApp) -> list[str]:
    """What the run's notices (W) hold, oldest first."""
    return [said.text for said in reversed(app.notice_log.newest_first())]


def said_of_library(app: ReaderApp) -> list[str]:
    return [line for text in logged(app) for line in text.splitlines() if "Library" in line]


def removed(name: str, papers: int) -> str:
    return (
        f"Library changed: {name} removed: its {papers} papers left the results (marks on "
        "them are kept)"
    )


def titles(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.paper.title for row in screen.results.rows]


async def look(pilot) -> None:  # type: ignore[no-untyped-def]
    """One look, as the reader makes each second, and the lists read again after it."""
    pilot.app.screen_stack[0].poll_triage()
    await pilot.pause()
    await ready(pilot)


def stored_states() -> dict[str, str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.states()


@sync
async def test_a_list_added_while_the_reader_runs_is_read_and_said(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        assert len(titles(screen)) == 2
        screen.action_focus_results()
        await pilot.pause()
        screen.results.select(0)
        await pilot.pause()
        await pilot.press("space")  # marked (the cursor moves on to the next paper)
        await pilot.pause()
        marked = set(screen.marked)
        assert len(marked) == 1
        screen.results.select(1)
        await pilot.pause()
        highlighted = screen.current_paper
        assert highlighted is not None
        await look(pilot)
        assert said_of_library(app) == []

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert said_of_library(app) == ["Library changed: second.jsonl added (3 papers)"]
        # the new list's papers are found by the query typed, which stays, and so do the
        # paper highlighted and the paper marked
        assert screen.search_query == "continual"
        assert len(titles(screen)) == 5
        assert any("Quokka" in title for title in titles(screen))
        assert screen.current_paper is not None and screen.current_paper.id == highlighted.id
        assert screen.total == 5
        assert screen.marked == marked

        # looked at again with nothing changed: nothing read, nothing said
        library = screen.library
        await look(pilot)
        assert screen.library is library
        assert len(said_of_library(app)) == 1


@sync
async def test_a_list_removed_leaves_with_a_word_and_its_marks_come_back_with_it(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.total == 5
        screen.action_focus_results()
        await pilot.pause()
        quokka = next(n for n, title in enumerate(titles(screen)) if "Quokka" in title)
        screen.results.select(quokka)
        await pilot.pause()
        await pilot.press("s")  # kept: the cursor moves on to the next paper
        await settle(pilot)
        kept = screen.results.rows[quokka].paper.id
        assert stored_states() == {kept: "kept"}
        screen.results.select(quokka)
        await pilot.pause()
        await pilot.press("space")  # marked too: the keys would act on it
        await pilot.pause()
        assert screen.marked == {kept}
        screen.results.select(quokka)
        await pilot.pause()
        assert screen.current_paper is not None and screen.current_paper.id == kept

        shelf.remove(resolve(), [str(second)])
        await look(pilot)
        await settle(pilot)
        assert said_of_library(app) == [removed("second.jsonl", 3)]
        text = "\n".join(logged(app))
        assert "The paper highlighted left the list: “Quokka Transformers" in text
        assert "1 marked paper is no longer in the lists read again" in text
        assert "1 paper marked (space) is no longer in the lists read again" in text
        assert screen.marked == set()
        assert screen.total == 2
        assert not any("Quokka" in title for title in titles(screen))
        assert screen.current_paper is not None and "Quokka" not in screen.current_paper.title
        # the mark stays in the triage file, on its paper
        assert stored_states() == {kept: "kept"}

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert said_of_library(app)[-1] == "Library changed: second.jsonl added (3 papers)"
        assert screen.total == 5
        assert screen.triage.state_of(kept) == "kept"
        assert stored_states() == {kept: "kept"}


@sync
async def test_a_folder_added_that_reads_a_list_of_the_library_says_it_read_from_there(tmp_path):
    first, _ = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        # as tuireader add does it: the folder takes the place of first.jsonl
        shelf.add(resolve(), [first.parent], reads=in_folder)
        await look(pilot)
        await settle(pilot)
        assert said_of_library(app) == [
            "Library changed: lists/ added (2 lists, 5 papers)",
            "Library changed: first.jsonl is read from lists/ now",
        ]
        assert screen.total == 5


@sync
async def test_the_seeds_making_way_for_a_list_are_said(tmp_path):
    first, _ = lists(tmp_path)
    paths = resolve()
    seeds = [entry.location for entry in shelf.load(paths).entries]
    app = build_app([], paths, show_timings=False, default_catalogs=False, library=seeds)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        shelf.add(paths, [first])
        await look(pilot)
        await settle(pilot)
        said = said_of_library(app)
        assert said[0] == "Library changed: first.jsonl added (2 papers)"
        assert said[1].startswith("Library changed: the built-in seeds removed: their ")
        assert screen.total == 2


@sync
async def test_a_library_written_again_with_the_same_lists_is_not_read_again(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        shelf.add(resolve(), [second])
        shelf.remove(resolve(), [str(second)])  # between two looks: the lists are as they were
        await look(pilot)
        assert screen.library is library
        assert said_of_library(app) == []


@sync
async def test_a_library_emptied_keeps_the_papers_shown_and_says_so_once(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        shelf.remove(resolve(), [str(first)])
        await look(pilot)
        shelf.add(resolve(), [first])
        shelf.remove(resolve(), [str(first)])
        await look(pilot)
        assert screen.library is library
        assert said_of_library(app) == [SHELF_EMPTIED]
        # a list added then is read: the one it holds
        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert screen.total == 3
        assert said_of_library(app)[1:] == [
            "Library changed: second.jsonl added (3 papers)",
            removed("first.jsonl", 2),
        ]


@sync
async def test_a_damaged_library_file_is_said_and_the_lists_shown_stay(tmp_path):
    # read whole, a damaged lists.json gives the built-in seeds: those would have taken
    # the place of the user's lists, when the next add puts them back
    first, _ = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        shelf.shelf_file(resolve()).write_text("{ not json", encoding="utf-8")
        await look(pilot)
        assert screen.library is library
        said = said_of_library(app)
        assert len(said) == 1 and said[0].startswith("Library not read again: your list of")
        assert said[0].endswith("; the lists shown stay")


@sync
async def test_lists_named_on_the_command_line_are_not_the_library(tmp_path):
    first, second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        shelf.add(paths, [second])
        await look(pilot)
        assert screen.library is library
        assert said_of_library(app) == []


@sync
async def test_the_paper_open_in_the_viewer_leaving_closes_it_and_keys_act_on_no_other(tmp_path):
    # the viewer showed the paper next to the one that left, under "keys act on this
    # paper": the keys typed for the paper the user opened acted on one never opened
    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        screen.action_focus_results()
        await pilot.pause()
        quokka = next(n for n, title in enumerate(titles(screen)) if "Quokka" in title)
        screen.results.select(quokka)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.focused is screen.viewer

        shelf.remove(resolve(), [str(second)])
        await look(pilot)
        await settle(pilot)
        # the viewer closed: the list shows, the cursor on the paper next to it
        assert screen.focused is screen.results
        text = "\n".join(logged(app))
        assert "The paper open in the viewer left the lists: “Quokka Transformers" in text
        assert "the viewer closed" in text
        other = screen.current_paper
        assert other is not None and "Quokka" not in other.title
        # the keys typed for the paper that left (together) reach no other paper
        await burst(pilot, ["s", "x", "space"])
        await settle(pilot)
        assert stored_states() == {}
        assert screen.marked == set()
        assert screen.current_paper is not None and screen.current_paper.id == other.id
        assert "left the lists: nothing done" in logged(app)[-1]
        # the cursor moved (and back): the keys act on the paper it is on
        await pilot.press("down", "up")
        await pilot.pause()
        assert screen.current_paper is not None and screen.current_paper.id == other.id
        await pilot.press("s")
        await settle(pilot)
        assert stored_states() == {other.id: "kept"}


@sync
async def test_after_a_key_refused_on_the_paper_in_place_of_one_that_left_the_next_acts(tmp_path):
    # a key refused on the paper the cursor went to in place of the one that left said
    # so, and every key after it was refused too, said again, until the cursor moved
    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        screen.action_focus_results()
        await pilot.pause()
        quokka = next(n for n, title in enumerate(titles(screen)) if "Quokka" in title)
        screen.results.select(quokka)
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look(pilot)
        await settle(pilot)
        other = screen.current_paper
        assert other is not None and "Quokka" not in other.title
        await pilot.press("s")  # typed for the paper that left
        await settle(pilot)
        assert stored_states() == {}
        assert "left the lists: nothing done" in logged(app)[-1]
        assert "a key pressed now acts on it" in logged(app)[-1]
        refusals = sum("nothing done" in text for text in logged(app))
        # the next key acts on the paper highlighted, the cursor not moved
        await pilot.press("space")
        await settle(pilot)
        assert screen.marked == {other.id}
        await pilot.press("s")
        await settle(pilot)
        assert stored_states() == {other.id: "kept"}
        assert sum("nothing done" in text for text in logged(app)) == refusals


async def look_under(pilot, screen) -> None:  # type: ignore[no-untyped-def]
    """One look, with an editor or a menu open over the list, and the lists read again."""
    screen.poll_triage()
    await settle(pilot)
    for _ in range(1000):
        if screen.index_state in ("ready", "unavailable", "none"):
            break
        await pilot.pause()
    await settle(pilot)


def tagged(tag: str) -> set[str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.ids_with_tag(tag)


@sync
async def test_tags_typed_for_marked_papers_go_to_those_still_marked(tmp_path):
    # a marked paper that left the lists while the editor was open was said to be
    # marked no more, and was tagged all the same, as "2 marked papers"
    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        screen.action_focus_results()
        await pilot.pause()
        rows = titles(screen)
        quokka = next(n for n, title in enumerate(rows) if "Quokka" in title)
        energy = next(n for n, title in enumerate(rows) if "Energy" in title)
        for row in (quokka, energy):
            screen.results.select(row)
            await pilot.pause()
            await pilot.press("space")
            await pilot.pause()
        assert len(screen.marked) == 2
        kept = screen.results.rows[energy].paper.id
        await pilot.press("t")
        await pilot.pause()
        await pilot.press(*"bulk2")
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        assert screen.marked == {kept}
        await pilot.press("enter")
        await settle(pilot)
        assert tagged("bulk2") == {kept}
        text = "\n".join(logged(app))
        assert "1 marked paper left the lists while this was open: tagged only the 1 paper" in text
        assert "(1 marked paper)" in logged(app)[-1]


@sync
async def test_marked_papers_exported_are_those_still_marked(tmp_path):
    first, second = lists(tmp_path)
    app = library_reader(first, second)
    app.exports_dir = tmp_path / "exports"
    app.start_folder = tmp_path / "exports"  # where the export is offered to be written
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        rows = titles(screen)
        for title in ("Quokka", "Energy"):
            screen.results.select(next(n for n, t in enumerate(rows) if title in t))
            await pilot.pause()
            await pilot.press("space")
            await pilot.pause()
        screen.action_export("marked")
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        await pilot.press("4", "enter")  # JSON, where offered
        await settle(pilot)
        [written] = list((tmp_path / "exports").glob("*.json"))
        exported = json.loads(written.read_text())
        assert [row["title"] for row in exported] == [FIRST[0]["title"]]
        said = "\n".join(logged(app))
        assert "1 marked paper left the lists while this was open: exported only the 1" in said


@sync
async def test_a_list_added_back_keeps_the_paper_highlighted_far_down_the_results(tmp_path):
    # the paper highlighted ranked below the first hits once the list came back: the
    # cursor went to the first row, without a word
    folder = tmp_path / "lists"
    folder.mkdir()
    many, few = folder / "many.jsonl", folder / "few.jsonl"
    papers = [paper(f"Continual Continual Learning Part {n}", f"Au Thor{n}") for n in range(150)]
    many.write_text("".join(json.dumps(p) + "\n" for p in papers), encoding="utf-8")
    lone = {
        "title": "Wombat Burrows",
        "authors": ["Ben Wombat"],
        "year": 2020,
        "abstract": "Burrows of wombats in the bush, dug over long years; " * 8 + "continual.",
    }
    few.write_text(json.dumps(lone) + "\n", encoding="utf-8")
    app = library_reader(many, few)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        screen.action_focus_results()
        await pilot.pause()
        shelf.remove(resolve(), [str(many)])
        await look(pilot)
        await settle(pilot)
        assert titles(screen) == ["Wombat Burrows"]
        wombat = screen.current_paper
        assert wombat is not None

        shelf.add(resolve(), [many])
        await look(pilot)
        await settle(pilot)
        assert len(titles(screen)) == 151
        row = screen.results.highlighted
        assert row is not None and row > 100  # it ranks last
        assert screen.current_paper is not None and screen.current_paper.id == wombat.id
        # in view
        assert screen.results.scroll_y <= row < screen.results.scroll_y + screen.results.size.height


@sync
async def test_a_menu_open_on_a_paper_that_leaves_closes_with_a_word(tmp_path):
    # the citation menu stayed open: its "3" said there was no paper to act on, or
    # acted on the paper the cursor went to
    from tuireader.ui.screens.pick import PickScreen

    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        screen.results.select(next(n for n, t in enumerate(titles(screen)) if "Quokka" in t))
        await pilot.pause()
        await pilot.press("Y")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        assert app.screen is screen
        said = "\n".join(logged(app))
        assert "The menu open on “Quokka Transformers Learn Continually” closed: the paper" in said
        # the choice's key typed after it acts on no other paper
        copied = len([text for text in logged(app) if "opied" in text])
        await pilot.press("3")
        await settle(pilot)
        assert "left the lists: nothing done" in logged(app)[-1]
        assert len([text for text in logged(app) if "opied" in text]) == copied


QUOKKA = "“Quokka Transformers Learn Continually” left the lists (list second.jsonl removed)"
KEPT_WITH_IT = "what you save here is kept with it and comes back when its list is added again"
SAVED_DETACHED = "(no longer in the lists: kept detached, back when its list is added again)"


async def on_quokka(pilot, screen) -> str:  # type: ignore[no-untyped-def]
    """The cursor on the Quokka paper (of the second list); its id."""
    screen.action_focus_results()
    await pilot.pause()
    screen.results.select(next(n for n, t in enumerate(titles(screen)) if "Quokka" in t))
    await pilot.pause()
    assert screen.current_paper is not None
    return screen.current_paper.id


def stored_note(paper_id: str) -> str:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.get(paper_id).note


@sync
async def test_the_tag_editor_open_on_a_paper_that_leaves_says_so_and_saves_it_detached(tmp_path):
    # the editor stayed open without a word, and its save said "Tagged …" as for a
    # paper still in the lists
    from tuireader.ui.screens.edit import TagEditor

    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        quokka = await on_quokka(pilot, screen)
        await pilot.press("t")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, TagEditor)
        await pilot.press(*"marsupial")
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        said = "\n".join(logged(app))
        assert f"{QUOKKA}; {KEPT_WITH_IT}" in said
        # the editor stays, with the text typed
        assert app.screen is editor
        assert editor.query_one("#tags-input").value == "marsupial"
        # read again with nothing changed: said once
        await look_under(pilot, screen)
        assert "\n".join(logged(app)).count(QUOKKA) == 1

        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert logged(app)[-1].startswith("Tagged 'marsupial': “Quokka Transformers")
        assert logged(app)[-1].endswith(SAVED_DETACHED)
        assert tagged("marsupial") == {quokka}

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert list(screen.triage.tags.get(quokka, ())) == ["marsupial"]
        assert tagged("marsupial") == {quokka}


@sync
async def test_the_note_editor_open_on_a_paper_that_leaves_says_so_and_saves_it_detached(tmp_path):
    from tuireader.ui.screens.edit import NoteEditor

    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        quokka = await on_quokka(pilot, screen)
        await pilot.press("n")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, NoteEditor)
        await pilot.press(*"read it")
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        assert f"{QUOKKA}; {KEPT_WITH_IT}" in "\n".join(logged(app))
        assert app.screen is editor
        assert editor.query_one("#note-input").text == "read it"

        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        assert logged(app)[-1] == f"Note saved {SAVED_DETACHED}"
        assert stored_note(quokka) == "read it"

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert screen.triage.notes.get(quokka) == "read it"


@sync
async def test_text_left_with_escape_in_an_editor_whose_paper_left_comes_back_with_it(tmp_path):
    from tuireader.ui.screens.edit import NoteEditor, TagEditor

    first, second = lists(tmp_path)
    app = library_reader(first, second)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        quokka = await on_quokka(pilot, screen)
        await pilot.press("t")
        await pilot.pause()
        tags = app.screen
        assert isinstance(tags, TagEditor)
        await pilot.press(*"unsure")
        await pilot.pause()

        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        assert f"{QUOKKA}; {KEPT_WITH_IT}" in "\n".join(logged(app))
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert "Tags not saved" in logged(app)[-1]
        assert tagged("unsure") == set()

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert await on_quokka(pilot, screen) == quokka
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TagEditor)
        assert app.screen.query_one("#tags-input").value == "unsure"
        await pilot.press("escape")
        await settle(pilot)

        # the note editor likewise, its text kept as a draft for the next n
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        await pilot.press(*"maybe")
        await pilot.pause()
        shelf.remove(resolve(), [str(second)])
        await look_under(pilot, screen)
        assert "\n".join(logged(app)).count(QUOKKA) == 2
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert stored_note(quokka) == ""

        shelf.add(resolve(), [second])
        await look(pilot)
        await settle(pilot)
        assert await on_quokka(pilot, screen) == quokka
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        assert app.screen.query_one("#note-input").text == "maybe"
