"""A paper changed from the shell (``tuireader triage``, ``tuireader undo``) while the
reader runs is said "it stays open here, keys act on it" only when the viewer shows it:
on a narrow terminal the list hides the viewer until Enter, and the notice said so of
the highlighted row, which no viewer showed."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_changed_elsewhere import ids, logged, reader_app

import tuireader.ui.screens.main as main_screen
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.text import notice_title

OPEN = "it stays open here, keys act on it"


async def changed_from_the_shell(pilot, screen, paper_id: str) -> list[str]:  # type: ignore[no-untyped-def]
    """``paper_id`` kept as ``tuireader triage`` does: the notices said of it."""
    with Store.open(resolve().state_db) as shell:
        shell.set_state(paper_id, "kept")
    screen.poll_triage()
    await settle(pilot)
    # the notice comes on a timer after the change is read: a loaded machine may be
    # slower to it than the screen is to settle
    for _ in range(400):
        said = [line for line in logged(pilot.app) if line.startswith("Changed elsewhere")]
        if said:
            break
        await pilot.pause(0.05)
    await pilot.pause()
    return [line for line in logged(pilot.app) if line.startswith("Changed elsewhere")]


@sync
async def test_the_highlighted_row_of_a_narrow_list_is_said_changed_not_open(monkeypatch):
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 0.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter", "j")  # the list, the viewer hidden
        await settle(pilot)
        paper = screen.current_paper
        assert not screen.viewer.display
        said = await changed_from_the_shell(pilot, screen, paper.id)
        assert len(said) == 1, said
        title = notice_title(paper.title)
        assert f"“{title}” is now kept (on the command line)" in said[0]
        assert OPEN not in said[0]
        assert screen.current_paper.id == paper.id  # the row stays under the cursor


@sync
async def test_the_paper_the_narrow_viewer_shows_is_said_open(monkeypatch):
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 0.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter", "j", "enter")  # read in the viewer
        await settle(pilot)
        paper = screen.current_paper
        assert screen.viewer.display and app.focused is screen.viewer
        said = await changed_from_the_shell(pilot, screen, paper.id)
        assert len(said) == 1, said
        title = notice_title(paper.title)
        assert f"“{title}” is now kept (on the command line): {OPEN}" in said[0]


@sync
async def test_the_paper_a_wide_viewer_shows_beside_the_list_is_said_open(monkeypatch):
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 0.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter", "j")  # the list, the viewer beside it
        await settle(pilot)
        paper = screen.current_paper
        assert screen.viewer.display and screen.viewer.paper is paper
        said = await changed_from_the_shell(pilot, screen, paper.id)
        assert len(said) == 1, said
        assert OPEN in said[0]
        assert ids(screen)  # (the list still shows its rows)
