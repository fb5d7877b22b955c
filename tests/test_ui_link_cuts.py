"""Links cut to fit a row are told apart: at 40×12 the link menus showed a paper's abs
page and its PDF alike ("1 paper https://ar…0704.0003", "2 paper https://ar…0704.0003")."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_util import app_text, settle, sync
from rich.cells import cell_len
from test_ui_copy import make_app, tmux_clipboard, to_paper

from tuireader.model import Link, Paper
from tuireader.ui.screens.pick import one_row
from tuireader.ui.text import Palette, links_text, middle_cut

#: one record of arXiv's metadata snapshot: its abs page and its PDF are its links
ARXIV = Path(__file__).parent / "fixtures" / "ui" / "arxiv_0704_0003.jsonl"
ABS, PDF = "https://arxiv.org/abs/0704.0003", "https://arxiv.org/pdf/0704.0003"
FORUM = "https://openreview.net/forum?id=AZWqXfM6z9xyzw"
OPENREVIEW_PDF = "https://openreview.net/pdf?id=AZWqXfM6z9xyzw"


def _menu_rows(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [
        " ".join(row.strip(" │▎▊▌▐").split())
        for row in app_text(app).splitlines()
        if " paper " in row and "list:" not in row
    ]


@pytest.mark.parametrize("key", ["O", "U"])
@sync
async def test_at_40_by_12_the_link_menus_tell_the_abs_page_from_the_pdf(tmp_path, key):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, ARXIV)
    async with app.run_test(size=(40, 12)) as pilot:
        await to_paper(pilot, "earth")
        await pilot.press(key)
        await settle(pilot)
        rows = _menu_rows(app)
        assert rows == ["1 paper arxiv.org/abs/…0003", "2 paper arxiv.org/pdf/…0003"], app_text(app)
        await pilot.press("2")  # what it picks is the link, whole
        await settle(pilot)
        assert tmux.buffers == [PDF]


@sync
async def test_at_30_by_10_the_link_menu_tells_the_abs_page_from_the_pdf(tmp_path):
    # too narrow for a link's middle, both rows read "paper https://a…"
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard, ARXIV)
    async with app.run_test(size=(30, 10)) as pilot:
        await to_paper(pilot, "earth")
        await pilot.press("U")
        await settle(pilot)
        rows = _menu_rows(app)
        assert len(rows) == 2 and rows[0] != rows[1], app_text(app)
        assert "abs/" in rows[0] and "pdf/" in rows[1], app_text(app)


@sync
async def test_at_80_by_24_the_link_menu_shows_both_links_whole(tmp_path):
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard, ARXIV)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "earth")
        await pilot.press("U")
        await settle(pilot)
        assert _menu_rows(app) == [f"1 paper {ABS}", f"2 paper {PDF}"], app_text(app)


def test_a_link_cut_as_another_keeps_its_host_and_what_differs_in_every_width():
    from tuireader.ui.text import telling_cut

    for first, second in ((ABS, PDF), (FORUM, OPENREVIEW_PDF)):
        for width in range(12, 60):
            one, other = telling_cut(first, [second], width), telling_cut(second, [first], width)
            assert cell_len(one) <= width and cell_len(other) <= width
            assert one != other, (width, one)
    assert telling_cut(ABS, [PDF], 20) == "arxiv.org/abs/…0003"
    assert telling_cut(FORUM, [OPENREVIEW_PDF], 26) == "openreview.net/forum?…xyzw"
    # whole where it fits, and cut as before where nothing is cut alike
    assert telling_cut(ABS, [PDF], 40) == ABS
    assert telling_cut(ABS, [ABS], 20) == middle_cut(ABS, 20)


def test_a_menu_row_is_cut_as_before_where_the_cuts_differ():
    long = "https://raw.githubusercontent.com/mlresearch/v235/main/assets/abe24a/abe24a.pdf"
    code = "https://github.com/example/project"
    row = f"2 paper   {long}"
    assert one_row(row, 40, [f"1 code    {code}"]) == one_row(row, 40)
    assert one_row(f"1 paper   {ABS}", 30, [f"2 paper   {PDF}"]) == "1 paper   arxiv.org/abs/…0003"
    for width in range(16, 30):  # a row too narrow for the link's middle: still told apart
        one = one_row(f"1 paper   {ABS}", width, [f"paper   {PDF}"])
        other = one_row(f"2 paper   {PDF}", width, [f"paper   {ABS}"])
        assert one[2:] != other[2:] and cell_len(one) <= width, (width, one)
    assert one_row(f"1 paper   {ABS}", 12, [f"paper   {PDF}"]) == "1 paper   h…"


def test_the_viewer_tells_two_links_cut_alike_apart():
    paper = Paper(
        id="x",
        title="T",
        abstract="",
        links=(Link(FORUM, "paper", "url"), Link(OPENREVIEW_PDF, "pdf", "url")),
    )
    rows = links_text(paper, Palette(), 36).plain.split("\n")
    assert rows[0].startswith("1 paper   openreview.net/forum?…")
    assert rows[1].startswith("2 pdf     openreview.net/pdf?…")
    assert all(cell_len(row) <= 36 for row in rows[:2])
