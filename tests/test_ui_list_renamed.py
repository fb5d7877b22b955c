"""A list file renamed while the reader runs (``mv a.bib a_v2.bib``): the reader says
where it looks moved to, as the command line says it, not only that it is gone."""

from __future__ import annotations

import shlex

from e2e_util import ready, settle, sync
from test_ui_lists_changed import reader, reread, write_list
from test_ui_shelf_changed import lists

from tuireader.system import shelf
from tuireader.system.paths import resolve
from tuireader.ui.app import build_app


def lines(app) -> list[str]:  # type: ignore[no-untyped-def]
    """Every line of the run's notices, as W lists them (oldest first), without the
    count of load warnings a notice ends with (the list that cannot be read)."""
    return [
        line.removesuffix(" (1 load warning (w: details))")
        for said in reversed(app.notice_log.newest_first())
        for line in said.text.split("\n")
    ]


@sync
async def test_a_list_of_the_library_renamed_is_said_moved_with_how_to_put_it_back(tmp_path):
    first, _second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False, library=[first])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        count = len(screen.library)
        assert count > 1
        renamed = first.with_name("first_v2.jsonl")
        first.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        said = [line for line in lines(app) if "first.jsonl is gone" in line]
        assert said == [
            (
                f"first.jsonl is gone: its {count} papers left the results (marks on them "
                f"are kept); it looks moved to {renamed} (tuireader add "
                f"{shlex.quote(str(renamed))} puts it back)"
            )
        ], lines(app)


@sync
async def test_a_list_named_renamed_is_said_moved(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        renamed = source.with_name("collas_v2.bib")
        source.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        said = [line for line in lines(app) if "collas.bib is gone" in line]
        assert said == [
            (
                "collas.bib is gone: its 3 papers left the results (marks on them are kept); "
                f"it looks moved to {renamed}"
            )
        ], lines(app)


@sync
async def test_a_list_deleted_is_said_gone_only(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        source.unlink()
        (tmp_path / "other.bib").write_text("", encoding="utf-8")  # no file of its own
        await reread(pilot, screen)
        await settle(pilot)
        said = [line for line in lines(app) if "collas.bib is gone" in line]
        assert said == [
            "collas.bib is gone: its 3 papers left the results (marks on them are kept)"
        ], lines(app)
