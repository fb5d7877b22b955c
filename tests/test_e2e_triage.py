"""Triage in a real terminal: keep, skip and tag, quit, start again, then export."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
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


def start_reader(home: Path) -> Tmux:
    tmux = Tmux(160, 40, env={"TUIREADER_HOME": str(home), "TERM": "xterm-256color"})
    command = " ".join(shlex.quote(part) for part in (str(installed_command()), str(SAMPLE)))
    tmux.start(f"{command}; echo {PROMPT} $?; sleep 600")
    return tmux


def test_triage_survives_a_restart_and_feeds_export(tmp_path):
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.send("s")  # keep the first paper; the highlight moves to the second
        tmux.wait_for(lambda s: "1 kept" in s and "10 left" in s)
        tmux.send("x")  # skip the second
        tmux.wait_for(lambda s: "1 skipped" in s and "9 left" in s)
        tmux.send("t")
        tmux.wait_for(lambda s: "comma-separated" in s)
        tmux.type("to-read-later")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "Tags: to-read-later" in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()

    tmux = start_reader(home)
    try:
        screen = tmux.wait_for(lambda s: "index: ready" in s and "1 kept" in s)
        assert "1 skipped" in screen and "9 left" in screen
        assert "★" in screen and "✗" in screen
        # The selection was restored to the tagged paper, whose tags the viewer shows.
        assert "Tags: to-read-later" in screen
        tmux.send("Escape")  # the search box (empty) hands over to the list
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("q")
        tmux.wait_for(lambda s: f"{PROMPT} 0" in s)
    finally:
        tmux.close()

    result = subprocess.run(
        [str(installed_command()), "export", str(SAMPLE), "--query", "is:kept", "--format", "json"],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(home)},
        check=True,
    )
    exported = json.loads(result.stdout)
    assert len(exported) == 1
    assert exported[0]["state"] == "kept"
    first_title = json.loads(SAMPLE.read_text(encoding="utf-8").splitlines()[0])["title"]
    assert " ".join(exported[0]["title"].split()) == " ".join(first_title.split())


def _saved_states(home: Path) -> list[str]:
    """The saved state of each paper of the sample, in list order."""
    from tuireader.ingest.library import load_library
    from tuireader.triage.store import Store

    papers = load_library([SAMPLE]).papers
    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        return [store.get(paper.id).state for paper in papers]


def _to_the_list(tmux: Tmux) -> None:
    """Wait for the index, then go from the search box to the list."""
    tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
    tmux.send("Enter")
    tmux.wait_for(lambda s: "⏎ Open" in s)


def _quit(tmux: Tmux) -> None:
    tmux.send("q")
    tmux.wait_for(lambda s: f"{PROMPT} 0" in s)


def test_a_burst_of_keys_in_one_packet_keeps_ten_papers(tmp_path):
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.type("ssssssssss")  # one send-keys call: the keys arrive together
        tmux.wait_for(lambda s: "10 kept" in s and "1 left" in s and "saving" not in s)
        _quit(tmux)
    finally:
        tmux.close()
    assert _saved_states(home) == ["kept"] * 10 + ["new"]


def test_a_skip_key_twice_in_one_packet_on_the_last_paper_keeps_it_skipped(tmp_path):
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.type("Gxx")  # one send-keys call: the keys arrive together
        screen = tmux.wait_for(lambda s: "Already skipped" in s and "saving" not in s)
        assert "1 skipped" in screen and "10 left" in screen
        _quit(tmux)
    finally:
        tmux.close()
    assert _saved_states(home) == ["new"] * 10 + ["skip"]


def test_keep_maybe_skip_then_note_in_one_packet_act_on_four_papers(tmp_path):
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.type("smxn")
        screen = tmux.wait_for(lambda s: "Ctrl+S saves" in s)
        from tuireader.ingest.library import load_library

        fourth = " ".join(load_library([SAMPLE]).papers[3].title.split())
        assert f"Note: {fourth[:40]}" in " ".join(screen.split())
        tmux.send("Escape")
        tmux.wait_for(lambda s: "Ctrl+S saves" not in s and "⏎ Open" in s)
        _quit(tmux)
    finally:
        tmux.close()
    assert _saved_states(home)[:4] == ["kept", "maybe", "skip", "new"]


def test_escape_out_of_the_note_editor_then_punctuation_in_one_packet_are_two_keys(tmp_path):
    # Escape then "?" arrive as one "\x1b?"; the Escape closes the editor, the "?" opens
    # help. (Textual alone drops the Escape before punctuation: "?" went into the note.)
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.type("ndraft")
        tmux.wait_for(lambda s: "Ctrl+S saves" in s and "draft" in s)
        tmux.send("Escape", "?")
        screen = tmux.wait_for(lambda s: "Ctrl+S saves" not in s and "Anywhere" in s)
        assert "draft?" not in screen
        tmux.send("Escape")
        tmux.wait_for(lambda s: "Anywhere" not in s and "⏎ Open" in s)
        _quit(tmux)
    finally:
        tmux.close()
    from tuireader.triage.store import Store

    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        assert store.ids_with_note() == set()


def test_command_line_calls_beside_the_reader_lose_none_of_its_triage(tmp_path):
    # A search, lists and a triage from another shell while the reader is open, on a data
    # folder that already holds triage (as any second day does): the reader's decisions
    # before and after them, and the command line's own, are all saved.
    home = tmp_path / "home"
    tuireader = [str(installed_command())]
    env = {**os.environ, "TUIREADER_HOME": str(home)}
    ids = load_library_ids()

    def triage(paper_id: str, state: str) -> None:
        command = [*tuireader, "triage", paper_id, str(SAMPLE), "--state", state]
        subprocess.run(command, env=env, capture_output=True, check=True)

    triage(ids[-1], "maybe")  # yesterday's decision
    tmux = start_reader(home)
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "10 left" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("s")
        tmux.wait_for(lambda s: "1 kept" in s and "saving" not in s)
        for args in (["search", "model", str(SAMPLE)], ["lists", str(SAMPLE)]):
            subprocess.run([*tuireader, *args], env=env, capture_output=True, check=True)
        triage(ids[-2], "read")
        tmux.type("sx")
        shown = tmux.wait_for(lambda s: "2 kept" in s and "1 skipped" in s and "saving" not in s)
        _quit(tmux)
    finally:
        tmux.close()
    saved = _saved_states(home)
    # every decision is saved: the reader's keep before the calls, the command line's
    # maybe and read, and the reader's keep and skip after them (on the papers
    # highlighted then)
    assert saved[0] == "kept" and saved[-2:] == ["read", "maybe"], (saved, shown)
    wanted = ["kept", "kept", "skip", "read", "maybe"] + ["new"] * 6
    assert sorted(saved) == sorted(wanted), (saved, shown)


def load_library_ids() -> list[str]:
    from tuireader.ingest.library import load_library

    return [paper.id for paper in load_library([SAMPLE]).papers]


def test_kill_closes_the_reader_as_q_does_keeping_the_note_being_typed(tmp_path):
    # SIGTERM killed the process at once: the note being typed was lost and the
    # terminal left in raw mode
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.send("s")
        tmux.wait_for(lambda s: "1 kept" in s)
        tmux.send("n")
        tmux.wait_for(lambda s: "Ctrl+S saves" in s)
        tmux.type("typed before the kill")
        tmux.wait_for(lambda s: "typed before the kill" in s)
        pane = tmux._tmux("display-message", "-p", "-t", "0", "#{pane_pid}").strip()
        reader = subprocess.run(
            ["pgrep", "-P", pane], capture_output=True, text=True, check=False
        ).stdout.split()
        assert reader, "the reader's process was not found"
        os.kill(int(reader[0]), 15)
        tmux.wait_for(lambda s: f"{PROMPT} 143" in s)
    finally:
        tmux.close()
    tmux = start_reader(home)
    try:
        tmux.wait_for(lambda s: "not saved is kept" in s and "1 kept" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("n")
        tmux.wait_for(lambda s: "typed before the kill" in s)
    finally:
        tmux.close()


def test_a_damaged_triage_file_recovered_beside_the_open_reader_is_triaged_again(tmp_path):
    from tuireader.ingest.library import load_library
    from tuireader.triage.store import Store

    home = tmp_path / "home"
    home.mkdir()
    db = home / "triage.sqlite3"
    with Store.open(db) as store:
        store.set_state(load_library([SAMPLE]).papers[0].id, "kept")
    with Store.open(db) as store:  # more after the mark: cut short, the mark is still there
        store.save_ui_state("later", {"text": "x" * db.stat().st_size * 2})
    whole = db.read_bytes()
    db.write_bytes(whole[: len(whole) // 4096 // 2 * 4096])
    damaged = db.read_bytes()

    tmux = start_reader(home)
    try:
        screen = tmux.wait_for(lambda s: "index: ready" in s and "1 kept" in s and "damaged" in s)
        assert "tuireader recover carries it over to a fresh file" in notice_text(screen), screen
        # run in another terminal, the reader left open: it goes on with the fresh file
        result = subprocess.run(
            [str(installed_command()), "recover"],
            capture_output=True,
            text=True,
            env={**os.environ, "TUIREADER_HOME": str(home)},
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert "1 decision was carried over to a fresh one in its place" in result.stderr
        kept = Path(result.stdout.strip())
        assert kept.parent == home and kept.read_bytes() == damaged
        tmux.wait_for(lambda s: "was recovered" in notice_text(s))
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.send("j")
        tmux.send("s")  # the fresh file takes decisions again, with no restart
        tmux.wait_for(lambda s: "2 kept" in s and "9 left" in s and "saving" not in s)
        _quit(tmux)
    finally:
        tmux.close()
    assert _saved_states(home)[:2] == ["kept", "kept"]


def test_a_note_a_full_disk_refused_is_said_on_quitting_with_exit_code_1(tmp_path):
    # the data folder on a small disk, filled once the reader is open: the note is
    # refused, n brings it back, Escape, q; the reader closed with exit code 0 and not
    # a word, and the text was gone
    from test_store_faults import fill, tmpfs

    with tmpfs(tmp_path / "home", "300k") as home:
        tmux = start_reader(home)
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
            tmux.send("n")
            tmux.wait_for(lambda s: "Ctrl+S saves" in s and "kept on stderr" in s)
            tmux.send("Escape")
            tmux.wait_for(lambda s: "Ctrl+S saves" not in s and "⏎ Open" in s)
            tmux.send("q")
            screen = tmux.wait_for(lambda s: f"{PROMPT} " in s)
        finally:
            tmux.close()
    assert f"{PROMPT} 1" in screen, screen
    said = " ".join(screen.split())
    assert "tuireader: not saved as the reader closed" in said and "disk may be full" in said
    assert ": kept on stderr" in said


def test_an_is_new_list_follows_papers_decided_from_another_shell_the_cursor_staying(tmp_path):
    # Under 'is:new', 'tuireader triage' from another shell changed the counts, but the
    # papers it decided stayed listed (as new-looking rows) until the query was edited.
    home = tmp_path / "home"
    tuireader = [str(installed_command())]
    env = {**os.environ, "TUIREADER_HOME": str(home)}
    ids = load_library_ids()
    from tuireader.ingest.library import load_library

    titles = [" ".join(paper.title.split()) for paper in load_library([SAMPLE]).papers]
    tmux = start_reader(home)
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.type("is:new")
        tmux.wait_for(lambda s: "11/11 match" in s or "11 of 11 papers match" in s)
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.type("jjjj")  # on the fifth paper
        tmux.wait_for(lambda s: titles[4][:40] in s and "⏎ Open" in s)
        command = [*tuireader, "triage", ids[1], ids[2], ids[8], str(SAMPLE), "--state", "skip"]
        subprocess.run(command, env=env, capture_output=True, check=True)
        screen = tmux.wait_for(lambda s: "8 of 11 papers match" in s, timeout=10)
        for gone in (1, 2, 8):  # not listed, nor shown in the viewer
            assert titles[gone][:30] not in screen, screen
        assert "3 skipped" not in screen and "8 left" in screen  # counts of the results
        tmux.send("m")  # on the paper the cursor was on: the fifth
        tmux.wait_for(lambda s: "1 maybe" in s and "saving" not in s)
        _quit(tmux)
    finally:
        tmux.close()
    saved = _saved_states(home)
    assert saved[4] == "maybe", saved
    assert [i for i, state in enumerate(saved) if state == "skip"] == [1, 2, 8], saved


def test_words_pasted_into_the_list_without_bracketed_paste_are_searched_not_decided(tmp_path):
    # tmux types a paste key by key: "sparse models" kept the highlighted paper, unsaid,
    # and searched "parse models"
    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.paste("sparse models")
        screen = tmux.wait_for(lambda s: "sparse models" in s and "match" in s)
        assert "kept" not in screen
        tmux.send("Enter")  # to the results: all still undecided
        tmux.wait_for(lambda s: "⏎ Open" in s)
        _quit(tmux)
    finally:
        tmux.close()
    assert set(_saved_states(home)) == {"new"}


def test_a_search_or_an_editor_a_burst_opens_takes_the_text_after_it(tmp_path):
    # "/author:bengio" in one burst searched "/author:bengio" (0 papers), and "jn" with a
    # note after it searched "jnsecond note" and saved no note: the text after a key
    # that searches or opens an editor is that search's or that editor's
    from tuireader.triage.store import Store

    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        _to_the_list(tmux)
        tmux.type("/diffusion")
        screen = tmux.wait_for(lambda s: "match" in s and "diffusion" in s)
        assert "/diffusion" not in screen
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        tmux.type("jnsecond note")
        tmux.wait_for(lambda s: "second note" in s and "^s Save" in s)
        tmux.send("C-s")
        tmux.wait_for(lambda s: "⏎ Open" in s)
        _quit(tmux)
    finally:
        tmux.close()
    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        assert list(store.snapshot().notes.values()) == ["second note"]


def test_a_decision_and_a_tag_or_note_in_one_send_keys_call_act_in_order(tmp_path):
    # "m t theory Enter" in one send-keys call after a query's Enter searched
    # "learning mttheory" (0 papers), and "m n later C-s" "learning mnlater": no decision,
    # no tag, no note
    from tuireader.triage.store import Store

    home = tmp_path / "home"
    tmux = start_reader(home)
    try:
        tmux.wait_for(lambda s: "index: ready" in s and "11 left" in s)
        tmux.type("/learning")
        tmux.send("Enter")
        tmux.wait_for(lambda s: "⏎ Open" in s and "papers match" in s)
        tmux.send("m", "t", "theory", "Enter")
        tmux.wait_for(lambda s: "1 maybe" in s and "Tags: theory" in s and "⏎ Open" in s)
        tmux.send("m", "n", "later", "C-s")
        tmux.wait_for(lambda s: "2 maybe" in s and "Note: later" in s and "⏎ Open" in s)
        screen = tmux.capture()
        assert "learning mt" not in screen and "learning mn" not in screen
        _quit(tmux)
    finally:
        tmux.close()
    with Store.open(home / "triage.sqlite3", read_only=True) as store:
        snapshot = store.snapshot()
    decided = {paper_id for paper_id, state in snapshot.states.items() if state == "maybe"}
    tagged = {paper_id for paper_id, tags in snapshot.tags.items() if tags}
    noted = {paper_id for paper_id, note in snapshot.notes.items() if note}
    assert len(decided) == 2 and len(tagged) == 1 and len(noted) == 1
    # each maybe moved on to the next paper: the first tagged the second, which the
    # second maybe decided, and the note went to the third
    assert tagged <= decided and noted.isdisjoint(decided)
