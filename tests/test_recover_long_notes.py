"""A note too long for its page (its rest on pages of its own) in a triage file damaged
in place: ``tuireader recover`` reads its rest where those pages are whole, and says
which note was cut where they are not."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from test_recover_tags import IDS, PAGE, marked, root_of

from tuireader.triage.recover import recover
from tuireader.triage.store import Store, StoredIdentity, TriageSnapshot

LONG = "".join(f"line {i}: a long note on grasping, read again and again\n" for i in range(300))


def with_long_note(db: Path) -> TriageSnapshot:
    """35 decisions, 27 tags and 3 notes, one of them over several pages."""
    marked(db)
    with Store.open(db) as store:
        store.set_note(IDS[2], LONG)
        return store.snapshot()


def overflow_pages(db: Path) -> list[int]:
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = 'triage' AND pagetype = 'overflow'"
        )
        return [int(row[0]) for row in rows]


def overwrite(db: Path, number: int, start: int, end: int) -> None:
    data = bytearray(db.read_bytes())
    at = (number - 1) * PAGE
    data[at + start : at + end] = b"\xab" * (end - start)
    db.write_bytes(bytes(data))


def fresh(db: Path) -> TriageSnapshot:
    with Store.open(db, read_only=True) as store:
        return store.snapshot()


def test_a_long_note_on_a_damaged_page_comes_back_whole(tmp_path: Path) -> None:
    # recover gave back 34 decisions and 2 notes, and said "some of its decisions and
    # notes could not be read and are lost": the long note and its paper's decision
    db = tmp_path / "triage.sqlite3"
    saved = with_long_note(db)
    assert len(overflow_pages(db)) > 2
    overwrite(db, root_of(db, "triage"), 8, 600)  # its list of where its rows are
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (35, 27, 3), result.message
    assert "lost" not in result.message and "could not be read" not in result.message
    got = fresh(db)
    assert (got.states, got.tags, got.notes) == (saved.states, saved.tags, saved.notes)


def test_a_long_note_whose_rest_is_damaged_is_said_cut(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    saved = with_long_note(db)
    overwrite(db, overflow_pages(db)[1], 0, PAGE)  # the second page of its rest
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (
        f"the note of {IDS[2]} could not be read whole: only its start is kept" in result.message
    ), result.message
    got = fresh(db)
    assert (got.states, got.tags) == (saved.states, saved.tags)  # its decision kept
    others = {paper_id: note for paper_id, note in saved.notes.items() if paper_id != IDS[2]}
    assert {paper_id: got.notes[paper_id] for paper_id in others} == others
    start = got.notes[IDS[2]]
    assert PAGE < len(start) < len(saved.notes[IDS[2]]) and saved.notes[IDS[2]].startswith(start)


def test_what_identifies_a_paper_with_a_long_abstract_comes_back_whole(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    marked(db)
    abstract = "".join(f"Sentence {i} of a long abstract on grasping. " for i in range(200))
    known = [
        StoredIdentity(
            paper_id,
            (f"doi:10.1/{paper_id}",),
            f"Title of {paper_id}",
            "",
            "Lee",
            2024,
            abstract=abstract,
        )
        for paper_id in IDS[:3]
    ]
    with Store.open(db) as store:
        store.remember(known)
        kept = store.identities(IDS[:3])
    assert all(len(found.abstract) > 3000 for found in kept.values())
    overwrite(db, root_of(db, "identity"), 8, 600)
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert "what identifies each marked paper" not in result.message, result.message
    with Store.open(db, read_only=True) as fresh:
        assert fresh.identities(IDS[:3]) == kept
