"""The abstract viewer: title, authors, source, numbered links and the abstract; when a
model of what the user keeps exists, one line saying why it ranks the paper as it does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tuireader.model import Paper
from tuireader.ui.text import Palette, abstract_text, links_text, paper_header, safe

#: given the plain rendered abstract, where the query's words occur in it.
SpanFinder = Callable[[str], Sequence[tuple[int, int]]]
#: what to highlight: a search result's words (``SearchResult.terms``), or a SpanFinder
Highlight = SpanFinder | AbstractSet[str]


class PaperViewer(VerticalScroll, can_focus=True):
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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._paper: Paper | None = None
        self._find_spans: Highlight | None = None
        #: the "why" line of the shown paper: (words, title of the kept paper it is like).
        self._why: tuple[Sequence[str], str | None] | None = None

    @property
    def paper(self) -> Paper | None:
        return self._paper

    def compose(self) -> ComposeResult:
        yield Static(id="viewer-header", markup=False)
        yield Static(id="viewer-why", markup=False)
        yield Static(id="viewer-links", markup=False)
        yield Static(id="viewer-abstract", markup=False)

    def on_mount(self) -> None:
        self._refresh()

    def palette(self) -> Palette:
        style = self.get_component_rich_style
        return Palette(
            title=style("viewer--title", partial=True),
            derived=style("viewer--derived", partial=True),
            dim=style("viewer--dim", partial=True),
            label=style("viewer--label", partial=True),
            link=style("viewer--link", partial=True),
            match=style("viewer--match", partial=True),
            math=style("viewer--math", partial=True),
            code_span=style("viewer--code", partial=True),
        )

    def show_paper(self, paper: Paper | None, find_spans: Highlight | None = None) -> None:
        """Show ``paper`` (or an empty-state hint), highlighting the words of a search
        result (``SearchResult.terms``), or what a ``SpanFinder`` finds."""
        changed = paper is not self._paper
        self._paper = paper
        if changed:
            self._why = None  # the screen says why for the new paper (show_why)
        self._find_spans = find_spans
        if self.is_mounted:
            self._refresh()
            if changed:
                self.scroll_home(animate=False)

    def show_why(self, words: Sequence[str] = (), like: str | None = None) -> None:
        """Say why the shown paper ranks where it does: ``why: a, b · like: Title``
        (nothing when there are neither words nor a kept paper it is like)."""
        self._why = (tuple(words), like) if (words or like) else None
        if self.is_mounted:
            self._refresh_why()

    @property
    def why_text(self) -> str:
        """The why line as shown ("" when hidden)."""
        if self._why is None or self._paper is None:
            return ""
        words, like = self._why
        parts = []
        if words:
            parts.append("why: " + ", ".join(words))
        if like:
            parts.append("like: " + " ".join(like.split()))
        return " · ".join(parts)

    def _refresh_why(self) -> None:
        line = self.query_one("#viewer-why", Static)
        shown = self.why_text
        # Paper text is data: made visible and kept literal, never parsed as markup.
        line.update(safe(shown, self.palette().dim) if shown else Text("", end=""))
        line.display = bool(shown)

    def _refresh(self) -> None:
        self._refresh_why()
        header = self.query_one("#viewer-header", Static)
        links = self.query_one("#viewer-links", Static)
        body = self.query_one("#viewer-abstract", Static)
        paper = self._paper
        if paper is None:
            header.update(Text("No paper selected", end=""))
            links.update(Text("", end=""))
            body.update(Text("Type in the search box or move through the list.", end=""))
            return
        palette = self.palette()
        header.update(paper_header(paper, palette))
        links.update(links_text(paper, palette))
        text, plain = abstract_text(paper.abstract, palette)
        find = self._find_spans
        if find is not None and plain:
            if callable(find):
                spans = find(plain)
            else:
                from tuireader.search.highlight import spans_of

                spans = spans_of(plain, find)
            if spans:
                text, _ = abstract_text(paper.abstract, palette, spans)
        if not plain.strip():
            text = Text("no abstract", style=palette.dim, end="")
        body.update(text)
