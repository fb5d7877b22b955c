"""The first search after the lists are read again (a list added with ``tuireader add``
while the reader runs) reads the hits the screen shows, as a key's search does, the rest
following: it read every hit (2,072 of them for "learning" on ICML 2024 and the real
lists) before the list showed any, to find the paper highlighted wherever it ranked."""

from __future__ import annotations

import json
from pathlib import Path

from e2e_util import ready, settle, sync

from tuireader.search.engine import Engine
from tuireader.system import shelf
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, build_app
from tuireader.ui.screens.main import SEARCH_LIMIT


def write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def record(title: str, author: str) -> dict[str, object]:
    return {"title": title, "authors": [author], "year": 2024, "abstract": f"On {title}."}


def library_reader(*places: Path) -> ReaderApp:
    paths = resolve()
    shelf.add(paths, list(places))
    library = [entry.location for entry in shelf.load(paths).entries]
    return build_app(
        list(places), paths, show_timings=False, default_catalogs=False, library=library
    )


@sync
async def test_the_first_search_after_a_list_is_added_reads_the_first_hits_only(
    tmp_path, monkeypatch
):
    folder = tmp_path / "lists"
    folder.mkdir()
    many = write(
        folder / "many.jsonl",
        [record(f"Continual Learning Part {n}", f"Au Thor{n}") for n in range(400)],
    )
    added = write(folder / "added.jsonl", [record("Continual Wombats", "Ben Wombat")])
    asked: list[tuple[object, str, int | None, int]] = []  # engine, query, limit, hits
    search = Engine.search

    def counted(engine, text, **kwargs):  # type: ignore[no-untyped-def]
        result = search(engine, text, **kwargs)
        asked.append((engine, text, kwargs.get("limit"), len(result.hits)))
        return result

    monkeypatch.setattr(Engine, "search", counted)
    app = library_reader(many)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"continual")
        await settle(pilot)
        screen.action_focus_results()
        await pilot.pause()
        await pilot.press("j", "j")
        await pilot.pause()
        highlighted = screen.current_paper
        assert highlighted is not None and screen.results.highlighted == 2
        asked.clear()

        shelf.add(resolve(), [added])
        screen.poll_triage()
        await pilot.pause()
        await ready(pilot)
        await settle(pilot)
        assert len(screen.results.rows) == 401  # every hit, the rest come after
        assert screen.current_paper is not None
        assert screen.current_paper.id == highlighted.id
        # the new index's first search reads a page of hits; every hit is read once,
        # after it (the index warmed as it opens searches "c" for a page)
        new = [
            (limit, read)
            for e, text, limit, read in asked
            if e is screen.engine and text == "continual"
        ]
        assert new[0][0] is not None and new[0][1] <= SEARCH_LIMIT
        assert sum(1 for _, read in new if read > SEARCH_LIMIT) == 1
