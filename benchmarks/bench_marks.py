"""Commands on a library whose papers carry many marks, whole process, warm.

A user who triages every paper of several conferences keeps thousands of marks, and every
command reads them: the marks are matched to the papers of the lists (``Store.reattach``)
and the filters (``is:kept``, ``tag:x``, ``is:new``) name thousands of papers. Each
library is ICML 2024 (or ``--size`` synthetic papers) with no mark, and with ``--marks``
of its papers kept (every tenth of them tagged, and as many again skipped); the data
folders are made once (``tuireader add`` and ``tuireader triage``, untimed), one for each
source tree compared. A command on marks as the last one left them takes what it found;
``is:kept after triage`` is run just after a paper's mark was taken off (or, with none,
one was kept), as after ``tuireader triage``, and matches them again.

    python benchmarks/bench_marks.py                          # ICML 2024, 2,000 kept
    python benchmarks/bench_marks.py --size 100000 --marks 20000
    python benchmarks/bench_marks.py --checkout /tmp/old      # beside another source tree

Each command is timed as a new process (the median of ``--rounds``): wall time and CPU
time (user + system of the child, which a busy machine disturbs less), with its bytecode
compiled as an installed copy's is (the ``.pyc`` files in ``WORK/pycache``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

COMMANDS = (
    ("search learning", ["search", "learning", "--limit", "20"]),
    ("search is:kept", ["search", "is:kept", "--limit", "20"]),
    ("search is:new", ["search", "is:new", "--limit", "20"]),
    ("search is:kept tag:t", ["search", "is:kept tag:t", "--limit", "20"]),
    ("lists", ["lists"]),
)
#: a command run just after a paper was marked or its mark taken off (untimed), as after
#: ``tuireader triage``: the marks are matched to the papers again, where a command on
#: marks as the last one left them takes what it found
AFTER_A_CHANGE = ("is:kept after triage", ["search", "is:kept", "--limit", "20"])
_FROM = (
    "import sys; sys.path.insert(0, {!r}); sys.argv[0] = 'tuireader'; "
    "from tuireader.cli import main; raise SystemExit(main())"
)


def _python(checkout: Path | None) -> list[str]:
    if checkout is None:
        return [sys.executable, "-m", "tuireader"]
    return [sys.executable, "-c", _FROM.format(str(checkout))]


#: the commands' environment: bytecode written once and read after (``main``)
ENV = dict(os.environ)


def _run(python: list[str], data: Path, argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``tuireader`` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [*python, *argv, "--data-dir", str(data)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=ENV,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _folder(work: Path, source: Path, marks: int, label: str, python: list[str]) -> Path:
    """A data folder with ``source`` added and ``marks`` papers kept (made once), by the
    tree ``python`` runs: each tree has its own, as an index one tree wrote (its papers'
    math rendered by its code) the other would write again at every switch."""
    mine = python == _python(None)
    tag = "" if mine else "-" + hashlib.sha1(" ".join(python).encode()).hexdigest()[:8]
    data = work / f"data-{label}-{marks}{tag}"
    if (data / ".made").is_file():
        return data
    print(f"making {data} (once)…", file=sys.stderr, flush=True)
    subprocess.run([*python, "add", str(source), "--data-dir", str(data)], check=True)
    if marks:
        found = subprocess.run(
            [*python, "search", "", "--json", "--limit", str(2 * marks), "--data-dir", str(data)],
            check=True,
            capture_output=True,
            text=True,
        )
        ids = [hit["id"] for hit in json.loads(found.stdout)["hits"]]
        for chosen, flags in (
            (ids[:marks], ["--state", "keep"]),
            (ids[marks : 2 * marks], ["--state", "skip"]),
            (ids[:marks:10], ["--tag", "t"]),
        ):
            for start in range(0, len(chosen), 1000):
                subprocess.run(
                    [*python, "triage", *chosen[start : start + 1000], *flags]
                    + ["--data-dir", str(data)],
                    check=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
    (data / ".made").write_text("ok\n")
    return data


def _papers(python: list[str], data: Path, rounds: int) -> list[str]:
    """A paper for each round whose mark changes (``_folder`` keeps every one of the first
    papers, and tags every tenth of them): the second of each ten."""
    found = subprocess.run(
        [*python, "search", "", "--json", "--limit", str(10 * rounds + 2), "--data-dir", str(data)],
        check=True,
        capture_output=True,
        text=True,
    )
    ids = [hit["id"] for hit in json.loads(found.stdout)["hits"]]
    return [ids[10 * round_ + 1] for round_ in range(rounds)]


def _triage(python: list[str], data: Path, argv: list[str]) -> None:
    subprocess.run(
        [*python, "triage", *argv, "--data-dir", str(data)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, help="synthetic papers (default: ICML 2024)")
    parser.add_argument("--marks", type=int, default=2000, help="papers kept (as many skipped)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_marks")
    parser.add_argument("--checkout", type=Path, help="a source tree to run beside this one")
    args = parser.parse_args()
    work = args.work
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    source = corpus.corpus_source(args.size, work / "corpora")
    label = f"{args.size}" if args.size else "icml"
    trees = {"this tree": _python(None)}
    if args.checkout is not None:
        trees[str(args.checkout)] = _python(args.checkout)
    folders = {
        (marks, tree): _folder(work, source, marks, label, python)
        for marks in (0, args.marks)
        for tree, python in trees.items()
    }
    for (_, tree), data in folders.items():  # untimed: the lists cache, the index
        _run(trees[tree], data, ["search", "learning"])
    # the papers whose mark changes before AFTER_A_CHANGE: a kept one without a tag, its
    # mark taken off (with none, one kept), another at each round
    changed = {key: _papers(trees[key[1]], data, args.rounds) for key, data in folders.items()}
    times: dict[tuple[str, int, str], list[tuple[float, float]]] = {}
    for round_ in range(args.rounds):
        for name, argv in COMMANDS:
            for (marks, tree), data in folders.items():
                times.setdefault((name, marks, tree), []).append(_run(trees[tree], data, argv))
        name, argv = AFTER_A_CHANGE
        for (marks, tree), data in folders.items():
            paper = changed[(marks, tree)][round_]
            change, back = (["new"], ["keep"]) if marks else (["keep"], ["new"])
            _triage(trees[tree], data, [paper, "--state", *change])
            times.setdefault((name, marks, tree), []).append(_run(trees[tree], data, argv))
            _triage(trees[tree], data, [paper, "--state", *back])

    papers = f"{args.size:,} synthetic papers" if args.size else "ICML 2024"
    print(f"\ntuireader commands, {papers}, {args.rounds} rounds, {os.cpu_count()} CPUs")
    print(f"{'command':<22} {'kept':>6} {'tree':<24} {'wall s':>7} {'cpu s':>7}")
    for name, _ in (*COMMANDS, AFTER_A_CHANGE):
        for marks in (0, args.marks):
            for tree in trees:
                values = times[(name, marks, tree)]
                wall = statistics.median(v[0] for v in values)
                cpu = statistics.median(v[1] for v in values)
                print(f"{name:<22} {marks:>6} {tree[-24:]:<24} {wall:>7.2f} {cpu:>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
