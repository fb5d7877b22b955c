"""``tuireader search`` from what is known: papers read from the cache one by one, an index
found current before opened as it is. It must answer exactly as the full path does, and
fall back to it whenever an input, the cache or the index changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.cli import main
from tuireader.ingest import cache as cache_module
from tuireader.search import snapshot

QUERIES = [
    "diffusion",
    "privacy",
    "diffusion -bayesian",
    '"neural networks"',
    "privacy OR graphs",
    "difusion",  # "did you mean"
    "sort:list diffusion",
    "title:diffusion",
    "is:kept",
    "is:new diffusion",
    "nothing-matches-this",
]


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the quick parts answered: lazy libraries opened, snapshots used."""
    counts = {"library": 0, "index": 0}
    open_library, open_checked = cache_module.Cache.open_library, snapshot.open_checked

    def counting_library(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        found = open_library(self, *args, **kwargs)
        counts["library"] += found is not None
        return found

    def counting_index(*args, **kwargs):  # type: ignore[no-untyped-def]
        found = open_checked(*args, **kwargs)
        counts["index"] += found is not None
        return found

    monkeypatch.setattr(cache_module.Cache, "open_library", counting_library)
    monkeypatch.setattr(snapshot, "open_checked", counting_index)
    return counts


def _lists(tmp_path: Path) -> list[Path]:
    a = write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS)
    b = write_jsonl(tmp_path / "lists" / "b.jsonl", many_records(30))
    return [a, b]


def _search(capsys, data: Path, sources, query: str, *extra: str) -> tuple[int, str, str]:
    code = main(["search", query, *map(str, sources), "--data-dir", str(data), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def _full(capsys, monkeypatch, data, sources, query, *extra):  # type: ignore[no-untyped-def]
    """The answer of the full path: every paper loaded, the index checked paper by paper."""
    with monkeypatch.context() as patch:
        patch.setattr(cache_module.Cache, "open_library", lambda *a, **k: None)
        patch.setattr(snapshot, "open_checked", lambda *a, **k: None)
        patch.setattr(snapshot, "save", lambda *a, **k: False)
        return _search(capsys, data, sources, query, *extra)


def _mark(capsys, data: Path, sources, query: str, state: str) -> None:
    _code, out, _ = _search(capsys, data, sources, query, "--json", "--limit", "2")
    ids = [hit["id"] for hit in json.loads(out)["hits"]]
    assert ids
    main(["triage", *ids, *map(str, sources), "--state", state, "--data-dir", str(data)])
    capsys.readouterr()


@pytest.mark.parametrize("extra", [(), ("--json",), ("--json", "--sort", "list", "--limit", "3")])
def test_the_quick_path_answers_as_the_full_path(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, used: dict[str, int], extra
) -> None:
    sources = _lists(tmp_path)
    data = tmp_path / "data"
    _search(capsys, data, sources, "privacy")  # builds the index, the cache, the snapshot
    _mark(capsys, data, sources, "graphs", "keep")
    for query in QUERIES:
        before = dict(used)
        quick = _search(capsys, data, sources, query, *extra)
        assert used["library"] == before["library"] + 1, query
        assert used["index"] == before["index"] + 1, query
        assert quick == _full(capsys, monkeypatch, data, sources, query, *extra), query
    # the fixture's answers are not empty: the comparison compares something
    totals = {
        query: json.loads(_search(capsys, data, sources, query, "--json")[1])["total"]
        for query in QUERIES
    }
    assert totals["is:kept"] == 2 and totals["nothing-matches-this"] == 0
    assert all(totals[query] >= 2 for query in QUERIES[:5]), totals
    _, _, err = _search(capsys, data, sources, "difusion")
    assert "did you mean: diffusion" in err


def test_a_changed_list_falls_back_to_reading_it(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, used: dict[str, int]
) -> None:
    sources = _lists(tmp_path)
    data = tmp_path / "data"
    _search(capsys, data, sources, "privacy")
    _search(capsys, data, sources, "privacy")
    assert used["library"] == 1 and used["index"] == 1
    records = many_records(30)
    records.append(
        {"title": "Zebrafish swimming kinematics", "abstract": "Zebrafish swim; we film them."}
    )
    write_jsonl(sources[1], records)
    code, out, err = _search(capsys, data, sources, "zebrafish", "--json")
    assert used["library"] == 1  # the cache could not answer for the changed file
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == [
        "Zebrafish swimming kinematics"
    ]
    assert (code, out, err) == _full(capsys, monkeypatch, data, sources, "zebrafish", "--json")
    # and once read again, the quick path is back, with the new paper
    assert _search(capsys, data, sources, "zebrafish", "--json")[1] == out
    assert used["library"] == 2 and used["index"] == 2


def test_a_deleted_list_falls_back(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, used: dict[str, int]
) -> None:
    sources = _lists(tmp_path)
    data = tmp_path / "data"
    _search(capsys, data, sources, "privacy")
    sources[1].unlink()
    quick = _search(capsys, data, sources, "diffusion", "--json")
    assert used["library"] == 0
    assert quick == _full(capsys, monkeypatch, data, sources, "diffusion", "--json")
    assert "b.jsonl" in quick[2]  # the missing list is said


def test_a_folder_with_a_new_list_falls_back(tmp_path: Path, capsys, used: dict[str, int]) -> None:
    _lists(tmp_path)
    folder = tmp_path / "lists"
    data = tmp_path / "data"
    _search(capsys, data, [folder], "privacy")
    write_jsonl(folder / "c.jsonl", [{"title": "Okapi", "abstract": "The okapi is shy."}])
    code, out, _ = _search(capsys, data, [folder], "okapi", "--json")
    assert used["library"] == 0
    assert code == 0 and json.loads(out)["total"] == 1


def test_a_damaged_paper_record_is_read_again_with_one_message(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, used: dict[str, int]
) -> None:
    sources = _lists(tmp_path)
    data = tmp_path / "data"
    _, expected, _ = _search(capsys, data, sources, "diffusion", "--json")
    (entry,) = (data / "cache").glob("library-*.bin")
    # a byte of the record of the last paper shown: only a read of that paper sees it
    shown = json.loads(expected)["hits"][-1]["id"]
    opened = cache_module.LazyLibrary.open(entry, lambda head: None)
    at = opened.ids.index(shown)
    where = opened._body_start + opened._offsets[at] + 7
    opened.close()
    raw = bytearray(entry.read_bytes())
    raw[where] ^= 0x55
    entry.write_bytes(bytes(raw))
    _code, out, err = _search(capsys, data, sources, "diffusion", "--json")
    assert used["library"] == 1
    assert out == expected
    assert err.count("could not be used") == 1 and "damaged" in err
    # rebuilt: quiet again
    _code, out, err = _search(capsys, data, sources, "diffusion", "--json")
    assert out == expected and "cache" not in err


def test_another_library_in_the_same_data_folder_invalidates_the_snapshot(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, used: dict[str, int]
) -> None:
    sources = _lists(tmp_path)
    other = write_jsonl(tmp_path / "other.jsonl", many_records(12, "other"))
    data = tmp_path / "data"
    _search(capsys, data, sources, "diffusion")
    _search(capsys, data, [other], "diffusion")  # writes the other list's papers in the index
    assert used["index"] == 0
    quick = _search(capsys, data, sources, "diffusion", "--json")
    assert used["index"] == 0  # the index changed since the snapshot: checked the full way
    assert quick == _full(capsys, monkeypatch, data, sources, "diffusion", "--json")
    again = _search(capsys, data, sources, "diffusion", "--json")
    assert used["index"] == 1 and again == quick
    # the other list's papers stay in the index, and never show
    ids = {hit["id"] for hit in json.loads(again[1])["hits"]}
    _, theirs, _ = _search(capsys, data, [other], "diffusion", "--json")
    assert not ids & {hit["id"] for hit in json.loads(theirs)["hits"]}


def test_a_word_found_only_in_another_list_is_never_suggested(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index of a data folder keeps every list's papers; "did you mean" offers only
    what finds papers of the lists open."""
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    theirs = write_jsonl(
        tmp_path / "theirs.jsonl",
        [
            {"title": f"Zebrafish larvae study {n}", "abstract": "Zebrafish larvae swim."}
            for n in range(4)
        ],
    )
    data = tmp_path / "data"
    _search(capsys, data, [theirs], "zebrafish")  # their papers written in the index
    _search(capsys, data, [mine], "privacy")  # and mine beside them
    # the control: in their list the misspelling is corrected
    assert "did you mean: zebrafish" in _search(capsys, data, [theirs], "zebrafsh")[2]
    for _ in range(2):  # the first search checks the index, the second opens it as known
        code, out, err = _search(capsys, data, [mine], "zebrafsh")
        assert code == 1 and out == "" and "did you mean" not in err
        assert (code, out, err) == _full(capsys, monkeypatch, data, [mine], "zebrafsh")
    # while a word of my list still is
    assert "did you mean: diffusion" in _search(capsys, data, [mine], "difusion")[2]


def test_a_warm_search_imports_only_what_it_needs(tmp_path: Path, capsys) -> None:
    """With the cache and the index current, a search reads no list: the readers, the
    catalogs (rapidfuzz), TOML and the citations are not imported, and a query of ASCII
    words compiles none of the CJK patterns."""
    import os
    import subprocess
    import sys

    sources = _lists(tmp_path)
    data = tmp_path / "data"
    args = ["search", "diffusion", *map(str, sources), "--data-dir", str(data)]
    _search(capsys, data, sources, "privacy")
    _search(capsys, data, sources, "privacy")
    code = f"""
import sys, contextlib, io
from tuireader.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    main({args!r})
from tuireader.search import analysis
print(out.getvalue())
print(sorted(name for name in ("tuireader.ingest.library", "tuireader.ingest.readers",
    "tuireader.ingest.catalog", "rapidfuzz", "tomllib", "tuireader.render.citations",
    "textual") if name in sys.modules))
print(analysis._SPLIT._compiled is None and analysis._IS_CJK._compiled is None)
"""
    root = Path(__file__).resolve().parents[1]
    ran = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    found, imported, lazy = ran.stdout.rsplit("\n", 3)[:3]
    main(args)
    expected = capsys.readouterr().out
    assert found.count("\n") >= 2 and found.strip() == expected.strip()
    assert imported == "[]"
    assert lazy == "True"


def test_a_warm_search_with_marks_imports_no_fuzzy_matcher_nor_bibtex_reader(
    tmp_path: Path, capsys
) -> None:
    """Marks are matched to the papers of the lists on every command, by their titles'
    keys among others: any mark made each command import the catalogs' fuzzy matcher
    (rapidfuzz, 13 ms), which only a missing mark needs, and a mark on a paper whose
    title holds TeX ("$\\ell_1$") the BibTeX reader and the citations (60 ms)."""
    import os
    import subprocess
    import sys

    records = [{**RECORDS[0], "title": "Mixtures of {G}aussian Processes with $\\ell_1$ penalties"}]
    sources = [
        write_jsonl(tmp_path / "lists" / "tex.jsonl", records + RECORDS[1:]),
        *_lists(tmp_path)[1:],
    ]
    data = tmp_path / "data"
    _mark(capsys, data, sources, "Gaussian", "kept")
    _mark(capsys, data, sources, "privacy", "skipped")
    args = ["search", "is:kept", *map(str, sources), "--data-dir", str(data)]
    _search(capsys, data, sources, "privacy")
    code = f"""
import sys, contextlib, io
from tuireader.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    main({args!r})
print(out.getvalue())
print(sorted(name for name in ("rapidfuzz", "tuireader.ingest.formats.bibtex",
    "tuireader.render.citations") if name in sys.modules))
"""
    root = Path(__file__).resolve().parents[1]
    ran = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    found, imported = ran.stdout.rstrip("\n").rsplit("\n", 1)
    assert "Mixtures of Gaussian Processes with" in found
    assert imported == "[]"


def test_the_readers_way_reads_an_unchanged_library_without_the_list_readers(
    tmp_path: Path,
) -> None:
    """The reader loads the whole library (not paper by paper); unchanged lists come from
    the cache without importing the readers, their formats or the catalogs."""
    import os
    import subprocess
    import sys

    sources = _lists(tmp_path)
    data = tmp_path / "data"
    code = f"""
import sys
from tuireader.system.paths import resolve
from tuireader.ui.app import core_services
services = core_services({list(map(str, sources))!r}, resolve({str(data)!r}))
print(len(services.load_library().papers))
print(sorted(name for name in ("tuireader.ingest.library", "tuireader.ingest.readers",
    "tuireader.ingest.catalog", "tuireader.ingest.formats", "rapidfuzz") if name in sys.modules))
"""
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            check=False,
            capture_output=True,
            text=True,
            cwd=root,
            env=env,
        )
        for _ in range(2)
    ]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr
    first, second = (run.stdout.splitlines() for run in runs)
    assert first[0] == second[0] and int(first[0]) > 0  # the same papers
    assert first[1] != "[]"  # the first start read the lists
    assert second[1] == "[]"  # the second took them from the cache
