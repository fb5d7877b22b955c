"""Commands on a data folder that cannot be written: what was not done is said, once."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main

READ_ONLY_TRIAGE = "(or its folder) is read-only"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], check=False, capture_output=True).returncode == 0


@pytest.fixture
def read_only(tmp_path, capsys):
    """A data folder with a library, a mark and an index, seen through a read-only bind
    mount (as root, chmod a-w would not stop a write): yields the mount and a list."""
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    data = tmp_path / "data"
    source = write_jsonl(tmp_path / "lists" / "demo.jsonl", RECORDS)
    assert run(capsys, "--data-dir", str(data), "add", str(source))[0] == 0
    _code, out, _err = run(capsys, "--data-dir", str(data), "search", "privacy")
    paper = out.split()[0]
    assert run(capsys, "--data-dir", str(data), "triage", paper, "--state", "keep")[0] == 0
    assert run(capsys, "--data-dir", str(data), "index")[0] == 0
    view = tmp_path / "view"
    view.mkdir()
    if not _mount("--bind", str(data), str(view)):
        pytest.skip("mount is not available here")
    try:
        if not _mount("-o", "remount,ro,bind", str(view)):
            pytest.skip("a read-only remount is not available here")
        yield view, write_jsonl(tmp_path / "more.jsonl", RECORDS[:2])
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False, capture_output=True)


def test_index_rebuild_on_a_read_only_data_folder_says_it_rebuilt_nothing(capsys, read_only):
    # it printed 'index read-only: 4 papers, 0 written' and ended with 0
    view, _more = read_only
    code, out, err = run(capsys, "--data-dir", str(view), "index", "--rebuild")
    assert code == 2 and out.startswith("index read-only:")
    assert f"the search index was not rebuilt: the data folder {view} is read-only" in err
    code, out, err = run(capsys, "--data-dir", str(view), "index")  # current: nothing to do
    assert code == 0 and out.startswith("index read-only:") and "not rebuilt" not in err


def test_add_on_a_read_only_data_folder_says_the_folder_is_read_only(capsys, read_only):
    # it said 'cannot lock …/lists.json.lock: Read-only file system'
    view, more = read_only
    code, _out, err = run(capsys, "--data-dir", str(view), "add", str(more))
    assert code == 2
    assert err.startswith(f"tuireader: the data folder {view} is read-only (")
    assert "lists.json.lock" not in err


def test_export_of_a_query_says_the_read_only_triage_file_once(capsys, read_only, tmp_path):
    # the search for the query and the triage of its papers each said it
    view, _more = read_only
    target = tmp_path / "out.bib"
    argv = ["--data-dir", str(view), "export", "--query", "privacy", "--format", "bibtex"]
    code, _out, err = run(capsys, *argv, "-o", str(target))
    assert code == 0 and "tuireader:kept" in target.read_text(encoding="utf-8")
    assert err.count(READ_ONLY_TRIAGE) == 1, err


def test_a_library_that_cannot_be_locked_for_want_of_rights_says_why(capsys, tmp_path, monkeypatch):
    from tuireader.system import shelf

    data = tmp_path / "data"
    source = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path).name == "lists.json.lock":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(shelf.os, "open", refuse)
    code, _out, err = run(capsys, "--data-dir", str(data), "add", str(source))
    assert code == 2
    assert err.startswith(f"tuireader: the data folder {data} is read-only (Permission denied)")


@pytest.mark.parametrize(
    ("argv", "outcome"),
    [
        (["triage", "PAPER", "--state", "skip"], "Nothing was saved"),
        (["note", "PAPER", "--set", "a note"], "Nothing was saved"),
        (["undo"], "Nothing was undone"),
    ],
)
def test_a_change_on_a_read_only_triage_file_says_nothing_was_saved(
    capsys, read_only, argv, outcome
):
    # it said the reader's "Saved triage is shown but changes won't be saved"
    view, _more = read_only
    _code, out, _err = run(capsys, "--data-dir", str(view), "search", "privacy")
    paper = out.split()[0]
    argv = [paper if word == "PAPER" else word for word in argv]
    code, out, err = run(capsys, "--data-dir", str(view), *argv)
    assert code == 2 and out == ""
    assert READ_ONLY_TRIAGE in err and f"{outcome}; make it writable" in err
    assert "shown" not in err


def _newer_triage_file(capsys, tmp_path) -> tuple[Path, str]:
    """A data folder whose triage file a newer tuireader wrote, and a paper's id."""
    import sqlite3

    data = tmp_path / "data"
    source = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    assert run(capsys, "--data-dir", str(data), "add", str(source))[0] == 0
    _code, out, _err = run(capsys, "--data-dir", str(data), "search", "privacy")
    paper = out.split()[0]
    assert run(capsys, "--data-dir", str(data), "triage", paper, "--state", "keep")[0] == 0
    conn = sqlite3.connect(data / "triage.sqlite3")
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    return data, paper


@pytest.mark.parametrize(
    ("argv", "outcome"),
    [
        (["triage", "PAPER", "--state", "skip"], "Nothing was saved"),
        (["note", "PAPER", "--append", "more"], "Nothing was saved"),
        (["undo"], "Nothing was undone"),
    ],
)
def test_a_change_on_a_newer_triage_file_says_nothing_was_saved(capsys, tmp_path, argv, outcome):
    data, paper = _newer_triage_file(capsys, tmp_path)
    argv = [paper if word == "PAPER" else word for word in argv]
    code, out, err = run(capsys, "--data-dir", str(data), *argv)
    assert code == 2 and out == ""
    assert "written by a newer tuireader" in err
    assert f"{outcome}; update tuireader to change it" in err and "shown" not in err
    # a command that only reads says what it shows, as the reader does
    code, out, err = run(capsys, "--data-dir", str(data), "search", "is:kept")
    assert code == 0 and paper in out and "shown read-only" in err
