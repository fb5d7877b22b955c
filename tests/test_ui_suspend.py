"""Ctrl+Z stops the reader for the shell, as vim or less do, losing nothing.

The stop itself (SIGTSTP, the shell's prompt, ``fg``) is tried in a real terminal in
test_e2e_tmux.py; here, what the reader does before it stops, and where Ctrl+Z is
left to a text field that needs it.
"""

from __future__ import annotations

import threading

from e2e_util import notices, settle, sync
from test_ui_triage import open_editor, saved, start, triage_app

from tuireader.triage.store import Store
from tuireader.ui.screens.edit import NoteEditor


def _stops_recorded(app, what):  # type: ignore[no-untyped-def]
    """Replace the process stop of ``app`` by a record of ``what()`` at that moment."""
    stops: list[object] = []
    app.action_suspend_process = lambda: stops.append(what())
    return stops


@sync
async def test_a_decision_just_made_is_in_the_triage_file_before_the_reader_stops(monkeypatch):
    # the write is held until the reader stops or gives up waiting for it
    release = threading.Event()
    write = Store.set_state_many

    def held(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait(timeout=2)
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "set_state_many", held)
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start(pilot)
        first = screen.current_paper.id
        stops = _stops_recorded(app, lambda: saved(first).state)
        await pilot.press("s", "ctrl+z")
        await pilot.pause()
        release.set()
        await settle(pilot)
        assert stops == ["kept"]


@sync
async def test_a_stop_from_another_program_refused_while_saving_says_so_and_what_to_do(
    monkeypatch,
):
    # a kill -TSTP while a write waits for the triage file was refused with the words of
    # Ctrl+Z ("Not suspended: changes are still being saved; try again"): the user had
    # pressed nothing, and "try again" said neither what nor when
    from e2e_util import widget_text

    from tuireader.ui.screens import main

    monkeypatch.setattr(main, "SUSPEND_WAIT", 0)  # the write outlasts the wait
    release = threading.Event()
    write = Store.set_state_many

    def held(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait()
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "set_state_many", held)
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start(pilot)
        first = screen.current_paper.id
        stops = _stops_recorded(app, lambda: True)
        await pilot.press("s")
        await pilot.pause()
        app.stop_from_outside()  # as the driver hands on a SIGTSTP
        await app.workers.wait_for_complete()  # (the wait for the write, given up)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "saving…" in widget_text(app, screen.query_one("#status"))  # as said
        release.set()
        await settle(pilot)
        assert stops == []  # the reader runs on
        assert saved(first).state == "kept"  # and nothing is lost
        said = [text for text in notices(app) if text.startswith("Not ")]
        assert said == [
            (
                "Not stopped: another program asked the reader to stop (SIGTSTP) while "
                "changes were still being saved; ^z stops it once “saving…” has left the "
                "status line"
            ),
            (
                "Not suspended: changes are still being saved; ^z stops it once “saving…” "
                "has left the status line"
            ),
        ]
        assert "saving…" not in widget_text(app, screen.query_one("#status"))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert stops == [True]


@sync
async def test_ctrl_z_in_the_note_editor_undoes_typing_and_keeps_the_reader_running():
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        stops = _stops_recorded(app, lambda: True)
        editor = await open_editor(pilot, "n", NoteEditor)
        area = editor.query_one("TextArea")
        await pilot.press(*"first draft")
        await pilot.pause()
        assert area.text == "first draft"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert stops == []
        assert area.text == ""  # the typing undone
        assert app.screen is editor


@sync
async def test_ctrl_z_stops_the_reader_from_the_search_box_too():
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start(pilot)
        screen.search_box.focus()
        await pilot.pause()
        stops = _stops_recorded(app, lambda: True)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert stops == [True]


@sync
async def test_the_suspend_key_is_in_the_help_and_config_toml_can_change_it():
    from test_ui_keymap import keyed_app

    from tuireader.ui.screens.help import HelpScreen

    app = keyed_app('"reader.suspend" = "ctrl+s"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        assert app.key_problems == []
        stops = _stops_recorded(app, lambda: True)
        await pilot.press("ctrl+z")  # the key left: nothing
        await pilot.pause()
        assert stops == []
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert stops == [True]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = str(app.screen.query_one("#help-text").content)
        line = next(line for line in help_text.splitlines() if "Suspend" in line)
        assert "^s" in line and "reader.suspend" in line


@sync
async def test_ctrl_z_over_the_tag_editor_and_the_help_stops_the_reader_keeping_the_text():
    from tuireader.ui.screens.edit import TagEditor
    from tuireader.ui.screens.help import HelpScreen

    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        stops = _stops_recorded(app, lambda: True)
        editor = await open_editor(pilot, "t", TagEditor)
        await pilot.press(*"to-read", "ctrl+z")
        await pilot.pause()
        assert stops == [True]
        assert app.screen is editor
        assert editor.query_one("Input").value == "to-read"
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert stops == [True, True]
        help_text = str(app.screen.query_one("#help-text").content)
        assert help_text.count("reader.suspend") >= 4  # the list's, the dialogs'


@sync
async def test_ctrl_z_over_a_text_to_copy_by_hand_stops_the_reader(tmp_path):
    # its text is read-only: nothing typed there for Ctrl+Z to undo
    from test_ui_copy import make_app, to_paper

    from tuireader.system.clipboard import Clipboard, Environment
    from tuireader.ui.screens.manual_copy import ManualCopyScreen

    clipboard = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clip",
        environment=Environment(),  # no tmux, no display, untrusted terminal
        osc52="never",
    )
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ManualCopyScreen)
        stops = _stops_recorded(app, lambda: True)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert stops == [True]
        assert app.screen is dialog


@sync
async def test_ctrl_z_with_a_write_queued_leaves_the_screen_running_until_it_is_saved(
    monkeypatch,
):
    # the write waited for on the event loop froze the screen (up to 5 s) before the
    # reader stopped: the write here needs the event loop to finish, as drawing the
    # screen does, and must not wait for the stop either
    release = threading.Event()
    loop_ran: list[list[object]] = []
    write = Store.set_state_many

    def held(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait()
        app.call_from_thread(lambda: loop_ran.append(list(stops)))
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "set_state_many", held)
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        try:
            screen = await start(pilot)
            first = screen.current_paper.id
            stops = _stops_recorded(app, lambda: saved(first).state)
            await pilot.press("s", "ctrl+z", "ctrl+z")  # (asked twice: stopped once)
            await pilot.pause()
            assert stops == []  # not yet: the decision is on its way
            release.set()
            await settle(pilot)
        finally:
            release.set()
        assert loop_ran == [[]]  # the screen ran on while the decision was written
        assert stops == ["kept"]  # then the reader stopped, the decision on disk
        assert not [text for text in notices(app) if text.startswith("Not ")]


@sync
async def test_keys_typed_after_ctrl_z_while_it_waits_apply_in_order_and_are_saved_first(
    monkeypatch,
):
    release = threading.Event()
    write = Store.set_state_many

    def held(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait()
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "set_state_many", held)
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        try:
            screen = await start(pilot)
            first, second = (row.paper.id for row in screen.results.rows[:2])
            stops = _stops_recorded(app, lambda: (saved(first).state, saved(second).state))
            await pilot.press("s", "ctrl+z", "x")  # in one burst: x is on the next paper
            await pilot.pause()
            assert stops == []
            release.set()
            await settle(pilot)
        finally:
            release.set()
        assert stops == [("kept", "skip")]  # both saved before the reader stopped, once


@sync
async def test_quitting_while_ctrl_z_waits_for_the_changes_quits_without_stopping(monkeypatch):
    # a stop once the changes are written, as the reader closes, would leave it a
    # stopped job for the shell, closed only after fg
    release = threading.Event()
    write = Store.set_state_many

    def held(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait()
        return write(self, *args, **kwargs)

    monkeypatch.setattr(Store, "set_state_many", held)
    app = triage_app()
    async with app.run_test(size=(100, 30)) as pilot:
        try:
            screen = await start(pilot)
            first = screen.current_paper.id
            stops = _stops_recorded(app, lambda: True)
            await pilot.press("s", "ctrl+z", "q")
            await pilot.pause()
        finally:
            release.set()
        await pilot.pause()
    assert stops == []
    assert saved(first).state == "kept"


@sync
async def test_ctrl_z_as_a_change_is_refused_by_a_locked_triage_file_says_so_before_any_stop(
    monkeypatch,
):
    # the change waited for the lock, was refused, and the reader stopped at once: its
    # "Not saved" was said only after fg, to a user who took it for saved
    import sqlite3

    from tuireader.system.paths import resolve

    path = resolve().ensure().state_db
    opening = Store.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        Store, "open", classmethod(lambda cls, where, **kw: opening(cls, where, timeout=0.1, **kw))
    )
    app = triage_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start(pilot)
        first = screen.current_paper.id
        stops = _stops_recorded(app, lambda: saved(first).state)
        locker = sqlite3.connect(path, isolation_level=None)
        try:
            locker.execute("BEGIN IMMEDIATE")  # another program writing to it
            await pilot.press("s", "ctrl+z")
            await app.workers.wait_for_complete()
            await settle(pilot)
            assert stops == []  # the reader runs on
            said = [text for text in notices(app) if text.startswith(("Not ", "The triage"))]
            assert any("locked" in text or "busy" in text for text in said), said
            assert (
                "Not suspended: a change could not be saved (its “Not saved” notice says why, "
                "and what to do); ^z stops it"
            ) in said
        finally:
            locker.close()
        assert saved(first).state == "new"  # nothing written while it was locked
        await pilot.press("s")  # once the other program let go, the change saves
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert stops == ["kept"]
