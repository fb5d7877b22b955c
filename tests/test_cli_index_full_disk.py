"""A search whose index a full disk cannot take: it says so once, with what to do, and
searches the library without the index; it never says the index was built."""

from __future__ import annotations

import errno
import io
import json

import pytest
from whoosh.filedb.filestore import FileStorage

from tuireader import cli
from tuireader.search import index


def no_room_for_index_files(monkeypatch) -> None:
    """Every index file a build makes refuses its first byte, as a full disk does, once
    the build's progress was said (the disk filled as the build went on)."""
    real_create = FileStorage.create_file
    real_progress = cli._Progress.__call__
    going: list[bool] = []

    def progress(self, done: int, total: int) -> None:
        going.append(True)
        real_progress(self, done, total)

    class Full:
        def __init__(self, file):
            self._file = file

        def write(self, data):
            if going:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self._file.write(data)

        def __getattr__(self, name):
            return getattr(self._file, name)

    def create_file(self, name, *args, **kwargs):
        handle = real_create(self, name, *args, **kwargs)
        handle.file = Full(handle.file)
        return handle

    monkeypatch.setattr(FileStorage, "create_file", create_file)
    monkeypatch.setattr(cli._Progress, "__call__", progress)


def _list(tmp_path, papers: int = 6):
    lst = tmp_path / "list.jsonl"
    rows = (
        json.dumps({"title": f"Robot paper {n}", "abstract": f"About robots, number {n}."})
        for n in range(papers)
    )
    lst.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return lst


@pytest.fixture
def slow(monkeypatch):
    """Work as slow as it may be: said as it begins and as it ends."""
    monkeypatch.setattr(cli._Progress, "SLOW", 0.0)
    monkeypatch.setattr(cli._Progress, "LONG", 0.0)
    monkeypatch.setattr(cli._Progress, "PLAIN_FROM", 0)


@pytest.fixture(autouse=True)
def free(monkeypatch):
    """The room on the data folder's disk, as the index sees it: 5 MB unless changed."""
    room = [5 << 20]
    monkeypatch.setattr(index, "free_space", lambda folder: room[0])
    return room


def _search(monkeypatch, data, lst, *more: str) -> tuple[int, str, str]:
    err = io.StringIO()
    out = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdout", out)
    code = cli.main(["search", "robot", str(lst), "--data-dir", str(data), *more])
    return code, out.getvalue(), err.getvalue()


def test_a_build_a_full_disk_stopped_is_not_said_built(tmp_path, monkeypatch, slow):
    # "search index built (1,060 papers, 5 s)" was followed straight away by "there is no
    # search index and it could not be written (No space left on device)"
    lst, data = _list(tmp_path), tmp_path / "data"
    no_room_for_index_files(monkeypatch)
    code, out, err = _search(monkeypatch, data, lst)
    assert code == 0
    assert out.count("Robot paper") == 6  # searched without the index
    assert "tuireader: building the search index (6 papers)…" in err
    assert "built" not in err
    (said,) = [line for line in err.splitlines() if "could not be written" in line]
    assert f"(No space left on device, 5.0 MB free in {data}: free some space there, " in said
    assert "or give another data folder with --data-dir); searching without the" in said
    assert "--data-dir" in said and said.endswith("searching without the index")


def test_a_build_that_was_written_is_said_built(tmp_path, monkeypatch, slow):
    lst, data = _list(tmp_path), tmp_path / "data"
    code, _, err = _search(monkeypatch, data, lst)
    assert code == 0 and "tuireader: search index built (6 papers, " in err


def test_a_full_disk_is_not_built_on_again_until_room_is_made(tmp_path, monkeypatch, slow, free):
    # each search built the index for 10 s, to find the disk full again
    lst, data = _list(tmp_path), tmp_path / "data"
    with monkeypatch.context() as full:
        no_room_for_index_files(full)
        assert _search(monkeypatch, data, lst)[0] == 0
    free[0] += 500_000  # the disk's other files come and go: no room made
    code, out, err = _search(monkeypatch, data, lst)
    assert code == 0 and out.count("Robot paper") == 6
    assert "building" not in err and not (data / "index").exists()
    (said,) = [line for line in err.splitlines() if "no search index" in line]
    assert "the disk had no room for it at the last try (5.5 MB free in " in said
    assert "--data-dir" in said and said.endswith("searching without the index")
    # room made: built again, and the failure forgotten
    free[0] += 1 << 20
    code, _, err = _search(monkeypatch, data, lst)
    assert code == 0 and "search index built (6 papers, " in err
    assert not (data / index.FULL_DISK_FILE).exists()
    code, _, err = _search(monkeypatch, data, lst)
    assert code == 0 and "index" not in err


def test_a_larger_library_is_not_built_on_a_disk_a_smaller_one_filled(tmp_path, monkeypatch, slow):
    data = tmp_path / "data"
    with monkeypatch.context() as full:
        no_room_for_index_files(full)
        assert _search(monkeypatch, data, _list(tmp_path))[0] == 0
    code, _, err = _search(monkeypatch, data, _list(tmp_path, papers=8))
    assert code == 0 and "building" not in err and "no room for it at the last try" in err
    # a smaller one may fit
    code, _, err = _search(monkeypatch, data, _list(tmp_path, papers=4))
    assert code == 0 and "search index built (4 papers, " in err


def test_a_rebuild_asked_for_is_tried_on_a_disk_found_full(tmp_path, monkeypatch, slow):
    lst, data = _list(tmp_path), tmp_path / "data"
    with monkeypatch.context() as full:
        no_room_for_index_files(full)
        assert _search(monkeypatch, data, lst)[0] == 0
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    assert cli.main(["index", "--rebuild", str(lst), "--data-dir", str(data)]) == 0
    assert "no room" not in err.getvalue()
    assert (data / "index").is_dir() and not (data / index.FULL_DISK_FILE).exists()
