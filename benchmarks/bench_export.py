"""``tuireader export`` of a large library, each format, whole process, warm.

The library is the synthetic corpus (``corpus.py``) cut down to what no identifier names:
each record's title, authors and abstract, no link, DOI or year, so that every paper is
known by its title and first author; every 5,000th record is given a twin (the same
title and first author, another abstract), which the CSV export tells apart by its
abstract. The data folder is made once (``tuireader add``, untimed) and every format
exported once untimed (the lists cache written, the files in the page cache).

    python benchmarks/bench_export.py                        # 100,000 papers, 3 rounds
    python benchmarks/bench_export.py --formats csv json     # some formats
    python benchmarks/bench_export.py --checkout /tmp/old    # beside another source tree
    python benchmarks/bench_export.py --profile csv          # cProfile of one export

With ``--checkout`` (say, a ``git worktree`` of the commit before a change) each round
runs both trees in turn, on the same data folder, and the table says whether the two
wrote the same bytes. Each export is timed as wall time and as CPU time (user + system
of the child process, which a busy machine disturbs less).
"""

from __future__ import annotations

import argparse
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

FORMATS = ("csv", "json", "bibtex", "markdown", "urls")
SUFFIXES = {"csv": "csv", "json": "json", "bibtex": "bib", "markdown": "md", "urls": "txt"}
_FROM = (
    "import sys; sys.path.insert(0, {!r}); sys.argv[0] = 'tuireader'; "
    "from tuireader.cli import main; raise SystemExit(main())"
)
#: one record in this many gets a twin
TWIN_EVERY = 5000


def unnamed_source(n: int, folder: Path, per_file: int = 10_000) -> Path:
    """A folder of ``n`` synthetic papers (and their twins) that no identifier names,
    as JSON files of ``per_file`` records each (below the reader's per-file limit)."""
    target = folder / f"unnamed-{n}"
    if (target / ".complete").is_file():
        return target
    records = [
        {"title": r["title"], "authors": r["authors"], "abstract": r["abstract"]}
        for r in corpus.synthetic_records(corpus.load_records(), n)
    ]
    target.mkdir(parents=True, exist_ok=True)
    for start in range(0, n, per_file):
        part = records[start : start + per_file]
        part += [
            {**record, "authors": record["authors"][:1], "abstract": record["abstract"] + " Twin."}
            for record in part[::TWIN_EVERY]
        ]
        path = target / f"part-{start // per_file:03d}.json"
        path.write_text(json.dumps(part, ensure_ascii=False), encoding="utf-8")
    (target / ".complete").write_text("ok\n")
    return target


def _python(checkout: Path | None) -> list[str]:
    if checkout is None:
        return [sys.executable, "-m", "tuireader"]
    return [sys.executable, "-c", _FROM.format(str(checkout))]


def _export(python: list[str], data: Path, fmt: str, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds ``tuireader export --format fmt -o out`` takes."""
    command = [*python, "export", "--format", fmt, "-o", str(out), "--data-dir", str(data)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--formats", nargs="*", default=list(FORMATS), choices=FORMATS)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_export")
    parser.add_argument("--checkout", type=Path, help="a source tree to run beside this one")
    parser.add_argument("--profile", choices=FORMATS, help="profile one export of this format")
    args = parser.parse_args()
    work = args.work
    data = work / f"data-{args.size}"
    if not (data / ".added").is_file():
        source = unnamed_source(args.size, work / "corpora")
        print(f"adding {source} to {data} (once)…", file=sys.stderr, flush=True)
        subprocess.run([*_python(None), "add", str(source), "--data-dir", str(data)], check=True)
        (data / ".added").write_text("ok\n")

    if args.profile:
        out = work / f"profile-{args.profile}.prof"
        python = [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "tuireader"]
        env = {**os.environ, "PYTHONPATH": str(args.checkout)} if args.checkout else None
        target = work / f"profiled.{SUFFIXES[args.profile]}"
        command = ["export", "--format", args.profile, "-o", str(target), "--data-dir", str(data)]
        subprocess.run([*python, *command], stderr=subprocess.DEVNULL, env=env, check=True)
        import pstats

        pstats.Stats(str(out)).sort_stats("cumulative").print_stats(30)
        return 0

    trees = {"this tree": _python(None)}
    if args.checkout is not None:
        trees[str(args.checkout)] = _python(args.checkout)
    for fmt in args.formats:  # untimed: the lists cache, the page cache
        _export(trees["this tree"], data, fmt, work / f"warm.{SUFFIXES[fmt]}")
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for fmt in args.formats:
            for number, (name, python) in enumerate(trees.items()):
                out = work / f"out-{number}.{SUFFIXES[fmt]}"
                times.setdefault((fmt, name), []).append(_export(python, data, fmt, out))

    print(f"\ntuireader export, {args.size:,} papers, {args.rounds} rounds, {os.cpu_count()} CPUs")
    print(f"{'format':<10} {'tree':<30} {'median s':>9} {'min s':>7} {'median CPU s':>13}")
    for fmt in args.formats:
        for name in trees:
            walls = [wall for wall, _cpu in times[(fmt, name)]]
            cpus = [cpu for _wall, cpu in times[(fmt, name)]]
            median, least, cpu = statistics.median(walls), min(walls), statistics.median(cpus)
            print(f"{fmt:<10} {name[-30:]:<30} {median:>9.2f} {least:>7.2f} {cpu:>13.2f}")
        if len(trees) == 2:
            written = [(work / f"out-{n}.{SUFFIXES[fmt]}").read_bytes() for n in range(2)]
            print(f"{'':<10} same output: {'yes' if written[0] == written[1] else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
