"""The reader started on a triage file another program holds locked waits for it once:
reading its lists (which gives marks to papers whose id changed) and opening its store
each opened the file, and each waited the whole wait, one after the other when the
lists took a while to read; its notice said one wait."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_util import notices, sync

from tuireader.session import load_session
from tuireader.system.paths import resolve
from tuireader.triage.store import Store

#: the wait for a locked file in these tests (the real one is seconds)
WAIT = 0.3


@pytest.fixture
def lst(tmp_path: Path) -> Path:
    path = tmp_path / "list.jsonl"
    records = [
        {
            "title": f"Grasping study number {i} of many careful experiments",
            "authors": [f"Author {i}"],
            "abstract": f"We learn robot grasping of objects in clutter, variant {i}.",
        }
        for i in range(4)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def waits(monkeypatch, lst: Path) -> Iterator[tuple[list[float], sqlite3.Connection]]:
    """Every wait for the lock the opens of the triage file make (``Store.open``: the
    looks a store makes later for a file it could not open wait too, and are not
    counted), as the file stays locked by another program until the connection given
    with them ends its hold; SQLite waits the busy timeout in effect when a statement
    finds the file locked (0: none)."""
    paths = resolve().ensure()
    session = load_session([lst], data_dir=paths.root)  # the cache the reader starts from
    paper_id = session.library.papers[0].id
    with Store.open(paths.state_db) as store:
        store.set_state(paper_id, "kept")
    found: list[float] = []
    opening = threading.local()

    class Watched(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            try:
                return super().execute(sql, *args)
            except sqlite3.OperationalError as error:
                busy = getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY")
                if busy and getattr(opening, "now", False):
                    found.append(super().execute("PRAGMA busy_timeout").fetchone()[0] / 1000)
                raise

    connect = sqlite3.connect
    holder = connect(paths.state_db, isolation_level=None)
    # another program holds the file, readers kept out too, and writes nothing
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    opened = Store.open.__func__  # type: ignore[attr-defined]

    def shortly(cls: type[Store], path: Any, **options: Any) -> Store:
        opening.now = True
        try:
            return opened(cls, path, **{"timeout": WAIT, **options})
        finally:
            opening.now = False

    monkeypatch.setattr(Store, "open", classmethod(shortly))
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, factory=Watched, **k))
    held = [True]

    def release() -> None:
        if held[0]:
            held[0] = False
            holder.execute("ROLLBACK")
            holder.close()

    try:
        yield found, release  # type: ignore[misc]
    finally:
        monkeypatch.undo()
        release()


def waited_once(found: list[float]) -> bool:
    return [wait for wait in found if wait] == [WAIT]


def test_opens_of_one_program_wait_for_a_locked_file_once_in_all(waits) -> None:
    from tuireader.session import TriageOpener

    found, release = waits
    path = resolve().state_db
    opener = TriageOpener()
    stores: list[Store] = []
    # at the same time, as a reader's lists are read as its store opens
    threads = [threading.Thread(target=lambda: stores.append(opener.open(path))) for _ in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # and after them
    stores.append(opener.open(path))
    try:
        assert waited_once(found), found
        for store in stores:
            assert store.read_only and store.found_locked
            assert f"stayed locked for {WAIT:g} s" in store.problem
    finally:
        for store in stores:
            store.close()
    release()
    # free again: opened as ever, and the next lock is waited for again
    with opener.open(path) as store:
        assert not store.read_only and not store.found_locked


@sync
async def test_the_reader_started_on_a_locked_triage_file_waits_for_it_once(lst, waits):
    from tuireader.ui.app import ReaderApp, core_services

    found, _release = waits
    app = ReaderApp(core_services([lst], resolve()), show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(1000):
            if screen.library is not None and screen.triage.store is not None:
                break
            await pilot.pause()
        await pilot.pause()
        assert screen.library is not None and screen.triage.store is not None
        assert screen.store.read_only
        assert waited_once(found), found
        said = [notice for notice in notices(app) if "locked" in notice]
        assert len(said) == 1 and f"stayed locked for {WAIT:g} s" in said[0], notices(app)
