"""The reader's export never gives the marks of a damaged triage file as none: it refuses
in the words ``tuireader export`` says it in, names ``tuireader recover`` and writes
nothing; an export of links, which carries no triage, is written."""

from __future__ import annotations

import pytest
from e2e_util import notices, run_command, settle, sync
from test_ui_app import SAMPLE
from test_ui_triage import start, triage_app

from tuireader.cli import main
from tuireader.system.paths import resolve
from tuireader.triage.store import Store


def _keep_the_first_papers(count: int = 3) -> None:
    from tuireader.ingest.library import load_library

    papers = load_library([SAMPLE]).papers[:count]
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state_many([paper.id for paper in papers], "kept")


def _cut_short(db):
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def _not_a_database(db):
    db.write_bytes(b"this is not a database at all\n" * 10)


def _pages_garbled(db):
    # the pages after the first two written over with bytes that are no page of SQLite's
    data = bytearray(db.read_bytes())
    for at in range(8192, len(data) - 4096):
        data[at] = (at * 37) % 251
    db.write_bytes(bytes(data))


async def _export(pilot, key: str) -> None:
    await run_command(pilot, "export the results")
    await settle(pilot)
    await pilot.press(key, "enter")  # the menu's format: 3 CSV, 5 URLs; where offered
    await settle(pilot)  # the export is written (or refused) by a worker


@pytest.mark.parametrize("damage", [_cut_short, _not_a_database, _pages_garbled])
@sync
async def test_an_export_from_the_reader_refuses_a_damaged_triage_file(capsys, tmp_path, damage):
    # the export was written with every mark that could not be read as "new", and its
    # notice said only where the file was
    _keep_the_first_papers()
    db = resolve().state_db
    damage(db)
    before = db.read_bytes()
    assert main(["export", "--format", "csv", str(SAMPLE)]) == 2
    said = capsys.readouterr().err.strip().removeprefix("tuireader: ")
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await _export(pilot, "3")
        assert not (tmp_path / "exports").exists() or not any((tmp_path / "exports").iterdir())
        [notice] = [
            text
            for text in notices(app)
            if "export" in text.casefold() and not text.startswith("Exporting ")
        ]
        joined = " ".join(notice.split())
        # the command line's words, the path and all
        assert said[1:] in joined and "tuireader recover" in joined, (said, joined)
        assert "nothing was written" in joined
    assert db.read_bytes() == before  # left as it was, for recover


@sync
async def test_an_export_of_links_from_the_reader_is_written_all_the_same(tmp_path):
    _keep_the_first_papers()
    _not_a_database(resolve().state_db)
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await _export(pilot, "5")
        [written] = list((tmp_path / "exports").glob("*.txt"))
        assert written.read_text().startswith("https://")


@sync
async def test_a_sound_triage_file_is_exported_from_the_reader(tmp_path):
    _keep_the_first_papers()
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await _export(pilot, "3")
        [written] = list((tmp_path / "exports").glob("*.csv"))
        assert written.read_text().count(",kept,") == 3


@sync
async def test_an_export_from_the_reader_refuses_a_triage_file_on_a_disk_not_mounted(tmp_path):
    # the link's folder is not there: no mark could be read, and every paper was "new"
    _keep_the_first_papers()
    db = resolve().state_db
    db.rename(tmp_path / "elsewhere.sqlite3")
    db.symlink_to(tmp_path / "not-mounted" / "triage.sqlite3")
    app = triage_app()
    app.exports_dir = tmp_path / "exports"
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await _export(pilot, "3")
        assert not list((tmp_path / "exports").glob("*.csv"))
        assert any("nothing was written" in text for text in notices(app)), notices(app)
