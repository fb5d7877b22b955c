"""The reader at 100,000 papers, warm: start to the first frame with results, and memory.

Runs the reader in a recording pseudo-terminal (120×40, see ``bench_terminal``) on the
synthetic 100,000-paper corpus (``corpus.py``), as a user starts it: built-in catalog and
the config's catalogs, the index and the lists cache already built by an untimed first
run. Beside it in the same run, the bare Textual app of ``bench_terminal`` listing the
2,610 ICML titles in an OptionList: the issue's target is the reader's first frame
within 2× of it.

* first frame: start to the first frame showing "100,000 / 100,000 papers" (the results
  list filled); ready: to "index: ready" (typing searches the index from then on);
* memory: resident set (VmRSS) and its peak (VmHWM) of the reader after 20 searches
  typed into it, each awaited on screen (target: 400 MB).

    python benchmarks/bench_scale.py                  # 3 rounds, 100,000 papers
    python benchmarks/bench_scale.py --size 20000     # another size
    python benchmarks/bench_scale.py --profile        # where the reader's loading goes
    python benchmarks/bench_scale.py --many           # a query with most papers as hits

How long it takes: the first run (untimed) lists the 100,000 papers and builds their
index in the reader. On 2 busy CPUs that build alone takes 5 min or more
(``bench_search.py`` gave 296 s; the reader had indexed 62,000 of the papers 6.5 min
after it started): count 10 min or more for the first run, then a few minutes for the
rounds (each a warm start, the last one typing the 20 searches). ``--size 20000 --rounds
1`` took 1 min 50 s on 2 busy CPUs, 80 s of it the first run. The wait for the index to
be ready lasts as long as the build moves: it gives up only once the "indexing N/M"
count (or the index's state) has not changed for ``--stall`` seconds (default 300); the
first run says how long it waited.

``--profile`` runs, in this process, what the reader runs before its first frame
(``core_services``: the session loaded, the engine opened) under cProfile: the part of
the first frame that is not the UI's.

``--many`` times, instead of the starts, a query that most papers match (``learning``:
74,092 of the 100,000) with every hit wanted, as list and fit order need them: in this
process over the reader's index and lists cache (``core_services``, the library read
whole, as the reader has it once its first frame is drawn), in relevance order and in
list order (the hits sorted by the lists' order, as the reader and ``search --sort list``
sort them, and the titles of a screen of them highlighted); ``tuireader search --sort
list learning`` from start to exit; and the reader, from typing ``sort:list learning``
(in one write, as typed ahead) to the frame that shows how many papers match.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus
from bench_terminal import ScreenTimeout, Terminal, _env, _row_with

ROOT = Path(__file__).resolve().parents[1]
#: twenty searches, as a user would type them (each awaited before the next)
SEARCHES = (
    "diffusion",
    "graph neural",
    "language model",
    "reinforcement",
    "privacy",
    "transformer attention",
    "bayesian",
    "robust",
    "contrastive",
    "federated learning",
    "causal",
    "optimization",
    "kernel",
    "vision",
    "sparse",
    "benchmark",
    "protein",
    "quantization",
    "offline reinforcement learning",
    "uncertainty",
)
MEMORY_TARGET_MB = 400
#: a word most papers of the corpus have (74,092 of the 100,000 match it)
MANY = "learning"
#: rows of the reader's list at 120×40: the titles highlighted for a screen of hits
SCREEN_ROWS = 36
FIRST_FRAME_TARGET = 2.0


#: the bare app of the target: read the ICML papers and list their 2,610 titles in an
#: OptionList, with a status line like the reader's (its first frame is timed to it)
BARE_APP = """
import json, sys
from textual.app import App
from textual.widgets import OptionList, Static

class Bare(App):
    CSS = "OptionList { height: 1fr; } Static { dock: bottom; height: 1; }"

    def compose(self):
        yield OptionList()
        yield Static()

    def on_mount(self):
        with open(sys.argv[1], encoding="utf-8") as handle:
            titles = [json.loads(line)["title"] for line in handle if line.strip()]
        self.query_one(OptionList).add_options(titles)
        self.query_one(Static).update(f"{len(titles):,} / {len(titles):,} papers")

Bare().run()
"""


def run_bare(source: Path) -> float:
    """Seconds from start to the bare app's first frame with the papers."""
    term = Terminal([sys.executable, "-c", BARE_APP, str(source)], _env())
    try:
        return term.wait_for(_listed, timeout=120) - term.started
    finally:
        term.close()


def _reader_env(home: Path, work: Path) -> dict[str, str]:
    """The reader's terminal environment, its bytecode compiled as an installed copy's."""
    env = _env(TUIREADER_HOME=str(home))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    env["PYTHONPATH"] = str(ROOT)
    return env


#: the status line with every paper listed ("99,919 / 99,919 papers": the corpus's
#: papers, less those the lists' merging finds twice)
_ALL_LISTED = re.compile(r"\b([1-9][\d,]*) / \1 papers")


def _listed(lines: list[str]) -> bool:
    return any(_ALL_LISTED.search(line) for line in lines)


#: the index's state on the status line: "index: opening", "index: indexing 62,000/99,919"
_INDEX_STATE = re.compile(r"index: (\w+(?: [\d,]+/[\d,]+)?)")
#: how long a wait for the index goes on while its state does not change (``--stall``)
STALL_SECONDS = 300.0


def _index_state(lines: list[str]) -> str | None:
    found = (_INDEX_STATE.search(line) for line in lines)
    return next((m.group(1) for m in found if m), None)


def _index_ready(lines: list[str]) -> bool:
    return _row_with(lines, "index: ready") is not None


def wait_ready(term: Terminal, stall: float) -> float:
    """Wait for "index: ready" as long as the index's state moves ("indexing 61,000/99,919"
    to "indexing 62,000/99,919", "opening" to "indexing …"): a build of 100,000 papers on
    a loaded machine takes minutes, and no fixed time fits it. ScreenTimeout once the state
    has not changed for ``stall`` seconds. The time of the write that showed it ready."""
    seen = _index_state(term.text())
    while True:
        now: dict[str, object] = {}

        def moved(lines: list[str], before: str | None = seen, now: dict = now) -> bool:
            now["ready"], now["state"] = _index_ready(lines), _index_state(lines)
            return bool(now["ready"]) or now["state"] != before

        try:
            at = term.wait_for(moved, stall)
        except ScreenTimeout as error:
            error.add_note(f"the index's state stayed {seen!r} for {stall:.0f} s")
            raise
        if now["ready"]:
            return at
        seen = cast("str | None", now["state"])


def _memory(pid: int) -> tuple[float, float]:
    """Resident set and its peak, in MB, of process ``pid``."""
    values = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def _settled(term: Terminal, quiet: float = 0.4, timeout: float = 30) -> None:
    """Wait until nothing was written for ``quiet`` seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        last = term.events[-1].at if term.events else term.started
        if time.perf_counter() - last >= quiet:
            return
        time.sleep(0.05)


def run_reader(
    cmd: list[str],
    source: Path,
    home: Path,
    work: Path,
    searches: bool,
    stall: float = STALL_SECONDS,
) -> dict[str, float]:
    term = Terminal([*cmd, str(source)], _reader_env(home, work))
    out: dict[str, float] = {}
    try:
        shown = term.wait_for(_listed, timeout=300)
        out["first_frame"] = shown - term.started
        ready = wait_ready(term, stall)
        out["ready"] = ready - term.started
        out["rss_start"], _ = _memory(term.process.pid)
        if searches:
            for query in SEARCHES:
                for char in query:
                    term.send(char)
                    time.sleep(0.03)
                term.wait_for(lambda lines: _row_with(lines, "papers match") is not None, 60)
                _settled(term)
                term.send(b"\x15")  # ctrl+u: clear the query
                term.wait_for(_listed, 60)
            _settled(term)
            out["rss"], out["rss_peak"] = _memory(term.process.pid)
    except ScreenTimeout as error:
        error.add_note(f"what was written is in {term.keep_bytes()}")
        raise
    finally:
        term.close()
        if term.odd:
            print(
                f"  (the emulated screen failed on {len(term.odd)} reads: {term.odd[:2]})",
                file=sys.stderr,
            )
    return out


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _profile(source: Path, home: Path) -> None:
    """What the reader does before its first frame, outside the UI, under cProfile."""
    import cProfile
    import pstats

    os.environ["TUIREADER_HOME"] = str(home)
    from tuireader.system.paths import resolve
    from tuireader.ui.app import core_services

    services = core_services([source], resolve(None))
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    library = services.load_library()
    loaded = time.perf_counter()
    engine = services.open_engine(library, lambda done, total: None)
    profile.disable()
    opened = time.perf_counter()
    engine.close()
    print(
        f"\nreader's core, in process: session loaded {loaded - started:.2f} s, "
        f"engine opened {opened - loaded:.2f} s"
    )
    pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


def _many_in_process(source: Path, home: Path, rounds: int) -> dict[str, list[float]]:
    """Seconds of ``engine.search(MANY, limit=None)`` over the reader's index and cache,
    in relevance order and in list order (the first search of each process apart)."""
    os.environ["TUIREADER_HOME"] = str(home)
    from tuireader.system.paths import resolve
    from tuireader.ui.app import core_services

    services = core_services([source], resolve(None))
    library = services.load_library()
    _ = library.papers  # read whole, as the reader's worker reads it after the first frame
    started = time.perf_counter()
    engine = services.open_engine(library, lambda done, total: None)
    out: dict[str, list[float]] = {"open": [time.perf_counter() - started]}
    out.update(first=[], relevance=[], list=[])
    try:
        for round_ in range(rounds + 1):
            started = time.perf_counter()
            result = engine.search(MANY, limit=None)
            _ = [hit.title_spans for hit in result.hits[:SCREEN_ROWS]]
            took = time.perf_counter() - started
            out["first" if round_ == 0 else "relevance"].append(took)
            started = time.perf_counter()
            result = engine.search(f"sort:list {MANY}", limit=None)
            hits = sorted(result.hits, key=lambda hit: hit.paper.order)
            _ = [hit.title_spans for hit in hits[:SCREEN_ROWS]]
            if round_:
                out["list"].append(time.perf_counter() - started)
        out["total"] = [float(result.total)]
        typed = engine.search(f"sort:list {MANY}", limit=None, prefix=True)
        out["typed_total"] = [float(typed.total)]
    finally:
        engine.close()
    return out


def _many_cli(cmd: list[str], source: Path, home: Path, work: Path, rounds: int) -> list[float]:
    """Seconds of ``tuireader search --sort list MANY --limit 20``, start to exit."""
    env = _reader_env(home, work)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(
            [*cmd, "search", "--sort", "list", "--limit", "20", MANY, str(source)],
            env=env,
            cwd=tempfile.gettempdir(),
            capture_output=True,
            check=True,
        )
        times.append(time.perf_counter() - started)
    return times


def _many_reader(
    cmd: list[str],
    source: Path,
    home: Path,
    work: Path,
    rounds: int,
    total: int,
    stall: float = STALL_SECONDS,
) -> list[float]:
    """Seconds from writing ``sort:list MANY`` in the reader to the frame that says its
    ``total`` papers match (the list is in list order from then on)."""
    term = Terminal([*cmd, str(source)], _reader_env(home, work))
    said = f"{total:,} of "
    times = []
    try:
        term.wait_for(_listed, timeout=300)
        wait_ready(term, stall)
        _settled(term)
        for _ in range(rounds):
            sent = term.send(f"sort:list {MANY}")
            shown = term.wait_for(lambda lines: _row_with(lines, said) is not None, 120)
            times.append(shown - sent)
            _settled(term)
            term.send(b"\x15")  # ctrl+u: clear the query
            term.wait_for(_listed, 60)
            _settled(term)
    except ScreenTimeout as error:
        error.add_note(f"what was written is in {term.keep_bytes()}")
        raise
    finally:
        term.close()
    return times


def run_many(
    cmd: list[str], source: Path, home: Path, work: Path, rounds: int, stall: float
) -> None:
    """The ``--many`` table."""
    found = _many_in_process(source, home, rounds)
    cli = _many_cli(cmd, source, home, work, rounds)
    total = int(found["typed_total"][0])
    reader = _many_reader(cmd, source, home, work, rounds, total, stall)
    print(
        f"\n{MANY!r}: {int(found['total'][0]):,} hits, every one wanted; "
        f"{rounds} rounds, {os.cpu_count()} CPUs"
    )
    print(f"{'what':<58} {'median s':>9} {'max s':>7}")
    rows = [
        ("engine opened (found current by the reader's first run)", found["open"]),
        ("engine.search, limit=None, first of the process", found["first"]),
        ("engine.search, limit=None, relevance order", found["relevance"]),
        ("engine.search, limit=None, list order (sorted)", found["list"]),
        ("tuireader search --sort list --limit 20, start to exit", cli),
        ("reader: sort:list typed to the frame with its matches", reader),
    ]
    for name, values in rows:
        print(f"{name:<58} {statistics.median(values):>9.2f} {max(values):>7.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_scale")
    parser.add_argument("--cmd", default=f"{sys.executable} -m tuireader")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--many", action="store_true", help="time a query with most papers as hits")
    parser.add_argument(
        "--stall",
        type=float,
        default=STALL_SECONDS,
        help="give up waiting for the index once its state has not changed for this many "
        "seconds (default %(default).0f)",
    )
    args = parser.parse_args()
    work: Path = args.work
    work.mkdir(parents=True, exist_ok=True)
    source = corpus.corpus_source(args.size, work / "corpora")
    icml = corpus.icml_path()
    if icml is None:
        raise SystemExit("benchmark data not found (set TUIREADER_ICML)")
    home = work / f"home-{args.size}"
    cmd = args.cmd.split()

    print(f"warming {args.size:,}: index and lists cache…", file=sys.stderr, flush=True)
    started = time.perf_counter()
    first_run = run_reader(cmd, source, home, work, searches=False, stall=args.stall)
    print(
        f"  first run {time.perf_counter() - started:.1f} s: waited "
        f"{first_run['ready']:.1f} s for the index to be ready",
        file=sys.stderr,
    )
    if args.many:
        run_many(cmd, source, home, work, args.rounds, args.stall)
        return 0

    reader: list[dict[str, float]] = []
    bare: list[float] = []
    for round_ in range(args.rounds):
        # memory after the searches in the last round only (typing takes a while)
        last = round_ == args.rounds - 1
        reader.append(run_reader(cmd, source, home, work, searches=last, stall=args.stall))
        bare.append(run_bare(icml))

    first = [r["first_frame"] for r in reader]
    ready = [r["ready"] for r in reader]
    bare_median = statistics.median(bare)
    print(
        f"\nreader at {args.size:,} papers, warm, {args.rounds} rounds, {os.cpu_count()} CPUs "
        f"(120x40 pty)"
    )
    print(f"{'what':<44} {'median s':>9} {'p95 s':>8} {'× bare':>7}")
    rows = [
        ("bare OptionList app, 2,610 rows: first frame", bare),
        (f"tuireader {args.size:,}: first frame with results", first),
        (f"tuireader {args.size:,}: index ready", ready),
    ]
    for name, values in rows:
        median = statistics.median(values)
        print(f"{name:<44} {median:>9.2f} {_p95(values):>8.2f} {median / bare_median:>7.2f}")
    ratio = statistics.median(first) / bare_median
    verdict = "met" if ratio <= FIRST_FRAME_TARGET else "NOT met"
    print(f"first frame target ≤ {FIRST_FRAME_TARGET:.0f}× bare: {ratio:.2f}× ({verdict})")
    last = reader[-1]
    print(
        f"\nmemory, reader after {len(SEARCHES)} searches: resident {last['rss']:.0f} MB "
        f"(peak {last['rss_peak']:.0f} MB; {last['rss_start']:.0f} MB at index ready); "
        f"target ≤ {MEMORY_TARGET_MB} MB: "
        f"{'met' if last['rss'] <= MEMORY_TARGET_MB else 'NOT met'}"
    )
    if args.profile:
        _profile(source, home)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
