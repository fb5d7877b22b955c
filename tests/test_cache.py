"""The cache of parsed lists in the data folder: what it saves, when it is trusted, damage."""

from __future__ import annotations

import json
import marshal
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.ingest import cache as cache_module
from tuireader.ingest import library as library_module
from tuireader.model import Library
from tuireader.session import load_session
from tuireader.system.resources import seeds_dir

SEED_CATALOG = seeds_dir() / "catalog" / "icml2024-seeds.jsonl"


def _shape(library: Library) -> tuple:
    """Everything a front end sees of a library, in order."""
    return (library.papers, library.lists, tuple(str(p) for p in library.problems))


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files read from disk (not taken from the cache)."""
    seen: list[str] = []
    real = library_module._read

    def counting(path: Path):  # type: ignore[no-untyped-def]
        seen.append(path.name)
        return real(path)

    monkeypatch.setattr(library_module, "_read", counting)
    return seen


def _lists(tmp_path: Path) -> list[Path]:
    a = write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "lists" / "b.jsonl", many_records(20))
    notes = tmp_path / "lists" / "notes.txt"
    notes.write_text(
        "Notes\n\n" + RECORDS[1]["abstract"] + "\n\nA plain abstract of its own, long enough.\n",
        encoding="utf-8",
    )
    return [a, b, notes]


def test_an_unchanged_set_of_lists_is_not_read_again(tmp_path: Path, reads: list[str]) -> None:
    sources = _lists(tmp_path)
    first = load_session(sources, data_dir=tmp_path / "data")
    assert sorted(reads) == ["a.jsonl", "b.jsonl", "notes.txt"]
    reads.clear()
    second = load_session(sources, data_dir=tmp_path / "data")
    assert reads == []
    assert _shape(second.library) == _shape(first.library)
    fresh = load_session(sources, data_dir=tmp_path / "other", cache=False)
    assert _shape(second.library) == _shape(fresh.library)


def test_papers_read_from_the_cache_share_what_recurs_between_them(tmp_path: Path) -> None:
    records = [
        dict(r, venue="Conf 2024", year=2024, url=f"https://example.org/{i}")
        for i, r in enumerate(many_records(80))
    ]
    source = write_jsonl(tmp_path / "lists" / "big.jsonl", records)
    load_session([source], data_dir=tmp_path / "data")
    papers = load_session([source], data_dir=tmp_path / "data").library.papers
    assert len(papers) == 80
    for name in ("venue", "year", "lists"):
        assert len({id(getattr(paper, name)) for paper in papers}) == 1, name
    kinds = {
        (link.kind, id(link.kind), link.origin, id(link.origin)) for p in papers for link in p.links
    }
    assert kinds and len(kinds) == len({(kind, origin) for kind, _, origin, _ in kinds})
    fresh = load_session([source], data_dir=tmp_path / "fresh", cache=False).library.papers
    assert papers == fresh


def test_a_changed_list_is_read_again_alone_and_merges_as_a_fresh_load(
    tmp_path: Path, reads: list[str]
) -> None:
    sources = _lists(tmp_path)
    load_session(sources, data_dir=tmp_path / "data")
    changed = many_records(20)
    changed[2]["abstract"] += " One more sentence."
    changed.insert(0, dict(RECORDS[0], abstract=RECORDS[0]["abstract"] + " Revised."))
    del changed[9]
    write_jsonl(sources[1], changed)
    reads.clear()
    cached = load_session(sources, data_dir=tmp_path / "data").library
    assert reads == ["b.jsonl"]
    fresh = load_session(sources, data_dir=tmp_path / "fresh", cache=False).library
    assert _shape(cached) == _shape(fresh)
    assert [p.id for p in cached] == [p.id for p in fresh]
    assert [p.order for p in cached] == [p.order for p in fresh]


def test_a_renamed_list_name_collision_is_merged_as_a_fresh_load(tmp_path: Path) -> None:
    one = write_jsonl(tmp_path / "x" / "refs.jsonl", many_records(3, "x"))
    two = write_jsonl(tmp_path / "y" / "refs.jsonl", many_records(3, "y"))
    load_session([two], data_dir=tmp_path / "data")  # cached as the list "refs"
    cached = load_session([one, two], data_dir=tmp_path / "data").library
    fresh = load_session([one, two], data_dir=tmp_path / "fresh", cache=False).library
    assert _shape(cached) == _shape(fresh)


def test_a_touched_file_with_the_same_content_is_not_read_again(
    tmp_path: Path, reads: list[str]
) -> None:
    sources = _lists(tmp_path)
    load_session(sources, data_dir=tmp_path / "data")
    later = sources[0].stat().st_mtime_ns + 5_000_000_000
    os.utime(sources[0], ns=(later, later))
    copy = sources[1].read_bytes()
    sources[1].unlink()
    sources[1].write_bytes(copy)  # a new inode, same bytes
    reads.clear()
    load_session(sources, data_dir=tmp_path / "data")
    assert reads == []


def test_cache_files_are_private(tmp_path: Path) -> None:
    load_session(_lists(tmp_path), data_dir=tmp_path / "data")
    entries = list((tmp_path / "data" / "cache").iterdir())
    assert len(entries) == 4  # three lists and the library
    for entry in entries:
        assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "data" / "cache").stat().st_mode) == 0o700


def _damage_truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _damage_flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-40] ^= 0x55
    path.write_bytes(bytes(data))


def _damage_foreign(path: Path) -> None:
    path.write_bytes(b"\x80\x04garbage that is no cache entry")


def _damage_version(path: Path) -> None:
    data = path.read_bytes()
    magic = cache_module.MAGIC
    line_end = data.index(b"\n", len(magic))
    head = json.loads(data[len(magic) : line_end])
    head["version"] = "0.0.0-old"
    path.write_bytes(magic + json.dumps(head).encode() + data[line_end:])


def _damage_header(path: Path) -> None:
    path.write_bytes(cache_module.MAGIC + b"{not json\n" + b"x" * 100)


def _damage_empty(path: Path) -> None:
    path.write_bytes(b"")


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (_damage_truncate, "truncated"),
        (_damage_flip, "damaged"),
        (_damage_foreign, "not a tuireader cache file"),
        (_damage_version, "another version"),
        (_damage_header, "header is damaged"),
        (_damage_empty, "not a tuireader cache file"),
    ],
)
def test_a_damaged_cache_is_rebuilt_with_one_message(
    tmp_path: Path, reads: list[str], damage, said: str
) -> None:
    sources = _lists(tmp_path)
    first = load_session(sources, data_dir=tmp_path / "data")
    for entry in (tmp_path / "data" / "cache").iterdir():
        damage(entry)
    reads.clear()
    again = load_session(sources, data_dir=tmp_path / "data")
    assert sorted(reads) == ["a.jsonl", "b.jsonl", "notes.txt"]
    assert _shape(again.library) == _shape(first.library)
    (note,) = [str(p) for p in again.problems if "cache of read lists" in p.message]
    assert "4 entries" in note and said in note and "\n" not in note
    # rebuilt: the next load reads nothing and says nothing
    reads.clear()
    third = load_session(sources, data_dir=tmp_path / "data")
    assert reads == [] and not any("cache" in p.message for p in third.problems)


def test_an_unwritable_cache_folder_still_loads(tmp_path: Path, reads: list[str]) -> None:
    sources = _lists(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cache").write_text("a file where the folder would be")
    session = load_session(sources, data_dir=tmp_path / "data")
    assert len(session.library) > 0


def test_two_processes_filling_the_cache_at_once(tmp_path: Path) -> None:
    sources = _lists(tmp_path)
    code = (
        "import sys\n"
        "from tuireader.session import load_session\n"
        "s = load_session(sys.argv[2:], data_dir=sys.argv[1])\n"
        "print(len(s.library), [p.message for p in s.problems if 'cache' in p.message])\n"
    )
    args = [sys.executable, "-c", code, str(tmp_path / "data"), *map(str, sources)]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    outs = [proc.communicate()[0] for proc in procs]
    assert all(proc.returncode == 0 for proc in procs)
    fresh = load_session(sources, data_dir=tmp_path / "fresh", cache=False).library
    assert all(out.strip() == f"{len(fresh)} []" for out in outs), outs
    cached = load_session(sources, data_dir=tmp_path / "data")
    assert _shape(cached.library) == _shape(fresh)
    assert not list((tmp_path / "data" / "cache").glob(".*.tmp"))


# --------------------------------------------------------------------------- the seed catalog


def _seed_record() -> dict:
    line = SEED_CATALOG.read_text(encoding="utf-8").splitlines()[0]
    return json.loads(line)


def _words_dropped(text: str) -> str:
    """A damaged copy of ``text``: every ninth word gone (still a fuzzy match)."""
    words = text.split()
    return " ".join(w for i, w in enumerate(words) if i % 9 != 4)


def test_the_shipped_catalog_does_not_fuzzily_match_papers_of_other_lists(tmp_path: Path) -> None:
    seed = _seed_record()
    other = tmp_path / "mine.txt"
    other.write_text("Mine\n\n" + _words_dropped(seed["abstract"]) + "\n", encoding="utf-8")
    (paper,) = load_session([other], data_dir=tmp_path / "data", cache=False).library.papers
    assert paper.metadata_source == "derived" and paper.title_derived
    # the seeds themselves are still matched every way
    seeds = load_session(None, data_dir=tmp_path / "data", cache=False).library
    assert all(p.metadata_source == "icml2024-seeds" for p in seeds)


def test_the_shipped_catalog_still_matches_other_lists_by_exact_key(tmp_path: Path) -> None:
    seed = _seed_record()
    other = write_jsonl(
        tmp_path / "mine.jsonl",
        [{"title": seed["title"], "abstract": "Our own summary of it.", "authors": ["Someone"]}],
    )
    (paper,) = load_session([other], data_dir=tmp_path / "data", cache=False).library.papers
    assert paper.metadata_source == "icml2024-seeds"
    assert paper.authors == tuple(seed["authors"])


def test_a_catalog_given_by_the_user_still_matches_fuzzily(tmp_path: Path) -> None:
    seed = _seed_record()
    catalog = write_jsonl(tmp_path / "cat.jsonl", [seed])
    other = tmp_path / "mine.txt"
    other.write_text("Mine\n\n" + _words_dropped(seed["abstract"]) + "\n", encoding="utf-8")
    session = load_session([other], data_dir=tmp_path / "data", catalogs=[catalog], cache=False)
    (paper,) = session.library.papers
    assert paper.metadata_source == "cat" and paper.title == seed["title"]


def test_a_cached_library_opens_the_index_without_fingerprinting_its_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tuireader.search import index as tindex

    sources = _lists(tmp_path)
    first = load_session(sources, data_dir=tmp_path / "data")
    expected = {paper.id: tindex.fingerprint(paper) for paper in first.library.papers}
    first.engine().close()

    def refuse(paper):  # type: ignore[no-untyped-def]
        raise AssertionError("fingerprint worked out again")

    monkeypatch.setattr(tindex, "fingerprint", refuse)
    again = load_session(sources, data_dir=tmp_path / "data")
    assert again.cached["fingerprints"] == expected
    engine = again.engine()
    assert engine.report.written == 0 and engine.search("privacy").total >= 1
    engine.close()


def test_a_lazy_library_finds_every_paper_before_and_after_it_maps_its_ids(
    tmp_path: Path,
) -> None:
    """The first lookups scan the ids, the later ones use a map: every paper is found
    the same either way, and an unknown id is not found."""
    source = write_jsonl(tmp_path / "many.jsonl", many_records(cache_module._SCANNED_LOOKUPS + 20))
    whole = load_session([source], data_dir=tmp_path / "data").library
    lazy = load_session([source], data_dir=tmp_path / "data", lazy=True).library
    assert isinstance(lazy, cache_module.LazyLibrary)
    wanted = [paper.id for paper in reversed(whole.papers)]
    for at, paper_id in enumerate(wanted):
        assert lazy.get(paper_id) == whole.get(paper_id), paper_id
        assert lazy.get(f"no-such-{at}") is None
        assert (lazy._position is None) == (2 * at + 2 <= cache_module._SCANNED_LOOKUPS)
    assert lazy._position is not None and lazy._whole is None


def test_the_readers_way_opens_the_index_without_fingerprinting_its_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader keeps the library (with its problems replaced), not the session, and
    opens the engine itself: what the cache kept with the library still serves."""
    from dataclasses import replace

    from tuireader.search import index as tindex
    from tuireader.search.engine import open_engine

    sources = _lists(tmp_path)
    first = load_session(sources, data_dir=tmp_path / "data")
    first.engine().close()
    again = load_session(sources, data_dir=tmp_path / "data")
    library = replace(again.library, problems=())

    def refuse(*args):  # type: ignore[no-untyped-def]
        raise AssertionError("worked out again")

    with monkeypatch.context() as patch:
        patch.setattr(tindex, "fingerprint", refuse)
        patch.setattr(tindex, "library_digest", refuse)
        engine = open_engine(library, again.paths)
        assert engine.report.written == 0 and engine.search("privacy").total >= 1
        engine.close()
    # a library the cache did not give (another tuple of papers) is fingerprinted
    other = replace(library, papers=(*library.papers,))
    assert cache_module.kept_with(other) == {}
    assert cache_module.kept_with(library)["fingerprints"] == again.cached["fingerprints"]


def test_reading_a_library_leaves_the_garbage_collector_as_it_found_it(tmp_path: Path) -> None:
    import gc

    sources = _lists(tmp_path)
    load_session(sources, data_dir=tmp_path / "data")
    assert gc.isenabled()
    assert load_session(sources, data_dir=tmp_path / "data").library.papers
    assert gc.isenabled()
    gc.disable()
    try:
        assert load_session(sources, data_dir=tmp_path / "data").library.papers
        assert not gc.isenabled()
    finally:
        gc.enable()


def _lazy(tmp_path: Path, count: int = 300) -> tuple[Library, Library]:
    """A list of ``count`` papers read whole, then lazily from the cache it left."""
    source = write_jsonl(tmp_path / "many.jsonl", many_records(count))
    whole = load_session([source], data_dir=tmp_path / "data").library
    lazy = load_session([source], data_dir=tmp_path / "data", lazy=True).library
    assert isinstance(lazy, cache_module.LazyLibrary) and not lazy.complete
    return whole, lazy


def test_a_lazy_library_gives_papers_to_one_thread_while_another_reads_them_all(
    tmp_path: Path, reads: list[str]
) -> None:
    """The reader's screen asks for the papers it shows while a worker reads the rest:
    every paper found is the right one, nothing falls back to reading the lists, and the
    entry is read whole once."""
    import threading

    whole, lazy = _lazy(tmp_path)
    reads.clear()
    ids = [paper.id for paper in whole.papers]
    wrong: list[str] = []
    started = threading.Event()

    def look() -> None:
        started.set()
        for _ in range(20):
            for paper_id in ids[::7]:
                if lazy.get(paper_id) != whole.get(paper_id):
                    wrong.append(paper_id)

    lookers = [threading.Thread(target=look) for _ in range(3)]
    for thread in lookers:
        thread.start()
    started.wait()
    readers = [threading.Thread(target=lambda: lazy.papers) for _ in range(2)]
    for thread in readers:
        thread.start()
    for thread in (*lookers, *readers):
        thread.join()
    assert wrong == [] and reads == []
    assert lazy.complete and lazy.papers == whole.papers
    assert lazy.paper_ids() == tuple(ids)
    assert lazy._handle is None  # read whole: its file is closed


def test_a_lazy_library_takes_problems_and_stays_lazy(tmp_path: Path) -> None:
    from tuireader.model import Problem

    whole, lazy = _lazy(tmp_path)
    said = Problem(tmp_path / "x.jsonl", "something to say", "warning")
    assert lazy.with_problems([said]) is lazy
    assert not lazy.complete and lazy.problems == (said,)
    assert lazy.papers == whole.papers and lazy.problems == (said,)
    # a library read whole takes them in a new library with the very same papers
    other = whole.with_problems([said])
    assert other.problems == (said,) and other.papers is whole.papers


def test_a_lazy_library_found_damaged_as_it_is_read_whole_says_so_among_its_problems(
    tmp_path: Path,
) -> None:
    """The entry damaged after it was opened (another process, a bad disk): the library
    is made again (from the lists' own entries), and its problems say what happened,
    beside what they said before."""
    from tuireader.model import Problem

    whole, lazy = _lazy(tmp_path)
    before = Problem(tmp_path / "x.jsonl", "said before", "warning")
    lazy.with_problems([before])
    _damage_flip(lazy.path)
    assert lazy.papers == whole.papers
    assert lazy.problems[0] == before
    (note,) = [str(p) for p in lazy.problems if "cache of read lists" in p.message]
    assert "damaged" in note


def test_a_library_read_from_the_cache_names_its_papers_with_their_own_strings(
    tmp_path: Path,
) -> None:
    """Read whole, lazily or not, a library keeps one string per id: its lists and (a
    lazy one) its table of ids use the papers' own (at 100,000 papers, megabytes)."""
    whole, lazy = _lazy(tmp_path)
    assert lazy.lists and lazy.get(whole.papers[3].id) is not None  # before the whole read
    assert lazy._tail is not None and lazy._read
    again = load_session([tmp_path / "many.jsonl"], data_dir=tmp_path / "data").library
    for library in (again, lazy):
        own = {id(paper.id) for paper in library.papers}
        (listed,) = library.lists
        assert listed.paper_ids and all(id(pid) in own for pid in listed.paper_ids)
    assert all(a is b.id for a, b in zip(lazy.paper_ids(), lazy.papers, strict=True))
    # and what served before the whole read is let go
    assert lazy._tail is None and lazy._read == {} and lazy._position is None


def test_a_list_over_the_size_limit_is_refused_without_reading_its_bytes(tmp_path, monkeypatch):
    from tuireader.ingest import readers

    big = tmp_path / "huge.json"
    with big.open("wb") as handle:
        handle.truncate(readers.MAX_FILE_BYTES + 1)  # sparse: no disk, but its size
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)

    digest = cache_module.content_digest

    def only_small(path):
        assert path != big, "the list over the limit was read whole"
        return digest(path)

    monkeypatch.setattr(cache_module, "content_digest", only_small)
    for _ in range(2):  # read, then from the cache
        session = load_session([good, big], data_dir=tmp_path / "data")
        (problem,) = [p for p in session.problems if p.path == big]
        assert "more than the 20.0 MB limit" in problem.message
        assert len(session.library) == len(RECORDS)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_among_the_lists_is_refused_not_read_for_good(tmp_path):
    # hashing it for the cache waited for a writer that never came: every command hung
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert cache_module.content_digest(fifo) is None
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    env = {**os.environ, "TUIREADER_HOME": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-m", "tuireader", "search", "privacy", str(fifo), str(good)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr  # a named list not read: the input error
    assert "not a regular file" in done.stderr and done.stdout.strip()


def test_problems_taken_from_the_cache_are_known_and_new_contents_are_not(
    tmp_path: Path,
) -> None:
    from tuireader.ingest.cache import Cache

    source = tmp_path / "refs.bib"
    bib = (
        "@article{a, title={Walrus gaits}, doi={10.1/w}, year={2020}}\n"
        "@article{b, title={Walrus gaits again}, doi={10.1/w}, year={2020}}\n"
        "@misc{c, note={neither title nor abstract}}\n"
    )
    source.write_text(bib, encoding="utf-8")

    def known(library: Library) -> list[tuple[str, bool]]:
        return [(problem.message.split()[0], problem.known) for problem in library.problems]

    first = library_module.load_library([source], cache=Cache(tmp_path / "cache"))
    assert known(first) == [("skipped", False), ("1", False)]
    # the list's cache entry, and the merge worked out again from it
    again = library_module.load_library([source], cache=Cache(tmp_path / "cache"))
    assert known(again) == [("skipped", True), ("1", True)]
    assert again.problems == first.problems  # the same problems, known or not
    # the whole library's cache entry, read at once or lazily
    for lazy in (False, True):
        data = tmp_path / f"data-{lazy}"
        assert known(load_session([source], data_dir=data, lazy=lazy).library) == [
            ("skipped", False),
            ("1", False),
        ]
        assert known(load_session([source], data_dir=data, lazy=lazy).library) == [
            ("skipped", True),
            ("1", True),
        ]
    # new contents: what reading them meets is new, though some of it was met before
    source.write_text(bib + "@misc{d, note={no title either}}\n", encoding="utf-8")
    changed = load_session([source], data_dir=tmp_path / "data-True", lazy=True).library
    assert known(changed) == [("skipped", False), ("1", False)]


def test_two_installations_of_the_same_code_share_the_cache(tmp_path: Path) -> None:
    import shutil

    import tuireader

    source = Path(tuireader.__file__).resolve().parent
    ignore = shutil.ignore_patterns("__pycache__")
    for name, when in (("a", 1_000_000_000), ("b", 1_500_000_000)):
        copy = tmp_path / name / "tuireader"
        shutil.copytree(source, copy, ignore=ignore)
        for file in copy.rglob("*.py"):
            os.utime(file, (when, when))  # installed at another time, as pip does
    a, b = tmp_path / "a" / "tuireader", tmp_path / "b" / "tuireader"
    assert cache_module.stamp_of_code(a) == cache_module.stamp_of_code(b)
    assert cache_module.stamp_of_code(source) == cache_module.code_stamp()
    reader = b / "ingest" / "readers.py"
    reader.write_text(reader.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert cache_module.stamp_of_code(a) != cache_module.stamp_of_code(b)


def test_a_cache_file_stopped_as_it_is_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    # Ctrl-C, or a kill or a closed terminal (which stop a command as Ctrl-C does), as a
    # list's cache entry was written left `.list-….bin.PID.tmp` in the cache for good
    target = tmp_path / "cache" / "list-x.bin"

    def stopped(handle) -> None:  # type: ignore[no-untyped-def]
        handle.write(b"half of it")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        cache_module.write_private(target, stopped)
    assert list(target.parent.iterdir()) == []


def test_an_empty_query_reads_only_the_papers_it_shows(tmp_path: Path) -> None:
    """`search ''` with a limit read every paper of the entry to show the first two
    (1.4 s at 100,000 papers); the first are read alone, the same papers in order."""
    source = write_jsonl(tmp_path / "many.jsonl", many_records(60))
    whole = load_session([source], data_dir=tmp_path / "data").library
    session = load_session([source], data_dir=tmp_path / "data", lazy=True)
    lazy = session.library
    assert isinstance(lazy, cache_module.LazyLibrary)
    assert lazy.first(2) == whole.papers[:2]
    assert lazy._whole is None  # the rest of the entry not read
    result = session.engine().search("", limit=3)
    assert [hit.paper for hit in result.hits] == list(whole.papers[:3])
    assert result.total == 60
    # past a few hundred, or once read whole, as the papers are
    assert lazy.first(cache_module._FIRST_READ_ALONE + 1) == whole.papers
    assert lazy._whole is not None and lazy.first(5) == whole.papers[:5]


def test_a_library_read_whole_from_the_cache_makes_each_record_a_paper_as_it_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each paper's record is read and made a paper before the next one is read, lazily
    or not: every record read first and let go after scattered its room among the
    papers' strings (at 100,000 papers, 60 MB more resident)."""
    whole, lazy = _lazy(tmp_path)
    again = load_session([tmp_path / "many.jsonl"], data_dir=tmp_path / "data").library
    assert not isinstance(again, cache_module.LazyLibrary)
    loads, papers_in = cache_module._loads, cache_module._paper_in
    ahead: list[int] = []
    counts = {"loaded": 0, "made": 0}

    def loading(data):  # type: ignore[no-untyped-def]
        counts["loaded"] += 1
        return loads(data)

    def making(row, shared=None):  # type: ignore[no-untyped-def]
        counts["made"] += 1
        ahead.append(counts["loaded"] - counts["made"])
        return papers_in(row, shared)

    monkeypatch.setattr(cache_module, "_loads", loading)
    monkeypatch.setattr(cache_module, "_paper_in", making)
    for read in (
        lambda: load_session([tmp_path / "many.jsonl"], data_dir=tmp_path / "data").library,
        lambda: lazy,
    ):
        ahead.clear()
        assert read().papers == whole.papers
        assert len(ahead) == len(whole.papers)
        # the few sections besides the records (problems, table, lists, aliases)
        assert max(ahead) < 8


def test_a_library_read_whole_from_the_cache_never_holds_all_its_records_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records of a library entry are read a few at a time, lazily or not: the
    bytes of every one of them beside the papers made of them were the reader's peak
    (at 100,000 papers, 147 MB of bytes, twice over for a lazy library)."""
    import tracemalloc

    monkeypatch.setattr(cache_module, "BODY_CHUNK", 4 << 10, raising=False)
    # abstracts of a real list's length: the records, not their ids, are most of the entry
    records = [
        dict(record, abstract=" ".join([record["abstract"]] * 12)) for record in many_records(300)
    ]
    source = write_jsonl(tmp_path / "many.jsonl", records)
    whole = load_session([source], data_dir=tmp_path / "data").library
    lazy = load_session([source], data_dir=tmp_path / "data", lazy=True).library
    assert isinstance(lazy, cache_module.LazyLibrary) and not lazy.complete
    body = {name: length for name, length, _ in cache_module._sections(lazy._head)}["body"]
    assert body > 40 * (4 << 10)
    for read in (
        lambda: cache_module._read_library(lazy.path, lambda head: None)[1],
        lambda: lazy._everything(),
    ):
        tracemalloc.start()
        try:
            library = read()
            current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert library.papers == whole.papers
        assert peak - current < body // 2


def test_a_library_entry_is_written_without_a_copy_of_its_records_and_hands_their_room_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first read of the lists writes the library's entry: its records are written
    one after the other, never joined in one more copy of them all, and a large
    library's are handed back to the system once written (at 100,000 papers, 147 MB
    more at the peak, and 150 MB more resident after)."""
    import tracemalloc

    records = [
        dict(record, abstract=" ".join([record["abstract"]] * 12)) for record in many_records(300)
    ]
    source = write_jsonl(tmp_path / "many.jsonl", records)
    library = load_session([source], data_dir=tmp_path / "data").library
    released: list[bool] = []
    monkeypatch.setattr(cache_module, "LARGE", 100, raising=False)
    monkeypatch.setattr(
        cache_module, "release_freed_memory", lambda: released.append(True), raising=False
    )
    body = sum(len(marshal.dumps(cache_module._paper_out(paper))) for paper in library.papers)
    path = tmp_path / "entry.bin"
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        token = cache_module.write_library_entry(path, {"kind": "library"}, library, {})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert token is not None
    assert peak - before < body * 3 // 2
    assert released == [True]
    again = cache_module._read_library(path, lambda head: None)[1]
    assert again.papers == library.papers and again.lists == library.lists
