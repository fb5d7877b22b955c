"""Reader responsiveness: time to the first interactive frame and keystroke latency.

* First frame: from creating the app to the first frame that shows the 2,610 ICML
  papers, next to a bare Textual app that shows the same titles in an OptionList.
* Results list alone: what showing N hits and moving the cursor cost the list widget,
  at 100, 2,610 and 100,000 hits (it draws only the rows in view, so the same).
* Keystroke latency: from a key press in the search box to the frame that shows the
  results for the new query (p50/p95), on the ICML papers and on a synthetic library of
  100,000 papers (benchmarks/corpus.py). Also the key echo: how long the key itself takes
  to land in the box while searches run.

Run: ``python benchmarks/bench_ui.py [--large 100000] [--work DIR] [--list-only]
[--focus-only]`` (``--focus-only``: the CPU time of Enter, Escape and Tab at 80x24). The index for the
large library is built once into DIR and reused.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.search.engine import open_engine
from tuireader.system.paths import DataPaths
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.screens.main import ReaderScreen
from tuireader.ui.widgets.results import ResultsList, Row

SIZE = (120, 40)
QUERIES = ("diffusion model", "graph neural", "reinforcement learning", "language", "kernel")


class BareApp(App[None]):
    """The least a reader could do: read the file and list the titles."""

    def __init__(self, source: Path) -> None:
        super().__init__()
        self.source = source
        self.shown = 0

    def compose(self) -> ComposeResult:
        yield OptionList()

    def on_mount(self) -> None:
        library = load_library([self.source])
        self.query_one(OptionList).set_options(Text(p.title) for p in library.papers)
        self.shown = len(library)


def reader(source: Path, data: Path) -> ReaderApp:
    paths = DataPaths(data)
    services = Services(
        load_library=lambda: load_library([source]),
        open_engine=lambda library, progress: open_engine(
            library, paths.ensure(), progress=progress
        ),
    )
    return ReaderApp(services)


async def _until(pilot, condition: Callable[[], bool], timeout: float = 3600) -> None:  # type: ignore[no-untyped-def]
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError
        await asyncio.sleep(0.001)
    await pilot.pause()  # the frame with it on screen


async def first_frame(make: Callable[[], App[None]], ready: Callable[[App[None]], bool]):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: ready(app))
        frame = time.perf_counter() - started
        index = None
        if isinstance(app, ReaderApp):
            await _until(pilot, lambda: app.screen.engine is not None)
            index = time.perf_counter() - started
    return frame, index


def _reader_ready(app: App[None]) -> bool:
    screen = app.screen
    return getattr(screen, "library", None) is not None and screen.shown == len(screen.library)


def _stamping(shown: dict[str, float], echoed: dict[str, float]) -> None:
    """Record when each query's results reach the screen, and when each key lands.

    Results are stamped where the screen takes them, whichever way they came: a quick
    search is run and taken by the key itself, and only a slow one (or the rest of the
    hits, REST_DELAY later) comes back as a message. Stamped on the message alone, a
    quick search's time was that of the rest of its hits, 150 ms after its own frame.
    """
    take = ReaderScreen._take_result
    show_query = ReaderScreen._show_query

    def take_result(screen: ReaderScreen, message) -> bool:  # type: ignore[no-untyped-def]
        taken = take(screen, message)
        if taken and message.kind != "more":
            query = message.query
            screen.call_after_refresh(lambda: shown.setdefault(query, time.perf_counter()))
        return taken

    def on_query(screen: ReaderScreen) -> None:
        echoed.setdefault(screen.search_query, time.perf_counter())
        show_query(screen)

    ReaderScreen._take_result = take_result  # type: ignore[method-assign]
    ReaderScreen._show_query = on_query  # type: ignore[method-assign]


async def keystrokes(source: Path, data: Path) -> tuple[list[float], list[float], float, int]:
    """Per-key (echo, results-on-screen) seconds over QUERIES, typed one key at a time.

    The clock starts when the key is sent and stops at the first screen refresh after the
    results for the new query were put in the list.
    """
    app = reader(source, data)
    echo: list[float] = []
    results: list[float] = []
    shown: dict[str, float] = {}
    echoed: dict[str, float] = {}
    _stamping(shown, echoed)
    started = time.perf_counter()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await _until(pilot, lambda: screen.engine is not None)
        ready = time.perf_counter() - started
        papers = len(screen.library)
        for query in QUERIES:
            screen.search_box.value = ""
            await _until(pilot, lambda: screen.displayed_query == "")
            typed = ""
            for char in query:
                typed += char
                shown.pop(typed, None)
                echoed.pop(typed, None)
                t0 = time.perf_counter()
                await pilot.press("space" if char == " " else char)
                await _until(pilot, lambda typed=typed: typed in shown)
                echo.append(echoed[typed] - t0)
                results.append(shown[typed] - t0)
    return echo, results, ready, papers


class ListApp(App[None]):
    """The results list alone, to time what it costs for a given number of hits."""

    def compose(self) -> ComposeResult:
        yield ResultsList(id="results")


async def list_cost(rows: list[Row], moves: int = 30) -> tuple[float, float, float]:
    """Seconds to show ``rows`` (to the frame with them); rows drawn for it and per ``j``."""
    drawn = 0
    render_line = ResultsList.render_line

    def counted(self, y):  # type: ignore[no-untyped-def]
        nonlocal drawn
        drawn += 1
        return render_line(self, y)

    ResultsList.render_line = counted  # type: ignore[method-assign]
    try:
        app = ListApp()
        async with app.run_test(size=SIZE) as pilot:
            results = app.query_one(ResultsList)
            results.focus()
            await pilot.pause()
            drawn = 0
            started = time.perf_counter()
            results.show_rows(rows)
            await pilot.pause()
            shown = time.perf_counter() - started
            on_show = drawn
            drawn = 0
            for _ in range(moves):
                await pilot.press("j")
                await pilot.pause()
    finally:
        ResultsList.render_line = render_line  # type: ignore[method-assign]
    return shown, on_show, drawn / moves


async def list_table(sizes: tuple[int, ...] = (100, 2_610, 100_000)) -> None:
    print("\nResults list alone, 120x40: show N hits (time to the frame, rows drawn); j (rows)")
    print(f"{'hits':>9} {'show':>8} {'rows drawn':>11} {'rows per j':>11}")
    for size in sizes:
        rows = [
            Row(Paper(id=f"p{i}", title=f"Paper {i} on the study of walruses", abstract=""))
            for i in range(size)
        ]
        await list_cost(rows[:100], 3)  # warm-up: imports, CSS
        shown, on_show, per_j = await list_cost(rows)
        print(f"{size:>9,} {shown * 1000:>5.1f} ms {on_show:>11.0f} {per_j:>11.1f}")


async def focus_moves(source: Path, data: Path, rounds: int = 15) -> dict[str, float]:
    """Median CPU time (ms) of the reader's own process per key that moves the focus, at
    80x24: Enter into the viewer and Escape back, and Tab. CPU, not wall time: what each
    key costs, whatever else the machine runs (the wall time adds the frame timer)."""
    app = reader(source, data)
    costs: dict[str, float] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: _reader_ready(app))
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab")
        for name, keys in (("enter/escape", ("enter", "escape")), ("tab", ("tab",))):
            spent = []
            for key in keys * rounds:
                started = time.process_time()
                await pilot.press(key)
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
                await pilot.pause()
                spent.append(time.process_time() - started)
            costs[name] = statistics.median(spent) * 1000
    return costs


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.0f}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--large", type=int, default=100_000, help="synthetic library size (0: skip)"
    )
    parser.add_argument(
        "--work", type=Path, default=Path(tempfile.gettempdir()) / "tuireader-bench-ui"
    )
    parser.add_argument("--list-only", action="store_true", help="time the results list only")
    parser.add_argument(
        "--focus-only", action="store_true", help="time the keys that move the focus only"
    )
    args = parser.parse_args()
    if args.list_only:
        await list_table()
        return
    icml = corpus.icml_path()
    if icml is None:
        raise SystemExit("benchmark data not found (set TUIREADER_ICML)")
    work: Path = args.work
    if args.focus_only:
        print("Keys that move the focus, 2,610 ICML papers, 80x24: CPU ms per key (median)")
        for name, cost in (await focus_moves(icml, work / "icml")).items():
            print(f"{name:>14} {cost:6.1f} ms")
        return

    print("First interactive frame, 2,610 ICML papers, 120x40 (median of 3)")
    # One untimed run of each first, so neither pays for first imports and disk caches.
    await first_frame(lambda: BareApp(icml), lambda a: a.shown > 0)
    await first_frame(lambda: reader(icml, work / "icml"), _reader_ready)
    bare = [(await first_frame(lambda: BareApp(icml), lambda a: a.shown > 0))[0] for _ in range(3)]
    cold = []
    for run in range(3):
        cold_dir = work / f"cold-{time.time_ns()}"
        try:
            cold.append(await first_frame(lambda d=cold_dir: reader(icml, d), _reader_ready))
        finally:
            shutil.rmtree(cold_dir, ignore_errors=True)
    warm = [
        await first_frame(lambda: reader(icml, work / "icml"), _reader_ready) for _ in range(4)
    ][1:]
    b = statistics.median(bare)
    rows = [
        ("bare OptionList app", b, None),
        (
            "reader, no index yet",
            statistics.median(f for f, _ in cold),
            statistics.median(i for _, i in cold),
        ),
        (
            "reader, index on disk",
            statistics.median(f for f, _ in warm),
            statistics.median(i for _, i in warm),
        ),
    ]
    print(f"{'':24} {'first frame':>12} {'vs bare':>8} {'search ready':>13}")
    for name, frame, index in rows:
        ready = f"{index * 1000:.0f} ms" if index is not None else "-"
        print(f"{name:24} {frame * 1000:>9.0f} ms {frame / b:>7.2f}x {ready:>13}")

    print("\nKeystroke to rendered results (typing: " + ", ".join(QUERIES) + ")")
    print(
        f"{'library':>10} {'keys':>5} {'results p50':>12} {'p95':>6} {'echo p50':>9} {'p95':>6} {'index ready':>12}"
    )
    sources = [(icml, work / "icml")]
    if args.large:
        sources.append(
            (corpus.corpus_source(args.large, work / "corpora"), work / f"large-{args.large}")
        )
    for source, data in sources:
        echo, results, ready, papers = await keystrokes(source, data)
        print(
            f"{papers:>10,} {len(results):>5} {_ms(results, 0.5):>9} ms {_ms(results, 0.95):>6}"
            f" {_ms(echo, 0.5):>6} ms {_ms(echo, 0.95):>6} {ready:>10.1f} s"
        )
    await list_table()


if __name__ == "__main__":
    asyncio.run(main())
