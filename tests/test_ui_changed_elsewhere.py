"""Pilot tests of changes made elsewhere (a second reader, ``tuireader triage`` from a
shell) while a reader runs: the paper open stays, and what changed is said once."""

from __future__ import annotations

import pytest
from e2e_util import app_text, ready, settle, sync, widget_text
from test_ui_app import SAMPLE, make_app

import tuireader.ui.screens.main as main_screen
from tuireader.system.paths import resolve
from tuireader.triage.store import Store, reader_origin
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.text import notice_title


def reader_app() -> ReaderApp:
    """A reader whose triage file tells its own actions from others', as a run's does."""
    path = resolve().ensure().state_db

    def open_store() -> Store:
        store = Store.open(path)
        store.origin = reader_origin()
        return store

    app = make_app(SAMPLE)
    app.services = Services(
        load_library=app.services.load_library,
        open_engine=app.services.open_engine,
        open_store=open_store,
    )
    return app


def another_reader() -> Store:
    store = Store.open(resolve().state_db)
    store.origin = reader_origin() + "x"
    return store


def ids(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.paper.id for row in screen.results.rows]


def logged(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The run's notices, as W lists them (oldest first)."""
    return [f"{said.title}: {said.text}" for said in reversed(app.notice_log.newest_first())]


def saved(paper_id: str) -> str:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.get(paper_id).state


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@sync
async def test_the_paper_open_stays_when_another_reader_decides_it(size, monkeypatch):
    # Under 'is:new', the paper read in the viewer skipped in a second window: within a
    # look the viewer showed the next paper with no word, and the next key decided that
    # paper, one the user never read.
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 0.0, raising=False)
    app = reader_app()
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter")  # to the list
        await settle(pilot)
        every = ids(screen)
        await pilot.press("j", "enter")  # the second paper, read in the viewer
        await settle(pilot)
        assert app.focused is screen.viewer
        open_id = screen.current_paper.id
        assert open_id == every[1]
        with another_reader() as other:
            other.set_state(open_id, "skip")
            other.set_state(every[3], "kept")
        screen.poll_triage()
        await settle(pilot)
        assert screen.current_paper.id == open_id
        assert open_id in ids(screen) and every[3] not in ids(screen)
        viewer = widget_text(app, screen.viewer)
        assert "skipped (decided" in viewer and "decided in another reader" in viewer
        title = notice_title(screen.current_paper.title)
        said = [line for line in logged(app) if line.startswith("Changed elsewhere")]
        assert len(said) == 1, logged(app)
        assert f"“{title}” is now skipped (in another reader)" in said[0]
        assert "1 more paper changed in another reader" in said[0]
        await pilot.press("s")  # on the paper shown
        await settle(pilot)
        assert saved(open_id) == "kept"
        assert "decided in another reader" not in widget_text(app, screen.viewer)


@sync
async def test_the_highlighted_row_stays_in_the_list_when_decided_elsewhere():
    app = reader_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter")
        await settle(pilot)
        every = ids(screen)
        await pilot.press("j", "j")
        await settle(pilot)
        with Store.open(resolve().state_db) as shell:  # as `tuireader triage` does
            shell.set_state(every[2], "skip")
        screen.poll_triage()
        await settle(pilot)
        assert screen.current_paper.id == every[2] and ids(screen) == every
        await pilot.press("slash", "ctrl+e", "space", "enter")  # the query run again
        await settle(pilot)
        assert every[2] not in ids(screen)


@sync
async def test_changes_made_elsewhere_are_said_once_and_kept_in_the_notices(monkeypatch):
    # another window, a shell's triage, note and import changed papers shown: W said
    # "No notices yet in this run."
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 0.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        every = ids(screen)
        with Store.open(resolve().state_db) as shell:
            shell.set_state(every[4], "skip")
            shell.set_note(every[5], "read the appendix")
            shell.add_tag(every[6], "later")
        screen.poll_triage()
        await settle(pilot)
        said = [line for line in logged(app) if line.startswith("Changed elsewhere")]
        assert said == [
            "Changed elsewhere: 3 papers changed on the command line: shown here as saved there"
        ]
        screen.poll_triage()  # a look that finds nothing says nothing
        await settle(pilot)
        with Store.open(resolve().state_db) as shell:
            shell.undo()  # the tag taken back: no action of it is left to tell where
        with another_reader() as other:
            other.set_state(every[7], "maybe")
        screen.poll_triage()
        await settle(pilot)
        said = [line for line in logged(app) if line.startswith("Changed elsewhere")]
        assert len(said) == 2
        assert said[1].startswith("Changed elsewhere: 2 papers changed in another reader")
        screen.action_focus_results()
        await pilot.press("W")
        await settle(pilot)
        assert "2 papers changed in another reader" in app_text(app)


@sync
async def test_a_second_reader_deciding_paper_after_paper_is_one_notice(monkeypatch):
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 30.0, raising=False)
    monkeypatch.setattr(main_screen, "ELSEWHERE_LONGEST", 60.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        every = ids(screen)
        for paper_id in every[3:6]:
            with another_reader() as other:
                other.set_state(paper_id, "skip")
            screen.poll_triage()
            await settle(pilot)
        assert not [line for line in logged(app) if line.startswith("Changed elsewhere")]
        screen._say_elsewhere()  # as its timer does once the changes stop coming
        said = [line for line in logged(app) if line.startswith("Changed elsewhere")]
        assert said == [
            "Changed elsewhere: 3 papers changed in another reader: shown here as saved there"
        ]
