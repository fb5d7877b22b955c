"""benchmarks/bench_fit.py finds its lists in the data folder it is given.

It read them at ``../shared/data`` next to the checkout, and a clone elsewhere ended in a
FileNotFoundError: ``--data PATH`` and ``$TUIREADER_BENCH_DATA`` name the folder, and a
folder without the CoRL list ends the run saying where it looked.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "bench_fit.py"


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "TUIREADER_BENCH_DATA"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--no-timing", *args],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.delenv("TUIREADER_BENCH_DATA", raising=False)
    monkeypatch.delenv("TUIREADER_ICML", raising=False)
    spec = importlib.util.spec_from_file_location("bench_fit_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    corpus = sys.modules["corpus"]
    icml = corpus.ICML
    yield module
    corpus.ICML = icml


def test_a_folder_without_the_lists_is_said_not_a_traceback(tmp_path: Path):
    done = _run("--data", str(tmp_path))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert str(tmp_path / "real" / "papercopilot_corl2023.json") in done.stderr
    assert "--data" in done.stderr and "TUIREADER_BENCH_DATA" in done.stderr


def test_the_environment_names_the_folder(tmp_path: Path):
    done = _run(env={"TUIREADER_BENCH_DATA": str(tmp_path)})
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert str(tmp_path / "real" / "papercopilot_corl2023.json") in done.stderr


def test_the_option_comes_before_the_environment_and_the_default(
    bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    assert bench.data_folder(None) == SCRIPT.parent.parent.parent / "shared" / "data"
    monkeypatch.setenv("TUIREADER_BENCH_DATA", str(tmp_path / "env"))
    assert bench.data_folder(None) == tmp_path / "env"
    assert bench.data_folder(str(tmp_path / "given")) == tmp_path / "given"


def test_the_lists_are_read_from_the_folder(bench: ModuleType, tmp_path: Path):
    real = tmp_path / "real"
    real.mkdir()
    corl = real / "papercopilot_corl2023.json"
    corl.write_text(json.dumps([]), encoding="utf-8")
    bench.use_data(tmp_path)
    assert bench.CORL == corl
    assert bench.OTHER_LISTS == real
    assert sys.modules["corpus"].ICML == tmp_path / "icml2024.jsonl"


def test_the_explained_reading_is_the_one_counted(bench: ModuleType):
    """``--explain`` follows tuireader's order as the table counts it: the same papers
    looked at, and a model fitted before each batch once a paper is kept."""
    from tuireader.ingest.library import load_library
    from tuireader.learn import space_of

    fixture = Path(__file__).parent / "fixtures" / "learn" / "why_real.jsonl"
    papers = list(load_library([fixture]).papers)
    for word in ("robot", "language", "policy"):
        wanted = {p.id for p in papers if word in (p.title + " " + p.abstract).casefold()}
        assert 3 <= len(wanted) < len(papers) - 10
        looked, models = bench.traced(papers, wanted, space_of(papers))
        counted = bench.read_until(
            papers, wanted, bench.learned(bench.ours(papers, bench.DEFAULT_RECIPE))
        )
        assert len(looked) == counted
        first = next(k for k, p in enumerate(looked) if p.id in wanted)
        assert models and models[0][0] == (first // bench.BATCH + 1) * bench.BATCH
        assert [seen for seen, _ in models] == sorted({seen for seen, _ in models})
