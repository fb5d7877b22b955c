"""Commands stopped by ``kill`` (SIGTERM) or a closed terminal (SIGHUP) as they write."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from corpus_util import RECORDS, write_jsonl

#: runs the command with the signal sent to itself at the moment its file is written
#: to disk (the fsync before the rename), the moment a temporary file stands beside it
STOPPED_AS_IT_WRITES = textwrap.dedent(
    """
    import os, signal, sys
    from tuireader import cli

    real_fsync = os.fsync

    def fsync(fd):
        os.kill(os.getpid(), int(os.environ["SIGNUM"]))
        return real_fsync(fd)

    os.fsync = fsync
    sys.exit(cli.main(sys.argv[1:]))
    """
)


def stopped(tmp_path, signum: int, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home"), "SIGNUM": str(signum)}
    return subprocess.run(
        [sys.executable, "-c", STOPPED_AS_IT_WRITES, *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_an_export_stopped_as_it_writes_leaves_no_temporary_file(tmp_path, signum):
    # the signal's default ended the process on the spot, and `.refs.bib.….tmp` stayed
    # beside the file for good
    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    out = tmp_path / "out"
    out.mkdir()
    (out / "refs.bib").write_text("", encoding="utf-8")  # an empty file: replaced
    done = stopped(
        tmp_path, signum, "export", str(source), "--format", "bibtex", "-o", str(out / "refs.bib")
    )
    assert done.returncode == 128 + signum, done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["refs.bib"]
    assert (out / "refs.bib").read_text(encoding="utf-8") == ""  # whole or not at all


def test_an_add_stopped_as_it_writes_the_library_leaves_it_as_it_was(tmp_path):
    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    done = stopped(tmp_path, signal.SIGTERM, "add", str(source))
    assert done.returncode == 143, done.stderr
    home = tmp_path / "home"
    assert not (home / "lists.json").exists()
    assert not [p.name for p in home.iterdir() if p.name.endswith(".tmp")]


#: runs the command with the signal sent to itself just after its change is committed
STOPPED_ONCE_SAVED = textwrap.dedent(
    """
    import os, sys
    from tuireader import cli
    from tuireader.triage import store

    saving = []
    real_commit, real_apply, real_notes = (
        store.Store._note_companions, store.Store.apply_many, store.Store.set_notes
    )

    def committed(self):
        if saving:  # the command's own change, not a mark's identity kept on loading
            os.kill(os.getpid(), int(os.environ["SIGNUM"]))
        return real_commit(self)

    def watched(real):
        def change(self, *args, before_saving, **kwargs):
            def before():
                before_saving()
                saving.append(True)
            return real(self, *args, before_saving=before, **kwargs)
        return change

    store.Store._note_companions = committed
    store.Store.apply_many = watched(real_apply)
    store.Store.set_notes = watched(real_notes)
    sys.exit(cli.main(sys.argv[1:]))
    """
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("command", ["note", "triage"])
def test_a_change_stopped_once_saved_says_it_is_saved(tmp_path, signum, command):
    # stopped between its commit and its summary, `note --append` ended with 130 and
    # said nothing: the line was added, and a script that ran it again added it twice
    lst = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home"), "SIGNUM": str(signum)}
    found = subprocess.run(
        [sys.executable, "-m", "tuireader", "search", "privacy", str(lst)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    paper = found.stdout.split()[0]
    change = ["--append", "seen"] if command == "note" else ["--tag", "seen"]
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_ONCE_SAVED, command, paper, *change, str(lst)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 128 + signum, done.stderr
    what = "text added to the note" if command == "note" else "tag 'seen' added"
    assert f"1 paper: {what} (1 change;" in done.stderr
    assert done.stdout.startswith(paper)
    assert "Traceback" not in done.stderr
    shown = subprocess.run(
        [sys.executable, "-m", "tuireader", "show", paper, str(lst), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    data = json.loads(shown.stdout)
    assert (data["note"], data["tags"]) == (("seen", []) if command == "note" else ("", ["seen"]))


#: runs the command with the signal sent to itself as its stdout is set up
STOPPED_AT_THE_START = textwrap.dedent(
    """
    import os, sys
    from tuireader import cli

    real = cli._whole_writes

    def whole_writes():
        os.kill(os.getpid(), int(os.environ["SIGNUM"]))
        return real()

    cli._whole_writes = whole_writes
    sys.exit(cli.main(sys.argv[1:]))
    """
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_command_stopped_as_it_starts_ends_without_a_traceback(tmp_path, signum):
    # a stop as stdout was set up came before the command's own handling of it
    lst = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home"), "SIGNUM": str(signum)}
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_AT_THE_START, "search", "privacy", str(lst)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 128 + signum
    assert done.stdout == "" and done.stderr == ""


#: runs undo with the signal sent to itself just after the step is taken back
STOPPED_ONCE_UNDONE = textwrap.dedent(
    """
    import os, sys
    from tuireader import cli
    from tuireader.triage import store

    undoing = []
    real_commit, real_undo = store.Store._note_companions, store.Store.undo

    def committed(self):
        if undoing:
            os.kill(os.getpid(), int(os.environ["SIGNUM"]))
        return real_commit(self)

    def undo(self):
        undoing.append(True)
        return real_undo(self)

    store.Store._note_companions = committed
    store.Store.undo = undo
    sys.exit(cli.main(sys.argv[1:]))
    """
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_undo_stopped_once_done_says_it_is_done(tmp_path, signum):
    # ended with 130 and nothing said: undo run again took back the step before too
    lst = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home"), "SIGNUM": str(signum)}

    def tuireader(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tuireader", *argv],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )

    paper = tuireader("search", "privacy", str(lst)).stdout.split()[0]
    tuireader("triage", paper, "--state", "keep", str(lst))
    tuireader("triage", paper, "--tag", "later", str(lst))
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_ONCE_UNDONE, "undo"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 128 + signum, done.stderr
    assert "undid: tag 'later' taken off for 1 paper" in done.stderr
    shown = json.loads(tuireader("show", paper, str(lst), "--json").stdout)
    assert (shown["state"], shown["tags"]) == ("kept", [])


#: runs the command with Ctrl-C sent to itself as it looks at its data folder
INTERRUPTED_AS_IT_STARTS = textwrap.dedent(
    """
    import os, signal, sys
    from tuireader import cli

    real = cli._start_problem

    def start_problem(args):
        os.kill(os.getpid(), signal.SIGINT)
        return real(args)

    cli._start_problem = start_problem
    sys.exit(cli.main(sys.argv[1:]))
    """
)


def test_ctrl_c_as_a_command_reads_its_options_ends_it_without_a_traceback(tmp_path):
    # a Ctrl-C as the command read its options or looked at its data folder printed
    # Python's traceback
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_AS_IT_STARTS, "search", "privacy"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 130
    assert done.stdout == "" and done.stderr == ""
