"""An index found damaged while the reader searches it is rebuilt on a thread of its
own: the searches meanwhile scan the library, in list order, and say so; once it is
back, they search it again and say that it was rebuilt."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

from corpus_util import RECORDS, many_records, write_jsonl
from test_faults_index import _fails_once

from tuireader.ingest.library import load_library
from tuireader.search import engine as tengine
from tuireader.search import index as tindex
from tuireader.search import segments
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve


def _built(tmp_path: Path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS)])
    tindex.open_index(library, paths).ix.close()
    return paths, library


def test_a_damaged_index_is_rebuilt_behind_scanned_searches(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    engine = open_engine(library, paths)
    wanted = engine.search("privacy").total
    assert wanted >= 1
    # the rebuild waits for the test: the searches made meanwhile are the scan's
    gate, started = threading.Event(), threading.Event()
    real_open = tengine.open_index

    def held_open(*args, **kwargs):  # type: ignore[no-untyped-def]
        if threading.current_thread() is threading.main_thread():
            raise RuntimeError("rebuilt within the search, which waited for it")
        started.set()
        assert gate.wait(60)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(tengine, "open_index", held_open)
    told: list[int] = []
    words_read, back = threading.Event(), threading.Event()

    def healed() -> None:
        told.append(1)
        (words_read if len(told) == 1 else back).set()

    engine.healed = healed
    _fails_once(monkeypatch)
    try:
        # meets the damage: at once, nothing yet, and why (the words are being read)
        first = engine.search("privacy")
        assert first.total == 0 and first.said_why
        assert first.message is not None
        assert first.message.startswith("the search index was damaged")
        assert "rebuilding it" in first.message and "words" in first.message
        assert words_read.wait(60)
        result = engine.search("privacy")  # answered by a scan
        assert result.total == wanted
        assert result.message is not None
        assert result.message.startswith("the search index was damaged")
        assert "rebuilding it" in result.message and "list order" in result.message
        assert started.wait(60)
        assert engine.rebuilding is not None and not back.is_set()
        again = engine.search("privacy")  # still scanned, still said
        assert again.total == wanted and again.message == result.message
    finally:
        gate.set()
    assert back.wait(60) and len(told) == 2
    assert engine.rebuilding is None and engine.problem is None
    back_result = engine.search("privacy")
    assert back_result.total == wanted
    assert back_result.message == "the search index was damaged; rebuilt it"
    assert engine.search("privacy").message is None  # said once
    engine.close()


def test_without_healed_the_search_waits_for_the_rebuild(tmp_path, monkeypatch):
    paths, library = _built(tmp_path)
    engine = open_engine(library, paths)
    _fails_once(monkeypatch)
    result = engine.search("privacy")
    assert result.message == "the search index was damaged; rebuilt it"
    assert engine.rebuilding is None
    engine.close()


def test_a_rebuild_behind_the_searches_stops_when_asked(tmp_path, monkeypatch):
    # as the reader closes: it stops, leaves nothing half-written, no second process and
    # no lock, and the healed hook is not told it is back
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "lists" / "a.jsonl", many_records(300))])
    tindex.open_index(library, paths).ix.close()
    manifest = (paths.index_dir / tindex.MANIFEST).read_bytes()
    monkeypatch.setattr(segments, "PROGRESS_EVERY", 10)
    monkeypatch.setattr(tindex, "PARALLEL_BUILD_MIN", 2)
    seen: list[int] = []
    waited: list[threading.Thread | None] = []
    engine: list[tengine.Engine] = []

    def progress(done: int, _total: int) -> None:
        seen.append(done)
        if done >= 20 and not waited:
            waited.append(engine[0].stop_rebuilding())

    engine.append(open_engine(library, paths, progress=progress))
    seen.clear()  # (the index was current: nothing written)
    told: list[int] = []
    words_read = threading.Event()
    engine[0].healed = lambda: (told.append(1), words_read.set())
    _fails_once(monkeypatch)
    engine[0].search("privacy")
    assert words_read.wait(60)
    rebuilder = engine[0]._rebuilder
    assert rebuilder is not None
    rebuilder.join(60)
    assert not rebuilder.is_alive()
    assert waited == [rebuilder]  # (it was under way: the thread to wait for)
    assert seen  # (it was under way)
    # nothing of it took the index's place
    assert (paths.index_dir / tindex.MANIFEST).read_bytes() == manifest
    assert told == [1]  # the words read for the scan; never "back"
    assert engine[0].rebuilding is not None  # the searches scan until the reader closes
    assert not list(paths.root.glob("index.new-*"))
    assert not multiprocessing.active_children()
    assert engine[0].stop_rebuilding() is None  # (none runs)
    engine[0].close()
    again = tindex.open_index(library, paths, lock_wait=0.5)  # (the lock was let go)
    try:
        assert not again.report.read_only and again.ix.doc_count() == 300
    finally:
        again.ix.close()
