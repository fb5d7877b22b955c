"""A build of the index asked to stop (the reader closing) stops within a paper or so:
the second process is gone, nothing half-written is left to be taken for an index, and
the next open builds it again."""

from __future__ import annotations

import multiprocessing
import threading

import pytest
from corpus_util import RECORDS, many_records, write_jsonl
from whoosh import index

from tuireader.ingest.library import load_library
from tuireader.search import index as tindex
from tuireader.search import segments, stopping
from tuireader.search.scan import LibraryTerms
from tuireader.system.paths import resolve


def _stopping_at(event: stopping.Stop, papers: int, seen: list[int]):  # type: ignore[no-untyped-def]
    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= papers:
            event.set()

    return progress


@pytest.mark.parametrize("parallel", [False, True])
def test_a_build_stopped_part_way_leaves_no_index_and_the_next_open_builds_it(
    tmp_path, monkeypatch, parallel
):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", many_records(300))])
    monkeypatch.setattr(segments, "PROGRESS_EVERY", 10)
    if parallel:
        monkeypatch.setattr(tindex, "PARALLEL_BUILD_MIN", 2)
    stop, seen = stopping.Stop(), []
    with stopping.stopped_by(stop), pytest.raises(stopping.BuildStopped):
        tindex.open_index(library, paths, progress=_stopping_at(stop, 20, seen))
    assert seen and max(seen) < 300  # stopped, not finished
    assert not stop.heeded  # (the build it stopped is over)
    # nothing an open would take for the index, nothing half-written, no second process
    assert not paths.index_dir.exists() or not index.exists_in(str(paths.index_dir))
    assert not list(paths.root.glob("index.new-*"))
    assert not multiprocessing.active_children()

    again = tindex.open_index(library, paths, lock_wait=0.5)  # (the lock was let go)
    try:
        assert again.report.rebuilt
        assert again.ix.doc_count() == 300
    finally:
        again.ix.close()


def test_an_update_stopped_part_way_is_not_committed_and_the_next_open_makes_it(tmp_path):
    paths = resolve(tmp_path / "data")
    small = write_jsonl(tmp_path / "lists" / "small.jsonl", RECORDS)
    tindex.open_index(load_library([small]), paths).ix.close()
    write_jsonl(tmp_path / "lists" / "big.jsonl", many_records(300))
    library = load_library([tmp_path / "lists"])
    stop, seen = stopping.Stop(), []
    with stopping.stopped_by(stop), pytest.raises(stopping.BuildStopped):
        tindex.open_index(library, paths, progress=_stopping_at(stop, 1, seen))
    assert seen == [250]
    opened = tindex.open_index(load_library([small]), paths)  # as it was
    try:
        assert opened.ix.doc_count() == len(RECORDS) and opened.report.written == 0
    finally:
        opened.ix.close()
    caught_up = tindex.open_index(library, paths)
    try:
        assert caught_up.report.added == 300
        assert caught_up.ix.doc_count() == len(RECORDS) + 300
    finally:
        caught_up.ix.close()


def test_the_words_read_for_a_scan_stop_with_the_build(tmp_path):
    library = load_library([write_jsonl(tmp_path / "a.jsonl", many_records(20))])
    stop = stopping.Stop()
    read: list[int] = []
    with stopping.stopped_by(stop), pytest.raises(stopping.BuildStopped):
        LibraryTerms(library, lambda done, _total: (read.append(done), stop.set()))
    assert read == [0]
    LibraryTerms(library)  # outside the block: nothing stops it


def test_a_stop_asked_of_another_thread_does_not_stop_this_one(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    stop = stopping.Stop()
    stop.set()
    other = threading.Thread(target=lambda: stopping.stopped_by(stop).__enter__())
    other.start()
    other.join()
    opened = tindex.open_index(library, paths)
    opened.ix.close()
    assert opened.report.rebuilt
