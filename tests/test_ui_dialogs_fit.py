"""Pilot tests of the dialogs at 80×24 and 120×40: what a dialog offers is on screen or a
scroll away, never cut off, and notices never hide a picker's choices, an editor's
input or the help: they are shown below the dialog.

A widget is seen whole when the part of it drawn (its visible region) is all of it; a
list cut by its dialog is drawn only in part, and thinks itself shown whole.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import app_text, settle, sync
from test_ui_copy import make_app, tmux_clipboard, to_paper
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, TextArea

from tuireader.system.clipboard import Clipboard, Environment
from tuireader.ui.app import ReaderApp
from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.manual_copy import ManualCopyScreen
from tuireader.ui.screens.pick import PickScreen

SIZES = [(80, 24), (120, 40)]
#: each key that opens a dialog, with the dialog, what of it must be seen whole, and the
#: fewest rows of choices, text or help it must keep however many notices there are
DIALOGS = [
    ("Y", PickScreen, "#pick-options", 3),
    ("U", PickScreen, "#pick-options", 3),
    ("t", TagEditor, "#tags-input", 1),
    ("n", NoteEditor, "#note-input", 3),
    ("question_mark", HelpScreen, "#help-body", 3),
]


def shown(widget: Widget) -> Region:
    """The part of ``widget`` drawn on its screen (clipped by the containers it is in)."""
    return widget.screen.find_widget(widget).visible_region


def whole(widget: Widget) -> bool:
    """True when all of ``widget`` is drawn: none of it is cut off by its dialog."""
    return shown(widget) == widget.region and bool(widget.region)


@sync
async def test_a_pick_list_longer_than_its_dialog_scrolls_at_80_by_24(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        links = [f"code    https://github.com/example/{n}" for n in range(30)]
        app.push_screen(PickScreen("Copy which link?", links))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert whole(options), (options.region, shown(options))
        assert options.max_scroll_y > 0  # the rest a scroll away
        await pilot.press("end")
        await pilot.pause()
        assert options.highlighted == 29
        assert options.scroll_y == options.max_scroll_y


@sync
async def test_a_text_to_copy_by_hand_longer_than_its_dialog_scrolls_above_where_it_is_saved(
    tmp_path,
):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        text = "\n".join(f"https://github.com/example/{n}" for n in range(60))
        saved = tmp_path / "last-copy.txt"
        app.push_screen(ManualCopyScreen(text, "code links", saved, "osc52: disabled"))
        await pilot.pause()
        for part in ("#manual-title", "#manual-text", "#manual-path", "#manual-why"):
            widget = app.screen.query_one(part)
            assert whole(widget), (part, widget.region, shown(widget))
        area = app.screen.query_one(TextArea)
        assert area.max_scroll_y > 0
        # shown from its start (it opened scrolled to its end), all of it selected
        assert area.scroll_y == 0 and area.selected_text == text


def toasts(screen: Screen) -> list[Widget]:
    """The notices ``screen`` shows, newest last."""
    return list(screen.query("Toast"))


def lasting(app: ReaderApp) -> ReaderApp:
    """``app``, its notices lasting an hour: a slow run sees them all still up."""
    app.NOTIFICATION_TIMEOUT = 3600
    return app


async def notices_placed(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let the notices just shown be placed: the rack scrolls to the newest once it is
    laid out, a frame or two after they came."""
    for _ in range(100):
        shown_toasts = toasts(pilot.app.screen)
        if shown_toasts and whole(shown_toasts[-1]):
            break
        await pilot.pause()


def assert_clear_of_notices(screen: Screen, selectors: list[str]) -> None:
    """What ``selectors`` name is drawn whole, and no notice drawn covers any of it; the
    newest notice is drawn whole, and the screen under the dialog draws none."""
    shown_toasts = [toast for toast in toasts(screen) if shown(toast)]
    assert shown_toasts and whole(toasts(screen)[-1])
    for selector in selectors:
        widget = screen.query_one(selector)
        assert whole(widget), (selector, widget.region, shown(widget))
        for toast in shown_toasts:
            assert not shown(toast).overlaps(widget.region), (selector, widget.region, shown(toast))
    under = screen.app.screen_stack[0]
    assert isinstance(under, MainScreen)
    assert not any(toast.visible for toast in toasts(under))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("key", "kind", "selector", "rows"), DIALOGS)
@sync
async def test_notices_never_cover_a_dialogs_choices_or_input(
    tmp_path, size, key, kind, selector, rows
):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = lasting(make_app(clipboard))
    async with app.run_test(size=size, notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("y", "u", "i")  # three copies, three notices
        await settle(pilot)
        await pilot.press(key)
        await notices_placed(pilot)
        assert isinstance(app.screen, kind)
        assert len(toasts(app.screen)) == 3
        assert_clear_of_notices(app.screen, [selector])
        await pilot.press("escape")
        # more than fit below it (each different: the same notice again takes the place
        # of the one still shown)
        for number in range(6):
            app.notify(f"papers{number}.bib changed on disk: read again ({number} papers)")
        await settle(pilot)
        await pilot.press(key)
        await notices_placed(pilot)
        assert len(toasts(app.screen)) == 9
        assert_clear_of_notices(app.screen, [selector])
        assert app.screen.query_one(selector).scrollable_content_region.height >= rows


@sync
async def test_notices_that_come_while_a_menu_is_open_are_shown_below_it(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = lasting(make_app(clipboard))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await pilot.pause()
        app.notify("papers.bib changed on disk: read again (3,120 papers)")
        app.notify("new list in papers: icml2024.bib (2,610 papers)")
        await notices_placed(pilot)
        assert_clear_of_notices(app.screen, ["#pick-options"])
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert [toast.visible for toast in toasts(app.screen)] == [True, True, True]


def manual_clipboard(tmp_path: Path) -> Clipboard:
    """A clipboard chain that trusts nothing: every copy opens the manual-copy dialog."""
    return Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clip",
        environment=Environment(),
        osc52="never",
    )


@sync
async def test_the_notice_of_a_copy_by_hand_is_shown_below_its_dialog(tmp_path):
    app = lasting(make_app(manual_clipboard(tmp_path)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("y")
        await settle(pilot)
        await notices_placed(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        parts = ["#manual-title", "#manual-text", "#manual-path", "#manual-why"]
        assert_clear_of_notices(app.screen, parts)


@sync
async def test_notices_stay_below_a_menu_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    clipboard, _ = tmux_clipboard(tmp_path)
    app = lasting(make_app(clipboard))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("y", "u", "i")
        await settle(pilot)
        await pilot.press("Y")
        await notices_placed(pilot)
        assert app.ansi_color
        assert_clear_of_notices(app.screen, ["#pick-options"])
        text = app_text(app)
        assert "1 BibTeX" in text and "Copied paper id via tmux buffer" in text


#: a paper's PDF link longer than an 80-column row
LONG_PDF = (
    "https://raw.githubusercontent.com/mlresearch/v235/main/assets/"
    "abad-rocamora24a/abad-rocamora24a.pdf"
)


def rows_of(app: ReaderApp, widget: Widget) -> list[str]:
    """The screen's rows ``widget`` is drawn on, whole (what a terminal's selection of
    those rows takes, trailing blanks aside)."""
    lines = app_text(app).split("\n")
    return lines[widget.region.y : widget.region.bottom]


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_a_text_to_copy_by_hand_has_its_rows_to_itself(tmp_path, size):
    # A terminal's selection of the rows the text is on gives the text: no border, gutter
    # or scroll bar beside it, each line on one row (a link longer than a row scrolls
    # sideways: wrapped, its selection held a line break).
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    width = size[0]
    async with app.run_test(size=size) as pilot:
        await to_paper(pilot, "igsg")
        links = [LONG_PDF, *(f"https://github.com/example/{n}" for n in range(40))]
        for text in (LONG_PDF, "\n".join(links)):
            app.push_screen(ManualCopyScreen(text, "links", tmp_path / "last-copy.txt"))
            await pilot.pause()
            area = app.screen.query_one(TextArea)
            assert area.region.x == 0 and area.region.width == width
            rows = rows_of(app, area)
            assert rows[0] == LONG_PDF[:width]
            assert all(row in links or row == LONG_PDF[:width] for row in rows), rows
            if len(rows) > 1:
                assert rows[1] == links[1]
            await pilot.press("escape")
            await pilot.pause()


@sync
async def test_the_rows_of_a_text_to_copy_by_hand_are_said_when_not_all_are_shown(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        text = "\n".join(f"https://github.com/example/{n}" for n in range(60))
        app.push_screen(ManualCopyScreen(text, "code links", tmp_path / "last-copy.txt"))
        await pilot.pause()
        area = app.screen.query_one(TextArea)
        room = area.region.height
        line = app.screen.query_one("#manual-rows")
        assert whole(line)
        assert f"Rows 1–{room} of 60 shown (j k g G scroll)" in app_text(app)
        await pilot.press("j", "j")
        await pilot.pause()
        assert f"Rows 3–{room + 2} of 60 shown" in app_text(app)
        await pilot.press("escape")
        app.push_screen(ManualCopyScreen(LONG_PDF, "paper link", tmp_path / "last-copy.txt"))
        await pilot.pause()
        # one row, all of it shown: no rows to tell of, only the columns a row leaves out
        assert "Rows " not in app_text(app)
        assert f"Columns 1–80 of {len(LONG_PDF)} (h l scroll sideways)" in app_text(app)
        await pilot.press("escape")
        app.push_screen(ManualCopyScreen(LONG_PDF[:60], "paper link", tmp_path / "last-copy.txt"))
        await pilot.pause()
        assert not app.screen.query_one("#manual-rows").display


@sync
async def test_the_notice_of_a_copy_by_hand_keeps_the_file_it_names_on_one_row(
    tmp_path_factory,
):
    from tuireader.ui.commands import CopyToClipboard

    folder = tmp_path_factory.mktemp("c") / "clipboard"
    clipboard = Clipboard(
        osc52_writer=None, fallback_dir=folder, environment=Environment(), osc52="never"
    )
    app = lasting(make_app(clipboard))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await to_paper(pilot, "igsg")
        screen.post_message(CopyToClipboard(LONG_PDF, "paper link", one_line=True))
        await settle(pilot)
        await notices_placed(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        [toast] = toasts(app.screen)
        path = str(folder / "last-copy.txt")
        assert len(path) < 70
        assert any(path in row for row in rows_of(app, toast)), rows_of(app, toast)


def long_links_list(folder: Path) -> Path:
    """A list of one paper whose PDF link is longer than an 80-column row."""
    record = {
        "title": "Revisiting Character-level Adversarial Attacks for Language Models",
        "authors": ["Elias Abad Rocamora", "Yongtao Wu"],
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/abad-rocamora24a.html",
        "pdf": LONG_PDF,
        "openreview": "https://openreview.net/forum?id=AZWqXfM6z9",
        "code_urls": ["https://github.com/LIONS-EPFL/Charmer"],
    }
    path = folder / "long_links.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_a_menu_takes_the_width_there_is_and_cuts_a_long_link_in_its_middle(tmp_path, size):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, long_links_list(tmp_path))
    async with app.run_test(size=size) as pilot:
        await to_paper(pilot, "charmer")
        await pilot.press("O")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        dialog = app.screen.query_one("#pick-dialog")
        assert dialog.region.width >= size[0] - 4  # the screen's width but for a margin
        options = app.screen.query_one(OptionList)
        assert options.virtual_size.height == options.option_count == 4  # a row each
        rows = rows_of(app, options)
        [row] = [row for row in rows if " 3 paper " in row]
        shown = row.split(" 3 paper ")[1].split()[0]
        assert shown.startswith("https://raw.githubusercontent")
        assert shown.endswith("/abad-rocamora24a.pdf") and "…" in shown
        # the links that fit are whole
        assert any("4 paper   https://openreview.net/forum?id=AZWqXfM6z9" in row for row in rows)
        await pilot.press("3")  # no browser here: copied, the whole link
        await settle(pilot)
        assert tmux.buffers == [LONG_PDF]


@sync
async def test_a_menu_of_short_choices_stays_narrow(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await pilot.pause()
        dialog = app.screen.query_one("#pick-dialog")
        assert dialog.region.width < 60


def test_a_choice_is_cut_to_one_row_its_link_in_the_middle():
    from rich.cells import cell_len

    from tuireader.ui.screens.pick import one_row

    choice = f"3 paper   {LONG_PDF}"
    assert one_row(choice, 200) == choice
    cut = one_row(choice, 60)
    assert cell_len(cut) == 60 and cut.startswith("3 paper   https://raw.")
    assert cut.endswith("/abad-rocamora24a.pdf") and cut.count("…") == 1
    wide = "2 論文    https://example.org/" + "論文" * 40
    for text in (choice, wide, "BibTeX", LONG_PDF):
        assert all(cell_len(one_row(text, width)) <= width for width in range(1, 130))
    assert one_row(choice, 16).startswith("3 paper   ")  # too narrow for its middle


@sync
async def test_at_60_columns_the_note_editor_shows_its_title_and_keys_whole():
    # "Ctrl+S saves · Escape cancels (n brings the text ba": each on one row, cut short
    from test_ui_triage import start, triage_app

    app = triage_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start(pilot)
        title = screen.current_paper.title
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        rows = app_text(app).splitlines()
        # the editor's rows, between its borders (the list's show either side of them)
        inside = [row[row.index("█") + 1 : row.rindex("█")].strip() for row in rows if "█" in row]
        said = " ".join(row for row in inside if row)
        assert "Ctrl+S saves · Escape cancels (n brings the text back)" in said, said
        assert f"Note: {title}" in said, said


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_link_and_citation_menus_name_their_paper_within_them(tmp_path, size):
    # the menus cover the highlighted paper's row, and did not say which paper they
    # copy from
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard, long_links_list(tmp_path))
    async with app.run_test(size=size) as pilot:
        screen = await to_paper(pilot, "charmer")
        title = "Revisiting Character-level Adversarial Attacks for Language Models"
        assert screen.current_paper.title == title
        for key in ("U", "Y"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PickScreen)
            heading = app.screen.query_one("#pick-title")
            options = app.screen.query_one(OptionList)
            rows = [
                row[heading.region.x : heading.region.right].rstrip()
                for row in rows_of(app, heading)
            ]
            # within the menu, under its title, wrapped to the menu's width: whole
            inner = " ".join(row for row in rows[1:] if row)
            assert inner == f"“{title}”", rows
            assert heading.region.width == options.region.width
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize("size", [(40, 12), (30, 10)])
@sync
async def test_on_a_short_terminal_the_note_editor_shows_what_is_typed(size):
    # at 40x12 the note's title took three rows and its line of keys two: the text box
    # had no row left inside its frame, and what was typed could not be seen
    from test_ui_triage import start, triage_app

    app = triage_app()
    async with app.run_test(size=size) as pilot:
        await start(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        await pilot.press(*"see the appendix")
        await pilot.pause()
        area = app.screen.query_one("#note-input", TextArea)
        assert whole(area) and area.scrollable_content_region.height >= 2, area.region
        assert "see the appendix" in app_text(app)
        assert "Save" in app_text(app).splitlines()[-1]  # the footer names the keys


LONG_TITLE = (
    "Charmer: Revisiting Character-level Adversarial Attacks for Language Models, with a "
    "Study of Robustness Certificates Across Tokenizers, Scripts and Model Scales"
)


@pytest.mark.parametrize("size", [(80, 24), (40, 12)], ids=["80x24", "40x12"])
@sync
async def test_a_menu_names_a_long_title_on_rows_enough_to_read_it_keeping_its_choices(
    tmp_path, size
):
    # the paper's title was cut to the menu's first row, and at 40x12 cut off by the
    # menu's frame without "…"
    clipboard, _ = tmux_clipboard(tmp_path)
    path = long_links_list(tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**record, "title": LONG_TITLE}) + "\n", encoding="utf-8")
    app = make_app(clipboard, path)
    async with app.run_test(size=size) as pilot:
        await to_paper(pilot, "charmer")
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        heading = app.screen.query_one("#pick-title")
        rows = [
            row[heading.region.x : heading.region.right].rstrip() for row in rows_of(app, heading)
        ]
        assert rows[0] == "Copy which link?"
        named = [row for row in rows[1:] if row]
        assert len(named) >= 2, rows  # more than one row of it
        read = " ".join(named)
        # from its start, whole or cut at a word's end with "…" on its last row
        assert read == f"“{LONG_TITLE}”" or (
            read.endswith("…") and LONG_TITLE.startswith(read[1:-1].rstrip(" ,:"))
        ), rows
        if size == (80, 24):
            assert read == f"“{LONG_TITLE}”", rows  # room enough for all of it
        dialog = app.screen.query_one("#pick-dialog")
        assert heading.region.right <= dialog.region.right  # none of it under the frame
        options = app.screen.query_one(OptionList)
        assert whole(options)
        assert options.scrollable_content_region.height >= min(3, size[1] // 4), rows
