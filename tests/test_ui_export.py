"""Export from the reader's palette: kept papers with their notes, to a file."""

from __future__ import annotations

import json

from e2e_util import notices, run_command, settle, sync
from test_ui_triage import ids, start, triage_app


@sync
async def test_palette_exports_the_kept_papers_as_json(tmp_path):
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("s")  # keep the first paper
        await settle(pilot)
        await run_command(pilot, "export the kept")
        await settle(pilot)
        await pilot.press("4")  # the menu's fourth format: JSON
        await settle(pilot)  # the export is written by a worker
        [written] = list((tmp_path / "exports").glob("*.json"))
        data = json.loads(written.read_text())
        assert [item["id"] for item in data] == [first]
        assert data[0]["state"] == "kept"
        assert str(written) in " ".join(notices(app))


@sync
async def test_exporting_an_empty_scope_says_so(tmp_path):
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        screen.action_export("marked")
        await settle(pilot)
        assert "Nothing to export" in " ".join(notices(app))
        assert not (tmp_path / "exports").exists()
