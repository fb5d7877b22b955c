"""Copying from the installed ``tuireader`` in a real tmux, as over SSH without a display.

The pane looks like an SSH session (``SSH_CONNECTION`` set, no ``DISPLAY``) inside tmux
with ``set-clipboard on``: the copy must land in tmux's paste buffer, where the user
pastes it from (and from which tmux forwards it to the outer terminal).
"""

from __future__ import annotations

import shlex
import subprocess
import time
from pathlib import Path

import bibtexparser
import pytest
from e2e_util import Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "copy_sample.jsonl"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def show_buffer(tmux: Tmux) -> str | None:
    result = subprocess.run(
        ["tmux", "-L", tmux.socket, "show-buffer"],
        capture_output=True,
        text=True,
        env=tmux.env,
        check=False,
    )
    return result.stdout if result.returncode == 0 else None


def wait_for_buffer(tmux: Tmux, predicate, timeout: float = 30.0) -> str:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    buffer = None
    while time.monotonic() < deadline:
        buffer = show_buffer(tmux)
        if buffer is not None and predicate(buffer):
            return buffer
        time.sleep(0.1)
    raise AssertionError(f"tmux buffer is {buffer!r}; screen:\n{tmux.capture()}")


@pytest.fixture
def ssh_tmux(tmp_path):
    env = {
        "TUIREADER_HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "SSH_CONNECTION": "10.0.0.1 1 10.0.0.2 22",
    }
    tmux = Tmux(120, 40, env=env)
    tmux.env.pop("DISPLAY", None)
    tmux.env.pop("WAYLAND_DISPLAY", None)
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"unset DISPLAY WAYLAND_DISPLAY; {command}; sleep 600")
    tmux._tmux("set-option", "-g", "set-clipboard", "on")
    yield tmux
    tmux.close()


def test_u_and_y_copy_into_the_tmux_buffer(ssh_tmux):
    tmux = ssh_tmux
    tmux.wait_for(lambda s: "3 / 3 papers" in s and "index: ready" in s)
    assert show_buffer(tmux) is None  # nothing copied yet
    tmux.type("igsg")
    tmux.wait_for(lambda s: "1 of 3 papers match" in s)
    tmux.send("Enter")  # to the list, on the only result
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("u")
    link = wait_for_buffer(tmux, lambda b: b.startswith("https://"))
    assert link == "https://github.com/YujunZhou/IGSG"
    tmux.wait_for(lambda s: "Copied code link via tmux buffer" in s)

    tmux.send("y")
    entry = wait_for_buffer(tmux, lambda b: b.startswith("@"))
    library = bibtexparser.parse_string(entry)
    assert not library.failed_blocks
    [parsed] = library.entries
    assert parsed.key == "zhou2024attack"
    assert "Categorical Data" in parsed["title"]
    tmux.wait_for(lambda s: "Copied BibTeX citation via tmux buffer" in s)
