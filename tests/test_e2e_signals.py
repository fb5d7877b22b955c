"""Signals from outside (``kill``, a closed terminal) while triage changes are queued:
each is written before the reader stops or closes, as the keys that stop or close it do.

The test holds the triage file's write lock while the keys are typed, so the changes
are still queued, shown but not written, when the signal comes; it lets go right after.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_util import WAIT_LIMIT, Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
PROMPT = "READER-EXITED"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def start_reader(home: Path) -> Tmux:
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
    tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    return tmux


def reader_pid(tmux: Tmux) -> int:
    pane = tmux._tmux("display-message", "-p", "-t", "0", "#{pane_pid}").strip()
    found = subprocess.run(["pgrep", "-P", pane], capture_output=True, text=True, check=False)
    (pid,) = found.stdout.split()
    return int(pid)


def process_state(pid: int) -> str:
    """The process's state letter (T: stopped), or "" once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            state = handle.read().split(") ")[1][0]
    except OSError:
        return ""
    return "" if state == "Z" else state


def wait_until(holds, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT_LIMIT
    while not holds():
        assert time.monotonic() < deadline, f"timed out waiting: {what}"
        time.sleep(0.05)


@contextlib.contextmanager
def triage_file_held(home: Path, pid: int) -> Iterator[None]:
    """The triage file's write lock held by another program: the reader's writes wait.
    It is let go a moment after the block, or as soon as the reader has stopped or
    closed: a reader that does so without waiting for its writes does it in that moment
    (and one that waits cannot, until the lock is let go)."""
    conn = sqlite3.connect(home / "triage.sqlite3", isolation_level=None, timeout=30)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield
        held_until = time.monotonic() + 1.0
        while process_state(pid) not in ("T", "") and time.monotonic() < held_until:
            time.sleep(0.02)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def saved_states(home: Path) -> list[str]:
    """The saved state of each paper of the sample, in list order."""
    from tuireader.ingest.library import load_library
    from tuireader.triage.store import Store

    papers = load_library([SAMPLE]).papers
    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        return [store.get(paper.id).state for paper in papers]


def test_kill_tstp_writes_the_queued_decisions_first_and_fg_draws_the_reader_again(tmp_path):
    # an outside SIGTSTP stopped the reader on the spot, its queued decisions unwritten:
    # the command line, used while it was stopped, did not see them
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        with triage_file_held(home, pid):
            tmux.type("sssx")
            tmux.wait_for(lambda s: "3 kept" in s and "1 skipped" in s)
            os.kill(pid, signal.SIGTSTP)
        wait_until(lambda: process_state(pid) in ("T", ""), "the reader to stop")
        assert process_state(pid) == "T"
        assert saved_states(home) == ["kept"] * 3 + ["skip"] + ["new"] * 7
        tmux.wait_for(lambda s: "⏎ Open" not in s)  # the terminal was given back
        os.kill(pid, signal.SIGCONT)
        tmux.wait_for(lambda s: "3 kept" in s and "⏎ Open" in s)
        tmux.send("s")  # and work goes on
        tmux.wait_for(lambda s: "4 kept" in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] * 3 + ["skip", "kept"] + ["new"] * 6


@pytest.mark.parametrize(
    ("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)]
)
def test_kill_writes_the_queued_decisions_before_the_reader_closes(tmp_path, signum, code):
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        with triage_file_held(home, pid):
            tmux.type("sssx")
            tmux.wait_for(lambda s: "3 kept" in s and "1 skipped" in s)
            os.kill(pid, signum)
        tmux.wait_for(lambda s: f"{PROMPT} {code}" in s)
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] * 3 + ["skip"] + ["new"] * 7


def test_a_closed_terminal_writes_the_queued_decisions(tmp_path):
    # the ssh link dropped: the terminal is gone (SIGHUP, then SIGCONT) with changes queued
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        with triage_file_held(home, pid):
            tmux.type("sssx")
            tmux.wait_for(lambda s: "3 kept" in s and "1 skipped" in s)
            tmux.close()
        wait_until(lambda: process_state(pid) == "", "the reader to close")
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] * 3 + ["skip"] + ["new"] * 7


def start_in_a_shell(home: Path) -> tuple[Tmux, int]:
    """The reader run by an interactive shell (job control: Ctrl+Z, bg, fg, kill %1),
    on the list; and its process id."""
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    tmux.start("PS1='$ ' exec bash --norc -i")
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.type(command)  # (alone: a shell goes on to what follows when it stops)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    return tmux, reader_pid(tmux)


def test_kill_of_a_stopped_reader_closes_it(tmp_path):
    # `kill %1` on the reader stopped with Ctrl+Z sends SIGTERM, then SIGCONT: the reader,
    # continued in the background, touched the terminal (the shell's by then) and was
    # stopped again at once, before it could close; the job stayed stopped for good
    home = tmp_path / "home"
    tmux, pid = start_in_a_shell(home)
    try:
        tmux.send("s")
        tmux.wait_for(lambda s: "1 kept" in s and "saving" not in s)
        tmux.send("C-z")
        tmux.wait_for(lambda s: "Stopped" in s and s.rstrip().endswith("$"))
        tmux.type("kill %1")
        tmux.send("Enter")
        wait_until(lambda: process_state(pid) != "T", "the reader to go on")
        wait_until(lambda: process_state(pid) in ("", "T"), "the reader to close")
        assert process_state(pid) == ""
        tmux.type("jobs")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "Exit 143" in s or "Terminated" in s)
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] + ["new"] * 10


def test_bg_stops_the_reader_again_and_fg_brings_it_back(tmp_path):
    home = tmp_path / "home"
    tmux, pid = start_in_a_shell(home)
    try:
        tmux.send("C-z")
        tmux.wait_for(lambda s: "Stopped" in s and s.rstrip().endswith("$"))
        tmux.type("bg")
        tmux.send("Enter")
        wait_until(lambda: process_state(pid) == "T", "the reader to stop again")
        tmux.type("fg")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s and "11 left" in s)
        tmux.send("s")
        tmux.wait_for(lambda s: "1 kept" in s and "saving" not in s)
        tmux.send("q")
        wait_until(lambda: process_state(pid) == "", "the reader to close")
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] + ["new"] * 10


def test_a_closed_terminal_keeps_the_tags_typed_in_the_open_editor(tmp_path):
    # the ssh link dropped with the tag editor open and tags typed: they were lost, where
    # the note editor's text is kept for the next run's n
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        tmux.send("t")
        tmux.wait_for(lambda s: "Enter saves" in s)
        tmux.type("first-look, to-read")
        tmux.wait_for(lambda s: "first-look, to-read" in s)
        tmux.close()
        wait_until(lambda: process_state(pid) == "", "the reader to close")
    finally:
        tmux.close()
    assert saved_tags(home) == set()  # typed, not saved: Enter was never pressed
    tmux = start_reader(home)
    try:
        tmux.send("t")
        tmux.wait_for(lambda s: "Enter saves" in s and "first-look, to-read" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "Enter saves" not in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    assert saved_tags(home) == {"first-look", "to-read"}


def saved_tags(home: Path) -> set[str]:
    """Every tag saved on a paper."""
    from tuireader.triage.store import Store

    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        return {tag for tags in store.snapshot().tags.values() for tag in tags}


def test_a_closed_terminal_keeps_the_tags_typed_for_marked_papers(tmp_path):
    # the same, with the editor opened on marked papers: their text was lost
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        tmux.send("Home", "Space", "Space", "t")
        tmux.wait_for(lambda s: "Enter saves" in s and "2 marked papers" in s)
        tmux.type("first-look, to-read")
        tmux.wait_for(lambda s: "first-look, to-read" in s)
        tmux.close()
        wait_until(lambda: process_state(pid) == "", "the reader to close")
    finally:
        tmux.close()
    assert saved_tags(home) == set()
    tmux = start_reader(home)
    try:
        tmux.send("Home", "Space", "Space", "t")  # the same papers
        tmux.wait_for(lambda s: "Enter saves" in s and "first-look, to-read" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "Enter saves" not in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    assert saved_tags(home) == {"first-look", "to-read"}


def start_again(home: Path) -> Tmux:
    """The reader started again on the same data folder, its list shown."""
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
    tmux.wait_for(lambda s: "index: ready" in s and "left" in s)
    return tmux


def test_a_hangup_right_after_a_burst_of_decisions_saves_each_one_shown(tmp_path):
    # the ssh link drops right after keys sent in one packet: every decision the screen
    # shows is written, and the next start comes up with them and nothing to warn of
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        tmux.type("sjsxjxjs")
        tmux.wait_for(lambda s: "3 kept" in s and "2 skipped" in s)
        os.kill(pid, signal.SIGHUP)
        tmux.wait_for(lambda s: f"{PROMPT} 129" in s)
    finally:
        tmux.close()
    assert (
        saved_states(home)
        == ["kept", "new", "kept", "skip", "new", "skip", "new", "kept"] + ["new"] * 3
    )
    tmux = start_again(home)
    try:
        screen = tmux.wait_for(lambda s: "3 kept · 2 skipped · 6 left" in s)
        assert "saving" not in screen and "warning" not in screen
        tmux.send("C-q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()


def typed_text(home: Path) -> str:
    """The note and tag text kept as it is typed that the triage file holds (all of it)."""
    conn = sqlite3.connect(home / "triage.sqlite3", timeout=30)
    try:
        rows = conn.execute("SELECT value FROM ui_state WHERE key LIKE 'drafts %'").fetchall()
    finally:
        conn.close()
    return " ".join(value for (value,) in rows)


def test_a_killed_reader_leaves_the_note_typed_in_the_open_editor_to_the_next_start(tmp_path):
    # kill -9 (or the machine gone) with a note typed and not saved: the text was kept in
    # memory only, and lost with the process
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        tmux.send("n")
        tmux.wait_for(lambda s: "Ctrl+S saves" in s)
        tmux.type("read section 4 again")
        tmux.wait_for(lambda s: "read section 4 again" in s)
        wait_until(lambda: "read section 4 again" in typed_text(home), "the text kept on disk")
        os.kill(pid, signal.SIGKILL)
        tmux.wait_for(lambda s: f"{PROMPT} 137" in s)
    finally:
        tmux.close()
    tmux = start_again(home)
    try:
        tmux.wait_for(lambda s: "Note text you had not saved is kept" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("n")
        tmux.wait_for(lambda s: "Ctrl+S saves" in s and "read section 4 again" in s)
        tmux.send("C-s")
        tmux.wait_for(lambda s: "Ctrl+S saves" not in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    from tuireader.ingest.library import load_library
    from tuireader.triage.store import Store

    first = load_library([SAMPLE]).papers[0]
    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        assert store.get(first.id).note == "read section 4 again"
    assert typed_text(home) == ""  # saved as the note: no longer kept as typed


def saved_place(home: Path) -> dict:  # type: ignore[type-arg]
    """The reader's position the triage file holds ({}: none)."""
    import json

    conn = sqlite3.connect(home / "triage.sqlite3", timeout=30)
    try:
        row = conn.execute("SELECT value FROM ui_state WHERE key = 'reader'").fetchone()
    finally:
        conn.close()
    return {} if row is None else json.loads(row[0])


def test_a_killed_reader_comes_back_where_it_was_left(tmp_path):
    # kill -9 (or a crash, the machine gone): the next start came back where the last run
    # that closed was left, the search box empty and the first row highlighted; keys
    # typed blind then landed on papers already decided
    home = tmp_path / "home"
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    try:
        tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.type("learning")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        pid = reader_pid(tmux)
        tmux.type("jjj")
        wait_until(
            lambda: (
                saved_place(home).get("query") == "learning" and saved_place(home).get("row") == 3
            ),
            "the place kept on disk",
        )
        left_on = saved_place(home)["paper"]
        os.kill(pid, signal.SIGKILL)
        tmux.wait_for(lambda s: f"{PROMPT} 137" in s)
    finally:
        tmux.close()
    tmux = start_again(home)
    try:
        tmux.wait_for(lambda s: "learning" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("s")  # on the paper left on, not the first row
        tmux.wait_for(lambda s: "1 kept" in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    from tuireader.triage.store import Store

    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        assert store.snapshot().states == {left_on: "kept"}


def test_a_hangup_with_the_triage_file_held_past_the_wait_leaves_the_decisions_to_the_next_start(
    tmp_path,
):
    # the ssh session closed while another program held the triage file longer than the
    # wait on the way out: the decisions shown were said on stderr only, to the terminal
    # gone with it; the next reader marked none of them and said nothing
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        pid = reader_pid(tmux)
        holder = sqlite3.connect(home / "triage.sqlite3", isolation_level=None, timeout=30)
        try:
            holder.execute("BEGIN IMMEDIATE")
            tmux.type("sss")
            tmux.wait_for(lambda s: "3 kept" in s and "saving" in s)
            os.kill(pid, signal.SIGHUP)
            wait_until(lambda: process_state(pid) == "", "the reader to close")
        finally:
            holder.close()
    finally:
        tmux.close()
    assert saved_states(home) == ["new"] * 11  # not saved as it closed
    tmux = start_again(home)
    try:
        screen = tmux.wait_for(lambda s: "3 kept" in s and "not saved" in s)
        assert "3 decisions made as the reader closed" in screen
        tmux.send("C-q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    assert saved_states(home) == ["kept"] * 3 + ["new"] * 8
