"""Keys typed while the reader starts: read as the first query, and not left echoed on the
shell's screen once the reader closes."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from e2e_util import Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
PROMPT = "READER-EXITED"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def test_keys_typed_before_the_reader_starts_are_not_left_on_the_shells_screen(tmp_path):
    # The terminal echoes keys typed before the reader takes it ("diffusion" on the row
    # under the command); the reader read them, closed, and the echo stayed on the screen,
    # the shell's next prompt after it.
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    gate = tmp_path / "go"
    wait = f"while [ ! -e {shlex.quote(str(gate))} ]; do sleep 0.05; done"
    try:
        # the keys come while the shell still waits, its terminal echoing them; the reader
        # starts once they are on the screen (after a sleep instead, a busy machine sent
        # them after the reader had started)
        tmux.start(f"{wait}; {command}; echo {PROMPT} $?; sleep 600")
        tmux.type("diffusion")
        tmux.wait_for(lambda s: "diffusion" in s.splitlines()[0])  # echoed by the terminal
        gate.touch()
        tmux.wait_for(lambda s: "2 of 11 papers match" in s)  # and read as the query
        tmux.send("C-q")
        screen = tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
        assert "diffusion" not in screen, screen
        assert screen.splitlines()[0].startswith(PROMPT), screen
    finally:
        tmux.close()


def test_keys_typed_ahead_with_an_enter_among_them_leave_no_row_behind(tmp_path):
    # Enter among the keys typed ahead put their echo on two rows ("diffusion", then "x"
    # under it); the reader cleared the row the cursor was on, and "diffusion" stayed on
    # the shell's screen above the next prompt. The keys still act: the query, then Enter
    # to the list, where x skips the first hit.
    tmux = Tmux(80, 24, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    gate = tmp_path / "go"
    wait = f"while [ ! -e {shlex.quote(str(gate))} ]; do sleep 0.05; done"
    try:
        tmux.start(f"echo SHELL-ABOVE; {wait}; {command}; echo {PROMPT} $?; sleep 600")
        tmux.wait_for(lambda s: s.startswith("SHELL-ABOVE\n"))  # the shell's, then the keys
        tmux.send("diffusion", "Enter", "x")
        tmux.wait_for(lambda s: s.splitlines()[1:3] == ["diffusion", "x"])  # the echo
        gate.touch()
        tmux.wait_for(lambda s: "2 of 11 papers match" in s and "1 skipped" in s)
        tmux.send("C-q")
        screen = tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
        assert screen.splitlines()[:2] == ["SHELL-ABOVE", f"{PROMPT} 0"], screen
    finally:
        tmux.close()
