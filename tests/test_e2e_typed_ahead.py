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
