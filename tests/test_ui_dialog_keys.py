"""Pilot tests of the keys the dialogs take: the list's letters (j k g G) move through a
menu and scroll the help, the load warnings and a text to copy by hand, as they move
through the list and scroll the viewer; the help lists them."""

from __future__ import annotations

from e2e_util import app_text, settle, sync
from test_ui_copy import make_app, tmux_clipboard, to_paper
from textual.containers import VerticalScroll
from textual.widgets import OptionList, TextArea

from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.manual_copy import ManualCopyScreen
from tuireader.ui.screens.pick import PickScreen
from tuireader.ui.screens.problems import ProblemsScreen


@sync
async def test_the_citation_menu_moves_with_j_k_g_and_G(tmp_path):
    # "Yjj⏎" copied BibTeX: j did nothing in the menu
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y", "j", "j", "enter")  # in one burst, as typed
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert tmux.buffers and tmux.buffers[0].startswith("Zhou, Y., Han, Y.")  # APA 7
        await pilot.press("Y")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        options = app.screen.query_one(OptionList)
        last = options.option_count - 1
        for key, highlighted in (("G", last), ("k", last - 1), ("g", 0), ("j", 1)):
            await pilot.press(key)
            await pilot.pause()
            assert options.highlighted == highlighted, key
        await pilot.press("3")  # a number still picks at once, wherever the highlight is
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert tmux.buffers[1] == tmux.buffers[0]


@sync
async def test_the_load_warnings_scroll_with_j_k_g_and_G(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        problems = [
            f"list{n}.json: skipped a record with neither title nor abstract" for n in range(60)
        ]
        app.push_screen(ProblemsScreen(problems))
        await pilot.pause()
        body = app.screen.query_one("#problems-body", VerticalScroll)
        assert body.max_scroll_y > 3
        for key, row in (("j", 1), ("j", 2), ("k", 1), ("G", body.max_scroll_y), ("g", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert body.scroll_y == row, key
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


@sync
async def test_the_help_scrolls_to_its_end_and_back_with_G_and_g(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        body = app.screen.query_one("#help-body", VerticalScroll)
        await pilot.press("G")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y > 0
        assert "closes this screen" in app_text(app)
        await pilot.press("k", "g")
        await pilot.pause()
        assert body.scroll_y == 0


@sync
async def test_a_text_to_copy_by_hand_scrolls_with_j_and_G_and_stays_selected(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        text = "\n".join(f"https://github.com/example/{n}" for n in range(60))
        app.push_screen(ManualCopyScreen(text, "code links", tmp_path / "last-copy.txt"))
        await pilot.pause()
        area = app.screen.query_one(TextArea)
        assert area.selected_text == text and area.max_scroll_y > 0
        await pilot.press("j", "j")
        await pilot.pause()
        assert area.scroll_y == 2
        await pilot.press("G")
        await pilot.pause()
        assert area.scroll_y == area.max_scroll_y
        await pilot.press("g")
        await pilot.pause()
        assert area.scroll_y == 0
        assert area.selected_text == text  # still all of it, ready to copy


@sync
async def test_the_help_lists_the_keys_of_the_menus_and_dialogs(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("question_mark")
        await settle(pilot)
        text = app.screen.help_text().plain
        menus = text[text.index("\nMenus (") + 1 :]
        menus = menus[: menus.index("\n\n")]
        for key, description, binding_id in (
            ("j", "Next choice", "pick.next"),
            ("k", "Previous choice", "pick.previous"),
            ("g", "First choice", "pick.first"),
            ("G", "Last choice", "pick.last"),
            ("esc", "Cancel", "pick.cancel"),
            ("1–9", "Pick that choice at once", None),
        ):
            row = next(line for line in menus.splitlines() if f" {description}" in line)
            keys = [shown.strip() for shown in row[: row.index(description)].split(",")]
            assert key in keys, row
            assert binding_id is None or row.endswith(binding_id), row
        for heading, place in (("Load warnings", "problems"), ("Copy by hand", "manual")):
            section = text[text.index(f"\n{heading}") + 1 :]
            section = section[: section.index("\n\n")]
            for binding_id in ("down", "up", "top", "bottom"):
                assert f"{place}.{binding_id}" in section, (heading, binding_id)
        assert "help.top" in text and "note.save" in text


@sync
async def test_f1_opens_the_help_over_every_menu_editor_and_dialog(tmp_path):
    # F1 did nothing in the note editor, the tag editor or a menu, where the footer, the
    # help and the README said it works anywhere
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        dialogs = {"n": NoteEditor, "t": TagEditor, "U": PickScreen, "O": PickScreen}
        dialogs |= {"Y": PickScreen}
        for key, kind in dialogs.items():
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, kind), key
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen), key
            # the keys of the list are the help's, also opened over a dialog
            assert "Anywhere" in app.screen.help_text().plain
            assert "palette" in app.screen.help_text().plain
            await pilot.press("f1")  # closes it: back in the dialog
            await pilot.pause()
            assert isinstance(app.screen, kind), key
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, MainScreen), key
        for dialog in (
            ProblemsScreen(["list.json: skipped a record"]),
            ManualCopyScreen("https://github.com/example/1", "code links", None),
        ):
            app.push_screen(dialog)
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen), dialog
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is dialog
            await pilot.press("escape")
            await pilot.pause()
        # the text typed in the editor is still there after the help
        await pilot.press("n", *"half a thought", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        assert app.screen.query_one(TextArea).text == "half a thought"


def help_section(text: str, heading: str) -> list[str]:
    """The rows of the help's section under ``heading``."""
    text = "\n" + text
    section = text[text.index(f"\n{heading}") + 1 :]
    return section[: section.index("\n\n")].splitlines()[1:]


def keys_of(rows: list[str], description: str) -> list[str]:
    """The keys of the row that says ``description``."""
    row = next(line for line in rows if f"  {description}" in line)
    return [key.strip() for key in row[: row.index(f"  {description}")].split(",")]


@sync
async def test_the_help_lists_every_key_the_editors_take(tmp_path):
    # the tag editor's section listed esc alone, while the editor says "Enter saves ·
    # Escape cancels · Right accepts a completion"
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("f1")
        await settle(pilot)
        text = app.screen.help_text().plain
        tags = help_section(text, "Tag editor")
        assert keys_of(tags, "Save") == ["⏎"]
        assert keys_of(tags, "Accept the completion shown") == ["→"]
        assert keys_of(tags, "Cancel") == ["esc"]
        notes = help_section(text, "Note editor")
        assert keys_of(notes, "Save") == ["^s"] and keys_of(notes, "New line") == ["⏎"]
        assert keys_of(notes, "Undo, redo typing") == ["^z", "^y"]
        for heading in ("Menus", "Tag editor", "Note editor", "Load warnings", "Copy by hand"):
            assert keys_of(help_section(text, heading), "Help") == ["f1"], heading
        assert "Escape, q, ? or F1 closes this screen." in text


@sync
async def test_the_help_says_where_escape_does_what(tmp_path):
    # esc was listed under "Anywhere" as "Back from More like this", while the search
    # box clears the query with it and the viewer goes back to the list
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("f1")
        await settle(pilot)
        text = app.screen.help_text().plain
        anywhere = help_section(text, "Anywhere")
        where = " (in the results list; in the search box and the viewer, see there)"
        assert keys_of(anywhere, f"Back from More like this{where}") == ["esc"]
        assert keys_of(anywhere, f"Clear marks{where}") == ["esc"]
        assert keys_of(anywhere, "Quit") == ["q", "^q"]  # no pane takes these
        assert keys_of(help_section(text, "Search box"), "Clear / leave") == ["esc"]
        assert keys_of(help_section(text, "Viewer"), "Back to list") == ["esc"]
