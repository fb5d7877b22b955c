"""``tuireader recover``: what can be read of a damaged triage file is carried over to a
fresh file in its place, and the damaged one is kept beside it; a sound file, or one
another tuireader has open, is left as it is. (A full or read-only disk: see
test_store_faults.py.)"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage import recover as recover_module
from tuireader.triage import store as store_module
from tuireader.triage.recover import recover
from tuireader.triage.store import Store, StoredIdentity

WORKER = Path(__file__).parent / "helpers" / "store_worker.py"
PAGE = 4096
IDS = [f"id{i:05d}" for i in range(600)]


def make_db(path: Path) -> None:
    """A triage file of 600 marks, notes, tags, identities and the reader's place, then
    a piece of UI state as long as all of them: the marks lie in its first half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Store.open(path) as filled:
        filled.set_state_many(IDS, "kept")
        for paper_id in IDS[::10]:
            filled.set_note(paper_id, f"note of {paper_id}\n" + "x" * 300)
        filled.add_tag_many(IDS[::3], "every-third")
        filled.remember(
            StoredIdentity(paper_id, (f"doi:10.1/{paper_id}",), f"Title of {paper_id}")
            for paper_id in IDS[::7]
        )
        filled.save_ui_state("main", {"query": "grasping", "paper": "id00042"})
    with Store.open(path) as filled:
        filled.save_ui_state("later", {"text": "x" * path.stat().st_size})


def garbage(data: bytes) -> bytes:
    return os.urandom(len(data))


def cut_in_half(data: bytes) -> bytes:
    return data[: len(data) // PAGE // 2 * PAGE]


def damaged_page(data: bytes) -> bytes:
    """The page of marks that holds id00300's, overwritten."""
    for at in range(PAGE, len(data), PAGE):
        if data[at] == 0x0D and b"id00300kept" in data[at : at + PAGE]:  # its row's text
            return data[:at] + b"\xff" * PAGE + data[at + PAGE :]
    raise AssertionError("no page of marks holds id00300")


def readable(path: Path) -> dict[str, Any]:
    """Everything a read-only store shows of the file."""
    with Store.open(path, read_only=True) as store:
        snapshot = store.snapshot()
        return {
            "states": snapshot.states,
            "tags": snapshot.tags,
            "notes": snapshot.notes,
            "ui": store.load_ui_state("main"),
            "identities": store.identities(IDS),
        }


def listing(folder: Path) -> dict[str, bytes]:
    return {child.name: child.read_bytes() for child in sorted(folder.iterdir())}


@pytest.mark.parametrize("damage", [garbage, cut_in_half, damaged_page])
def test_a_damaged_file_is_recovered_with_what_can_be_read_of_it(tmp_path: Path, damage) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    damaged = damage(db.read_bytes())
    db.write_bytes(damaged)
    with Store.open(db) as before:
        assert before.read_only and before.problem is not None
        assert "damaged" in before.problem and "tuireader recover" in before.problem
    shown = readable(db)

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert result.kept is not None and result.kept.parent == tmp_path
    assert re.fullmatch(r"triage-damaged-\d{8}-\d{6}\.sqlite3", result.kept.name)
    assert listing(tmp_path).keys() == {db.name, result.kept.name}  # no temporary left
    assert result.kept.read_bytes() == damaged  # kept as it was
    assert readable(db) == shown  # the fresh file holds what could be read, all of it
    assert (result.decisions, result.tags, result.notes) == (
        len(shown["states"]),
        sum(len(tags) for tags in shown["tags"].values()),
        len(shown["notes"]),
    )
    assert str(result.kept) in result.message and "\n" not in result.message
    if damage is garbage:
        assert result.decisions == result.tags == result.notes == 0
        assert "Nothing could be read of it: a fresh, empty one takes its place" in result.message
    else:
        # the marks lie in the first half: the file cut short keeps all of them, the
        # damaged page costs only the marks on it
        if damage is cut_in_half:
            assert (result.decisions, result.tags, result.notes) == (600, 200, 60)
        else:
            assert 450 < result.decisions < 600 and "id00300" not in shown["states"]
            assert result.tags == 200 and 40 < result.notes < 60  # notes go with their marks
        assert shown["ui"] == {"query": "grasping", "paper": "id00042"}
        assert shown["identities"]["id00007"].title == "Title of id00007"
        said = f"{result.decisions} decisions, {result.tags} tags and {result.notes} notes"
        assert f"{said} were carried over to a fresh one in its place" in result.message
    assert db.stat().st_mode & 0o077 == 0  # notes are private
    with Store.open(db) as fresh:  # sound, and written to as any triage file
        assert not fresh.read_only, fresh.problem
        fresh.set_state("id00300", "maybe")
        fresh.set_note("id00300", "written after the recovery")
        assert fresh.undo() is not None and fresh.get("id00300").state == "maybe"


def test_a_sound_file_is_left_as_it_is(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    before = listing(tmp_path)
    for _ in range(2):
        result = recover(db)
        assert result.outcome == "sound" and result.kept is None
        assert "is sound: there is nothing to recover, and nothing was changed" in result.message
    assert listing(tmp_path) == before
    assert recover(tmp_path / "none" / "triage.sqlite3").outcome == "missing"


def test_recovering_twice_recovers_once(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    db.write_bytes(damaged_page(db.read_bytes()))
    first = recover(db)
    assert first.outcome == "recovered" and first.kept is not None
    after = listing(tmp_path)
    second = recover(db)
    assert second.outcome == "sound" and second.kept is None
    assert listing(tmp_path) == after  # the kept file, and the fresh one, as they were


def test_a_file_another_process_has_open_is_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    holder = subprocess.Popen(
        [sys.executable, str(WORKER), "hold", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "open"
        data = damaged_page(db.read_bytes())
        with db.open("r+b") as handle:  # damaged in place, under the open store
            handle.write(data)
        before = listing(tmp_path)
        result = recover(db)
        assert result.outcome == "refused" and result.kept is None
        assert "is damaged" in result.message
        assert "another tuireader has it open" in result.message
        assert "nothing was changed" in result.message
        assert listing(tmp_path) == before
    finally:
        holder.stdin.close()
        holder.wait()
    assert recover(db).outcome == "recovered"  # once it is closed


def test_a_file_this_process_has_open_is_left_alone(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    with Store.open(db) as store:
        store.states()
        data = damaged_page(db.read_bytes())
        with db.open("r+b") as handle:
            handle.write(data)
        result = recover(db)
        assert result.outcome == "refused" and "another tuireader has it open" in result.message
        assert db.read_bytes() == data
    assert not list(tmp_path.glob("triage-damaged-*"))


def test_a_log_beside_the_damaged_file_is_read_and_kept_with_it(tmp_path: Path) -> None:
    # a log left at the path would be laid over the fresh file when it is next opened
    live, crashed = tmp_path / "live", tmp_path / "crashed"
    live.mkdir()
    crashed.mkdir()
    make_db(live / "triage.sqlite3")
    with Store.open(live / "triage.sqlite3") as writer:  # copied as a crash leaves it
        writer.set_state("only-in-the-log", "read")
        for name in ("triage.sqlite3", "triage.sqlite3-wal"):
            shutil.copyfile(live / name, crashed / name)
    db = crashed / "triage.sqlite3"
    db.write_bytes(damaged_page(db.read_bytes()))
    log = Path(f"{db}-wal").read_bytes()
    result = recover(db)
    assert result.outcome == "recovered" and result.kept is not None
    assert listing(crashed).keys() == {db.name, result.kept.name, f"{result.kept.name}-wal"}
    assert Path(f"{result.kept}-wal").read_bytes() == log
    with Store.open(db) as fresh:
        assert not fresh.read_only, fresh.problem
        assert fresh.get("only-in-the-log").state == "read"
        assert fresh.get("id00000").tags == ("every-third",)


def test_the_damaged_file_keeps_its_name_until_the_fresh_one_is_whole_on_disk(
    tmp_path: Path, monkeypatch
) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    db.write_bytes(damaged_page(db.read_bytes()))
    events: list[str] = []
    sync, link = recover_module._sync, os.link

    def synced(path: Path) -> None:
        events.append(f"sync {Path(path).name}")
        sync(path)

    def linked(source, target) -> None:  # type: ignore[no-untyped-def]
        (fresh,) = tmp_path.glob(".triage.sqlite3.*.recovering")
        with Store.open(fresh, read_only=True) as written:  # whole, before the first move
            assert len(written.states()) > 450
        events.append(f"link {Path(source).name}")
        link(source, target)

    monkeypatch.setattr(recover_module, "_sync", synced)
    monkeypatch.setattr(recover_module.os, "link", linked)
    assert recover(db).outcome == "recovered"
    fresh = next(e for e in events if e.startswith("sync .triage.sqlite3."))
    assert (
        events.index(fresh)
        < events.index(f"sync {tmp_path.name}")
        < events.index("link triage.sqlite3")
    )


def test_a_file_system_without_links_recovers_by_renaming(tmp_path: Path, monkeypatch) -> None:
    def no_links(source, target):  # type: ignore[no-untyped-def]
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(recover_module.os, "link", no_links)
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    damaged = cut_in_half(db.read_bytes())
    db.write_bytes(damaged)
    result = recover(db)
    assert result.outcome == "recovered" and result.kept is not None
    assert result.kept.read_bytes() == damaged
    assert listing(tmp_path).keys() == {db.name, result.kept.name}
    assert readable(db)["states"] == dict.fromkeys(IDS, "kept")


@pytest.mark.parametrize("links", [True, False])
def test_a_failure_as_the_fresh_file_is_put_in_place_changes_nothing(
    tmp_path: Path, monkeypatch, links: bool
) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    damaged = garbage(db.read_bytes())
    db.write_bytes(damaged)
    Path(f"{db}-wal").write_bytes(b"a log left beside it")
    before = listing(tmp_path)

    def refused(source, target):  # type: ignore[no-untyped-def]
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(recover_module.os, "replace", refused)
    if not links:
        monkeypatch.setattr(recover_module.os, "link", refused)
    result = recover(db)
    assert result.outcome == "failed" and result.kept is None
    assert "could not be recovered" in result.message and "Input/output error" in result.message
    assert "Nothing was changed: the damaged file is still there as it was" in result.message
    assert listing(tmp_path) == before


def test_a_link_to_the_triage_file_is_kept_and_the_file_recovered_where_it_is(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "synced" / "triage.sqlite3"
    make_db(elsewhere)
    elsewhere.write_bytes(damaged_page(elsewhere.read_bytes()))
    data = tmp_path / "data"
    data.mkdir()
    (data / "triage.sqlite3").symlink_to(elsewhere)
    result = recover(data / "triage.sqlite3")
    assert result.outcome == "recovered" and result.kept is not None
    assert result.kept.parent == elsewhere.parent
    assert (data / "triage.sqlite3").resolve() == elsewhere.resolve()
    with Store.open(data / "triage.sqlite3") as fresh:
        assert not fresh.read_only and fresh.get("id00000").state == "kept"


def test_a_file_of_another_program_is_kept_beside_a_fresh_one(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "triage.sqlite3"
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE bookmarks (url TEXT)")
    raw.commit()
    raw.close()
    before = db.read_bytes()
    result = recover(db)
    assert result.outcome == "recovered" and result.kept is not None
    assert "was an SQLite database, but not a tuireader triage file" in result.message
    assert result.kept.read_bytes() == before


def test_a_file_of_a_newer_tuireader_is_left_as_it_is(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "triage.sqlite3"
    make_db(db)
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    before = listing(tmp_path)
    result = recover(db)
    assert result.outcome == "refused" and "newer tuireader" in result.message
    assert "is not damaged" in result.message
    assert listing(tmp_path) == before


# -- the command ------------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lst(tmp_path: Path) -> Path:
    path = tmp_path / "list.jsonl"
    records = [
        {
            "title": f"Grasping study number {i} of many careful experiments",
            "authors": [f"Author {i}"],
            "abstract": f"We learn robot grasping of objects in clutter, variant {i}.",
        }
        for i in range(4)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_recover_on_the_command_line(capsys, lst: Path) -> None:
    _, out, _ = run(capsys, "search", "grasping", "--json", str(lst))
    first, second = [hit["id"] for hit in json.loads(out)["hits"]][:2]
    assert run(capsys, "triage", first, "--state", "keep", "--tag", "robots", str(lst))[0] == 0
    db = resolve().state_db
    code, out, err = run(capsys, "recover")
    assert code == 1 and out == "" and "is sound: there is nothing to recover" in err

    damaged = b"this is not a database at all\n" * 200
    with Store.open(db) as held:  # damaged under a reader that has it open: refused
        held.states()
        with db.open("r+b") as handle:
            handle.write(damaged)
        code, out, err = run(capsys, "recover")
        assert code == 2 and out == "" and "another tuireader has it open" in err
    for leftover in db.parent.glob("triage.sqlite3-*"):
        leftover.unlink()
    db.write_bytes(damaged)
    code, out, err = run(capsys, "search", "is:kept", str(lst))
    assert "is damaged" in err and "tuireader recover" in err

    code, out, err = run(capsys, "recover")
    assert code == 0, err
    (kept,) = db.parent.glob("triage-damaged-*.sqlite3")
    assert out == f"{kept}\n" and kept.read_bytes() == damaged
    assert err.startswith(f"tuireader: The triage file {db} was not an SQLite database.")
    assert f"the damaged file is kept as {kept}." in err and err.count("\n") == 1

    # the fresh file is the triage file again
    code, out, err = run(capsys, "triage", second, "--state", "keep", str(lst))
    assert code == 0, err
    code, out, err = run(capsys, "search", "is:kept", "--json", str(lst))
    assert code == 0 and [hit["id"] for hit in json.loads(out)["hits"]] == [second], err
    assert "damaged" not in err
    code, out, err = run(capsys, "recover")
    assert code == 1 and "is sound" in err
    assert list(db.parent.glob("triage-damaged-*")) == [kept]


def test_recover_help(capsys) -> None:
    code, out, _ = run(capsys, "recover", "--help")
    assert code == 0 and "--data-dir" in out
    assert "triage-damaged-TIME.sqlite3" in " ".join(out.split())


def test_the_damage_is_said_by_its_first_problem(tmp_path: Path) -> None:
    # SQLite's check reports every damaged cell of a page; the message carried them all,
    # one after another, where one says what happened
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    data = bytearray(db.read_bytes())
    middle = len(data) // 2 + PAGE // 2  # across two pages of marks
    data[middle : middle + PAGE] = b"\xff" * PAGE
    db.write_bytes(bytes(data))
    with Store.open(db) as before:
        assert before.problem is not None and "damaged (" in before.problem
        assert "\n" not in before.problem and "***" not in before.problem
        assert len(before.problem) < 600, before.problem
    result = recover(db)
    assert result.outcome == "recovered" and len(result.message) < 600, result.message


def _varint(value: int) -> bytes:
    """SQLite's variable-length integer (up to 56 bits)."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(reversed(out))


def test_a_page_whose_rowids_are_garbage_is_read_to_its_end(tmp_path: Path, monkeypatch) -> None:
    # garbage over the rows of a page gave rowids out of order (1000, then 100,000 and
    # 100 further on); the seeks past the damage went round them for ever, and the
    # reader, recover and every command hung at 100% of a processor
    db = tmp_path / "triage.sqlite3"
    ids = [f"paper{i:03d}" for i in range(13)]
    with Store.open(db) as filled:
        filled.set_state_many(ids, "kept")
    with closing(sqlite3.connect(db)) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'triage'").fetchone()[
            0
        ]
    data = bytearray(db.read_bytes())
    page = (root - 1) * PAGE
    assert data[page] == 0x0D and int.from_bytes(data[page + 3 : page + 5], "big") == 13
    cells = [int.from_bytes(data[page + 8 + 2 * i : page + 10 + 2 * i], "big") for i in range(13)]
    for cell, rowid in ((3, 1000), (9, 100_000), (10, 100)):
        at = page + cells[cell]  # a payload longer than the page, whose overflow is garbage
        header = _varint(5000) + _varint(rowid)
        data[at : at + 25] = header + b"\xff" * (25 - len(header))
    db.write_bytes(bytes(data))
    seeks = 0

    def counted(*args: Any) -> Any:
        nonlocal seeks
        seeks += 1
        assert seeks < 1000, "the seeks past the damage go round"
        return one_row(*args)

    one_row = store_module._one_row
    monkeypatch.setattr(store_module, "_one_row", counted)

    with Store.open(db) as damaged:
        assert damaged.read_only and damaged.problem is not None
        states = damaged.snapshot().states
    readable_rows = {ids[i] for i in (0, 1, 2, 4, 5, 6, 7, 8, 12)}
    assert readable_rows <= states.keys() <= set(ids) - {ids[3], ids[9], ids[10]}
    result = recover(db)
    # and the row beside the damage a scan reads no further than, from the page itself
    assert result.outcome == "recovered", result.message
    assert result.decisions == len(states.keys() | {ids[11]}), result.message


def test_what_a_page_damaged_in_place_cost_is_said(tmp_path: Path) -> None:
    # a page of decisions overwritten: recover said "200 tags were carried over" and not
    # a word of the decisions and notes that were on it, now gone for good
    db = tmp_path / "triage.sqlite3"
    ids = [f"paper{i:03d}" for i in range(40)]
    with Store.open(db) as filled:
        filled.set_state_many(ids, "kept")
        filled.set_note(ids[0], "a note")
        filled.add_tag_many(ids, "robots")
    with closing(sqlite3.connect(db)) as conn:
        [root] = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'triage'").fetchone()
    data = bytearray(db.read_bytes())
    data[(root - 1) * PAGE : root * PAGE] = b"\xab" * PAGE
    db.write_bytes(bytes(data))
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert result.tags == 40 and result.decisions < 40
    assert "some of its decisions and notes could not be read and are lost" in result.message
    assert "tags could not be read" not in result.message


def test_a_page_damaged_where_no_mark_is_costs_no_word_of_loss(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    data = bytearray(db.read_bytes())
    with closing(sqlite3.connect(db)) as conn:
        [root] = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'ui_state'"
        ).fetchone()
    data[(root - 1) * PAGE : root * PAGE] = b"\xab" * PAGE
    db.write_bytes(bytes(data))
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (600, 200, 60)
    assert "lost" not in result.message
