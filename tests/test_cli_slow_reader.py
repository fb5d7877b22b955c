"""``triage`` and ``note`` into a pipe whose reader is slow: the change is saved and the
triage file let go before the output waits on the reader, so that other commands (and
the reader's own marks) are not kept waiting; output that cannot be written at all
still saves nothing."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import termios
import time

import pytest

from tuireader.session import load_session

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="sets a pipe's size (Linux)"
)

F_SETPIPE_SZ = 1031
PIPE_SIZE = 4096


def _list(tmp_path):
    path = tmp_path / "list.jsonl"
    records = [
        {
            "title": f"A rather long title for study number {n} of grasping in clutter",
            "authors": [f"Author {n}"],
            "abstract": f"We study grasping in setting {n} with careful experiments.",
        }
        for n in range(200)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _env():
    """The commands' environment: the test's own data folder (see conftest)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _ids(lst, env) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "tuireader", "search", "", str(lst), "--json", "--limit", "500"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return [hit["id"] for hit in json.loads(done.stdout)["hits"]]


def _in_pipe(read_fd: int) -> int:
    return int.from_bytes(fcntl.ioctl(read_fd, termios.FIONREAD, b"\0\0\0\0"), "little")


def _stalled(argv, env):
    """``argv`` run with stdout into a small pipe nobody reads, once it waits to write
    into it; the process and the pipe's read end."""
    read_fd, write_fd = os.pipe()
    fcntl.fcntl(write_fd, F_SETPIPE_SZ, PIPE_SIZE)
    process = subprocess.Popen(
        [sys.executable, "-m", "tuireader", *argv],
        stdout=write_fd,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(write_fd)
    deadline = time.monotonic() + 60
    while not _waits_on_the_pipe(process.pid, read_fd) and process.poll() is None:
        assert time.monotonic() < deadline, "the command never waited on the pipe"
        time.sleep(0.05)
    return process, read_fd


def _waits_on_the_pipe(pid: int, read_fd: int) -> bool:
    """Whether the process waits to write into its full pipe (where the kernel says
    what a process waits on; elsewhere, a second after its pipe is full)."""
    try:
        with open(f"/proc/{pid}/wchan", encoding="ascii") as wchan:
            waits_on = wchan.read()
    except OSError:
        waits_on = "0"
    if waits_on in ("", "0"):  # not said here
        if _in_pipe(read_fd) < PIPE_SIZE:
            return False
        time.sleep(1)
        return True
    return "pipe_write" in waits_on


def _drain(process, read_fd) -> tuple[bytes, bytes]:
    chunks = []
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    _out, err = process.communicate(timeout=60)
    return b"".join(chunks), err


@pytest.mark.parametrize(
    "change",
    [["triage", "--state", "keep"], ["note", "--append", "seen"]],
)
def test_a_change_into_a_pipe_not_read_is_saved_and_lets_the_triage_file_go(tmp_path, change):
    # the lines were written with the triage file locked: a pipe nobody read held its
    # write lock, and every other command gave up after 5 s with "is busy"
    lst = _list(tmp_path)
    env = _env()
    ids = _ids(lst, env)
    assert len(ids) == 200
    process, read_fd = _stalled([change[0], *ids, *change[1:], str(lst)], env)
    try:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        # the command waits on its reader, its change saved
        session = load_session([lst])
        with session.open_store() as store:
            saved = store.get_many(ids)
        if change[0] == "triage":
            assert {saved[pid].state for pid in ids} == {"kept"}
        else:
            assert {saved[pid].note for pid in ids} == {"seen"}
        # and another command changes a mark meanwhile, without waiting
        other = subprocess.run(
            [sys.executable, "-m", "tuireader", "triage", ids[0], "--tag", "meanwhile", str(lst)],
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
            check=False,
        )
        assert other.returncode == 0, other.stderr
    finally:
        out, err = _drain(process, read_fd)
    assert process.returncode == 0, err
    lines = out.decode("utf-8").splitlines()
    assert [line.split()[0] for line in lines] == ids  # every line, whole, in order
    assert "200 papers" in err.decode("utf-8")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_change_whose_output_goes_to_a_full_device_is_not_saved(tmp_path):
    lst = _list(tmp_path)
    env = _env()
    ids = _ids(lst, env)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tuireader", "triage", *ids, "--state", "skip", str(lst)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            check=False,
        )
    assert done.returncode == 2
    assert "No space left on device; nothing saved" in done.stderr
    with load_session([lst]).open_store() as store:
        assert {t.state for t in store.get_many(ids).values()} == {"new"}


def test_a_pipe_closed_early_stops_nothing(tmp_path):
    # `tuireader triage … | head -1`: the change is saved, the command ends quietly
    lst = _list(tmp_path)
    env = _env()
    ids = _ids(lst, env)
    read_fd, write_fd = os.pipe()
    fcntl.fcntl(write_fd, F_SETPIPE_SZ, PIPE_SIZE)
    process = subprocess.Popen(
        [sys.executable, "-m", "tuireader", "triage", *ids, "--state", "maybe", str(lst)],
        stdout=write_fd,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(write_fd)
    first = os.read(read_fd, 100)
    os.close(read_fd)
    _out, err = process.communicate(timeout=60)
    assert first.startswith(ids[0].encode())
    assert process.returncode == 0, err
    assert b"could not write" not in err and b"Traceback" not in err
    with load_session([lst]).open_store() as store:
        assert {t.state for t in store.get_many(ids).values()} == {"maybe"}


def test_a_stdout_select_cannot_watch_is_written_whole_once_saved(tmp_path, monkeypatch, capsys):
    # where select takes no pipes (Windows), it failed: "unexpected error (OSError…)"
    import select

    from tuireader.cli import main

    lst = _list(tmp_path)
    ids = _ids(lst, _env())[:3]

    def refuse(*_args):
        raise OSError(10038, "not a socket")

    monkeypatch.setattr(select, "select", refuse)
    read_fd, write_fd = os.pipe()
    stream = open(write_fd, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    monkeypatch.setattr("sys.stdout", stream)
    try:
        code = main(["triage", *ids, "--state", "read", str(lst)])
    finally:
        stream.close()
    out = os.read(read_fd, 65536).decode("utf-8")
    os.close(read_fd)
    assert code == 0, capsys.readouterr().err
    assert [line.split()[0] for line in out.splitlines()] == ids
    with load_session([lst]).open_store() as store:
        assert {t.state for t in store.get_many(ids).values()} == {"read"}
