"""Bursts of triage keys in fit order: how long until the screen shows them, and what runs.

A user reads ``venue:icml is:new sort:fit`` on ICML 2024 (2,610 papers) with ten papers
decided (three kept, seven skipped) and the model fitted on them, in the results list.
Then bursts of 20 keys arrive at once, as ``tmux send-keys`` or a fast typist over ssh
delivers them (every key queued before the first is handled): 20 × ``x`` (skip), 20 ×
``s`` (keep), 20 × ``j`` (down) and 20 mixed keys (``x``, ``s``, ``j``, ``m``, ``k``).
Each burst waits for the one before it to settle (every decision written, the refit
after it shown).

For each burst:

* ``shown ms``: from the keys' arrival to the frame after the last key was handled
  (every decision of the burst on screen, the highlight on its last paper);
* ``settled ms``: until the model's refit after the burst is shown too;
* ``cpu/key ms``: CPU time of the whole process (every thread) until ``shown``, and of
  the UI thread alone, per key;
* ``fits``: model fits started until ``shown`` (and until ``settled``);
* ``sorts``: the result list put in fit order again until ``shown`` (and ``settled``).

The same bursts are run ``--rounds`` times (median). ``--checkout DIR`` runs the
benchmark beside another source tree (each in its own process, one after the other):

    python benchmarks/bench_burst.py
    python benchmarks/bench_burst.py --checkout /tmp/old --rounds 3
    python benchmarks/bench_burst.py --profile /tmp/burst.prof   # cProfile of the bursts
    python benchmarks/bench_burst.py --debounce 0.02   # keys slower than the refit pause

The ICML list is ``$TUIREADER_ICML``, else ``../shared/data/icml2024.jsonl`` next to the
checkout, else ``/work/shared/data/icml2024.jsonl`` (read only: the data folders are
made under ``--work``).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
QUERY = "venue:icml is:new sort:fit"
SIZE = (120, 40)
BURSTS = {
    "20 x": list("x" * 20),
    "20 s": list("s" * 20),
    "20 j": list("j" * 20),
    "20 mixed": list("xsjxmkxsjjxsxmjxskxx"),
}
#: the first burst, sent as the results come, while the first fit builds the vectors
FIRST = "20 x, 1st fit"
#: the decisions made before the bursts: kept, then skipped (papers of the list order)
KEPT, SKIPPED = 3, 7


def icml_source() -> Path:
    named = os.environ.get("TUIREADER_ICML")
    for path in (
        Path(named) if named else None,
        HERE.parents[1] / "shared" / "data" / "icml2024.jsonl",
        Path("/work/shared/data/icml2024.jsonl"),
    ):
        if path is not None and path.is_file():
            return path
    raise SystemExit("ICML 2024 not found (set TUIREADER_ICML)")


class Counts:
    """What ran, counted by wrapping the screen's methods (names of either tree)."""

    def __init__(self) -> None:
        self.fits = 0
        self.sorts = 0

    def install(self) -> None:
        from tuireader.ui.screens.main import MainScreen

        counts = self
        fit = MainScreen._fit  # the worker's decorated method: counted as it is called

        def counted_fit(screen: Any, *args: Any, **kwargs: Any) -> Any:
            counts.fits += 1
            return fit(screen, *args, **kwargs)

        MainScreen._fit = counted_fit  # type: ignore[method-assign,assignment]
        ordered = MainScreen._ordered

        def counted_ordered(screen: Any, rows: Any) -> Any:
            if screen.order == "fit" and screen.fit_model is not None and rows:
                counts.sorts += 1
            return ordered(screen, rows)

        MainScreen._ordered = counted_ordered  # type: ignore[method-assign,assignment]


def make_data(work: Path, source: Path) -> Path:
    """A data folder with the index built and ten papers decided (made once)."""
    from tuireader.ingest.library import load_library
    from tuireader.search.engine import open_engine
    from tuireader.system.paths import DataPaths
    from tuireader.triage.store import Store

    data = work / "base"
    if (data / ".made").is_file():
        return data
    shutil.rmtree(data, ignore_errors=True)
    paths = DataPaths(data)
    library = load_library([source])
    open_engine(library, paths.ensure())
    papers = library.papers
    with Store.open(paths.state_db) as store:
        for paper in papers[:KEPT]:
            store.set_state(paper.id, "kept")
        for paper in papers[KEPT : KEPT + SKIPPED]:
            store.set_state(paper.id, "skip")
    (data / ".made").write_text("ok\n")
    return data


async def run_bursts(
    source: Path, data: Path, rounds: int, profile: Path | None, debounce: float | None
) -> dict:
    from textual import events

    from tuireader.system.paths import DataPaths
    from tuireader.ui import app as ui_app
    from tuireader.ui.screens import main
    from tuireader.ui.screens.main import MainScreen

    build_app = ui_app.build_app
    if debounce is not None:
        main.FIT_DEBOUNCE = debounce  # keys slower than the pause between decisions

    counts = Counts()
    counts.install()
    app = build_app([source], DataPaths(data), show_timings=False)
    results: dict[str, list[dict[str, float]]] = {}

    async def until(pilot: Any, condition: Any) -> None:
        while not condition():
            await asyncio.sleep(0.001)

    async def settled(pilot: Any, screen: MainScreen) -> None:
        """Keys handled, decisions written, no fit waiting or running or to be shown, the
        frame drawn."""
        while True:
            await until(pilot, lambda: not app.keys_pending)
            await asyncio.to_thread(screen.triage.flush)
            await until(pilot, lambda: all(w.is_finished for w in app.workers))
            await pilot.pause(0.05)
            timer = getattr(screen, "_fit_timer", None)
            busy = any(not w.is_finished for w in app.workers)
            # (and the model fitted last asked for shown: its message handled)
            shown = getattr(screen, "_fit_shown", 0) >= getattr(screen, "_fit_asked", 0)
            if timer is None and not busy and shown and not app.keys_pending:
                await pilot.pause()
                return

    async def burst(pilot: Any, screen: MainScreen, name: str, keys: list[str]) -> None:
        before = dict(screen.triage.states)
        start_at = screen.results.highlighted or 0
        fits, sorts = counts.fits, counts.sorts
        cpu, ui_cpu = time.process_time(), time.thread_time()
        if profiler is not None:
            profiler.enable()
        started = time.perf_counter()
        driver = app._driver
        assert driver is not None
        for key in keys:
            event = events.Key(key, key)
            event.set_sender(app)
            driver.send_message(event)
        await until(pilot, lambda: not app.keys_pending)
        await pilot.pause()  # the frame with the last key's work on it
        shown = time.perf_counter() - started
        cpu, ui_cpu = time.process_time() - cpu, time.thread_time() - ui_cpu
        fits_shown, sorts_shown = counts.fits - fits, counts.sorts - sorts
        await settled(pilot, screen)
        if profiler is not None:
            profiler.disable()
        settle = time.perf_counter() - started
        decided = sum(1 for k, v in screen.triage.states.items() if before.get(k) != v)
        results.setdefault(name, []).append(
            {
                "shown": shown,
                "settled": settle,
                "cpu": cpu / len(keys),
                "ui_cpu": ui_cpu / len(keys),
                "fits": fits_shown,
                "fits_all": counts.fits - fits,
                "sorts": sorts_shown,
                "sorts_all": counts.sorts - sorts,
                "decided": decided,
                "moved": (screen.results.highlighted or 0) - start_at,
            }
        )

    profiler = None
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, MainScreen)
        await until(pilot, lambda: screen.engine is not None and screen.library is not None)
        screen.search_box.value = QUERY
        await until(pilot, lambda: screen.displayed_query == QUERY)
        screen.action_focus_results()
        await pilot.pause()
        # the first burst while the first fit builds the papers' vectors (none cached)
        await burst(pilot, screen, FIRST, list("x" * 20))
        await until(pilot, lambda: screen.fit_model is not None)
        await settled(pilot, screen)
        for _ in range(rounds):
            for name, keys in BURSTS.items():
                await settled(pilot, screen)
                await burst(pilot, screen, name, keys)
    if profiler is not None and profile is not None:
        profiler.dump_stats(str(profile))
    return {"papers": len(screen.library or ()), "results": results}


def child(args: argparse.Namespace) -> None:
    """Run in this process (with ``--tree``'s source first on the path) and print JSON."""
    if args.tree is not None:
        sys.path.insert(0, str(args.tree))
    import tuireader

    source = icml_source()
    tag = hashlib.sha1(tuireader.__file__.encode()).hexdigest()[:8]
    data = make_data(args.work / f"tree-{tag}", source)
    run = args.work / f"run-{os.getpid()}"
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(data, run)
    try:
        out = asyncio.run(run_bursts(source, run, args.rounds, args.profile, args.debounce))
    finally:
        shutil.rmtree(run, ignore_errors=True)
    out["tree"] = str(Path(tuireader.__file__).resolve().parents[1])
    print(json.dumps(out))


def run_tree(args: argparse.Namespace, tree: Path | None, env: dict[str, str]) -> dict | None:
    """The bursts in a process of their own, on ``tree`` (None: this one)."""
    argv = [sys.executable, __file__, "--child", "--rounds", str(args.rounds)]
    argv += ["--work", str(args.work)]
    if args.debounce is not None:
        argv += ["--debounce", str(args.debounce)]
    if tree is not None:
        argv += ["--tree", str(tree)]
    if args.profile is not None:
        argv += ["--profile", str(args.profile) + ("" if tree is None else ".other")]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def report(outs: list[dict], args: argparse.Namespace) -> None:
    print(
        f"\nBursts of 20 keys in fit order ({QUERY!r}), {outs[0]['papers']:,} papers, "
        f"{KEPT + SKIPPED} decided first, median of {args.rounds}, {os.cpu_count()} CPUs, "
        f"{args.busy} more kept busy, load {os.getloadavg()[0]:.1f}"
        + (f", refit pause {args.debounce} s" if args.debounce is not None else "")
    )
    print(
        f"{'tree':<24} {'burst':<9} {'shown ms':>9} {'settled ms':>11} {'cpu/key ms':>11} "
        f"{'ui/key ms':>10} {'fits':>6} {'sorts':>7} {'decided':>8}"
    )
    for out in outs:
        for name, runs in out["results"].items():

            def med(field: str, runs: list[dict[str, float]] = runs) -> float:
                return statistics.median(run[field] for run in runs)

            print(
                f"{out['tree'][-24:]:<24} {name:<9} {med('shown') * 1000:>9.0f} "
                f"{med('settled') * 1000:>11.0f} {med('cpu') * 1000:>11.1f} "
                f"{med('ui_cpu') * 1000:>10.1f} "
                f"{med('fits'):>2.0f}/{med('fits_all'):<3.0f} "
                f"{med('sorts'):>3.0f}/{med('sorts_all'):<3.0f} {med('decided'):>8.0f}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_burst")
    parser.add_argument("--checkout", type=Path, help="a source tree to run beside this one")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the bursts here")
    parser.add_argument(
        "--busy", type=int, default=0, help="processes that keep a CPU busy meanwhile (load)"
    )
    parser.add_argument(
        "--debounce",
        type=float,
        help="the pause (s) after a decision before a refit (0.3): a shorter one stands "
        "for a machine so loaded that each key takes longer than 0.3 s",
    )
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.child:
        child(args)
        return 0
    trees: list[Path | None] = [None]
    if args.checkout is not None:
        trees.append(args.checkout.resolve())
    env = dict(os.environ, TEXTUAL_FPS=os.environ.get("TEXTUAL_FPS", "120"))
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)
    ]
    try:
        outs = [run_tree(args, tree, env) for tree in trees]
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    done = [out for out in outs if out is not None]
    if len(done) != len(outs):
        return 1
    report(done, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
