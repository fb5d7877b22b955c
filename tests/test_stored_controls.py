"""A note, tags and a query are text, never terminal control: what sets them keeps no
control character but a note's line breaks and tabs, and what opens an editor or the
search box with stored text shows the codes it holds as symbols, or leaves them out.
The real terminal is driven in test_e2e_stored_controls.py."""

from __future__ import annotations

import json
import sqlite3

from e2e_util import settle, sync
from test_ui_triage import start, triage_app

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage.store import Store, normalize_note, note_controls
from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.triage import UI_STATE_KEY, UI_STATE_VERSION

#: a paper of the built-in seed lists
SEED = "p6rgghkt"
ESCAPES = "A\x1b]52;c;cHduZWQ=\x1b\\B \x1b[2J\x1b[41mRED\x07\x9b"
SHOWN = "A␛]52;c;cHduZWQ=␛\\B ␛[2J␛[41mRED␇\\x9b"


def controls_in(text: str) -> list[str]:
    """The C0 and C1 control characters of ``text`` but line breaks and tabs."""
    return [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]


def test_a_note_keeps_its_control_characters_as_the_symbols_shown_for_them():
    assert normalize_note(f"{ESCAPES}\r\nnext\tline") == f"{SHOWN}\nnext\tline"
    assert note_controls(ESCAPES) == 6
    with Store.in_memory() as store:
        store.set_note("p1", ESCAPES)
        assert store.get("p1").note == SHOWN


def test_a_note_saved_with_its_codes_before_is_edited_without_a_conflict(tmp_path):
    # the editor opens with the note as stored (its codes) as the note it changes: the
    # store read that note as changed elsewhere, and refused every save
    path = tmp_path / "triage.sqlite3"
    with Store.open(path) as store:
        store.set_note("p1", "placeholder")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE triage SET note = ? WHERE paper_id = 'p1'", (ESCAPES,))
    conn.close()
    with Store.open(path) as store:
        store.set_note("p1", f"{SHOWN} edited", base=ESCAPES)
        assert store.get("p1").note == f"{SHOWN} edited"
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE triage SET note = ? WHERE paper_id = 'p1'", (ESCAPES,))
    conn.close()
    with Store.open(path) as store:  # added to: the note as a whole is cleaned
        store.set_notes(["p1"], "more", append=True)
        assert store.get("p1").note == f"{SHOWN}\nmore"


def test_note_set_on_the_command_line_keeps_the_codes_as_symbols_and_says_so(capsys, tmp_path):
    code = main(["note", SEED, "--set", ESCAPES, "--data-dir", str(tmp_path)])
    _out, err = capsys.readouterr()
    assert code == 0
    assert "6 control characters (terminal codes)" in err and "\x1b" not in err
    assert main(["note", SEED, "--data-dir", str(tmp_path)]) == 0
    out, _err = capsys.readouterr()
    assert out.strip() == SHOWN


def test_the_note_editor_opens_with_the_codes_of_a_note_as_symbols():
    editor = NoteEditor(f"{ESCAPES}\nnext\tline")
    assert editor.note == f"{SHOWN}\nnext\tline"
    assert editor.controls == 6
    assert NoteEditor("plain\ttext\nline").controls == 0


def test_the_tag_editor_opens_with_the_tags_without_their_codes():
    editor = TagEditor(["x\x1b[2Jy", "b\u202ec", "ok"], ["ok"])
    assert editor.start == "x[2Jy, bc, ok, "
    assert editor.cleaned
    drafted = TagEditor([], [], text="typed\x1b]52;c;eA==\x07\nmore")
    assert drafted.start == "typed]52;c;eA== more"
    assert not TagEditor(["ok"], []).cleaned


@sync
async def test_the_note_editor_shows_the_codes_as_symbols_and_says_so_and_escape_keeps_no_draft():
    with Store.open(resolve().ensure().state_db) as store:
        store.set_note("placeholder-id", "x")  # the file made
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        paper_id = screen.current_paper.id
        with sqlite3.connect(resolve().state_db) as conn:
            conn.execute("INSERT INTO triage (paper_id, note) VALUES (?, ?)", (paper_id, ESCAPES))
        conn.close()
        screen.triage.notes[paper_id] = ESCAPES  # as read from the file
        await pilot.press("n")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, NoteEditor)
        area = editor.query_one("#note-input")
        assert area.text == SHOWN and not controls_in(area.text)
        assert "control characters" in str(editor.query_one("#note-controls").render())
        await pilot.press("escape")
        await settle(pilot)
        # left as it opened: nothing typed to keep for the next edit
        assert paper_id not in screen.triage.note_drafts


@sync
async def test_a_saved_query_with_codes_comes_back_without_them():
    with Store.open(resolve().ensure().state_db) as store:
        store.save_ui_state(UI_STATE_KEY, {"version": UI_STATE_VERSION, "query": "x"})
    query = {"version": UI_STATE_VERSION, "query": "\x1b]52;c;eA==\x07learning\x1b[2J"}
    with sqlite3.connect(resolve().state_db) as conn:
        conn.execute(
            "UPDATE ui_state SET value = ? WHERE key = ?", (json.dumps(query), UI_STATE_KEY)
        )
    conn.close()
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        assert screen.search_box.value == "learning"
