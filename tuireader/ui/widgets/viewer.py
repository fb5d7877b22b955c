"""The abstract viewer: title, authors and source; the triage state, tags and note of the
paper; when a model of what the user keeps exists, a line saying why it ranks the paper as
it does; the authors' TL;DR and the abstract; then the numbered links and where the
metadata came from. The abstract comes as early as it can: at 80×24 it starts on the
first screen, where the links before it (a long PDF address takes two rows) pushed it
off.

A line-API widget (a ``ScrollView`` whose ``render_line`` draws one screen row), like the
results list: the paper is wrapped once into rows, and showing another paper repaints
only the rows whose text or colours differ from what is on screen — one repaint per
cursor move, never a re-layout. Rows are built from as few differently styled runs as
the text allows (blank cells take the row's style, the gutter too), because each run
costs the terminal a colour escape.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tuireader.model import Paper
from tuireader.render.textrender import display_title, visible
from tuireader.ui.text import (
    Palette,
    abstract_text,
    links_text,
    metadata_note,
    notice_breaks,
    paper_header,
    safe,
    tldr_text,
)
from tuireader.ui.widgets.results import GUTTER, merge_runs

#: given the plain rendered abstract, where the query's words occur in it.
SpanFinder = Callable[[str], Sequence[tuple[int, int]]]
#: what to highlight: a search result's words (``SearchResult.terms``), or a SpanFinder
Highlight = SpanFinder | AbstractSet[str]

#: the parts of the viewer, top to bottom; a blank row follows those in SPACED (after the
#: triage, a note ends before the "why" line starts; after it, the TL;DR begins apart).
SECTIONS = ("header", "triage", "why", "tldr", "abstract", "links", "source")
SPACED = frozenset({"header", "triage", "why", "tldr", "abstract", "links"})
#: the scroll position, drawn in the right gutter beside the rows in view.
THUMB = "▐"
#: rows one turn of the mouse wheel scrolls.
WHEEL_ROWS = 3


class PaperViewer(Widget, can_focus=True):
    """Shows one paper. Scrolls with the keyboard; Escape goes back to the list.

    Escape runs the screen's ``focus_results`` action directly, so keys that follow it
    reach the list at once.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "screen.focus_results", "Back to list", id="viewer.close"),
        Binding("down,j", "scroll_down", "Scroll down", show=False, id="viewer.down"),
        Binding("up,k", "scroll_up", "Scroll up", show=False, id="viewer.up"),
        Binding("home,g", "scroll_home", "Top", show=False, id="viewer.top"),
        Binding("end,G", "scroll_end", "Bottom", show=False, id="viewer.bottom"),
        Binding("pageup", "page_up", "Page up", show=False, id="viewer.page_up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="viewer.page_down"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "viewer--title",
        "viewer--derived",
        "viewer--dim",
        "viewer--label",
        "viewer--link",
        "viewer--match",
        "viewer--math",
        "viewer--code",
    }

    DEFAULT_CSS = """
    PaperViewer {
        overflow: hidden hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._paper: Paper | None = None
        self._find_spans: Highlight | None = None
        #: the authors the search looked for, named after "and N more" (see paper_header)
        self._authors_found: tuple[str, ...] = ()
        #: the "why" line of the shown paper: (words, title of the kept paper it is like,
        #: whether that paper was marked read rather than kept).
        self._why: tuple[Sequence[str], str | None, bool] | None = None
        #: each section's text (None: not shown), and its rows at ``_width``.
        self._texts: dict[str, Text | None] = dict.fromkeys(SECTIONS)
        self._wrapped: dict[str, list[Strip]] = {}
        self._width = 0
        #: every row of the paper, top to bottom, as drawn at ``_width``.
        self._lines: list[Strip] = []
        #: the first row in view, and the rows on screen (what render_line returns).
        self._top = 0
        self._shown: list[Strip] = []
        self._palette: Palette | None = None
        #: the paper and highlight the paper's texts were made for (their rows are kept
        #: while both stay: typing on with the same paper on top re-wraps nothing).
        self._texts_of: tuple[Paper | None, Highlight | None, tuple[str, ...]] | None = None
        #: what is said with no paper where the lists hold none because they are gone
        #: ("" : the hint to search or move through the list)
        self._gone = ""

    @property
    def paper(self) -> Paper | None:
        return self._paper

    def palette(self) -> Palette:
        if self._palette is None:
            style = self.get_component_rich_style
            self._palette = Palette(
                title=style("viewer--title", partial=True),
                derived=style("viewer--derived", partial=True),
                dim=style("viewer--dim", partial=True),
                label=style("viewer--label", partial=True),
                link=style("viewer--link", partial=True),
                match=style("viewer--match", partial=True),
                math=style("viewer--math", partial=True),
                code_span=style("viewer--code", partial=True),
            )
        return self._palette

    def section(self, name: str) -> Text:
        """The text of section ``name`` (one of SECTIONS) as shown; empty when hidden."""
        text = self._texts[name]
        return text if text is not None else Text("", end="")

    @property
    def lines(self) -> list[str]:
        """Every row of the viewer as plain text (wrapped at the current width)."""
        return [strip.text.rstrip() for strip in self._lines]

    # -- what is shown --------------------------------------------------------------------

    def show_paper(
        self,
        paper: Paper | None,
        find_spans: Highlight | None = None,
        *,
        triage: Text | None = None,
        why: tuple[Sequence[str], str | None, bool] | None = None,
        authors_found: Sequence[str] = (),
    ) -> None:
        """Show ``paper`` (or an empty-state hint), highlighting the words of a search
        result (``SearchResult.terms``), or what a ``SpanFinder`` finds.

        ``triage`` and ``why`` (words, like, read) come along when the caller knows them, so
        the new paper is drawn once with them (see show_triage and show_why).
        """
        changed = paper is not self._paper
        self._paper = paper
        if changed:
            self._why = None  # the screen says why for the new paper (show_why)
            self._set("triage", None)
        if why is not None:
            words, like, read = why
            self._why = (tuple(words), like, read) if (words or like) else None
        if triage is not None:
            self._set("triage", triage if triage else None)
        self._find_spans = find_spans
        self._authors_found = tuple(authors_found)
        if self.is_mounted:
            self._set_paper_texts()
            self._set("why", self._why_text())
            if changed:
                self._top = 0
            self._update()

    def say_gone(self, said: str) -> None:
        """Say ``said`` with no paper shown, where the lists hold not one paper because
        they are gone ("The list … is gone; it looks moved to …"); "" says again to
        search or move through the list."""
        if said == self._gone:
            return
        self._gone = said
        self._texts_of = None  # made again for no paper
        if self.is_mounted and self._paper is None:
            self._set_paper_texts()
            self._update()

    def show_why(
        self, words: Sequence[str] = (), like: str | None = None, read: bool = False
    ) -> None:
        """Say why the shown paper ranks where it does: ``why: a, b · like: Title``
        (``like (read): Title`` where that paper was marked read, not kept; nothing when
        there are neither words nor a kept paper it is like)."""
        self._why = (tuple(words), like, read) if (words or like) else None
        if self.is_mounted:
            self._set("why", self._why_text())
            self._update()

    def show_triage(self, text: Text | None) -> None:
        """Show the paper's triage state, tags and note (None or empty: nothing)."""
        self._set("triage", text if text else None)
        if self.is_mounted:
            self._update()

    @property
    def why_text(self) -> str:
        """The why line as shown ("" when hidden)."""
        if self._why is None or self._paper is None:
            return ""
        words, like, read = self._why
        parts = []
        if words:
            parts.append("why: " + ", ".join(words))
        if like:
            # as the list shows the title; a paper marked read counts as a keep, said so
            parts.append(("like (read): " if read else "like: ") + display_title(like))
        return " · ".join(parts)

    def _why_text(self) -> Text | None:
        shown = self.why_text
        # Paper text is data: made visible and kept literal, never parsed as markup.
        return safe(shown, self.palette().dim) if shown else None

    def _set(self, name: str, text: Text | None) -> None:
        self._texts[name] = text
        self._wrapped.pop(name, None)

    def _set_paper_texts(self) -> None:
        paper = self._paper
        made = self._texts_of
        if (
            made is not None
            and made[0] is paper
            and made[1] == self._find_spans
            and made[2] == self._authors_found
        ):
            return
        self._texts_of = (paper, self._find_spans, self._authors_found)
        if paper is None:
            # not one paper: none to select, and why
            header = "No papers" if self._gone else "No paper selected"
            self._set("header", Text(header, end=""))
            self._set("links", None)
            self._set("source", None)
            self._set("tldr", None)
            hint = visible(self._gone) or "Type in the search box or move through the list."
            self._set("abstract", Text(hint, end=""))
            return
        palette = self.palette()
        # where the metadata came from goes last, after the links
        found = self._authors_found
        find = self._span_finder()
        self._set("header", paper_header(paper, palette, source=False, found=found, find=find))
        self._set("source", Text(visible(metadata_note(paper)), palette.dim, end=""))
        self._set("links", links_text(paper, palette))
        self._set("tldr", tldr_text(paper, palette, find))
        text, plain = abstract_text(paper.abstract, palette)
        if find is not None and plain:
            spans = find(plain)
            if spans:
                text, _ = abstract_text(paper.abstract, palette, spans)
        if not plain.strip():
            text = Text("no abstract", style=palette.dim, end="")
        self._set("abstract", text)

    def _span_finder(self) -> SpanFinder | None:
        """Where the words to highlight are in a rendered text (None: nothing to mark)."""
        find = self._find_spans
        if find is None or callable(find):
            return find
        terms = find

        def spans(plain: str) -> Sequence[tuple[int, int]]:
            from tuireader.search.highlight import spans_of

            return spans_of(plain, terms)

        return spans

    # -- scrolling: the viewer keeps its own offset ------------------------------------
    #
    # Textual's scrolling would change the widget's virtual size with every paper, and a
    # new virtual size repaints the whole widget (borders and all) after a re-layout. The
    # viewer scrolls itself instead, and draws its scroll position in the right gutter.

    @property
    def top(self) -> int:
        """The first row of the paper in view."""
        return self._top

    @property
    def max_top(self) -> int:
        return max(0, len(self._lines) - self.size.height)

    def scroll_rows(self, rows: int) -> None:
        """Scroll by ``rows`` (negative: up), within the paper."""
        self._go_to(self._top + rows)

    def _go_to(self, top: int) -> None:
        top = max(0, min(top, self.max_top))
        if top != self._top:
            self._top = top
            self._repaint()

    def action_scroll_down(self) -> None:
        self.scroll_rows(1)

    def action_scroll_up(self) -> None:
        self.scroll_rows(-1)

    def action_scroll_home(self) -> None:
        self._go_to(0)

    def action_scroll_end(self) -> None:
        self._go_to(self.max_top)

    def action_page_down(self) -> None:
        self.scroll_rows(max(1, self.size.height - 1))

    def action_page_up(self) -> None:
        self.scroll_rows(-max(1, self.size.height - 1))

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_rows(WHEEL_ROWS)

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_rows(-WHEEL_ROWS)

    # -- drawing ----------------------------------------------------------------------

    def on_mount(self) -> None:
        self._set_paper_texts()
        self._update()

    def _on_resize(self, _event: events.Resize) -> None:
        self._wrapped.clear()
        self._update(everything=True)

    def notify_style_update(self) -> None:
        # Focus, theme or CSS changed: every row's colours may have.
        super().notify_style_update()
        if self._palette is not None:
            self._palette = None
            self._texts_of = None
            if self.is_mounted:
                self._set_paper_texts()
                self._set("why", self._why_text())
        self._wrapped.clear()
        if self.is_mounted:
            self._update(everything=True)

    def _rows(self, name: str, width: int) -> list[Strip]:
        """Section ``name`` wrapped into rows ``width - 1`` cells wide, with the gutters
        (the last column is the scroll position's)."""
        rows = self._wrapped.get(name)
        if rows is not None:
            return rows
        text = self._texts[name]
        rows = []
        if text is not None:
            base = self.rich_style
            # a blank column between the text and the scroll position
            inner = max(1, width - 2 * GUTTER - 1)
            if name == "links" and self._paper is not None:
                text = links_text(self._paper, self.palette(), inner)  # laid out to fit
            elif name == "abstract" and self._paper is None and self._gone:
                text = Text(_gone_rows(visible(self._gone), inner), end="")
            elif name == "header" and self._paper is not None:
                # laid out to fit: the id kept on the row of its label
                text = paper_header(
                    self._paper,
                    self.palette(),
                    source=False,
                    width=inner,
                    found=self._authors_found,
                    find=self._span_finder(),
                )
            gutter = Segment(" " * GUTTER, base)
            console = self.app.console
            for line in text.wrap(console, inner, overflow="fold"):
                line.end = ""
                line.truncate(inner, pad=True)
                runs = [gutter, *line.render(console), gutter]
                rows.append(Strip(merge_runs(runs, base)))
            if name in SPACED:
                rows.append(Strip.blank(width - GUTTER, base))
        self._wrapped[name] = rows
        return rows

    def _update(self, *, everything: bool = False) -> None:
        """Rebuild the rows; repaint those that differ from what is shown."""
        width = self.size.width
        if width <= 0:
            return
        if width != self._width:
            self._wrapped.clear()
            self._width = width
            everything = True
        self._lines = [row for name in SECTIONS for row in self._rows(name, width)]
        self._top = max(0, min(self._top, self.max_top))
        self._repaint(everything=everything)

    def _thumb(self) -> range:
        """The rows of the view the scroll position's thumb takes (none if all fits)."""
        height, total = self.size.height, len(self._lines)
        if total <= height or height <= 0:
            return range(0)
        size = max(1, round(height * height / total))
        start = round(self._top * (height - size) / max(1, total - height))
        return range(start, start + size)

    def _repaint(self, *, everything: bool = False) -> None:
        """Put the rows in view together; repaint the screen rows that changed."""
        width, height = self._width, self.size.height
        base = self.rich_style
        blank = Segment(" " * GUTTER, base)
        thumb = Segment(THUMB * GUTTER, base + self.palette().dim)
        in_thumb = self._thumb()
        old = self._shown
        new: list[Strip] = []
        for y in range(height):
            index = self._top + y
            if index < len(self._lines):
                row = self._lines[index]
                edge = thumb if y in in_thumb else blank
                new.append(Strip(merge_runs([*row, edge], base), width).crop(0, width))
            else:
                new.append(Strip.blank(width, base))
        self._shown = new
        if everything or len(old) != len(new):
            self.refresh()
            return
        start: int | None = None
        for y in range(height + 1):
            same = y == height or old[y] == new[y]
            if not same and start is None:
                start = y
            elif same and start is not None:
                self.refresh(Region(0, start, width, y - start))
                start = None

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._shown) and self._shown[y].cell_length == self.size.width:
            return self._shown[y]
        return Strip.blank(self.size.width, self.rich_style)


def _gone_rows(said: str, room: int) -> str:
    """What is said of the lists gone, in rows of ``room`` cells broken where a notice
    breaks them (:func:`notice_breaks`): a path after a ``/``, its file's name whole,
    where wrapping it as a word broke it inside the name."""
    rows = []
    for line in said.split("\n"):
        cuts = [0, *notice_breaks(line, room), len(line)]
        rows += [line[a:b].rstrip() for a, b in itertools.pairwise(cuts)]
    return "\n".join(rows)
