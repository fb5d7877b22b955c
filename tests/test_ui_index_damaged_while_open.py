"""An index found damaged while the reader searches it: the status line says so and that
it is being rebuilt, the query's results come from a scan of the library meanwhile (never
the previous query's beside the new one), and the index's once it is back, the status
line saying it was rebuilt."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from e2e_util import ready, settle, sync, until
from test_faults_index import _fails_once
from test_ui_app import make_app

from tuireader.search import engine as tengine


def _papers(folder: Path) -> Path:
    """More papers on diffusion than the list's first hits (the rest come after)."""
    path = folder / "many.jsonl"
    records = [
        {
            "title": f"Diffusion models for walrus tracking, part {n}"
            if n % 4
            else f"Adversarial walruses, part {n}",
            "abstract": f"Study {n} of walruses and their habits.",
            "year": 2024,
        }
        for n in range(1, 181)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@sync
async def test_an_index_damaged_while_open_is_rebuilt_behind_a_scan(tmp_path, monkeypatch):
    app = make_app(_papers(tmp_path))
    hold, gate = threading.Event(), threading.Event()
    real_open = tengine.open_index

    def held_open(*args, **kwargs):  # type: ignore[no-untyped-def]
        if hold.is_set():  # the rebuild, once the index is found damaged
            gate.wait(10)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(tengine, "open_index", held_open)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await ready(pilot)
            await pilot.press(*"adversarial")
            await settle(pilot)
            before = {row.paper.id for row in screen.results.rows}
            assert len(before) == 45 and screen.displayed_query == "adversarial"
            hold.set()
            _fails_once(monkeypatch)  # the index's files fail as damaged ones do
            await pilot.press(*["backspace"] * len("adversarial"), *"diffusion")
            await until(pilot, lambda: screen.displayed_query == "diffusion")
            listed = [p.id for p in screen.library.papers if "Diffusion" in p.title]
            assert len(listed) == 135
            # never the previous query's papers beside the new query: nothing yet, or
            # the scan's, in list order
            shown = [row.paper.id for row in screen.results.rows]
            assert shown == listed[: len(shown)] and not set(shown) & before
            assert "damaged" in screen.message and "rebuilding" in screen.message
            assert screen.index_state == "rebuilding"  # not "ready"
            # the scan's, once the papers' words are read
            await until(pilot, lambda: "list order" in screen.message)
            await until(pilot, lambda: len(screen.results.rows) == len(listed))
            assert [row.paper.id for row in screen.results.rows] == listed
            assert screen.displayed_query == "diffusion"
            assert "damaged" in screen.message and "rebuilding" in screen.message
            gate.set()
            await until(pilot, lambda: "rebuilt it" in screen.message)
            await settle(pilot)
            await until(pilot, lambda: len(screen.results.rows) == len(listed))
            await settle(pilot)
            # the index's hits, all of them, and the status line still says it was rebuilt
            assert sorted(row.paper.id for row in screen.results.rows) == sorted(listed)
            assert "rebuilt it" in screen.message, screen.message
            assert getattr(screen.engine, "rebuilding", None) is None
            assert screen.index_state == "ready"
    finally:
        gate.set()
