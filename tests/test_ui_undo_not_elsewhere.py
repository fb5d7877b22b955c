"""The reader's own undo of a step made on the command line is not said back to it as a
change made elsewhere."""

from __future__ import annotations

from e2e_util import settle, sync
from test_ui_changed_elsewhere import ids, logged, reader_app, saved
from test_ui_triage import start

import tuireader.ui.screens.main as main_screen
from tuireader.system.paths import resolve
from tuireader.triage.store import Store


@sync
async def test_z_on_a_step_of_the_command_line_is_not_said_as_changed_elsewhere(monkeypatch):
    # 'tuireader triage ID --state skip', then z within the moment the reader gathers the
    # changes made elsewhere: "Undone a step made on the command line…", then "1 paper
    # changed on the command line: shown here as saved there", as if the skip came back
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 30.0, raising=False)
    monkeypatch.setattr(main_screen, "ELSEWHERE_LONGEST", 60.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        paper_id = ids(screen)[3]  # not the paper open
        with Store.open(resolve().state_db) as command_line:
            command_line.set_state(paper_id, "skip")
        screen.poll_triage()
        await settle(pilot)
        assert screen.triage.state_of(paper_id) == "skip"
        await pilot.press("z")
        await settle(pilot)
        assert saved(paper_id) == "new" and screen.triage.state_of(paper_id) == "new"
        screen._say_elsewhere()  # as its timer does once the changes stop coming
        await settle(pilot)
        said = logged(app)
        assert any("Undone a step made on the command line" in line for line in said), said
        assert not [line for line in said if line.startswith("Changed elsewhere")], said


@sync
async def test_a_change_on_the_command_line_the_reader_did_not_undo_is_still_said(monkeypatch):
    monkeypatch.setattr(main_screen, "ELSEWHERE_GATHER", 30.0, raising=False)
    monkeypatch.setattr(main_screen, "ELSEWHERE_LONGEST", 60.0, raising=False)
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[3:5]
        with Store.open(resolve().state_db) as command_line:
            command_line.set_state(first, "skip")
            command_line.set_state(second, "maybe")
        screen.poll_triage()
        await settle(pilot)
        await pilot.press("z")  # takes back the second step only
        await settle(pilot)
        assert saved(first) == "skip" and saved(second) == "new"
        screen._say_elsewhere()
        await settle(pilot)
        said = [line for line in logged(app) if line.startswith("Changed elsewhere")]
        assert said == [
            "Changed elsewhere: 1 paper changed on the command line: shown here as saved there"
        ]
