"""The results list: one line per paper, fast with thousands of rows.

Built on ``OptionList`` and filled in chunks, so a query matching 100,000 papers costs the
same on screen as one matching 300: more rows are added as the highlight nears the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tuireader.model import Paper
from tuireader.ui.text import Palette, result_line

#: rows added to the list at a time.
CHUNK = 200


@dataclass(frozen=True)
class Row:
    """One paper to show, with the parts of its title that matched the query."""

    paper: Paper
    title_spans: tuple[tuple[int, int], ...] = ()


class ResultsList(OptionList):
    """The papers matching the current query, in rank (or list) order."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "cursor_down", "Next paper", show=False, id="list.next"),
        Binding("up,k", "cursor_up", "Previous paper", show=False, id="list.previous"),
        Binding("home,g", "first", "First paper", show=False, id="list.first"),
        Binding("end,G", "last", "Last paper", show=False, id="list.last"),
        Binding("pageup", "page_up", "Page up", show=False, id="list.page_up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="list.page_down"),
        Binding("enter", "screen.open_viewer", "Open", id="list.open"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "results--match",
        "results--derived",
        "results--code",
        "results--lists",
        "results--marker",
    }

    @dataclass
    class PaperHighlighted(Message):
        """The highlight moved to ``paper`` (None when the list is empty)."""

        results: ResultsList
        paper: Paper | None

        @property
        def control(self) -> ResultsList:
            return self.results

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, ResultsList.PaperHighlighted)

    @dataclass
    class PaperChosen(Message):
        """Enter was pressed on ``paper``: open it in the viewer."""

        results: ResultsList
        paper: Paper

        @property
        def control(self) -> ResultsList:
            return self.results

    @dataclass
    class NearEnd(Message):
        """The highlight is close to the last row: the screen may fetch more results."""

        results: ResultsList

        @property
        def control(self) -> ResultsList:
            return self.results

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, ResultsList.NearEnd)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self._rows: Sequence[Row] = ()
        self._loaded = 0
        self._list_width = 0
        #: returns the triage marker (one character, or "") for a paper.
        self.marker_for: Callable[[Paper], str] = lambda _paper: ""

    @property
    def rows(self) -> Sequence[Row]:
        return self._rows

    @property
    def current_paper(self) -> Paper | None:
        index = self.highlighted
        if index is None or index >= self._loaded:
            return None
        return self._rows[index].paper

    def palette(self) -> Palette:
        style = self.get_component_rich_style
        return Palette(
            match=style("results--match", partial=True),
            derived=style("results--derived", partial=True),
            code=style("results--code", partial=True),
            lists=style("results--lists", partial=True),
            marker=style("results--marker", partial=True),
        )

    def _option(self, row: Row, palette: Palette) -> Option:
        prompt = result_line(
            row.paper,
            palette,
            title_spans=row.title_spans,
            marker=self.marker_for(row.paper),
            list_width=self._list_width,
        )
        return Option(prompt, id=row.paper.id)

    def show_rows(
        self, rows: Sequence[Row], *, list_width: int = 0, keep: str | None = None
    ) -> None:
        """Replace the list with ``rows``; keep the highlight on paper ``keep`` if present."""
        self._rows = rows
        self._list_width = list_width
        target = 0
        if keep is not None:
            for index, row in enumerate(rows):
                if row.paper.id == keep:
                    target = index
                    break
        self._loaded = min(len(rows), max(CHUNK, target + CHUNK))
        palette = self.palette()
        self.set_options(self._option(row, palette) for row in rows[: self._loaded])
        if rows:
            self.highlighted = target
            self.scroll_to_highlight()
        else:
            self.post_message(self.PaperHighlighted(self, None))

    def _load_more(self, upto: int | None = None) -> None:
        """Add rows up to index ``upto`` (or the next chunk)."""
        end = len(self._rows) if upto is None else min(len(self._rows), upto)
        if end <= self._loaded:
            return
        palette = self.palette()
        self.add_options(self._option(row, palette) for row in self._rows[self._loaded : end])
        self._loaded = end

    def select(self, index: int, *, scroll: bool = True) -> None:
        """Highlight row ``index`` (loading the rows up to it first)."""
        self._load_more(index + 1)
        self.highlighted = index
        if scroll:
            self.scroll_to_highlight()

    def index_of(self, paper_id: object) -> int | None:
        """The row of paper ``paper_id``, if the list has it."""
        for index, row in enumerate(self._rows):
            if row.paper.id == paper_id:
                return index
        return None

    def refresh_markers(self) -> None:
        """Redraw the loaded rows, e.g. after triage marks changed."""
        palette = self.palette()
        for index, row in enumerate(self._rows[: self._loaded]):
            self.replace_option_prompt_at_index(index, self._option(row, palette).prompt)

    def _on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        if index >= self._loaded - CHUNK // 4:
            self._load_more(self._loaded + CHUNK)
        if index >= len(self._rows) - CHUNK // 4:
            self.post_message(self.NearEnd(self))
        self.post_message(self.PaperHighlighted(self, self._rows[index].paper))

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.PaperChosen(self, self._rows[event.option_index].paper))

    def action_last(self) -> None:
        self._load_more()
        super().action_last()

    def action_page_down(self) -> None:
        self._load_more(self._loaded + CHUNK)
        super().action_page_down()
