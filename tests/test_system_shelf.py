"""The library file ``lists.json`` as written: through the one writer of whole files."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.system import shelf
from tuireader.system.paths import resolve


@pytest.fixture
def umask_022():
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_library_file_is_the_users_alone_and_nothing_else_is_left(tmp_path, umask_022):
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    file = shelf.shelf_file(paths)
    assert mode(file) == 0o600
    assert sorted(p.name for p in file.parent.iterdir() if p.is_file()) == [
        "lists.json",
        "lists.json.lock",
    ]


def test_a_replaced_library_file_keeps_the_mode_it_was_given(tmp_path, umask_022):
    # written with its own temporary file, lists.json was made 0600 at every change,
    # though the user had made it readable to share it (kept with one's dotfiles)
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    file = shelf.shelf_file(paths)
    file.chmod(0o644)
    shelf.add(paths, [write_jsonl(tmp_path / "b.jsonl", RECORDS)])
    assert mode(file) == 0o644
    assert [e.path.name for e in shelf.load(paths).entries] == ["a.jsonl", "b.jsonl"]


@pytest.mark.skipif(sys.platform != "linux", reason="file names as bytes")
def test_a_list_whose_file_name_is_not_utf8_is_added_and_found_again(tmp_path):
    # `add café.jsonl` named in Latin-1 ended on "surrogates not allowed", and nothing
    # was added
    name = os.fsdecode(b"caf\xe9.jsonl")
    source = write_jsonl(tmp_path / name, RECORDS)
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [source])
    (entry,) = shelf.load(paths).entries
    assert entry.path == source and entry.path.is_file()
    text = shelf.shelf_file(paths).read_bytes().decode("utf-8")
    assert json.loads(text)["lists"][0]["path"] == str(source)


def tuireader(paths, *argv: str) -> subprocess.CompletedProcess[str]:
    """The installed command, stopped after a minute: a read that waits for ever fails."""
    return subprocess.run(
        [sys.executable, "-m", "tuireader", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "TUIREADER_HOME": str(paths.root)},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


def test_a_fifo_in_place_of_the_library_file_holds_no_command_and_is_left_alone(tmp_path):
    # every command waited for ever on it, for a writer that never came
    paths = resolve(tmp_path / "data")
    paths.root.mkdir(parents=True)
    file = shelf.shelf_file(paths)
    os.mkfifo(file)
    done = tuireader(paths, "lists")
    assert done.returncode == 0
    assert "is damaged (it is a FIFO, not a file)" in done.stderr
    assert "move it away" in done.stderr and ".damaged" not in done.stderr
    added = tuireader(paths, "add", str(write_jsonl(tmp_path / "a.jsonl", RECORDS)))
    assert added.returncode == 2
    assert "is a FIFO, not a file, so your library cannot be kept there" in added.stderr
    assert stat.S_ISFIFO(file.stat().st_mode)


def test_a_folder_in_place_of_the_library_file_is_left_alone_and_said(tmp_path):
    paths = resolve(tmp_path / "data")
    file = shelf.shelf_file(paths)
    file.mkdir(parents=True)
    loaded = shelf.load(paths)
    assert loaded.damaged and loaded.entries == (shelf.SEEDS,)
    assert "(move it away to change your library)" in loaded.problems[0]
    with pytest.raises(shelf.ShelfError, match="a folder, not a file, so your library cannot"):
        shelf.add(paths, [write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    assert file.is_dir()
