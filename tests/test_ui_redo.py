"""Z in the reader makes again the triage step z took back, said "Redone: …", and the
next z takes it back again; with nothing to redo it says so."""

from __future__ import annotations

from e2e_util import notices, settle, sync
from test_ui_changed_elsewhere import reader_app
from test_ui_triage import ids, saved, start, triage_app

from tuireader.system.paths import resolve
from tuireader.triage.store import Store


@sync
async def test_z_then_shift_z_brings_back_the_tag_and_the_decision():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("up", "t", *"cheap", "enter")
        await settle(pilot)
        await pilot.press("z", "z")
        await settle(pilot)
        assert saved(first).state == "new" and saved(first).tags == ()
        await pilot.press("Z")
        await settle(pilot)
        assert saved(first).state == "maybe" and saved(first).tags == ()
        assert screen.triage.state_of(first) == "maybe"
        said = [text for text in notices(app) if text.startswith("Redone")]
        assert len(said) == 1 and said[0].startswith("Redone: maybe again for 1 paper")
        await pilot.press("Z")
        await settle(pilot)
        assert saved(first).tags == ("cheap",) and screen.triage.tags.get(first) == ("cheap",)
        assert any(
            text.startswith("Redone: tag 'cheap' added again for 1 paper") for text in notices(app)
        )
        await pilot.press("Z")
        await settle(pilot)
        assert notices(app)[-1] == "Nothing to redo"
        # the step redone is undone again by z
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).tags == () and saved(first).state == "maybe"
        assert not screen.triage.tags.get(first)


@sync
async def test_shift_z_redoes_an_undo_made_on_the_command_line():
    app = reader_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        paper_id = ids(screen)[2]
        with Store.open(resolve().state_db) as command_line:
            command_line.set_state(paper_id, "skip")
            command_line.undo()
        screen.poll_triage()
        await settle(pilot)
        await pilot.press("Z")
        await settle(pilot)
        assert saved(paper_id).state == "skip" and screen.triage.state_of(paper_id) == "skip"
        said = [text for text in notices(app) if text.startswith("Redone")]
        assert len(said) == 1
        assert said[0].startswith("Redone a step undone on the command line: skipped again")


@sync
async def test_a_note_undone_and_redone_is_no_longer_kept_as_text_to_bring_back():
    # z keeps the note it took away for the next n ("n brings the text back"); once Z
    # put it back, it is the note, and no text is kept beside it
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("n", *"two lines", "enter", *"of thought", "ctrl+s")
        await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).note == "" and first in screen.triage.note_drafts
        await pilot.press("Z")
        await settle(pilot)
        assert saved(first).note == "two lines\nof thought"
        assert first not in screen.triage.note_drafts
        assert screen.triage.note_to_edit(first) == ("two lines\nof thought",) * 2
