"""A triage file that cannot be written (opened read-only): t and n open their editors
all the same, saying that what is typed cannot be saved, so that the tag or note typed
right after the key is text, never keys acting on papers ("mytag" Enter did m, y, which
copied a citation, and a search); and what was asked for and refused is listed, each
change, as the reader closes, as changes a full disk refused are."""

from __future__ import annotations

from e2e_util import notices, settle, sync
from test_ui_triage import ids, start, triage_app

from tuireader.ui.screens.edit import NoteEditor, TagEditor


def read_only_app(tmp_path):  # type: ignore[no-untyped-def]
    """The reader on a triage file it can only read (a damaged one), and what it says
    of the changes not saved as it closes."""
    path = tmp_path / "triage.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    app = triage_app(path)
    told: list[tuple[str, list[str]]] = []
    app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    return app, told


@sync
async def test_a_tag_typed_right_after_t_on_a_read_only_file_is_text_not_keys(tmp_path):
    app, told = read_only_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        assert screen.store.read_only
        first = screen.current_paper
        await pilot.press("t", *"mytag", "enter")
        await settle(pilot)
        said = " ".join(str(n.message) for n in app._notifications)
        assert "Copied" not in said  # y copied a citation, replacing the clipboard's text
        assert screen.search_query == ""  # "ag" started a search
        assert screen.current_paper is first and not screen.triage.marked  # m marked it
        assert not isinstance(app.screen, TagEditor)  # Enter closed it, refused
        assert "Not saved" in " ".join(str(n.title) for n in app._notifications)
        assert screen.triage.tags.get(first.id, ()) == ()
        title = screen._title_of(first.id, None)
        # the editor says so as it opens
        await pilot.press("t")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, TagEditor)
        assert "Cannot be saved" in str(editor.query_one("#tags-refused").render())
        await pilot.press("escape")
        await pilot.pause()
    ((_why, lines),) = told
    assert lines == [f"tags mytag: “{title}”"]


@sync
async def test_a_note_typed_on_a_read_only_file_is_kept_to_be_said_as_the_reader_closes(
    tmp_path,
):
    app, told = read_only_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = screen.current_paper
        await pilot.press("n", *"my mark", "ctrl+s")
        await settle(pilot)
        said = " ".join(notices(app))
        assert "Copied" not in said and not screen.triage.marked  # y copied, space marked
        assert screen.search_query == ""
        assert not isinstance(app.screen, NoteEditor)  # Ctrl+S closed it, refused
        assert screen.triage.notes.get(first.id, "") == ""
        title = screen._title_of(first.id, None)
        # the text refused is not lost: the next n opens with it
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#note-input").text == "my mark"
        await pilot.press("escape")
        await settle(pilot)
    ((_why, lines),) = told
    assert lines == [f"note on “{title}”: my mark"]


@sync
async def test_each_change_refused_on_a_read_only_file_is_listed_as_the_reader_closes(tmp_path):
    # it said "3 changes asked for and refused as they were made: …" and named none,
    # where a full disk lists each ("kept: “InferCept…”")
    app, told = read_only_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("s")  # refused: the highlight stays
        await settle(pilot)
        await pilot.press("down", "x", "z")
        await settle(pilot)
        titles = {pid: screen._title_of(pid, None) for pid in (first, second)}
        said = notices(app)
    ((why, lines),) = told
    assert why in said  # the store's own words, as the notice said them
    assert lines == [
        f"kept: “{titles[first]}”",
        f"skipped: “{titles[second]}”",
        "an undo (z)",
    ]


@sync
async def test_note_text_left_with_escape_on_a_read_only_file_is_listed_as_the_reader_closes(
    tmp_path,
):
    # the next run's n would bring it back, but the position that keeps it for the next
    # run cannot be saved either: it would have been lost unsaid
    app, told = read_only_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = screen.current_paper
        await pilot.press("n")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, NoteEditor)
        assert "Cannot be saved" in str(editor.query_one("#note-refused").render())
        await pilot.press(*"draft", "escape")
        await settle(pilot)
        title = screen._title_of(first.id, None)
    ((_why, lines),) = told
    assert lines == [f"note typed on “{title}”: draft"]
