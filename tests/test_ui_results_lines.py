"""The results list draws only the rows in view, and redraws only the rows that changed.

Counted where the work happens: how many result lines are built (``result_line``) and how
many screen rows the list is asked to draw (``render_line``), for lists of 100,000 papers.
"""

from __future__ import annotations

from e2e_util import sync
from textual.app import App, ComposeResult

from tuireader.model import Paper
from tuireader.ui.widgets import results as results_module
from tuireader.ui.widgets.results import ResultsList, Row

SIZE = (80, 24)
MANY = 100_000


def papers(count: int) -> list[Row]:
    return [
        Row(Paper(id=f"p{i}", title=f"Paper {i} on walruses", abstract="A walrus study."))
        for i in range(count)
    ]


class ListApp(App[None]):
    def __init__(self, rows: list[Row]) -> None:
        super().__init__()
        self.rows = rows
        self.highlights: list[Paper | None] = []
        self.chosen: list[Paper] = []
        self.marks: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield ResultsList(id="results")

    def on_mount(self) -> None:
        results = self.query_one(ResultsList)
        results.marker_for = lambda paper: self.marks.get(paper.id, "")
        results.focus()
        results.show_rows(self.rows)

    def on_results_list_paper_highlighted(self, message: ResultsList.PaperHighlighted) -> None:
        self.highlights.append(message.paper)

    def on_results_list_paper_chosen(self, message: ResultsList.PaperChosen) -> None:
        self.chosen.append(message.paper)


class Counter:
    """Counts calls of a function or method while patched in."""

    def __init__(self, monkeypatch, owner, name: str) -> None:  # type: ignore[no-untyped-def]
        self.calls = 0
        original = getattr(owner, name)

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


@sync
async def test_a_hundred_thousand_rows_build_only_the_lines_in_view(monkeypatch):
    built = Counter(monkeypatch, results_module, "result_line")
    app = ListApp(papers(MANY))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        height = results.scrollable_content_region.height
        assert len(results.rows) == MANY
        assert 0 < built.calls <= 2 * height
        built.calls = 0
        await pilot.press("G")  # every hit is in the list: the last one is one key away
        await pilot.pause()
        assert results.highlighted == MANY - 1
        assert results.current_paper is not None and results.current_paper.id == f"p{MANY - 1}"
        assert built.calls <= 2 * height
        assert app.highlights[-1] is results.current_paper


@sync
async def test_moving_the_cursor_redraws_two_rows(monkeypatch):
    app = ListApp(papers(MANY))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        drawn = Counter(monkeypatch, ResultsList, "render_line")
        await pilot.press("j")
        await pilot.pause()
        assert results.highlighted == 1
        assert drawn.calls == 2
        drawn.calls = 0
        await pilot.press("k")
        await pilot.pause()
        assert results.highlighted == 0
        assert drawn.calls == 2


@sync
async def test_a_changed_marker_redraws_its_row_only(monkeypatch):
    app = ListApp(papers(MANY))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        drawn = Counter(monkeypatch, ResultsList, "render_line")
        app.marks["p3"] = "✓"
        results.refresh_markers()
        await pilot.pause()
        assert drawn.calls == 1
        line = results.render_line(3)
        assert line.text.lstrip().startswith("✓")


@sync
async def test_a_paper_shown_again_as_it_was_is_not_built_again(monkeypatch):
    """The next key's search lists many of the same papers with the same highlights, in
    other rows: their lines are the ones already drawn; a new highlight is drawn anew."""
    rows = papers(40)
    app = ListApp(rows)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        before = {row.paper.id: results.render_line(i).text for i, row in enumerate(rows[:5])}
        built = Counter(monkeypatch, results_module, "result_line")
        shifted = [rows[3], rows[1], rows[2], Row(rows[0].paper, ((0, 5),)), *rows[4:]]
        results.show_rows(shifted)  # the cursor stays on the top row: now paper p3
        await pilot.pause()
        # built: p3 under the cursor, now on the top row, and p0 with its new highlight
        assert built.calls == 2, built.calls
        assert results.render_line(1).text == before["p1"]
        assert results.render_line(3).text == before["p0"]  # the same words, highlighted
        assert results.render_line(0).text.strip().startswith("Paper 3")
        built.calls = 0
        app.marks["p1"] = "✓"
        results.show_rows(list(rows))
        await pilot.pause()
        assert built.calls == 1  # p1, for its marker; p0 and p3 are as they were first
        assert results.render_line(1).text.lstrip().startswith("✓")


@sync
async def test_a_plain_row_is_one_styled_run_and_the_cursor_row_three():
    """Blank cells take the row's style, so a row without marks or matches is one run."""
    app = ListApp(papers(50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        plain = results.render_line(1)
        assert "Paper 1 on walruses" in plain.text
        assert len(list(plain)) == 1
        cursor = results.render_line(0)
        assert len(list(cursor)) == 3  # gutter, the cursor's run, gutter
        assert cursor.cell_length == plain.cell_length == results.scrollable_content_region.width


@sync
async def test_keys_and_clicks_move_within_a_list_drawn_by_lines():
    app = ListApp(papers(500))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        height = results.scrollable_content_region.height
        await pilot.press("pagedown")
        assert results.highlighted == height
        await pilot.press("pageup", "pageup")
        assert results.highlighted == 0
        await pilot.press("G")
        assert results.highlighted == 499
        assert results.scroll_offset.y == 500 - height
        await pilot.press("g")
        assert results.highlighted == 0 and results.scroll_offset.y == 0
        results.select(250, scroll=False)
        assert results.current_paper is not None and results.current_paper.id == "p250"
        assert results.scroll_offset.y == 0
        assert results.index_of("p42") == 42 and results.index_of("nope") is None
        await pilot.click(ResultsList, offset=(5, 4))  # the border is row 0
        await pilot.pause()
        assert results.highlighted == 3
        assert [paper.id for paper in app.chosen] == ["p3"]
        # a line-API list: every row is addressable, none is a child widget
        assert results.virtual_size.height == 500 and not results.children


@sync
async def test_the_rest_of_the_hits_arriving_repaints_nothing(monkeypatch):
    """The list is as long as the query's hits from the first ones on: when the rest
    arrives, the rows on screen and the scroll range are as they were."""
    rows = papers(MANY)
    app = ListApp(rows[:100])
    async with app.run_test(size=SIZE) as pilot:
        results = app.query_one(ResultsList)
        results.show_rows(rows[:100], total=MANY)
        await pilot.pause()
        assert results.virtual_size.height == MANY and len(results.rows) == 100
        assert results.render_line(0).text.strip() == "Paper 0 on walruses"
        await pilot.press("j", "j")
        await pilot.pause()
        highlights = len(app.highlights)
        drawn = Counter(monkeypatch, ResultsList, "render_line")
        results.show_rows(list(rows), total=MANY, keep="p2")
        await pilot.pause()
        assert drawn.calls == 0 and len(results.rows) == MANY
        # the highlight stays; it is told again (the viewer may highlight new words)
        assert results.highlighted == 2 and len(app.highlights) == highlights + 1
        assert app.highlights[-1] is rows[2].paper
        await pilot.press("G")
        assert results.current_paper is rows[-1].paper


@sync
async def test_a_new_scroll_range_repaints_the_scroll_bar_with_the_rows(monkeypatch):
    """Rows that change the list's length ask the scroll bar for its repaint at once, so
    its new thumb is drawn in the frame that draws the rows, not a frame later."""
    from textual.scrollbar import ScrollBar

    rows = papers(MANY)
    app = ListApp(rows[:100])
    async with app.run_test(size=SIZE) as pilot:
        results = app.query_one(ResultsList)
        await pilot.pause()
        asked = Counter(monkeypatch, ScrollBar, "refresh")
        results.show_rows(rows[:500])
        assert asked.calls >= 1  # before any layout ran
        await pilot.pause()
        asked.calls = 0
        results.show_rows(rows[:500])  # the same length: the bar is left alone
        assert asked.calls == 0


@sync
async def test_a_follower_is_told_of_each_highlight_at_once_instead_of_a_message():
    """With ``follow`` set, the paper the highlight moves to is handed over as the move
    happens (what it draws is in the list's frame); no PaperHighlighted is posted."""
    rows = papers(50)
    app = ListApp(rows)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results = app.query_one(ResultsList)
        told: list[Paper | None] = []
        results.follow = told.append
        heard = len(app.highlights)
        results.select(3)
        assert told == [rows[3].paper]  # before any message could have run
        await pilot.press("j")
        results.show_rows(rows[:10], keep="p4")  # the same rows, fewer: a new list
        results.show_rows([])
        await pilot.pause()
        assert told == [rows[3].paper, rows[4].paper, rows[4].paper, None]
        assert len(app.highlights) == heard
