"""Export from the reader's palette: kept papers with their notes, to a file."""

from __future__ import annotations

import json

from e2e_util import app_text, notices, run_command, settle, sync, widget_text
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
        await pilot.press("4", "enter")  # the menu's fourth format: JSON, where offered
        await settle(pilot)  # the export is written by a worker
        [written] = list((tmp_path / "exports").glob("*.json"))
        data = json.loads(written.read_text())
        assert [item["id"] for item in data] == [first]
        assert data[0]["state"] == "kept"
        assert f"Exported 1 paper to\n{written}" in notices(app)


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
        assert f"Exported 2,610 papers to\n{path}" in notices(app)


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


@sync
async def test_at_80_columns_the_export_notice_shows_the_file_whole_on_one_row(tmp_path):
    # notices were half the screen wide: the path wrapped inside the file's name, which
    # could then be neither read nor selected with the mouse as one name
    from tuireader.ui.messages import ExportFinished

    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        path = tmp_path / "tuireader" / "exports" / "tuireader-results-20261205-195300.bib"
        assert len(str(path)) > 40
        # a notice that names no file keeps to half the screen, as it did
        screen.notify("Already skipped: no new paper below (z undoes) " * 2, markup=False)
        await settle(pilot)
        [toast] = app.screen.query("Toast")
        assert toast.outer_size.width <= 40
        screen.post_message(ExportFinished(3, path))
        await settle(pilot)
        rows = app_text(app).splitlines()
        # the file's name whole on one row, and the path as a whole when rows are joined
        assert any(f"/{path.name}" in row for row in rows), "\n".join(rows)
        shown = "".join(row.split("▌")[-1].strip(" │") for row in rows if "▌" in row)
        assert str(path) in shown, "\n".join(rows)


@sync
async def test_a_path_nearly_as_wide_as_the_screen_is_broken_between_folders():
    # the notice's room was taken as the screen less its border and padding, but the
    # notices' rack keeps two columns for its scroll bar: a path of 76 cells at 80
    # columns wrapped inside the file's name ("…-102111.b" then "ib")
    from pathlib import Path

    from tuireader.ui.messages import ExportFinished

    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        path = Path("/home/ada1/.local/share/tuireader/exports/tuireader-kept-20261206-102111.bib")
        assert len(str(path)) == 76
        screen.post_message(ExportFinished(3, path))
        await settle(pilot)
        rows = app_text(app).splitlines()
        assert any(path.name in row for row in rows), "\n".join(rows)  # the name whole
        shown = "".join(row.split("▌")[-1].strip(" │") for row in rows if "▌" in row)
        assert str(path) in shown, "\n".join(rows)


def _detached_mark() -> None:
    """A keep on a paper of none of the lists the reader reads (another machine's list),
    with the title the triage file keeps of it."""
    from tuireader.system.paths import resolve
    from tuireader.triage.store import Store, StoredIdentity

    with Store.open(resolve().ensure().state_db) as store:
        store.set_state_many(["elsewhere-1"], "kept")
        store.remember([StoredIdentity("elsewhere-1", title="A Paper of Another List")])


@sync
async def test_an_export_of_every_paper_carries_the_detached_marks(tmp_path):
    # the reader's export left out the marks on papers of no list read, and said nothing,
    # where tuireader export writes them and says how many
    _detached_mark()
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        count = len(ids(screen))
        await run_command(pilot, "export the results")
        await settle(pilot)
        await pilot.press("4", "enter")  # JSON, where offered
        await settle(pilot)
        [written] = list((tmp_path / "exports").glob("*.json"))
        data = json.loads(written.read_text())
        assert len(data) == count + 1
        assert (data[-1]["id"], data[-1]["state"]) == ("elsewhere-1", "kept")
        assert data[-1]["title"] == "A Paper of Another List"
        # marked as a detached mark's, as tuireader export marks it: read as a list, the
        # export takes it for no paper
        assert data[-1]["detached"] is True
        assert not any(row.get("detached") for row in data[:-1])
        assert f"Exported {count:,} papers and 1 detached mark to\n{written}" in notices(app)


@sync
async def test_an_export_that_leaves_the_detached_marks_out_says_so(tmp_path):
    _detached_mark()
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("s")
        await settle(pilot)
        await run_command(pilot, "export the kept")
        await settle(pilot)
        await pilot.press("4", "enter")  # JSON, where offered
        await settle(pilot)
        [written] = list((tmp_path / "exports").glob("*.json"))
        assert len(json.loads(written.read_text())) == 1
        [said] = [text for text in notices(app) if text.startswith("Exported")]
        assert "1 detached mark (on papers of none of the lists read) left out" in said
        assert "search box empty" in said


@sync
async def test_a_long_export_is_said_at_once_and_another_is_refused_until_it_is_written(
    tmp_path, monkeypatch
):
    # 10,000 papers as BibTeX took half a minute, with nothing said until a notice gone
    # five seconds later: the user asked again, and got several files of the same papers
    import threading

    from tuireader.ui.screens import main
    from tuireader.ui.screens.pick import PickScreen
    from tuireader.ui.widgets.status import StatusLine

    release = threading.Event()
    write = main.write_export

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait(120)  # (a bound only so that a failing test still ends)
        return write(*args, **kwargs)

    monkeypatch.setattr(main, "write_export", slow)
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        said = f"Exporting {len(ids(screen)):,} papers as JSON…"
        await run_command(pilot, "export the results")
        await settle(pilot)
        await pilot.press("4", "enter")  # JSON, where offered
        await pilot.pause()
        status = screen.query_one(StatusLine)
        try:
            assert said in notices(app)
            assert said in widget_text(app, status)  # until it is written
            first = screen.current_paper
            await pilot.press("j")  # the keys are answered meanwhile
            await pilot.pause()
            assert screen.current_paper is not first
            await run_command(pilot, "export the results")
            await pilot.pause()
            assert not isinstance(app.screen, PickScreen)  # no format asked for
            refused = f"Not exported: the export of {said[10:-1]} is still being written"
            assert any(text.startswith(refused) for text in notices(app)), notices(app)
            assert said in widget_text(app, status)
        finally:
            release.set()
        await settle(pilot)
        [written] = list((tmp_path / "exports").glob("*"))
        assert said not in widget_text(app, status)
        [done] = [n for n in app._notifications if str(n.message).startswith("Exported")]
        assert str(written) in str(done.message).replace("\n", "")
        # up longer than the other notices, and in the notices' log (W) after
        assert done.timeout > app.NOTIFICATION_TIMEOUT
        assert done.message in [said.text for said in app.notice_log.newest_first()]
        # once written, another export may be asked for
        await run_command(pilot, "export the results")
        await settle(pilot)
        assert isinstance(app.screen, PickScreen)


def _tagged(paper_id: str, *tags: str) -> None:
    """``tags`` on the paper, set as another reader or the command line sets them."""
    from tuireader.system.paths import resolve
    from tuireader.triage.store import Store

    with Store.open(resolve().ensure().state_db) as store:
        store.set_tags(paper_id, list(tags))


async def _export_results(pilot, key: str) -> None:  # type: ignore[no-untyped-def]
    """Export the results from the palette, in the format the menu's ``key`` picks."""
    await run_command(pilot, "export the results")
    await settle(pilot)
    await pilot.press(key, "enter")  # to the file offered
    await settle(pilot)  # the export is written by a worker


@sync
async def test_a_ris_export_says_the_tags_zotero_splits_as_the_command_line_says_it(
    tmp_path, capsys
):
    # the command line said that Zotero reads 'RL; theory' as two tags; the reader's
    # notice said only where the file was written
    from test_ui_app import SAMPLE

    from tuireader.cli import main

    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        _tagged(ids(screen)[0], "RL; theory", "to read")
        screen.poll_triage()
        await settle(pilot)
        await _export_results(pilot, "6")  # the menu's sixth format: RIS
        [written] = list((tmp_path / "exports").glob("*.ris"))
        [said] = [notice for notice in notices(app) if notice.startswith("Exported")]
        first, *where, warning = said.split("\n")
        assert (first, "".join(where)) == (f"Exported {len(ids(screen)):,} papers to", str(written))
        assert warning == (
            "In RIS, Zotero splits a tag at each ';': 'RL; theory' becomes 'RL' and "
            "'theory' there (tuireader import reads it back whole; a BibTeX export gives "
            "Zotero one tag, 'RL theory')"
        )
        [notice] = [n for n in app._notifications if str(n.message) == said]
        assert notice.severity == "warning"
        # on the screen whole, its words on rows of the notice's width
        rows = [row.split("▌")[-1].strip() for row in app_text(app).splitlines() if "▌" in row]
        assert " ".join(" ".join(rows).split()).endswith(" ".join(warning.split()))
    capsys.readouterr()
    assert main(["export", str(SAMPLE), "--format", "ris", "-o", str(tmp_path / "x.ris")]) == 0
    err = " ".join(capsys.readouterr().err.split())
    cli = warning[:1].lower() + warning[1:].replace("a BibTeX export", "--format bibtex")
    assert f"tuireader: {cli}" in err


@sync
async def test_a_bibtex_export_of_such_tags_says_only_where_it_is(tmp_path):
    # BibTeX gives Zotero one tag ("RL theory"): nothing to say, as the command line
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        _tagged(ids(screen)[0], "RL; theory")
        screen.poll_triage()
        await settle(pilot)
        await _export_results(pilot, "1")  # BibTeX
        [written] = list((tmp_path / "exports").glob("*.bib"))
        assert "RL theory" in written.read_text("utf-8")
        [said] = [notice for notice in notices(app) if notice.startswith("Exported")]
        assert said == f"Exported {len(ids(screen)):,} papers to\n{written}"


@sync
async def test_the_help_and_the_palette_name_every_format_the_export_menu_offers():
    # they said "(BibTeX, Markdown, CSV, JSON, URLs)" where the menu offers RIS and
    # CSL-JSON too
    from tuireader.ui.exporting import ExportCommands
    from tuireader.ui.screens.help import HelpScreen
    from tuireader.ui.screens.pick import PickScreen

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        await run_command(pilot, "export the results")
        await settle(pilot)
        assert isinstance(app.screen, PickScreen)
        offered = [choice.split(",")[0].split()[0] for choice in app.screen.choices]
        assert offered[-3:] == ["RIS", "CSL-JSON", "BibLaTeX"]
        await pilot.press("escape")
        await settle(pilot)
        named = f"({', '.join(offered)})"
        helps = [text for _name, text, _run in ExportCommands(screen).commands()]
        assert helps and all(named in text for text in helps), helps
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(str(app.screen.query_one("#help-text").content).split())
        assert f"Export {named} of the results" in text
