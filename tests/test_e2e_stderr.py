"""The reader with its stderr sent to a file (``tuireader 2>err.log``) in a real terminal:
it draws on the terminal, and what it says as it closes goes to the file."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from e2e_util import Tmux, index_settled, installed_command, notice_text, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
PROMPT = "READER-EXITED"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def start_reader(home: Path, log: Path | None) -> Tmux:
    """The reader with stderr sent to ``log`` (None: stderr closed, ``2>&-``)."""
    tmux = Tmux(120, 40, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = shlex.join([str(installed_command()), str(SAMPLE)])
    redirect = "2>&-" if log is None else f"2>{shlex.quote(str(log))}"
    tmux.start(f"{command} {redirect}; echo {PROMPT} $?; sleep 600")
    return tmux


@pytest.mark.parametrize("closed", [False, True], ids=["2>err.log", "2>&-"])
def test_the_reader_draws_on_the_terminal_with_stderr_sent_to_a_file(tmp_path, closed):
    # Textual draws on stderr: the whole reader went into the file (or nowhere), the
    # terminal stayed blank and took keys unseen
    log = tmp_path / "err.log"
    tmux = start_reader(tmp_path / "home", None if closed else log)
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("s")
        tmux.wait_for(lambda s: "1 kept" in s and "saving" not in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
    assert closed or log.read_bytes() == b""  # nothing to say: not a byte of the screen


def test_what_the_reader_says_as_it_closes_goes_to_the_file(tmp_path):
    # the changes not saved, listed on stderr as the reader closes, go where stderr goes
    from test_store_faults import fill, tmpfs

    log = tmp_path / "err.log"
    with tmpfs(tmp_path / "home", "300k") as home:
        tmux = start_reader(home, log)
        try:
            tmux.wait_for(lambda s: "11 left" in s and index_settled(s))
            tmux.send("Enter")
            tmux.wait_for(lambda s: "⏎ Open" in s)
            fill(home)
            tmux.send("n")
            tmux.wait_for(lambda s: "Ctrl+S saves" in s)
            tmux.type("kept on stderr")
            tmux.send("C-s")
            tmux.wait_for(lambda s: "disk may be full" in notice_text(s))
            tmux.send("q")
            screen = tmux.wait_for(lambda s: f"{PROMPT} " in s)
        finally:
            tmux.close()
    assert f"{PROMPT} 1" in screen, screen
    said = log.read_text(encoding="utf-8")
    assert said.startswith("tuireader: not saved as the reader closed"), said
    assert ": kept on stderr" in said and "\x1b" not in said
