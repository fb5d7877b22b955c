"""A list re-scraped under a running reader without papers that hold marks: the notice
says how many marked papers the lists read again no longer hold, and that their marks
are kept detached, as the command line says it."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_lists_changed import ENTRY, PAPERS, reader, reread, write_list

from tuireader.system.paths import resolve
from tuireader.triage.store import Store


def logged(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [said.text for said in reversed(app.notice_log.newest_first())]


@sync
async def test_marked_papers_a_rescrape_drops_are_said_kept_detached(tmp_path):
    # two papers tagged milp, gone from the list rewritten: the reader said only
    # "collas.bib changed on disk: read again", and tag:milp then matched nothing
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        ids = [row.paper.id for row in screen.results.rows]
        with Store.open(resolve().state_db) as shell:
            shell.add_tag_many([ids[0], ids[2]], "milp")
        screen.poll_triage()
        await settle(pilot)
        assert set(screen.triage.tags) == {ids[0], ids[2]}
        key, title, author = PAPERS[1]
        kept = ENTRY.format(key=key, title=title, author=author, abstract="Only this one.")
        source.write_text(kept, encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        assert len(screen.library) == 1
        said = [text for text in logged(app) if "changed on disk" in text]
        assert said, logged(app)
        assert (
            "2 marked papers are no longer in the lists read again: their marks are kept "
            "detached (tuireader search is:detached lists them)"
        ) in said[-1]


@sync
async def test_a_rescrape_that_keeps_every_marked_paper_says_none_detached(tmp_path):
    source = write_list(tmp_path / "collas.bib")
    app = reader(source)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        ids = [row.paper.id for row in screen.results.rows]
        with Store.open(resolve().state_db) as shell:
            shell.add_tag(ids[1], "milp")
        screen.poll_triage()
        await settle(pilot)
        key, title, author = PAPERS[1]
        kept = ENTRY.format(key=key, title=title, author=author, abstract="Only this one.")
        source.write_text(kept, encoding="utf-8")
        await reread(pilot, screen)
        await settle(pilot)
        said = [text for text in logged(app) if "changed on disk" in text]
        assert said and "detached" not in said[-1]
