"""The viewer's numbered links at 80×24: each address reads as one."""

from __future__ import annotations

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
