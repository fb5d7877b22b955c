"""The installed ``tuireader`` command in a real terminal (tmux), driven by keystrokes."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from e2e_util import WAIT_LIMIT, Tmux, installed_command, tmux_available

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
HOSTILE = Path(__file__).parent / "fixtures" / "ui" / "hostile.jsonl"
PROMPT = "READER-EXITED"

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


@pytest.fixture
def terminal(tmp_path):
    made: list[Tmux] = []

    def start(*args: str, width: int = 120, height: int = 40, env: dict[str, str] | None = None):
        tmux = Tmux(
            width,
            height,
            env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color", **(env or {})},
        )
        made.append(tmux)
        command = " ".join(shlex.quote(part) for part in (str(installed_command()), *args))
        # Run inside sh so the pane survives the reader and shows what came after it.
        tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
        return tmux

    yield start
    for tmux in made:
        tmux.close()


def test_type_navigate_help_and_quit(terminal):
    tmux = terminal(str(SAMPLE))
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("diffusion")
    screen = tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    assert "Neural Diffusion Models" in screen
    assert "FrameQuant" not in screen
    tmux.send("Enter")  # to the list
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("j")  # second result; the viewer follows
    tmux.wait_for(lambda s: any("Diffusion Models Demand" in line[60:] for line in s.splitlines()))
    tmux.send("?")
    tmux.wait_for(lambda s: "Anywhere" in s and "More like this" in s)
    # the help is taller than the screen: its search box's keys come further down
    for _ in range(20):
        if "Search box" in tmux.capture():
            break
        tmux.send("j")
    tmux.wait_for(lambda s: "Search box" in s)
    tmux.send("Escape")
    tmux.wait_for(lambda s: "Anywhere" not in s)
    tmux.send("q")
    screen = tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    assert "papers match" not in screen  # the alternate screen is gone: terminal restored


def test_escape_then_enter_in_one_burst_clear_the_query_then_go_to_the_list(terminal):
    # "\x1b\r" arrives together; Textual alone reads it as Enter (the Escape lost).
    tmux = terminal(str(SAMPLE))
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("diffusion")
    tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    tmux.send("Escape", "Enter")
    screen = tmux.wait_for(lambda s: "⏎ Open" in s and "11 / 11 papers" in s)
    assert "diffusion" not in screen.splitlines()[1]  # the query was cleared
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_escape_then_a_word_starting_with_b_or_f_in_one_burst_is_the_new_query(terminal):
    # "\x1bb" and "\x1bf" are Option+Left and Option+Right (word jumps) in iTerm: the "b"
    # of "bayes" was lost and the cursor jumped, the box holding "ayesdiffusion".
    tmux = terminal(str(SAMPLE), width=80, height=24)
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("diffusion")
    tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    tmux.send("Escape", "bayes")
    screen = tmux.wait_for(lambda s: "1 of 11 papers match" in s)
    assert screen.splitlines()[1].split() == ["▊", "bayes", "▎"], screen
    tmux.send("C-u")
    tmux.wait_for(lambda s: "11 / 11 papers" in s)
    tmux.send("Escape", "frame")
    screen = tmux.wait_for(lambda s: "3 of 11 papers match" in s and "FrameQuant" in s)
    assert screen.splitlines()[1].split() == ["▊", "frame", "▎"], screen
    tmux.send("C-q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_escape_then_tab_in_one_burst_clear_the_query_then_move_to_the_list(terminal):
    # "\x1b\t" arrives together; Textual alone reads it as shift+tab (the viewer, backwards).
    tmux = terminal(str(SAMPLE))
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("diffusion")
    tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    tmux.send("Escape", "Tab")
    screen = tmux.wait_for(lambda s: "⏎ Open" in s and "11 / 11 papers" in s)
    assert "diffusion" not in screen.splitlines()[1]  # the query was cleared
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_narrow_terminal_opens_viewer_full_screen(terminal):
    tmux = terminal(str(SAMPLE), width=80, height=24)
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("quantization")
    tmux.wait_for(lambda s: "1 of 11 papers match" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("Enter")
    # the list (and its footer keys) gave way to the viewer
    tmux.wait_for(lambda s: "Harshavardhan Adepu" in s and "Back to list" in s and "Open" not in s)
    tmux.send("Escape")
    tmux.wait_for(lambda s: "Harshavardhan Adepu" not in s and "FrameQuant" in s)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_hostile_text_is_never_interpreted_by_the_terminal(terminal):
    tmux = terminal(str(HOSTILE))
    screen = tmux.wait_for(lambda s: "1 / 1 papers" in s and "index: ready" in s)
    assert "[bold red]x[/]" in screen
    assert "␛[2J" in screen  # shown, not obeyed: the screen was not cleared by it
    tmux.send("Tab")
    tmux.wait_for(lambda s: "⏎ Open" in s)  # the list has the focus
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def _cube_hue(index: int) -> bool:
    """True for a coloured entry of the 256-colour cube (its greys, like 16 = black, are not)."""
    if not 16 <= index < 232:
        return False
    r, g, b = (index - 16) // 36, (index - 16) // 6 % 6, (index - 16) % 6
    return not (r == g == b)


def test_cube_greys_are_not_hues():
    assert not _cube_hue(16) and not _cube_hue(231) and not _cube_hue(59)
    assert _cube_hue(196) and _cube_hue(21)


def _faint(raw: str) -> list[str]:
    """The SGR sequences of ``raw`` that turn faint on (2): grey in most terminals."""
    found = []
    for params in re.findall(r"\x1b\[([0-9;:]*)m", raw):
        parts = [int(p) for p in re.split("[;:]", params) if p.isdigit()]
        i = 0
        while i < len(parts):
            if parts[i] in (38, 48) and i + 1 < len(parts):
                i += 3 if parts[i + 1] == 5 else 5  # a colour's numbers are no attributes
                continue
            if parts[i] == 2:
                found.append(params)
            i += 1
    return found


def test_no_color_gives_a_monochrome_screen(terminal):
    tmux = terminal(str(SAMPLE), env={"NO_COLOR": "1"})
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    # nothing faint either: the search box's placeholder was
    raw = tmux.capture(escapes=True)
    assert "earch papers" in raw and not _faint(raw), _faint(raw)
    tmux.type("diffusion")
    tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    raw = tmux.capture(escapes=True)
    colours = set()
    for params in re.findall(r"\x1b\[([0-9;:]*)m", raw):
        parts = [int(p) for p in re.split("[;:]", params) if p.isdigit()]
        i = 0
        while i < len(parts):
            code = parts[i]
            if code in (38, 48) and i + 1 < len(parts):
                if parts[i + 1] == 5 and i + 2 < len(parts):
                    colours.add(("256", parts[i + 2]))
                    i += 3
                    continue
                if parts[i + 1] == 2 and i + 4 < len(parts):
                    r, g, b = parts[i + 2 : i + 5]
                    if not (r == g == b):
                        colours.add(("rgb", r, g, b))
                    i += 5
                    continue
            if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                colours.add(("16", code))
            i += 1
    hues = {c for c in colours if c[0] == "rgb" or (c[0] == "256" and _cube_hue(c[1]))}
    assert not hues, f"colours on a NO_COLOR screen: {sorted(hues)[:10]}"
    # no greys either: the terminal's own foreground and background, nothing drawn over
    greys = {c for c in colours if c[0] == "256" or c[0] == "16"}
    assert not re.search(r"\x1b\[[0-9;]*[34]8[;:]2[;:]", raw), "RGB greys on a NO_COLOR screen"
    assert not greys, f"colours on a NO_COLOR screen: {sorted(greys)[:10]}"
    tmux.send("Tab")

    def reversed_rows(raw: str) -> list[str]:
        rows = [line for line in raw.splitlines()[3:] if "iffusion" in line]  # (below the box)
        return [row for row in rows if re.search(r"\x1b\[(?:[0-9]+;)*7m", row)]

    # the list has the focus, its highlighted paper drawn (not the frame before)
    def focused(raw: str) -> bool:
        return "⏎ Open" in re.sub(r"\x1b\[[0-9;:]*m", "", raw) and reversed_rows(raw) != []

    raw = tmux.wait_for(focused, escapes=True)
    # the highlighted paper is marked in reverse video, as colour would have marked it
    assert len(reversed_rows(raw)) == 1, raw
    # the paper, its labels and the scroll bar's thumb not faint
    tmux.send("Enter")
    raw = tmux.wait_for(lambda s: "Back to list" in s and "▐" in s, escapes=True)
    assert not _faint(raw), _faint(raw)
    tmux.send("Escape")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_slash_and_a_query_sent_at_once_search_for_it(terminal):
    tmux = terminal(str(SAMPLE))
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.send("Enter")  # to the list: "/" must bring the focus back to the search box
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.type("/diffusion")  # one send-keys: the terminal delivers it as one burst
    screen = tmux.wait_for(lambda s: "2 of 11 papers match" in s)
    assert "Neural Diffusion Models" in screen
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_a_query_typed_as_the_reader_starts_is_searched_whole(terminal):
    tmux = terminal(str(SAMPLE))
    tmux.type("diffusion")  # at once: before the first frame, before the box has the focus
    # The keys are handed over one at a time, each drawn with its hits: "diffu" already
    # matches the same two papers, so wait for the last letter's frame.
    screen = tmux.wait_for(
        lambda s: (
            "diffusion" in s.splitlines()[1] and "2 of 11 papers match" in s and "index: ready" in s
        )
    )
    assert "diffusion" in screen.splitlines()[1]
    assert "Neural Diffusion Models" in screen
    tmux.send("Tab", "s")  # to the list, and keep the first hit
    tmux.wait_for(lambda s: "1 kept" in s)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_a_query_enter_and_a_key_typed_as_the_reader_starts_again_act_whole(terminal):
    # The last run's query comes back as the reader starts. Keys sent at once, before
    # the reader has the terminal in raw mode: the query's first letter went under the
    # restored query ("iffusion"), and the Enter, turned into a newline by the terminal,
    # was dropped, so the x went into the query.
    tmux = terminal(str(SAMPLE), width=80, height=24)
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.type("frame")
    tmux.wait_for(lambda s: "3 of 11 papers match" in s)
    tmux.send("C-q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    tmux = terminal(str(SAMPLE), width=80, height=24)
    tmux.send("diffusion", "Enter", "x")
    screen = tmux.wait_for(lambda s: "1 skipped" in s and "index: ready" in s)
    assert screen.splitlines()[1].split() == ["▊", "diffusion", "▎"]
    assert "2 of 11 papers match" in screen
    tmux.send("Home", "Enter")  # the viewer, on the first hit: the paper skipped
    tmux.wait_for(lambda s: "paper: keys act on this paper" in s and "✗ skipped" in s)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_a_long_text_pasted_without_bracketed_paste_is_searched_and_keys_after_it_act(
    terminal, tmp_path
):
    # tmux paste-buffer without -p types the text key by key, as a terminal without
    # bracketed paste does: 5,700 characters, each searched and drawn, held the reader
    # for a minute, the Enter and the key after them waiting behind.
    abstracts = [json.loads(line)["abstract"] for line in SAMPLE.read_text().splitlines()]
    words = [word for word in " ".join(abstracts).split() if ":" not in word]
    text = " ".join(words)[:5700].rsplit(" ", 1)[0]
    tmux = terminal(str(SAMPLE), width=160, height=40)
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.paste(text)
    tmux.send("Enter", "s")  # to the list, and keep the first hit of the whole text
    screen = tmux.wait_for(lambda s: "1 kept" in s, timeout=120)
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    home = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    kept = subprocess.run(
        [str(installed_command()), "search", "--json", "is:kept", str(SAMPLE)],
        capture_output=True, text=True, env=home, check=True,
    )  # fmt: skip
    found = subprocess.run(
        [str(installed_command()), "search", "--json", text, str(SAMPLE)],
        capture_output=True, text=True, env=home, check=True,
    )  # fmt: skip
    whole = json.loads(found.stdout)
    # the whole text was searched (the engine says how many of its words it took)
    assert whole["message"] and whole["message"] in " ".join(screen.split()), screen
    first = whole["hits"][0]["id"]
    assert [paper["id"] for paper in json.loads(kept.stdout)["hits"]] == [first]


def test_a_closed_terminal_closes_the_reader(terminal, tmp_path):
    # tmux killed under a busy reader (a dropped ssh link): SIGHUP, then SIGCONT, which
    # started the screen again on the dead terminal; now and then the reader hung for good
    import os
    import signal
    import subprocess
    import time

    started = []
    for n in range(3):
        tmux = terminal(str(SAMPLE), "--data-dir", str(tmp_path / f"data{n}"))
        started.append(tmux)
    for tmux in started:
        tmux.wait_for(lambda s: "index: ready" in s)
        tmux.type("diffusion")
        tmux.send("Enter", "j", "j", "k", "?")
    pids = []
    for tmux in started:
        found = subprocess.run(
            ["tmux", "-L", tmux.socket, "list-panes", "-a", "-F", "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        )
        shell = int(found.stdout.split()[0])
        children = subprocess.run(
            ["pgrep", "-P", str(shell)], capture_output=True, text=True, check=False
        )
        pids.extend(int(pid) for pid in children.stdout.split())
        tmux.close()
    assert pids
    deadline = time.monotonic() + WAIT_LIMIT  # (each is gone as soon as it has closed)
    alive = list(pids)
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [pid for pid in alive if _running(pid)]
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "a reader outlived its terminal"


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def test_back_from_a_suspend_the_whole_screen_is_drawn(tmp_path):
    # after kill -TSTP and fg the screen stayed blank (the shell's) until a key
    import subprocess

    tmux = Tmux(100, 30, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    try:
        tmux.start("PS1='$ ' exec bash --norc -i")
        tmux.type(f"{shlex.quote(str(installed_command()))} {shlex.quote(str(SAMPLE))}")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "index: ready" in s)
        # the reader started by this pane's shell: by its command line, a reader of another
        # test run on the same machine (the same command on the same file) was stopped too
        shell = tmux._tmux("display-message", "-p", "-t", "0", "#{pane_pid}").strip()
        found = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True, check=True)
        for pid in found.stdout.split():
            subprocess.run(["kill", "-TSTP", pid], check=True)
        tmux.wait_for(lambda s: "Stopped" in s)
        tmux.type("clear")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "index: ready" not in s)
        tmux.type("fg")
        tmux.send("Enter")
        screen = tmux.wait_for(lambda s: "index: ready" in s and "11 / 11 papers" in s)
        assert "Neural Diffusion Models" in screen or "FrameQuant" in screen
        tmux.send("C-q")
    finally:
        tmux.close()


def test_ctrl_z_stops_the_reader_for_the_shell_and_fg_brings_it_back(tmp_path):
    # Ctrl+Z did nothing, where vim, less and htop give the terminal back to the shell
    import subprocess

    tmux = Tmux(100, 30, env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color"})
    try:
        tmux.start("PS1='$ ' exec bash --norc -i")
        tmux.type(f"{shlex.quote(str(installed_command()))} {shlex.quote(str(SAMPLE))}")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "index: ready" in s and "11 / 11 papers" in s)
        shell = tmux._tmux("display-message", "-p", "-t", "0", "#{pane_pid}").strip()
        found = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True, check=True)
        (reader,) = found.stdout.split()
        tmux.send("Enter", "C-z")  # to the list, then stop
        screen = tmux.wait_for(lambda s: "Stopped" in s and s.rstrip().endswith("$"))
        assert "index: ready" not in screen  # the shell's screen, not the reader's
        assert _process_state(int(reader)) == "T"
        tmux.type("fg")
        tmux.send("Enter")
        screen = tmux.wait_for(lambda s: "index: ready" in s and "11 / 11 papers" in s)
        assert "Neural Diffusion Models" in screen or "FrameQuant" in screen
        tmux.type("q")
        tmux.wait_for(lambda s: "index: ready" not in s and s.rstrip().endswith("$"))
        tmux.type("echo EXIT=$?")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "EXIT=0" in s)
    finally:
        tmux.close()


def _process_state(pid: int) -> str:
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        return handle.read().split(") ")[1][0]


def test_a_paste_copied_from_a_coloured_terminal_is_searched_whole(terminal):
    # text copied from a coloured terminal carries its colour codes; in a bracketed paste
    # the terminal parser read each code as the start of a key, and the box held what
    # followed the last code alone ("[0m Similarity")
    tmux = terminal(str(SAMPLE))
    tmux.wait_for(lambda s: "11 / 11 papers" in s and "index: ready" in s)
    tmux.paste("\x1b[1;31mBalancing Feature\x1b[0m Similarity", bracketed=True)
    screen = tmux.wait_for(lambda s: "1 of 11 papers match" in s)
    assert "Balancing Feature Similarity" in screen.splitlines()[1], screen
    assert "[0m" not in screen and "[1;31m" not in screen, screen
    tmux.send("C-q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
