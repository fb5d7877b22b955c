"""Index and live-search benchmark: real ICML 2024 catalog and a 100,000-paper corpus.

    python benchmarks/bench_search.py            # both sizes, a table at the end
    python benchmarks/bench_search.py --sizes icml

For each size, in a fresh process (so memory is its own): index build time, reopen
time, and per-keystroke search latency (median, p95) over ~200 queries replayed the way
live search sends them — every prefix of a few realistic queries, last word as prefix —
including highlighting of the top 20 hits. As references on the same texts: a plain
Python substring scan and ``fzf --filter`` (when fzf is installed).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

PHRASES = [
    "diffusion models",
    "graph neural network",
    "reinforcement learning",
    "large language model",
    "bayesian optimization",
    "differential privacy",
    "federated learning",
    "contrastive learning",
    "causal inference",
    "in-context learning",
    "adversarial robustness",
    "transformer attention",
    "time series",
    "offline rl",
]


def keystrokes() -> list[str]:
    out = []
    for phrase in PHRASES:
        out.extend(phrase[:i] for i in range(1, len(phrase) + 1) if not phrase[:i].endswith(" "))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_size(size: str, workdir: Path) -> dict:
    from tuireader.library import load_library
    from tuireader.paths import resolve
    from tuireader.search import open_engine

    n = None if size == "icml" else int(size)
    source = corpus.corpus_source(n, workdir / "corpora")
    t = time.perf_counter()
    library = load_library([source])
    load_s = time.perf_counter() - t
    paths = resolve(workdir / f"data-{size}")
    shutil.rmtree(paths.root, ignore_errors=True)

    t = time.perf_counter()
    engine = open_engine(library, paths)
    build_s = time.perf_counter() - t
    engine.close()
    t = time.perf_counter()
    engine = open_engine(library, paths)
    reopen_s = time.perf_counter() - t
    assert engine.report.written == 0, engine.report

    queries = keystrokes()
    for q in queries[:20]:  # warm caches the way a first few keystrokes would
        engine.search(q, prefix=True, limit=20)
    lat = []
    for q in queries:
        t = time.perf_counter()
        result = engine.search(q, prefix=True, limit=20)
        for hit in result.hits:  # highlighting is part of the result; touch it
            _ = hit.title_spans, hit.fragments
        lat.append((time.perf_counter() - t) * 1000)
    worst = sorted(zip(lat, queries), reverse=True)[:3]

    texts = [f"{p.title} {p.abstract}".lower() for p in library.papers]
    scan = []
    for q in queries:
        words = q.lower().split()
        t = time.perf_counter()
        found = [i for i, text in enumerate(texts) if all(w in text for w in words)]
        _ = found[:20]
        scan.append((time.perf_counter() - t) * 1000)

    fzf = None
    if shutil.which("fzf"):
        lines = workdir / f"lines-{size}.txt"
        lines.write_text("\n".join(t.replace("\n", " ") for t in texts), encoding="utf-8")
        fz = []
        for q in queries[::5]:
            t = time.perf_counter()
            subprocess.run(["fzf", "--filter", q], stdin=lines.open("rb"), capture_output=True)
            fz.append((time.perf_counter() - t) * 1000)
        fzf = {"median_ms": statistics.median(fz), "p95_ms": pct(fz, 0.95), "queries": len(fz)}

    return {
        "size": size,
        "papers": len(library),
        "load_s": load_s,
        "build_s": build_s,
        "reopen_s": reopen_s,
        "queries": len(queries),
        "median_ms": statistics.median(lat),
        "p95_ms": pct(lat, 0.95),
        "max_ms": max(lat),
        "worst": [(round(ms, 1), q) for ms, q in worst],
        "scan_median_ms": statistics.median(scan),
        "scan_p95_ms": pct(scan, 0.95),
        "fzf": fzf,
        "rss_mb": rss_mb(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["icml", "100000"])
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "tuireader-bench"))
    args = parser.parse_args()
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    if corpus.icml_path() is None:
        print(f"benchmark data not found at {corpus.ICML}; set TUIREADER_ICML", file=sys.stderr)
        return 2
    if args.one:
        print(json.dumps(run_size(args.one, workdir)))
        return 0
    rows = []
    for size in args.sizes:
        proc = subprocess.run(
            [sys.executable, __file__, "--one", size, "--workdir", str(workdir)],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            return 1
        rows.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(f"done: {size}", file=sys.stderr)
    print(f"machine: {os.cpu_count()} cores; {rows[0]['queries']} keystroke queries per size, top 20 highlighted")
    head = f"{'corpus':>8} {'papers':>7} {'load s':>7} {'build s':>8} {'reopen s':>9} {'median ms':>10} {'p95 ms':>7} {'scan med':>9} {'scan p95':>9} {'fzf med':>8} {'fzf p95':>8} {'RSS MB':>7}"
    print(head)
    for r in rows:
        fz = r["fzf"] or {}
        print(
            f"{r['size']:>8} {r['papers']:>7} {r['load_s']:>7.2f} {r['build_s']:>8.2f} {r['reopen_s']:>9.2f} "
            f"{r['median_ms']:>10.1f} {r['p95_ms']:>7.1f} {r['scan_median_ms']:>9.1f} {r['scan_p95_ms']:>9.1f} "
            f"{fz.get('median_ms', float('nan')):>8.1f} {fz.get('p95_ms', float('nan')):>8.1f} {r['rss_mb']:>7.0f}"
        )
    for r in rows:
        print(f"slowest keystrokes at {r['size']}: {r['worst']}")
    if not any(r["fzf"] for r in rows):
        print("fzf not installed: no fzf reference column")
    return 0


if __name__ == "__main__":
    sys.exit(main())
