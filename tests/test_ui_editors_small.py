"""Pilot tests of the tag and note editors on small terminals (40×12) and at 80×24, a
notice shown: what is typed and the line that says the keys are on screen, whole."""

from __future__ import annotations

import pytest
from e2e_util import app_text, settle, sync
from test_ui_copy import make_app, tmux_clipboard, to_paper
from test_ui_dialogs_fit import lasting, notices_placed, shown, whole
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, TextArea

from tuireader.ui.screens.edit import NoteEditor, TagEditor

SIZES = [(40, 12), (80, 24)]


def assert_clear_of_notices(screen: Screen, widgets: list[Widget]) -> None:
    """``widgets`` are drawn whole, and no notice drawn covers any of them; the newest
    notice is drawn whole (on a short terminal the others are not drawn)."""
    drawn = [
        toast
        for toast in screen.query("Toast")
        if toast.parent is not None and toast.parent.display and shown(toast)
    ]
    assert drawn and whole(drawn[-1]), [(t.region, shown(t)) for t in drawn]
    for widget in widgets:
        assert whole(widget), (widget, widget.region, shown(widget))
        for toast in drawn:
            assert not shown(toast).overlaps(widget.region), (widget, shown(toast))


TAGS = "reading-group, robotics, to-cite, survey-2024"


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_tag_editor_keeps_its_input_and_keys_in_view_under_a_notice(tmp_path, size):
    # at 40x12 the title took three rows and the notice of a copy the bottom ones: the
    # input and the line of keys under it were cut off
    clipboard, _ = tmux_clipboard(tmp_path)
    app = lasting(make_app(clipboard))
    async with app.run_test(size=size, notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("t", *TAGS, "enter")  # tags in use, named by the hint
        await settle(pilot)
        await pilot.press("u")  # a notice
        await settle(pilot)
        await pilot.press("t")
        await notices_placed(pilot)
        editor = app.screen
        assert isinstance(editor, TagEditor)
        [keys] = [label for label in editor.query(Label) if "Enter saves" in str(label.content)]
        assert_clear_of_notices(editor, [field := editor.query_one("#tags-input", Input), keys])
        assert field.content_region.height >= 1
        await pilot.press(*"later")
        await pilot.pause()
        assert field.value.endswith(", later") and "later" in app_text(app)
        # the keys said whole, and the tags in use at least begun
        shown = " ".join(app_text(app).split())
        assert "Enter saves · Escape cancels · Right accepts a completion" in " ".join(
            row[keys.region.x : keys.region.right].strip()
            for row in app_text(app).splitlines()[keys.region.y : keys.region.bottom]
        ), shown
        assert "in use: reading-group" in shown, shown


@pytest.mark.parametrize(("size", "rows"), [((40, 12), 4), ((80, 24), 8)])
@sync
async def test_the_note_editor_keeps_rows_for_the_text_under_a_notice(tmp_path, size, rows):
    # at 40x12 a notice half the screen wide took five rows: the text box kept two
    clipboard, _ = tmux_clipboard(tmp_path)
    app = lasting(make_app(clipboard))
    async with app.run_test(size=size, notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")  # a notice
        await settle(pilot)
        await pilot.press("n")
        await notices_placed(pilot)
        editor = app.screen
        assert isinstance(editor, NoteEditor)
        area = editor.query_one("#note-input", TextArea)
        assert_clear_of_notices(editor, [area])
        assert area.scrollable_content_region.height >= rows, area.region
        await pilot.press(*"see the appendix", "enter", *"and the code")
        await pilot.pause()
        text = app_text(app)
        assert "see the appendix" in text and "and the code" in text, text
        # the keys: said by the footer, or the editor's own line
        assert "Save" in text.splitlines()[-1] or "Ctrl+S saves" in text, text
