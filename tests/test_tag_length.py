"""A tag holds at most ``TAG_LIMIT`` characters, as a note holds at most ``NOTE_LIMIT``.

A tag of 100,000 characters was saved by ``triage --tag``, said whole on stderr, and
filled the reader's view of the paper (the abstract and links out of sight). A longer tag
is refused in words now: ``triage`` exits 2 with nothing changed, the reader's tag editor
says so, and ``import`` leaves it out (and says so) while taking the rest of the marks.
A long tag kept from before (an older file) is shown cut short with "…".
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from e2e_util import notices, settle, sync, until
from test_ui_copy import SAMPLE, make_app, tmux_clipboard, to_paper
from textual.widgets import Input

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.system.paths import resolve
from tuireader.triage.store import TAG_LIMIT, Store, StoreError, tag_shown
from tuireader.ui.screens.edit import TagEditor

HUGE = "b" * 100_000
LONG = "c" * (TAG_LIMIT + 1)
PAPER = {
    "title": "Robots that learn from demonstrations",
    "authors": ["Ann Lee"],
    "year": 2023,
    "abstract": "Robots learn from demonstrations in this paper about robots.",
}


def run(capsys, *argv: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_paper(capsys, tmp_path: Path) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(PAPER) + "\n", encoding="utf-8")
    _, out, _ = run(capsys, "search", "robots", "--json", lst)
    (paper_id,) = [hit["id"] for hit in json.loads(out)["hits"]]
    return lst, paper_id


def stored_long_tag(paper_id: str, tag: str = HUGE) -> None:
    """A tag as an older tuireader, which took tags of any length, kept it."""
    with Store.open(resolve().ensure().state_db) as store, store._write() as conn:
        store._insert_tag(conn, paper_id, tag)


def test_the_store_refuses_a_tag_longer_than_the_limit_and_keeps_one_from_before(tmp_path):
    with Store.open(tmp_path / "triage.sqlite") as store:
        store.add_tag("a", "x" * TAG_LIMIT)  # the limit itself is a tag
        for change in (
            lambda: store.add_tag("b", LONG),
            lambda: store.apply_many(["b"], state="kept", tags=["rl", LONG]),
            lambda: store.set_tags("b", ["rl", LONG]),
        ):
            with pytest.raises(StoreError, match=f"more than the {TAG_LIMIT} a tag may hold"):
                change()
        assert store.get("b").tags == () and store.get("b").state == "new"
        with store._write() as conn:
            store._insert_tag(conn, "c", HUGE)  # kept by an older tuireader
        # the tag editor saving the paper's tags as they are keeps it, and it may go
        assert store.set_tags("c", [HUGE, "rl"]).tags == (HUGE, "rl")
        store.remove_tag("c", HUGE)
        undone = store.undo()
        assert undone is not None and len(undone.message) < 200, undone.message
        assert "…" in undone.message


def test_tag_shown_cuts_a_long_tag_with_an_ellipsis() -> None:
    assert tag_shown("rl") == "rl"
    assert tag_shown("x" * TAG_LIMIT) == "x" * TAG_LIMIT
    assert tag_shown(HUGE) == "b" * (TAG_LIMIT - 1) + "…"


def test_triage_refuses_a_huge_tag_with_exit_2_and_changes_nothing(capsys, tmp_path):
    lst, paper_id = one_paper(capsys, tmp_path)
    code, out, err = run(capsys, "triage", paper_id, "--tag", HUGE, "--state", "keep", lst)
    assert code == 2 and out == ""
    assert f"100,000 characters, more than the {TAG_LIMIT} a tag may hold" in err
    assert "nothing saved" in err and len(err) < 400
    _, out, _ = run(capsys, "show", paper_id, "--json", lst)
    assert (json.loads(out)["state"], json.loads(out)["tags"]) == ("new", [])


def test_a_long_tag_kept_from_before_is_cut_short_where_it_is_said(capsys, tmp_path):
    lst, paper_id = one_paper(capsys, tmp_path)
    stored_long_tag(paper_id)
    code, out, _ = run(capsys, "show", paper_id, lst)
    assert code == 0 and "tags: " + "b" * (TAG_LIMIT - 1) + "…" in out and len(out) < 2000
    code, _, err = run(capsys, "triage", paper_id, "--untag", HUGE, lst)
    assert code == 0 and "taken off" in err and len(err) < 400
    code, _, err = run(capsys, "undo")
    assert code == 0 and len(err) < 400
    _, out, _ = run(capsys, "show", paper_id, "--json", lst)
    assert HUGE in out  # --json keeps the tag whole, for scripts


def test_import_leaves_a_huge_tag_out_says_so_and_takes_the_rest(capsys, tmp_path):
    lst, paper_id = one_paper(capsys, tmp_path)
    run(capsys, "triage", paper_id, "--tag", "rl", "--state", "keep", lst)
    export = tmp_path / "marks.json"
    assert run(capsys, "export", lst, "--format", "json", "-o", export)[0] == 0
    papers = json.loads(export.read_text(encoding="utf-8"))
    papers[0]["tags"] = ["rl", HUGE, "robots"]
    export.write_text(json.dumps(papers), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    code, _, err = run(capsys, "import", export, lst, "--data-dir", elsewhere)
    assert code == 0, err
    assert f"100,000 characters, more than the {TAG_LIMIT} a tag may hold" in err
    assert HUGE not in err
    _, out, _ = run(capsys, "show", paper_id, "--json", lst, "--data-dir", elsewhere)
    shown = json.loads(out)
    assert shown["state"] == "kept" and sorted(shown["tags"]) == ["rl", "robots"]


def test_a_huge_tag_left_out_at_import_is_no_mark_decided_otherwise_here(capsys, tmp_path):
    # nothing here is in its way: "kept as it is here" and "--replace takes the file's"
    # read as a conflict --replace would settle, which it cannot
    lst, paper_id = one_paper(capsys, tmp_path)
    run(capsys, "triage", paper_id, "--tag", "rl", lst)
    export = tmp_path / "marks.json"
    assert run(capsys, "export", lst, "--format", "json", "-o", export)[0] == 0
    papers = json.loads(export.read_text(encoding="utf-8"))
    papers[0]["tags"] = ["rl", HUGE]
    export.write_text(json.dumps(papers), encoding="utf-8")
    code, _, err = run(capsys, "import", export, lst, "--dry-run")
    assert code == 0, err
    assert "left out of the file's marks (the tag 'bbb" in err
    assert "kept as it is here" not in err and "--replace" not in err
    assert "decided otherwise" not in err and "already so" not in err
    assert "1 has a mark too long to be kept, left out (above)" in err
    code, out, _ = run(capsys, "import", export, lst, "--dry-run", "--json")
    answer = json.loads(out)
    assert answer["kept_here"] == [] and answer["counts"]["refused"] == 1
    [refused] = answer["refused"]
    assert refused["id"] == paper_id and "a tag may hold" in refused["left_out"][0]


@sync
async def test_the_reader_cuts_a_long_tag_and_its_editor_refuses_a_new_one(tmp_path):
    (paper,) = [p for p in load_library([SAMPLE]).papers if p.title.startswith("Attack-free")]
    stored_long_tag(paper.id)
    clipboard, _ = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    # the triage file, not one in memory
    app.services = replace(app.services, open_store=lambda: Store.open(resolve().state_db))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        screen = await to_paper(pilot, "igsg")
        assert screen.current_paper.id == paper.id
        await until(pilot, lambda: paper.id in screen.triage.tags)
        shown = screen._triage_text(paper).plain
        assert "Tags: " + "b" * (TAG_LIMIT - 1) + "…" in shown and len(shown) < 300
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TagEditor)
        # the tag kept from before stays as it is; the new long one is refused
        app.screen.query_one("#tags-input", Input).value = f"{HUGE}, {LONG}"
        await pilot.press("enter")
        await settle(pilot)
        said = " ".join(notices(app))
        assert f"more than the {TAG_LIMIT} a tag may hold" in said, said
        assert HUGE not in said
        screen.triage.flush(5)
        with Store.open(resolve().state_db) as store:
            assert store.get(paper.id).tags == (HUGE,)


@sync
async def test_a_refused_tag_leaves_the_editor_open_with_the_text_typed(tmp_path):
    # the editor closed on the refusal, and t opened it empty: the text the notice
    # said to keep in the note was gone
    from e2e_util import ready
    from test_ui_shelf_changed import library_reader, lists

    first, _ = lists(tmp_path)
    app = library_reader(first)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        paper = screen.current_paper
        assert paper is not None
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TagEditor)
        typed = "robots, " + "c" * (TAG_LIMIT + 1)
        app.screen.query_one("#tags-input", Input).value = typed
        await pilot.press("enter")
        await settle(pilot)
        said = " ".join(notices(app))
        assert f"more than the {TAG_LIMIT} a tag may hold" in said, said
        assert isinstance(app.screen, TagEditor)
        assert app.screen.query_one("#tags-input", Input).value == typed
        # put right, it is saved
        app.screen.query_one("#tags-input", Input).value = "robots, " + "c" * TAG_LIMIT
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        screen.triage.flush(5)
        with Store.open(resolve().state_db) as store:
            assert sorted(store.get(paper.id).tags) == ["c" * TAG_LIMIT, "robots"]


def test_a_step_kept_from_before_with_a_long_tag_is_said_with_the_tag_cut(capsys, tmp_path):
    # a step an older tuireader logged ("added tag '<100,000 characters>'") was said by
    # undo and redo with the whole tag, where every other line cuts it
    _, paper_id = one_paper(capsys, tmp_path)
    with Store.open(resolve().ensure().state_db) as store, store._write() as conn:
        store._insert_tag(conn, paper_id, HUGE)
        store._log(conn, "tag", f"added tag '{HUGE}'", [(paper_id, "tag", None, HUGE)])
    cut = "b" * (TAG_LIMIT - 1) + "…"
    for command, said in (("undo", "taken off"), ("redo", "added again")):
        code, out, err = run(capsys, command)
        assert code == 0 and f"tag '{cut}' {said}" in err and len(err) < 400, err[:300]
    code, out, _ = run(capsys, "undo", "--json")
    assert code == 0 and json.loads(out)["undone"] == f"added tag '{HUGE}'"  # whole
    assert len(json.loads(out)["message"]) < 400
    with Store.open(resolve().state_db) as store, store._write() as conn:
        # (the tag taken off by the undo above)
        store._log(conn, "tag", f"removed tag '{HUGE}'", [(paper_id, "tag", HUGE, None)])
    code, _, err = run(capsys, "undo")
    assert code == 0 and f"tag '{cut}' put back" in err and len(err) < 400, err[:300]
    code, _, err = run(capsys, "redo")
    assert code == 0 and f"tag '{cut}' taken off again" in err and len(err) < 400, err[:300]
