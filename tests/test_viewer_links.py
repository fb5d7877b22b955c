"""The viewer's numbered links: each address reads as one, on the row of its number."""

from __future__ import annotations

import pytest
from e2e_util import app_text, ready, settle, sync
from test_ui_app import SAMPLE, make_app


@sync
async def test_at_80_columns_a_long_link_reads_as_one_address_on_one_row():
    # "2 paper   https://raw.githubusercontent.com/mlresearch/v235/main/assets/abe2"
    # then "          4a/abe24a.pdf": the address cut inside a name, its second piece
    # indented under the first as if it were another address
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("j", "enter")  # the second paper: a 79-character paper link
        await settle(pilot)
        paper = screen.current_paper
        link = paper.links[1].url
        assert len(link) > 76
        await pilot.press("G")  # the viewer's end: the links
        await settle(pilot)
        rows = [row.strip(" │▎▊▌▐") for row in app_text(app).splitlines()]
        found = [row for row in rows if row.startswith("2 paper")]
        assert len(found) == 1, "\n".join(rows)
        [row] = found
        shown = row.split()[-1]
        assert "…" in shown, "\n".join(rows)
        head, tail = shown.split("…")
        assert link.startswith(head) and link.endswith(tail)
        assert head.startswith("https://raw.githubusercontent") and tail.endswith("/abe24a.pdf")
        assert any(f"tuireader show {paper.id} prints it." in row for row in rows)


async def _links_rows(app, pilot) -> list[str]:  # type: ignore[no-untyped-def]
    """The viewer's rows from its end, its border and scroll position taken off."""
    await pilot.press("G")  # the viewer's end: the links
    await settle(pilot)
    return [row.strip(" │▎▊▌▐") for row in app_text(app).splitlines()]


def _one_numbered_row(rows: list[str], link: str) -> None:
    """Link 2 on one row with its number: whole, or cut in its middle with "…"."""
    text = "\n".join(rows)
    found = [row for row in rows if row.startswith("2 paper")]
    assert len(found) == 1, text
    shown = found[0].split()[-1]
    assert shown.startswith("https://raw.githubusercontent"), text
    if "…" in shown:
        head, tail = shown.split("…")
        assert link.startswith(head) and link.endswith(tail), text
    else:
        assert shown == link, text
    # nothing of the address on a row of its own, without its number
    assert not any(row.startswith(("https://", "…")) for row in rows), text


@pytest.mark.parametrize("width", [98, 100, 103])
@sync
async def test_between_98_and_103_columns_a_long_link_keeps_its_number(width):
    # an 89-character PDF address fitted a whole row of the viewer but not the rest of
    # its own: "2 paper" stood alone on a row, the address on the next without a number
    app = make_app(SAMPLE)
    async with app.run_test(size=(width, 30)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("j", "j", "j", "j", "enter")  # the fifth paper
        await settle(pilot)
        paper = screen.current_paper
        assert paper.title.startswith("Bayesian Uncertainty for Gradient Aggregation")
        link = paper.links[1].url
        assert len(link) == 89
        _one_numbered_row(await _links_rows(app, pilot), link)


@sync
async def test_a_long_link_keeps_its_number_after_the_terminal_grows():
    app = make_app(SAMPLE)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("j", "j", "j", "j", "enter")
        await settle(pilot)
        link = screen.current_paper.links[1].url
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        _one_numbered_row(await _links_rows(app, pilot), link)
