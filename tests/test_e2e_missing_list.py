"""The reader given several lists, one of which is not there (a typo), in a real terminal:
it opens on the others and names the missing one among its load warnings."""

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


@pytest.mark.parametrize("missing_first", [False, True], ids=["typo last", "typo first"])
def test_a_missing_list_among_others_is_a_load_warning_not_a_refusal(tmp_path, missing_first):
    # `tuireader good.jsonl typo.jsonl` said "no such file" and never showed the good
    # list, where a damaged file in its place opened the reader with a load warning
    typo = tmp_path / "typo.jsonl"
    named = [str(typo), str(SAMPLE)] if missing_first else [str(SAMPLE), str(typo)]
    tmux = Tmux(120, 40, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    command = shlex.join([str(installed_command()), *named])
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
    try:
        tmux.wait_for(lambda s: "1 load warning" in s and "11 left" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("w")
        tmux.wait_for(lambda s: f"{typo}: no such file" in s)
        tmux.send("Escape")
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()
