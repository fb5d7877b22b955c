"""``tuireader recover`` of a triage file whose start was overwritten (a program that
wrote to the wrong file, a disk error): SQLite reads nothing of a file without its header,
but the rest of the file still holds the marks, and what can be read of them is carried
over; what is lost with the start is said."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from test_recover import IDS, make_db, readable

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage import salvage
from tuireader.triage.recover import recover
from tuireader.triage.store import Store, headless_tables

#: how much of the start is overwritten: SQLite's header (100 bytes) and the first
#: page's own header and the first of its cell pointers
START = 128


def zeros(data: bytes) -> bytes:
    return bytes(START) + data[START:]


def noise(data: bytes) -> bytes:
    return os.urandom(START) + data[START:]


def past_its_name(data: bytes) -> bytes:
    """The header overwritten after its first 16 bytes ("SQLite format 3")."""
    return data[:16] + bytes(START - 16) + data[START:]


def without_tags(data: bytes) -> bytes:
    """The start overwritten, and the row of the schema that says where the tags are."""
    data = bytearray(zeros(data))
    at = data.find(b"CREATE TABLE tags")
    assert 0 < at < 4096
    data[at : at + 17] = b"\xff" * 17
    return bytes(data)


@pytest.mark.parametrize("damage", [zeros, noise, past_its_name])
def test_a_file_whose_start_was_overwritten_gives_every_mark_back(tmp_path: Path, damage) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    whole = readable(db)
    db.write_bytes(damage(db.read_bytes()))
    with Store.open(db) as before:  # shown read-only as it was, and said so
        assert before.read_only and before.problem is not None
        assert "damaged" in before.problem
        assert "What could be read is shown read-only" in before.problem
    assert readable(db) == whole

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (600, 200, 60)
    assert readable(db) == whole
    assert "was overwritten at its start" in result.message and "lost" not in result.message
    assert "600 decisions, 200 tags and 60 notes were carried over" in result.message
    with Store.open(db) as fresh:  # sound, and written to as any triage file
        assert not fresh.read_only, fresh.problem
        fresh.set_state(IDS[0], "maybe")
        assert fresh.get(IDS[0]).state == "maybe"


def test_what_is_lost_with_the_start_is_said(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    whole = readable(db)
    db.write_bytes(without_tags(db.read_bytes()))

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (600, 0, 60)
    now = readable(db)
    assert (now["states"], now["notes"], now["tags"]) == (whole["states"], whole["notes"], {})
    assert "its tags could not be read and are lost" in result.message


def test_a_file_of_noise_is_still_no_database(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    db.write_bytes(os.urandom(db.stat().st_size))
    result = recover(db)
    assert result.outcome == "recovered" and result.decisions == result.tags == 0
    assert "was not an SQLite database" in result.message


def test_recover_on_the_command_line_of_a_file_overwritten_at_its_start(
    tmp_path: Path, capsys
) -> None:
    lst = tmp_path / "list.jsonl"
    records = [
        {"title": f"Grasping study {i}", "authors": [f"Author {i}"], "abstract": f"Robots {i}."}
        for i in range(3)
    ]
    lst.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    main(["search", "grasping", "--json", str(lst)])
    first = json.loads(capsys.readouterr().out)["hits"][0]["id"]
    assert main(["triage", first, "--state", "keep", "--tag", "robots", str(lst)]) == 0
    db = resolve().state_db
    db.write_bytes(zeros(db.read_bytes()))
    capsys.readouterr()

    assert main(["search", "is:kept", "--json", str(lst)]) == 0  # shown, read-only
    out, err = capsys.readouterr()
    assert [hit["id"] for hit in json.loads(out)["hits"]] == [first]
    assert "overwritten at its start" in err and "tuireader recover" in err

    assert main(["recover"]) == 0
    out, err = capsys.readouterr()
    (kept,) = db.parent.glob("triage-damaged-*.sqlite3")
    assert out == f"{kept}\n"
    assert "1 decision and 1 tag were carried over" in err and err.count("\n") == 1
    assert main(["search", "is:kept tag:robots", "--json", str(lst)]) == 0
    out, err = capsys.readouterr()
    assert [hit["id"] for hit in json.loads(out)["hits"]] == [first] and "damaged" not in err


@pytest.mark.parametrize("first_page_in_the_log", [False, True])
def test_the_log_a_crash_left_beside_a_file_overwritten_at_its_start_is_read_too(
    tmp_path: Path, first_page_in_the_log: bool
) -> None:
    live, crashed = tmp_path / "live", tmp_path / "crashed"
    live.mkdir()
    crashed.mkdir()
    make_db(live / "triage.sqlite3")
    with Store.open(live / "triage.sqlite3") as writer:  # copied as a crash leaves it
        writer.set_state("only-in-the-log", "read")
        if first_page_in_the_log:  # a table made: the schema's page is rewritten
            with closing(sqlite3.connect(live / "triage.sqlite3")) as other:
                other.execute("CREATE TABLE later (x)")
                other.commit()
        for name in ("triage.sqlite3", "triage.sqlite3-wal"):
            shutil.copyfile(live / name, crashed / name)
    db = crashed / "triage.sqlite3"
    db.write_bytes(zeros(db.read_bytes()))

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (601, 200, 60)
    with Store.open(db) as fresh:
        assert not fresh.read_only, fresh.problem
        assert fresh.get("only-in-the-log").state == "read"


def test_a_large_file_of_noise_is_told_from_a_triage_file_at_once(
    tmp_path: Path, monkeypatch
) -> None:
    # each command, and each look of a reader, asks it of a file SQLite cannot read: a
    # look for a row of the schema at every byte of its first page, for each size a page
    # may have, took 5 s; only the bytes before the word a row starts with are looked at
    noise_file = tmp_path / "triage.sqlite3"
    noise_file.write_bytes(os.urandom(1 << 20).replace(b"table", b"tabel"))
    looked: list[int] = []
    schema_row = salvage._schema_row
    monkeypatch.setattr(
        salvage,
        "_schema_row",
        lambda page, start, pages: looked.append(start) or schema_row(page, start, pages),
    )
    assert headless_tables(noise_file) is None
    assert looked == []


@pytest.mark.parametrize("size", [1024, 2048])
def test_a_file_of_small_pages_overwritten_at_its_start_gives_every_mark_back(
    tmp_path: Path, size: int
) -> None:
    """Below 4,096 bytes a page cannot hold the schema: the first page only points to the
    pages that do, and those pointers are what the overwrite took."""
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    with closing(sqlite3.connect(db, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode=delete")
        conn.execute(f"PRAGMA page_size={size}")
        conn.execute("VACUUM")
    data = db.read_bytes()
    assert data[100] == 0x05  # the first page points to the schema's pages
    whole = readable(db)
    db.write_bytes(zeros(data))

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (600, 200, 60)
    assert readable(db) == whole
    assert "lost" not in result.message
