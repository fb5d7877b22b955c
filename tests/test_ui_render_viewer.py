"""The viewer draws by lines: a cursor move repaints the viewer once, and only the rows
that differ; rows are few styled runs; it scrolls itself.

Counted where the work happens: how many rows the viewer is asked to draw
(``render_line``) and how many differently styled runs a drawn row holds.
"""

from __future__ import annotations

from e2e_util import settle, sync
from rich.text import Text
from test_ui_app import SAMPLE, make_app, ready
from textual.app import App, ComposeResult

from tuireader.model import Link, Paper
from tuireader.ui.widgets.viewer import THUMB, PaperViewer


class Counter:
    """Counts calls of a method while patched in."""

    def __init__(self, monkeypatch, owner, name: str) -> None:  # type: ignore[no-untyped-def]
        self.calls = 0
        original = getattr(owner, name)

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


def paper(number: int, words: int = 40) -> Paper:
    abstract = " ".join(f"walrus{number}x{i}" for i in range(words))
    return Paper(
        id=f"p{number}",
        title=f"Paper {number} on walruses",
        abstract=abstract,
        authors=("A. Author",),
        links=(Link(url=f"https://example.org/{number}", kind="paper"),),
    )


def test_the_why_line_names_the_kept_paper_by_its_title_as_the_list_shows_it() -> None:
    # "like: $\\alpha$-MDF: …" where the list and the viewer's header show "α-MDF: …"
    viewer = PaperViewer()
    viewer.show_paper(
        paper(1), why=(("walrus",), "$\\alpha$-MDF: An  Attention-based Filter", False)
    )
    assert viewer.why_text == "why: walrus · like: α-MDF: An Attention-based Filter"


class ViewerApp(App[None]):
    def compose(self) -> ComposeResult:
        yield PaperViewer(id="viewer")


@sync
async def test_a_cursor_move_draws_each_viewer_row_at_most_once(monkeypatch):
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("enter")  # to the list
        await settle(pilot)
        viewer = screen.viewer
        height = viewer.size.height
        drawn = Counter(monkeypatch, PaperViewer, "render_line")
        for _ in range(4):
            before = viewer.paper
            drawn.calls = 0
            await pilot.press("j")
            await settle(pilot)
            assert viewer.paper is not before and viewer.paper is screen.current_paper
            # one repaint of the rows that changed: never the viewer drawn twice
            assert 0 < drawn.calls <= height


@sync
async def test_the_same_paper_again_draws_nothing_and_another_only_what_differs(monkeypatch):
    app = ViewerApp()
    async with app.run_test(size=(60, 30)) as pilot:
        viewer = app.query_one(PaperViewer)
        first, second = paper(1, words=5), paper(2, words=5)
        viewer.show_paper(first)
        await pilot.pause()
        drawn = Counter(monkeypatch, PaperViewer, "render_line")
        viewer.show_paper(first)
        await pilot.pause()
        assert drawn.calls == 0
        viewer.show_paper(second)
        await pilot.pause()
        # the title, the id line, the link and the abstract differ; the rest (authors,
        # the blank rows, the link's kind, the empty rows below) is left as it is
        shown = len(viewer.lines)
        assert 0 < drawn.calls < shown
        assert "Paper 2 on walruses" in viewer.lines[0]


@sync
async def test_the_same_paper_and_words_are_not_rendered_or_wrapped_again(monkeypatch):
    import tuireader.ui.widgets.viewer as viewer_module

    app = ViewerApp()
    async with app.run_test(size=(60, 30)) as pilot:
        viewer = app.query_one(PaperViewer)
        shown = Paper(id="p1", title="On seals", abstract="Seals and walruses swim; otters float.")
        viewer.show_paper(shown, frozenset({"seals"}))
        await pilot.pause()
        marked: list[str] = []
        render = viewer_module.abstract_text

        def rendered(abstract, palette, highlight=None):  # type: ignore[no-untyped-def]
            marked.extend(abstract[start:end] for start, end in highlight or ())
            return render(abstract, palette, highlight)

        monkeypatch.setattr(viewer_module, "abstract_text", rendered)
        wrapped = Counter(monkeypatch, Text, "wrap")
        viewer.show_paper(shown, frozenset({"seals"}))  # a key that left both alone
        await pilot.pause()
        assert marked == [] and wrapped.calls == 0
        viewer.show_paper(shown, frozenset({"otters"}))  # the same paper, other words
        await pilot.pause()
        assert marked == ["otters"] and wrapped.calls > 0


@sync
async def test_rows_are_few_styled_runs():
    """Blank cells take a neighbouring run's style, so plain text is one run a row."""
    app = ViewerApp()
    async with app.run_test(size=(60, 30)) as pilot:
        viewer = app.query_one(PaperViewer)
        viewer.show_paper(paper(1, words=200))
        await pilot.pause()
        height = viewer.size.height
        rows = [viewer.render_line(y) for y in range(height)]
        assert all(row.cell_length == viewer.size.width for row in rows)
        abstract = [row for row in rows if "walrus1x" in row.text]
        assert len(abstract) > 5
        # the text with its gutters, and the scroll position's cell: two runs at most
        assert all(len(list(row)) <= 2 for row in abstract)
        title = rows[0]
        assert title.text.startswith(" Paper 1 on walruses")
        assert len(list(title)) <= 2  # bold title and its blanks are one run


@sync
async def test_the_viewer_scrolls_itself_and_shows_where():
    app = ViewerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        viewer = app.query_one(PaperViewer)
        viewer.show_paper(paper(1, words=400))
        viewer.focus()
        await pilot.pause()
        height = viewer.size.height
        assert viewer.top == 0 and viewer.max_top > height
        edge = [viewer.render_line(y).text[-1] for y in range(height)]
        assert edge[0] == THUMB and edge[-1] != THUMB  # at the top: the thumb is too
        await pilot.press("j", "j")
        assert viewer.top == 2
        await pilot.press("k")
        assert viewer.top == 1
        await pilot.press("G")
        assert viewer.top == viewer.max_top
        edge = [viewer.render_line(y).text[-1] for y in range(height)]
        assert edge[-1] == THUMB and edge[0] != THUMB
        # the end of the paper in view: the abstract's end, its links, where it came from
        shown = [viewer.render_line(y).text for y in range(height)]
        assert any("walrus1x399" in row for row in shown)
        assert "metadata from the list itself" in shown[-1]
        await pilot.press("g")
        assert viewer.top == 0
        await pilot.press("pagedown")
        assert viewer.top == height - 1
        viewer.show_paper(paper(2, words=400))  # another paper starts at its top
        assert viewer.top == 0
        viewer.show_paper(paper(3, words=3))
        await pilot.pause()
        assert viewer.max_top == 0
        assert all(viewer.render_line(y).text[-1] != THUMB for y in range(height))


@sync
async def test_a_keystroke_lays_out_and_titles_nothing_that_did_not_change(monkeypatch):
    from textual.widgets import Static

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"quant")
        await settle(pilot)
        suggestion = screen.query_one("#suggestion", Static)
        updates = Counter(monkeypatch, suggestion, "update")
        # Setting a border title, even the same one, repaints the whole pane.
        titles = [pane._border_title for pane in (screen.results, screen.search_box)]
        await pilot.press(*"iz")  # new hits, the same (no) suggestion, the same titles
        await settle(pilot)
        assert updates.calls == 0
        assert [pane._border_title for pane in (screen.results, screen.search_box)] == titles
        assert all(
            a is b
            for a, b in zip(titles, (screen.results._border_title, screen.search_box._border_title))
        )
        await pilot.press("escape", "escape")  # the list takes the focus: its title changes
        await settle(pilot)
        assert screen.results._border_title is not titles[0]
        assert str(screen.results.border_title).startswith("list:")


@sync
async def test_an_enormous_abstract_is_shown_in_part_and_says_how_much_is_left_out():
    from tuireader.ui.text import SHOWN_MAX

    words = 300_000  # about 4 MB: rendered in full it held the screen for seconds
    app = ViewerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.query_one(PaperViewer)
        huge = paper(1, words=words)
        viewer.show_paper(huge)
        viewer.focus()
        await pilot.pause()
        await pilot.press("G")
        await pilot.pause()
        bottom = " ".join(viewer.render_line(y).text for y in range(viewer.size.height))
        left_out = len(huge.abstract) - huge.abstract.rfind(" ", 0, SHOWN_MAX)
        assert f"and {left_out:,} more characters, not shown here" in " ".join(bottom.split())
        assert "walrus1x299999" not in bottom  # the end of it is not laid out at all
        assert viewer.max_top < 2 * SHOWN_MAX // 70


@sync
async def test_a_blank_row_ends_the_note_before_the_why_line():
    app = ViewerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.query_one(PaperViewer)
        triage = Text("★ kept · note: check the appendix")
        viewer.show_paper(paper(1), triage=triage, why=(("walrus",), None, False))
        await settle(pilot)
        rows = ["".join(s.text for s in viewer.render_line(y)).strip() for y in range(12)]
        note = next(i for i, row in enumerate(rows) if "check the appendix" in row)
        assert rows[note + 1] in ("", THUMB)
        assert rows[note + 2].startswith("why: walrus")


@sync
async def test_a_blank_row_ends_the_why_line_before_what_follows_it():
    # "why: …" ran on into "1 paper https://…" with no row between them; the abstract
    # follows it now, and the links come after the abstract, a blank row between
    app = ViewerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.query_one(PaperViewer)
        viewer.show_paper(paper(1), why=(("walrus",), "Paper 2 on walruses", False))
        await settle(pilot)
        rows = [row.strip() for row in viewer.lines]
        abstract = next(i for i, row in enumerate(rows) if row.startswith("walrus1x0"))
        assert rows[abstract - 1] == ""
        assert rows[abstract - 2].startswith("why: walrus")
        link = next(i for i, row in enumerate(rows) if "https://example.org/1" in row)
        assert rows[link - 1] == "" and "walrus1x39" in rows[link - 2]


def long_paper(**fields: object) -> Paper:
    """An ICML paper as the lists give it: twelve authors, three links, one of them a
    PDF address longer than the viewer is wide."""
    authors = tuple(f"Author{n} Longname{n}" for n in range(12))
    links = (
        Link(url="https://proceedings.mlr.press/v235/springenberg24a.html", kind="paper"),
        Link(
            url="https://raw.githubusercontent.com/mlresearch/v235/main/assets/"
            "springenberg24a/springenberg24a.pdf",
            kind="paper",
        ),
        Link(url="https://openreview.net/forum?id=tl2qmO5kpD", kind="paper"),
    )
    values: dict[str, object] = {
        "id": "n2ga447l",
        "title": "Offline Actor-Critic Reinforcement Learning Scales to Large Models",
        "abstract": "We show that offline actor-critic learning scales. " * 12,
        "authors": authors,
        "venue": "ICML 2024",
        "year": 2024,
        "links": links,
        **fields,
    }
    return Paper(**values)  # type: ignore[arg-type]


@sync
async def test_at_80_by_24_the_abstract_starts_on_the_first_screen():
    # The links (a long PDF address takes two rows) and where the metadata came from
    # came first, after the triage state and the why line: no abstract was in view.
    # They come after the abstract now, numbered as before.
    app = ViewerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.query_one(PaperViewer)
        for shown in (
            long_paper(),
            long_paper(tldr="In short, offline actor-critic methods scale with model size."),
        ):
            viewer.show_paper(
                shown,
                triage=Text("? maybe"),
                why=(
                    ("offline rl", "reinforcement learning"),
                    "A Dataset Perspective on RL",
                    False,
                ),
            )
            viewer.styles.height = 17  # the viewer's rows at 80×24, read full screen
            await settle(pilot)
            first = [viewer.render_line(y).text.strip() for y in range(17)]
            assert any(row.startswith("We show that offline") for row in first), first
            rows = [row.strip() for row in viewer.lines]
            start = rows.index(next(row for row in rows if row.startswith("We show")))
            links = [i for i, row in enumerate(rows) if row[:2] in ("1 ", "2 ", "3 ")]
            assert [rows[i][0] for i in links] == ["1", "2", "3"] and links[0] > start
            assert rows[-1] == "metadata from the list itself"
