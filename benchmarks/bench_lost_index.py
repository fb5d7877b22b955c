"""The reader's first start after its search index is lost: first results, and quitting.

The library's lists are added to a temporary data folder, and a first (untimed) run
leaves the query ``learning`` in the search box, as a user's last session would. Then,
each round, the index folder is deleted and the reader started again in a recording
pseudo-terminal (``bench_terminal``), timed from start to:

* results: the first frame whose status line counts the query's hits ("N of M papers match");
* ready: the frame saying "index: ready";

and, in a second start with the index deleted again, from Ctrl+Q pressed ``--quit-after``
seconds into the build to the process's end ("quit"). The seconds of each round are
printed, and their medians.

    python benchmarks/bench_lost_index.py                       # the ICML papers, 3 rounds
    python benchmarks/bench_lost_index.py --lists a.bib b/ ...  # other lists
    python benchmarks/bench_lost_index.py --cmd "python -m tuireader"  # another build

On 2 CPUs busy with other work (load average 10), the 9 real lists and ICML 2024 (3,670
papers), 2 rounds: before, with the words read for a scan holding up the build (and
quitting waiting for the whole build), results 36.6 s, ready 49.6 s, quit 43.0 s; after,
the query waiting for the index two processes build (and the build stopped on quitting),
results 30.8 s, ready 30.8 s, quit 2.0 s.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus
from bench_terminal import Terminal, _env, listed

QUERY = "learning"
MATCH = re.compile(r"[\d,]+(/| of )[\d,]+ (papers )?match")


def _matched(lines: list[str]) -> bool:
    return any(MATCH.search(line) for line in lines)


def _ready(lines: list[str]) -> bool:
    return any("index: ready" in line for line in lines)


def _start(cmd: list[str], home: Path) -> Terminal:
    shutil.rmtree(home / "index", ignore_errors=True)
    return Terminal(cmd, _env(TUIREADER_HOME=str(home)))


def first_run(cmd: list[str], home: Path) -> None:
    """Build the index once and leave the query in the box for the next starts."""
    term = Terminal(cmd, _env(TUIREADER_HOME=str(home)))
    try:
        term.wait_for(listed, 300)
        term.wait_for(_ready, 600)
        term.send(QUERY)
        term.wait_for(_matched, 60)
        term.send(b"\x11")  # ctrl+q
        term.process.wait(timeout=120)
    finally:
        term.close()


def results_round(cmd: list[str], home: Path) -> tuple[float, float]:
    term = _start(cmd, home)
    try:
        results = term.wait_for(_matched, 600) - term.started
        ready = term.wait_for(_ready, 600) - term.started
        term.send(b"\x11")
        term.process.wait(timeout=120)
        return results, ready
    finally:
        term.close()


def quit_round(cmd: list[str], home: Path, after: float) -> float:
    term = _start(cmd, home)
    try:
        term.wait_for(listed, 300)
        time.sleep(max(0.0, after - (time.perf_counter() - term.started)))
        pressed = term.send(b"\x11")
        term.process.wait(timeout=300)
        return time.perf_counter() - pressed
    finally:
        term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="*", help="the lists to add (default: ICML 2024)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quit-after", type=float, default=6.0, help="seconds into the start")
    parser.add_argument("--cmd", default="tuireader", help="the reader's command line")
    args = parser.parse_args()
    lists = args.lists or [str(corpus.icml_path())]
    cmd = shlex.split(args.cmd)
    with tempfile.TemporaryDirectory(prefix="bench_lost_index-") as folder:
        home = Path(folder) / "home"
        env = {**os.environ, "TUIREADER_HOME": str(home)}
        subprocess.run([*cmd, "add", *lists], env=env, check=True, capture_output=True)
        first_run(cmd, home)
        rows = []
        for round_ in range(1, args.rounds + 1):
            results, ready = results_round(cmd, home)
            quit_ = quit_round(cmd, home, args.quit_after)
            rows.append((results, ready, quit_))
            print(
                f"round {round_}: results {results:.1f} s  ready {ready:.1f} s  quit {quit_:.1f} s"
            )
        if index_left := list(home.glob("index.new-*")):
            print(f"left behind: {', '.join(p.name for p in index_left)}")
    med = [statistics.median(column) for column in zip(*rows)]
    print(f"median:  results {med[0]:.1f} s  ready {med[1]:.1f} s  quit {med[2]:.1f} s")


if __name__ == "__main__":
    main()
