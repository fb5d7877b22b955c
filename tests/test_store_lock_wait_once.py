"""A command that finds the triage file locked by another program waits for it once,
however many times it opens the file: the wait it says it made is all it waited."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage.store import Store

#: the wait for a locked file in these tests (the real one is seconds)
WAIT = 0.3


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


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
def marked(capsys, lst: Path) -> str:
    """The id of a paper marked kept, in a triage file that exists."""
    _, out, _ = run(capsys, "search", "grasping", "--json", str(lst))
    paper_id = json.loads(out)["hits"][0]["id"]
    assert run(capsys, "triage", paper_id, "--state", "keep", str(lst))[0] == 0
    return paper_id


@pytest.fixture
def waits(monkeypatch) -> Iterator[list[float]]:
    """Every wait for the lock the command makes, as the triage file stays locked by
    another program: SQLite waits the busy timeout in effect when a statement finds the
    file locked (0: none), and fails then."""
    found: list[float] = []

    class Watched(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            try:
                return super().execute(sql, *args)
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY"):
                    found.append(super().execute("PRAGMA busy_timeout").fetchone()[0] / 1000)
                raise

    connect = sqlite3.connect
    holder = connect(resolve().state_db, isolation_level=None)
    # another program holds the file, readers kept out too, and writes nothing
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    opened = Store.open.__func__  # type: ignore[attr-defined]

    def shortly(cls: type[Store], path: Any, **options: Any) -> Store:
        return opened(cls, path, **{"timeout": WAIT, **options})

    monkeypatch.setattr(Store, "open", classmethod(shortly))
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, factory=Watched, **k))
    try:
        yield found
    finally:
        monkeypatch.undo()
        holder.execute("ROLLBACK")
        holder.close()


LOCKED = f"is locked by another program and stayed locked for {WAIT:g} s"


def waited_once(found: list[float]) -> bool:
    return [wait for wait in found if wait] == [WAIT]


def test_a_triage_change_waits_once_and_is_refused(capsys, lst, marked, waits) -> None:
    code, _, err = run(capsys, "triage", marked, "--state", "read", str(lst))
    assert code == 2 and LOCKED in err and "Nothing was saved" in err, err
    assert waited_once(waits), waits


def test_a_note_change_waits_once_and_is_refused(capsys, lst, marked, waits) -> None:
    code, _, err = run(capsys, "note", marked, "--set", "later", str(lst))
    assert code == 2 and LOCKED in err and "Nothing was saved" in err, err
    assert waited_once(waits), waits


def test_a_search_waits_once_and_shows_papers_without_marks(capsys, lst, marked, waits) -> None:
    code, out, err = run(capsys, "search", "grasping", str(lst))
    assert code == 0 and marked in out, (out, err)
    assert err.count(LOCKED) == 1, err
    assert waited_once(waits), waits


@pytest.mark.parametrize(
    "command",
    [
        ("show", "{id}"),
        ("note", "{id}"),
        ("cite", "{id}"),
        ("export", "--format", "json"),
    ],
    ids=lambda command: command[0],
)
def test_other_commands_wait_once(capsys, lst, marked, waits, command) -> None:
    argv = [part.format(id=marked) for part in command]
    code, _, err = run(capsys, *argv, str(lst))
    assert code in (0, 1), err
    assert err.count(LOCKED) <= 1, err
    assert waited_once(waits), waits


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
