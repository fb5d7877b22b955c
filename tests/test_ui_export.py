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
        assert f"Exported 1 paper to {written}" in notices(app)


@sync
async def test_the_export_notice_counts_the_papers_as_the_status_line_does(tmp_path):
    # "Exported 2610 papers to …" where the status line said 2,610, and "1 papers"
    from tuireader.ui.messages import ExportFinished

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        path = tmp_path / "exports" / "tuireader-results.json"
        screen.post_message(ExportFinished(2610, path))
        await settle(pilot)
        assert f"Exported 2,610 papers to {path}" in notices(app)


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
