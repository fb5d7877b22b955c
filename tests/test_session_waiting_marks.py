"""Marks that wait for a list not read now cost a command on the other lists nothing:
loading reads none of their papers from the cache (at 100,000 papers, 0.4 s where
reading them all took 2 s)."""

from __future__ import annotations

import json

from tuireader.ingest.cache import LazyLibrary
from tuireader.session import load_session


def _write(path, titles):
    path.write_text(
        "".join(
            json.dumps(
                {
                    "title": title,
                    "authors": ["Ann Lee"],
                    "abstract": f"{title} is studied at some length here.",
                }
            )
            + "\n"
            for title in titles
        ),
        encoding="utf-8",
    )
    return path


def test_a_mark_waiting_for_a_list_not_read_reads_no_paper_of_the_lists_read(tmp_path):
    data = tmp_path / "data"
    main = _write(tmp_path / "main.jsonl", [f"Main paper number {n}" for n in range(30)])
    side = _write(tmp_path / "side.jsonl", ["Side paper on grasping", "Side paper on driving"])
    both = load_session([main, side], data_dir=data)
    marked = next(p for p in both.library.papers if p.title.startswith("Side paper on g"))
    with both.open_store() as store:
        store.set_state(marked.id, "kept")
    load_session([main, side], data_dir=data)  # the mark's list file is kept with it
    load_session([main], data_dir=data)  # the cache of the main list alone

    session = load_session([main], data_dir=data, lazy=True)
    library = session.library
    assert isinstance(library, LazyLibrary)
    assert not library.complete  # no paper read for the mark waiting for its list
    assert session.triage is not None
    assert [mark.paper_id for mark in session.triage.detached] == [marked.id]
    # and it is the side list's again when that list is read
    again = load_session([main, side], data_dir=data)
    with again.open_store() as store:
        assert store.get(marked.id).state == "kept"


def test_a_mark_whose_list_is_gone_is_still_looked_for_among_all_papers(tmp_path):
    # the paper moved into the list read (its own list deleted): the mark follows it
    data = tmp_path / "data"
    main = _write(tmp_path / "main.jsonl", [f"Main paper number {n}" for n in range(30)])
    side = _write(tmp_path / "side.jsonl", ["Side paper on grasping"])
    both = load_session([main, side], data_dir=data)
    (marked,) = [p for p in both.library.papers if p.title.startswith("Side")]
    with both.open_store() as store:
        store.set_state(marked.id, "kept")
    side.unlink()
    record = {
        "title": "Side paper on grasping",
        "authors": ["Ann Lee"],
        "abstract": "Side paper on grasping is studied at some length here.",
        "doi": "10.1/side",
    }
    with main.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
    load_session([main], data_dir=data)  # read once: cached
    session = load_session([main], data_dir=data, lazy=True)
    moved = [p for p in session.library.papers if p.title.startswith("Side")]
    with session.open_store() as store:
        assert [store.get(p.id).state for p in moved] == ["kept"]
