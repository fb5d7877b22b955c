"""Keys sent in one burst through the palette's export act in order: ``Ctrl+P``,
"export kept", Enter, ``3``, Enter (as tmux or a slow ssh link sends them) writes the
kept papers as CSV to the path offered. The palette's search runs in a worker of its
own and its command after it closes: the Enter came before the matches were listed,
or the ``3`` went to the palette as it closed, and the Enter after it picked BibTeX
in the menu, or the path dialog was left open with its Enter lost."""

from __future__ import annotations

import asyncio

from e2e_util import notices, settle, sync
from test_ui_export_path import reader
from test_ui_keys_in_order import burst
from test_ui_triage import start

from tuireader.ui import exporting


@sync
async def test_the_export_keys_in_one_burst_write_the_csv_while_the_palette_searches(
    tmp_path, monkeypatch
):
    found = asyncio.Event()
    search = exporting.ExportCommands.search

    async def slow(self, query):  # type: ignore[no-untyped-def]
        await found.wait()  # the matches come once the keys are all in
        async for hit in search(self, query):
            yield hit

    monkeypatch.setattr(exporting.ExportCommands, "search", slow)
    app = reader(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        await pilot.press("s")  # keep the first paper
        await settle(pilot)
        await burst(pilot, ["ctrl+p", *"export kept", "enter", "3", "enter"], wait=False)
        for _ in range(5):
            await pilot.pause()
        found.set()
        await settle(pilot)
        wanted = tmp_path / "paper" / "kept.csv"
        assert wanted.read_text().startswith("id,")
        assert list((tmp_path / "paper").iterdir()) == [wanted]
        said = notices(app)
        assert "Exporting 1 paper as CSV…" in said
        assert not any("BibTeX" in text for text in said)
        assert not app.screen.is_modal  # no menu, dialog or palette left open
