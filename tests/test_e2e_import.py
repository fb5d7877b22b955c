"""``tuireader import`` beside a reader open on the same data folder, in a real terminal:
the reader shows the marks taken up, and its own decision made meanwhile stays."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest
from e2e_util import Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def _tuireader(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(installed_command()), *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(home)},
        check=False,
    )


def test_a_reader_open_shows_the_marks_an_import_takes_up(tmp_path):
    laptop, remote = tmp_path / "laptop", tmp_path / "remote"
    found = _tuireader(laptop, "search", "", str(SAMPLE), "--limit", "20")
    ids = [line.split()[0] for line in found.stdout.splitlines()]
    assert _tuireader(laptop, "triage", *ids[:3], str(SAMPLE), "--state", "keep").returncode == 0
    assert _tuireader(laptop, "triage", ids[3], str(SAMPLE), "--state", "skip").returncode == 0
    export = tmp_path / "marks.csv"
    assert (
        _tuireader(laptop, "export", str(SAMPLE), "--format", "csv", "-o", str(export)).returncode
        == 0
    )

    tmux = Tmux(160, 40, env={"TUIREADER_HOME": str(remote), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo READER-EXITED $?; sleep 600")
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.type("jjjm")  # the fourth paper, skipped on the laptop, is a maybe here
        tmux.wait_for(lambda s: "1 maybe" in s and "saving" not in s)
        done = _tuireader(remote, "import", str(export), str(SAMPLE))
        assert done.returncode == 0, done.stderr
        assert "3 taken up by papers of these lists" in done.stderr
        assert "maybe here, skipped in the file" in done.stderr
        screen = tmux.wait_for(lambda s: "3 kept" in s)
        assert "1 maybe" in screen and "7 left" in screen
        tmux.send("q")
        tmux.wait_for(lambda s: "READER-EXITED 0" in s)
    finally:
        tmux.close()
