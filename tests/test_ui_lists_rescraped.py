"""A list re-scraped under a running reader: where the cursor goes when the paper it was
on is gone, and what the notice of the lists read again says of the papers."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_util import ready, settle, sync
from test_ui_lists_changed import ENTRY, PAPERS, highlight, ids, reader, reread


def logged(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [said.text for said in reversed(app.notice_log.newest_first())]


def write(path: Path, papers: list[tuple[str, str, str]]) -> Path:
    parts = [
        ENTRY.format(key=key, title=title, author=author, abstract=f"We study {title.lower()}.")
        for key, title, author in papers
    ]
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("query", "dropped", "lands"), [("", 1, 2), ("", 2, 1), ("continual", 1, 2)]
)
@sync
async def test_a_highlighted_paper_the_rescrape_drops_leaves_the_cursor_next_to_it(
    tmp_path, query, dropped, lands
):
    # the cursor went to the first row, and the next key acted on a paper not looked at
    papers = [
        (key, title, author + " continual") for key, title, author in PAPERS
    ]  # every paper found by the query
    source = write(tmp_path / "collas.bib", papers)
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        if query:
            await pilot.press(*query)
            await settle(pilot)
        titles = {row.paper.title: row.paper.id for row in screen.results.rows}
        order = [titles[title] for _key, title, _author in papers]
        assert ids(screen) == order
        await highlight(pilot, screen, order[dropped])
        before = len(logged(app))
        write(source, [paper for n, paper in enumerate(papers) if n != dropped])
        await reread(pilot, screen)
        await settle(pilot)
        current = screen.current_paper
        assert current is not None and current.id == order[lands], current
        said = logged(app)[before:]
        gone = [text for text in said if "The paper highlighted left the list" in text]
        assert len(gone) == 1, said
        assert f"“{papers[dropped][1][:30]}" in gone[0]
        await reread(pilot, screen)  # nothing changed since: not said again
        await settle(pilot)
        assert sum("highlighted left" in text for text in logged(app)[before:]) == 1
