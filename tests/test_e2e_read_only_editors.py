"""A read-only data folder in a real terminal: a tag typed in one burst with t is the tag
editor's text, refused as it is saved, never keys acting on the paper (`t` `mytag`
Enter did m, then y, which copied a BibTeX entry over the clipboard, then a search of
"ag"); and the reader, closing, lists it among the changes not saved."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest
from e2e_util import Tmux, installed_command, tmux_available

from tuireader.triage.store import Store

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
PROMPT = "READER-EXITED"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], check=False, capture_output=True).returncode == 0


@pytest.fixture
def read_only(tmp_path):
    """A data folder with the sample's index and triage file, seen through a read-only
    bind mount (as root, chmod a-w would not stop a write)."""
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    data = tmp_path / "data"
    env = {**os.environ, "TUIREADER_HOME": str(data)}
    command = str(installed_command())
    subprocess.run([command, "index", str(SAMPLE)], env=env, check=True, capture_output=True)
    Store.open(data / "triage.sqlite3").close()  # the triage file there, empty
    view = tmp_path / "view"
    view.mkdir()
    if not _mount("--bind", str(data), str(view)):
        pytest.skip("mount is not available here")
    try:
        if not _mount("-o", "remount,ro,bind", str(view)):
            pytest.skip("a read-only remount is not available here")
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False, capture_output=True)


def test_a_tag_typed_in_one_burst_with_t_on_a_read_only_folder_is_never_keys(read_only):
    tmux = Tmux(120, 40, env={"TUIREADER_HOME": str(read_only), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600", {"set-clipboard": "on"})
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("t", "mytag", "Enter")  # one burst
        screen = tmux.wait_for(lambda s: "Not saved" in s and "comma-separated" not in s)
        assert "Copied" not in screen and "11 / 11 papers" in screen  # no copy, no search
        assert tmux.buffers() == ""
        tmux.send("q")
        screen = tmux.wait_for(lambda s: f"{PROMPT} 1" in s)
        assert "tags mytag: “Revisiting Character-level Adversarial" in screen
        assert "make these again once the triage file can be written" in screen
    finally:
        tmux.close()
