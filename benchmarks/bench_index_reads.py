"""What reading the index's segment files costs a search: per keystroke, and in memory.

Each round opens the search engine on an index already built (warm: the files in the
page cache), in a new process, and replays the searches live search sends while typing
a few queries (every prefix, the last word as a prefix), then reads the process's
resident memory (VmRSS) and its peak (VmHWM). Reported: the median per search, wall
time and CPU time (of the whole process, every thread: a busy machine disturbs it
less), and the median memory.

The index of a library up to ``index.COMPOUND_MAX`` papers is one compound segment file
per segment, whose parts are read into memory as they are opened; a larger one keeps
each part in a file of its own.

    python benchmarks/bench_index_reads.py                     # ICML 2024, 5 rounds
    python benchmarks/bench_index_reads.py --size 100000       # the synthetic corpus
    python benchmarks/bench_index_reads.py --checkout /tmp/old # beside another source tree

With ``--checkout`` (a ``git worktree`` of the commit before a change) each round runs
both trees in turn, on the same data folder. The ICML list is ``$TUIREADER_ICML`` (see
``corpus.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

QUERIES = (
    "diffusion model",
    "graph neural",
    "reinforcement learning",
    "language",
    "kernel",
    "optimization",
    "transformer attention",
    "bayesian",
)

#: run in the process timed: ``sys.argv`` is the tree, the list, the data folder
_ROUND = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import DataPaths
import tuireader

queries = json.loads(sys.argv[4])
library = load_library([Path(sys.argv[2])])
started = time.perf_counter()
engine = open_engine(library, DataPaths(Path(sys.argv[3])).ensure())
opened = time.perf_counter() - started
wall, cpu = [], []
for query in queries:
    for end in range(1, len(query) + 1):
        w, c = time.perf_counter(), time.process_time()
        engine.search(query[:end], prefix=True)
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
memory = {}
with open("/proc/self/status") as status:
    for line in status:
        if line.startswith(("VmRSS", "VmHWM")):
            memory[line.split(":")[0]] = int(line.split()[1])
print(json.dumps({"module": tuireader.__file__, "status": engine.status, "open": opened, "wall": wall, "cpu": cpu, **memory}))
"""


def _round(tree: Path, source: Path, data: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _ROUND, str(tree), str(source), str(data), json.dumps(QUERIES)],
        capture_output=True,
        text=True,
        check=True,
    )
    said = json.loads(done.stdout)
    if not Path(said["module"]).resolve().is_relative_to(tree):
        raise SystemExit(f"{tree}: tuireader was imported from {said['module']}")
    return said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=0, help="synthetic papers (0: ICML 2024)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_index_reads"
    )
    parser.add_argument("--checkout", type=Path, help="a source tree to run beside this one")
    args = parser.parse_args()
    source = corpus.corpus_source(args.size or None, args.work / "corpora")
    data = args.work / f"data-{args.size}"
    trees = {"this tree": Path(__file__).resolve().parents[1]}
    if args.checkout is not None:
        trees[str(args.checkout)] = args.checkout.resolve()
    print(f"building or checking the index of {source}…", file=sys.stderr, flush=True)
    for tree in trees.values():  # untimed: the index built, the files in the page cache
        _round(tree, source, data)
    rounds: dict[str, list[dict]] = {name: [] for name in trees}
    for turn in range(args.rounds):
        order = list(trees.items())
        for name, tree in order if turn % 2 == 0 else reversed(order):
            rounds[name].append(_round(tree, source, data))
    label = f"{args.size:,} papers" if args.size else "ICML 2024, 2,610 papers"
    searches = len(rounds[next(iter(trees))][0]["wall"])
    print(f"\n{label}: {searches} searches a round, {args.rounds} rounds, {os.cpu_count()} CPUs")
    print(f"{'tree':<28} {'open s':>7} {'wall ms':>8} {'cpu ms':>7} {'RSS MB':>7} {'peak MB':>8}")
    for name, runs in rounds.items():
        wall = statistics.median(statistics.median(r["wall"]) for r in runs) * 1000
        cpu = statistics.median(statistics.mean(r["cpu"]) for r in runs) * 1000
        opened = statistics.median(r["open"] for r in runs)
        rss = statistics.median(r.get("VmRSS", 0) for r in runs) / 1024
        peak = statistics.median(r.get("VmHWM", 0) for r in runs) / 1024
        print(f"{name[-28:]:<28} {opened:>7.2f} {wall:>8.1f} {cpu:>7.1f} {rss:>7.0f} {peak:>8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
