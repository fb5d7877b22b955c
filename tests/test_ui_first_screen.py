"""A first screen that teaches, and the small things a daily user trips on (issue 15):
help and quit shown from every pane, the mode named, the query selected by ``/``, letters
typed in the list going to the search box, undo, Esc out of "More like this", the
list-name column, "N left", the note dialog and the status line at 80×24, load warnings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import app_text, notices, ready, screen_text, settle, sync, widget_text
from test_ui_app import SAMPLE, make_app
from test_ui_triage import ids, saved, start, triage_app
from textual.widgets._footer import FooterKey

from tuireader.model import Library, Problem
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.screens.edit import NoteEditor, TagEditor
from tuireader.ui.screens.help import HelpScreen
from tuireader.ui.screens.problems import ProblemsScreen


def footer(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The footer's keys: description → key shown."""
    return {key.description: key.key_display for key in app.screen.query(FooterKey)}


def status(app, screen) -> str:  # type: ignore[no-untyped-def]
    return widget_text(app, screen.query_one("#status"))


# -- help and quit from where the focus is ------------------------------------------------


@sync
async def test_the_footer_shows_help_and_quit_that_work_where_the_focus_is():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert app.focused is screen.search_box
        keys = footer(app)
        assert keys["Help"] == "f1" and keys["Quit"] == "^q"  # "?" and "q" are typed here
        last = app_text(app).splitlines()[-1]
        assert "f1 Help" in last and "^q Quit" in last  # visible at 80 columns
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "escape", "escape")  # close help, leave the search box
        await pilot.pause()
        assert app.focused is screen.results
        keys = footer(app)
        assert keys["Help"] == "?" and keys["Quit"] == "q"
        last = app_text(app).splitlines()[-1]
        assert "? Help" in last and "q Quit" in last
        await pilot.press("slash", *"dif", "ctrl+q")  # the quit key the search box showed
        await pilot.pause()
        assert not app.is_running


def footer_labels(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The labels on the screen's last row, left of the palette key, as a user reads them."""
    last = app_text(app).splitlines()[-1]
    keys_part = last.split("\u258f")[0]  # the palette key's border
    return [label.strip() for label in keys_part.split("  ") if label.strip()]


@sync
async def test_the_footer_shows_whole_labels_and_leaves_out_the_last_keys_at_80_columns():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        for keys in ((), ("enter",), ("enter",)):  # the search box, the list, the viewer
            await pilot.press(*keys)
            await settle(pilot)
            declared = [f"{key.key_display} {key.description}" for key in screen.query(FooterKey)]
            shown = footer_labels(app)
            # every label on the row is a whole one, in the order the keys are declared
            assert shown == declared[: len(shown)], (shown, declared)
            assert "? Help" in shown or "f1 Help" in shown
        assert app.focused is screen.viewer
        assert "u Copy link" not in footer_labels(app)  # no room for it at 80 columns
        await pilot.resize_terminal(140, 24)
        await settle(pilot)
        assert "u Copy link" in footer_labels(app)  # back once there is room
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "u Copy link" not in footer_labels(app)


@sync
async def test_the_mode_is_named_on_the_focused_pane():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.mode == "search"
        assert "search: typing a query" in app_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.mode == "results"
        text = app_text(app)
        assert "list: keys act on the highlighted paper" in text
        assert "typing a query" not in text
        assert screen.has_class("-mode-results") and not screen.has_class("-mode-search")


@sync
async def test_help_covers_the_query_syntax_and_every_symbol():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").content)
        assert "Query syntax" in text
        for query in ('"graph neural network"', "-video", "author:", "has:code", "is:kept"):
            assert query in text
        legend = text[text.index("Symbols in the list") : text.index("Query syntax")]
        for symbol in "★?✗✓●⌘≈":
            assert f"  {symbol} " in legend


def _rows(text: str, lead: str) -> str:
    """The text of the help row that starts with ``lead``, its wrapped lines joined."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(lead))
    column = len(lead)
    parts = [lines[first][column:]]
    for line in lines[first + 1 :]:
        if not line.startswith(" " * column) or not line[column:].strip():
            break
        assert line[:column].isspace()  # a continuation starts under the text's column
        parts.append(line[column:])
    return " ".join(part.strip() for part in parts)


@sync
async def test_help_wraps_each_row_under_its_text_column():
    from tuireader.ui.screens.help import QUERY_SYNTAX

    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        body = help_screen.query_one("#help-body")
        width = body.scrollable_content_region.width
        assert 40 < width < 80

        def text() -> str:
            return str(help_screen.query_one("#help-text").content)

        # every line fits, so none is wrapped again by the screen back to its first column
        assert all(len(line) <= width for line in text().splitlines())
        column = max(len(query) for query, _ in QUERY_SYNTAX) + 2
        for query, meaning in QUERY_SYNTAX:
            assert _rows(text(), f"  {query:<{column}}") == meaning
        lines_at_80 = len(text().splitlines())
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        wider = body.scrollable_content_region.width
        assert wider > width
        assert all(len(line) <= wider for line in text().splitlines())
        assert len(text().splitlines()) < lines_at_80  # wrapped again to the new width
        for query, meaning in QUERY_SYNTAX:
            assert _rows(text(), f"  {query:<{column}}") == meaning


@sync
async def test_help_fits_a_small_terminal_with_no_line_wrapped_back_to_the_edge():
    # at 60×20 "tag", "list" and "OpenReview" were wrapped again to the help's first column
    app = make_app(SAMPLE)
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        await pilot.press("f1")
        await settle(pilot)
        help_screen = app.screen
        for size in ((60, 20), (44, 16)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            width = help_screen.query_one("#help-body").scrollable_content_region.width
            text = str(help_screen.query_one("#help-text").content)
            assert all(len(line) <= width for line in text.splitlines()), size
            assert "OpenReview" in text


# -- / and Ctrl+F select the query --------------------------------------------------------


@sync
async def test_a_restored_query_is_replaced_by_a_new_one_typed_at_once():
    # Typed in the list, "sparse" would keep a paper (s), and "robot" mark one read and
    # open a link: the restored query waits in the search box, selected.
    async with triage_app().run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"frame")
        await settle(pilot)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.search_query == "frame"
        assert app.focused is screen.search_box
        assert screen.search_box.selected_text == "frame"
        await pilot.press(*"diffusion")
        await settle(pilot)
        assert screen.search_query == "diffusion"
        assert "2 of 11 papers match" in app_text(app)
        assert screen.triage.states == {}
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert screen.search_query == "diffusion"
        await pilot.press(*"sparse", *["backspace"] * 6, *"frame")
        await settle(pilot)
        assert screen.search_query == "frame" and screen.triage.states == {}
        await pilot.press("down", "s")  # the list, a keep: as on any start
        await settle(pilot)
        assert list(screen.triage.states.values()) == ["kept"]


@sync
async def test_ctrl_f_in_the_search_box_selects_the_query():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"frame", "ctrl+f", *"neural")
        await settle(pilot)
        assert screen.search_query == "neural"


# -- letters typed in the list ------------------------------------------------------------


@sync
async def test_a_query_typed_in_the_list_goes_to_the_search_box_and_acts_on_nothing(tmp_path):
    from test_ui_copy import tmux_clipboard

    app = triage_app()
    clipboard, tmux = tmux_clipboard(tmp_path)
    app.clipboard_chain = clipboard
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("escape")  # the search box is empty: Esc leaves it
        assert app.focused is screen.results
        await pilot.press(*"difusion modle")
        await settle(pilot)
        assert app.focused is screen.search_box
        assert screen.search_query == "difusion modle"
        assert screen.triage.states == {} and tmux.buffers == []
        assert not isinstance(app.screen, (NoteEditor, TagEditor))
        assert "Did you mean: diffusion model" in app_text(app)


@sync
async def test_a_letter_typed_in_the_list_after_a_query_starts_a_word_of_its_own():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"language", "enter")  # to the list, the query kept
        await settle(pilot)
        assert app.focused is screen.results
        await pilot.press(*"diffu")  # d is a letter the list does not use
        await settle(pilot)
        assert app.focused is screen.search_box
        assert screen.search_query == "language diffu"  # not "languagediffu"
        assert screen.triage.states == {}


@sync
async def test_after_a_restart_a_letter_typed_in_the_list_adds_a_word_to_the_restored_query():
    # the query comes back selected in the search box (typing there replaces it); once
    # Enter has gone to the list, a letter adds a word as in a running reader
    async with triage_app().run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press(*"language")
        await settle(pilot)
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert screen.search_box.selected_text == "language"
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is screen.results
        await pilot.press(*"diffu")
        await settle(pilot)
        assert app.focused is screen.search_box
        assert screen.search_query == "language diffu"
        assert screen.triage.states == {}


# -- undo ---------------------------------------------------------------------------------


@sync
async def test_undo_says_undone_once_and_returns_to_the_paper():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("s")
        await settle(pilot)
        assert screen.current_paper.id == second
        await pilot.press("z")
        await settle(pilot)
        assert saved(first).state == "new"
        assert screen.current_paper.id == first
        said = [n for n in notices(app) if "Und" in n]
        assert said and all(n.count("Und") == 1 for n in said), said
        assert said[-1].startswith("Undone: ")


# -- Esc leaves "More like this" -----------------------------------------------------------


@sync
async def test_escape_leaves_more_like_this_back_to_the_paper_it_was_for():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter", "j", "j")
        paper = screen.current_paper
        await pilot.press("M")
        await settle(pilot)
        assert screen.similar_to is paper and "Papers like" in app_text(app)
        assert footer(app)["Back from More like this"] == "esc"
        await pilot.press("escape")
        await settle(pilot)
        assert screen.similar_to is None
        assert len(screen.results.rows) == 11 and screen.current_paper == paper
        assert "Papers like" not in app_text(app)


@sync
async def test_more_like_this_says_its_order_is_by_similarity():
    # the order asked for before (list) was said of More like this, in similarity order
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"model", "enter", "F", "F")  # relevance → fit (waiting) → list
        await settle(pilot)
        assert screen.order == "list"
        assert "order: list" in status(app, screen)
        paper = screen.current_paper
        await pilot.press("M")
        await settle(pilot)
        assert screen.similar_to is paper
        similar = [hit.paper.id for hit in screen.engine.similar(paper.id).hits]
        assert [row.paper.id for row in screen.results.rows] == similar
        assert "order: similarity" in status(app, screen)
        assert screen.results.border_title.endswith("· order: similarity")
        await pilot.press("escape")
        await settle(pilot)
        assert "order: list" in status(app, screen)
        assert screen.results.border_title.endswith("· order: list")


# -- the list-name column -----------------------------------------------------------------


def write_list(path: Path, titles: list[str]) -> Path:
    path.write_text(
        "".join(json.dumps({"title": t, "abstract": f"About {t}."}) + "\n" for t in titles),
        encoding="utf-8",
    )
    return path


LONG = "A Remarkably Long Title About Walruses That Keeps Going On And On Well Past Forty"


@sync
async def test_the_list_name_column_leaves_the_titles_room(tmp_path):
    one = write_list(tmp_path / "walrus-studies-international-2024.jsonl", [LONG])
    two = write_list(tmp_path / "seal-proceedings-of-the-north.jsonl", ["Seals"])
    app = make_app(one, two)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        assert len(screen.library.lists) == 2
        width = screen.results.content_size.width
        column, _ = screen.results.list_column()
        assert 0 < column <= 0.15 * width  # names cut anyway take no more
        row = next(line for line in app_text(app).splitlines() if "Remarkably" in line)
        assert LONG[:40] in row  # at 120 columns a title keeps at least 40 characters


@sync
async def test_a_long_file_name_of_no_venue_is_shown_from_its_start(tmp_path):
    # at 80×24 the list column showed "arxiv_…t_200": the start of the name, which the
    # user named the file by, cut away
    arxiv = write_list(tmp_path / "arxiv_kaggle_snapshot_200.jsonl", [LONG])
    app = make_app(SAMPLE, arxiv)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press(*"walruses")
        await settle(pilot)
        row = next(line for line in app_text(app).splitlines() if "Remarkably" in line)
        assert "│    arxiv_kagg" in row, row
        assert "t_200" not in row, row


@pytest.mark.parametrize("width", [26, 20])
@sync
async def test_on_a_narrow_screen_the_titles_have_the_row_without_the_list_column(tmp_path, width):
    # below 30 columns the list-name column left the title a few cells, at 16 and 20
    # none: rows read "Neu…  …", every title gone
    walrus = write_list(tmp_path / "walrus-studies-international-2024.jsonl", [LONG])
    app = make_app(SAMPLE, walrus)
    async with app.run_test(size=(width, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"walruses")
        await settle(pilot)
        assert screen.results.list_column()[0] == 0
        row = next(line for line in app_text(app).splitlines() if "A Remark" in line)
        assert "walrus" not in row, row
    # with room for a title beside it, the column is there
    app = make_app(SAMPLE, walrus)
    async with app.run_test(size=(30, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"walruses")
        await settle(pilot)
        assert screen.results.list_column()[0] > 0
        row = next(line for line in app_text(app).splitlines() if "A Remark" in line)
        assert "wal…" in row and LONG[:15] in row, row


@pytest.mark.parametrize(("size", "title"), [((120, 40), 36), ((80, 24), 56)])
@sync
async def test_the_list_name_column_shows_the_venues_short_names_whole(tmp_path, size, title):
    # At 120×40, beside the viewer, a column of a sixth of the list cut the names the
    # README promises to "ICML 20…", "L4DC 20…" and "CoLLAs …" (whole at 80 columns).
    l4dc = write_list(tmp_path / "pmlr_v120_l4dc2020.jsonl", [LONG])
    collas = write_list(tmp_path / "pmlr_v199_collas2022.jsonl", ["Seals Learning Lifelong"])
    app = make_app(SAMPLE, l4dc, collas)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        assert len(screen.library.lists) == 3
        for query, label, shown in (
            ("walruses", "L4DC 2020", LONG[:title]),  # the title keeps its room
            ("seals", "CoLLAs 2022", "Seals Learning Lifelong"),
            ("diffusion", "ICML 2024", ""),
        ):
            await pilot.press("ctrl+u", *query)
            await settle(pilot)
            rows = [line for line in app_text(app).splitlines() if f" {label} " in line]
            assert rows and shown in rows[0], (label, app_text(app))
            # one hit (no scroll bar) or many: the same column
            assert screen.results.list_column()[0] == len("CoLLAs 2022")
        column, labels = screen.results.list_column()
        assert sorted(labels.values()) == ["CoLLAs 2022", "ICML 2024", "L4DC 2020"]
        assert column == len("CoLLAs 2022")  # no wider than the widest


@sync
async def test_more_like_this_from_a_paper_read_full_screen_keeps_the_list_names_whole(
    tmp_path,
):
    # At 80 columns the paper is read full screen, the list hidden; More like this from
    # there drew the list names six cells wide ("ICML …", "Neu…PS"), not as the list has
    # them ("ICML 2024").
    other = write_list(tmp_path / "NeurIPS.jsonl", ["Diffusion Models for Adversarial Games"])
    app = make_app(SAMPLE, other)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("escape")  # to the list
        await settle(pilot)
        column = screen.results.list_column()
        assert "ICML 2024" in app_text(app)
        await pilot.press("enter")  # the paper, full screen
        await settle(pilot)
        assert screen.reading and not screen.results.display
        await pilot.press("M")
        await settle(pilot)
        assert screen.similar_to is not None and screen.results.rows
        assert screen.results.list_column() == column
        rows = [line for line in app_text(app).splitlines() if "ICML" in line]
        assert rows and all("ICML 2024" in line for line in rows), rows


@sync
async def test_two_lists_a_cut_would_name_alike_are_told_apart_in_the_list(tmp_path):
    # two Zotero exports read together were both "zoter…xport" at 80 columns
    one = write_list(tmp_path / "zotero_betterbibtex_export.jsonl", ["Satisfiability Solvers"])
    two = write_list(tmp_path / "zotero_biblatex_export.jsonl", ["Godot Game Engines"])
    app = make_app(one, two)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("escape")  # to the list
        await settle(pilot)
        rows = app_text(app).splitlines()
        sat = next(line for line in rows if "Satisfiability Solvers" in line)
        godot = next(line for line in rows if "Godot Game Engines" in line)
        assert "bette" in sat and "biblatex" in godot, (sat, godot)


# -- "N left" -----------------------------------------------------------------------------


@sync
async def test_left_counts_every_result_not_only_the_loaded_ones(tmp_path):
    from tuireader.ingest.library import load_library
    from tuireader.ui.screens.main import SEARCH_LIMIT

    many = SEARCH_LIMIT + 60
    source = write_list(tmp_path / "many.jsonl", [f"Paper {i} on walruses" for i in range(many)])
    library = load_library([source])
    with Store.open(resolve().ensure().state_db) as store:
        store.set_state_many([paper.id for paper in library.papers[:150]], "kept")
    app = triage_app()
    app.services = type(app.services)(
        load_library=lambda: library,
        open_engine=app.services.open_engine,
        open_store=app.services.open_store,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"walrus")
        await settle(pilot)
        # the first SEARCH_LIMIT hits at once, the rest once typing pauses: all of them
        assert len(screen.results.rows) == many and screen.matched == many
        line = status(app, screen)
        assert "150 kept" in line and f"{many - 150} left" in line


# -- 80×24 --------------------------------------------------------------------------------


@sync
async def test_at_80_by_24_the_note_dialog_fits_and_the_status_keeps_its_last_field():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert status(app, screen).endswith("1 kept · 10 left")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        dialog = app.screen.query_one("NoteEditor > Vertical")
        assert dialog.region.x >= 0 and dialog.region.right <= 80
        assert dialog.region.bottom <= 24


@sync
async def test_at_80_by_24_a_search_with_every_state_keeps_n_left_whole():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await pilot.press("s", "m", "x", "r")
        await settle(pilot)
        await pilot.press("slash", *"a")
        await settle(pilot)
        line = status(app, screen)
        assert line.endswith(" left") and "…" not in line
        assert len(line) <= 80 - 2  # the padding
        assert line.endswith("1 kept · 1 maybe · 1 skipped · 1 read · 7 left")


@sync
async def test_a_narrow_status_line_drops_the_least_useful_facts_first():
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine, compact_counts

    assert compact_counts("2 kept · 1 skipped · 7 left") == "★2 ✗1 · 7 left"
    assert compact_counts("7 left · saving…") == "7 left · saving…"

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    seen = {}
    for width in (120, 80, 60, 50, 40):
        app = One()
        async with app.run_test(size=(width, 3)) as pilot:
            line = app.query_one(StatusLine)
            line.styles.padding = (0, 1)  # as the stylesheet has it
            line.styles.height = 1
            line.total, line.matched, line.elapsed_ms = 2610, 1234, 4.0
            line.index_state = "ready"
            line.triage = "12 kept · 3 maybe · 40 skipped · 2 read · 1,177 left"
            await pilot.pause()
            seen[width] = widget_text(app, line)
    assert seen[120] == (
        "1,234 of 2,610 papers match · 4 ms · index: ready"
        " · 12 kept · 3 maybe · 40 skipped · 2 read · 1,177 left"
    )
    assert seen[80] == "1,234/2,610 match · 12 kept · 3 maybe · 40 skipped · 2 read · 1,177 left"
    assert seen[50] == seen[60] == "1,234/2,610 match · ★12 ?3 ✗40 ✓2 · 1,177 left"
    assert seen[40] == "★12 ?3 ✗40 ✓2 · 1,177 left"  # the counts outlast the papers'
    assert all(len(text) <= width - 2 for width, text in seen.items()), seen  # padding


@sync
async def test_below_50_columns_a_message_keeps_its_row_and_the_counts_take_the_next():
    # "5 load warnings (w: details)" left no room beside the most compact counts at 40
    # columns, and the triage counts were cut off the line whole
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    seen = {}
    for width in (50, 40, 30, 24):
        app = One()
        async with app.run_test(size=(width, 4)) as pilot:
            line = app.query_one(StatusLine)
            line.styles.padding = (0, 1)  # as the stylesheet has it
            line.styles.height = "auto"
            line.styles.max_height = 2
            line.total, line.matched, line.order = 3671, 2072, "fit"
            line.index_state = "ready"
            line.warnings = "5 load warnings (w: details)"
            line.triage = "2 kept · 1 maybe · 3 skipped · 2,066 left"
            await pilot.pause()
            rows = screen_text(app.export_screenshot())[: line.size.height]
            seen[width] = [row.strip() for row in rows]
    assert seen[50] == [
        "5 load warnings (w: details)",
        "2,072/3,671 match · fit · ★2 ?1 ✗3 · 2,066 left",
    ]
    assert seen[40] == ["5 load warnings (w: details)", "2,072/3,671 · ★2 ?1 ✗3 · 2,066 left"]
    assert seen[30] == ["5 load warnings (w: details)", "★2 ?1 ✗3 · 2,066 left"]
    assert seen[24] == ["5 load warnings (w: d…", "★2 ?1 ✗3 · 2,066 left"]


@sync
async def test_a_long_message_is_cut_before_the_counts_it_would_push_off_the_line():
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    message = (
        "Search: unknown field 'foo:' searched as words (fields: abstract, area, author, "
        "category, keyword, list, status, title, url, venue, year); 'abc' is no year"
    )
    seen = {}
    for width in (80, 40, 20):
        app = One()
        async with app.run_test(size=(width, 3)) as pilot:
            line = app.query_one(StatusLine)
            line.styles.padding = (0, 1)
            line.styles.height = 1
            line.total, line.matched, line.index_state = 199, 0, "ready"
            line.message = message
            await pilot.pause()
            seen[width] = widget_text(app, line)
    # its aside in parentheses goes first, so what follows it is still read
    assert (
        seen[80] == "Search: unknown field 'foo:' searched as words; 'abc' is no year  0/199 match"
    )
    assert seen[40].startswith("Search: unknown field") and "(" not in seen[40]
    assert seen[40].endswith("…  0/199 match")
    assert seen[20].startswith("Search: ")  # no room for both: the message, cut


@sync
async def test_a_search_hint_too_long_for_one_row_takes_a_second_at_80_columns():
    # at 80x24 'year:abc' said "Search: year:abc was ignor…": the example was cut off
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        results = screen.results.size.height
        await pilot.press(*"year:abc")
        await settle(pilot)
        status = screen.query_one("#status")
        for _ in range(20):  # the hint comes with the search's answer
            if "Search:" in app_text(app):
                break
            await pilot.pause(0.1)
        text = app_text(app)
        assert status.size.height == 2 and screen.results.size.height == results - 1
        assert screen.has_class("-status-tall")  # notices rise above both rows
        assert "a year is a number, e.g. year:2023," in text
        assert "year:2020..2024 or year:>=2022  11 of 11 papers match" in text
        await pilot.press("escape")  # the query cleared: one row again
        await settle(pilot)
        assert status.size.height == 1 and screen.results.size.height == results
        assert not screen.has_class("-status-tall")


@sync
async def test_a_hint_with_long_counts_still_takes_two_rows_whole_where_it_can():
    # with a library's long counts the second row could not hold the rest of the hint and
    # the counts: the hint went back to one row, cut ("did you mean list:c…")
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    said = {
        "list": "Search: no list is named 'corl2024'; did you mean list:corl2023? "
        "(lists: corl2023 (CoRL 2023), icml2024 (ICML 2024), collas (CoLLAs 2022))",
        "year": "Search: year:abc was ignored: a year is a number, e.g. year:2023, "
        "year:2020..2024 or year:>=2022",
    }
    for name, message in said.items():
        app = One()
        async with app.run_test(size=(80, 4)) as pilot:
            line = app.query_one(StatusLine)
            line.styles.padding = (0, 1)
            line.styles.height = "auto"
            line.styles.max_height = 2
            line.total, line.matched, line.index_state = 3674, 3674, "ready"
            line.order = "fit"
            line.triage = "15 kept · 2 maybe · 14 skipped · 3,643 left"
            line.message = message
            await pilot.pause()
            text = app_text(app)
            assert line.size.height == 2, text
            assert "3,643 left" in text
            if name == "list":
                assert "did you mean list:corl2023? (lists:" in text
            else:
                assert "year:2023," in text and "year:2020..2024" in text


@sync
async def test_a_message_the_growing_counts_push_off_one_row_takes_a_second():
    # marks made after the load warnings were said: the counts grew, the line stayed one
    # row, and the warnings were cut ("4 load warnings (w: de…")
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    app = One()
    async with app.run_test(size=(80, 4)) as pilot:
        line = app.query_one(StatusLine)
        line.styles.padding = (0, 1)
        line.styles.height = "auto"
        line.styles.max_height = 2
        line.total, line.matched, line.index_state = 1064, 113, "ready"
        line.order = "fit"
        line.warnings = "4 load warnings (w: details)"
        line.triage = "3 kept · 3 skipped · 107 left"
        await pilot.pause()
        assert line.size.height == 1
        line.triage = "3 kept · 3 skipped · ● 2 marked · 107 left"
        await pilot.pause()
        assert line.size.height == 2 and "4 load warnings (w: details)" in app_text(app)
        line.triage = "3 kept · 3 skipped · 107 left"
        await pilot.pause()
        assert line.size.height == 1


@sync
async def test_the_second_row_a_long_index_state_took_goes_once_the_index_is_ready():
    # a list changed on disk and read again: "index: indexing 201/201" pushed the load
    # warnings to a second row, and once the index was ready that row stayed, blank
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    app = One()
    async with app.run_test(size=(80, 4)) as pilot:
        line = app.query_one(StatusLine)
        line.styles.padding = (0, 1)
        line.styles.height = "auto"
        line.styles.max_height = 2
        line.total, line.shown, line.index_state = 201, 201, "ready"
        line.order = "list"
        line.warnings = "1 load warning (w: details)"
        line.triage = "1 kept · 2 skipped · 198 left"
        await pilot.pause()
        assert line.size.height == 1
        line.index_state = "indexing 2,610/2,610"
        line.triage = "1 kept · 3 skipped · 197 left"  # a key pressed meanwhile
        await pilot.pause()
        assert line.size.height == 2 and "1 load warning (w: details)" in app_text(app)
        line.index_state = "ready"
        await pilot.pause()
        assert line.size.height == 1, app_text(app)
        line.index_state = "indexing 2,610/2,610"  # and the state alone takes the row
        await pilot.pause()
        assert line.size.height == 2 and "1 load warning (w: details)" in app_text(app)


def test_a_row_is_broken_after_a_word():
    from tuireader.ui.widgets.status import wrapped_once

    assert wrapped_once("a year is a number", 11) == ("a year is a", "number")
    assert wrapped_once("short", 10) == ("short", "")
    assert wrapped_once("unbroken-long-word here", 8) == ("unbroken", "-long-word here")


def test_the_asides_of_a_message_are_left_out_the_last_first():
    from tuireader.ui.widgets.status import asides_dropped

    said = "no list is named 'x'; did you mean list:corl2023? (lists: corl2023 (CoRL 2023), demo)"
    assert asides_dropped(said) == ["no list is named 'x'; did you mean list:corl2023?"]
    assert asides_dropped("a (b) c (d (e)) f") == ["a (b) c f", "a c f"]
    # an aside that ends the message is one after the end of a sentence only
    assert asides_dropped("Search: failed (QueryError: no phrases)") == []
    assert asides_dropped("Done. (3 kept)") == ["Done."]
    # a parenthesis that is part of a word, or left open, is no aside
    assert asides_dropped("f(x) is (unclosed") == []
    assert asides_dropped("") == []


@sync
async def test_the_status_line_repaints_only_when_what_it_says_changes(monkeypatch):
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    app = One()
    async with app.run_test(size=(120, 3)) as pilot:
        line = app.query_one(StatusLine)
        line.styles.padding = (0, 1)  # as the stylesheet has it
        line.total, line.shown, line.index_state = 2610, 2610, "ready"
        await pilot.pause()
        drawn = []
        render = StatusLine.render

        def counted(self):  # type: ignore[no-untyped-def]
            drawn.append(1)
            return render(self)

        monkeypatch.setattr(StatusLine, "render", counted)
        line.shown = 100  # no query: the count of papers listed is on the line
        await pilot.pause()
        assert drawn and widget_text(app, line).startswith("100 / 2,610 papers")
        line.matched = 1675  # a query: its matches
        await pilot.pause()
        drawn.clear()
        line.shown = 1675  # the rest of its hits reach the list: the line says the same
        await pilot.pause()
        assert not drawn
        assert widget_text(app, line).startswith("1,675 of 2,610 papers match")
        line.matched = None  # the query cleared: the papers listed again
        await pilot.pause()
        assert widget_text(app, line).startswith("1,675 / 2,610 papers")


# -- load warnings ------------------------------------------------------------------------


@sync
async def test_load_warnings_are_counted_and_listed_on_request():
    from tuireader.ingest.library import load_library

    problems = tuple(
        Problem(Path(f"/lists/broken-{n}.json"), f"bad record {n}", "warning") for n in range(3)
    )

    def load() -> Library:
        library = load_library([SAMPLE])
        return Library(library.papers, library.lists, problems)

    app = make_app(load=load)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        line = status(app, screen)
        # in the search box a "w" is typed into the query: the line says how to reach it
        assert line.startswith("3 load warnings (Enter, then w: details)")
        assert "broken" not in app_text(app)
        assert line.endswith("11 left")
        await pilot.press("escape")
        await pilot.pause()
        assert status(app, screen).startswith("3 load warnings (w: details)")
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        text = app_text(app)
        assert all(f"broken-{n}.json" in text for n in range(3))
        # A search (and its clearing) leaves the count on the status line.
        await pilot.press("escape", "slash", *"quant")
        await settle(pilot)
        assert status(app, screen).startswith("3 load warnings (Enter, then w: details)")
        await pilot.press(*"zzzqqq")  # a query the engine has a note on takes the place
        await settle(pilot)
        await pilot.press("ctrl+u")
        await settle(pilot)
        assert status(app, screen).startswith("3 load warnings (Enter, then w: details)")
        await pilot.press("enter")
        await settle(pilot)
        assert status(app, screen).startswith("3 load warnings (w: details)")


@sync
async def test_a_dialog_footer_shows_the_dialogs_keys_not_the_lists():
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        for key, wanted in (("n", {"Cancel", "Save"}), ("t", {"Cancel"}), ("U", {"Cancel"})):
            await pilot.press(key)
            await pilot.pause()
            keys = footer(app)
            # the help and quit keys that work over it, not the list's (? and q)
            assert wanted <= set(keys) and keys["Help"] == "f1" and keys["Quit"] == "^q", key
            last = app_text(app).splitlines()[-1]
            assert "esc Cancel" in last and "? Help" not in last and " q Quit" not in last
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "Close help" in footer(app)


@sync
async def test_a_query_longer_than_the_box_scrolls_to_the_cursor():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        box = screen.search_box
        words = "quantization of large language models with fewer bits than before " * 2
        await pilot.press(*words.strip())
        await settle(pilot)
        assert box.value == words.strip()
        assert box.virtual_size.width == len(box.value) + 1  # text and the cursor
        assert box.scroll_offset.x > 0  # scrolled: the cursor's end of the text in view
        row = next(line for line in app_text(app).splitlines() if "before" in line)
        assert row.rstrip(" ▎").endswith("fewer bits than before")  # the end is shown
        assert words.strip() not in row  # not all of it fits
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_offset.x == 0


@sync
async def test_at_80_columns_more_like_this_keeps_the_way_back_in_view():
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter", "M")
        await settle(pilot)
        line = widget_text(app, screen.query_one("#suggestion"))
        assert line.startswith("Papers like “") and line.endswith("Esc goes back, typing searches")
        assert len(line) <= 78


@sync
async def test_at_60_and_40_columns_more_like_this_keeps_the_way_back_whole():
    # at 60 columns the line ran a column past its room: it ended "Esc goes back, typing"
    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter", "M")
        await settle(pilot)
        for width in (60, 40):
            await pilot.resize_terminal(width, 20)
            await settle(pilot)
            line = widget_text(app, screen.query_one("#suggestion"))
            assert line.startswith("Papers like “") and line.endswith("” — Esc goes back"), line
            assert len(line) <= width - 2, (width, line)
            assert "…" in line  # the title gave way


@sync
async def test_at_20_and_16_columns_the_status_line_keeps_the_papers_left_whole():
    # below 23 columns the most compact counts ("★2 ?1 ✗3 · 2,066 left", 21 cells) were
    # cut ("★2 ?1 ✗3 · 2,0…"), and at 16 the load warnings took the line, counts and all
    from textual.app import App

    from tuireader.ui.widgets.status import StatusLine

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield StatusLine(id="status")

    seen = {}
    for width, warnings in ((20, ""), (16, ""), (20, "5 load warnings (w: details)"), (16, "5")):
        app = One()
        async with app.run_test(size=(width, 4)) as pilot:
            line = app.query_one(StatusLine)
            line.styles.padding = (0, 1)  # as the stylesheet has it
            line.styles.height = "auto"
            line.styles.max_height = 2
            line.total, line.matched, line.order = 3671, 2072, "fit"
            line.index_state = "ready"
            line.warnings = warnings
            line.triage = "2 kept · 1 maybe · 3 skipped · 2,066 left"
            await pilot.pause()
            rows = screen_text(app.export_screenshot())[: line.size.height]
            seen[width, bool(warnings)] = [row.strip() for row in rows]
    assert seen[20, False] == seen[16, False] == ["2,066 left"]
    assert seen[20, True] == ["5 load warnings (…", "2,066 left"]
    assert seen[16, True][-1] == "2,066 left"
    # without triage counts, the papers' count keeps its numbers
    app = One()
    async with app.run_test(size=(16, 3)) as pilot:
        line = app.query_one(StatusLine)
        line.styles.padding = (0, 1)
        line.styles.height = 1
        line.total, line.matched, line.index_state = 3671, 2072, "ready"
        await pilot.pause()
        assert widget_text(app, line) == "2,072/3,671"


@sync
async def test_at_50_columns_the_titles_have_the_room_the_venues_year_took(tmp_path):
    # at 50 columns the list column took 12 cells ("ICML 2024" whole) and left a title
    # 28: the venue goes by its acronym there, and the title has the rest
    collas = write_list(tmp_path / "pmlr_v199_collas2022.jsonl", ["Seals Learning Lifelong"])
    app = make_app(SAMPLE, collas)
    async with app.run_test(size=(50, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"walrus OR seals OR diffusion")
        await settle(pilot)
        column, labels = screen.results.list_column()
        assert sorted(labels.values()) == ["CoLLAs", "ICML"]
        assert column == len("CoLLAs")
        rows = [line for line in app_text(app).splitlines() if " ICML " in line]
        assert rows and all("ICML 2" not in line for line in rows), rows
        width = screen.results.content_size.width
        assert width - column >= 40  # the title's room: 34 cells and the row's marks
