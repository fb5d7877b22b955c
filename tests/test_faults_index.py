"""Fault injection for the search index: damaged files, killed builds, full disks.

The slow sweep (20 random kills, a real tmpfs filled at many points) is
``benchmarks/faults_index.py``; these are its fast, deterministic cases.
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl
from whoosh.filedb.filestore import FileStorage

from tuireader.ingest.library import load_library
from tuireader.search import index as tindex
from tuireader.search import plan as tplan
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

REPO = Path(__file__).resolve().parents[1]


def _built(tmp_path: Path, records: list[dict] = RECORDS):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "lists" / "a.jsonl", records)])
    tindex.open_index(library, paths).ix.close()
    return paths, library


def _index_file(paths, kind: str) -> Path:
    folder = paths.index_dir
    if kind in (".seg", ".toc"):
        return min(folder.glob(f"*{kind}"))
    return folder / kind


def _damage(path: Path, fault: str) -> None:
    size = path.stat().st_size
    if fault == "delete":
        path.unlink()
    elif fault == "truncate-half":
        os.truncate(path, size // 2)
    elif fault == "truncate-0":
        os.truncate(path, 0)
    else:  # scramble
        rng = random.Random(11)
        with path.open("r+b") as handle:
            for _ in range(max(16, size // 200)):
                handle.seek(rng.randrange(size))
                handle.write(bytes([rng.randrange(256)]))


def _leftovers(paths) -> list[Path]:
    return [
        *paths.root.glob("index.new-*"),
        *paths.root.glob("index.old-*"),
        *paths.index_dir.glob(".*.tmp"),
    ]


@pytest.mark.parametrize("fault", ["truncate-half", "truncate-0", "delete", "scramble"])
@pytest.mark.parametrize("kind", [".seg", tindex.MANIFEST])
def test_a_damaged_index_file_is_rebuilt_and_stays_healed(tmp_path, kind, fault):
    # (a damaged TOC or word list was healed before; benchmarks/faults_index.py runs all)
    paths, library = _built(tmp_path)
    _damage(_index_file(paths, kind), fault)
    engine = open_engine(library, paths)
    assert engine.problem is None and engine.search("privacy").total == 1
    assert engine.report.rebuilt
    assert [m for m in engine.messages if m.startswith("the search index was damaged (")]
    assert all(m.endswith("rebuilt it") and "\n" not in m for m in engine.messages)
    engine.close()
    again = open_engine(library, paths)
    assert not again.messages and not again.report.rebuilt
    assert again.search("privacy").total == 1
    again.close()


def _unreadable(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``folder`` cannot be read (mode 000; for root, which reads it all the same, its
    reading refused once as the OS refuses it to others)."""
    if os.geteuid() != 0:
        folder.chmod(0)
        return
    real = tindex.index.exists_in
    refused: list[str] = []

    def exists_in(dirname, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(dirname) == folder and not refused:
            refused.append(dirname)
            raise PermissionError(errno.EACCES, "Permission denied", dirname)
        return real(dirname, *args, **kwargs)

    monkeypatch.setattr(tindex.index, "exists_in", exists_in)


@pytest.mark.parametrize("fault", ["truncated TOC", "a file in its place", "unreadable"])
def test_an_index_that_cannot_be_opened_is_said_in_words(tmp_path, monkeypatch, fault):
    # it was "could not be opened (TypeError: ord() expected a character, but string
    # of length 0 found)", "(NotADirectoryError: Not a directory)", "(PermissionError:
    # Permission denied)"
    paths, library = _built(tmp_path)
    folder = paths.index_dir
    if fault == "truncated TOC":
        os.truncate(_index_file(paths, ".toc"), 0)
        said = "the search index was damaged"
    elif fault == "a file in its place":
        shutil.rmtree(folder)
        folder.write_bytes(b"12345678")
        said = f"the search index folder {folder} was a file, not a folder"
    else:
        _unreadable(folder, monkeypatch)
        said = f"the search index in {folder} could not be read (Permission denied)"
    engine = open_engine(library, paths)
    assert engine.messages == (f"{said}; rebuilt it",)
    assert engine.search("privacy").total == 1
    engine.close()


@pytest.mark.parametrize("fault", ["a file in its place", "unreadable"])
def test_the_index_a_rebuild_takes_the_place_of_is_removed(tmp_path, monkeypatch, fault):
    # it was left beside the new one as index.old-PID-N: a file of 8 bytes, a
    # d--------- folder
    paths, library = _built(tmp_path)
    folder = paths.index_dir
    if fault == "a file in its place":
        shutil.rmtree(folder)
        folder.write_bytes(b"12345678")
    else:
        folder.chmod(0)
        _unreadable(folder, monkeypatch)
    engine = open_engine(library, paths)
    assert engine.report.rebuilt and engine.search("privacy").total == 1
    assert not _leftovers(paths)
    assert sorted(p.name for p in paths.root.iterdir()) == ["index", "index-vocab", "index.lock"]
    engine.close()


def test_an_old_index_that_cannot_be_removed_is_said_and_removed_at_a_later_start(
    tmp_path, monkeypatch
):
    # another user's unreadable folder: this user can move it aside, not empty it
    paths, library = _built(tmp_path)
    os.truncate(_index_file(paths, ".toc"), 0)
    real = shutil.rmtree

    def refused(path, *args, ignore_errors=False, **kwargs):  # type: ignore[no-untyped-def]
        if ".old-" not in Path(path).name:
            return real(path, *args, ignore_errors=ignore_errors, **kwargs)
        if not ignore_errors:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(tindex.shutil, "rmtree", refused)
    engine = open_engine(library, paths)
    engine.close()
    (aside,) = paths.root.glob("index.old-*")
    assert engine.messages == (
        "the search index was damaged; rebuilt it",
        f"the old search index could not be removed (Permission denied): it is {aside}",
    )
    monkeypatch.undo()  # the next start can remove it
    engine = open_engine(library, paths)
    assert not engine.messages and not engine.report.rebuilt
    engine.close()
    assert not _leftovers(paths)


def test_old_indexes_left_by_earlier_runs_are_removed_and_nothing_else(tmp_path):
    paths, library = _built(tmp_path)
    root = paths.root
    (root / "index.old-999999-1").write_bytes(b"12345678")
    unreadable = root / "index.old-999999-2"
    unreadable.mkdir()
    (unreadable / "_MAIN_1.toc").write_bytes(b"toc")
    unreadable.chmod(0)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "mine.txt").write_text("mine")
    (root / "index.old-999999-3").symlink_to(elsewhere)  # the link goes, never its target
    others = ["index.old-backup", "index.new-notes", "index.older", "index.old-1-2.txt"]
    for name in others:
        (root / name).write_text("not tuireader's")
    engine = open_engine(library, paths)  # a start: the index is sound
    assert not engine.report.rebuilt
    engine.close()
    assert not any(os.path.lexists(root / f"index.old-999999-{n}") for n in (1, 2, 3))
    assert (elsewhere / "mine.txt").read_text() == "mine"
    assert all((root / name).read_text() == "not tuireader's" for name in others)


def test_damage_the_file_stamps_cannot_see_is_rebuilt_when_read(tmp_path):
    paths, library = _built(tmp_path)
    seg = _index_file(paths, ".seg")
    before = seg.stat()
    with seg.open("r+b") as handle:  # the compound file's directory, at its end
        handle.seek(before.st_size - 64)
        handle.write(b"\xff" * 64)
    os.utime(seg, ns=(before.st_atime_ns, before.st_mtime_ns))
    engine = open_engine(library, paths)
    assert engine.report.rebuilt and engine.search("privacy").total == 1
    # in words: what the reading code raised (a struct.error, a ValueError) is no one's
    assert engine.messages == ("the search index was damaged; rebuilt it",)
    engine.close()


@pytest.mark.parametrize("how", ["copied", "restored from a tar archive"])
def test_an_index_copied_or_restored_with_other_times_is_used_as_it_is(tmp_path, how):
    # a folder copied without its times, or restored from an archive that keeps whole
    # seconds, was called damaged and rebuilt, on every copy the README suggests
    paths, library = _built(tmp_path)
    for file in paths.index_dir.iterdir():
        info = file.stat()
        mtime = info.st_mtime_ns + 7_000_000_000 if how == "copied" else info.st_mtime_ns
        os.utime(file, ns=(info.st_atime_ns, mtime // 1_000_000_000 * 1_000_000_000))
    engine = open_engine(library, paths)
    assert not engine.messages and not engine.report.rebuilt
    assert engine.search("privacy").total == 1
    engine.close()
    manifest = tindex._read_json(paths.index_dir / tindex.MANIFEST)
    seg = _index_file(paths, ".seg")
    assert manifest["files"][seg.name][1] == seg.stat().st_mtime_ns  # the new times kept


def test_a_copied_index_file_with_other_content_is_still_damage(tmp_path):
    paths, library = _built(tmp_path)
    seg = _index_file(paths, ".seg")
    _damage(seg, "scramble")
    os.utime(seg, ns=(0, 1_000_000_000))  # and another time, as a copy has
    engine = open_engine(library, paths)
    assert engine.report.rebuilt
    assert any("changed since it was written" in m for m in engine.messages), engine.messages
    engine.close()


def _fails_once(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """The index reads fail once, as a damaged file would; the calls of its evaluation."""
    import struct

    real = tplan.evaluate
    calls: list[int] = []

    def failing_once(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 1:
            raise struct.error("unpack requires a buffer of 8 bytes")
        return real(*args, **kwargs)

    monkeypatch.setattr(tplan, "evaluate", failing_once)
    return calls


def test_an_index_healed_while_warming_is_told_at_the_users_first_search(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    engine = open_engine(library, paths)
    calls = _fails_once(monkeypatch)
    engine.warm()  # the reader's own search, as the index opens: it meets the damage
    assert calls  # it did search
    result = engine.search("privacy")
    assert result.total == 1
    assert result.message == "the search index was damaged; rebuilt it"
    assert engine.search("privacy").message is None  # said once
    engine.close()


def test_an_index_failing_while_searched_is_rebuilt(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    engine = open_engine(library, paths)
    _fails_once(monkeypatch)
    result = engine.search("privacy")
    assert result.total == 1
    assert result.message == "the search index was damaged; rebuilt it"
    assert engine.search("privacy").message is None  # said once

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(tplan, "evaluate", broken)
    with pytest.raises(ZeroDivisionError):  # a fault of the search is not the index's
        engine.search("privacy")
    engine.close()


def _read_only_lock(monkeypatch):
    """The data folder cannot be written: opening the lock file for writing fails."""
    real_open = Path.open

    def open_(self, mode="r", *args, **kwargs):
        if self.name == tindex.BUILD_LOCK and mode != "r":
            raise OSError(errno.EROFS, "Read-only file system", str(self))
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", open_)


def test_a_read_only_data_folder_searches_its_current_index(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    _read_only_lock(monkeypatch)
    engine = open_engine(library, paths)
    assert engine.problem is None and engine.report.read_only
    assert engine.status == "index read-only"
    assert engine.search("privacy").total == 1
    engine.close()


def test_a_read_only_data_folder_with_a_damaged_index_is_scanned(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    os.truncate(_index_file(paths, ".seg"), 0)
    _read_only_lock(monkeypatch)
    for _run in range(2):
        engine = open_engine(library, paths)
        assert engine.problem and "cannot be written" in engine.problem
        assert "damaged" in engine.problem and "\n" not in engine.problem
        assert engine.search("privacy").total == 1


def _mount(*args: str) -> bool:
    done = subprocess.run(["mount", *args], check=False, capture_output=True)
    return done.returncode == 0


def test_a_read_only_mount_serves_its_index_or_scans_a_damaged_one(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    paths, library = _built(tmp_path)
    view = tmp_path / "view"
    view.mkdir()
    if not _mount("--bind", str(paths.root), str(view)):
        pytest.skip("mount is not available here")
    try:
        if not _mount("-o", "remount,ro,bind", str(view)):
            pytest.skip("a read-only remount is not available here")
        engine = open_engine(library, resolve(view))
        assert engine.problem is None and engine.report.read_only
        assert engine.search("privacy").total == 1
        engine.close()
        os.truncate(_index_file(paths, ".seg"), 10)  # through the writable folder
        engine = open_engine(library, resolve(view))
        assert engine.problem and "cannot be written" in engine.problem
        assert engine.search("privacy").total == 1
    finally:
        subprocess.run(["umount", str(view)], check=False, capture_output=True)


def test_the_command_line_heals_a_truncated_segment_without_a_traceback(tmp_path):
    paths, _library = _built(tmp_path)
    os.truncate(_index_file(paths, ".seg"), 0)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for _run in range(2):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tuireader",
                "--data-dir",
                str(paths.root),
                "search",
                "privacy",
                str(tmp_path / "lists"),
            ],
            check=False,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "1 result" in done.stdout or "privacy" in done.stdout.lower()
    assert "rebuilt it" not in done.stderr  # the second run found it healed


# -- killed builds ------------------------------------------------------------------------

_KILLED_BUILD = """
import os, signal, sys, time
from pathlib import Path
from tuireader.search import index as tindex
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve

data, source, helper_file = sys.argv[1:4]
tindex.PARALLEL_BUILD_MIN = 2
parent = os.getpid()
real = tindex.document

def document(paper, fp):
    if os.getpid() != parent:  # the helper: it stalls where it reports no progress
        Path(helper_file).write_text(str(os.getpid()))
        time.sleep(3600)
    else:
        for _ in range(6000):  # wait for the helper to be busy, then die at once
            if Path(helper_file).exists():
                os.kill(parent, signal.SIGKILL)
            time.sleep(0.01)
    return real(paper, fp)

tindex.document = document
tindex.open_index(load_library([source]), resolve(data), rebuild=True)
"""


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the forked build is Linux's")
def test_a_killed_build_leaves_no_process_no_lock_and_no_leftovers(tmp_path):
    paths, _ = _built(tmp_path)
    source = write_jsonl(tmp_path / "more" / "b.jsonl", many_records(40))
    helper_file = tmp_path / "helper.pid"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with (tmp_path / "stderr").open("wb") as err:  # a pipe would wait for an orphan too
        proc = subprocess.Popen(
            [sys.executable, "-c", _KILLED_BUILD, str(paths.root), str(source), str(helper_file)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        assert proc.wait() == -signal.SIGKILL, (tmp_path / "stderr").read_text()
    helper = int(helper_file.read_text())
    try:
        for _ in range(500):  # the kernel kills the helper with its parent, at once
            if _gone(helper):
                break
            time.sleep(0.02)
        assert _gone(helper), "the build's helper process outlived its parent"
    finally:
        if not _gone(helper):
            os.kill(helper, signal.SIGKILL)
    assert list(paths.root.glob("index.new-*"))  # the killed build's folder
    with open(paths.root / tindex.BUILD_LOCK, "a+b") as handle:  # nobody holds the lock
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    notes = []
    engine = open_engine(load_library([source]), paths, note=notes.append)
    assert not notes and engine.search("study number 39").total >= 1
    assert not _leftovers(paths)
    engine.close()


def test_leftovers_of_a_live_build_are_kept(tmp_path):
    paths = resolve(tmp_path / "data").ensure()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        theirs = paths.root / f"index.new-{live.pid}"
        dead = paths.root / "index.old-999999-1"
        theirs.mkdir()
        dead.mkdir()
        library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
        tindex.open_index(library, paths).ix.close()
        assert theirs.exists() and not dead.exists()
    finally:
        live.kill()
        live.wait()


# -- full disks ---------------------------------------------------------------------------


def _disk_with_room(monkeypatch, room: int) -> None:
    """Index files may hold ``room`` bytes in all (per process); then ENOSPC."""
    left = [room]
    real_create = FileStorage.create_file

    class Full:
        def __init__(self, file):
            self._file = file

        def write(self, data):
            if len(data) > left[0]:
                left[0] = 0
                raise OSError(errno.ENOSPC, "No space left on device")
            left[0] -= len(data)
            return self._file.write(data)

        def __getattr__(self, name):
            return getattr(self._file, name)

    def create_file(self, name, *args, **kwargs):
        handle = real_create(self, name, *args, **kwargs)
        handle.file = Full(handle.file)
        return handle

    monkeypatch.setattr(FileStorage, "create_file", create_file)


def _unreferenced(paths) -> list[str]:
    from whoosh import index

    ix = index.open_dir(str(paths.index_dir))
    keep = {f"_MAIN_{ix.latest_generation()}.toc", tindex.MANIFEST, tindex.VOCAB, "MAIN_WRITELOCK"}
    prefixes = tuple(f"{s.segment_id()}." for s in ix._segments())
    ix.close()
    return [
        p.name
        for p in paths.index_dir.iterdir()
        if p.name not in keep and not p.name.startswith(prefixes)
    ]


@pytest.mark.parametrize("room", [0, 200, 1_000, 4_000])
def test_a_full_disk_during_an_update_keeps_the_previous_index(tmp_path, monkeypatch, room):
    records = many_records(300)
    paths, _old = _built(tmp_path, records[:-1])
    gained = load_library([write_jsonl(tmp_path / "lists" / "a.jsonl", records)])
    with monkeypatch.context() as patch:
        _disk_with_room(patch, room)
        engine = open_engine(gained, paths)
        assert engine.problem is None and engine._searcher is not None
        assert any("could not be updated (No space left" in m for m in engine.messages)
        assert engine.search("study number 299").total == 0  # the previous index
        assert engine.search("study number 298").total >= 1
        engine.close()
    assert not _leftovers(paths) and not _unreferenced(paths)
    engine = open_engine(gained, paths)  # room again: it catches up
    assert engine.report.added == 1 and engine.search("study number 299").total >= 1
    engine.close()


@pytest.mark.parametrize("room", [0, 200, 4_000, 30_000, 120_000])
@pytest.mark.parametrize("parallel", [False, True])
def test_a_full_disk_during_a_rebuild_keeps_the_previous_index(
    tmp_path, monkeypatch, room, parallel
):
    paths, library = _built(tmp_path, many_records(300))
    if parallel:
        monkeypatch.setattr(tindex, "PARALLEL_BUILD_MIN", 2)
    with monkeypatch.context() as patch:
        _disk_with_room(patch, room)
        engine = open_engine(library, paths, rebuild=True)
        assert engine.problem is None and engine.report.read_only
        assert any("could not be rebuilt (No space left" in m for m in engine.messages)
        assert engine.search("study number 299").total >= 1
        engine.close()
    assert not _leftovers(paths)
    engine = open_engine(library, paths)
    assert not engine.messages and not engine.report.rebuilt
    engine.close()


def test_a_full_disk_when_saving_the_word_list_after_an_update(tmp_path, monkeypatch):
    records = many_records(50)
    paths, _old = _built(tmp_path, records[:-1])
    gained = load_library([write_jsonl(tmp_path / "lists" / "a.jsonl", records)])
    with monkeypatch.context() as patch:

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        patch.setattr(tindex.json, "dump", full)
        engine = open_engine(gained, paths)
        assert engine.search("study number 49").total >= 1  # the commit stands
        assert any("word list could not be saved" in m for m in engine.messages)
        engine.close()
    assert not _leftovers(paths)
    engine = open_engine(gained, paths)  # the old word list is not trusted: rewritten
    assert engine.vocabulary.starting_with("study")
    assert engine.report.written == 0 and not engine.report.rebuilt
    engine.close()
