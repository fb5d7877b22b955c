"""A notice is drawn whole, its blank last row too: at 80×24 one that wrapped on a row
more than Textual measured (the notices' rack kept a column for a scroll bar never shown
there, and measured them two columns wider than it laid them out) lost its last row
under the status line, its padding or a last word ("w0000034")."""

from __future__ import annotations

import pytest
from e2e_util import app_text, settle, sync
from test_ui_triage import start, triage_app
from textual.widgets._toast import Toast


def _words(count: int) -> str:
    """``count`` words of lengths that vary, so that rows end at every place."""
    return " ".join(f"w{i:0{(i % 7) + 1}d}" for i in range(count))


def _toast_rows(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The rows of the screen the notice is drawn on (its left edge "▌"), text only."""
    rows = app_text(app).splitlines()
    return [row.split("▌")[-1].strip(" │─╯") for row in rows if "▌" in row]


@pytest.mark.parametrize("size", [(80, 24), (40, 12)])
@sync
async def test_every_row_of_a_notice_is_on_the_screen(size):
    app = triage_app()
    cut = []
    async with app.run_test(size=size, notifications=True) as pilot:
        await start(pilot)
        for count in range(1, 61):
            app.clear_notifications()
            await settle(pilot)
            title = "Title" if count % 2 else ""
            app.notify(_words(count), title=title, markup=False, timeout=30)
            await settle(pilot)
            (toast,) = list(app.screen.query(Toast))
            rows = _toast_rows(app)
            padded = toast.styles.padding.bottom > 0
            # each of its rows shown, the blank one under its text where it has one
            if len(rows) != toast.region.height or (padded and rows[-1]):
                cut.append((count, toast.region.height, rows[-2:]))
            shown = " ".join(rows).split()
            words = [*title.split(), *_words(count).split()]
            if "…" not in " ".join(rows) and shown != words:
                cut.append((count, "words", shown[-2:]))
    assert not cut, cut
