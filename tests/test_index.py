"""The on-disk index: incremental updates, schema versions, damage, locks and kills."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search import index as tindex
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

REPO = Path(__file__).resolve().parents[1]


def doc_count(paths) -> int:
    from whoosh import index

    ix = index.open_dir(str(paths.index_dir))
    try:
        return ix.doc_count()
    finally:
        ix.close()


def test_second_start_writes_nothing(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    first = tindex.open_index(library, paths)
    assert first.report.rebuilt and first.report.added == len(RECORDS)
    first.ix.close()
    generation = json.loads((paths.index_dir / tindex.MANIFEST).read_text())["generation"]
    second = tindex.open_index(load_library([tmp_path / "a.jsonl"]), paths)
    assert second.report.written == 0 and not second.report.rebuilt
    assert second.ix.latest_generation() == generation
    second.ix.close()


def test_a_changed_list_reindexes_only_its_papers(tmp_path):
    paths = resolve(tmp_path / "data")
    a = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "b.jsonl", many_records(30))
    tindex.open_index(load_library([a, b]), paths).ix.close()

    changed = many_records(30)
    changed[3]["abstract"] += " A new closing sentence."  # a changed paper (same id: titled)
    del changed[7]  # a removed paper
    changed.append({"title": "A brand new paper", "abstract": "Completely new text here."})
    write_jsonl(b, changed)
    opened = tindex.open_index(load_library([a, b]), paths)
    report = opened.report
    opened.ix.close()
    assert (report.added, report.removed, report.updated) == (1, 1, 1)
    assert doc_count(paths) == len(RECORDS) + 30


def test_renaming_a_list_updates_its_papers_only(tmp_path):
    paths = resolve(tmp_path / "data")
    a = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "b.jsonl", many_records(10))
    tindex.open_index(load_library([a, b]), paths).ix.close()
    renamed = b.rename(tmp_path / "renamed.jsonl")
    opened = tindex.open_index(load_library([a, renamed]), paths)
    opened.ix.close()
    assert opened.report.updated == 10 and opened.report.added == 0


def test_an_index_of_another_schema_version_is_rebuilt(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    tindex.open_index(library, paths).ix.close()
    manifest = paths.index_dir / tindex.MANIFEST
    data = json.loads(manifest.read_text())
    data["schema"] = tindex.SCHEMA_VERSION - 1
    manifest.write_text(json.dumps(data))
    engine = open_engine(library, paths)
    assert engine.report.rebuilt
    assert any("another version" in m for m in engine.messages)
    assert engine.search("privacy").total == 1
    engine.close()


def test_a_corrupt_index_is_rebuilt_with_a_message(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    tindex.open_index(library, paths).ix.close()
    for toc in paths.index_dir.glob("_MAIN_*.toc"):
        toc.write_bytes(b"\x00garbage" * 10)
    engine = open_engine(library, paths)
    assert engine.report.rebuilt
    assert engine.messages == ("the search index was damaged; rebuilt it",)
    assert engine.search("privacy").total == 1
    engine.close()


def test_a_locked_index_is_searched_read_only(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    tindex.open_index(library, paths).ix.close()
    bigger = load_library(
        [tmp_path / "a.jsonl", write_jsonl(tmp_path / "b.jsonl", many_records(5))]
    )
    with open(paths.root / tindex.BUILD_LOCK, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        engine = open_engine(library, paths, lock_wait=0.3)
        # an index that does not hold the papers asked for is no answer: "0 match"
        scanned = open_engine(bigger, paths, lock_wait=0.3)
    assert engine.report.read_only
    assert any("another tuireader" in m for m in engine.messages)
    assert engine.search("privacy").total == 1  # the index as it was
    engine.close()
    assert scanned.problem and "does not hold these lists yet" in scanned.problem
    wanted = sum("privacy" in (r["title"] + r["abstract"]).lower() for r in many_records(5))
    assert scanned.search("privacy").total == 1 + wanted


def test_locked_before_any_index_exists_falls_back_to_a_scan(tmp_path):
    paths = resolve(tmp_path / "data").ensure()
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    with open(paths.root / tindex.BUILD_LOCK, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        engine = open_engine(library, paths, lock_wait=0.2)
    assert engine.problem and "not ready" in engine.problem
    result = engine.search("privacy")
    assert result.total == 1 and result.message


def _index_cmd(source: Path, home: Path) -> subprocess.Popen:
    env = {**os.environ, "TUIREADER_HOME": str(home), "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "tuireader", "index", str(source)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_indexing_at_once(tmp_path):
    source = write_jsonl(tmp_path / "many.jsonl", many_records(400))
    home = tmp_path / "home"
    procs = [_index_cmd(source, home) for _ in range(2)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assert doc_count(resolve(home)) == 400
    assert not list(home.glob("index.new-*"))


def test_a_writer_killed_mid_build_leaves_the_previous_index(tmp_path):
    home = tmp_path / "home"
    paths = resolve(home)
    small = write_jsonl(tmp_path / "lists" / "small.jsonl", RECORDS)
    tindex.open_index(load_library([small]), paths).ix.close()

    # A much larger update, killed while it writes.
    big = write_jsonl(tmp_path / "lists" / "big.jsonl", many_records(4000))
    proc = _index_cmd(tmp_path / "lists", home)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if (
            any(paths.index_dir.glob("*.seg"))
            or any(paths.index_dir.glob("*.tmp"))
            or proc.poll() is not None
        ):
            break
        if any(f.name.endswith(".trm") for f in paths.index_dir.iterdir()):
            break
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the indexer finished before it could be killed"

    # The index still opens at its previous state, and then catches up.
    assert doc_count(paths) == len(RECORDS)
    engine = open_engine(load_library([small, big]), paths)
    assert not engine.report.rebuilt
    assert engine.search("privacy").total >= 1
    assert engine.search("study number 3999").total >= 1
    engine.close()


def test_without_an_index_the_scan_still_applies_the_whole_query(tmp_path):
    paths = resolve(tmp_path / "data").ensure()
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    kept = {library.papers[0].id}

    def resolver(name, value):
        return kept if (name, value) in (("is", "kept"), ("is", "*")) else None

    with open(paths.root / tindex.BUILD_LOCK, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        engine = open_engine(library, paths, lock_wait=0.2)
    assert [h.paper.id for h in engine.search("is:kept", resolve=resolver).hits] == list(kept)
    assert engine.search("is:new", resolve=resolver).total == len(RECORDS) - 1
    assert engine.search("privacy -gaussian").total == 0
    assert engine.search('"language models"').total == 1
    assert engine.search("has:code").total == 1


def test_the_vocabulary_keeps_the_stems_search_needs(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    tindex.open_index(library, paths).ix.close()
    saved = json.loads((paths.index_dir / tindex.VOCAB).read_text())
    assert saved["words"]["models"] == 2 and saved["stems"]["models"] == "model"
    engine = open_engine(library, paths)
    assert set(engine.vocabulary.forms_of("modelling")) >= {"model", "models"}
    engine.close()


def test_a_missing_vocabulary_is_rebuilt_without_a_commit(tmp_path):
    paths = resolve(tmp_path / "data")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    first = tindex.open_index(library, paths)
    generation = first.ix.latest_generation()
    first.ix.close()
    (paths.index_dir / tindex.VOCAB).unlink()
    again = tindex.open_index(library, paths)
    assert again.ix.latest_generation() == generation
    assert again.report.written == 0 and again.vocab["privacy"] == 1
    again.ix.close()


def test_a_half_built_index_left_by_a_killed_build_is_removed(tmp_path):
    paths = resolve(tmp_path / "data")
    paths.ensure()
    stale = paths.index_dir.with_name(f"{paths.index_dir.name}.new-999999")
    stale.mkdir(parents=True)
    (stale / "MAIN_abc.seg").write_bytes(b"half written")
    library = load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)])
    opened = tindex.open_index(library, paths)
    assert opened.report.rebuilt and not stale.exists()
    opened.ix.close()


def test_going_back_to_a_list_writes_nothing_and_searches_only_its_papers(tmp_path):
    paths = resolve(tmp_path / "data")
    a = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "b.jsonl", many_records(40))
    first = open_engine(load_library([a]), paths)
    assert first.report.rebuilt
    first.close()
    other = open_engine(load_library([b]), paths)
    assert (other.report.added, other.report.removed) == (40, 0)
    assert other.search("privacy").total == sum(
        "privacy" in str(r).lower() for r in many_records(40)
    )
    other.close()

    library = load_library([a])
    again = open_engine(library, paths)
    report = again.report
    assert (report.added, report.updated, report.removed, report.rebuilt) == (0, 0, 0, False)
    assert doc_count(paths) == len(RECORDS) + 40  # b's papers stay for next time
    ids = {paper.id for paper in library.papers}
    queries = ("diffusion", "privacy", "neural networks", "diffusion OR privacy", "study")
    for query in (*queries, '"language models"', "-diffusion", "has:code"):
        result = again.search(query, limit=None)
        assert {hit.paper.id for hit in result.hits} <= ids, query
        assert result.total == len(result.hits), query
    assert again.search("diffusion").total == 2
    assert again.search("diffusion OR privacy").total == 3
    assert again.search("study").total == 1  # b's papers say "study" too
    assert again.search("-diffusion").total == 2
    similar = again.similar(library.papers[0].id)
    assert {hit.paper.id for hit in similar.hits} <= ids
    again.close()
    opened = tindex.open_index(library, paths)
    opened.ix.close()
    assert opened.others == 40 and "bandits" not in opened.vocab  # the vocabulary is a's


def test_a_paper_dropped_from_an_open_list_leaves_the_index_but_other_lists_stay(tmp_path):
    paths = resolve(tmp_path / "data")
    a = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "b.jsonl", many_records(10))
    tindex.open_index(load_library([b]), paths).ix.close()
    tindex.open_index(load_library([a]), paths).ix.close()
    write_jsonl(a, RECORDS[:-1])
    opened = tindex.open_index(load_library([a]), paths)
    opened.ix.close()
    assert opened.report.removed == 1 and opened.others == 10
    assert doc_count(paths) == len(RECORDS) - 1 + 10


def test_papers_of_lists_not_open_are_kept_up_to_a_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(tindex, "OTHERS_MAX", 15)
    paths = resolve(tmp_path / "data")
    lists = [write_jsonl(tmp_path / f"l{n}.jsonl", many_records(10, f"l{n}")) for n in range(3)]
    for source in lists:
        tindex.open_index(load_library([source]), paths).ix.close()
    # l0 (opened first) goes, l1 stays while l2 is open, and all of l2 of course
    opened = tindex.open_index(load_library([lists[2]]), paths)
    opened.ix.close()
    assert doc_count(paths) <= 10 + 15
    last = tindex.open_index(load_library([lists[1]]), paths)
    last.ix.close()
    assert last.report.added == 0
    first = tindex.open_index(load_library([lists[0]]), paths)
    first.ix.close()
    assert first.report.added == 5  # the five papers that made room


def test_similar_gives_the_best_scored_papers_whatever_the_limit(tmp_path):
    # Whoosh's top-N shortcuts (block quality, dropping terms whose best score seems
    # too low) assume unboosted terms; the similar query boosts each key term by its
    # weight, and with them a paper scored above those returned could be left out.
    import random

    rng = random.Random(7)
    words = [f"w{n}{'x' * (n % 5)}" for n in range(300)]
    records = []
    for i in range(700):
        picked = rng.choices(words, weights=[1 / (n + 1) for n in range(300)], k=rng.randint(8, 60))
        records.append(
            {
                "title": f"{' '.join(picked[:6])} paper {i}",
                "authors": [f"Author{i % 37} Person{i % 11}"],
                "abstract": " ".join(picked),
            }
        )
    library = load_library([write_jsonl(tmp_path / "many.jsonl", records)])
    engine = open_engine(library, resolve(tmp_path / "data"))
    try:
        for paper in library.papers[:40]:
            every = engine.similar(paper.id, limit=len(records)).hits
            best = sorted(every, key=lambda hit: -hit.score)
            for limit in (3, 10):
                hits = engine.similar(paper.id, limit=limit).hits
                assert [hit.score for hit in hits] == [hit.score for hit in best[:limit]], (
                    paper.id,
                    limit,
                )
    finally:
        engine.close()


def test_similar_counts_the_papers_it_gives(tmp_path):
    library = load_library([write_jsonl(tmp_path / "many.jsonl", many_records(60))])
    engine = open_engine(library, resolve(tmp_path / "data"))
    try:
        result = engine.similar(library.papers[0].id, limit=5)
        assert len(result.hits) == result.total == 5
    finally:
        engine.close()
