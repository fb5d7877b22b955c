"""Text a data folder holds is data, never terminal control, in a real terminal: a note,
tags and a saved query holding escapes (kept from before they were cleaned, or from a
triage file made elsewhere) open in the editors and the search box as text. The note
editor wrote them to the terminal as they were: the screen was cleared, and each redraw
put the OSC 52 payload into tmux's buffers (the clipboard)."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import subprocess
from pathlib import Path

import pytest
from e2e_util import Tmux, installed_command, tmux_available

from tuireader.triage.store import Store
from tuireader.ui.triage import UI_STATE_KEY, UI_STATE_VERSION

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"
PROMPT = "READER-EXITED"
#: the first paper of the sample, which the saved query finds first
FIRST = json.loads(SAMPLE.read_text(encoding="utf-8").splitlines()[0])

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]


def osc52(word: str) -> str:
    """An OSC 52 sequence that sets the clipboard to ``word`` (base64 of it given)."""
    import base64

    return f"\x1b]52;c;{base64.b64encode(word.encode()).decode()}\x07"


def data_folder_with_escapes(home: Path) -> str:
    """A data folder whose triage file holds, as an older one could, a note and a tag
    with escapes in them on the first paper, and a saved query that begins with one:
    the first paper's id."""
    home.mkdir(parents=True)
    path = home / "triage.sqlite3"
    paper_id = store_id(home)
    with Store.open(path) as store:
        store.set_note(paper_id, "placeholder")
        store.add_tag(paper_id, "placeholder")
        store.save_ui_state(UI_STATE_KEY, {"version": UI_STATE_VERSION, "query": "x"})
    note = f"A{osc52('note')}B \x1b[2J\x1b[41mRED"
    tag = f"x{osc52('tag')}y\x1b[2J"
    query = json.dumps({"version": UI_STATE_VERSION, "query": f"{osc52('query')}Revisiting"})
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE triage SET note = ? WHERE paper_id = ?", (note, paper_id))
        conn.execute("UPDATE tags SET tag = ? WHERE paper_id = ?", (tag, paper_id))
        conn.execute("UPDATE ui_state SET value = ? WHERE key = ?", (query, UI_STATE_KEY))
    conn.close()
    return paper_id


def store_id(home: Path) -> str:
    """The id the command line gives the first paper of the sample."""
    result = subprocess.run(
        [str(installed_command()), "search", FIRST["title"], str(SAMPLE), "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(home)},
        check=True,
    )
    hits = json.loads(result.stdout)["hits"]
    (hit,) = [h for h in hits if " ".join(h["title"].split()) == " ".join(FIRST["title"].split())]
    return str(hit["id"])


def test_escapes_stored_in_a_note_tags_and_a_query_never_reach_the_terminal(tmp_path):
    home = tmp_path / "home"
    data_folder_with_escapes(home)
    tmux = Tmux(120, 40, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600", {"set-clipboard": "on"})
    try:
        # the saved query comes back without its escape, its results listed
        tmux.wait_for(lambda s: "index: ready" in s and "Revisiting" in s.splitlines()[1])
        tmux.send("Enter")  # to the list
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("n")
        screen = tmux.wait_for(lambda s: "Ctrl+S saves" in s and "RED" in s)
        # the note's codes are shown as symbols, and said to be; the screen around the
        # editor is still there (\x1b[2J cleared it)
        assert "A␛]52;c;bm90ZQ==␇B ␛[2J␛[41mRED" in screen
        assert "control characters" in screen
        assert "search" in screen.splitlines()[0] and "list" in screen
        tmux.send("Escape")
        tmux.wait_for(lambda s: "⏎ Open" in s and "Ctrl+S saves" not in s)
        tmux.send("t")
        screen = tmux.wait_for(lambda s: "comma-separated" in s and "Enter saves" in s)
        # the tag's escapes (and BEL) left out, as a tag is saved, and said to be
        assert "x]52;c;dGFny[2J" in screen and "control characters" in screen
        assert "search" in screen.splitlines()[0]
        tmux.send("Escape")
        tmux.wait_for(lambda s: "⏎ Open" in s and "comma-separated" not in s)
        assert tmux.buffers() == ""  # nothing reached the clipboard
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
        assert tmux.buffers() == ""
    finally:
        tmux.close()
