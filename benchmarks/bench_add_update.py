"""A small list added to a large library: how long the index's update takes.

The 9 real lists and ICML 2024 (3,670 papers) are added to a temporary data folder and
indexed (untimed). Each round starts from a copy of that folder, adds a list of three
new papers (``tuireader add``) and times ``tuireader index``, which writes the three
papers and saves the word list (the vocabulary behind prefixes, word forms and spelling
suggestions): the seconds the command reports for the update, and the command's wall
time (which includes its start). A running reader does the same update when it sees the
list added, its status line saying "index: saving" meanwhile.

    python benchmarks/bench_add_update.py                        # 5 rounds
    python benchmarks/bench_add_update.py --lists a.bib b/ ...   # other lists
    python benchmarks/bench_add_update.py --cmd "env PYTHONPATH=/tmp/old python -m tuireader"

``--cmd`` runs another build for before/after numbers. The real lists are
``$TUIREADER_REAL``, ICML 2024 ``$TUIREADER_ICML``, else ``real`` and ``icml2024.jsonl``
of ``../shared/data`` next to the checkout, else of ``/work/shared/data``; both are only
read.

On 2 CPUs busy with other work, 5 rounds: before, with the word list read again from
every paper and every word stemmed again, update 3.62 s (median), command 5.07 s; after,
the new papers' words added to the word list saved last, update 0.27 s, command 1.63 s.
"""

from __future__ import annotations

import argparse
import json
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


def _data(named: str | None, name: str) -> Path:
    """``named`` (an environment variable's value), else ``name`` in ``../shared/data``
    next to the checkout, else in ``/work/shared/data``."""
    for path in (
        Path(named) if named else None,
        corpus.ROOT.parent / "shared" / "data" / name,
        Path("/work/shared/data") / name,
    ):
        if path is not None and path.exists():
            return path
    raise SystemExit(f"benchmark data not found: {name}")


#: "index updated (+3 ~0 -0): 3,673 papers, 3 written, 0.27 s (…)"
SAID = re.compile(r"index updated \(\+(\d+)[^)]*\): ([\d,]+) papers, .*?([\d.]+) s")

THREE = [
    {
        "title": f"Zorbulated gizmos for plinth estimation, part {number}",
        "authors": ["Cyra Example", "Dov Sample"],
        "abstract": f"We zorbulate gizmos{number} with plinthic learning and frobnicated "
        "attention, and report quuxification benchmarks.",
        "year": 2025,
        "venue": "Workshop on Benchmarks",
    }
    for number in range(1, 4)
]


def _run(cmd: list[str], home: Path, *args: str) -> str:
    env = {**os.environ, "TUIREADER_HOME": str(home)}
    done = subprocess.run(  # (run outside the checkout: ``python -m`` imports from there)
        [*cmd, *args], env=env, cwd=home.parent, capture_output=True, text=True, check=True
    )
    return done.stdout + done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", nargs="*", help="the library (default: real lists, ICML)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cmd", default="tuireader", help="the command line to run")
    args = parser.parse_args()
    lists = args.lists or [
        str(_data(os.environ.get("TUIREADER_REAL"), "real")),
        str(_data(os.environ.get("TUIREADER_ICML"), "icml2024.jsonl")),
    ]
    cmd = shlex.split(args.cmd)
    with tempfile.TemporaryDirectory(prefix="bench_add_update-") as folder:
        work = Path(folder)
        three = work / "three.json"
        three.write_text(json.dumps(THREE), encoding="utf-8")
        base = work / "base"
        for each in lists:
            _run(cmd, base, "add", each)
        print(f"building the index: {_run(cmd, base, 'index').strip().splitlines()[-1]}")
        rows = []
        for round_ in range(1, args.rounds + 1):
            home = work / f"round-{round_}"
            shutil.copytree(base, home, symlinks=True)
            _run(cmd, home, "add", str(three))
            started = time.perf_counter()
            said = _run(cmd, home, "index")
            wall = time.perf_counter() - started
            found = SAID.search(said)
            if found is None:
                raise SystemExit(f"not an update of three papers: {said.strip()}")
            update = float(found[3])
            rows.append((update, wall))
            print(
                f"round {round_}: +{found[1]} of {found[2]} papers:"
                f" update {update:.2f} s  command {wall:.2f} s"
            )
            shutil.rmtree(home)
    update, wall = (statistics.median(column) for column in zip(*rows))
    print(f"median: update {update:.2f} s  command {wall:.2f} s")


if __name__ == "__main__":
    main()
