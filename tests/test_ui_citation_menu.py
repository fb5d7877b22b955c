"""The reader's citation menu (``Y``) with its twelve formats: every one picked by one
key (1–9, 0, a, b), at 80×24 and at 40×12."""

from __future__ import annotations

import json

import pytest
from e2e_util import app_text, notices, settle, sync
from test_ui_copy import make_app, tmux_clipboard, to_paper
from test_ui_keys_in_order import burst
from textual.widgets import OptionList

from tuireader.render.citations import FORMAT_LABELS, FORMATS
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.screens.pick import PickScreen

SIZES = [(80, 24), (40, 12)]
#: the key of each choice, in order
KEYS = "1234567890ab"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("key", "fmt"), [("9", "ieee"), ("0", "chicago"), ("a", "ris"), ("b", "csl-json")]
)
@sync
async def test_each_new_format_is_one_key_away(tmp_path, size, key, fmt):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=size) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert len(tmux.buffers) == 1
        copied = tmux.buffers[0]
        if fmt == "ris":
            assert copied.startswith("TY  - ") and copied.endswith("ER  - ")
        elif fmt == "csl-json":
            assert json.loads(copied)[0]["title"]
        else:
            assert "“" in copied  # the quoted title of IEEE and Chicago
        assert f"Copied {FORMAT_LABELS[fmt]} citation via tmux buffer" in notices(app)


@pytest.mark.parametrize(("key", "fmt"), [("0", "chicago"), ("a", "ris"), ("b", "csl-json")])
@sync
async def test_y_and_a_choice_in_one_burst_pick_that_format(tmp_path, key, fmt):
    # over ssh "Y" then "b" typed quickly arrive together: the two were searched as
    # the word "Yb" (no paper matched) where CSL-JSON was asked for
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_paper(pilot, "igsg")
        await burst(pilot, ["Y", key])
        assert isinstance(app.screen, MainScreen)
        assert screen.search_query == "igsg"
        assert len(tmux.buffers) == 1
        assert f"Copied {FORMAT_LABELS[fmt]} citation via tmux buffer" in notices(app)
        if fmt == "csl-json":
            assert json.loads(tmux.buffers[0])[0]["title"]


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_every_choice_shows_its_key_and_the_last_is_a_scroll_away(tmp_path, size):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=size) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.option_count == len(FORMATS) == 12
        assert "1 BibTeX" in app_text(app)
        seen = set()
        for index in range(len(FORMATS)):
            options.highlighted = index
            await pilot.pause()
            text = app_text(app)
            label = f"{KEYS[index]} {FORMAT_LABELS[FORMATS[index]]}"
            # a long label may be cut at 40 columns: its key and start are shown
            if label[:12] in text:
                seen.add(index)
        assert seen == set(range(len(FORMATS)))


@sync
async def test_a_letter_with_no_choice_is_not_taken_by_a_short_menu(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        app.push_screen(PickScreen("Export 3 papers as…", ["BibTeX", "CSV"]))
        await pilot.pause()
        picked = []
        app.screen.dismiss = lambda result=None: picked.append(result)  # type: ignore[method-assign]
        for key in ("0", "a", "3"):
            await pilot.press(key)
            await pilot.pause()
        assert picked == []
        await pilot.press("2")
        await pilot.pause()
        assert picked == [1]


@sync
async def test_the_help_says_menus_take_0_and_letters_too(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("question_mark")
        await settle(pilot)
        text = app.screen.help_text().plain
        menus = text[text.index("\nMenus (") + 1 :]
        menus = menus[: menus.index("\n\n")]
        row = next(line for line in menus.splitlines() if "Pick that choice at once" in line)
        keys = [shown.strip() for shown in row[: row.index("Pick that")].split(",")]
        assert keys[:3] == ["1–9", "0", "a"], row


@pytest.mark.parametrize("before", [[], ["y"], ["y", "u"]])
@sync
async def test_every_format_and_its_key_show_at_once_at_80x24(tmp_path, before):
    # in one column, with the paper's name over it, BibTeX to Markdown link showed (five
    # of twelve) and the keys 0, a and b, which the menu takes, were off the screen; with
    # a notice or two up (a copy just made) as well
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        for key in before:
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("Y")
        await settle(pilot)
        assert isinstance(app.screen, PickScreen)
        text = app_text(app)
        for index, fmt in enumerate(FORMATS):
            assert f"{KEYS[index]} {FORMAT_LABELS[fmt]}" in text, (fmt, text)
        assert "Copy the citation as…" in text


@sync
async def test_the_highlight_goes_down_one_column_then_the_next(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        rows = app_text(app).splitlines()
        first = next(row for row in rows if "1 BibTeX" in row)
        assert "7 pandoc [@key]" in first  # side by side: 1 and 7, ... 6 and b
        assert "b CSL-JSON" in next(row for row in rows if "6 LaTeX" in row)
        for _ in range(6):
            await pilot.press("j")
        await pilot.pause()
        assert options.highlighted == 6
        await pilot.press("G")
        await pilot.pause()
        assert options.highlighted == len(FORMATS) - 1
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert json.loads(tmux.buffers[0])[0]["title"]


@sync
async def test_a_small_screen_keeps_one_column_that_scrolls(tmp_path):
    # 40×12: two columns would not fit; the choices are in one, scrolled to the highlight
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(40, 12)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await settle(pilot)
        text = app_text(app)
        assert "1 BibTeX" in text and "b CSL-JSON" not in text
        assert not any("1 BibTeX" in row and "7 pandoc" in row for row in text.splitlines())
        await pilot.press("G")
        await settle(pilot)
        text = app_text(app)
        assert "b CSL-JSON" in text and "1 BibTeX" not in text


@sync
async def test_a_menu_in_two_columns_shows_every_choice_whole(tmp_path):
    # the dialog was measured by its choices in one column: the export menu in two was
    # narrower than they, "Markdown reading list" running into "RIS"
    from tuireader.ui.exporting import EXPORT_FORMATS, FORMAT_NAMES

    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        choices = [FORMAT_NAMES[fmt] for fmt in EXPORT_FORMATS]
        app.push_screen(PickScreen("Export 3 papers as…", choices))
        await settle(pilot)
        rows = app_text(app).splitlines()
        for index, choice in enumerate(choices):
            assert any(f"{KEYS[index]} {choice}  " in row for row in rows), choice
        two = next(row for row in rows if "2 Markdown reading list" in row)
        assert "6 RIS" in two


@sync
async def test_left_and_right_go_to_the_choice_beside_in_the_other_column(tmp_path):
    # ← → (and h l, as j k go down and up) did nothing in a menu of two columns
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0
        for key, expected in (
            ("right", 6),  # 1 BibTeX → 7 pandoc [@key]
            ("right", 6),  # no third column
            ("j", 7),
            ("left", 1),  # 8 URL → 2 BibLaTeX
            ("left", 1),
            ("l", 7),
            ("h", 1),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert options.highlighted == expected, key
        assert isinstance(app.screen, PickScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert f"Copied {FORMAT_LABELS['biblatex']} citation via tmux buffer" in notices(app)


@sync
async def test_right_goes_to_the_last_choice_of_a_shorter_column(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        choices = [f"choice {n}" for n in range(7)]  # four rows: 0–3, then 4–6
        app.push_screen(PickScreen("Pick one", choices))
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        await pilot.press("G", "k", "h")  # the last but one, 5, beside 1
        await pilot.pause()
        assert options.highlighted == 1
        await pilot.press("end", "left", "j", "right")
        await pilot.pause()
        assert options.highlighted == 6  # from 3: no 7, the column's last
        # h and l move, so they pick no choice of a long menu
        app.pop_screen()
        app.push_screen(PickScreen("Pick one", [f"choice {n}" for n in range(30)]))
        await settle(pilot)
        picked = []
        app.screen.dismiss = lambda result=None: picked.append(result)  # type: ignore[method-assign]
        await pilot.press("h", "l")
        await pilot.pause()
        assert picked == []


@sync
async def test_left_and_right_leave_a_menu_of_one_column_as_it_is(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(40, 12)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        await pilot.press("j", "right", "l")
        await pilot.pause()
        assert options.highlighted == 1
        await pilot.press("left", "h")
        await pilot.pause()
        assert options.highlighted == 1 and isinstance(app.screen, PickScreen)
