"""``tuireader recover`` of a triage file cut short (a copy or a sync that stopped half
way): what is said lost is what the pages past the cut held, told from what its pages
still there held and what was read of them; where that cannot be told, it says so."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tuireader.triage.recover import recover
from tuireader.triage.store import Store, StoredIdentity

IDS = [f"id{i:05d}" for i in range(24)]
MARKS = ("triage", "tags", "identity")


def make_db(path: Path, *, abstract: str = "") -> None:
    """24 decisions, no tags, no notes, what identifies each paper, and an undo history
    (a decision made and taken back many times) that fills the end of the file."""
    with Store.open(path) as store:
        store.remember(
            StoredIdentity(paper_id, (f"doi:10.1/{paper_id}",), f"Title of {paper_id}", "")
            if not abstract
            else StoredIdentity(paper_id, (), f"Title of {paper_id}", abstract=abstract)
            for paper_id in IDS
        )
        for _round in range(30):
            for state in ("maybe", "skip"):
                store.set_state_many(IDS, state)
        store.set_state_many(IDS, "kept")


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The rows of the tables of the marks (what identifies each paper without when it
    was last seen, which a fresh file sets anew)."""
    with closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as conn:
        return {
            table: sorted(
                row[:8] if table == "identity" else row
                for row in conn.execute(f"SELECT * FROM {table}")
            )
            for table in MARKS
        }


def pages_of(path: Path) -> dict[str, set[int]]:
    """The pages each table of the marks (with its indexes) lies on."""
    with closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as conn:
        found: dict[str, set[int]] = {}
        for table in MARKS:
            names = [
                row[0]
                for row in conn.execute(
                    "SELECT name FROM sqlite_master WHERE tbl_name = ?", (table,)
                )
            ]
            found[table] = {
                row[0]
                for name in names
                for row in conn.execute("SELECT pageno FROM dbstat WHERE name = ?", (name,))
            }
        return found


def cut(path: Path, size: int) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:size])


def test_a_file_cut_past_its_marks_says_only_the_undo_history_starts_afresh(
    tmp_path: Path,
) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    whole = rows(db)
    half = db.stat().st_size // 2
    # every page of the marks lies in the first half; the undo history, past it
    assert max(max(pages) for pages in pages_of(db).values()) * 4096 <= half

    cut(db, half)
    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (24, 0, 0)
    assert rows(db) == whole  # the marks read back as they were
    assert "lost" not in result.message and "could not" not in result.message, result.message
    assert result.message.count("undo history starts afresh") == 1, result.message
    assert "24 decisions were carried over" in result.message


@pytest.mark.parametrize("header", [False, True])
def test_a_file_cut_at_the_first_page_of_its_tags_says_what_it_cannot_tell(
    tmp_path: Path, header: bool
) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db)
    decided = rows(db)["triage"]
    (tags_first,) = pages_of(db)["tags"] - pages_of(db)["triage"] - {5, 6}
    assert tags_first == 4 and max(pages_of(db)["triage"]) < tags_first

    # its decisions whole; the tags' first page past the cut, or only its header left
    cut(db, 3 * 4096 + (100 if header else 0))
    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert rows(db)["triage"] == decided and result.decisions == 24
    # no loss is said of the tags it never had: that page gone, it cannot be told;
    # its header still there says it held none
    assert ("tags" in result.message) is not header, result.message
    assert "could not be told" in result.message, result.message  # (its identities')
    assert "could not be read and are lost" not in result.message, result.message
    assert "decisions and notes" not in result.message, result.message


@pytest.mark.parametrize("past", ["half", "all"])
def test_what_identifies_each_paper_past_the_cut_is_said_lost(tmp_path: Path, past: str) -> None:
    db = tmp_path / "triage.sqlite3"
    make_db(db, abstract="an abstract long enough to fill pages of its own " * 25)
    first, *held = sorted(pages_of(db)["identity"] - {14})  # (14: its index)
    assert first == 13 and len(held) > 4 and min(held) > 17  # its rows past the others'
    decided = rows(db)["triage"]

    # half its pages of rows past the cut, or all of them (its first page still there,
    # the pages of every other table and index too: all it pointed to lay past the cut)
    cut(db, (held[len(held) // 2] - 1 if past == "half" else 17) * 4096)
    result = recover(db)

    assert result.outcome == "recovered", result.message
    assert rows(db)["triage"] == decided
    assert (0 < len(rows(db)["identity"]) < 24) if past == "half" else not rows(db)["identity"]
    assert "some of what identifies each marked paper" in result.message, result.message
    assert "could not be read and are lost" in result.message
    assert "decisions and notes" not in result.message and "tags" not in result.message
