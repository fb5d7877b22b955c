"""The reader's export asks where to write the file: a path offered in the folder the
reader was started from (``kept.bib``, a name not taken yet), written with Enter,
Escape cancelling; a file already there replaced only on a second Enter; a folder
missing or not writable, and a write that fails (a full disk), said in words with the
path kept as typed. The export went to ``exports/tuireader-kept-<time>.bib`` with no
choice."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from e2e_util import app_text, notices, run_command, settle, sync
from test_ui_triage import ids, start, triage_app

from tuireader.ui.screens.export_to import ExportPathScreen


def reader(tmp_path: Path):  # type: ignore[no-untyped-def]
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    app.start_folder = tmp_path / "paper"
    app.start_folder.mkdir()
    return app


async def ask(pilot, scope: str, key: str) -> ExportPathScreen:  # type: ignore[no-untyped-def]
    """Export ``scope`` from the palette in the menu's format ``key``: the path dialog."""
    await run_command(pilot, f"export the {scope}")
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)
    await pilot.pause()  # (drawn with the end of the path in view)
    dialog = pilot.app.screen
    assert isinstance(dialog, ExportPathScreen)
    return dialog


def typed(dialog: ExportPathScreen) -> str:
    return dialog.query_one("#export-path").value


def problem(dialog: ExportPathScreen) -> str:
    label = dialog.query_one("#export-problem")
    return str(label.content) if label.display else ""


async def retype(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("ctrl+u", *text)  # (ctrl+u clears the input left of the cursor)
    await pilot.pause()


@sync
async def test_enter_writes_the_kept_papers_to_the_path_offered_in_the_start_folder(tmp_path):
    app = reader(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("s")  # keep the first paper
        await settle(pilot)
        dialog = await ask(pilot, "kept", "4")  # JSON
        wanted = tmp_path / "paper" / "kept.json"
        assert typed(dialog) == str(wanted)
        # the dialog fits 80×24 whole: what is exported, the path and the keys
        shown = app_text(app)
        assert "Export 1 paper as JSON to:" in shown and "Enter writes" in shown
        assert "/paper/kept.json" in shown  # (the end of the path, where the cursor is)
        await pilot.press("enter")
        await settle(pilot)
        assert [row["id"] for row in json.loads(wanted.read_text())] == [first]
        # (the path on rows of its own, broken between folders at 80 columns)
        [said] = [text for text in notices(app) if text.startswith("Exported")]
        assert said.replace("\n", "") == f"Exported 1 paper to{wanted}"
        assert not (tmp_path / "exports").exists()
        # the next export offers the folder written to, with a name not taken
        dialog = await ask(pilot, "kept", "4")
        assert typed(dialog) == str(tmp_path / "paper" / "kept-2.json")


@sync
async def test_escape_cancels_and_a_relative_path_is_from_the_start_folder(tmp_path):
    app = reader(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await start(pilot)
        await ask(pilot, "results", "3")  # CSV
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ExportPathScreen)
        assert not any(text.startswith("Export") for text in notices(app))
        assert list((tmp_path / "paper").iterdir()) == []
        await ask(pilot, "results", "3")
        (tmp_path / "paper" / "out").mkdir()
        await retype(pilot, "out/mine.csv")
        await pilot.press("enter")
        await settle(pilot)
        assert (tmp_path / "paper" / "out" / "mine.csv").read_text().startswith("id,")


@sync
async def test_a_file_already_there_is_replaced_only_on_a_second_enter(tmp_path):
    app = reader(tmp_path)
    there = tmp_path / "paper" / "results.bib"
    there.write_text("my own bibliography\n")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await start(pilot)
        dialog = await ask(pilot, "results", "1")  # BibTeX
        assert typed(dialog) == str(tmp_path / "paper" / "results-2.bib")  # not taken
        await retype(pilot, str(there))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and "results.bib is there already" in problem(dialog)
        assert there.read_text() == "my own bibliography\n"
        # another name typed: asked about again
        await pilot.press("backspace", "b", "enter")
        await settle(pilot)
        assert app.screen is dialog and "Enter again replaces it" in problem(dialog)
        await pilot.press("enter")
        await settle(pilot)
        assert there.read_text().startswith("@")


@sync
async def test_a_folder_missing_or_not_writable_is_said_and_the_path_stays(tmp_path, monkeypatch):
    app = reader(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: Path(path) != locked and access(path, mode)
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        dialog = await ask(pilot, "results", "3")
        missing = str(tmp_path / "nowhere" / "kept.csv")
        await retype(pilot, missing)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and typed(dialog) == missing
        assert problem(dialog) == f"The folder {tmp_path / 'nowhere'} does not exist"
        await retype(pilot, str(locked / "kept.csv"))
        assert problem(dialog) == ""  # the path edited: the problem was the old one's
        await pilot.press("enter")
        await settle(pilot)
        assert problem(dialog) == f"Cannot write in {locked}: permission denied"
        await retype(pilot, str(tmp_path / "paper"))
        await pilot.press("enter")
        await settle(pilot)
        assert "is a folder: add the file's name" in problem(dialog)
        assert not any(text.startswith("Export") for text in notices(app))


@sync
async def test_a_full_disk_is_said_and_the_next_export_offers_the_path_again(tmp_path, monkeypatch):
    from tuireader.ui import exporting

    def full(text: str, target: Path, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(exporting, "write_atomic", full)
    app = reader(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await start(pilot)
        await ask(pilot, "results", "3")
        wanted = tmp_path / "paper" / "mine.csv"
        await retype(pilot, str(wanted))
        await pilot.press("enter")
        await settle(pilot)
        [failed] = [text for text in notices(app) if text.startswith("Export failed")]
        assert failed.startswith(f"Export failed: {wanted}: the disk is full")
        monkeypatch.undo()
        dialog = await ask(pilot, "results", "3")
        assert typed(dialog) == str(wanted)
        assert problem(dialog) == "The last export to it failed: the disk is full"
        await pilot.press("enter")
        await settle(pilot)
        assert wanted.read_text().startswith("id,")


@sync
async def test_a_folder_where_no_file_can_be_made_is_said_in_the_dialog(tmp_path, monkeypatch):
    # /proc and /sys are folders root may write in by their mode, but no file can be
    # made there: the dialog closed, and the notice said "/proc/x.csv: the folder does
    # not exist" and "permission denied"
    import tempfile

    proc, sys_like = tmp_path / "proc", tmp_path / "sys"
    proc.mkdir()
    sys_like.mkdir()
    make = tempfile.mkstemp

    def refused(*args, **kwargs):  # type: ignore[no-untyped-def]
        folder = Path(kwargs.get("dir") or "")
        if folder == proc:
            raise OSError(errno.ENOENT, "No such file or directory")
        if folder == sys_like:
            raise OSError(errno.EACCES, "Permission denied")
        return make(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    app = reader(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start(pilot)
        dialog = await ask(pilot, "results", "3")
        for folder, cause in ((proc, "no file can be made in it"), (sys_like, "permission denied")):
            await retype(pilot, str(folder / "x.csv"))
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is dialog and typed(dialog) == str(folder / "x.csv")
            assert problem(dialog) == f"Cannot write in {folder}: {cause}"
        assert not any(text.startswith("Export") for text in notices(app))
        assert list(proc.iterdir()) == [] and list(sys_like.iterdir()) == []
        monkeypatch.undo()
        await retype(pilot, str(proc / "x.csv"))
        await pilot.press("enter")
        await settle(pilot)
        assert (proc / "x.csv").read_text().startswith("id,")
        assert list(proc.iterdir()) == [proc / "x.csv"]  # (no trial file left behind)
