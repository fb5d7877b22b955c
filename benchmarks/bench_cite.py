"""``tuireader cite ID`` right after ``add``, first and second run, whole process.

``add`` caches the whole library (an older tree leaves that to the first command after
it, which reads the lists from the cache of each list ``add`` wrote); the first ``cite``
works out the cited paper's key among the papers whose keys could meet it, and keeps
what each paper's key begins with for the next cite. Each round copies a data
folder as ``add`` left it (made once per tree and size, untimed), then times two cites
of the same paper in it, wall time and CPU time (user + system of the child, which a
busy machine disturbs less), and checks that both print the same.

    python benchmarks/bench_cite.py                         # 2.6k (ICML 2024) and 100k
    python benchmarks/bench_cite.py --sizes 0 --rounds 5    # 2.6k only (0: the real file)
    python benchmarks/bench_cite.py --checkout /tmp/old     # beside another source tree

With ``--checkout`` (say, a ``git worktree`` of the commit before a change) each round
runs both trees in turn, each in its own copy of its own data folder, and the table says
whether the two printed the same citations. Making the 100,000-paper data folder (``add``)
takes a few minutes per tree.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

_FROM = (
    "import sys; sys.path.insert(0, {!r}); sys.argv[0] = 'tuireader'; "
    "from tuireader.cli import main; raise SystemExit(main())"
)
#: prints the id of every 997th paper of the library of the data folder given, read
#: as ``cite`` reads it
_IDS = (
    "import sys; sys.path.insert(0, {!r}); from tuireader import cli; "
    "args = cli._parse(cli.build_parser(), ['cite', 'x', '--data-dir', sys.argv[1]]); "
    "args.sources = []; ids = cli._session(args, lazy=True).library.paper_ids(); "
    "print('\\n'.join(ids[::997]))"
)


def _python(checkout: Path | None) -> list[str]:
    tree = checkout if checkout is not None else corpus.ROOT
    return [sys.executable, "-c", _FROM.format(str(tree))]


def _run(command: list[str]) -> tuple[float, float, bytes]:
    """Wall and CPU seconds ``command`` takes, and what it prints."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def _added(python: list[str], source: Path, folder: Path) -> Path:
    """A data folder of ``source`` as ``add`` leaves it (made once)."""
    if not (folder / ".added").is_file():
        shutil.rmtree(folder, ignore_errors=True)
        print(f"adding {source} to {folder} (once)…", file=sys.stderr, flush=True)
        subprocess.run(
            [*python, "add", str(source), "--data-dir", str(folder)],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        (folder / ".added").write_text("ok\n")
    return folder


def _paper_ids(tree: Path, added: Path, scratch: Path) -> list[str]:
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(added, scratch)
    out = subprocess.run(
        [sys.executable, "-c", _IDS.format(str(tree)), str(scratch)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shutil.rmtree(scratch, ignore_errors=True)
    return out.split()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="*", default=[0, 100_000], help="0: the real file (2,610)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_cite")
    parser.add_argument("--checkout", type=Path, help="a source tree to run beside this one")
    args = parser.parse_args()
    work: Path = args.work
    trees = {"this tree": corpus.ROOT}
    if args.checkout is not None:
        trees[str(args.checkout)] = args.checkout.resolve()
    rows = []
    for size in args.sizes:
        source = corpus.corpus_source(size or None, work / "corpora")
        label = f"{size:,}" if size else "2,610 (ICML)"
        added = {
            name: _added(_python(tree), source, work / f"added-{size}-{number}")
            for number, (name, tree) in enumerate(trees.items())
        }
        ids = _paper_ids(corpus.ROOT, added["this tree"], work / "scratch")
        times: dict[tuple[str, int], list[tuple[float, float]]] = {}
        printed: dict[str, list[bytes]] = {}
        for number in range(args.rounds):
            paper_id = ids[number % len(ids)]
            for name, tree in trees.items():
                folder = work / "round"
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(added[name], folder)
                command = [*_python(tree), "cite", paper_id, "--data-dir", str(folder)]
                outs = []
                for run in (1, 2):
                    wall, cpu, out = _run(command)
                    times.setdefault((name, run), []).append((wall, cpu))
                    outs.append(out)
                if outs[0] != outs[1]:
                    print(f"{name}: the second cite of {paper_id} printed otherwise", flush=True)
                printed.setdefault(name, []).append(outs[0])
        for name in trees:
            for run in (1, 2):
                walls = [wall for wall, _cpu in times[(name, run)]]
                cpus = [cpu for _wall, cpu in times[(name, run)]]
                rows.append(
                    (label, name, "first" if run == 1 else "second", walls, statistics.median(cpus))
                )
        if len(trees) == 2:
            same = len({tuple(outs) for outs in printed.values()}) == 1
            rows.append((label, "same output", "yes" if same else "NO", [], 0.0))
    print(f"\ntuireader cite ID after add, {args.rounds} rounds, {os.cpu_count()} CPUs")
    print(f"{'papers':<14} {'tree':<30} {'cite':<7} {'median s':>9} {'min s':>7} {'CPU s':>7}")
    for label, name, run, walls, cpu in rows:
        if not walls:
            print(f"{label:<14} {name:<30} {run}")
            continue
        median, least = statistics.median(walls), min(walls)
        print(f"{label:<14} {name[-30:]:<30} {run:<7} {median:>9.2f} {least:>7.2f} {cpu:>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
