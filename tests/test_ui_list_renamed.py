"""A list file renamed while the reader runs (``mv a.bib a_v2.bib``): the reader says
where it looks moved to, as the command line says it, not only that it is gone."""

from __future__ import annotations

import re
import shlex

from e2e_util import app_text, ready, settle, sync
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


def shown(rows: list[str]) -> str:
    """Rows of text as one line, as a reader reads them on: the words apart by one space."""
    return " ".join(" ".join(rows).split())


def names(text: str | list[str]) -> list[str]:
    """The words and the names of a path's folders and file in ``text`` (or its rows):
    rows broken inside a name give it as two."""
    return re.findall(r"[^\s/]+", text if isinstance(text, str) else " ".join(text))


def said_in(said: str, rows: list[str]) -> bool:
    """Whether the screen's ``rows`` say ``said`` (the frames of the dialogs and notices
    left out), broken between words or after a "/", never inside a name."""
    inside = [row.strip(" │▌") for row in rows]
    return " ".join(names(said)) in " ".join(names(inside))


async def show_problems(pilot, screen):  # type: ignore[no-untyped-def]
    """The load warnings, as w in the list shows them: the screen that lists them."""
    from tuireader.ui.screens.problems import ProblemsScreen

    screen.action_focus_results()
    await pilot.pause()
    await pilot.press("w")
    await settle(pilot)
    problems = pilot.app.screen
    assert isinstance(problems, ProblemsScreen)
    return problems


@sync
async def test_the_only_list_renamed_is_said_moved_in_the_viewer_and_the_load_warnings(tmp_path):
    # the viewer said "No paper selected", and w "collas.bib: no such file"
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        renamed = source.with_name("collas_v2.bib")
        source.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        assert len(screen.library) == 0
        said = f"The list {source} is gone; it looks moved to {renamed}"
        assert names(screen.viewer.lines) == names(f"No papers {said}"), screen.viewer.lines
        problems = await show_problems(pilot, screen)
        assert [str(problem) for problem in problems.problems] == [
            f"{source}: no such file; it looks moved to {renamed}"
        ]


@sync
async def test_at_80_by_24_a_key_on_no_paper_and_w_say_where_the_list_looks_moved(
    tmp_path, monkeypatch
):
    # the viewer is not beside the list there: Enter and the keys that act on a paper
    # say why there is none, and w's line breaks between folders, the names whole
    from tuireader.ui import app as reader_app

    monkeypatch.setattr(reader_app, "NOTICE_REPEAT", 0)  # each key says it, not once
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await ready(pilot)
        renamed = source.with_name("collas_v2.bib")
        source.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        app.clear_notifications()
        screen.action_focus_results()
        await pilot.pause()
        said = f"The list {source} is gone; it looks moved to {renamed}"
        for key in ("enter", "s"):
            await pilot.press(key)
            await settle(pilot)
            assert [str(n.message) for n in app._notifications] == [said], key
            rows = app_text(app).splitlines()
            assert said_in(said, rows), "\n".join(rows)
            app.clear_notifications()
            await settle(pilot)
        await show_problems(pilot, screen)
        rows = app_text(app).splitlines()
        assert said_in(f"{source}: no such file; it looks moved to {renamed}", rows), "\n".join(
            rows
        )


@sync
async def test_a_list_of_the_library_renamed_says_in_w_how_to_put_it_back(tmp_path):
    first, _second = lists(tmp_path)
    paths = resolve()
    shelf.add(paths, [first])
    app = build_app([first], paths, show_timings=False, default_catalogs=False, library=[first])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        renamed = first.with_name("first_v2.jsonl")
        first.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        put_back = f"tuireader add {shlex.quote(str(renamed))} puts it back"
        said = f"The list {first} is gone; it looks moved to {renamed} ({put_back})"
        assert names(screen.viewer.lines) == names(f"No papers {said}"), screen.viewer.lines
        problems = await show_problems(pilot, screen)
        moved = [str(p) for p in problems.problems if "moved" in str(p)]
        assert moved == [f"{first}: no such file; it looks moved to {renamed} ({put_back})"]


@sync
async def test_a_list_deleted_leaves_the_viewer_and_w_as_they_were(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        source.unlink()
        await reread(pilot, screen)
        await settle(pilot)
        assert shown(screen.viewer.lines) == (
            "No paper selected Type in the search box or move through the list."
        )
        problems = await show_problems(pilot, screen)
        assert [str(problem) for problem in problems.problems] == [f"{source}: no such file"]


@sync
async def test_a_list_renamed_and_back_again_is_not_said_moved(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        renamed = source.with_name("collas_v2.bib")
        source.rename(renamed)
        await reread(pilot, screen)
        await settle(pilot)
        renamed.rename(source)
        await reread(pilot, screen)
        await settle(pilot)
        assert len(screen.library) == 3
        source.unlink()  # gone again, and this time looks moved nowhere
        await reread(pilot, screen)
        await settle(pilot)
        assert shown(screen.viewer.lines).startswith("No paper selected")
        problems = await show_problems(pilot, screen)
        assert [str(problem) for problem in problems.problems] == [f"{source}: no such file"]
