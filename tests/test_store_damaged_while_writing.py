"""A triage file damaged in place by another program (a sync writing into it) at the very
moment the reader's store writes into it is noticed all the same: its stat then looks as
the store's own write left it, and the damage was taken for the store's own change and
never checked again (the reader went on, saving over the damage)."""

from __future__ import annotations

from pathlib import Path

from tuireader.triage.store import Store

PAGE = 4096


def _open_with_logged_marks(path: Path) -> Store:
    """A store open on ``path`` with notes on several pages, read as a reader reads them,
    and its last decision in the log only."""
    with Store.open(path) as store:
        for i in range(100):
            store.set_state(f"p{i:04d}", "kept")
            store.set_note(f"p{i:04d}", "a note to keep " * 20)
    store = Store.open(path)
    store.snapshot()
    return store


def _damage_as(store: Store, statement: str) -> list[str]:
    """Overwrite pages 2 to 5 of the store's file as another program would, once, just as
    the store runs ``statement``; the statements it ran that way (one at most)."""
    path = store.path
    done: list[str] = []

    def write_into(sql: str) -> None:
        if sql.startswith(statement) and not done:
            done.append(sql)
            with open(path, "r+b") as handle:
                handle.seek(PAGE)
                handle.write(b"\xa5" * PAGE * 4)

    store._conn.set_trace_callback(write_into)
    return done


def test_damage_written_as_the_store_folds_its_log_in_is_noticed_at_the_next_look(
    tmp_path: Path,
) -> None:
    path = tmp_path / "triage.sqlite3"
    store = _open_with_logged_marks(path)
    done = _damage_as(store, "PRAGMA wal_checkpoint")
    store.set_state("later", "skip")  # its commit, then its fold into the file at a look
    said = [store.check_file() for _ in range(2)]  # the first folds the log in
    assert done, "the file was not written into"
    noticed = [problem for problem in said if problem is not None]
    assert noticed and "was damaged while tuireader ran" in noticed[0], said
    assert store.read_only
    store.close()


def test_a_look_after_the_stores_own_sound_write_finds_nothing_wrong(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = _open_with_logged_marks(path)
    store.set_state("later", "skip")
    for _ in range(3):
        assert store.check_file() is None
    store.set_state("p0001", "read")
    assert not store.read_only
    store.close()
