"""An editor that opens again with text kept from an earlier edit (left with Escape)
shows that text selected, as the search box selects its query on ``/``: what is typed
next replaces it. The tag editor opened with the draft and the cursor at its end, and
keys typed in a burst after t were joined onto it: ``quant`` left with Escape, then
``quantization`` typed, tagged the papers ``quantquantization``."""

from __future__ import annotations

from e2e_util import settle, sync
from test_ui_triage import ids, open_editor, saved, start, triage_app

from tuireader.ui.screens.edit import NoteEditor, TagEditor


@sync
async def test_tags_typed_in_a_burst_replace_the_draft_kept_for_marked_papers():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second, third = ids(screen)[:3]
        await pilot.press("space", "space", "space")
        await settle(pilot)
        await pilot.press("t", *"quant", "escape")
        await settle(pilot)
        await pilot.press("t", *"quantization, related-work", "enter")
        await settle(pilot)
        for paper_id in (first, second, third):
            assert saved(paper_id).tags == ("quantization", "related-work")


@sync
async def test_the_draft_comes_back_selected_and_right_keeps_it():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("t", *"quant", "escape")
        await settle(pilot)
        editor = await open_editor(pilot, "t", TagEditor)
        field = editor.query_one("#tags-input")
        assert field.value == "quant"
        assert tuple(field.selection) == (0, 5)
        # the arrow ends the selection at its end: what is typed goes on from there
        await pilot.press("right", *"ization", "enter")
        await settle(pilot)
        assert saved(first).tags == ("quantization",)


@sync
async def test_tags_typed_in_a_burst_replace_the_draft_and_keep_the_tags_saved():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("t", *"saved", "enter")
        await settle(pilot)
        await pilot.press("t", *"quant", "escape")
        await settle(pilot)
        editor = await open_editor(pilot, "t", TagEditor)
        field = editor.query_one("#tags-input")
        # the tags saved stay as the editor opens with them; what was typed is selected
        assert field.value == "saved, quant"
        assert tuple(field.selection) == (len("saved, "), len("saved, quant"))
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t", *"quantization", "enter")
        await settle(pilot)
        assert saved(first).tags == ("quantization", "saved")  # in order


@sync
async def test_a_note_typed_in_a_burst_replaces_the_draft_kept_with_escape():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("n", *"first", "ctrl+s")
        await settle(pilot)
        await pilot.press("n", *" draft", "escape")
        await settle(pilot)
        editor = await open_editor(pilot, "n", NoteEditor)
        area = editor.query_one("#note-input")
        assert area.text == "first draft"
        assert area.selected_text == " draft"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("n", *" thought", "ctrl+s")
        await settle(pilot)
        assert saved(first).note == "first thought"


def hint(editor, widget_id: str) -> str:  # type: ignore[no-untyped-def]
    return str(editor.query_one(widget_id).content)


@sync
async def test_the_editors_say_that_right_keeps_the_draft_shown_selected():
    from test_ui_help_keys import help_text, section

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        editor = await open_editor(pilot, "t", TagEditor)
        assert "keeps the text brought back" not in hint(editor, "#tags-keys")  # no draft
        await pilot.press(*"quant", "escape")
        await settle(pilot)
        editor = await open_editor(pilot, "t", TagEditor)
        said = hint(editor, "#tags-keys")
        assert "Right keeps the text brought back (typing replaces it)" in said
        assert "accepts a completion" in said
        await pilot.press("escape")
        await settle(pilot)
        editor = await open_editor(pilot, "n", NoteEditor)
        assert "keeps the text brought back" not in hint(editor, "#note-keys")
        await pilot.press(*"draft", "escape")
        await settle(pilot)
        editor = await open_editor(pilot, "n", NoteEditor)
        assert "Right keeps the text brought back (typing replaces it)" in hint(
            editor, "#note-keys"
        )
        await pilot.press("escape")
        await settle(pilot)
        text = await help_text(pilot)
        for heading in ("Tag editor", "Note editor"):
            rows = " ".join(section(text, heading).split())
            assert "keep the text brought back" in rows or "keeps the text brought back" in rows
