"""The look at the triage file (once a second) reads where others' changes were made.
A triage file found damaged by that read was let go of without a word: the reader went
read-only, and nothing said it until the next change was refused. It is said at once,
once, in the words a refused change says it with, and kept in the log W opens, the
decisions shown kept on the screen; a file merely locked by another program is not taken
for a damaged one."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from e2e_util import notices, settle, sync
from test_ui_notice_log import log_rows, words
from test_ui_triage import ids, start
from test_ui_typed_drafts import reader, said_damaged

from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin
from tuireader.ui.screens.main import MainScreen

#: a program that takes the triage file's write lock (``tuireader triage`` half way
#: through its write, say), says so, and holds it until its input is closed.
HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


@contextmanager
def held(path: Path) -> Iterator[None]:
    """The triage file at ``path`` locked by another program (:data:`HOLD`) meanwhile."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.stdin.close()
        holder.wait()


def damage(path: Path) -> None:
    """Damage the triage file at ``path`` as a sync writing into it does: everything in
    the file itself, its first page kept, the rest overwritten."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    whole = path.read_bytes()
    path.write_bytes(whole[:4096] + b"\xa5" * (len(whole) - 4096))


@sync
async def test_a_triage_file_damaged_under_the_reader_is_said_once_when_the_look_finds_it(
    monkeypatch,
):
    monkeypatch.setattr("tuireader.ui.screens.main.POLL_SECONDS", 3600)  # the test's looks only
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.NOTIFICATION_TIMEOUT = 3600  # still up as the test reads it
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        await pilot.press("s")
        await settle(pilot)
        with Store.open(path) as other:  # the command line marks a paper: the look reads it
            other.set_state(second, "maybe")
        damage(path)
        screen.poll_triage()
        await settle(pilot)
        assert screen.triage.store is not None and screen.triage.store.read_only
        assert screen.triage.state_of(first) == "kept"  # the decision shown stays shown
        said = said_damaged(app)
        assert len(said) == 1, notices(app)
        assert "tuireader recover" in said[0]
        for _ in range(3):  # the looks that follow say it no more
            screen.poll_triage()
            await settle(pilot)
        assert said_damaged(app) == said, notices(app)
        # kept in the log
        await pilot.press("W")
        await settle(pilot)
        assert words(said[0]) in words(log_rows(app))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        # the words a change refused says it with
        screen.results.select(ids(screen).index(third))
        await pilot.press("x")
        await settle(pilot)
        refused = [n for n in app._notifications if str(n.title).startswith("Not saved")]
        assert refused and str(refused[-1].message).startswith(said[0]), notices(app)


@sync
async def test_a_triage_file_locked_by_another_program_at_the_look_is_not_said_damaged(
    monkeypatch,
):
    monkeypatch.setattr("tuireader.ui.screens.main.POLL_SECONDS", 3600)  # the test's looks only
    path = resolve().ensure().state_db
    app = reader(path, reader_origin())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        await pilot.press("s")
        await settle(pilot)
        with Store.open(path) as other:  # the command line marks a paper: the look reads it
            other.set_state(second, "maybe")
        with held(path):
            for _ in range(3):
                screen.poll_triage()
                await settle(pilot)
        assert said_damaged(app) == [], notices(app)
        assert screen.triage.store is not None and not screen.triage.store.read_only
        assert screen.triage.state_of(first) == "kept"
        assert screen.triage.state_of(second) == "maybe"
        screen.results.select(ids(screen).index(third))
        await pilot.press("x")  # saved, the lock let go of
        await settle(pilot)
    with Store.open(path, read_only=True) as saved:
        assert saved.states() == {first: "kept", second: "maybe", third: "skip"}
