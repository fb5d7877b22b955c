"""A triage file that cannot be written (opened read-only): what was asked for and
refused is listed, each change, as the reader closes, as changes a full disk refused are."""

from __future__ import annotations

from e2e_util import notices, settle, sync
from test_ui_triage import ids, start, triage_app


def read_only_app(tmp_path):  # type: ignore[no-untyped-def]
    """The reader on a triage file it can only read (a damaged one), and what it says
    of the changes not saved as it closes."""
    path = tmp_path / "triage.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    app = triage_app(path)
    told: list[tuple[str, list[str]]] = []
    app._took_unsaved = lambda why, lines: told.append((why, lines))  # type: ignore[method-assign]
    return app, told


@sync
async def test_each_change_refused_on_a_read_only_file_is_listed_as_the_reader_closes(tmp_path):
    # it said "3 changes asked for and refused as they were made: …" and named none,
    # where a full disk lists each ("kept: “InferCept…”")
    app, told = read_only_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("s")  # refused: the highlight stays
        await settle(pilot)
        await pilot.press("down", "x", "z")
        await settle(pilot)
        titles = {pid: screen._title_of(pid, None) for pid in (first, second)}
        said = notices(app)
    ((why, lines),) = told
    assert why in said  # the store's own words, as the notice said them
    assert lines == [
        f"kept: “{titles[first]}”",
        f"skipped: “{titles[second]}”",
        "an undo (z)",
    ]
