"""The library end to end: the installed ``tuireader`` in a shell in a real terminal (tmux).

A user adds a list, opens the reader on it (without naming it), quits, then finds a paper
of it with ``tuireader search`` and ``tuireader show`` — never naming the file again.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess

import pytest
from e2e_util import Tmux, installed_command, notice_text, tmux_available

pytestmark = [
    pytest.mark.skipif(not tmux_available(), reason="tmux is not installed"),
    pytest.mark.skipif(
        installed_command() is None, reason="the tuireader console script is not installed"
    ),
]

RECORDS = [
    {
        "title": "Quokka Locomotion on Uneven Ground",
        "authors": ["Ada Marsupial"],
        "abstract": "We study how quokkas hop across rocks, with a learned gait model.",
        "url": "https://github.com/example/quokka-gait",
    },
    {
        "title": "Wombat Burrow Mapping with Lidar",
        "authors": ["Bob Digger"],
        "abstract": "Lidar scans of wombat burrows give the first complete maps.",
    },
    {
        "title": "Numbat Diets Across Seasons",
        "authors": ["Cy Termite"],
        "abstract": "Numbats eat termites; we measure how much, season by season.",
    },
]


@pytest.fixture
def shell(tmp_path):
    lists = tmp_path / "lists"
    lists.mkdir()
    source = lists / "marsupials.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    tmux = Tmux(
        120,
        40,
        env={"TUIREADER_HOME": str(tmp_path / "home"), "TERM": "xterm-256color", "PS1": "$ "},
    )
    work = tmp_path / "elsewhere"  # the commands run far from the list
    work.mkdir()
    tmux.start(f"cd {shlex.quote(str(work))} && exec sh")
    yield tmux, source
    tmux.close()


def command(*args: str) -> str:
    return " ".join(shlex.quote(part) for part in (str(installed_command()), *args))


def prompt_shown(screen: str) -> bool:
    lines = [line for line in screen.splitlines() if line.strip()]
    return bool(lines) and lines[-1].strip() == "$"


def run_in(tmux: Tmux, line: str, marker: str) -> str:
    """Type ``line`` into the shell; wait for its exit status (after ``marker``) and the
    next prompt."""
    tmux.type(f"{line}; echo {marker} $?")
    tmux.send("Enter")
    return tmux.wait_for(
        lambda s: re.search(rf"^{marker} \d+", s, re.MULTILINE) is not None and prompt_shown(s)
    )


def status(screen: str, marker: str) -> int:
    return int(re.search(rf"^{marker} (\d+)", screen, re.MULTILINE).group(1))


def test_add_a_list_then_find_its_papers_without_naming_it(shell):
    tmux, source = shell
    screen = run_in(tmux, command("add", str(source)), "ADDED")
    assert status(screen, "ADDED") == 0
    assert "added marsupials (3 papers)" in screen

    # the reader opens on the library, not on the seeds
    tmux.type(f"{command()}; echo READER $?")
    tmux.send("Enter")
    tmux.wait_for(lambda s: "3 / 3 papers" in s and "index: ready" in s)
    tmux.send("Tab")
    tmux.wait_for(lambda s: "⏎ Open" in s)
    tmux.send("q")
    screen = tmux.wait_for(lambda s: "READER 0" in s and prompt_shown(s))

    screen = run_in(tmux, command("search", "quokka"), "SEARCHED")
    assert status(screen, "SEARCHED") == 0
    [hit] = [line for line in screen.splitlines() if "Quokka Locomotion" in line]
    assert "(marsupials)" in hit and hit.endswith("[code]")
    paper_id = re.match(r"^([a-z2-7]{8})  Quokka", hit).group(1)  # as a user reads it

    screen = run_in(tmux, command("show", paper_id), "SHOWN")
    assert status(screen, "SHOWN") == 0
    assert f"id {paper_id}" in screen and "Ada Marsupial" in screen
    assert "https://github.com/example/quokka-gait" in screen

    screen = run_in(tmux, command("lists"), "LISTED")
    assert status(screen, "LISTED") == 0
    assert re.search(rf"^\s+3\s+marsupials\s+{re.escape(str(source))}", screen, re.MULTILINE)


def test_a_list_added_and_removed_in_another_shell_shows_in_the_running_reader(shell, tmp_path):
    # the reader kept the lists it started with until it was restarted
    tmux, source = shell
    assert status(run_in(tmux, command("add", str(source)), "ADDED"), "ADDED") == 0
    other = source.with_name("platypus.jsonl")
    record = {
        "title": "Platypus Electroreception in Murky Streams",
        "authors": ["Dee Monotreme"],
        "abstract": "Platypuses find their prey by its electric field.",
    }
    other.write_text(json.dumps(record) + "\n", encoding="utf-8")
    tmux.type(f"{command()}; echo READER $?")
    tmux.send("Enter")
    tmux.wait_for(lambda s: "3 / 3 papers" in s and "index: ready" in s)
    tmux.type("monotreme")  # typed in the search box: found nothing yet
    tmux.wait_for(lambda s: "0 of 3 papers match" in s)

    # another shell (pane) adds a list: the reader reads it, says so, and the search
    # typed finds its paper
    env = {**tmux.env}
    added = subprocess.run(
        [str(installed_command()), "add", str(other)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert added.returncode == 0, added.stderr
    screen = tmux.wait_for(
        lambda s: (
            "Library changed: platypus.jsonl added (1 paper)" in notice_text(s)
            and "1 of 4 papers match" in s
            and "Platypus Electroreception" in s
        )
    )
    assert "monotreme" in screen

    removed = subprocess.run(
        [str(installed_command()), "remove", "platypus"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert removed.returncode == 0, removed.stderr
    tmux.wait_for(
        lambda s: (
            "Library changed: platypus.jsonl removed: its 1 paper left the results"
            in notice_text(s)
            and "0 of 3 papers match" in s
        )
    )
    tmux.send("C-q")
    tmux.wait_for(lambda s: "READER 0" in s and prompt_shown(s))
