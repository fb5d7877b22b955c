"""SVG snapshots of the reader at 80×24 and 120×40 (no timings: deterministic)."""

from __future__ import annotations

from pathlib import Path

from e2e_util import ready

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, Services

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "icml_sample.jsonl"


def sample_app(theme: str = "dark") -> ReaderApp:
    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
    )
    return ReaderApp(services, show_timings=False, theme=theme)


def then(*keys: str):  # type: ignore[no-untyped-def]
    """Wait for the library and the engine, press ``keys``, wait for the results."""

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await ready(pilot)
        await pilot.press(*keys)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()

    return run_before


def test_wide_search_results_and_viewer(snap_compare):
    assert snap_compare(
        sample_app(), terminal_size=(120, 40), run_before=then(*"diffusion", "enter")
    )


def test_narrow_list(snap_compare):
    assert snap_compare(sample_app(), terminal_size=(80, 24), run_before=then("down", "j"))


def test_narrow_viewer(snap_compare):
    assert snap_compare(
        sample_app(), terminal_size=(80, 24), run_before=then(*"transformers", "enter", "enter")
    )


def test_help_screen(snap_compare):
    assert snap_compare(
        sample_app(), terminal_size=(120, 40), run_before=then("tab", "question_mark")
    )


def test_light_theme(snap_compare):
    assert snap_compare(
        sample_app("light"), terminal_size=(120, 40), run_before=then(*"quantization", "tab")
    )
