"""Regenerate docs/screenshot.svg: the reader at 120x40 on the test sample, searching.

Run: ``python docs/make_screenshot.py`` (uses a temporary data folder).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "fixtures" / "ui" / "icml_sample.jsonl"


async def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["TUIREADER_HOME"] = home
        from tuireader.ingest.library import load_library
        from tuireader.search.engine import open_engine
        from tuireader.system.paths import resolve
        from tuireader.ui.app import ReaderApp, Services

        services = Services(
            load_library=lambda: load_library([SAMPLE]),
            open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
        )
        app = ReaderApp(services, show_timings=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            while screen.engine is None:
                await pilot.pause()
            await pilot.press(*"transformer")
            await app.workers.wait_for_complete()
            await pilot.press("enter", "j")
            await pilot.pause()
            (ROOT / "docs" / "screenshot.svg").write_text(
                app.export_screenshot(title="tuireader"), encoding="utf-8"
            )


if __name__ == "__main__":
    asyncio.run(main())
