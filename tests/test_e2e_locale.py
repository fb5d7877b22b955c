"""The reader under the C locale in a real terminal: it says the locale is not UTF-8,
where Python's UTF-8 mode let it draw Unicode frames on a terminal declared ASCII."""

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


def test_the_reader_under_the_c_locale_says_so_and_starts_not(tmp_path):
    tmux = Tmux(120, 40, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    command = shlex.join([str(installed_command()), str(SAMPLE)])
    quiet = "unset PYTHONIOENCODING PYTHONUTF8; export LC_ALL=C"
    tmux.start(f"{quiet}; {command}; echo {PROMPT} $?; sleep 600")
    try:
        screen = tmux.wait_for(lambda s: f"{PROMPT} " in s)
    finally:
        tmux.close()
    flat = " ".join(screen.split())
    assert f"{PROMPT} 2" in flat, screen
    assert "the reader draws in Unicode, and this terminal's encoding is ascii" in flat
    assert "LC_ALL=C.UTF-8" in flat
