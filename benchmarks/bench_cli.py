"""Whole-process ``tuireader search`` against ``fzf --filter`` and ``rg -i``, side by side.

Each round runs every tool once per corpus, in turn, as a user would from a shell: a new
process each time, warm (the index and the lists cache already built, the files in the
page cache). fzf and rg read a text file of the same papers, one line each (title,
authors, abstract), so every tool reads the same text.

    python benchmarks/bench_cli.py                       # 2.6k (ICML 2024) and 100k
    python benchmarks/bench_cli.py --sizes 0 --rounds 20 # 2.6k only (0: the real file)
    python benchmarks/bench_cli.py --profile             # cProfile of one warm search

A tool that is not installed is skipped, and the table says so. tuireader runs with its
bytecode compiled, as an installed copy does (``PYTHONDONTWRITEBYTECODE`` is dropped for
it; the ``.pyc`` files go to ``WORK/pycache``, not into the checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

QUERY = "diffusion"
_FROM = (
    "import sys; sys.path.insert(0, {!r}); sys.argv[0] = 'tuireader'; "
    "from tuireader.cli import main; raise SystemExit(main())"
)


def _lines(source: Path, out: Path) -> Path:
    """One line per paper (title, authors, abstract) of every JSONL file of ``source``."""
    if out.is_file():
        return out
    files = sorted(source.glob("*.jsonl")) if source.is_dir() else [source]
    with out.open("w", encoding="utf-8") as handle:
        for file in files:
            with file.open(encoding="utf-8") as lines:
                for line in lines:
                    if not line.strip():
                        continue
                    record = json.loads(line)
                    text = " ".join(
                        [record.get("title") or "", "; ".join(record.get("authors") or ())]
                        + [" ".join((record.get("abstract") or "").split())]
                    )
                    handle.write(text + "\n")
    return out


#: the environment of the commands run (see the module's docstring)
ENV = dict(os.environ)


def _run(command: list[str]) -> float:
    """Seconds the command takes; ``<`` and a path at its end give it that file as stdin."""
    stdin = None
    if len(command) > 2 and command[-2] == "<":
        stdin = open(command[-1], "rb")  # noqa: SIM115 - closed below
        command = command[:-2]
    try:
        started = time.perf_counter()
        subprocess.run(
            command,
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENV,
            check=False,
        )
        return time.perf_counter() - started
    finally:
        if stdin is not None:
            stdin.close()


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _commands(
    source: Path, text: Path, data: Path, checkout: Path | None
) -> dict[str, list[str] | None]:
    tui = shutil.which("tuireader")
    if checkout is not None:  # another checkout's code (say, before a change)
        python = [sys.executable, "-c", _FROM.format(str(checkout))]
    else:
        python = [sys.executable, "-m", "tuireader"] if tui is None else [tui]
    fzf, rg = shutil.which("fzf"), shutil.which("rg")
    return {
        "tuireader search": [*python, "search", QUERY, str(source), "--data-dir", str(data)],
        # fzf reads its lines from stdin, as in ``fzf --filter diffusion < papers.txt``
        "fzf --filter": [fzf, "--filter", QUERY, "<", str(text)] if fzf else None,
        "fzf --filter -e": [fzf, "--filter", QUERY, "-e", "<", str(text)] if fzf else None,
        "rg -i": [rg, "-i", QUERY, str(text)] if rg else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="*",
        default=[0, 100_000],
        help="corpus sizes (0: the real ICML 2024 file, 2,610 papers)",
    )
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_cli")
    parser.add_argument("--profile", action="store_true", help="profile one warm search")
    parser.add_argument(
        "--checkout",
        type=Path,
        help="run tuireader from this source tree (e.g. a `git archive` of an older commit)",
    )
    args = parser.parse_args()
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(work / "pycache")

    rows: list[tuple[str, str, str]] = []
    setups = []
    for size in args.sizes:
        source = corpus.corpus_source(size or None, work / "corpora")
        label = f"{size:,}" if size else "2,610 (ICML 2024)"
        text = _lines(source, work / f"lines-{size}.txt")
        data = work / f"data-{size}"
        commands = _commands(source, text, data, args.checkout)
        print(f"warming {label}: index and lists cache…", file=sys.stderr, flush=True)
        started = time.perf_counter()
        _run(commands["tuireader search"])  # type: ignore[arg-type]
        print(f"  first run {time.perf_counter() - started:.1f} s", file=sys.stderr)
        for command in commands.values():
            if command:
                _run(command)  # page cache, the lists cache written
        setups.append((label, commands))

    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for label, commands in setups:
            for name, command in commands.items():
                if command:
                    times.setdefault((label, name), []).append(_run(command))

    print(f"\nwhole process, warm, query {QUERY!r}, {args.rounds} rounds, {os.cpu_count()} CPUs")
    print(f"{'papers':<20} {'tool':<18} {'median s':>9} {'p95 s':>8} {'× fzf':>7}")
    for label, commands in setups:
        fzf = times.get((label, "fzf --filter"))
        for name, command in commands.items():
            if not command:
                print(f"{label:<20} {name:<18} {'skipped: not installed':>26}")
                continue
            values = times[(label, name)]
            median = statistics.median(values)
            ratio = f"{median / statistics.median(fzf):.1f}" if fzf else "-"
            print(f"{label:<20} {name:<18} {median:>9.3f} {_p95(values):>8.3f} {ratio:>7}")
            rows.append((label, name, f"{median:.3f}"))

    if args.profile:
        for label, commands in setups:
            command = commands["tuireader search"]
            assert command is not None
            out = work / f"profile-{label.split()[0].replace(',', '')}.prof"
            python = [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "tuireader"]
            env = {**os.environ, "PYTHONPATH": str(args.checkout)} if args.checkout else None
            subprocess.run(
                [*python, *command[command.index("search") :]],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=env,
                check=False,
            )
            import pstats

            print(f"\nprofile, {label}: {out}")
            pstats.Stats(str(out)).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
