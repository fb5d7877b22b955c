"""A command that finds the triage file locked by another program waits for it once,
however many times it opens the file: the wait it says it made is all it waited."""

from __future__ import annotations

import sqlite3

import pytest

from tuireader.triage.store import Store

#: the wait for a locked file in these tests (the real one is seconds)
WAIT = 0.3


def test_a_store_opened_without_waiting_waits_at_each_change(tmp_path) -> None:
    from tuireader.triage.store import StoreBusy

    path = tmp_path / "triage.sqlite3"
    Store.open(path).close()
    store = Store.open(path, timeout=WAIT, wait=False)  # the file is not locked now
    assert not store.read_only and not store.found_locked, store.problem
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing, for longer than WAIT
    try:
        with pytest.raises(StoreBusy, match=f"held it for more than {WAIT:g} s"):
            store.set_state("p1", "kept")
        busy = store._conn.execute("PRAGMA busy_timeout").fetchone()[0]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        store.close()
    assert busy == WAIT * 1000
