"""Tags on pages of a triage file damaged in place: ``tuireader recover`` reads them
from the page where SQLite no longer finds them, says those it cannot, and names the
copy a reader kept that still holds them."""

from __future__ import annotations

import os
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tuireader.triage import store as store_module
from tuireader.triage.recover import recover
from tuireader.triage.store import Store

PAGE = 4096
IDS = [f"paper{i:03d}" for i in range(35)]


def marked(db: Path) -> None:
    """35 decisions, 27 tags and 2 notes, as the command line makes them."""
    with Store.open(db) as store:
        store.set_state_many(IDS, "kept")
        store.add_tag_many(IDS[:27], "robots")
        store.set_note(IDS[0], "first note")
        store.set_note(IDS[1], "second note")


def root_of(db: Path, table: str) -> int:
    with closing(sqlite3.connect(db)) as conn:
        row = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,))
        return int(row.fetchone()[0])


def garble(db: Path, fill: bytes | None, first: int = 4, start: int = 8, end: int = 600) -> None:
    """Bytes ``start`` to ``end`` of each page from page ``first`` on overwritten:
    ``fill`` over and over, or noise."""
    data = bytearray(db.read_bytes())
    for at in range((first - 1) * PAGE, len(data), PAGE):
        data[at + start : at + end] = fill * (end - start) if fill else os.urandom(end - start)
    db.write_bytes(bytes(data))


def tags_in(db: Path) -> dict[str, tuple[str, ...]]:
    with Store.open(db, read_only=True) as store:
        return store.snapshot().tags


@pytest.mark.parametrize("fill", [None, b"\x00", b"\xab", b"\xff"], ids=repr)
def test_tags_on_a_page_overwritten_past_its_header_are_carried_over(
    tmp_path: Path, fill: bytes | None
) -> None:
    # recover said "35 decisions and 2 notes were carried over" and not a word of the
    # 27 tags, whose rows were whole at the end of their page
    db = tmp_path / "triage.sqlite3"
    marked(db)
    assert root_of(db, "tags") >= 4
    garble(db, fill)
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (result.decisions, result.tags, result.notes) == (35, 27, 2), result.message
    assert "35 decisions, 27 tags and 2 notes were carried over" in result.message
    assert "tags could not be read" not in result.message
    assert tags_in(db) == {paper_id: ("robots",) for paper_id in IDS[:27]}


def test_a_tag_taken_off_is_not_put_back(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    marked(db)
    with Store.open(db) as store:
        store.remove_tag(IDS[5], "robots")
        store.remove_tag(IDS[20], "robots")
    garble(db, b"\x00")
    result = recover(db)
    assert result.tags == 25, result.message
    assert set(tags_in(db)) == set(IDS[:27]) - {IDS[5], IDS[20]}


def test_tags_that_cannot_be_read_are_said_lost(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    marked(db)
    root = root_of(db, "tags")
    garble(db, None, first=root, start=8, end=PAGE)  # rows and all
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert "some of its tags could not be read and are lost" in result.message


def test_the_copy_a_reader_kept_of_the_damaged_file_is_named_with_what_it_holds(
    tmp_path: Path,
) -> None:
    db = tmp_path / "triage.sqlite3"
    marked(db)
    root = root_of(db, "tags")
    with Store.open(db) as reader:
        reader.snapshot()
        garble(db, None, first=root, start=8, end=PAGE)
        said = reader.check_file() or reader.check_file()
        assert said is not None and "was damaged while tuireader ran" in said, said
        (copy,) = tmp_path.glob("triage-before-damage-*.sqlite3")
        result = recover(db)
    assert result.outcome == "recovered", result.message
    assert (
        f"{copy}, kept when the damage was found, holds 27 tags the fresh file lacks: put "
        "it in the fresh file's place to have them back." in result.message
    ), result.message


def test_tags_on_pages_out_of_reach_of_a_damaged_page_are_carried_over(tmp_path: Path) -> None:
    # the first page of a table of tags over many pages overwritten: the pages below it
    # were whole, and every tag on them was lost; pages no longer in use (tags taken
    # off) keep the rows they held, which stay off
    db = tmp_path / "triage.sqlite3"
    many = [f"paper{i:04d}" for i in range(3000)]
    with Store.open(db) as store:
        store.add_tag_many(many, "robots")
        store.remove_tag_many(many[:1500], "robots")
    root = root_of(db, "tags")
    with db.open("rb") as handle:
        handle.seek((root - 1) * PAGE)
        assert handle.read(1) == b"\x05"  # a page that points to the others
    data = bytearray(db.read_bytes())
    data[(root - 1) * PAGE : root * PAGE] = b"\xab" * PAGE
    db.write_bytes(bytes(data))
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert result.tags == 1500, result.message
    assert set(tags_in(db)) == set(many[1500:])


@pytest.mark.parametrize("table", ["tags", "triage"])
@pytest.mark.parametrize("fill", [b"\x00", b"\xff"], ids=repr)
def test_a_read_only_view_shows_every_mark_recover_gives_back(
    tmp_path: Path, fill: bytes | None, table: str
) -> None:
    # the reader and ``search is:kept`` showed 35 decisions, 0 tags and 2 notes of a file
    # whose page of tags was overwritten past its header, where recover gave back 27 tags
    db = tmp_path / "triage.sqlite3"
    marked(db)
    with Store.open(db) as store:
        saved = store.snapshot()
    garble(db, fill, first=root_of(db, table))
    damaged = db.read_bytes()
    with Store.open(db) as reader:
        assert reader.read_only and reader.problem and "damaged" in reader.problem
        shown = reader.snapshot()
    with Store.open(db, read_only=True) as view:
        viewed = view.snapshot()
    assert [child.name for child in tmp_path.iterdir()] == [db.name]  # nothing made beside
    assert db.read_bytes() == damaged
    result = recover(db)
    assert result.outcome == "recovered", result.message
    with Store.open(db, read_only=True) as fresh:
        got = fresh.snapshot()
    assert (got.states, got.tags, got.notes) == (saved.states, saved.tags, saved.notes)
    for seen in (shown, viewed):
        assert (seen.states, seen.tags, seen.notes) == (got.states, got.tags, got.notes)


def many_tags(db: Path) -> list[str]:
    """3000 papers tagged, the first 1500 untagged again: a table of tags over many
    pages, whose first page points to the others."""
    many = [f"paper{i:04d}" for i in range(3000)]
    with Store.open(db) as store:
        store.add_tag_many(many, "robots")
        store.remove_tag_many(many[:1500], "robots")
    return many


def overwrite_page(db: Path, number: int) -> None:
    data = bytearray(db.read_bytes())
    data[(number - 1) * PAGE : number * PAGE] = b"\xab" * PAGE
    db.write_bytes(bytes(data))


def test_a_damaged_first_page_that_only_pointed_to_the_rows_costs_no_word_of_loss(
    tmp_path: Path,
) -> None:
    # every tag came back, and recover said "some of its tags could not be read and are
    # lost" all the same
    db = tmp_path / "triage.sqlite3"
    many = many_tags(db)
    overwrite_page(db, root_of(db, "tags"))
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert result.tags == 1500, result.message
    assert "could not be read" not in result.message and "lost" not in result.message
    assert tags_in(db) == {paper_id: ("robots",) for paper_id in many[1500:]}


def test_a_page_of_rows_lost_below_a_damaged_first_page_is_said(tmp_path: Path) -> None:
    db = tmp_path / "triage.sqlite3"
    many = many_tags(db)
    with closing(sqlite3.connect(db)) as conn:
        leaves = [
            int(row[0])
            for row in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = 'tags' AND pagetype = 'leaf'"
            )
        ]
    overwrite_page(db, root_of(db, "tags"))
    overwrite_page(db, leaves[len(leaves) // 2])
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert "some of its tags could not be read and are lost" in result.message
    found = tags_in(db)
    assert 1000 < result.tags < 1500 and set(found) < set(many[1500:]), result.message
    assert set(found.values()) == {("robots",)}


@pytest.mark.parametrize("seed", [99, 418, 716, 1164])
def test_a_row_made_of_the_ends_of_others_is_no_tag(tmp_path: Path, seed: int) -> None:
    # the list of where the rows of the page of tags are, overwritten with noise that
    # points into the middle of rows: SQLite read a row made of their ends, which
    # recover carried over as a 28th tag ("s paper016robotsr" on "aper017robotsrobot"),
    # or stopped at ("A tag can't be empty."), as did the reader
    db = tmp_path / "triage.sqlite3"
    marked(db)
    root = root_of(db, "tags")
    data = bytearray(db.read_bytes())
    data[(root - 1) * PAGE + 8 : (root - 1) * PAGE + 600] = random.Random(seed).randbytes(592)
    db.write_bytes(bytes(data))
    with closing(sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)) as conn:
        read = [row for row in store_module._rows(conn, "paper_id, tag", "tags") if row[0]]
    assert any(row not in [(paper_id, "robots") for paper_id in IDS[:27]] for row in read)
    written = {paper_id: ("robots",) for paper_id in IDS[:27]}
    with Store.open(db) as reader:
        assert reader.read_only and reader.snapshot().tags == written
    result = recover(db)
    assert result.outcome == "recovered", result.message
    assert result.tags == 27 and tags_in(db) == written, result.message
