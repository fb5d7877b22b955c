"""``tuireader show ID --json`` of an undecided paper once a model can be fitted (one keep
and two skips), the first time (no vectors kept yet: they are built from every paper) and
the next (the vectors kept in the data folder's cache are read), on the synthetic corpus
(``corpus.py``, 100,000 papers by default).

Each run is a new process; reported: wall time and CPU time (user + system, of the
process and its threads), the first run's and the next, and the ``fit`` each gave (they
are the same, and the same as ``search --sort fit --json`` gives the paper).

    python benchmarks/bench_show_fit.py [--size 100000] [--rounds 2] [--work DIR]

The data folder (the index and the lists' cache, built once: minutes at 100,000 papers)
is kept in ``WORK`` and copied for each round, without the vectors.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

ROOT = Path(__file__).resolve().parents[1]


def _tuireader(*argv: str) -> tuple[str, float, float]:
    """``tuireader argv`` in a new process: its output, wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tuireader", *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--work", type=Path, default=Path(tempfile.gettempdir()) / "tuireader-bench-show"
    )
    args = parser.parse_args()
    work: Path = args.work
    source = corpus.corpus_source(args.size, work / "corpora")
    base = work / f"data-{args.size}"
    ids_file = base / "bench-ids.json"
    if not ids_file.is_file():
        print("building the index and the lists' cache…", file=sys.stderr, flush=True)
        found, _, _ = _tuireader(
            "search", "diffusion", str(source), "--data-dir", str(base), "--json", "--limit", "4"
        )
        ids = [hit["id"] for hit in json.loads(found)["hits"]]
        _tuireader("triage", ids[0], str(source), "--state", "keep", "--data-dir", str(base))
        _tuireader("triage", *ids[1:3], str(source), "--state", "skip", "--data-dir", str(base))
        ids_file.write_text(json.dumps(ids))
    paper = json.loads(ids_file.read_text())[3]
    print(f"show {paper} --json, {args.size:,} papers, 1 keep and 2 skips, {os.cpu_count()} CPUs")
    print(f"{'round':>5} {'run':<28} {'wall s':>7} {'CPU s':>7} {'fit':>8}")
    for round_ in range(1, args.rounds + 1):
        data = work / "data-round"
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(base, data)
        for vectors in data.glob("cache/vectors*"):
            vectors.unlink()
        for name in ("first (vectors built)", "next (vectors kept)"):
            out, wall, cpu = _tuireader(
                "show", paper, str(source), "--data-dir", str(data), "--json"
            )
            fit = json.loads(out).get("fit")
            print(f"{round_:>5} {name:<28} {wall:>7.2f} {cpu:>7.2f} {fit!s:>8}")
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
