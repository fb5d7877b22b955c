"""A search whose index a full disk cannot take: it says so once, with what to do, and
searches the library without the index; it never says the index was built."""

from __future__ import annotations

import errno
import io
import json

import pytest
from whoosh.filedb.filestore import FileStorage

from tuireader import cli


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
    assert "(No space left on device, " in said
    assert f" free in {data}: free some space there, or give another data folder" in said
    assert "--data-dir" in said and said.endswith("searching without the index")


def test_a_build_that_was_written_is_said_built(tmp_path, monkeypatch, slow):
    lst, data = _list(tmp_path), tmp_path / "data"
    code, _, err = _search(monkeypatch, data, lst)
    assert code == 0 and "tuireader: search index built (6 papers, " in err
