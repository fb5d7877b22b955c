"""Two programs on one data folder (a pip install and a checkout of another version, used
in turn): each keeps its own cache entries, so neither reads the lists again nor says the
cache could not be used at each switch; and the cache keeps the entries of two programs
at most, so a checkout whose code is edited again and again does not fill the disk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.ingest import cache as cache_module
from tuireader.ingest import library as library_module
from tuireader.session import load_session


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


def _as_program(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """Run as the program whose reading code has the stamp ``code``."""
    monkeypatch.setattr(cache_module, "_STAMP", code)
    monkeypatch.setattr(cache_module, "_TAG", None)


def _lists(tmp_path: Path) -> list[Path]:
    return [
        write_jsonl(tmp_path / "lists" / "a.jsonl", RECORDS),
        write_jsonl(tmp_path / "lists" / "b.jsonl", many_records(20)),
    ]


def _cache_notes(session) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.message for p in session.problems if "cache" in p.message]


@pytest.mark.parametrize("lazy", [False, True])
def test_two_programs_in_turn_read_the_lists_once_each(
    tmp_path: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch, lazy: bool
) -> None:
    sources, data = _lists(tmp_path), tmp_path / "data"
    for program in ("installed", "checkout"):
        _as_program(monkeypatch, program)
        assert _cache_notes(load_session(sources, data_dir=data, lazy=lazy)) == []
    assert sorted(reads) == ["a.jsonl", "a.jsonl", "b.jsonl", "b.jsonl"]
    reads.clear()
    for program in ("installed", "checkout", "installed", "checkout"):
        _as_program(monkeypatch, program)
        session = load_session(sources, data_dir=data, lazy=lazy)
        assert _cache_notes(session) == []
        assert len(session.library) == len(RECORDS) + 20
    assert reads == []


def _programs(folder: Path) -> set[str]:
    return {entry.stem.rsplit("-", 1)[1] for entry in folder.glob("*.bin")}


def test_the_cache_keeps_two_programs_entries_at_most(
    tmp_path: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sources, data = _lists(tmp_path), tmp_path / "data"
    tags = []
    for when, program in enumerate(("first", "second", "third")):
        _as_program(monkeypatch, program)
        load_session(sources, data_dir=data)
        tags.append(cache_module.program_tag())
        for entry in (data / "cache").glob(f"*-{tags[-1]}.bin"):
            os.utime(entry, ns=(when * 10**9, when * 10**9))  # written in this order
    # the first program's entries made way for the third's
    assert _programs(data / "cache") == {tags[1], tags[2]}
    assert len(list((data / "cache").glob("*.bin"))) == 2 * 3  # two lists and a library
    # and the second's are still used
    _as_program(monkeypatch, "second")
    reads.clear()
    load_session(sources, data_dir=data)
    assert reads == []


def test_entries_named_before_programs_had_their_own_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources, data = _lists(tmp_path), tmp_path / "data"
    load_session(sources, data_dir=data)
    for entry in (data / "cache").glob("*.bin"):  # as an earlier version named them
        kind, digest, _tag = entry.stem.split("-")
        entry.rename(entry.with_name(f"{kind}-{digest}.bin"))
    _as_program(monkeypatch, "another")
    load_session(sources, data_dir=data)
    assert _programs(data / "cache") == {cache_module.program_tag()}
