"""Decisions and notes on a page of a triage file overwritten just past its header:
``tuireader recover`` reads them from the page where SQLite no longer finds them."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_recover_tags import IDS, garble, marked, root_of

from tuireader.triage.recover import recover
from tuireader.triage.store import Store, StoredIdentity


@pytest.mark.parametrize("fill", [None, b"\x00", b"\xff"], ids=repr)
def test_decisions_and_notes_on_a_page_overwritten_past_its_header_are_carried_over(
    tmp_path: Path, fill: bytes | None
) -> None:
    # recover said "27 tags were carried over; some of its decisions and notes could not
    # be read and are lost", their rows whole at the end of their page
    db = tmp_path / "triage.sqlite3"
    marked(db)
    with Store.open(db) as store:
        store.set_state(IDS[3], "skip")
        store.set_note(IDS[1], "second note, edited: longer than it was")  # its row moved
        saved = store.snapshot()
    root = root_of(db, "triage")
    garble(db, fill, first=root, end=600)
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.notes) == (35, 2), result.message
    assert "decisions and notes could not be read" not in result.message
    with Store.open(db, read_only=True) as fresh:
        got = fresh.snapshot()
    assert got.states == saved.states and got.notes == saved.notes


def test_what_identifies_each_paper_on_such_a_page_is_carried_over(tmp_path: Path) -> None:
    # recover said "some of what identifies each marked paper … could not be read and
    # are lost" of rows whole at the end of their page: the marks of a list scraped
    # again then no longer found their papers
    db = tmp_path / "triage.sqlite3"
    marked(db)
    known = [
        StoredIdentity(pid, (f"doi:10.1/{pid}",), f"Title of {pid}", f"title of {pid}", "Lee", 2024)
        for pid in IDS[:20]
    ]
    with Store.open(db) as store:
        store.remember(known)
    root = root_of(db, "identity")
    garble(db, b"\x00", first=root, end=600)
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert "what identifies each marked paper" not in result.message, result.message
    with Store.open(db, read_only=True) as fresh:
        assert fresh.identities(IDS[:20]) == {found.paper_id: found for found in known}


def test_decisions_below_a_damaged_first_page_come_back_without_a_word_of_loss(
    tmp_path: Path,
) -> None:
    db = tmp_path / "triage.sqlite3"
    many = [f"paper{i:04d}" for i in range(3000)]
    with Store.open(db) as store:
        store.set_state_many(many, "kept")
        for paper_id in many[::100]:
            store.set_note(paper_id, f"note of {paper_id}")
        saved = store.snapshot()
    root = root_of(db, "triage")
    data = bytearray(db.read_bytes())
    data[(root - 1) * 4096 : root * 4096] = b"\xab" * 4096
    db.write_bytes(bytes(data))
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.notes) == (3000, 30), result.message
    assert "lost" not in result.message
    with Store.open(db, read_only=True) as fresh:
        got = fresh.snapshot()
    assert got.states == saved.states and got.notes == saved.notes
