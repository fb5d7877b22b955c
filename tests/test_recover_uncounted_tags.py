"""``tuireader recover`` on a file whose small ``tags`` table, all on one page, lost the
start of that page's header (where it says how many rows it holds): every tag was
carried over, and the message said "some of its tags could not be read and are lost",
which nothing showed. How many the page held is no longer known: it says how many were
read, and that some more may be lost."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tuireader.triage.recover import recover
from tuireader.triage.store import Store

PAGE = 4096
IDS = [f"ID{i}" for i in range(1, 15)]


def tagged(db: Path) -> int:
    """14 kept papers tagged "x", as the command line makes them: the tags table's root."""
    with Store.open(db) as store:
        store.set_state_many(IDS, "kept")
        store.add_tag_many(IDS, "x")
    with closing(sqlite3.connect(db)) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'tags'")
        number = int(root.fetchone()[0])
        pages = conn.execute("SELECT count(*) FROM dbstat WHERE name = 'tags'").fetchone()[0]
    assert pages == 1  # all on one page
    return number


@pytest.mark.parametrize("fill", [b"\x00", b"\xa5"], ids=repr)
def test_tags_read_from_a_page_whose_count_was_overwritten_may_be_lost_not_are(
    tmp_path: Path, fill: bytes
) -> None:
    db = tmp_path / "triage.sqlite3"
    root = tagged(db)
    with open(db, "r+b") as handle:
        handle.seek((root - 1) * PAGE)
        handle.write(fill * 8)
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert result.tags == 14, result.message
    assert "could not be read and are lost" not in result.message, result.message
    assert (
        "its tags were read from a page that no longer says how many it held (14 found and "
        "carried over): some may be lost" in " ".join(result.message.split())
    ), result.message
    with Store.open(db, read_only=True) as store:
        assert store.snapshot().tags == {paper_id: ("x",) for paper_id in IDS}
