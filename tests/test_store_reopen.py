"""A store that stopped saving goes on with the sound triage file later found at its path:
the fresh one ``tuireader recover`` put in place of a damaged file, the one it wrote again
after it was removed, a replacement; never with a damaged file, the same damaged file, or
one still being written or locked."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tuireader.triage.recover import recover
from tuireader.triage.store import Reopened, Store, StoreCorrupt, StoreError

PAGE = 4096


def damaged(path: Path) -> bytes:
    """A triage file with two marks, then cut short (the marks can still be read)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Store.open(path) as store:
        store.set_state("aaaa1111", "kept")
        store.set_note("aaaa1111", "read the appendix")
        store.set_state("bbbb2222", "skip")
    with Store.open(path) as store:  # more after the marks: cut off, they are still there
        store.save_ui_state("later", {"text": "x" * path.stat().st_size * 2})
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // PAGE // 2 * PAGE])
    return path.read_bytes()


def sound(path: Path, **states: str) -> None:
    """A whole triage file at ``path`` with ``states``, put in place at once."""
    built = path.with_name("built.sqlite3")
    with Store.open(path.with_name("building.sqlite3")) as store:
        for paper_id, state in states.items():
            store.set_state(paper_id, state)
        store._conn.execute("VACUUM INTO ?", (str(built),))  # one file, no log beside it
    os.replace(built, path)


def taken(store: Store, looks: int = 3) -> Reopened:
    """What ``store.reopen()`` gives within ``looks`` looks (it must give a store)."""
    for _ in range(looks):
        found = store.reopen()
        if found is not None:
            return found
    raise AssertionError(f"no store after {looks} looks: {store.problem}")


def states_in(path: Path) -> dict[str, str]:
    with Store.open(path, read_only=True) as store:
        return store.states()


def test_a_damaged_file_recovered_is_taken_up_and_saved_to(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    before = damaged(path)
    store = Store.open(path)
    store.origin = "reader here 1 cafe"
    assert store.read_only and "a reader left open goes on with it by itself" in str(store.problem)
    for _ in range(3):  # the damaged file, looked at again and again, is never taken
        assert store.reopen() is None
    assert sorted(child.name for child in tmp_path.iterdir()) == ["triage.sqlite3"]
    assert recover(path).outcome == "recovered"  # the reader does not hold the damaged file
    (kept,) = tmp_path.glob("triage-damaged-*.sqlite3")
    assert store.reopen() is None  # just put there: taken once it stood still for a look
    found = store.reopen()
    assert found is not None
    new = found.store
    assert not new.read_only and new.problem is None
    assert found.message == (
        f"The triage file {path} was recovered (the damaged one is kept as {kept}); changes "
        "are saved again."
    )
    assert new.origin == "reader here 1 cafe"  # its actions are this reader's to undo
    assert new.snapshot().states == {"aaaa1111": "kept", "bbbb2222": "skip"}
    assert new.get("aaaa1111").note == "read the appendix"
    new.set_state("cccc3333", "maybe")
    store.close()
    assert states_in(path) == {"aaaa1111": "kept", "bbbb2222": "skip", "cccc3333": "maybe"}
    new.close()
    assert kept.read_bytes() == before


def test_a_file_damaged_while_open_is_let_go_of_recovered_and_taken_up(tmp_path: Path) -> None:
    # the reader held the file: tuireader recover refused it ("quit it") until it quit
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    papers = [f"id{i:05d}" for i in range(600)]
    store.set_state_many(papers, "kept")
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    image = bytearray(path.read_bytes())
    at = next(
        at
        for at in range(PAGE, len(image), PAGE)
        if image[at] == 0x0D and b"id00300kept" in image[at : at + PAGE]
    )
    image[at : at + PAGE] = b"\xff" * PAGE
    with path.open("r+b") as handle:  # damaged in place (a disk error, another program)
        handle.write(image)
    with sqlite3.connect(path) as other:  # another writer: the store reads the file again
        other.execute("CREATE TABLE other (x)")
    with pytest.raises(StoreCorrupt, match="run it in another terminal") as found:
        store.set_state("id00300", "skip")
    assert store.read_only
    assert store.get("id00000").state == "kept"  # what can be read is still shown
    with pytest.raises(StoreError, match="run it in another terminal") as refused:
        store.set_state("id00001", "skip")
    # said alike (a reader says them together), and as several changes, alike too
    assert refused.value.user_message == found.value.user_message
    assert "the changes were not saved" in refused.value.several
    assert refused.value.several == found.value.several
    assert store.reopen() is None and store.reopen() is None  # the same damaged file
    assert recover(path).outcome == "recovered"
    found = taken(store)
    assert "was recovered" in found.message
    found.store.set_state("id00001", "skip")
    store.close()
    found.store.close()
    saved = states_in(path)
    assert saved["id00000"] == "kept" and saved["id00001"] == "skip"


def test_a_file_found_damaged_by_a_read_keeps_the_marks_last_shown(tmp_path: Path) -> None:
    # the marks on the damaged pages were gone from the copy the store went on with, and
    # from the screen with them, as the look reading the file's actions let go of it
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    papers = [f"id{i:05d}" for i in range(600)]
    store.set_state_many(papers, "kept")
    store.set_note("id00300", "read the appendix")
    store.add_tag("id00300", "later")
    shown = store.snapshot()  # what the reader draws
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    whole = path.read_bytes()
    with path.open("r+b") as handle:  # damaged in place, its first page kept
        handle.write(whole[:PAGE] + b"\xa5" * (len(whole) - PAGE))
    with sqlite3.connect(path) as other:  # another writer: the store reads the file again
        other.execute("PRAGMA user_version = 7")
    with pytest.raises(StoreCorrupt):
        store.actions_after(0)
    assert store.read_only
    assert store.snapshot() == shown
    store.close()


def test_a_damaged_file_replaced_by_another_damaged_file_is_not_taken(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    damaged(path)
    store = Store.open(path)
    other = tmp_path / "other" / "triage.sqlite3"
    damaged(other)
    os.replace(other, path)
    for _ in range(4):
        assert store.reopen() is None
    assert not list(tmp_path.glob("triage.sqlite3-*"))  # nothing made beside it
    sound(path, dddd4444="read")
    found = taken(store)
    assert found.message == (
        f"A sound triage file stands at {path} now: it is shown and changes are saved to it."
    )
    assert found.store.states() == {"dddd4444": "read"}
    store.close()
    found.store.close()


def test_a_damaged_file_put_in_place_of_a_sound_one_is_said_once(tmp_path: Path) -> None:
    # the store only said it would go on with the new file "once it is found sound"
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("cccc3333", "kept")
    other = tmp_path / "other" / "triage.sqlite3"
    damaged(other)
    os.replace(other, path)
    assert store.check_file() is not None and store.found_unfit() is None
    assert store.reopen() is None  # first seen now: it may still be being written
    assert store.found_unfit() is None
    assert store.reopen() is None
    said = store.found_unfit()
    assert said == (
        f"The file now at {path} is damaged, and is not taken: changes are still not saved. "
        "tuireader recover carries what can be read of it over to a fresh file (or put a "
        "backup there), and the reader goes on with it by itself."
    )
    assert store.found_unfit() is None  # said once
    assert store.reopen() is None and store.found_unfit() is None  # the same file
    with pytest.raises(StoreError, match="is damaged, and is not taken"):
        store.set_state("dddd4444", "skip")
    assert recover(path).outcome == "recovered"
    found = taken(store)  # what can be read of the file put there
    assert found.store.states() == {"aaaa1111": "kept", "bbbb2222": "skip"}
    store.close()
    found.store.close()


def test_a_removed_file_is_written_again_and_taken_up_at_once(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.origin = "reader here 1 beef"
    store.set_state("aaaa1111", "kept")
    for leftover in tmp_path.glob("triage.sqlite3*"):
        leftover.unlink()
    problem = store.check_file()
    assert problem is not None and "the reader goes on with it by itself" in problem
    assert "Start tuireader again" not in problem
    found = store.reopen()  # the file it wrote itself: no look to wait
    assert found is not None
    assert found.message == (
        f"The triage file {path} was written again after it was removed; changes are saved "
        "to it again."
    )
    new = found.store
    new.set_state("bbbb2222", "skip")
    assert new.undo() is not None  # this reader's own actions came with the file
    new.set_state("cccc3333", "read")
    store.close()
    new.close()
    assert states_in(path) == {"aaaa1111": "kept", "cccc3333": "read"}
    assert sorted(child.name for child in tmp_path.iterdir()) == ["triage.sqlite3"]


def test_a_file_written_again_and_then_replaced_is_kept_before_the_other_is_taken(
    tmp_path: Path,
) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    path.unlink()
    assert store.check_file() is not None  # written again, not taken up yet
    sound(path, dddd4444="maybe")  # and replaced in turn (a backup restored)
    found = taken(store)
    (kept,) = tmp_path.glob("triage-before-replace-*.sqlite3")
    assert str(kept) in found.message and "another file put there" in found.message
    assert states_in(kept) == {"aaaa1111": "kept"}
    assert found.store.states() == {"dddd4444": "maybe"}
    store.close()
    found.store.close()


def test_a_replaced_file_is_kept_aside_and_the_replacement_taken_up(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    sound(path, dddd4444="maybe")
    problem = store.check_file()
    assert problem is not None and "replaced" in problem
    assert "goes on with the new file by itself" in problem
    assert store.reopen() is None  # first seen now: it may still be being written
    found = store.reopen()
    assert found is not None
    (kept,) = tmp_path.glob("triage-before-replace-*.sqlite3")
    assert found.message == (
        f"The triage file {path} was replaced while tuireader ran: the new file is shown and "
        f"changes are saved to it; what this tuireader had saved is kept in {kept}."
    )
    new = found.store
    new.set_state("eeee5555", "kept")
    store.close()  # its log, gone from the path, takes nothing of the new file's with it
    new.set_state("ffff6666", "skip")
    new.close()
    assert states_in(path) == {"dddd4444": "maybe", "eeee5555": "kept", "ffff6666": "skip"}
    assert states_in(kept) == {"aaaa1111": "kept"}


def test_a_replacement_still_being_written_is_taken_once_it_stands_still(
    tmp_path: Path,
) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    store.set_state("aaaa1111", "kept")
    whole = tmp_path / "whole.sqlite3"
    sound(whole, dddd4444="maybe")
    data = whole.read_bytes()
    path.unlink()
    path.write_bytes(data[:PAGE])  # a sync that has written its first page
    assert store.check_file() is not None
    assert store.reopen() is None
    with path.open("ab") as handle:
        handle.write(data[PAGE:])  # ... and the rest, by the next look
    assert store.reopen() is None  # changed since the last look
    found = store.reopen()
    assert found is not None and found.store.states() == {"dddd4444": "maybe"}
    store.close()
    found.store.close()


def test_a_replacement_another_program_keeps_locked_is_taken_once_free(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    sound(path, dddd4444="maybe")
    store.check_file()
    assert store.reopen() is None
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # a writer that keeps it
    assert store.reopen() is None and store.reopen() is None
    holder.execute("COMMIT")
    holder.close()
    found = store.reopen()
    assert found is not None and not found.store.read_only
    store.close()
    found.store.close()


def test_two_stores_on_a_damaged_file_both_go_on_with_the_recovered_one(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    damaged(path)
    first, second = Store.open(path), Store.open(path)
    assert recover(path).outcome == "recovered"
    one, two = taken(first).store, taken(second).store
    one.set_state("cccc3333", "kept")
    two.set_state("dddd4444", "read")
    assert one.get("dddd4444").state == "read" and two.get("cccc3333").state == "kept"
    for store in (first, second, one, two):
        store.close()
    assert states_in(path)["cccc3333"] == "kept"


def test_a_store_read_only_on_purpose_or_writable_goes_on_with_no_other(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    with Store.open(path) as store:
        store.set_state("aaaa1111", "kept")
        assert store.reopen() is None
    with Store.open(path, read_only=True) as copy:
        sound(path, dddd4444="maybe")
        for _ in range(3):
            assert copy.reopen() is None


def test_nothing_at_the_path_is_not_made_into_a_fresh_file(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    damaged(path)
    store = Store.open(path)
    path.rename(tmp_path / "moved-away.sqlite3")
    for _ in range(3):
        assert store.reopen() is None
    assert not path.exists()
    store.close()


def test_a_file_another_program_held_locked_at_the_start_is_taken_once_free(
    tmp_path: Path,
) -> None:
    path = tmp_path / "triage.sqlite3"
    sound(path, aaaa1111="kept")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # held, and never written: the file stays as it is
    store = Store.open(path, timeout=0.1)
    assert store.read_only and "locked by another program" in (store.problem or "")
    assert store.reopen() is None
    holder.execute("COMMIT")
    holder.close()
    found = taken(store)
    assert "can be written now" in found.message
    found.store.set_state("bbbb2222", "skip")
    store.close()
    found.store.close()
    assert states_in(path) == {"aaaa1111": "kept", "bbbb2222": "skip"}


def _marked(path: Path, count: int = 200) -> Store:
    """A store open on ``path`` with ``count`` kept papers and notes, read as a reader
    reads them at its start."""
    with Store.open(path) as store:
        for i in range(count):
            store.set_state(f"p{i:04d}", "kept")
            store.set_note(f"p{i:04d}", "a note to keep " * 20)
    store = Store.open(path)
    store.snapshot()
    store.set_state("later", "skip")  # in the log only, as the last decisions are
    return store


@pytest.mark.parametrize("damage", ["cut short", "a page overwritten", "the header overwritten"])
def test_a_file_damaged_in_place_under_an_open_store_is_let_go_of_and_nothing_lost(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "triage.sqlite3"
    store = _marked(path)
    saved = store.states()
    with open(path, "r+b") as handle:  # a sync or a copy writing into the file
        if damage == "cut short":
            handle.truncate(path.stat().st_size // 2)
        else:
            handle.seek(PAGE if damage == "a page overwritten" else 0)
            handle.write(b"\xa5" * (PAGE if damage == "a page overwritten" else 128))
    assert store.check_file() is None  # just changed: it may still be being written
    said = store.check_file()
    assert said is not None and "was damaged while tuireader ran" in said
    (kept,) = tmp_path.glob("triage-before-damage-*.sqlite3")
    assert str(kept) in said
    assert store.read_only and store.states() == saved  # shown as it was
    with pytest.raises(StoreError):
        store.set_state("p0001", "skip")
    assert states_in(kept) == saved  # every decision, the last ones too
    os.replace(kept, path)  # put in the damaged file's place
    found = taken(store)
    found.store.set_state("p0001", "skip")
    store.close()
    found.store.close()
    assert states_in(path) == {**saved, "p0001": "skip"}


def test_a_file_changed_soundly_by_another_program_is_not_called_damaged(tmp_path: Path) -> None:
    path = tmp_path / "triage.sqlite3"
    store = _marked(path, 20)
    with Store.open(path) as other:  # the command line, say: its close checkpoints
        other.set_state("p0002", "skip")
    for _ in range(3):
        assert store.check_file() is None
    store.set_state("p0003", "read")
    assert not store.read_only
    store.close()
    assert states_in(path)["p0002"] == "skip" and states_in(path)["p0003"] == "read"


def test_a_copy_of_the_file_alone_taken_while_a_store_is_open_holds_its_decisions(
    tmp_path: Path,
) -> None:
    # every decision stayed in the log until it was 4 MB long: the file alone, copied
    # as a backup while a reader ran, held no table at all
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    for i in range(30):
        store.set_state(f"p{i:04d}", "kept")
    store.set_note("p0001", "the appendix")
    assert store.check_file() is None  # the reader's look, each second
    copy = tmp_path / "backup" / "triage.sqlite3"
    copy.parent.mkdir()
    copy.write_bytes(path.read_bytes())  # the file alone, its log left behind
    copied = states_in(copy)
    assert len(copied) == 30
    with Store.open(copy, read_only=True) as backup:
        assert backup.get("p0001").note == "the appendix"
    store.set_state("p0031", "skip")  # and it goes on saving, checked as ever
    assert store.check_file() is None and not store.read_only
    store.close()
    assert states_in(path)["p0031"] == "skip"


def _integrity(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    finally:
        conn.close()


def test_a_copy_written_over_the_file_under_an_open_store_is_taken_not_saved_over(
    tmp_path: Path,
) -> None:
    # a backup put back with cp while a reader ran: the reader went on saving, its log
    # laid over the copy, and the file's index no longer matched its table (SQLite's
    # quick check passes such a file; "wrong # of entries in index")
    path = tmp_path / "triage.sqlite3"
    store = Store.open(path)
    for i in range(400):
        store.set_state(f"p{i:04d}", "kept")
        store.set_note(f"p{i:04d}", "a note " * 30)
    assert store.check_file() is None  # folded into the file
    backup = tmp_path / "backup.sqlite3"
    backup.write_bytes(path.read_bytes())
    restored = states_in(backup)
    for i in range(0, 400, 7):
        store.set_state(f"p{i:04d}", "skip")
    assert store.check_file() is None
    with open(path, "r+b") as handle:  # cp backup.sqlite3 triage.sqlite3
        handle.write(backup.read_bytes())
        handle.truncate()
    store.set_state("p0399", "maybe")  # decided before the next look: in the log only
    store.set_note("p0398", "after the copy")
    saved = store.states()
    said = store.check_file() or store.check_file()
    assert said is not None and "written over" in said, said
    (kept,) = tmp_path.glob("triage-before-overwrite-*.sqlite3")
    assert str(kept) in said
    assert store.read_only and store.states() == saved  # shown as it was
    assert states_in(kept) == saved  # every decision
    with Store.open(kept, read_only=True) as aside:
        assert aside.get("p0398").note == "after the copy"
    found = taken(store)  # the copy put there is the triage file now
    assert "put in its place" in found.message
    assert found.store.states() == restored
    found.store.set_state("p0001", "maybe")
    found.store.close()
    store.close()
    assert _integrity(path) == ["ok"]
    assert states_in(path) == {**restored, "p0001": "maybe"}


def _earlier(path: Path, count: int = 200) -> tuple[Store, dict[str, str]]:
    """A store open on ``path`` as a reader opens it at its start, on ``count`` kept
    papers with notes and tags saved by an earlier run, before it saves anything."""
    with Store.open(path) as earlier:
        for i in range(count):
            earlier.set_state(f"p{i:04d}", "kept")
            earlier.set_note(f"p{i:04d}", "a note to keep " * 20)
        earlier.set_tags("p0001", ["survey"])
        earlier.set_tags("p0150", ["survey"])
    store = Store.open(path)
    store.snapshot()  # what the reader shows
    return store, store.states()


def test_a_file_cut_short_before_the_store_saved_anything_keeps_every_decision_shown(
    tmp_path: Path,
) -> None:
    # the copy kept beside the damaged file held no decision at all: the store had saved
    # nothing yet, and its connection reads the file as long as it now is
    path = tmp_path / "triage.sqlite3"
    store, saved = _earlier(path)
    with open(path, "r+b") as handle:
        handle.truncate(20000)
    said = store.check_file() or store.check_file()
    assert said is not None and "was damaged while tuireader ran" in said
    (kept,) = tmp_path.glob("triage-before-damage-*.sqlite3")
    assert states_in(kept) == saved
    with Store.open(kept, read_only=True) as aside:
        assert aside.get("p0150").tags == ("survey",)
        assert aside.get("p0199").note.startswith("a note to keep")
    assert store.states() == saved  # shown as it was
    store.close()


def test_a_file_emptied_under_an_open_store_is_said_and_nothing_is_lost(tmp_path: Path) -> None:
    # ': > triage.sqlite3' while a reader ran: the check opened the empty file through
    # SQLite, which deletes the log of an empty database, the latest decisions with it;
    # the store went on saving into it, and recover then read nothing
    path = tmp_path / "triage.sqlite3"
    store, _ = _earlier(path)
    store.set_state("later", "skip")  # in the log only
    saved = store.states()
    with open(path, "r+b") as handle:
        handle.truncate(0)
    said = store.check_file() or store.check_file()
    assert said is not None and "was emptied while tuireader ran" in said, said
    (kept,) = tmp_path.glob("triage-before-damage-*.sqlite3")
    assert str(kept) in said
    assert states_in(kept) == saved
    assert store.read_only and store.states() == saved
    with pytest.raises(StoreError):
        store.set_state("p0002", "skip")
    store.close()
    assert path.stat().st_size == 0  # nothing laid over it
    os.replace(kept, path)  # put in the emptied file's place
    assert states_in(path) == saved
