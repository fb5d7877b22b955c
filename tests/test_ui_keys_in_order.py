"""Keys in order: triage keys pressed with no pause act on the state the previous keys left.

Keys are delivered as one packet would deliver them (every key queued before the first
is handled), with the store as fast as it is, 200 ms a write, or held still until the
test lets it go; a write that fails takes back only its own change.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import replace

import pytest
from e2e_util import notices, ready, settle, sync, widget_text
from test_ui_app import SAMPLE, make_app, real_engine
from test_ui_triage import ids, open_editor, saved, start, triage_app
from textual import events
from textual._wait import wait_for_idle

from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store, StoreBusy, StoreFull
from tuireader.ui import keys
from tuireader.ui.screens.edit import NoteEditor
from tuireader.ui.triage import PLACE_LOOKS, SAVING

_original_write = Store._write


def typed_key(key: str) -> tuple[str, str | None]:
    """The name and character of ``key`` (a character, or a key's name) as a terminal
    sends it: " " is the space key, with its character."""
    if key in (" ", "space"):
        return ("space", " ")
    return (key, key if len(key) == 1 else None)


async def burst(pilot, keys: str | list[str], *, wait: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Deliver ``keys`` as one packet would: every key queued before any is handled.

    Then wait until every key was handled (and, with ``wait``, every write is done).
    """
    app = pilot.app
    for key in keys:
        event = events.Key(*typed_key(key))
        event.set_sender(app)
        app._driver.send_message(event)
    await wait_for_idle(0)
    await pilot.pause()
    if wait:
        await settle(pilot)


async def quit_with(pilot, keys: str | list[str]) -> None:  # type: ignore[no-untyped-def]
    """Deliver ``keys``, the last of them a quit, as :func:`burst` does, and wait until
    the reader has stopped on its own: every key before the quit was handled (keys act
    in order), however slow the machine. A pause alone could end first on a loaded
    machine, and the test's shutdown then closed the reader with keys not yet handled."""
    app = pilot.app
    await burst(pilot, keys, wait=False)
    for _ in range(18000):  # a bound only for a reader that never stops
        if not app.is_running:
            return
        await pilot.pause(0.01)
    raise AssertionError("the reader did not stop")


def slow_store(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Every write takes ``seconds`` longer, inside its transaction (a busy disk)."""

    @contextmanager
    def slow(self):  # type: ignore[no-untyped-def]
        with _original_write(self) as conn:
            time.sleep(seconds)
            yield conn

    monkeypatch.setattr(Store, "_write", slow)


SPEEDS = pytest.mark.parametrize("delay", [0.0, 0.2], ids=["fast-store", "store-200ms"])


@SPEEDS
@sync
async def test_ten_keeps_without_pauses_keep_ten_consecutive_papers(monkeypatch, delay):
    slow_store(monkeypatch, delay)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        await burst(pilot, "ssssssssss")
        assert [saved(pid).state for pid in order] == ["kept"] * 10 + ["new"]
        assert screen.current_paper.id == order[10]
        status = widget_text(app, screen.query_one("#status"))
        assert "10 kept" in status and "1 left" in status and SAVING not in status


@SPEEDS
@sync
async def test_keep_maybe_skip_without_pauses_mark_three_papers(monkeypatch, delay):
    slow_store(monkeypatch, delay)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third, fourth = ids(screen)[:4]
        await burst(pilot, "smx")
        assert [saved(p).state for p in (first, second, third, fourth)] == [
            "kept",
            "maybe",
            "skip",
            "new",
        ]


@SPEEDS
@sync
async def test_keep_then_note_opens_the_note_of_the_next_paper(monkeypatch, delay):
    slow_store(monkeypatch, delay)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        second_title = screen.results.rows[1].paper.title
        await burst(pilot, "sn")
        assert isinstance(app.screen, NoteEditor)
        assert app.screen.title_text == second_title
        await pilot.press(*"mine", "ctrl+s")
        await settle(pilot)
        assert saved(first).state == "kept" and saved(first).note == ""
        assert saved(second).note == "mine" and saved(second).state == "new"


@sync
async def test_text_typed_with_n_waits_for_a_screen_slower_than_the_safety_net(monkeypatch):
    # On a loaded machine n took longer to reach the binding that opens the editor than
    # the time after which a key is taken for lost: the next key went on to the list
    # ("w": the load warnings), the editor opened behind it, and the note read "orth
    # keeping". A key still on its way is waited for, however slow the machine.
    monkeypatch.setattr(keys, "STUCK_SECONDS", 0.05)

    async def busy() -> None:
        await asyncio.sleep(0.2)

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        for _ in range(4):
            screen.call_later(busy)  # the screen is busy as n arrives
        await burst(pilot, ["n", *"worth keeping", "ctrl+s"])
        assert saved(first).note == "worth keeping"
        assert not any("warning" in text.lower() for text in notices(app))


@sync
async def test_a_held_disk_delays_nothing_on_screen_and_loses_nothing(monkeypatch):
    gate = threading.Event()

    @contextmanager
    def held(self):  # type: ignore[no-untyped-def]
        gate.wait()
        with _original_write(self) as conn:
            yield conn

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        monkeypatch.setattr(Store, "_write", held)
        await burst(pilot, "sssss", wait=False)
        for _ in range(5):
            await pilot.pause()
        # Every key acted at once, although not one write has reached the disk.
        assert [screen.triage_states.get(pid) for pid in order[:5]] == ["kept"] * 5
        assert screen.current_paper.id == order[5]
        assert "★" in widget_text(app, screen.results)
        assert SAVING in widget_text(app, screen.query_one("#status"))
        assert all(saved(pid).state == "new" for pid in order[:5])
        gate.set()
        await settle(pilot)
        assert [saved(pid).state for pid in order[:6]] == ["kept"] * 5 + ["new"]
        assert SAVING not in widget_text(app, screen.query_one("#status"))


@sync
async def test_a_failed_write_takes_back_only_its_own_change(monkeypatch):
    calls = {"n": 0}

    @contextmanager
    def second_fails(self):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise StoreFull("Could not write the triage file; the disk may be full.")
        with _original_write(self) as conn:
            yield conn

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third, fourth = ids(screen)[:4]
        monkeypatch.setattr(Store, "_write", second_fails)
        await burst(pilot, "sss")
        assert [saved(p).state for p in (first, second, third)] == ["kept", "new", "kept"]
        assert screen.triage_states == {first: "kept", third: "kept"}
        assert screen.current_paper.id == fourth
        assert any("disk may be full" in text for text in notices(app))
        assert "Not saved" in " ".join(str(n.title) for n in app._notifications)
        # the notice names the paper whose keep was lost; a keep saved after it was made
        # where the user meant it, so the highlight stays: keys after it act there
        name = " ".join(screen.library.get(second).title.split())[:40]
        assert any(name in str(n.title) for n in app._notifications)
        assert screen.current_paper.id == fourth  # never moved back under later keys
        assert not any("highlight is back on" in text for text in notices(app))
        # Undo right after: takes back the third paper's keep, the last one saved.
        await burst(pilot, "z")
        assert [saved(p).state for p in (first, second, third)] == ["kept", "new", "new"]


@sync
async def test_after_keeps_that_failed_the_same_key_again_retries_the_first(monkeypatch):
    # the folder made read-only: "s" said "Not saved" with the highlight moved on, and
    # "s" again, once the folder was writable, kept the next paper instead
    full = _full_when_told(monkeypatch)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        full.set()
        await burst(pilot, "sss")
        assert screen.current_paper.id == first
        assert screen.triage_states == {}
        assert "★" not in widget_text(app, screen.results)
        ((_title, said),) = _errors(app)
        assert "highlight is back on" in said
        full.clear()
        await burst(pilot, "s")
        assert [saved(p).state for p in (first, second, third)] == ["kept", "new", "new"]
        assert screen.current_paper.id == second


@sync
async def test_a_highlight_moved_by_hand_stays_when_a_keep_fails(monkeypatch):
    full = _full_when_told(monkeypatch)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        full.set()
        await burst(pilot, "sj")
        assert screen.current_paper.id == order[2]
        ((_title, said),) = _errors(app)
        assert "highlight is back" not in said


@sync
async def test_undo_of_a_change_that_failed_takes_back_nothing_else(monkeypatch):
    calls = {"n": 0}

    @contextmanager
    def second_fails(self):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise StoreFull("Could not write the triage file; the disk may be full.")
        with _original_write(self) as conn:
            yield conn

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        monkeypatch.setattr(Store, "_write", second_fails)
        # The second keep fails; the undo meant for it must not take back the first.
        await burst(pilot, "ssz")
        assert saved(first).state == "kept"
        assert saved(second).state == "new"
        assert screen.triage_states == {first: "kept"}


@sync
async def test_quitting_right_after_keys_saves_them(monkeypatch):
    slow_store(monkeypatch, 0.2)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        await quit_with(pilot, "sssq")
    assert [saved(pid).state for pid in order[:4]] == ["kept", "kept", "kept", "new"]


@sync
async def test_a_search_right_after_a_key_counts_that_key(monkeypatch):
    slow_store(monkeypatch, 0.2)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await burst(pilot, "s", wait=False)
        screen.action_focus_search()
        await pilot.press(*"is:kept")
        await settle(pilot)
        assert screen.search_query == "is:kept", screen.search_query
        assert ids(screen) == [first]


@sync
async def test_tags_saved_in_two_readers_are_merged(monkeypatch):
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        with Store.open(resolve().state_db) as other:
            other.set_tags(first, ["shared", "theirs"])
        await pilot.press("t")  # the reader has not seen the other reader's tags yet
        await pilot.pause()
        await pilot.press(*"mine", "enter")
        await settle(pilot)
        assert saved(first).tags == ("mine", "shared", "theirs")
        assert any("merged" in text for text in notices(app))
        assert "Tags: mine, shared, theirs" in widget_text(app, screen.viewer)


@sync
async def test_after_a_note_save_refused_z_takes_back_the_change_made_elsewhere():
    # the note set by a command while the editor was open: the refusal named "another
    # reader", and the first z said "Nothing to undo: that change was not saved" (the
    # refused save); only a second z took back the command's note
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("n")
        await pilot.pause()
        with Store.open(resolve().state_db) as other:  # as `tuireader note ID --set` does
            other.set_note(first, "their words")
        await pilot.press(*"my words", "ctrl+s")
        await settle(pilot)
        assert saved(first).note == "their words"
        refusal = [text for text in notices(app) if text.startswith("Note not saved")]
        assert refusal and "changed elsewhere" in refusal[-1]
        assert "another reader" not in refusal[-1]
        said = len(notices(app))
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).note == ""
        assert all("not saved" not in text for text in notices(app)[said:]), notices(app)
        assert any(text.startswith("Undone") for text in notices(app)[said:]), notices(app)


@sync
async def test_a_note_changed_in_another_reader_is_never_overwritten(monkeypatch):
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("n")
        await pilot.pause()
        with Store.open(resolve().state_db) as other:
            other.set_note(first, "their words")
        await pilot.press(*"my words", "ctrl+s")
        await settle(pilot)
        assert saved(first).note == "their words"
        assert any("changed elsewhere" in text for text in notices(app))
        # The user's text is kept: the editor shows both notes next time.
        await open_editor(pilot, "n", NoteEditor)
        text = app.screen.query_one("#note-input").text
        assert "their words" in text and "my words" in text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "my words" in saved(first).note and "their words" in saved(first).note


class _SlowEngine:
    """The real engine, every search 150 ms longer: searches then run in a worker."""

    def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
        self._engine = engine

    def search(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.15)
        return self._engine.search(*args, **kwargs)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._engine, name)


@sync
async def test_keys_sent_with_a_query_act_on_its_results_not_on_a_shorter_querys():
    # "learning games", Enter and s in one packet, each search slower than the keys: the
    # list still showed the hits of "learning" (or "learning g") when Enter came
    engine = real_engine(load_library([SAMPLE]))
    first_word = engine.search("learning", prefix=True).hits[0].paper.id
    wanted = engine.search("learning games", prefix=True).hits[0].paper.id
    assert first_word != wanted
    app = triage_app()
    app.services = replace(
        app.services, open_engine=lambda library, progress: _SlowEngine(real_engine(library))
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_search()
        await pilot.pause()
        await burst(pilot, [*"learning games", "enter", "s"])
        await settle(pilot)
        assert saved(wanted).state == "kept"
        assert saved(first_word).state == "new"
        assert screen.search_query == "learning games"


@sync
async def test_keys_sent_with_a_query_before_the_index_is_ready_act_on_its_results():
    # while the index is built the list shows every paper; a query, Enter and s in one
    # packet must not keep the first of them, which the query never asked for: the s
    # waits for the query's results, and keeps the first of those
    opened = threading.Event()
    app = triage_app()

    def late_engine(library, progress):  # type: ignore[no-untyped-def]
        opened.wait(10)
        return real_engine(library)

    app.services = replace(app.services, open_engine=late_engine)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.library is not None and screen.results.rows:
                break
        every = ids(screen)
        screen.action_focus_search()
        await pilot.pause()
        await burst(pilot, [*"learning games", "enter", "s"], wait=False)
        assert ids(screen) == []
        opened.set()
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.engine is not None and ids(screen):
                break
        await settle(pilot)
        wanted = screen.engine.search("learning games", prefix=True).hits[0].paper.id
        assert wanted != every[0]
        assert [saved(pid).state for pid in every] == [
            "kept" if pid == wanted else "new" for pid in every
        ]
        assert screen.displayed_query == "learning games" and ids(screen)


@sync
async def test_the_paper_left_on_is_found_among_the_querys_results_not_every_papers():
    # a start: the lists, read again as the reader opens, are drawn (every paper) while
    # the restored query's search is on its way; the paper left on was sought among
    # every paper there, and lost before the query's results came
    app = triage_app()
    app.services = replace(
        app.services, open_engine=lambda library, progress: _SlowEngine(real_engine(library))
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await settle(pilot)
        hits = [hit.paper.id for hit in screen.engine.search("model", prefix=True).hits]
        left_on = hits[-1]
        screen._resume = {"version": 1, "query": "model", "paper": left_on, "scroll": 0}
        screen._search_times.clear()  # as on a start: the first searches go to a worker
        screen.search_query = "model"  # its search: in a worker, 150 ms
        screen._show_rows(screen._all_rows(screen.library))  # every paper, redrawn
        await settle(pilot)
        await pilot.pause(0.3)
        await settle(pilot)
        assert screen.displayed_query == "model"
        assert screen.current_paper.id == left_on


@sync
async def test_changes_not_saved_as_the_reader_closes_are_told_not_lost(monkeypatch):
    # the triage file held by another program as q comes: the first queued write waits
    # it out and fails, the rest are not tried; each change is given back to be said
    held = threading.Event()
    tries = {"n": 0}
    books = []

    @contextmanager
    def busy_while_held(self):  # type: ignore[no-untyped-def]
        if held.is_set():
            tries["n"] += 1
            _until_closing(books[0])  # as a busy file does, for its timeout: q comes meanwhile
            raise StoreFull("The triage file is busy; another program is using it.")
        with _original_write(self) as conn:
            yield conn

    monkeypatch.setattr(Store, "_write", busy_while_held)
    told: list[tuple[str, list[str]]] = []
    app = triage_app()
    app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        books.append(screen.triage)
        await burst(pilot, "s")
        names = [" ".join(screen.library.get(p).title.split()) for p in (second, third)]
        last = " ".join(screen.library.get(ids(screen)[-1]).title.split())
        # a draft on the last paper, kept with the position; then back to the second
        await pilot.press("end", "n", *"left as a draft", "escape", "home", "down")
        await pilot.pause()
        held.set()
        await pilot.press("n", *"a note", "ctrl+s")  # its write waits for the file
        await pilot.pause()
        await quit_with(pilot, ["s", "m", "q"])
    assert saved(first).state == "kept"
    assert [saved(p).state for p in (second, third)] == ["new", "new"]
    ((why, lines),) = told
    assert "busy" in why
    assert lines == [
        f"note on “{names[0]}”: a note",
        f"kept: “{names[0]}”",
        f"maybe: “{names[1]}”",
        f"note typed on “{last}”: left as a draft",  # the position was not saved either
    ]
    assert tries["n"] == 1  # the changes after it did not each wait for the busy file


def _until_closing(book) -> None:  # type: ignore[no-untyped-def]
    """Wait (the writer's thread) until the reader is closing: a busy file's timeout
    that q comes within, however slow the machine (a bound only for a q never coming)."""
    for _ in range(18000):
        if book.closing:
            return
        time.sleep(0.01)


@sync
async def test_a_place_kept_that_meets_a_busy_file_as_the_reader_closes_is_its_one_wait(
    monkeypatch,
):
    # a look had queued the reader's place just before the file was held: it waited out
    # the busy file, q came meanwhile, and the position saved as the reader closes, with
    # the draft in it, was tried after it, the reader closing one more wait later
    held = threading.Event()
    tries = {"n": 0}
    books = []

    @contextmanager
    def busy_while_held(self):  # type: ignore[no-untyped-def]
        if held.is_set():
            tries["n"] += 1
            _until_closing(books[0])
            raise StoreBusy("The triage file is busy; another program is using it.")
        with _original_write(self) as conn:
            yield conn

    monkeypatch.setattr(Store, "_write", busy_while_held)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        name = " ".join(screen.library.get(ids(screen)[0]).title.split())
        books.append(screen.triage)
        await burst(pilot, ["n", *"a draft", "escape"])
        held.set()
        screen.triage._looks_since_place = PLACE_LOOKS
        screen.triage.keep_place({"query": "a place not kept"})  # waits for the file
        await quit_with(pilot, ["q"])
    ((why, lines),) = told
    assert "busy" in why
    assert lines == [f"note typed on “{name}”: a draft"]  # the position was not saved
    assert tries["n"] == 1  # nothing after it waited for the busy file again


@sync
async def test_a_note_whose_save_failed_comes_back_to_the_next_edit(monkeypatch):
    fail = threading.Event()

    @contextmanager
    def full_when_told(self):  # type: ignore[no-untyped-def]
        if fail.is_set():
            raise StoreFull("Could not write the triage file; the disk may be full.")
        with _original_write(self) as conn:
            yield conn

    monkeypatch.setattr(Store, "_write", full_when_told)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        fail.set()
        await burst(pilot, ["n", *"worth keeping", "ctrl+s"])
        assert saved(first).note == ""
        assert any("disk may be full" in text for text in notices(app))
        fail.clear()
        await burst(pilot, ["n"])
        assert isinstance(app.screen, NoteEditor)
        assert app.screen.query_one("#note-input").text == "worth keeping"


def _full_when_told(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Every write fails as on a full disk while the event returned is set."""
    full = threading.Event()

    @contextmanager
    def full_when_told(self):  # type: ignore[no-untyped-def]
        if full.is_set():
            raise StoreFull("Could not write the triage file; the disk may be full.")
        with _original_write(self) as conn:
            yield conn

    monkeypatch.setattr(Store, "_write", full_when_told)
    return full


def _telling_app():  # type: ignore[no-untyped-def]
    """The reader, and what it would say on the command line as it closes."""
    told: list[tuple[str, list[str]]] = []
    app = triage_app()
    app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    return app, told


@sync
async def test_a_note_a_full_disk_refused_is_told_as_the_reader_closes(monkeypatch):
    # refused, brought back with n and left with Escape, then q on the disk still full:
    # the reader closed with exit code 0 and not a word, and the text was gone
    full = _full_when_told(monkeypatch)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        name = " ".join(screen.library.get(ids(screen)[0]).title.split())
        full.set()
        await burst(pilot, ["n", *"worth keeping", "ctrl+s"])
        assert any("disk may be full" in text for text in notices(app))
        await burst(pilot, ["n"])
        assert app.screen.query_one("#note-input").text == "worth keeping"
        await quit_with(pilot, ["escape", "q"])
    ((why, lines),) = told
    assert "disk may be full" in why
    assert lines == [f"note on “{name}”: worth keeping"]  # once, with its text


@sync
async def test_tags_typed_for_marked_papers_are_told_when_the_position_cannot_be_saved(
    monkeypatch,
):
    # the disk full as the reader closes on the editor opened for marked papers: the
    # position, which keeps the text for the next run, is not saved, and the text was
    # lost without a word (the editor opened for one paper has it said)
    full = _full_when_told(monkeypatch)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        names = [" ".join(screen.library.get(p).title.split()) for p in ids(screen)[:2]]
        await burst(pilot, ["space", "space", "t", *"aa, bb"])
        full.set()
        await quit_with(pilot, ["ctrl+q"])
    ((why, lines),) = told
    assert "disk may be full" in why
    assert lines == [f"tags typed for 2 marked papers (“{names[0]}”, “{names[1]}”): aa, bb"]


@sync
async def test_a_refused_note_goes_to_the_next_run_when_the_position_can_be_saved(monkeypatch):
    full = _full_when_told(monkeypatch)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        name = " ".join(screen.library.get(first).title.split())
        full.set()
        await burst(pilot, ["n", *"worth keeping", "ctrl+s"])
        await burst(pilot, ["n", "escape"])  # the text it opened with is kept again
        full.clear()  # space freed: the position, and the text with it, is saved
        await quit_with(pilot, ["q"])
    ((why, lines),) = told
    assert "disk may be full" in why
    assert lines == [f"note on “{name}” (kept: n on it brings it back): worth keeping"]
    assert saved(first).note == ""
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        assert screen.current_paper.id == first
        await open_editor(pilot, "n", NoteEditor)
        assert app.screen.query_one("#note-input").text == "worth keeping"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert saved(first).note == "worth keeping"
        await quit_with(pilot, ["q"])
    assert told == []


@sync
async def test_changes_refused_and_not_saved_since_are_told_as_the_reader_closes(monkeypatch):
    full = _full_when_told(monkeypatch)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        names = [" ".join(screen.library.get(p).title.split()) for p in (first, second)]
        full.set()
        await burst(pilot, "sss")  # all three refused
        full.clear()
        await burst(pilot, "z")  # takes back the third's keep, which was never saved
        await burst(pilot, ["home", "x"])  # the first, saved
        await burst(pilot, ["home", "t", *"later", "enter"])
        assert saved(first).state == "skip" and saved(first).tags == ("later",)
        full.set()
        await burst(pilot, ["home", "t", *"again", "enter"])
        full.clear()
        await quit_with(pilot, ["q"])
    assert saved(second).state == saved(third).state == "new"
    ((why, lines),) = told
    assert "disk may be full" in why
    # the first's keep was made again (a skip, saved); the third's taken back
    assert lines == [f"kept: “{names[1]}”", f"tags again, later: “{names[0]}”"]


def _malformed(*_args, **_kwargs):  # type: ignore[no-untyped-def]
    """What SQLite raises where the store meets a damaged page it did not expect."""
    raise sqlite3.DatabaseError("database disk image is malformed")


def _errors(app) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(title, message) of the error notices shown so far."""
    return [(str(n.title), str(n.message)) for n in app._notifications if n.severity == "error"]


@sync
async def test_changes_that_fail_together_are_said_once_naming_them(monkeypatch):
    # five keeps queued as the file failed: "Could not save: DatabaseError: database disk
    # image is malformed" five times, stacked
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        name = " ".join(screen.library.get(ids(screen)[0]).title.split())
        monkeypatch.setattr(Store, "set_state_many", _malformed)
        await burst(pilot, "sssss")
        assert screen.triage_states == {}
        ((title, said),) = _errors(app)
        assert title.startswith(f"Not saved: 5 changes to “{name[:30]}")
        assert title.endswith("and 4 more papers")
        assert "damaged (database disk image is malformed)" in said and "recover" in said
        assert "DatabaseError" not in said


@sync
async def test_changes_a_full_disk_refused_together_are_said_as_several(monkeypatch):
    # "Not saved: 3 changes to …" over "… The change was not saved; free some space",
    # and the same as the reader closed, over the three changes it listed
    def full(self):  # type: ignore[no-untyped-def]
        raise self._write_error(sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(Store, "_write", full)
    app, told = _telling_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        name = " ".join(screen.library.get(ids(screen)[0]).title.split())
        await burst(pilot, "sss")
        ((title, said),) = _errors(app)
        assert title.startswith(f"Not saved: 3 changes to “{name[:30]}")
        assert "disk may be full. The changes were not saved; free some space" in said
        await burst(pilot, "x")  # one alone: "The change"
        assert "disk may be full. The change was not saved;" in _errors(app)[-1][1]
        await quit_with(pilot, ["q"])
    ((why, lines),) = told
    # the highlight went back to the first paper: the skip is the first paper's, in
    # place of its keep
    assert len(lines) == 3 and "disk may be full. The changes were not saved" in why
    assert lines[-1].startswith("skipped: ") and name[:30] in lines[-1]


@sync
async def test_a_burst_a_busy_file_refused_is_said_once_with_the_highlight_on_its_first(
    monkeypatch,
):
    # another program held the triage file (BEGIN EXCLUSIVE) as s m x r were pressed:
    # four "Not saved … is busy" notices came, one per wait, and the last put the
    # highlight back on the fourth paper ("back on it"), so s again kept that one
    path = resolve().ensure().state_db
    tried: list[list[str]] = []
    original = Store.set_state_many

    def counted(self, ids, state):  # type: ignore[no-untyped-def]
        tried.append(list(ids))
        return original(self, ids, state)

    monkeypatch.setattr(Store, "set_state_many", counted)
    app = make_app(SAMPLE)
    app.services = replace(app.services, open_store=lambda: Store.open(path, timeout=0.5))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        name = " ".join(screen.library.get(order[0]).title.split())
        holder = sqlite3.connect(path, isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")  # writes nothing, and lets no one write
            await burst(pilot, "smxr")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert screen.triage.states == {}
        ((title, said),) = _errors(app)
        assert title.startswith(f"Not saved: 4 changes to “{name[:30]}")
        assert title.endswith("and 3 more papers")
        assert "is busy" in said and "The changes were not saved" in said
        assert said.endswith("The highlight is back on the first, to try again.")
        assert screen.current_paper.id == order[0]
        # the changes queued behind the first one refused were not tried: each would
        # have waited out the same busy file
        assert tried == [[order[0]]]
        await burst(pilot, "smxr")  # the file free again: the same keys retry them all
        states = [saved(pid).state for pid in order[:5]]
        assert states == ["kept", "maybe", "skip", "read", "new"]
        assert screen.current_paper.id == order[4]


@sync
async def test_changes_queued_behind_a_place_kept_against_a_busy_file_are_not_tried(
    monkeypatch,
):
    # the reader's place, kept as it runs, met the busy file first and waited it out,
    # unsaid; each change queued behind it then waited it out again (the keys said "Not
    # saved" one wait later than they had to), where behind a change they are refused
    # with it, untried
    gate = threading.Event()
    tried: list[list[str]] = []
    original = Store.set_state_many
    original_place = Store.save_ui_state

    def busy_place(self, key, value):  # type: ignore[no-untyped-def]
        gate.wait(30)  # (held until the keys are queued behind it)
        raise StoreBusy("The triage file is busy; another program is using it.")

    def counted(self, ids, state):  # type: ignore[no-untyped-def]
        tried.append(list(ids))
        return original(self, ids, state)

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        order = ids(screen)
        monkeypatch.setattr(Store, "save_ui_state", busy_place)
        monkeypatch.setattr(Store, "set_state_many", counted)
        screen.triage._looks_since_place = PLACE_LOOKS
        screen.triage.keep_place({"query": "a place not kept"})
        await burst(pilot, "smxr", wait=False)
        gate.set()
        await settle(pilot)
        assert tried == []  # none waited out the busy file again
        assert screen.triage.states == {}
        ((title, said),) = _errors(app)
        assert title.startswith("Not saved: 4 changes")
        assert "is busy" in said
        assert screen.current_paper.id == order[0]
        monkeypatch.setattr(Store, "save_ui_state", original_place)
        await burst(pilot, "smxr")  # the file free again: the same keys retry them all
        assert tried == [[order[0]], [order[1]], [order[2]], [order[3]]]
        assert [saved(pid).state for pid in order[:4]] == ["kept", "maybe", "skip", "read"]


@sync
async def test_a_look_at_the_triage_file_that_fails_again_is_said_once(monkeypatch):
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        monkeypatch.setattr(Store, "changed_elsewhere", _malformed)
        for _look in range(3):
            screen.poll_triage()
            await settle(pilot)
        ((title, said),) = _errors(app)
        assert title == "Triage file"
        assert said.startswith("Could not read the triage file")
        assert "DatabaseError" not in said and "Could not save" not in said


def _gated_store_app(gate: threading.Event):  # type: ignore[no-untyped-def]
    """The reader whose triage file opens only once ``gate`` is set."""
    app = triage_app()
    opener = app.services.open_store

    def late_store():  # type: ignore[no-untyped-def]
        gate.wait(10)
        return opener()

    app.services = replace(app.services, open_store=late_store)
    return app


async def _left_on_second_hit_of(query: str) -> str:
    """Run the reader once: ``query``, its second hit highlighted, quit; that hit's id."""
    async with triage_app().run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*query, "enter", "down")
        await settle(pilot)
        return screen.current_paper.id


@sync
async def test_keys_typed_as_the_reader_starts_act_on_the_screen_it_left():
    # Enter and s typed before the triage file opened: s was refused ("still opening")
    # on a list of every paper; they wait for it, and keep the paper the last run left on
    left_on = await _left_on_second_hit_of("diffusion")
    gate = threading.Event()
    app = _gated_store_app(gate)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.library is not None and screen.engine is not None:
                break
        await burst(pilot, ["enter", "s"], wait=False)
        gate.set()
        await ready(pilot)
        await settle(pilot)
        assert screen.search_query == "diffusion"
        assert saved(left_on).state == "kept"
        assert list(screen.triage.states) == [left_on]


@sync
async def test_a_query_restored_late_never_lands_on_keys_already_typed(monkeypatch):
    # the triage file slower than keys are held for: Enter has gone to the list (every
    # paper) by the time the last run's query comes back, which is then not restored
    await _left_on_second_hit_of("diffusion")
    monkeypatch.setattr(keys, "HOLD_SECONDS", 0.05)
    gate = threading.Event()
    app = _gated_store_app(gate)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(200):
            await pilot.pause(0.01)
            if screen.library is not None and screen.engine is not None:
                break
        await burst(pilot, ["enter"], wait=False)
        for _ in range(200):
            await pilot.pause(0.01)
            if app.focused is screen.results:
                break
        assert app.focused is screen.results
        gate.set()
        await ready(pilot)
        await settle(pilot)
        assert screen.search_box.value == screen.search_query == ""
        assert len(screen.results.rows) == len(screen.library)
