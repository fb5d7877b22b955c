"""``tuireader recover`` of a triage file whose page of a table was overwritten: where
the table's index can still be read whole, what the table held is known from it, and
a loss is said only of marks it lists that could not be read."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tuireader.triage.recover import recover
from tuireader.triage.store import Store, StoredIdentity

PAGE = 4096
IDS = [f"id{i:05d}" for i in range(24)]


def make_db(path: Path, tags: int) -> None:
    """24 decisions, no notes, ``tags`` tags, and what identifies each paper."""
    with Store.open(path) as store:
        store.set_state_many(IDS, "kept")
        store.remember(StoredIdentity(paper_id, (f"doi:10.1/{paper_id}",)) for paper_id in IDS)
        if tags:
            store.add_tag_many(IDS[:tags], "robots")


def overwrite_first_page(path: Path, table: str) -> None:
    with closing(sqlite3.connect(path)) as conn:
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
    data = path.read_bytes()
    path.write_bytes(data[: (root - 1) * PAGE] + b"\xff" * PAGE + data[root * PAGE :])


@pytest.mark.parametrize("tags", [0, 5])
def test_a_table_overwritten_is_said_lost_only_where_its_index_lists_marks_not_read(
    tmp_path: Path, tags: int
) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db, tags)
    overwrite_first_page(db, "tags")  # (the tags lie on it alone)

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert result.decisions == 24 and result.tags == 0
    if tags:  # its index lists 5 tags none of which could be read
        assert "some of its tags could not be read and are lost" in result.message
    else:  # it held none: nothing of it is lost
        assert "tags" not in result.message and "lost" not in result.message, result.message
    assert "decisions and notes" not in result.message, result.message


def test_a_file_whose_decisions_are_lost_is_not_said_to_give_nothing_back(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db, 0)
    overwrite_first_page(db, "triage")  # (the decisions lie on it alone)

    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (0, 0, 0)
    with Store.open(db, read_only=True) as fresh:
        assert set(fresh.identities(IDS)) == set(IDS)  # what identifies them came back
    assert "Nothing could be read" not in result.message and "empty" not in result.message
    assert "No decision, tag or note could be read of it: a fresh one takes its place" in (
        result.message
    )
    assert "some of its decisions and notes could not be read and are lost" in result.message
    assert "tags" not in result.message and "identifies" not in result.message, result.message
