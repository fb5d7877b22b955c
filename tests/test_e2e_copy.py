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
from e2e_util import WAIT_LIMIT, Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "copy_sample.jsonl"
#: a paper whose code link holds a newline and a shell command (beside a safe one) and a
#: paper with only hostile links; see tests/test_ui_copy.py
HOSTILE = Path(__file__).parent / "fixtures" / "ui" / "hostile_links.jsonl"

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


def wait_for_buffer(tmux: Tmux, predicate, timeout: float = WAIT_LIMIT) -> str:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    buffer = None
    while time.monotonic() < deadline:
        buffer = show_buffer(tmux)
        if buffer is not None and predicate(buffer):
            return buffer
        time.sleep(0.1)
    raise AssertionError(f"tmux buffer is {buffer!r}; screen:\n{tmux.capture()}")


def start_reader(tmp_path: Path, sample: Path, set_clipboard: str = "on", prefix: str = "") -> Tmux:
    """The reader in a private tmux whose ``set-clipboard`` is ``set_clipboard``;
    ``prefix`` goes before the command (``TMUX=...`` to change what the reader sees)."""
    env = {
        "TUIREADER_HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "SSH_CONNECTION": "10.0.0.1 1 10.0.0.2 22",
    }
    tmux = Tmux(120, 40, env=env)
    tmux.env.pop("DISPLAY", None)
    tmux.env.pop("WAYLAND_DISPLAY", None)
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(sample)))
    tmux.start(
        f"unset DISPLAY WAYLAND_DISPLAY; {prefix}{command}; sleep 600",
        options={"set-clipboard": set_clipboard},
    )
    return tmux


@pytest.fixture
def ssh_tmux(tmp_path):
    tmux = start_reader(tmp_path, SAMPLE)
    yield tmux
    tmux.close()


@pytest.fixture
def hostile_tmux(tmp_path):
    tmux = start_reader(tmp_path, HOSTILE)
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
    assert parsed.key == "pmlr-v235-zhou24i"
    assert "Categorical Data" in parsed["title"]
    tmux.wait_for(lambda s: "Copied BibTeX citation via tmux buffer" in s)


def is_one_safe_line(buffer: str) -> bool:
    return (
        buffer.startswith("https://")
        and buffer.isprintable()  # no control, bidi or invisible character, no newline
        and " " not in buffer
        and "PWNED" not in buffer
    )


def test_a_hostile_code_link_never_reaches_the_tmux_buffer(hostile_tmux):
    tmux = hostile_tmux
    tmux.wait_for(lambda s: "2 / 2 papers" in s and "index: ready" in s)
    tmux.type("quokka")
    tmux.wait_for(lambda s: "1 of 2 papers match" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("u")  # the first code link in the list is the one with a newline and a command
    link = wait_for_buffer(tmux, lambda b: b.startswith("https://"))
    assert link == "https://github.com/ok/quokka" and is_one_safe_line(link)
    tmux.wait_for(lambda s: "Copied code link via tmux buffer" in s)
    tmux.send("2")
    link = wait_for_buffer(tmux, lambda b: "openreview" in b)
    assert link == "https://openreview.net/forum?id=QUOKKA" and is_one_safe_line(link)
    tmux.send("3")  # the hostile project link was never numbered
    tmux.wait_for(lambda s: "no link 3" in s)
    assert show_buffer(tmux) == link

    tmux.send("/")
    tmux.wait_for(lambda s: "esc Clear / leave" in s)
    tmux.send("C-u")
    tmux.wait_for(lambda s: "Search papers" in s and "2 / 2 papers" in s)
    tmux.type("wombat")
    tmux.wait_for(lambda s: "1 of 2 papers match" in s and "Quokka" not in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s and "Bob Wombat" in s)
    tmux.send("u")  # only hostile links: nothing to copy, and nothing copied
    screen = tmux.wait_for(lambda s: "This paper has no links" in s)
    assert show_buffer(tmux) == link
    # but not silently: the viewer says they were left out, escaped
    assert "no links" in screen and "4 links left out as unsafe" in screen
    assert "touch PWNED" in screen and "\x1b" not in tmux.capture(escapes=False)
    tmux.send("y")  # the citation's title holds a bidi override and an escape sequence
    entry = wait_for_buffer(tmux, lambda b: b.startswith("@"))
    assert entry.isprintable() or all(c.isprintable() or c == "\n" for c in entry)
    assert "\x1b" not in entry and "\u202e" not in entry and "\r" not in entry
    tmux.wait_for(lambda s: "unsafe characters removed" in notice_text(s))


def notice_text(screen: str) -> str:
    """The notices on ``screen`` (right of their ▌ edge) in one line, so a notice
    wrapped over lines reads as one."""
    parts = [line.rpartition("▌")[2].rstrip(" │─╯▐") for line in screen.splitlines() if "▌" in line]
    return " ".join(" ".join(part.split()) for part in parts if part.strip())


def copy_igsg_link(tmux: Tmux) -> None:
    tmux.wait_for(lambda s: "3 / 3 papers" in s and "index: ready" in s)
    tmux.type("igsg")
    tmux.wait_for(lambda s: "1 of 3 papers match" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("u")


def test_with_set_clipboard_off_osc52_is_not_claimed(tmp_path):
    tmux = start_reader(tmp_path, SAMPLE, set_clipboard="off")
    try:
        copy_igsg_link(tmux)
        assert wait_for_buffer(tmux, bool) == "https://github.com/YujunZhou/IGSG"
        screen = tmux.wait_for(lambda s: "set-clipboard is off" in notice_text(s))
        assert "Copied code link via tmux buffer; paste it inside tmux" in notice_text(screen)
        assert "OSC 52" not in screen
    finally:
        tmux.close()


def test_a_leftover_tmux_variable_is_not_taken_for_a_tmux(tmp_path):
    """$TMUX naming a server that is gone (as an SSH session may inherit it): the notice
    does not claim the tmux buffer, and says OSC 52 was sent, not that it was copied."""
    gone = shlex.quote(f"{tmp_path / 'gone'},1,0")
    tmux = start_reader(tmp_path, SAMPLE, prefix=f"TMUX={gone} ")
    try:
        copy_igsg_link(tmux)
        screen = tmux.wait_for(lambda s: "doesn't paste" in notice_text(s))
        assert "Sent code link to the terminal (OSC 52)" in notice_text(screen)
        assert "tmux buffer" not in screen
    finally:
        tmux.close()


def list_buffers(tmux: Tmux) -> list[str]:
    """tmux's paste buffers, one line each (``buffer0: 34 bytes: "https://…"``)."""
    return tmux._tmux("list-buffers").splitlines()


def test_a_copy_inside_tmux_makes_one_tmux_buffer(ssh_tmux):
    # with set-clipboard on, the OSC 52 sent after load-buffer -w went through tmux,
    # which kept it as a second buffer: buffer0 and buffer1 both held the link
    tmux = ssh_tmux
    copy_igsg_link(tmux)
    screen = tmux.wait_for(lambda s: "Copied code link" in notice_text(s))
    assert "Copied code link via tmux buffer" in notice_text(screen)
    assert "OSC 52" not in notice_text(screen)
    tmux.send("y")  # a second copy, drawn after the first was written out whole
    tmux.wait_for(lambda s: "Copied BibTeX citation" in notice_text(s))
    buffers = list_buffers(tmux)
    assert len(buffers) == 2, buffers
    assert "https://github.com/YujunZhou/IGSG" in buffers[1] and "@" in buffers[0], buffers


def test_the_copy_command_inside_tmux_makes_one_tmux_buffer(tmp_path):
    env = {"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    tmux = Tmux(120, 40, env=env)
    command = shlex.join([str(installed_command()), "copy", "igsg", "--link", "code", str(SAMPLE)])
    try:
        tmux.start(
            f"unset DISPLAY WAYLAND_DISPLAY; {command}; echo copy-done $?; sleep 600",
            options={"set-clipboard": "on"},
        )
        screen = tmux.wait_for(lambda s: "copy-done" in s)
        assert "copy-done 0" in screen and "Copied code link via tmux buffer" in screen
        buffers = list_buffers(tmux)
        assert len(buffers) == 1, buffers
        assert "https://github.com/YujunZhou/IGSG" in buffers[0]
    finally:
        tmux.close()
