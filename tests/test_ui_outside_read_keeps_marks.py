"""The reader opened on a list outside the library (an export read back) moves none of
the library's marks: not as it starts, nor when it takes up the triage file again.

See ``test_outside_read_keeps_marks``: the export, made before the paper's link changed,
gives it the id its mark had then; a reader on it took the mark back to that id. With
the list itself moved away (the library says it is missing), the mark is bound to no
list file there is, and any list holding its paper took it."""

from __future__ import annotations

import asyncio

import pytest
from e2e_util import ready, settle, sync
from test_outside_read_keeps_marks import gptq, rekeyed

from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, core_services


def stored() -> dict[str, str]:
    with Store.open(resolve().state_db, read_only=True) as store:
        return store.states()


@pytest.mark.parametrize("moved_away", [False, True])
@sync
async def test_a_reader_on_an_export_leaves_the_librarys_marks_where_they_are(
    capsys, tmp_path, moved_away
):
    exported, old, new = rekeyed(capsys, tmp_path)
    assert stored() == {new: "kept"}
    if moved_away:
        (tmp_path / "awesome.md").rename(tmp_path / "awesome.md.bak")
    app = ReaderApp(core_services([exported], resolve().ensure()), show_timings=False)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await ready(pilot)
        assert old in {row.paper.id for row in screen.results.rows}
        assert stored() == {new: "kept"}
        assert old not in screen.triage.states
        # the triage file taken up again (a backup put back, say) moves none either
        screen.triage.reattach(screen.library)
        await asyncio.to_thread(screen.triage.flush)
        await settle(pilot)
        assert stored() == {new: "kept"}
    if moved_away:
        (tmp_path / "awesome.md.bak").rename(tmp_path / "awesome.md")
    hit, err = gptq(capsys)
    assert hit["id"] == new and hit["state"] == "kept" and "followed" not in err
