"""Index and live-search benchmark: real ICML 2024 catalog and a 100,000-paper corpus.

    python benchmarks/bench_search.py            # both sizes, a table at the end
    python benchmarks/bench_search.py --sizes icml

For each size, in fresh processes (so memory is each phase's own): index build time and
memory, reopen time, and per-keystroke search latency (median, p95) over ~200 queries replayed the way
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

import corpus

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
    # a compound whose "the" the index keeps no pairs of: its phrase is read in texts
    "state-of-the-art model",
]


def keystrokes() -> list[str]:
    out = []
    for phrase in PHRASES:
        out.extend(phrase[:i] for i in range(1, len(phrase) + 1) if not phrase[:i].endswith(" "))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def rss_mb() -> float:
    """Peak resident memory of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_now_mb() -> float:
    """Resident memory of this process right now."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def build_phase(size: str, workdir: Path) -> dict:
    """Load the library and build its index from nothing."""
    from tuireader.ingest.library import load_library
    from tuireader.search.engine import open_engine
    from tuireader.system.paths import resolve

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
    return {"papers": len(library), "load_s": load_s, "build_s": build_s, "build_rss_mb": rss_mb()}


def search_phase(size: str, workdir: Path) -> dict:
    """Reopen the built index and replay live search keystroke by keystroke."""
    from tuireader.ingest.library import load_library
    from tuireader.search.engine import open_engine
    from tuireader.system.paths import resolve

    n = None if size == "icml" else int(size)
    library = load_library([corpus.corpus_source(n, workdir / "corpora")])
    paths = resolve(workdir / f"data-{size}")
    t = time.perf_counter()
    engine = open_engine(library, paths)
    reopen_s = time.perf_counter() - t
    assert engine.report.written == 0, engine.report

    queries = keystrokes()
    lat = []
    for q in queries:
        t = time.perf_counter()
        result = engine.search(q, prefix=True, limit=20)
        for hit in result.hits:  # highlighting is part of the result; touch it
            _ = hit.title_spans, result.terms
        lat.append((time.perf_counter() - t) * 1000)
    worst = sorted(zip(lat, queries), reverse=True)[:3]
    peak, now = rss_mb(), rss_now_mb()

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
            with lines.open("rb") as stdin:
                t = time.perf_counter()
                subprocess.run(
                    ["fzf", "--filter", q], stdin=stdin, capture_output=True, check=False
                )
                fz.append((time.perf_counter() - t) * 1000)
        fzf = {"median_ms": statistics.median(fz), "p95_ms": pct(fz, 0.95), "queries": len(fz)}

    return {
        "reopen_s": reopen_s,
        "queries": len(queries),
        "median_ms": statistics.median(lat),
        "p95_ms": pct(lat, 0.95),
        "max_ms": max(lat),
        "worst": [(round(ms, 1), q) for ms, q in worst],
        "scan_median_ms": statistics.median(scan),
        "scan_p95_ms": pct(scan, 0.95),
        "fzf": fzf,
        "search_rss_peak_mb": peak,
        "search_rss_now_mb": now,
    }


def run_size(size: str, workdir: Path) -> dict:
    """Both phases, each in a fresh process, so each one's memory is its own."""
    out = {"size": size}
    for phase in ("build", "search"):
        proc = subprocess.run(
            [sys.executable, __file__, "--one", size, "--phase", phase, "--workdir", str(workdir)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            raise SystemExit(proc.stderr)
        out.update(json.loads(proc.stdout.strip().splitlines()[-1]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["icml", "100000"])
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--phase", choices=("build", "search"), help=argparse.SUPPRESS)
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "tuireader-bench"))
    args = parser.parse_args()
    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    if corpus.icml_path() is None:
        print(f"benchmark data not found at {corpus.ICML}; set TUIREADER_ICML", file=sys.stderr)
        return 2
    if args.one:
        phase = build_phase if args.phase == "build" else search_phase
        print(json.dumps(phase(args.one, workdir)))
        return 0
    rows = []
    for size in args.sizes:
        rows.append(run_size(size, workdir))
        print(f"done: {size}", file=sys.stderr)
    print(
        f"machine: {os.cpu_count()} cores; {rows[0]['queries']} keystroke queries per size, top 20 highlighted"
    )
    head = (
        f"{'corpus':>8} {'papers':>7} {'load s':>7} {'build s':>8} {'build MB':>9} {'reopen s':>9} "
        f"{'median ms':>10} {'p95 ms':>7} {'search MB':>10} {'(peak)':>7} "
        f"{'scan med':>9} {'scan p95':>9} {'fzf med':>8} {'fzf p95':>8}"
    )
    print(head)
    for r in rows:
        fz = r["fzf"] or {}
        print(
            f"{r['size']:>8} {r['papers']:>7} {r['load_s']:>7.2f} {r['build_s']:>8.2f} "
            f"{r['build_rss_mb']:>9.0f} {r['reopen_s']:>9.2f} {r['median_ms']:>10.1f} {r['p95_ms']:>7.1f} "
            f"{r['search_rss_now_mb']:>10.0f} {r['search_rss_peak_mb']:>7.0f} "
            f"{r['scan_median_ms']:>9.1f} {r['scan_p95_ms']:>9.1f} "
            f"{fz.get('median_ms', float('nan')):>8.1f} {fz.get('p95_ms', float('nan')):>8.1f}"
        )
    print(
        "search MB: resident after the replay (library + index + caches); (peak): highest, while loading"
    )
    for r in rows:
        print(f"slowest keystrokes at {r['size']}: {r['worst']}")
    if not any(r["fzf"] for r in rows):
        print("fzf not installed: no fzf reference column")
    return 0


if __name__ == "__main__":
    sys.exit(main())
