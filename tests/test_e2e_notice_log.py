"""W in a real terminal (tmux) at 40×12 with NO_COLOR: the notices of the run, whole,
newest first, each with its time; Escape closes them."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from e2e_util import Tmux, installed_command, tmux_available

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def test_w_lists_the_notices_of_the_run_at_40_by_12(tmp_path):
    papers = tmp_path / "papers.jsonl"
    record = {
        "title": "A paper without links",
        "abstract": "Run $(touch x)$ to make the file, then $k$ copies of it.",
        "authors": ["Ada Lovelace"],
        "year": 2024,
    }
    papers.write_text(json.dumps(record) + "\n", encoding="utf-8")
    env = {"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color", "NO_COLOR": "1"}
    tmux = Tmux(40, 12, env=env)
    try:
        command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(papers)))
        tmux.start(f"{command}; echo READER-EXITED $?; sleep 600")
        tmux.wait_for(lambda s: "A paper without links" in s and "Quit" in s)
        tmux.send("Enter")  # to the list
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("Enter")  # the viewer: the shell command in dollars is text
        tmux.wait_for(lambda s: "$(touch x)$" in s)
        tmux.send("u")
        tmux.wait_for(lambda s: "This paper has no links" in s)
        tmux.send("W")
        screen = tmux.wait_for(
            lambda s: "notice of this run" in s and "This paper has no links" in s
        )
        assert re.search(r"\d\d:\d\d:\d\d warning", screen), screen
        tmux.send("Escape")
        tmux.wait_for(lambda s: "notice of this run" not in s and "$(touch x)$" in s)
        tmux.send("q")
        tmux.wait_for(lambda s: "READER-EXITED 0" in s)
    finally:
        tmux.close()
