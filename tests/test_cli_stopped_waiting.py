"""Ctrl-C (or ``kill``) while ``triage`` or ``note`` waits for the triage file another
program holds: the command stops then, not once the lock is let go or the wait is over,
saves nothing, says so, and ends with 130 (143)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from corpus_util import RECORDS, write_jsonl

#: runs the command with the triage file held by another connection (another program,
#: as SQLite sees it) for good, and the signal sent to itself from another thread once
#: the command waits for the lock; prints the waits it began inside SQLite (ms)
STOPPED_AS_IT_WAITS = textwrap.dedent(
    """
    import json, os, sqlite3, sys, threading
    from tuireader import cli
    from tuireader.system.paths import resolve

    waiting = threading.Event()
    waits = []

    class Watched(sqlite3.Connection):
        def execute(self, sql, *args):
            if sql.startswith("BEGIN IMMEDIATE"):
                # the longest it may wait inside SQLite, where no stop is taken
                timeout = super().execute("PRAGMA busy_timeout").fetchone()[0]
                if timeout:  # (a write kept for speed only, as the lists are read, waits not)
                    waits.append(timeout)
                    waiting.set()
            return super().execute(sql, *args)

    connect = sqlite3.connect
    holder = connect(resolve().state_db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    sqlite3.connect = lambda *a, **k: connect(*a, factory=Watched, **k)

    def stop():
        waiting.wait()
        os.kill(os.getpid(), int(os.environ["SIGNUM"]))

    threading.Thread(target=stop, daemon=True).start()
    code = cli.main(sys.argv[1:])
    print(json.dumps(waits), file=sys.stderr)
    sys.exit(code)
    """
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("command", ["triage", "note"])
def test_a_stop_while_the_triage_file_is_waited_for_saves_nothing(tmp_path, command, signum):
    # the stop was taken only once SQLite's wait was over: Ctrl-C did nothing for
    # seconds, and a command stopped so said nothing of its change
    lst = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home"), "SIGNUM": str(signum)}

    def tuireader(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tuireader", *argv],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )

    paper = tuireader("search", "privacy", str(lst)).stdout.split()[0]
    tuireader("triage", paper, "--state", "maybe", str(lst))  # the triage file exists
    change = ["--set", "later"] if command == "note" else ["--state", "skip"]
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_AS_IT_WAITS, command, paper, *change, str(lst)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 128 + signum, done.stderr
    *said, waits = done.stderr.splitlines()
    assert said == ["tuireader: stopped before the change was saved: nothing changed"]
    assert done.stdout == ""
    # stopped within the wait, not after all of it (5 s, the most a change waits)
    assert 0 < sum(json.loads(waits)) < 5000, waits
    shown = json.loads(tuireader("show", paper, str(lst), "--json").stdout)
    assert (shown["state"], shown["note"]) == ("maybe", "")
