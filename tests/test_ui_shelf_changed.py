"""Lists added to the library or removed from it on the command line (``tuireader add``,
``remove``) while a reader runs: the reader reads the library's lists as it starts, and
said nothing of them; it kept showing the lists it started with, without a word. It says
so once, within a look (a second), in a notice kept in the run's notices (W)."""

from __future__ import annotations

import shutil
from pathlib import Path

from e2e_util import ready, settle, sync
from test_ui_app import SAMPLE

from tuireader.system import shelf
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, build_app

SHELF_CHANGED = (
    "Lists were added or removed on the command line: they show when you restart tuireader"
)


def lists(tmp_path: Path) -> tuple[Path, Path]:
    """Two list files, copies of the sample."""
    first, second = tmp_path / "lists" / "first.jsonl", tmp_path / "lists" / "second.jsonl"
    first.parent.mkdir()
    shutil.copy(SAMPLE, first)
    shutil.copy(SAMPLE, second)
    return first, second


def said_of_shelf(app: ReaderApp) -> list[str]:
    """What the run's notices (W) hold of lists added or removed."""
    return [said.text for said in app.notice_log.newest_first() if said.text == SHELF_CHANGED]


async def look(pilot) -> None:  # type: ignore[no-untyped-def]
    pilot.app.screen_stack[0].poll_triage()
    await settle(pilot)


@sync
async def test_a_list_added_while_the_reader_runs_is_said_once(tmp_path):
    first, second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False, library=[first])
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await look(pilot)
        assert said_of_shelf(app) == []
        shelf.add(paths, [second])
        await look(pilot)
        assert said_of_shelf(app) == [SHELF_CHANGED]
        shelf.remove(paths, [str(second)])  # and taken off again: said once all the same
        await look(pilot)
        shelf.remove(paths, [str(first)])
        await look(pilot)
        assert said_of_shelf(app) == [SHELF_CHANGED]


@sync
async def test_a_library_written_again_with_the_same_lists_is_not_said(tmp_path):
    first, second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False, library=[first])
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        shelf.add(paths, [second])
        shelf.remove(paths, [str(second)])  # between two looks: the lists are as they were
        await look(pilot)
        assert said_of_shelf(app) == []


@sync
async def test_lists_named_on_the_command_line_are_not_the_library(tmp_path):
    first, second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        shelf.add(paths, [second])
        await look(pilot)
        assert said_of_shelf(app) == []
