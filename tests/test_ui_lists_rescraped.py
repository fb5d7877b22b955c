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


NEW = [
    ("sleep2022", "Sleep Replay Consolidates Skills", "Tadros, Timothy"),
    ("dreamer2022", "World Models for Lifelong Agents", "Hafner, Danijar"),
    ("prompt2022", "Prompts That Do Not Forget", "Wang, Zifeng"),
]


@sync
async def test_marks_that_follow_their_paper_and_the_papers_added_and_gone_are_said(tmp_path):
    # the reader said only "collas.bib changed on disk: read again", where the command
    # line names each mark that followed its paper to a new id
    source = write(tmp_path / "collas.bib", PAPERS)
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        old = ids(screen)
        await highlight(pilot, screen, old[0])
        await pilot.press("s", "s")  # the first two kept
        await settle(pilot)
        before = len(logged(app))
        # re-scraped: the first two under new keys, the third gone, three new papers
        renamed = [(key.replace("2022", "22a"), title, author) for key, title, author in PAPERS]
        write(source, [*renamed[:2], *NEW])
        await reread(pilot, screen)
        await settle(pilot)
        new = {row.paper.title: row.paper.id for row in screen.results.rows}
        first, second = new[PAPERS[0][1]], new[PAPERS[1][1]]
        assert first != old[0] and second != old[1]
        assert screen.triage.state_of(first) == screen.triage.state_of(second) == "kept"
        (said,) = [text for text in logged(app)[before:] if "changed on disk" in text]
        lines = said.split("\n")
        assert lines[0] == "collas.bib changed on disk: read again (3 papers added, 1 gone)"
        assert lines[1] == "2 triage marks followed their paper to a new id:"
        for was, now, (_key, title, _author) in (
            (old[0], first, PAPERS[0]),
            (old[1], second, PAPERS[1]),
        ):
            assert any(line.startswith(f"  {was} → {now}  {title[:40]}") for line in lines[2:4])
        # the cursor was on the third paper (two keys on), gone: it is on the second
        assert lines[4].startswith("The paper highlighted left the list: “Replay Buffers")
        assert len(lines) == 5 and screen.current_paper.id == second


@sync
async def test_a_paper_under_a_new_key_is_neither_added_nor_gone(tmp_path):
    # no mark follows it: it is the same paper by its title and first author
    source = write(tmp_path / "collas.bib", PAPERS)
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        old = ids(screen)
        before = len(logged(app))
        _key, title, author = PAPERS[2]
        write(source, [*PAPERS[:2], ("rolnick22a", title, author)])
        await reread(pilot, screen)
        await settle(pilot)
        assert ids(screen)[:2] == old[:2] and ids(screen)[2] != old[2]
        said = [text for text in logged(app)[before:] if "changed on disk" in text]
        assert said == ["collas.bib changed on disk: read again"]


@sync
async def test_a_list_gone_whole_does_not_say_the_paper_highlighted_left(tmp_path):
    # no paper left for the cursor: the line saying the list's papers left says it all
    source = write(tmp_path / "collas.bib", PAPERS)
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        await highlight(pilot, screen, ids(screen)[1])
        source.unlink()
        await reread(pilot, screen)
        await settle(pilot)
        said = [text for text in logged(app) if "collas.bib is gone" in text]
        assert len(said) == 1 and "highlighted" not in said[0], said
