"""Note and tag text typed and not saved is kept on disk as it is typed: a reader that
ends without closing (``kill -9``, the machine gone) leaves it to the next start, which
offers it as text left with Escape is offered. The text was kept in memory only, until
the reader closed: a reader killed with the note editor open lost it.

A reader's end is played here by a copy of the triage file taken while the editor is
open (what a process killed then leaves on disk), opened by the next reader.
"""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from e2e_util import notices, settle, sync
from test_ui_app import SAMPLE, make_app
from test_ui_triage import ids, start

from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.triage import UI_STATE_VERSION


def ended_origin() -> str:
    """The origin of a reader whose process has ended (one started and waited for)."""
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return f"reader {socket.gethostname() or '-'} {done.stdout.strip()} 0ended0"


def reader(path: Path, origin: str, *, read_only: bool = False) -> ReaderApp:
    """The reader on the sample, its triage file at ``path``, its actions ``origin``'s
    (as the command opens its store)."""
    app = make_app(SAMPLE)
    services = app.services

    def open_store() -> Store:
        store = Store.open(path, read_only=read_only)
        store.origin = origin
        return store

    app.services = Services(
        load_library=services.load_library,
        open_engine=services.open_engine,
        open_store=open_store,
    )
    return app


async def left_on_disk(pilot, path: Path, copy: Path) -> None:  # type: ignore[no-untyped-def]
    """What the reader running has on disk now, copied to ``copy``: the next look
    (a second) has come and its writes are done."""
    pilot.app.screen_stack[0].poll_triage()
    await settle(pilot)
    source, target = sqlite3.connect(path), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


@asynccontextmanager
async def damaged_under(monkeypatch) -> AsyncIterator[Any]:  # type: ignore[no-untyped-def]
    """The pilot of a reader on the sample whose triage file, a decision saved in it, is
    damaged under it as a sync writing into it does (its first page kept, the rest
    overwritten); its looks only those the test asks for."""
    monkeypatch.setattr("tuireader.ui.screens.main.POLL_SECONDS", 3600)
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("s")
        await settle(pilot)
        with sqlite3.connect(path) as conn:  # everything in the file itself
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        whole = path.read_bytes()
        path.write_bytes(whole[:4096] + b"\xa5" * (len(whole) - 4096))
        yield pilot


def said_damaged(app: ReaderApp) -> list[str]:
    """What the reader said of a damaged triage file."""
    return [text for text in notices(app) if "damaged" in text]


def typed_keys(path: Path) -> list[str]:
    """The keys of the text kept as typed that the triage file holds."""
    with sqlite3.connect(path) as conn:
        return [
            key for (key,) in conn.execute("SELECT key FROM ui_state WHERE key LIKE 'drafts %'")
        ]


def said_of_notes(app: ReaderApp) -> list[str]:
    return [text for text in notices(app) if text.startswith("Note text")]


async def note_offered(path: Path, *, read_only: bool = False) -> tuple[list[str], str]:
    """A reader of a new run started on the triage file ``path``: what it says of note
    text kept from a reader that ended, and the text ``n`` on the first paper opens with."""
    app = reader(path, reader_origin(), read_only=read_only)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await settle(pilot)
        said = said_of_notes(app)
        await pilot.press("home", "n")
        await pilot.pause()
        return said, app.screen.query_one("#note-input").text


@sync
async def test_a_note_typed_in_the_open_editor_survives_a_reader_that_ends_without_closing(
    tmp_path,
):
    path, copy = resolve().ensure().state_db, tmp_path / "left.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("n", *"typed over ssh, never saved")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        await left_on_disk(pilot, path, copy)  # the editor still open: the process ends
    app = reader(copy, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await settle(pilot)
        said = said_of_notes(app)
        assert len(said) == 1 and said[0].startswith("Note text you had not saved is kept: n on")
        await pilot.press("home", "n")
        await pilot.pause()
        assert app.screen.query_one("#note-input").text == "typed over ssh, never saved"
        await pilot.press("ctrl+s")  # saved as the note: no longer a draft anywhere
        await settle(pilot)
        screen.poll_triage()
        await settle(pilot)
        assert typed_keys(copy) == []
    with Store.open(copy, read_only=True) as store:
        assert store.get(first).note == "typed over ssh, never saved"
    assert await note_offered(copy) == ([], "typed over ssh, never saved")


@sync
async def test_a_draft_put_back_as_the_note_was_is_no_longer_kept(tmp_path):
    path, copy = resolve().ensure().state_db, tmp_path / "left.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("n", *"draft")
        await pilot.pause()
        await left_on_disk(pilot, path, copy)
        await pilot.press("ctrl+q")  # (the original's position keeps the draft: not used)
        await pilot.pause()
    again = tmp_path / "again.sqlite3"
    app = reader(copy, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("home", "n", *["backspace"] * len("draft"), "escape")  # discarded
        await pilot.pause()
        await left_on_disk(pilot, copy, again)
    assert await note_offered(again) == ([], "")


@sync
async def test_tags_typed_in_the_open_editor_survive_a_reader_that_ends_without_closing(
    tmp_path,
):
    path, copy = resolve().ensure().state_db, tmp_path / "left.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("t", *"first-look, to-read")
        await pilot.pause()
        assert isinstance(app.screen, TagEditor)
        await left_on_disk(pilot, path, copy)
    app = reader(copy, reader_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await settle(pilot)
        assert any(text.startswith("Tags you had typed and not saved") for text in notices(app))
        await pilot.press("home", "t")
        await pilot.pause()
        assert app.screen.query_one("#tags-input").value == "first-look, to-read"


@sync
async def test_a_read_only_triage_file_takes_no_typed_text_and_says_nothing_of_it(tmp_path):
    path, copy = resolve().ensure().state_db, tmp_path / "left.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("n", *"draft")
        await pilot.pause()
        await left_on_disk(pilot, path, copy)
    assert len(typed_keys(copy)) == 1
    assert await note_offered(copy, read_only=True) == ([], "")
    assert len(typed_keys(copy)) == 1  # left as it was


@sync
async def test_kept_typed_text_is_said_once_also_when_the_next_reader_ends_without_closing(
    tmp_path,
):
    path, copy, again = resolve().ensure().state_db, tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    app = reader(path, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("n", *"typed once")
        await pilot.pause()
        await left_on_disk(pilot, path, copy)
    app = reader(copy, ended_origin())
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await settle(pilot)
        assert len(said_of_notes(app)) == 1
        await left_on_disk(pilot, copy, again)  # ends too, the text untouched
    # said once, and still kept
    assert await note_offered(again) == ([], "typed once")


@sync
async def test_a_triage_file_damaged_under_the_reader_is_said_once_when_the_typed_text_finds_it(
    tmp_path, monkeypatch
):
    # the text typed, written with no look before it, found the damage: the file was
    # let go of, and nothing said it (the place written so said it)
    async with damaged_under(monkeypatch) as pilot:
        app, screen = pilot.app, pilot.app.screen
        await pilot.press("n")
        for typed in ("typed", " on", " and on"):  # the text's writes, with no look before
            await pilot.press(*typed)
            await pilot.pause()
            screen.triage.keep_typed(
                {"version": UI_STATE_VERSION, **screen._drafts_state(typing=True)}
            )
            await settle(pilot)
        assert isinstance(app.screen, NoteEditor)
        assert screen.triage.store is not None and screen.triage.store.read_only
        for _ in range(3):  # the looks that follow say it no more
            screen.poll_triage()
            await settle(pilot)
        assert len(said_damaged(app)) == 1, notices(app)
