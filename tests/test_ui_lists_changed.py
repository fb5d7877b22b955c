"""A list file replaced on disk under a running reader: read again, decisions kept.

A re-scraped list can give a paper another id (a new BibTeX key, a title edited): any
command that reads the lists then moves the paper's triage mark to its new id. A reader
left open on the old lists must notice the file changed, show the lists as they are now,
and never write a decision to an id whose mark has moved (a mark no list would show).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from e2e_util import app_text, notices, ready, settle, sync

from tuireader.session import load_session
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, core_services
from tuireader.ui.services import Services

ENTRY = """@InProceedings{{{key},
  title = {{{title}}},
  author = {{{author}}},
  year = {{2022}},
  abstract = {{{abstract}}}
}}
"""
PAPERS = [
    ("energy2022", "Energy-Based Models for Continual Learning", "Li, Shuang"),
    ("maml2022", "How Does the Task Landscape Affect MAML Performance", "Collins, Liam"),
    ("replay2022", "Replay Buffers for Lifelong Agents", "Rolnick, David"),
]


def write_list(path: Path, renamed: bool = False) -> Path:
    """Three papers; ``renamed``: the second as a re-scrape gives it (another key, a
    title ending in '.'), which gives it another id."""
    parts = []
    for number, (key, title, author) in enumerate(PAPERS):
        if renamed and number == 1:
            key, title = "collins22a", title + "."
        abstract = f"We study {title.lower()} in continual learning, paper {number}."
        parts.append(ENTRY.format(key=key, title=title, author=author, abstract=abstract))
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def reader(source: Path) -> ReaderApp:
    return ReaderApp(core_services([source], resolve().ensure()), show_timings=False)


def ids(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.paper.id for row in screen.results.rows]


def stored_states() -> dict[str, str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.states()


async def highlight(pilot, screen, paper_id: str) -> None:  # type: ignore[no-untyped-def]
    screen.action_focus_results()
    await pilot.pause()
    screen.results.select(ids(screen).index(paper_id))
    await pilot.pause()


async def reread(pilot, screen) -> None:  # type: ignore[no-untyped-def]
    """One poll, as the reader makes each second, and the lists read again after it."""
    screen.poll_triage()
    await pilot.pause()
    await ready(pilot)


@sync
async def test_a_key_in_a_reader_on_a_stale_list_goes_to_the_papers_new_id(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        old = ids(screen)
        await highlight(pilot, screen, old[1])
        await pilot.press("s")  # keep the second paper
        await settle(pilot)
        assert stored_states() == {old[1]: "kept"}

        # The list is re-scraped, and a command reads it: the mark follows the paper. The
        # reader's own look, each second, is held off until the test makes it (on a busy
        # machine it came first and read the list again before the key below).
        screen._check_lists = lambda: None
        write_list(source, renamed=True)
        session = load_session([source], data_dir=resolve().root)
        new = [paper.id for paper in session.library.papers]
        assert new[1] != old[1] and new[0] == old[0]
        assert stored_states() == {new[1]: "kept"}

        # The reader has not polled yet: it still shows the old id. A key there is the
        # user's decision on that paper, saved under its new id, not beside it.
        await highlight(pilot, screen, old[1])
        await pilot.press("m")
        await settle(pilot)
        assert stored_states() == {new[1]: "maybe"}

        # The next poll sees the file changed: the lists are read again and shown.
        del screen._check_lists
        await reread(pilot, screen)
        assert ids(screen) == new
        # the highlight stays where the key moved it on (the next paper still new)
        assert screen.current_paper is not None and screen.current_paper.id == new[2]
        assert screen.triage.state_of(new[1]) == "maybe"
        assert any("collas.bib changed on disk: read again" in n for n in notices(app))
        await highlight(pilot, screen, new[1])
        await pilot.press("x")  # the decision after it is the paper's too
        await settle(pilot)
        assert stored_states() == {new[1]: "skip"}


@sync
async def test_a_list_changed_on_disk_is_read_again_keeping_query_highlight_and_mark(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        old = ids(screen)
        assert len(old) == 3
        second = next(row.paper for row in screen.results.rows if "MAML" in row.paper.title)
        await highlight(pilot, screen, second.id)
        await pilot.press("s")
        await settle(pilot)
        await highlight(pilot, screen, second.id)

        # Nothing else reads the list: the reader itself reads it again, and the mark
        # follows the paper as it would on a start.
        write_list(source, renamed=True)
        await reread(pilot, screen)
        await settle(pilot)
        assert screen.search_query == "continual"
        current = screen.current_paper
        assert current is not None and current.title.endswith("Performance.")
        assert current.id != second.id and current.id in ids(screen)
        assert second.id not in ids(screen)
        assert stored_states() == {current.id: "kept"}
        assert screen.triage.state_of(current.id) == "kept"
        assert "★" in app_text(app)
        await pilot.press("m")
        await settle(pilot)
        assert stored_states() == {current.id: "maybe"}


@sync
async def test_lists_unchanged_are_not_read_again(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        library = screen.library
        screen.poll_triage()
        await settle(pilot)
        assert screen.library is library
        assert not any("changed on disk" in n for n in notices(app))


@sync
async def test_a_key_pressed_as_the_lists_are_read_again_goes_to_the_papers_new_id(tmp_path):
    # The paper has no mark as its list is read again: no mark moves, so nothing in the
    # triage file says its id changed. A key pressed on it before the lists read are
    # shown was left on the id no list has any more, a detached mark.
    source = write_list(tmp_path / "collas.bib")
    services = core_services([source], resolve().ensure())
    reads: list[object] = []
    reading, go = threading.Event(), threading.Event()

    def load():  # type: ignore[no-untyped-def]
        library = services.load_library()
        reads.append(library)
        if len(reads) == 2:  # the lists read again, not yet shown: until the test says
            reading.set()
            go.wait(60)
        return library

    app = ReaderApp(Services(load, services.open_engine, services.open_store), show_timings=False)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        old = ids(screen)
        await highlight(pilot, screen, old[1])

        write_list(source, renamed=True)
        screen.poll_triage()
        for _ in range(1000):
            if reading.is_set():
                break
            await pilot.pause(0.01)
        assert reading.is_set()
        assert screen.current_paper is not None and screen.current_paper.id == old[1]
        await pilot.press("s")
        for _ in range(1000):  # saved, under the id the paper had
            if screen.triage.idle() and not screen.triage.saving:
                break
            await pilot.pause(0.01)
        go.set()
        await ready(pilot)
        await settle(pilot)

        new = ids(screen)
        assert new[1] != old[1]
        assert stored_states() == {new[1]: "kept"}
        assert screen.triage.state_of(new[1]) == "kept"
        await highlight(pilot, screen, new[1])
        await pilot.press("z")  # undone on the paper, too
        await settle(pilot)
        assert stored_states() == {}
        assert screen.triage.state_of(new[1]) == "new"


@sync
async def test_a_list_caught_half_written_keeps_the_papers_read_before(tmp_path):
    # an editor, a download or a sync tool writing the file in place: a poll can read it
    # cut short; the papers (and the query, the highlight, the marks) stay till it is whole
    source = write_list(tmp_path / "collas.bib")
    whole = source.read_text(encoding="utf-8")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        second = next(row.paper for row in screen.results.rows if "MAML" in row.paper.title)
        await highlight(pilot, screen, second.id)
        before = ids(screen)
        source.write_text("@InProceedings{energy2022,\n  title = {Energy", encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        assert ids(screen) == before and len(screen.library) == 3
        current = screen.current_paper
        assert current is not None and current.id == second.id
        said = " ".join(notices(app))
        assert "Could not read the lists again" in said and "collas.bib" in said
        assert "the papers read before are kept" in said
        await pilot.press("s")  # keys act on the papers shown
        await settle(pilot)
        assert stored_states() == {second.id: "kept"}

        source.write_text(whole, encoding="utf-8")  # whole again: read again
        await reread(pilot, screen)
        await settle(pilot)
        assert ids(screen) == before and screen.triage.state_of(second.id) == "kept"
        assert any("changed on disk: read again" in n for n in notices(app))


@sync
async def test_a_json_list_caught_half_written_keeps_every_paper_read_before(tmp_path):
    # read up to where it breaks off, the papers after the break left the list for a time
    source = tmp_path / "list.json"
    items = [
        {"title": f"Continual paper {n}", "abstract": f"We study continual learning {n}."}
        for n in range(6)
    ]
    whole = json.dumps(items, indent=2)
    source.write_text(whole, encoding="utf-8")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        before = ids(screen)
        assert len(before) == 6
        source.write_text(whole[: whole.index('"Continual paper 3"')], encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        assert ids(screen) == before and len(screen.library) == 6
        said = " ".join(notices(app))
        assert "the papers read before are kept" in said and "cut short" in said
        source.write_text(whole, encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        assert ids(screen) == before


@sync
async def test_a_list_cut_short_from_the_start_does_not_stop_the_others_being_read_again(
    tmp_path,
):
    # cut short when the reader started (and so read up to the break then): a list that
    # comes into the folder, or another that changes, is read as ever
    folder = tmp_path / "lists"
    folder.mkdir()
    lines = [json.dumps({"title": f"Continual paper {n}"}) for n in range(3)]
    (folder / "a.jsonl").write_text("\n".join(lines) + '\n{"title": "Contin', encoding="utf-8")
    app = reader(folder)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        assert len(screen.library) == 3
        (folder / "b.jsonl").write_text(json.dumps({"title": "Replay buffers"}) + "\n")
        await reread(pilot, screen)
        await settle(pilot)
        assert len(screen.library) == 4
        assert not any("the papers read before are kept" in n for n in notices(app))


def test_changes_not_shown_yet_join_those_found_later():
    # what each file did since the lists shown were read
    from tuireader.ui.services import Changes

    a, b, c, d, e = (Path(f"/lists/{name}.json") for name in "abcde")
    held = Changes(changed=(a, b), added=(c, d), removed=(e,), catalogs=frozenset({b}))
    unread = held.without({a})
    assert (unread.changed, unread.added, unread.removed) == ((b,), (c, d), (e,))
    later = Changes(changed=(b, c), removed=(d,), added=(e,), not_read=("lists: x.png",))
    joined = unread.then(later)
    # b changed twice; c came, then changed; d came and went; e went and came back
    assert (joined.changed, joined.added, joined.removed) == ((b, e), (c,), ())
    assert joined.not_read == ("lists: x.png",) and joined.catalogs == {b}
    assert joined.paths == {b, c, e} and not Changes().then(Changes()).to_read


def titles(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(paper.title for paper in screen.library.papers)


@sync
async def test_a_list_left_cut_short_does_not_stop_the_lists_being_read_again(tmp_path):
    # a download that stopped half way, left in the folder: the list it overwrote was kept
    # as read before, and every list changed or added after it was not read until the
    # reader restarted ("Could not read the lists again" at each change)
    folder = tmp_path / "lists"
    folder.mkdir()
    items = [
        {"title": f"Continual paper {n}", "abstract": f"We study continual learning {n}."}
        for n in range(6)
    ]
    whole = json.dumps(items, indent=2)
    first, second = folder / "a.json", folder / "b.json"
    first.write_text(whole, encoding="utf-8")
    second.write_text(json.dumps([{"title": "Replay buffers"}]), encoding="utf-8")
    app = reader(folder)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        assert len(screen.library) == 7

        async def changed() -> list[str]:
            said = len(notices(app))
            await reread(pilot, screen)
            await settle(pilot)
            return notices(app)[said:]

        # caught being written, and again: the papers read before stay, and it is said
        for cut in ('"Continual paper 3"', '"Continual paper 4"'):
            first.write_text(whole[: whole.index(cut)], encoding="utf-8")
            (said,) = await changed()
            assert "a.json" in said and "cut short" in said
            assert "the papers read before are kept" in said
            assert len(screen.library) == 7
        # left so, another list changes: it is read, and the one cut short as it stands
        second.write_text(json.dumps([{"title": "Replay buffers"}, {"title": "Dreamer"}]))
        (said,) = await changed()
        assert "b.json changed on disk: read again" in said
        assert "a.json: " in said and said.endswith("(is the file cut short?)")
        kept = [f"Continual paper {n}" for n in range(4)]  # the records before the break
        assert titles(screen) == [*kept, "Dreamer", "Replay buffers"]
        # and again: the list still cut short, unchanged, is not said again
        (folder / "c.json").write_text(json.dumps([{"title": "World models"}]))
        (said,) = await changed()
        assert "new list in lists: c.json (1 paper)" in said and "cut short" not in said
        assert len(screen.library) == 7
        # whole again: read whole, and nothing said of it being cut short
        first.write_text(whole, encoding="utf-8")
        (said,) = await changed()
        assert said == "a.json changed on disk: read again (2 papers added)"
        assert len(screen.library) == 9


@sync
async def test_a_change_beside_a_list_caught_cut_short_is_read_at_the_next_look(tmp_path):
    # a list caught half written as another changes: the other's change was taken as read
    # with the papers read before, and not shown until a file changed again
    folder = tmp_path / "lists"
    folder.mkdir()
    rows = "".join(f'"Continual paper {n}","We study continual learning {n}."\n' for n in range(4))
    whole = '"Title","Abstract Note"\n' + rows
    first, second = folder / "a.csv", folder / "b.json"
    first.write_text(whole, encoding="utf-8")
    second.write_text(json.dumps([{"title": "Replay buffers"}]), encoding="utf-8")
    app = reader(folder)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        assert len(screen.library) == 5
        first.write_text(whole[: whole.index("learning 2")], encoding="utf-8")
        second.write_text(json.dumps([{"title": "Replay buffers"}, {"title": "Dreamer"}]))
        await reread(pilot, screen)
        await settle(pilot)
        said = notices(app)[-1]
        assert "a.csv: the last row (line 4) breaks off inside a quoted cell" in said
        assert "the papers read before are kept" in said
        assert len(screen.library) == 5
        await reread(pilot, screen)  # nothing changed since: the change beside it is read
        await settle(pilot)
        assert "b.json changed on disk: read again" in notices(app)[-1]
        assert titles(screen) == [
            "Continual paper 0",
            "Continual paper 1",
            "Dreamer",
            "Replay buffers",
        ]


@sync
async def test_rows_decided_under_a_triage_query_stay_as_the_lists_are_read_again(tmp_path):
    # Under 'is:new' a paper skipped stays listed, marked, until the user moves on to
    # another query; the lists read again searched the query afresh, and the paper the
    # user had just skipped left the list under the cursor
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"is:new", "enter")
        await settle(pilot)
        every = ids(screen)
        assert len(every) == 3
        await pilot.press("x")  # the first skipped, the cursor on the next
        await settle(pilot)
        assert ids(screen) == every and screen.current_paper.id == every[1]
        added = ENTRY.format(
            key="sleep2022", title="Sleep Replay Consolidates Skills", author="Tadros, T.",
            abstract="We study sleep replay in continual learning.",
        )  # fmt: skip
        source.write_text(source.read_text(encoding="utf-8") + "\n" + added, encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        assert screen.search_query == "is:new" and screen.library is not None
        assert len(screen.library) == 4  # read again
        now = ids(screen)
        assert now[:3] == every and len(now) == 4  # the paper skipped still there
        assert screen.triage.state_of(every[0]) == "skip"
        assert screen.current_paper.id == every[1]
        await pilot.press("slash", "ctrl+e", "space")  # moved on: the query edited
        await settle(pilot)
        assert ids(screen) == now[1:]


@pytest.mark.parametrize("query", ["is:new", "continual", ""])
@sync
async def test_the_highlighted_undecided_paper_keeps_the_cursor_when_its_id_changes(
    tmp_path, query
):
    # the store follows decided papers to their new ids; an undecided one re-scraped
    # under another key lost the cursor, which went to the first row
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        if query:
            await pilot.press(*query)
            await settle(pilot)
        old = ids(screen)
        second = next(row.paper for row in screen.results.rows if "MAML" in row.paper.title)
        assert len(old) == 3 and old.index(second.id) > 0
        await highlight(pilot, screen, second.id)
        write_list(source, renamed=True)
        await reread(pilot, screen)
        await settle(pilot)
        current = screen.current_paper
        assert current is not None and current.id != second.id, current
        assert current.title.endswith("MAML Performance."), current.title
