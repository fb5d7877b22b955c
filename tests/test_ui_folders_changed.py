"""A folder of the library, or a catalog, changed on disk under a running reader.

A list file dropped into a folder the library reads (``tuireader add DIR``) is read
within a poll, as a changed list is; a list taken out of it leaves the results, its marks
kept for when it comes back; a file that is not a list (a README, an image) is said once
and reads nothing. A catalog the reader applies is read again when it changes. Keys
pressed while the lists are read again land on the papers they were pressed on.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import replace
from pathlib import Path

from e2e_util import notices, ready, settle, sync

from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, core_services
from tuireader.ui.services import Services

ENERGY = {
    "title": "Energy-Based Models for Continual Learning",
    "authors": ["Shuang Li"],
    "year": 2022,
    "abstract": "We study energy-based models for continual learning.",
}
MAML = {
    "title": "How Does the Task Landscape Affect MAML Performance",
    "authors": ["Liam Collins"],
    "year": 2022,
    "abstract": "We study the task landscape of MAML in continual learning.",
}
REPLAY = {
    "title": "Replay Buffers for Lifelong Agents",
    "authors": ["David Rolnick"],
    "year": 2022,
    "abstract": "We study replay buffers for lifelong agents in continual learning.",
}


def write_jsonl(path: Path, records: list[dict[str, object]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def reader(services: Services) -> ReaderApp:
    return ReaderApp(services, show_timings=False)


def ids(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.paper.id for row in screen.results.rows]


def titled(screen, title: str):  # type: ignore[no-untyped-def]
    found = [paper for paper in screen.library.papers if paper.title == title]
    return found[0] if found else None


def stored_states() -> dict[str, str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.states()


async def highlight(pilot, screen, paper_id: str) -> None:  # type: ignore[no-untyped-def]
    screen.action_focus_results()
    await pilot.pause()
    screen.results.select(ids(screen).index(paper_id))
    await pilot.pause()


async def poll(pilot, screen) -> None:  # type: ignore[no-untyped-def]
    """One poll, as the reader makes each second, and whatever it read again after it."""
    screen.poll_triage()
    await pilot.pause()
    await ready(pilot)
    await settle(pilot)


def lists_notices(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [n for n in notices(app) if "not read" in n or " left " in n or "new " in n]


@sync
async def test_a_list_dropped_into_a_folder_is_read_and_a_key_meanwhile_lands_on_its_paper(
    tmp_path,
):
    folder = tmp_path / "lists"
    write_jsonl(folder / "a.jsonl", [ENERGY, MAML])
    services = core_services([folder], resolve().ensure())
    # the second read (the one the new file starts) waits, read, until the test lets it
    # go: a key pressed then is pressed while the lists are read again
    reads: list[object] = []
    reading, go = threading.Event(), threading.Event()

    def load():  # type: ignore[no-untyped-def]
        library = services.load_library()
        reads.append(library)
        if len(reads) == 2:
            reading.set()
            go.wait(60)
        return library

    app = reader(replace(services, load_library=load))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        energy = titled(screen, ENERGY["title"])
        assert energy is not None and len(ids(screen)) == 2
        await highlight(pilot, screen, energy.id)

        # Another list of the same paper, which knows it by its DOI (a stronger key: its
        # id changes), and a new one.
        write_jsonl(folder / "b.jsonl", [{**ENERGY, "doi": "10.1000/energy"}, REPLAY])
        screen.poll_triage()
        for _ in range(1000):
            if reading.is_set():
                break
            await pilot.pause(0.01)
        assert reading.is_set(), "the new list in the folder was not read"
        # the lists are read (the paper's mark would move to its new id), not yet shown
        assert screen.current_paper is not None and screen.current_paper.id == energy.id
        await pilot.press("s")
        for _ in range(1000):  # saved, under the id the paper had
            if screen.triage.idle() and not screen.triage.saving:
                break
            await pilot.pause(0.01)
        go.set()
        await ready(pilot)
        await settle(pilot)

        now = titled(screen, ENERGY["title"])
        assert now is not None and now.id != energy.id
        assert stored_states() == {now.id: "kept"}  # on the paper, not beside it
        assert screen.triage.state_of(now.id) == "kept"
        replay = titled(screen, REPLAY["title"])
        assert replay is not None and replay.id in ids(screen)
        assert len(ids(screen)) == 3
        assert any("new list in lists: b.jsonl (2 papers)" in n for n in notices(app))

        # the new papers are in the index: a search finds them
        screen.action_focus_search()
        await pilot.pause()
        await pilot.press(*"replay")
        await settle(pilot)
        assert ids(screen) == [replay.id]


@sync
async def test_a_list_taken_out_of_a_folder_leaves_the_results_and_its_marks_come_back(
    tmp_path,
):
    folder = tmp_path / "lists"
    write_jsonl(folder / "a.jsonl", [ENERGY, MAML])
    second = write_jsonl(folder / "b.jsonl", [REPLAY])
    app = reader(core_services([folder], resolve().ensure()))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        replay = titled(screen, REPLAY["title"])
        assert replay is not None
        await highlight(pilot, screen, replay.id)
        await pilot.press("s")
        await settle(pilot)
        assert stored_states() == {replay.id: "kept"}

        os.rename(second, tmp_path / "b.jsonl")  # moved out of the folder
        await poll(pilot, screen)
        assert replay.id not in ids(screen) and len(ids(screen)) == 2
        assert titled(screen, REPLAY["title"]) is None
        said = "b.jsonl left lists: its 1 paper left the results (marks on it are kept)"
        assert any(said in n for n in notices(app))
        assert stored_states() == {replay.id: "kept"}  # the mark is kept

        os.rename(tmp_path / "b.jsonl", second)  # and back
        await poll(pilot, screen)
        assert replay.id in ids(screen)
        assert screen.triage.state_of(replay.id) == "kept"
        assert stored_states() == {replay.id: "kept"}
        assert any("new list in lists: b.jsonl (1 paper)" in n for n in notices(app))


@sync
async def test_files_that_are_not_lists_are_said_once_and_read_nothing(tmp_path):
    folder = tmp_path / "lists"
    write_jsonl(folder / "a.jsonl", [ENERGY, MAML])
    app = reader(core_services([folder], resolve().ensure()))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        library = screen.library

        (folder / "README.md").write_text("# my lists\n", encoding="utf-8")
        (folder / "logo.png").write_bytes(b"\x89PNG\r\n")
        (folder / "drafts").mkdir()  # sub-folders are not read either
        await poll(pilot, screen)
        assert screen.library is library  # nothing read again
        said = [n for n in notices(app) if "not read" in n]
        assert len(said) == 1
        assert said[0].startswith("lists: not read: README.md (it describes the folder)")
        assert "logo.png (lists are read from" in said[0]
        assert "drafts" not in said[0]
        for _ in range(3):  # said once, not at every poll
            await poll(pilot, screen)
        assert screen.library is library
        assert len([n for n in notices(app) if "not read" in n]) == 1

        # A file with a list's ending is read as one, once: it holds no papers.
        (folder / "package.json").write_text('{"name": "x"}', encoding="utf-8")
        await poll(pilot, screen)
        assert screen.library is not library
        library = screen.library
        assert any(
            "new file in lists: package.json: no papers read from it" in n for n in notices(app)
        )
        assert any("package.json" in str(problem) for problem in screen.problems)
        count = len(lists_notices(app))
        for _ in range(3):
            await poll(pilot, screen)
        assert screen.library is library  # not read again at every poll
        assert len(lists_notices(app)) == count
        assert len(ids(screen)) == 2


def write_catalog(path: Path, title: str) -> Path:
    return write_jsonl(path, [{**ENERGY, "title": title, "authors": ["Shuang Li"]}])


@sync
async def test_a_catalog_changed_on_disk_is_read_again(tmp_path):
    # a list of bare abstracts: the catalog gives its paper its title
    source = tmp_path / "abstracts.txt"
    source.write_text(f"Abstracts\n\n{ENERGY['abstract']}\n", encoding="utf-8")
    catalog = write_catalog(tmp_path / "catalog.jsonl", "Energy Models, First Title")
    services = core_services([source], resolve().ensure(), catalogs=[catalog])
    app = reader(services)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        [paper] = screen.library.papers
        assert paper.title == "Energy Models, First Title"
        await highlight(pilot, screen, paper.id)
        await pilot.press("m")
        await settle(pilot)

        write_catalog(catalog, "Energy-Based Models, the Title Corrected")
        await poll(pilot, screen)
        [now] = screen.library.papers
        assert now.title == "Energy-Based Models, the Title Corrected"
        assert now.id == paper.id and ids(screen) == [paper.id]
        assert screen.triage.state_of(paper.id) == "maybe"
        assert any("catalog catalog.jsonl changed on disk: read again" in n for n in notices(app))


@sync
async def test_a_catalog_of_the_settings_changed_on_disk_is_read_again(tmp_path):
    source = tmp_path / "abstracts.txt"
    source.write_text(f"Abstracts\n\n{ENERGY['abstract']}\n", encoding="utf-8")
    catalogs = tmp_path / "catalogs"  # a folder of catalogs, named in config.toml
    write_catalog(catalogs / "icml.jsonl", "Energy Models, First Title")
    paths = resolve().ensure()
    paths.config_file.write_text(f"catalogs = [{json.dumps(str(catalogs))}]\n", encoding="utf-8")
    app = reader(core_services([source], paths))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        [paper] = screen.library.papers
        assert paper.title == "Energy Models, First Title"

        # a catalog that knows better, first in the folder
        write_catalog(catalogs / "corrected.jsonl", "Energy-Based Models, the Title Corrected")
        await poll(pilot, screen)
        [now] = screen.library.papers
        assert now.title == "Energy-Based Models, the Title Corrected"
        assert any("new catalog in catalogs: corrected.jsonl" in n for n in notices(app))

        write_catalog(catalogs / "icml.jsonl", "Energy Models, Another Title")
        (catalogs / "corrected.jsonl").unlink()
        await poll(pilot, screen)
        [now] = screen.library.papers
        assert now.title == "Energy Models, Another Title"
        assert any("catalog corrected.jsonl left catalogs" in n for n in notices(app))


def test_a_folder_changed_twice_within_one_tick_of_its_clock_is_listed_again(tmp_path):
    # A list copied in as the folder was listed, within the same tick of the file
    # system's clock: the folder's stamp does not move, yet its listing is not trusted
    # while that change is recent.
    from tuireader.ui.services import RECHECKS, Folder, OnDisk, Watched, changes, list_stamp, look

    folder = tmp_path / "lists"
    write_jsonl(folder / "a.jsonl", [ENERGY])
    on_disk = look(Watched((folder,)))
    seen = on_disk.folders[folder]
    write_jsonl(folder / "b.jsonl", [REPLAY])
    stamp = list_stamp(folder)
    assert stamp is not None
    # as if b.jsonl came in the same tick as the listing: the stamp it has now, then
    racy = Folder(stamp, listed=stamp[2], read=seen.read)
    found, on_disk = changes(OnDisk(on_disk.files, {folder: racy}))
    assert found.added == (folder / "b.jsonl",)
    # a folder whose clock runs ahead is not listed again at every look
    ahead = Folder(stamp, listed=stamp[2] - 10**12, read=frozenset({"a.jsonl", "b.jsonl"}))
    on_disk = OnDisk(on_disk.files, {folder: ahead})
    for _ in range(RECHECKS):
        found, on_disk = changes(on_disk)
        assert not found.to_read
    assert on_disk.folders[folder].settled(list_stamp(folder))


@sync
async def test_a_new_list_is_not_said_to_bring_the_warnings_the_reader_already_had(tmp_path):
    # marks outside the lists were counted at the start; a list dropped into the folder
    # was announced as a warning, "new list in lists: b.jsonl (1 paper) (1 load warning
    # (w: details))", the warning being those same marks
    from tuireader.session import load_session

    other = write_jsonl(tmp_path / "other.jsonl", [REPLAY])
    paths = resolve().ensure()
    session = load_session([other], data_dir=paths.root)
    with session.open_store() as store:
        store.set_state(session.library.papers[0].id, "kept")
    other.unlink()  # its list gone: the mark is a warning (a list not opened is none)
    folder = tmp_path / "lists"
    write_jsonl(folder / "a.jsonl", [ENERGY])
    app = reader(core_services([folder], paths))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        assert screen.warnings.startswith("1 load warning")

        write_jsonl(folder / "b.jsonl", [MAML])
        await poll(pilot, screen)
        assert len(ids(screen)) == 2
        [said] = [n for n in app._notifications if "new list in lists" in str(n.message)]
        assert str(said.message) == "new list in lists: b.jsonl (1 paper)"
        assert said.severity == "information"
        assert screen.warnings.startswith("1 load warning")  # still counted, still under w
