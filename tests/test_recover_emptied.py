"""A triage file emptied (0 bytes) by a copy or a sync cut short is damage, not a new
file: it is said, left as it is, and ``tuireader recover`` keeps it aside; an empty file
in a data folder tuireader never ran in is a new one."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage import store as store_module
from tuireader.triage.recover import recover
from tuireader.triage.store import Store


def marked(folder: Path) -> Path:
    """A data folder tuireader ran in (its library's file), whose triage file holds
    marks."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "lists.json").write_text('{"lists": []}', encoding="utf-8")
    db = folder / "triage.sqlite3"
    with Store.open(db) as store:
        store.set_state_many(["a", "b"], "kept")
        store.add_tag("a", "robots")
        store.set_note("b", "a note")
    return db


def test_an_emptied_triage_file_is_said_and_left_as_it_is(tmp_path: Path) -> None:
    db = marked(tmp_path / "data")
    db.write_bytes(b"")
    with Store.open(db) as store:
        assert store.read_only
        problem = store.problem or ""
        assert "is empty (0 bytes)" in problem and "cut short" in problem, problem
        assert "tuireader recover" in problem and "No copy of it was found" in problem
    # never taken for a new database, and written over
    assert db.stat().st_size == 0
    assert not any(Path(f"{db}{end}").exists() for end in store_module.BESIDE)


def test_an_emptied_triage_file_names_the_copies_beside_it(tmp_path: Path) -> None:
    db = marked(tmp_path / "data")
    before = db.with_name("triage-before-damage-20260101-120000.sqlite3")
    before.write_bytes(db.read_bytes())
    db.write_bytes(b"")
    with Store.open(db) as store:
        assert f"A copy that may hold what it held: {before}" in (store.problem or "")
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert "was empty (0 bytes" in result.message and str(before) in result.message
    assert "holds 2 decisions, 1 tag and 1 note the fresh file lacks" in result.message
    assert result.message.count(str(before)) == 1
    assert result.kept is not None and result.kept.stat().st_size == 0
    assert result.kept != before and before.stat().st_size > 0
    with Store.open(db) as fresh:
        assert not fresh.read_only and fresh.problem is None


def test_an_empty_file_in_a_new_data_folder_is_a_new_triage_file(tmp_path: Path) -> None:
    db = tmp_path / "data" / "triage.sqlite3"
    db.parent.mkdir()
    db.write_bytes(b"")
    result = recover(db)
    assert result.outcome == "sound" and "a new one" in result.message, result.message
    assert db.stat().st_size == 0
    with Store.open(db) as store:
        assert not store.read_only and store.problem is None
        store.set_state("a", "kept")


def test_a_new_triage_file_is_never_empty_on_disk(tmp_path: Path, monkeypatch) -> None:
    # its first write failing (a full disk), the file made empty for SQLite stayed, and
    # the next start could not tell it from one a sync had emptied
    def full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    db = tmp_path / "triage.sqlite3"
    (tmp_path / "lists.json").write_text('{"lists": []}', encoding="utf-8")
    monkeypatch.setattr(Store, "_prepare", full)
    with Store.open(db) as store:
        assert store.read_only
    assert db.stat().st_size > 0
    assert sorted(os.listdir(tmp_path)) == ["lists.json", "triage.sqlite3"]  # nothing else
    monkeypatch.undo()
    with Store.open(db) as store:
        assert not store.read_only, store.problem
        store.set_state("a", "kept")


@pytest.fixture
def lst(tmp_path: Path) -> Path:
    path = tmp_path / "list.jsonl"
    records = [
        {"title": f"Grasping study number {i}", "authors": [f"Author {i}"], "abstract": "x"}
        for i in range(3)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_the_commands_say_an_emptied_triage_file(capsys, lst: Path) -> None:
    assert main(["add", str(lst)]) == 0
    capsys.readouterr()
    assert main(["search", "grasping", "--json"]) == 0
    first = json.loads(capsys.readouterr()[0])["hits"][0]["id"]
    assert main(["triage", first, "--state", "keep", "--tag", "t"]) == 0
    db = resolve().state_db
    db.write_bytes(b"")
    capsys.readouterr()
    assert main(["search", "is:kept"]) == 1
    err = capsys.readouterr()[1]
    assert "is empty (0 bytes)" in err and "tuireader recover" in err, err
    assert db.stat().st_size == 0
    assert main(["recover"]) == 0
    out, err = capsys.readouterr()
    assert "was empty (0 bytes" in err and "is sound" not in err, err
    (kept,) = db.parent.glob("triage-damaged-*.sqlite3")
    assert out == f"{kept}\n" and kept.stat().st_size == 0
