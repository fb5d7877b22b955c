"""What a command says once (a list's warnings) is kept in ``cache/said.json``."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from corpus_util import RECORDS, write_jsonl

from tuireader.session import load_session

SAID_TWICE = textwrap.dedent(
    """
    import sys
    from tuireader.session import load_session

    session = load_session([sys.argv[1]])
    print(session.first_time_said("warnings", ["a"]), session.first_time_said("warnings", ["a"]))
    """
)


def test_a_warning_is_said_once_and_again_when_it_changes(tmp_path):
    session = load_session([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    assert session.first_time_said("warnings", ["a"])
    assert not session.first_time_said("warnings", ["a"])
    assert session.first_time_said("warnings", ["a", "b"])
    said = session.paths.cache_dir / "said.json"
    assert [p.name for p in said.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_fifo_in_place_of_the_record_is_not_waited_on(tmp_path):
    # read_text on it waited for ever, for a writer that never came
    home = tmp_path / "home"
    (home / "cache").mkdir(parents=True)
    os.mkfifo(home / "cache" / "said.json")
    done = subprocess.run(
        [sys.executable, "-c", SAID_TWICE, str(write_jsonl(tmp_path / "a.jsonl", RECORDS))],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(home)},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]  # the FIFO replaced by the record
