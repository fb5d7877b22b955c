"""A change refused while the triage file could not be written, and made again once it
could (saved): the reader no longer lists it as not saved when it closes, nor ends with 1
for it. Doing it "again", as that list tells, would take the paper back where it was."""

from __future__ import annotations

import os
import subprocess

import pytest
from e2e_util import settle, sync
from test_ui_app import SAMPLE
from test_ui_triage import ids, poll_until_taken_up, saved, start, triage_app

from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import Store


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], check=False, capture_output=True).returncode == 0


@pytest.fixture
def read_only_folder(tmp_path):
    """A data folder holding an empty triage file, seen through a read-only bind mount
    (as root, chmod a-w would not stop a write), made writable again by
    ``_mount("-o", "remount,rw,bind", view)``."""
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    data = tmp_path / "data"
    data.mkdir()
    Store.open(data / "triage.sqlite3").close()
    view = tmp_path / "view"
    view.mkdir()
    if not _mount("--bind", str(data), str(view)):
        pytest.skip("mount is not available here")
    try:
        if not _mount("-o", "remount,ro,bind", str(view)):
            pytest.skip("a read-only remount is not available here")
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False, capture_output=True)


def told_app(path):  # type: ignore[no-untyped-def]
    """The reader on the triage file ``path``, and what it says of the changes not
    saved as it closes."""
    app = triage_app(path)
    told: list[tuple[str, list[str]]] = []
    app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    return app, told


def states(path) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with Store.open(path, read_only=True) as store:
        return store.states()


@sync
async def test_a_skip_refused_on_a_read_only_folder_and_made_once_writable_is_not_listed(
    read_only_folder,
):
    path = read_only_folder / "triage.sqlite3"
    app, told = told_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        assert screen.store.read_only
        await pilot.press("x")  # refused
        await pilot.press("down", "s")  # refused, and never made again
        await settle(pilot)
        assert screen.triage.states == {}
        assert _mount("-o", "remount,rw,bind", str(read_only_folder))
        said = await poll_until_taken_up(pilot, screen)
        assert "can be written now" in said
        await pilot.press("up", "x")
        await settle(pilot)
        assert states(path) == {first: "skip"}
        title = screen._title_of(second, None)
    ((_why, lines),) = told
    assert lines == [f"kept: “{title}”"]


@sync
async def test_a_maybe_refused_on_a_damaged_file_and_made_after_recover_is_not_listed():
    from tuireader.triage.recover import recover

    path = resolve().ensure().state_db
    first_id = load_library([SAMPLE]).papers[0].id
    with Store.open(path) as store:
        store.set_state(first_id, "kept")
    with Store.open(path) as store:  # more after the mark: cut off, the mark is still there
        store.save_ui_state("later", {"text": "x" * path.stat().st_size * 2})
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 4096 // 2 * 4096])
    app, told = told_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        second = ids(screen)[1]
        assert screen.store.read_only
        await pilot.press("down", "m")  # refused: the file is damaged
        await settle(pilot)
        assert screen.triage.state_of(second) == "new"
        assert recover(path).outcome == "recovered"  # in another terminal
        assert "was recovered" in await poll_until_taken_up(pilot, screen)
        await pilot.press("m")
        await settle(pilot)
        assert saved(second).state == "maybe"
    assert told == []  # all was saved: nothing to make again, and the reader ends with 0


@sync
async def test_an_undo_refused_and_made_once_writable_is_not_listed(read_only_folder):
    path = read_only_folder / "triage.sqlite3"
    app, told = told_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await pilot.press("z")  # refused
        await settle(pilot)
        assert _mount("-o", "remount,rw,bind", str(read_only_folder))
        await poll_until_taken_up(pilot, screen)
        await pilot.press("s", "z")  # kept, and that keep undone
        await settle(pilot)
        assert states(path) == {} and screen.triage.state_of(first) == "new"
    assert told == []
