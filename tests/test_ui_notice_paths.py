"""A notice naming a file keeps its path whole on a row where it fits the notice, and
breaks one longer than a row after a "/", never inside a name that fits a row: at 80×24
and at 40×12, whatever notice names it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from e2e_util import app_text, settle, sync
from test_ui_triage import start, triage_app

from tuireader.ui.text import notice_breaks


def _rows(text: str, room: int) -> list[str]:
    cuts = [0, *notice_breaks(text, room), len(text)]
    return [text[start:end].rstrip() for start, end in pairwise(cuts)]


def test_a_path_that_fits_a_row_goes_whole_to_the_next_one():
    rows = _rows("Exported 3 papers to /home/ada/exports/tuireader-results-1.csv", 45)
    assert rows == ["Exported 3 papers to", "/home/ada/exports/tuireader-results-1.csv"]


def test_a_path_longer_than_a_row_is_broken_after_a_slash():
    text = "is kept in /tmp/x/home-11/triage-before-damage-20261206-180857.sqlite3: put it"
    rows = _rows(text, 50)
    assert rows == [
        "is kept in",
        "/tmp/x/home-11/",
        "triage-before-damage-20261206-180857.sqlite3: put",
        "it",
    ]


def test_a_name_longer_than_a_row_is_a_row_of_its_own_never_broken_inside():
    # "triage-before-damage-20261206-" then "180857.sqlite3" read as two names: a
    # notice cuts the row in its middle, the notices log (W) shows it whole
    rows = _rows("kept in /tmp/x/triage-before-damage-20261206-180857.sqlite3", 35)
    assert rows == ["kept in", "/tmp/x/", "triage-before-damage-20261206-180857.sqlite3"]
    rows = _rows("Exported to tuireader-results-20261206-180857.json, 3 papers", 35)
    assert rows == ["Exported to", "tuireader-results-20261206-180857.json,", "3 papers"]


def test_a_row_too_wide_is_cut_in_its_middle_keeping_its_start_and_end():
    from tuireader.ui.text import cut_middle

    name = "triage-damaged-20261206-180857.sqlite3);"
    cut = cut_middle(name, 37)
    assert len(cut) == 37 and cut.count("…") == 1
    start, end = cut.split("…")
    assert name.startswith(start) and name.endswith(end) and len(start) >= 15
    assert end.endswith("180857.sqlite3);")
    assert cut_middle("fits", 37) == "fits"


def test_words_are_broken_as_before_and_every_row_fits():
    text = "The triage file was opened read-only. " * 5 + "x" * 90
    rows = _rows(text, 37)
    assert all(len(row) <= 37 for row in rows)
    assert " ".join(rows).split() == text.split()[:-1] + ["x" * 37, "x" * 37, "x" * 16]


def _notice_rows(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The rows of the notices on the screen, their text only."""
    rows = app_text(app).splitlines()
    return [row.split("▌")[-1].strip(" │─╯") for row in rows if "▌" in row]


def _damaged_notice(home: Path) -> str:
    # as the triage store says it, found damaged while the reader ran
    return (
        f"The triage file {home}/triage.sqlite3 was damaged while tuireader ran (database "
        "disk image is malformed); changes are no longer saved, and everything this "
        f"tuireader had saved is kept in {home}/triage-before-damage-20261206-180857.sqlite3:"
        " put it in the damaged file's place (or run tuireader recover), and the reader "
        "goes on with it by itself."
    )


def _recovered_notice(home: Path) -> str:
    return (
        f"The triage file {home}/triage.sqlite3 was recovered (the damaged one is kept as "
        f"{home}/triage-damaged-20261206-180857.sqlite3); changes are saved again."
    )


@pytest.mark.parametrize("notice", [_damaged_notice, _recovered_notice])
@sync
async def test_at_80_columns_a_triage_notice_shows_the_file_kept_whole_on_a_row(notice):
    # "/tmp/x/home-11/triage-before-dama" then "ge-20261206-180857.sqlite3", and
    # "triage-damaged-202" then "61206-…": the notice was half the screen wide
    home = Path("/tmp/x/home-11")
    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        text = notice(home)
        screen.notify(text, title="Triage file", markup=False, timeout=10)
        await settle(pilot)
        rows = _notice_rows(app)
        [kept] = [word for word in text.split() if "-2026" in word]
        kept = kept.rstrip(":);")
        assert any(kept in row for row in rows), "\n".join(rows)
        assert " ".join(" ".join(rows).split()) == " ".join(["Triage file", *text.split()])


@sync
async def test_at_40_columns_a_path_longer_than_a_row_is_broken_after_a_slash_only():
    home = Path("/tmp/x/home-11")
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        screen = await start(pilot)
        screen.notify(_recovered_notice(home), markup=False)
        await settle(pilot)
        rows = _notice_rows(app)
        name = "triage-damaged-20261206-180857.sqlite3);"
        # the rows holding the path: its folders, then its file's name, longer than a
        # row, on one row cut in its middle: "triage-damaged-20261206-" then
        # "180857.sqlite3);" were read as two names
        at = rows.index(f"{home}/")
        head, tail = rows[at + 1].split("…")
        assert name.startswith(head) and name.endswith(tail), "\n".join(rows)
        assert head.startswith("triage-damaged-") and tail.endswith("180857.sqlite3);")
        assert rows[at + 2] == "changes are saved again.", "\n".join(rows)
        assert all(len(row) <= 37 for row in rows)
        # the notices log shows it whole, on a row of its own, the log scrolled sideways
        from tuireader.ui.screens.notices import NoticesScreen

        await pilot.press("W")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        logged = app.screen.log_text(app.screen._width).plain.splitlines()
        assert f"  {name}" in logged, logged
        body = app.screen.query_one("#notices-body")
        assert body.max_scroll_x > 0
        await pilot.press("right")
        await settle(pilot)
        assert body.scroll_x > 0
        await pilot.press("left")
        await settle(pilot)
        assert body.scroll_x == 0


@sync
async def test_at_40_columns_the_export_notice_shows_the_file_whole(tmp_path):
    # "tuireader-" then "results-….csv"
    from tuireader.ui.messages import ExportFinished

    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        screen = await start(pilot)
        path = tmp_path / "share" / "tuireader" / "exports" / "tuireader-results-20261206-1.csv"
        screen.post_message(ExportFinished(3, path))
        await settle(pilot)
        rows = _notice_rows(app)
        assert path.name in rows, "\n".join(rows)
        assert str(path) in "".join(rows[1:]), "\n".join(rows)


@sync
async def test_at_40_columns_an_export_named_longer_than_a_row_is_cut_in_its_middle(
    tmp_path,
):
    # a JSON export's name is 38 characters, one more than a row of the notice holds:
    # it was cut as "tuireader-results-20261206-180857.jso" then "n", then as
    # "tuireader-results-20261206-180857." then "json"; the notices log has it whole
    from tuireader.ui.messages import ExportFinished

    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        screen = await start(pilot)
        path = tmp_path / "exports" / "tuireader-results-20261206-180857.json"
        screen.post_message(ExportFinished(3, path))
        await settle(pilot)
        rows = _notice_rows(app)
        [at] = [number for number, row in enumerate(rows) if "…" in row]
        head, tail = rows[at].split("…")
        assert head.startswith("tuireader-results-") and tail.endswith("180857.json"), rows
        assert path.name.startswith(head) and path.name.endswith(tail), rows
        assert rows[at - 1].endswith("exports/") and len(rows[at]) <= 37, rows
        await pilot.press("W")
        await settle(pilot)
        logged = app.screen.log_text(app.screen._width).plain.splitlines()
        assert f"  {path.name}" in logged, logged


@sync
async def test_over_a_menu_a_notice_keeps_its_file_name_whole_too():
    # every notice is drawn so, not only the main screen's: over a menu, half of 80
    # columns wide, a path was cut inside its file's name
    from tuireader.ui.screens.pick import PickScreen

    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        app.push_screen(PickScreen("Export 3 papers as…", ["BibTeX", "CSV"]))
        await settle(pilot)
        name = "tuireader-kept-20261206-180857.bib"
        app.notify(f"Written to /home/ada/.local/share/tuireader/exports/{name}", markup=False)
        await settle(pilot)
        rows = _notice_rows(app)
        assert name in rows, "\n".join(rows)
        assert "/home/ada/.local/share/tuireader/exports/" in "".join(rows), "\n".join(rows)


@sync
async def test_a_notice_naming_a_long_web_address_stays_half_the_screen_wide():
    # a paper's link left out as unsafe, named in "This paper has no links", widened the
    # notices over the viewer, which says what was left out: only a file's path does
    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        address = "https://example.org/" + "a-long-path/" * 6 + "$(touch PWNED)"
        screen.notify(f"This paper has no links ({address} left out)", timeout=10)
        await settle(pilot)
        assert not screen.has_class("-notices-wide")
        screen.notify(f"kept in {Path('/tmp/x/home-11') / ('a' * 40 + '.sqlite3')}", timeout=10)
        await settle(pilot)
        assert screen.has_class("-notices-wide")
