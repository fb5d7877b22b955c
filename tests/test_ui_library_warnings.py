"""A list of the library that moved or vanished is reported inside the reader.

The reader takes over the screen, so what ``tuireader`` would print before it starts is
lost from view: the library's problems travel into the reader's load warnings instead.
"""

from __future__ import annotations

import json
import os

import pytest
from corpus_util import RECORDS, write_jsonl
from e2e_util import app_text, notices, ready, sync, widget_text

from tuireader import cli
from tuireader.system.paths import resolve
from tuireader.ui import app as app_module
from tuireader.ui.app import build_app
from tuireader.ui.screens.problems import ProblemsScreen


@pytest.fixture
def shelf_with_a_missing_list(tmp_path, capsys):
    demo = write_jsonl(tmp_path / "papers" / "demo.jsonl", RECORDS)
    other = write_jsonl(tmp_path / "other.jsonl", RECORDS[2:])
    assert cli.main(["add", str(demo), str(other)]) == 0
    os.rename(demo, tmp_path / "gone.jsonl")  # out of its folder: not findable
    capsys.readouterr()
    return other


def test_the_reader_is_given_the_library_problems_not_stderr(
    shelf_with_a_missing_list, monkeypatch, capsys
):
    seen = {}

    def fake_run_reader(**kwargs):
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(app_module, "run_reader", fake_run_reader)
    assert cli.main([]) == 0
    _, err = capsys.readouterr()
    assert "is missing" not in err  # it would be hidden by the reader's screen
    assert [str(path) for path in seen["sources"]] == [str(shelf_with_a_missing_list)]
    [note] = seen["notes"]
    assert "list 'demo' is missing" in note.message and note.severity == "warning"


@sync
async def test_library_problems_are_load_warnings_in_the_reader(
    shelf_with_a_missing_list, monkeypatch
):
    captured = {}
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(app_module, "run_reader", lambda **kwargs: captured.update(kwargs) or 0)
    cli.main([])

    app = build_app(captured["sources"], resolve(), notes=captured["notes"], show_timings=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.shown == 2  # the other list's papers are there
        assert "1 load warning" in widget_text(app, screen.query_one("#status"))
        await pilot.press("escape", "w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        text = app_text(app)
        assert "list 'demo' is missing" in text and "triage is kept" in text


@sync
async def test_the_warnings_key_without_warnings_says_so_and_types_nothing():
    from test_ui_app import SAMPLE, make_app

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert not screen.problems
        await pilot.press("escape", "w")
        await pilot.pause()
        assert not isinstance(app.screen, ProblemsScreen)
        assert screen.search_box.value == ""  # not taken for the start of a query
        assert screen.shown == 11
        assert any("No load warnings" in str(n.message) for n in app._notifications)


@sync
async def test_a_lists_warnings_are_announced_when_new_and_then_only_counted(tmp_path):
    source = tmp_path / "refs.bib"
    source.write_text(
        "@article{a, title={Walrus gaits}, doi={10.1/w}, year={2020}}\n"
        "@article{b, title={Walrus gaits again}, doi={10.1/w}, year={2020}}\n"
        "@misc{c, note={neither title nor abstract}}\n",
        encoding="utf-8",
    )
    paths = resolve(tmp_path / "data")
    # the first start reads the list; the second takes it from the cache, unchanged
    for announced in (True, False):
        app = build_app([source], paths, show_timings=False, default_catalogs=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await ready(pilot)
            assert "2 load warnings" in widget_text(app, screen.query_one("#status"))
            said = [text for text in notices(app) if "load warning" in text]
            assert bool(said) is announced, said
            await pilot.press("escape", "w")
            await pilot.pause()
            assert isinstance(app.screen, ProblemsScreen)
            assert "skipped 1 entry" in app_text(app)


def test_marks_outside_the_lists_are_a_load_warning_announced_when_they_change(tmp_path):
    # the command line counted them; the reader said nothing, and its counts just dropped
    from tuireader.session import load_session
    from tuireader.ui.app import core_services

    source = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    paths = resolve(tmp_path / "data")
    session = load_session([source], data_dir=paths.root)
    with session.open_store() as store:
        store.set_state(session.library.papers[0].id, "kept")
    write_jsonl(source, RECORDS[1:])  # the list re-scraped without the kept paper

    def warning() -> list:
        library = core_services([source], paths).load_library()
        return [p for p in library.problems if "outside these lists" in p.message]

    [first] = warning()
    assert first.severity == "warning" and not first.known  # new: announced
    [again] = warning()
    assert again.known  # the same mark: listed under w, not announced again


def test_a_mark_made_in_the_reader_keeps_what_identifies_its_paper(tmp_path):
    # the reader's store kept no identity with its marks: a re-scraped list (a paper's
    # id changed) left the reader's marks behind, while the command line's followed
    from tuireader.session import load_session
    from tuireader.ui.app import core_services

    records = [dict(r) for r in RECORDS]
    source = write_jsonl(tmp_path / "a.jsonl", records)
    paths = resolve(tmp_path / "data")
    services = core_services([source], paths)
    library = services.load_library()
    kept = library.papers[0]
    store = services.open_store()
    store.set_state(kept.id, "kept")
    assert store.identities([kept.id])  # kept with the mark
    store.close()
    records[0]["title"] = records[0]["title"].replace("Optimization", "Optimisation")
    write_jsonl(source, records)  # re-scraped: another id for the same paper
    session = load_session([source], data_dir=paths.root)
    assert kept.id not in session.library.paper_ids()
    assert session.triage is not None and not session.triage.detached
    with session.open_store() as again:
        assert [p.title for p in session.library.papers if again.get(p.id).state == "kept"] == [
            records[0]["title"]
        ]


def test_a_known_file_of_a_folder_that_holds_no_papers_is_not_announced_again(tmp_path):
    # a stray package.json beside the lists made the reader announce an error at every start
    from tuireader.ui.app import core_services

    folder = tmp_path / "lists"
    write_jsonl(folder / "papers.jsonl", RECORDS)
    (folder / "package.json").write_text('{"name": "x"}', encoding="utf-8")
    paths = resolve(tmp_path / "data")
    first = core_services([folder], paths).load_library().problems
    assert any("package.json" in str(p) for p in first)
    assert not all(p.quiet for p in first)  # new: announced
    again = core_services([folder], paths).load_library().problems
    assert any("package.json" in str(p) for p in again)  # still listed under w
    assert all(p.quiet for p in again)


@sync
async def test_marks_on_papers_of_a_list_not_opened_now_are_no_load_warning(tmp_path):
    # opening one list of two on purpose said "1 load warning": a mark on a paper of
    # the other list, "outside these lists", as if something were wrong
    from tuireader.session import load_session

    first = write_jsonl(tmp_path / "a.jsonl", RECORDS[:2])
    second = write_jsonl(tmp_path / "b.jsonl", RECORDS[2:])
    paths = resolve(tmp_path / "data")
    session = load_session([first, second], data_dir=paths.root)
    kept = next(p for p in session.library.papers if "b.jsonl" in str(session.files_of(p.id)))
    with session.open_store() as store:
        store.set_state(kept.id, "kept")
    load_session([first, second], data_dir=paths.root)  # the reader kept its list's file
    app = build_app([first], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "load warning" not in widget_text(app, screen.query_one("#status"))
        assert not [text for text in notices(app) if "outside these lists" in text]
    # the list gone for good: its mark is a warning again
    second.unlink()
    app = build_app([first], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "1 load warning" in widget_text(app, screen.query_one("#status"))


@sync
async def test_a_long_path_in_the_load_warnings_breaks_between_folders_not_in_its_name(tmp_path):
    # at 60 columns "/work/shared/data/real/papercopilot_nips2017_fir" then "st300.json"
    from tuireader.model import Problem

    folder = tmp_path / "data" / "real"
    write_jsonl(folder / "papercopilot_nips2017_first300.json", RECORDS)
    long = Problem(folder / "papercopilot_nips2017_first300.json", "4 records merged", "warning")
    short = Problem(tmp_path / "a.bib", "skipped 1 entry", "warning")
    paths = resolve(tmp_path / "home")
    app = build_app([folder], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        app.push_screen(ProblemsScreen([long, short]))
        for _ in range(5):
            await pilot.pause()
        rows = app_text(app).splitlines()
        shown = "\n".join(rows)
        assert any("papercopilot_nips2017_first300.json: 4 records" in row for row in rows), shown
        assert any("/a.bib: skipped 1" in row for row in rows), shown
        assert not any(f"• {folder}/" in row for row in rows), shown
        # laid out again for a wider screen: more of the path on its first row
        await pilot.resize_terminal(200, 40)
        for _ in range(5):
            await pilot.pause()
        rows = app_text(app).splitlines()
        assert any(f"• {folder}/" in row for row in rows), "\n".join(rows)


@sync
async def test_marks_of_a_list_removed_by_an_earlier_release_are_load_warnings(
    tmp_path, monkeypatch, capsys
):
    # an earlier release's `remove` took the list off the library alone: the triage file
    # still takes its file (there still) for the papers' list. The command line counts
    # the mark as outside the lists; the reader's warnings said nothing of it, for good.
    from tuireader.system import shelf

    first = write_jsonl(tmp_path / "a.jsonl", RECORDS[:1])
    second = write_jsonl(tmp_path / "b.jsonl", RECORDS[1:])
    assert cli.main(["add", str(first), str(second)]) == 0
    capsys.readouterr()
    assert cli.main(["search", "--json", "diffusion"]) == 0
    kept = json.loads(capsys.readouterr().out)["hits"][0]["id"]
    assert cli.main(["triage", kept, "--state", "keep"]) == 0
    shelf.remove(resolve(), ["a"])  # the library changed, the triage file told nothing
    said = "1 triage mark is on papers outside these lists"
    capsys.readouterr()
    assert cli.main(["lists"]) == 0
    assert said in capsys.readouterr().err

    captured = {}
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(app_module, "run_reader", lambda **kwargs: captured.update(kwargs) or 0)
    cli.main([])
    app = build_app(
        captured["sources"],
        resolve(),
        notes=captured["notes"],
        library=captured["library"],
        show_timings=False,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.shown == len(RECORDS) - 1
        assert "1 load warning" in widget_text(app, screen.query_one("#status"))
        await pilot.press("escape", "w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        assert "1 triage mark is on papers outside" in app_text(app)


def test_the_reader_counts_a_folders_files_not_read_as_lists_does(tmp_path, monkeypatch, capsys):
    # lists said "2 load warnings", the reader 1: the folder's README.md, not read, was
    # no load warning of the reader's
    folder = tmp_path / "papers"
    write_jsonl(folder / "demo.jsonl", RECORDS)
    (folder / "README.md").write_text("# My lists\n", encoding="utf-8")
    assert cli.main(["add", str(folder)]) == 0
    capsys.readouterr()
    assert cli.main(["lists"]) == 0
    _, err = capsys.readouterr()
    assert "1 load warning: tuireader lists --warnings" in err
    assert cli.main(["lists", "--warnings"]) == 0
    _, err = capsys.readouterr()
    assert err.count("not read: README.md") == 1
    seen = {}
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(app_module, "run_reader", lambda **kwargs: seen.update(kwargs) or 0)
    for given in ([], [str(folder)]):
        assert cli.main(given) == 0
        [note] = seen["notes"]
        assert "not read: README.md" in note.message and note.severity == "warning"


def test_a_folders_files_not_read_stay_among_the_warnings_as_the_library_is_read_again(
    tmp_path, capsys
):
    # the reader said "7 load warnings" at its start and 6 once a list added in another
    # terminal was read: the library read again left the folder's README.md out
    folder = tmp_path / "papers"
    write_jsonl(folder / "demo.jsonl", RECORDS)
    (folder / "README.md").write_text("# My lists\n", encoding="utf-8")
    assert cli.main(["add", str(folder)]) == 0
    capsys.readouterr()
    app = build_app([folder], resolve(), show_timings=False, library=[folder])
    assert app.shelf is not None
    again = app.shelf.read()
    assert [note.message for note in again.notes if "not read: README.md" in note.message]
