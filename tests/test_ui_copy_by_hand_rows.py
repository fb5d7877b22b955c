"""The text to copy by hand: each of its lines on one row, never wrapped.

Wrapped at the screen's last column, a link longer than a row went on at the next
("…/huang24x/huang24x." then "pdf"), and a mouse selection of it held a line break.
"""

from __future__ import annotations

from e2e_util import app_text, sync, until
from test_ui_copy import IGSG_CODE, make_app, to_paper
from test_ui_last_copy import manual_only
from textual.widgets import TextArea

from tuireader.ui.screens.manual_copy import ManualCopyScreen

#: a paper's PDF link longer than an 80-column row
LONG_PDF = "https://raw.githubusercontent.com/mlresearch/v235/main/assets/huang24x/huang24x.pdf"
LONGER_PDF = (
    "https://raw.githubusercontent.com/mlresearch/v235/main/assets/"
    "abad-rocamora24a/abad-rocamora24a.pdf"
)


def rows_of(app, widget) -> list[str]:  # type: ignore[no-untyped-def]
    lines = app_text(app).split("\n")
    return lines[widget.region.y : widget.region.bottom]


@sync
async def test_a_link_longer_than_a_row_is_one_row_in_the_dialog(tmp_path):
    # wrapped, "…/huang24x/huang24x." then "pdf" on the next row: a mouse selection of the
    # link took a line break with it
    app = make_app(manual_only(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        text = f"{LONG_PDF}\n{IGSG_CODE}"
        app.push_screen(ManualCopyScreen(text, "links", tmp_path / "last-copy.txt"))
        await pilot.pause()
        area = app.screen.query_one(TextArea)
        rows = rows_of(app, area)
        assert rows[0] == LONG_PDF[:80]
        assert rows[1] == IGSG_CODE  # the next line, not the link's end
        assert "Columns 1–80 of 83 (h l scroll sideways)" in app_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert rows_of(app, area)[0].endswith("huang24x/huang24x.pdf")
        await pilot.press("h")
        await pilot.pause()
        assert rows_of(app, area)[0] == LONG_PDF[:80]


@sync
async def test_a_bibtex_entry_copied_by_hand_keeps_its_pdf_line_on_one_row(tmp_path):
    app = make_app(manual_only(tmp_path))
    async with app.run_test(size=(60, 24)) as pilot:
        await to_paper(pilot, "igsg")
        entry = f"@inproceedings{{a,\n  title = {{A}},\n  pdf = {{{LONGER_PDF}}},\n}}"
        app.push_screen(ManualCopyScreen(entry, "BibTeX", tmp_path / "last-copy.txt"))
        await pilot.pause()
        rows = rows_of(app, app.screen.query_one(TextArea))
        pdf = f"  pdf = {{{LONGER_PDF}}},"
        assert rows[:4] == ["@inproceedings{a,", "  title = {A},", pdf[:60], "}"]


@sync
async def test_the_rows_shown_are_said_right_as_the_dialog_opens(tmp_path):
    # the line saying which rows and columns are shown took room from the text as it
    # appeared (two rows of it at 60 columns): "Rows 1–8 of 11 shown" with 7 rows in
    # view, right only once a key scrolled the text
    app = make_app(manual_only(tmp_path))
    async with app.run_test(size=(60, 20)) as pilot:
        await to_paper(pilot, "igsg")
        text = "\n".join(f"line {n:02d} {'x' * 70}" for n in range(1, 12))
        saved = tmp_path / "last-copy.txt"
        app.push_screen(ManualCopyScreen(text, "BibTeX", saved, "osc52: disabled"))
        await pilot.pause()
        area = app.screen.query_one(TextArea)

        def shown() -> list[str]:
            return [row for row in rows_of(app, area) if row.startswith("line ")]

        def said_right() -> bool:
            rows = shown()
            return bool(rows) and f"Rows 1–{len(rows)} of 11 shown" in app_text(app)

        # the dialog lays itself out in a few refreshes, fewer or more as the machine is
        # loaded: what counts is that the line comes to say the rows in view
        await until(pilot, said_right)
        assert len(shown()) == area.region.height
        await pilot.press("j")
        await until(pilot, lambda: f"Rows 2–{len(shown()) + 1} of 11 shown" in app_text(app))
