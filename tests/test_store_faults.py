"""Faults of the triage store: kill -9 at random moments, a damaged WAL, read-only and full
disks, two readers editing one paper, and private file modes.

Every case checks the same promises: no acknowledged action is lost, ``PRAGMA
integrity_check`` says ok, and what goes wrong is told in one plain sentence.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tuireader.triage import store as store_module
from tuireader.triage.store import STATES, Store, StoreConflict, StoreError, StoreFull

WORKER = Path(__file__).parent / "helpers" / "store_worker.py"


def integrity(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def run_acknowledging_worker(db: Path, seconds: float, at_least: int = 0) -> list[int]:
    """Start a writer, kill -9 it ``seconds`` after its first ``at_least`` acknowledgements;
    the acknowledgements it printed."""
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), "ack", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert worker.stdout is not None
    try:
        assert worker.stdout.readline().strip() == "ready"
        early = [worker.stdout.readline().strip() for _ in range(at_least)]
        assert early == [f"ack {i}" for i in range(at_least)]
        # Wait on the pipe (no clock in the test's verdict): the kill lands wherever
        # the writer is after ``seconds``, mid-transaction or between two.
        with contextlib.suppress(subprocess.TimeoutExpired):
            worker.wait(timeout=seconds)
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
    out = worker.stdout.read()
    later = [int(line.split()[1]) for line in out.splitlines() if line.startswith("ack ")]
    return list(range(at_least)) + later


def assert_acknowledged_kept(db: Path, acked: list[int]) -> None:
    with Store.open(db, timeout=5.0) as after:
        assert not after.read_only, after.problem
        everything = after.get_many(f"a{i}" for i in acked)
        for i in acked:
            triage = everything[f"a{i}"]
            assert triage.state == STATES[1 + i % 4], i
            assert triage.tags == (f"t{i}",), i
        after.set_state("after-the-kill", "kept")  # the lock died with the writer
    assert integrity(db) == "ok"


# ------------------------------------------------------------------------- kill -9


@pytest.mark.parametrize("trial", range(6))
def test_kill_9_at_a_random_moment_loses_no_acknowledged_action(tmp_path: Path, trial: int):
    db = tmp_path / "triage.sqlite3"
    delays = random.Random(trial)
    acked: list[int] = []
    for _round in range(2):  # a second writer continues on what the first left
        acked += run_acknowledging_worker(db, delays.uniform(0.0, 0.4))
    assert_acknowledged_kept(db, [i for i in dict.fromkeys(acked)])


# ------------------------------------------------------------------------ damaged WAL


def _wal_with_frames(tmp_path: Path) -> tuple[Path, Path]:
    """A store as a crash leaves it: "before" checkpointed into the main file, later
    writes only in the WAL.

    The files are copied while the writer is between two transactions, where a killed
    writer could have been mid-checkpoint: a main file half-checkpointed needs its WAL
    to be whole, and no store can keep what a damaged WAL then takes with it.
    """
    live = tmp_path / "live"
    live.mkdir()
    db = live / "triage.sqlite3"
    with Store.open(db) as first:  # closed cleanly: checkpointed into the main file
        first.set_state("before", "kept")
        first.add_tag("before", "safe")
    checkpointed = db.read_bytes()
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    with Store.open(db) as writer:
        for i in range(5):
            writer.set_state(f"a{i}", STATES[1 + i % 4])
            writer.add_tag(f"a{i}", f"t{i}")
        for name in (db.name, f"{db.name}-wal"):
            shutil.copyfile(live / name, crashed / name)
    db = crashed / db.name
    wal = Path(f"{db}-wal")
    assert wal.stat().st_size > 32
    assert db.read_bytes() == checkpointed  # the later writes are in the WAL alone
    return db, wal


def _flip_middle(wal: Path) -> None:
    data = bytearray(wal.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(b ^ 0xFF for b in data[middle : middle + 64])
    wal.write_bytes(bytes(data))


def _truncate_half(wal: Path) -> None:
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 2])


def _garbage_header(wal: Path) -> None:
    data = bytearray(wal.read_bytes())
    data[:32] = b"\x13" * 32
    wal.write_bytes(bytes(data))


def _empty(wal: Path) -> None:
    wal.write_bytes(b"")


def _all_garbage(wal: Path) -> None:
    wal.write_bytes(os.urandom(wal.stat().st_size))


@pytest.mark.parametrize(
    "damage", [_flip_middle, _truncate_half, _garbage_header, _empty, _all_garbage]
)
def test_a_damaged_wal_opens_soundly_and_keeps_what_was_checkpointed(tmp_path, damage):
    db, wal = _wal_with_frames(tmp_path)
    damage(wal)
    with Store.open(db, timeout=2.0) as opened:
        # SQLite stops at the first frame whose checksum fails: what came before stays.
        assert opened.get("before").state == "kept"
        assert opened.get("before").tags == ("safe",)
        if opened.read_only:
            assert opened.problem and "\n" not in opened.problem
        else:
            opened.set_state("after", "read")
            assert opened.get("after").state == "read"
    assert integrity(db) == "ok"


def test_a_log_left_without_its_shared_memory_is_read_and_nothing_made_beside_it(tmp_path):
    # a copy of the data folder taken while a reader ran: the file and its log, no
    # shared memory; reading it read-only made one beside them
    db, _wal = _wal_with_frames(tmp_path)
    before = {p.name: p.read_bytes() for p in db.parent.iterdir()}
    with Store.open(db, read_only=True) as opened:
        assert opened.get("before").tags == ("safe",)
        assert opened.get("a4").state == STATES[1 + 4 % 4] and opened.get("a4").tags == ("t4",)
    assert {p.name: p.read_bytes() for p in db.parent.iterdir()} == before


def test_a_triage_file_cut_short_shows_the_marks_it_still_holds(tmp_path):
    # a copy or a sync that stopped half way: SQLite refuses the whole file as malformed
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as store:
        for i in range(3):
            store.set_state(f"p{i}", "kept")
        store.set_tags("p0", ["safe"])
        store.set_note("p1", "still here")
        for i in range(300):  # an undo log that runs to many pages after the marks'
            store.set_state("p2", STATES[i % len(STATES)])
        store.set_state("p2", "kept")
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    whole = db.read_bytes()
    page = int.from_bytes(whole[16:18], "big")
    cut = len(whole) // page // 2 * page
    assert cut >= 8 * page
    db.write_bytes(whole[:cut])
    with Store.open(db, timeout=2.0) as opened:
        assert opened.read_only and opened.problem and "damaged" in opened.problem
        assert opened.get("p0").state == "kept" and opened.get("p0").tags == ("safe",)
        assert opened.get("p1").note == "still here"
        assert opened.get("p2").state == "kept"
    assert db.read_bytes() == whole[:cut]  # left untouched


# ------------------------------------------------------------------ tmpfs (root only)


@contextlib.contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A small tmpfs at ``where``: a disk that can be filled or made read-only."""
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a small tmpfs")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace')}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True)


def fill(where: Path) -> Path:
    filler = where / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 4096)
    finally:
        os.close(fd)
    return filler


def test_full_disk_refuses_with_a_message_and_loses_nothing(tmp_path: Path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        db = disk / "triage.sqlite3"
        store = Store.open(db)
        try:
            for i in range(20):
                store.set_state(f"p{i}", "kept")
            store.set_note("p0", "kept before the disk filled")
            filler = fill(disk)
            refused = 0
            for i in range(20, 60):
                try:
                    store.set_note(f"p{i}", "x" * 20_000)
                    store.set_state(f"p{i}", "kept")
                except StoreError as error:
                    refused += 1
                    assert isinstance(error, StoreFull), error.user_message
                    assert "disk may be full" in error.user_message
                    assert "\n" not in error.user_message
                    assert "The change was not saved" in error.user_message
                    assert "The changes were not saved" in error.several
            assert refused
            saved = store.states()
            assert all(saved[f"p{i}"] == "kept" for i in range(20))
            filler.unlink()
            store.set_state("after", "read")  # space again: writes work again
            assert store.get("after").state == "read"
            assert store.get("p0").note == "kept before the disk filled"
        finally:
            store.close()
        assert integrity(db) == "ok"


def test_a_store_opened_on_a_full_disk_says_the_disk_is_full(tmp_path: Path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        db = disk / "triage.sqlite3"
        with Store.open(db) as store:
            store.set_state("p", "kept")
        filler = fill(disk)
        with Store.open(db) as opened:
            assert opened.read_only and opened.problem is not None
            assert "disk may be full" in opened.problem, opened.problem
            assert "free some space" in opened.problem
            assert opened.get("p").state == "kept"
        filler.unlink()
        with Store.open(db) as again:
            assert not again.read_only and again.get("p").state == "kept"
        assert integrity(db) == "ok"


def test_a_store_opened_on_a_full_disk_saves_once_space_is_freed(tmp_path: Path):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        db = disk / "triage.sqlite3"
        with Store.open(db) as store:
            store.set_state("p", "kept")
        filler = fill(disk)
        store = Store.open(db)
        assert store.read_only and "a reader left open goes on" in (store.problem or "")
        assert store.reopen() is None and store.reopen() is None  # still full
        filler.unlink()
        found = store.reopen() or store.reopen()
        assert found is not None, store.problem
        assert "can be written now" in found.message
        found.store.set_state("q", "skip")
        store.close()
        found.store.close()
        with Store.open(db, read_only=True) as saved:
            assert saved.states() == {"p": "kept", "q": "skip"}
        assert integrity(db) == "ok"


@pytest.mark.parametrize("disk_was", ["full", "read-only"])
def test_a_triage_file_that_could_not_be_made_is_made_later(tmp_path: Path, disk_was: str):
    with tmpfs(tmp_path / "disk", "1m") as disk:
        db = disk / "data" / "triage.sqlite3"
        db.parent.mkdir()
        if disk_was == "full":
            filler = fill(disk)
        else:
            remount(disk, "ro")
        store = Store.open(db)
        assert store.read_only and store.problem is not None
        assert store.reopen() is None and store.reopen() is None  # still as it was
        if disk_was == "full":
            filler.unlink()
        else:
            remount(disk, "rw")
            assert not db.exists()  # none could be made: made at the next look
        found = store.reopen() or store.reopen()
        assert found is not None, store.problem
        # where it said "A sound triage file stands at …" of the file it made itself
        assert found.message == f"The triage file {db} could be made now: changes are saved to it."
        found.store.set_state("p", "kept")
        store.close()
        found.store.close()
        with Store.open(db, read_only=True) as saved:
            assert saved.states() == {"p": "kept"}


def test_a_triage_file_begun_on_a_disk_that_filled_is_made_once_space_is_freed(
    tmp_path: Path,
):
    # with a few pages left the schema did not fit: "could not be opened (cannot
    # rollback - no transaction is active)", and nothing was tried again once there was
    # room; some space left, or none, the store says the disk is full and goes on
    with tmpfs(tmp_path / "disk", "1m") as disk:
        db = disk / "triage.sqlite3"
        for left in range(0, 128 * 1024, 8 * 1024):
            filler = fill(disk)
            os.truncate(filler, max(0, filler.stat().st_size - left))
            store = Store.open(db)
            if store.read_only:
                assert "disk may be full" in (store.problem or ""), (left, store.problem)
                assert store.reopen() is None  # still full
                filler.unlink()
                found = store.reopen() or store.reopen()
                assert found is not None, (left, store.problem)
                assert "could be made now" in found.message
                found.store.set_state("p", "kept")
                store.close()
                store = found.store
            else:  # room enough
                filler.unlink()
                store.set_state("p", "kept")
            store.close()
            with Store.open(db, read_only=True) as saved:
                assert saved.states() == {"p": "kept"}
            for made in disk.glob("triage.sqlite3*"):
                made.unlink()


def test_read_only_disk_opens_read_only_with_a_message(tmp_path: Path):
    with tmpfs(tmp_path / "disk", "4m") as disk:
        db = disk / "triage.sqlite3"
        with Store.open(db) as store:
            store.set_state("p", "kept")
            store.set_note("p", "still here")
        remount(disk, "ro")
        try:
            with Store.open(db) as opened:
                assert opened.read_only
                assert "read-only" in (opened.problem or "")
                assert "\n" not in (opened.problem or "")
                assert opened.get("p").state == "kept"
                assert opened.get("p").note == "still here"
                with pytest.raises(StoreError) as raised:
                    opened.set_state("q", "kept")
                assert "read-only" in raised.value.user_message
        finally:
            remount(disk, "rw")
        assert integrity(db) == "ok"


def _damaged_triage(db: Path) -> bytes:
    """A triage file of a few marks, cut short, as a sync that stopped half way leaves it
    (the marks lie in its first half)."""
    with Store.open(db) as store:
        for i in range(40):
            store.set_state(f"p{i}", "kept")
            store.set_note(f"p{i}", "a note to keep " * 20)
    with Store.open(db) as store:
        store.save_ui_state("later", {"text": "x" * db.stat().st_size})
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 4096 // 2 * 4096])
    return db.read_bytes()


def test_recovering_on_a_full_disk_loses_nothing(tmp_path: Path):
    from tuireader.triage.recover import recover

    with tmpfs(tmp_path / "disk", "4m") as disk:
        db = disk / "triage.sqlite3"
        damaged = _damaged_triage(db)
        filler = fill(disk)
        result = recover(db)
        assert result.outcome == "failed" and result.kept is None
        assert "the disk is full" in result.message and "free some space" in result.message
        assert "the damaged file is still there as it was" in result.message
        assert sorted(p.name for p in disk.iterdir()) == ["filler", db.name]
        assert db.read_bytes() == damaged
        filler.unlink()
        result = recover(db)
        assert (result.outcome, result.decisions, result.notes) == ("recovered", 40, 40)
        assert result.kept is not None and result.kept.read_bytes() == damaged
        assert integrity(db) == "ok"


def test_recovering_on_a_read_only_disk_loses_nothing(tmp_path: Path):
    from tuireader.triage.recover import recover

    with tmpfs(tmp_path / "disk", "4m") as disk:
        db = disk / "triage.sqlite3"
        damaged = _damaged_triage(db)
        remount(disk, "ro")
        try:
            result = recover(db)
            assert result.outcome == "failed", result.message
            assert "its folder can't be written (Read-only file system)" in result.message
            assert sorted(p.name for p in disk.iterdir()) == [db.name]
            assert db.read_bytes() == damaged
        finally:
            remount(disk, "rw")


# ------------------------------------------------------------- two readers, one paper


def _other_reader(db: Path, *args: str) -> None:
    subprocess.run([sys.executable, str(WORKER), *args[:1], str(db), *args[1:]], check=True)


def test_tags_saved_by_two_processes_are_merged(tmp_path: Path):
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as mine:
        mine.set_tags("p", ["common", "old"])
        opened = mine.get("p").tags  # the editor opens
        _other_reader(db, "tags", "p", "common,old,theirs")
        # this reader removed "old" and added "mine"; the other added "theirs"
        result = mine.set_tags("p", ["common", "mine"], base=opened)
        assert result.tags == ("common", "mine", "theirs")


def test_tags_removed_elsewhere_stay_removed(tmp_path: Path):
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as mine:
        mine.set_tags("p", ["a", "b"])
        opened = mine.get("p").tags
        _other_reader(db, "tags", "p", "a")
        assert mine.set_tags("p", ["a", "b", "c"], base=opened).tags == ("a", "c")


def test_a_note_saved_by_another_process_is_never_overwritten(tmp_path: Path):
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as mine:
        mine.set_note("p", "first")
        opened = mine.get("p").note
        _other_reader(db, "note", "p", "theirs")
        with pytest.raises(StoreConflict) as raised:
            mine.set_note("p", "mine", base=opened)
        assert raised.value.current == "theirs"
        assert "another reader" in raised.value.user_message
        assert mine.get("p").note == "theirs"
        # the same text as the other reader's is no conflict, nor a note nobody changed
        mine.set_note("p", "theirs", base=opened)
        assert mine.set_note("p", "mine again", base="theirs").note == "mine again"


# ---------------------------------------------------------------------- private modes


@pytest.mark.parametrize("umask", [0o000, 0o022, 0o777])
def test_triage_files_are_private_whatever_the_umask(tmp_path: Path, umask: int):
    db = tmp_path / "triage.sqlite3"
    old = os.umask(umask)
    try:
        with Store.open(db) as store:
            store.set_note("p", "private thoughts")
            modes = {
                name: stat.S_IMODE(Path(f"{db}{name}").stat().st_mode)
                for name in ("", "-wal", "-shm")
            }
    finally:
        os.umask(old)
    assert modes == {"": 0o600, "-wal": 0o600, "-shm": 0o600}


def test_existing_wide_modes_are_tightened_on_open(tmp_path: Path):
    db = tmp_path / "triage.sqlite3"
    with Store.open(db) as store:
        store.set_note("p", "private thoughts")
        for name in ("", "-wal", "-shm"):
            os.chmod(f"{db}{name}", 0o644)
        with Store.open(db) as second:
            assert second.get("p").note == "private thoughts"
            for name in ("", "-wal", "-shm"):
                assert stat.S_IMODE(Path(f"{db}{name}").stat().st_mode) == 0o600, name
    os.chmod(db, 0o664)
    Store.open(db, read_only=True).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_a_triage_file_removed_under_an_open_store_is_written_again(tmp_path: Path) -> None:
    # the store went on writing to the unlinked file, and every later change was lost
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    assert store.check_file() is None
    store.set_state("bbbb2222", "skip")
    for leftover in tmp_path.glob("triage.sqlite3*"):
        leftover.unlink()
    problem = store.check_file()
    assert problem is not None and "was removed" in problem and "written again" in problem
    assert store.read_only
    with pytest.raises(StoreError, match="was removed"):
        store.set_state("cccc3333", "kept")
    store.close()
    with Store.open(path, read_only=True) as again:
        assert again.get("aaaa1111").state == "kept"
        assert again.get("bbbb2222").state == "skip"
        assert again.get("cccc3333").state == "new"
    assert path.stat().st_mode & 0o077 == 0


def test_a_triage_file_removed_with_its_whole_data_folder_is_written_again(
    tmp_path: Path,
) -> None:
    # rm -rf of the data folder under a running reader: its folder was not made again,
    # and every mark, tag and note the reader held went with it
    data = tmp_path / "data"
    path = data / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    store.set_note("aaaa1111", "only here now")
    shutil.rmtree(data)
    problem = store.check_file()
    assert problem is not None and "was removed" in problem
    assert "written again with every change saved so far" in problem, problem
    store.close()
    with Store.open(path, read_only=True) as again:
        assert again.get("aaaa1111").state == "kept"
        assert again.get("aaaa1111").note == "only here now"
    assert path.stat().st_mode & 0o077 == 0


def test_a_change_after_the_file_was_removed_is_refused_and_the_file_written_again(
    tmp_path: Path,
) -> None:
    # a change made before the next check would have gone to the unlinked file: the
    # user is told at once instead, and what was saved before is written again
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    for leftover in tmp_path.glob("triage.sqlite3*"):
        leftover.unlink()
    with pytest.raises(StoreError, match="was removed"):
        store.set_state("bbbb2222", "skip")
    store.close()
    with Store.open(path, read_only=True) as again:
        assert again.states() == {"aaaa1111": "kept"}


def test_a_triage_file_replaced_under_an_open_store_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    other, whole = tmp_path / "copy.sqlite3", tmp_path / "whole.sqlite3"
    with Store.open(other) as copy:
        copy.set_state("dddd4444", "maybe")
        copy._conn.execute("VACUUM INTO ?", (str(whole),))  # one file, no log beside it
    os.replace(whole, path)
    problem = store.check_file()
    assert problem is not None and "replaced" in problem
    assert store.read_only  # nothing more goes to the file no one will read
    with pytest.raises(StoreError, match="replaced"):
        store.set_state("cccc3333", "kept")
    store.close()
    # the new file is read as it is: the log this store left at the path is not laid
    # over it, and what this store had saved is kept in a copy the message names
    with Store.open(path) as after:
        assert after.states() == {"dddd4444": "maybe"}
    (kept,) = tmp_path.glob("triage-before-replace-*.sqlite3")
    assert str(kept) in problem
    assert kept.stat().st_mode & 0o077 == 0
    with Store.open(kept, read_only=True) as saved:
        assert saved.states() == {"aaaa1111": "kept"}


def test_a_file_replaced_and_not_yet_noticed_is_not_written_over_at_close(
    tmp_path: Path,
) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    whole = tmp_path / "whole.sqlite3"
    with Store.open(tmp_path / "copy.sqlite3") as copy:
        copy.set_state("dddd4444", "maybe")
        copy._conn.execute("VACUUM INTO ?", (str(whole),))
    os.replace(whole, path)
    with pytest.raises(StoreError, match="replaced"):  # noticed at the next change
        store.set_state("cccc3333", "kept")
    store.close()
    with Store.open(path) as after:
        assert after.states() == {"dddd4444": "maybe"}
    other = Store.open(tmp_path / "second.sqlite3")
    other.set_state("eeee5555", "kept")
    os.replace(tmp_path / "copy.sqlite3", tmp_path / "second.sqlite3")
    other.close()  # closed before any check or change
    with Store.open(tmp_path / "second.sqlite3") as after:
        assert after.states() == {"dddd4444": "maybe"}


def _io_error() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"  # type: ignore[attr-defined]
    return error


def test_an_io_error_with_space_left_is_not_called_a_full_disk(tmp_path: Path) -> None:
    with Store.open(tmp_path / "triage.sqlite3") as store:
        error = store._write_error(_io_error())
    assert not isinstance(error, StoreFull)
    assert "disk may be full" not in error.user_message
    assert "the disk reported an error (disk I/O error)" in error.user_message


def test_an_io_error_with_no_space_left_is_a_full_disk(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(store_module, "_space_left", lambda _path: 4096)
    with Store.open(tmp_path / "triage.sqlite3") as store:
        error = store._write_error(_io_error())
    assert isinstance(error, StoreFull) and "disk may be full" in error.user_message


@pytest.mark.parametrize(
    "error",
    [
        sqlite3.OperationalError("database is locked"),
        sqlite3.DatabaseError("database disk image is malformed"),
        sqlite3.OperationalError("attempt to write a readonly database"),
        sqlite3.OperationalError("database or disk is full"),
        _io_error(),
    ],
    ids=["busy", "damaged", "read-only", "full", "io"],
)
def test_a_write_error_says_the_change_was_not_saved_and_so_of_several(
    tmp_path: Path, error: sqlite3.Error
) -> None:
    # changes queued together on a full disk were said together with "The change was
    # not saved" under "Not saved: 5 changes to …"
    with Store.open(tmp_path / "triage.sqlite3") as store:
        failure = store._write_error(error)
    one, several = failure.user_message, failure.several
    assert "change was not saved" in one and "changes" not in one
    assert several == one.replace("change was not saved", "changes were not saved")
