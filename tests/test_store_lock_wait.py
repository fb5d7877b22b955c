"""A command that finds the triage file locked by another program says how long it
waited for it: the wait it made, all of it, not one of several waits."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage.store import LOCK_WAIT


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


def test_a_change_refused_by_a_lock_says_the_wait_it_made(capsys, monkeypatch, lst) -> None:
    _, out, _ = run(capsys, "search", "grasping", "--json", str(lst))
    ids = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", *ids, "--state", "keep", str(lst))[0] == 0
    db = resolve().state_db

    # every wait for the lock this command makes: SQLite waits as long as the busy
    # timeout in effect when a statement finds the file locked
    waits: list[float] = []

    class Watched(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            try:
                return super().execute(sql, *args)
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY"):
                    waits.append(super().execute("PRAGMA busy_timeout").fetchone()[0] / 1000)
                raise

    connect = sqlite3.connect
    holder = connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds it, and writes nothing
    try:
        with monkeypatch.context() as patch:
            patch.setattr(sqlite3, "connect", lambda *a, **k: connect(*a, factory=Watched, **k))
            code, out, err = run(capsys, "triage", ids[0], "--state", "read", str(lst))
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert code != 0 and "not saved" in err, err
    said = re.search(r"has held it for more than ([0-9.]+) s", err)
    assert said is not None, err
    assert waits and sum(waits) == float(said.group(1)) == LOCK_WAIT, (waits, err)
