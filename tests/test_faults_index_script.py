"""benchmarks/faults_index.py: what a trial's search answered, and why it did not.

A trial whose search failed said "total None, want 532" and nothing of what the command
said; one that found nothing said None too, though the command answered 0."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from script_util import benchmark_script


@pytest.fixture(scope="module")
def faults() -> Iterator[ModuleType]:
    with benchmark_script("faults_index") as module:
        yield module


def _answering(monkeypatch, faults, code: int, total: int, err: str) -> None:  # type: ignore[no-untyped-def]
    out = json.dumps({"query": faults.QUERY, "total": total, "hits": []})

    def tui(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(["tuireader", *args], code, out, err)

    monkeypatch.setattr(faults, "tui", tui)


def test_a_failed_search_is_said_with_what_the_command_said(faults, monkeypatch, tmp_path):
    said = "tuireader: unexpected error (TypeError: 'NoneType' object is not subscriptable)"
    _answering(monkeypatch, faults, 2, 0, said + "\n")
    problems = faults.check_search(tmp_path / "data", tmp_path / "list.jsonl", 532)
    assert problems == [f"total None, want 532 ({said})"]


def test_a_search_that_finds_nothing_gives_its_total(faults, monkeypatch, tmp_path):
    _answering(monkeypatch, faults, 1, 0, "tuireader: no papers match 'neural'\n")
    assert faults.search(tmp_path / "data", tmp_path / "list.jsonl")[0] == 0
    problems = faults.check_search(tmp_path / "data", tmp_path / "list.jsonl", 532)
    assert problems == ["total 0, want 532 (tuireader: no papers match 'neural')"]
