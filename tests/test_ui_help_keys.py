"""The help lists the keys each place takes beside those its bindings name: the page keys
of the help and the load warnings, the search box's editing keys, the link digits."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_app import SAMPLE, make_app

from tuireader.ui.screens.help import HelpScreen


def section(text: str, heading: str) -> str:
    """The rows of the help under ``heading``, up to the blank line after them."""
    rows = text[text.index(f"\n{heading}\n") + 1 :]
    return rows[: rows.index("\n\n")]


async def help_text(pilot) -> str:  # type: ignore[no-untyped-def]
    await pilot.press("question_mark")
    await settle(pilot)
    assert isinstance(pilot.app.screen, HelpScreen)
    return pilot.app.screen.help_text().plain


@sync
async def test_the_help_lists_the_page_keys_that_scroll_it_and_the_load_warnings():
    # PgUp and PgDn page through the help at 80×24 (its scrolling frame took them), unlisted
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        text = await help_text(pilot)
        for heading, place in (("This help", "help"), ("Load warnings", "problems")):
            rows = section(text, heading)
            assert f"pgdn Page down {place}.page_down" in " ".join(rows.split()), rows
            assert f"pgup Page up {place}.page_up" in " ".join(rows.split()), rows
        body = app.screen.query_one("#help-body")
        await pilot.press("pagedown")
        await settle(pilot)
        paged = body.scroll_y
        assert paged > 1
        await pilot.press("pageup")
        await settle(pilot)
        assert body.scroll_y == 0


@sync
async def test_the_help_lists_the_search_boxs_editing_keys_and_the_link_digits():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        text = await help_text(pilot)
        box = " ".join(section(text, "Search box").split())
        assert "^w, ^⌫, alt+⌫ Delete the word before the cursor" in box, box
        assert "alt+del Delete the word after the cursor" in box, box
        assert "^u Delete all before the cursor" in box, box
        assert "←, → Move the cursor" in box, box
        assert "home, ^a Move the cursor to the start" in box, box
        assert "end, ^e Move the cursor to the end" in box, box
        for heading in ("Results list", "Viewer"):
            rows = " ".join(section(text, heading).split())
            assert "1–9 Copy link N, as numbered in the viewer" in rows, rows


@sync
async def test_the_help_lists_tab_among_the_search_boxs_keys_to_the_results():
    # it listed "⏎, ↓ To results" alone, though Tab goes there too
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert app.focused is screen.search_box
        await pilot.press("f1")  # (a ? is typed in the box)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        box = " ".join(section(app.screen.help_text().plain, "Search box").split())
        assert "⏎, ↓, tab To results search.leave" in box, box
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is screen.search_box
        await pilot.press("tab")  # and it does go there
        await settle(pilot)
        assert app.focused is screen.results


def bound_keys(widget: type) -> dict[str, str]:
    """Every key the bindings of ``widget`` take, with its action, up to Textual's text
    box it is (Input, TextArea): the scroll keys of the container beneath (a one-line
    box scrolls no page) are left out, and so are the macOS Command keys (``super+``),
    which do as their Ctrl keys do."""
    from textual.binding import Binding

    classes = []
    for cls in widget.__mro__:
        classes.append(cls)
        if cls.__module__.startswith("textual.widgets"):
            break
    keys: dict[str, str] = {}
    for cls in reversed(classes):
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding):
                keys.update((k.strip(), binding.action) for k in binding.key.split(","))
    return {key: action for key, action in keys.items() if not key.startswith("super+")}


@sync
async def test_the_help_lists_every_key_the_search_box_and_the_editors_take():
    # the search box and the tag editor take ^a ^e ^k ^← ^→ del ^x ^c ^v and Shift to
    # select, the note editor PgUp, F6, ^⇧k, alt+del too, the text to copy by hand its
    # arrows, F6 and F7: the help named a few of each
    from textual.binding import Binding

    from tuireader.ui.screens.edit import NoteArea, TagInput
    from tuireader.ui.screens.help import MANUAL_COPY, NOTE_EDITOR, TAG_EDITOR
    from tuireader.ui.screens.manual_copy import TextToCopy
    from tuireader.ui.widgets.search import SearchBox

    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        text = await help_text(pilot)
        for heading, widget in (
            ("Search box", SearchBox),
            (TAG_EDITOR, TagInput),
            (NOTE_EDITOR, NoteArea),
            (MANUAL_COPY, TextToCopy),
        ):
            # the text to copy by hand is read-only: the keys that edit do nothing there
            read_only = widget is TextToCopy
            edits = ("delete", "cut", "paste", "undo", "redo")
            rows = section(text, heading).splitlines()
            shown = {
                key.strip()
                for row in rows
                if row.startswith("  ") and not row.startswith("    ")
                for key in row.strip().split("  ")[0].split(", ")
            }
            shift = [row for row in rows if "Shift" in row and "select" in row]
            for key, action in sorted(bound_keys(widget).items()):
                if read_only and action.startswith(edits):
                    continue
                if action.endswith("(True)"):  # a key that moves, with Shift: selects
                    assert shift, (heading, rows)
                    continue
                display = app.get_key_display(Binding(key, "x"))
                assert display in shown, (heading, key, display, rows)


@sync
async def test_the_word_keys_the_help_lists_delete_the_word_it_says():
    # "^⌫, alt+⌫: Delete the word after the cursor", where alt+⌫ deleted the word before
    # (sent as Escape, Backspace) or, from a terminal that reports keys whole, after
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        box = screen.search_box
        for key, left in (
            ("alt+backspace", "alpha gamma"),
            ("ctrl+backspace", "alpha gamma"),
            ("ctrl+w", "alpha gamma"),
            ("alt+delete", "alpha beta "),
        ):
            box.value = "alpha beta gamma"
            box.cursor_position = len("alpha beta ")
            await pilot.press(key)
            await settle(pilot)
            assert box.value == left, key


@sync
async def test_the_help_says_where_the_cursor_goes_after_a_decision_not_saved():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        text = " ".join((await help_text(pilot)).split())
        assert "A decision that could not be saved brings the cursor back to its paper" in text
