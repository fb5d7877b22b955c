"""The reader after its library changes (``tuireader add`` in another shell): the time
from the lists read again to the first rows of the query shown, and the first key's
search after it.

The reader runs on ICML 2024 (2,610 papers) and the real lists beside it (see
``corpus.py``; ``--real`` names their folder) with a query shown; a list is added to
the library and the reader looks, reads the lists again and opens their index. Reported
(median of the rounds): milliseconds from the lists read again to the query's first
rows on screen, how many hits that search read, and the first key's search after it
(its rows on screen, and the hits it read).

    python benchmarks/bench_reload.py [--rounds 5] [--query learning]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus

from tuireader.system import shelf
from tuireader.system.paths import resolve
from tuireader.ui.app import build_app
from tuireader.ui.screens.main import MainScreen

REAL = corpus.ROOT.parent / "shared" / "data" / "real"
ADDED = "pmlr_v199_collas2022.bib"


async def _until(pilot: Any, done: Any) -> None:
    while not done():
        await pilot.pause()


async def _settle(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def one_round(lists: list[Path], added: Path, query: str) -> dict[str, float]:
    paths = resolve()
    shelf.add(paths, lists)
    library = [entry.location for entry in shelf.load(paths).entries]
    app = build_app(lists, paths, show_timings=False, default_catalogs=False, library=library)
    waiting: dict[str, Any] = {}  # the search waited for: its rows' time, its hits
    taken = MainScreen._take_result
    reread = MainScreen.on_lists_reread
    engine_ready = MainScreen.on_engine_ready

    def on_ready(screen: MainScreen, message: Any) -> None:
        if not message.interim and "from" in waiting:
            waiting.setdefault("index", time.perf_counter())
        engine_ready(screen, message)

    def take(screen: MainScreen, message: Any) -> bool:
        shown = taken(screen, message)
        if shown and message.kind == "search" and "rows" not in waiting:
            waiting.update(
                rows=time.perf_counter(),
                read=len(message.result.hits),
                search=message.result.elapsed_ms,
            )
        return shown

    def on_reread(screen: MainScreen, message: Any) -> None:
        waiting.clear()
        waiting["from"] = time.perf_counter()
        reread(screen, message)

    MainScreen._take_result = take  # type: ignore[method-assign]
    MainScreen.on_lists_reread = on_reread  # type: ignore[method-assign]
    MainScreen.on_engine_ready = on_ready  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = pilot.app.screen
            await _until(pilot, lambda: screen.index_state == "ready")
            await pilot.press(*query)
            await _settle(pilot)
            screen.action_focus_results()
            await pilot.pause()
            shelf.add(paths, [added])
            waiting["rows"] = None  # (none taken until the lists are read again)
            screen.poll_triage()
            await _until(pilot, lambda: waiting.get("rows") is not None)
            first = dict(waiting)
            await _settle(pilot)
            screen.search_box.focus()
            await pilot.pause()
            waiting.clear()
            waiting["from"] = time.perf_counter()
            await pilot.press("s")
            await _until(pilot, lambda: "rows" in waiting)
            key = dict(waiting)
            await _settle(pilot)
    finally:
        MainScreen._take_result = taken  # type: ignore[method-assign]
        MainScreen.on_lists_reread = reread  # type: ignore[method-assign]
        MainScreen.on_engine_ready = engine_ready  # type: ignore[method-assign]
    return {
        "first_ms": (first["rows"] - first["from"]) * 1000,
        "index_ms": (first["rows"] - first["index"]) * 1000,
        "first_read": first["read"],
        "first_search": first["search"],
        "key_ms": (key["rows"] - key["from"]) * 1000,
        "key_read": key["read"],
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--query", default="learning")
    parser.add_argument("--real", type=Path, default=REAL)
    args = parser.parse_args()
    icml = corpus.icml_path()
    if icml is None or not args.real.is_dir():
        raise SystemExit("benchmark data not found (set TUIREADER_ICML, --real)")
    added = args.real / ADDED
    others = sorted(p for p in args.real.iterdir() if p.is_file() and p.name != ADDED)
    lists = [icml, *(p for p in others if p.suffix in (".json", ".jsonl", ".bib"))]

    results = []
    for _ in range(args.rounds):
        home = Path(tempfile.mkdtemp(prefix="tuireader-bench-reload-"))
        os.environ["TUIREADER_HOME"] = str(home)
        try:
            results.append(await one_round(lists, added, args.query))
        finally:
            shutil.rmtree(home, ignore_errors=True)
    print(f"{len(lists)} lists ({icml.name} and the real lists), query {args.query!r}, ")
    print(f"{args.rounds} rounds, medians")
    for name, unit in (
        ("first_ms", "ms  lists read again -> the query's first rows"),
        ("index_ms", "ms  of it, from the new index open -> those rows"),
        ("first_read", "hits read by that search"),
        ("first_search", "ms  that search took (the engine's own time)"),
        ("key_ms", "ms  the first key after it -> its rows"),
        ("key_read", "hits read by the key's search"),
    ):
        print(f"{statistics.median(r[name] for r in results):10.1f} {unit}")


if __name__ == "__main__":
    asyncio.run(main())
