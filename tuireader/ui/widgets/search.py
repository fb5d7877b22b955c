"""The search box: a one-line input whose letters never trigger commands."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class LinesJoined(Input):
    """An input that takes a paste of several lines whole, its lines joined by
    :attr:`JOIN` (Input keeps only the first line)."""

    #: what goes between the pasted lines (blank lines are left out).
    JOIN: ClassVar[str] = " "

    def _on_paste(self, event: events.Paste) -> None:
        lines = event.text.splitlines()
        if len(lines) < 2:
            return  # Input inserts it as it is
        event.prevent_default()
        joined = self.JOIN.join(line.strip() for line in lines if line.strip())
        super()._on_paste(events.Paste(joined))
        event.stop()


class SearchBox(LinesJoined):
    """Where the query is typed. Enter, Down or Tab move on to the results.

    Moving on runs the screen's ``focus_results`` action directly (not through a message)
    so that a key typed right after Enter already reaches the list.

    A paste of several lines (a title that wraps in a PDF, a page of text) is searched
    whole, its lines joined by spaces.

    The cursor does not blink unless asked for (``cursor_blink=True``): a blinking cursor
    redraws the box twice a second, which is bytes on the wire for as long as the reader
    is left open.
    """

    #: Input keeps its virtual width as wide as its text, and a widget's new virtual size
    #: lays the whole screen out again (on every key, about as long as the search takes).
    #: The box's size never depends on its text: a new virtual width repaints the box
    #: alone (its horizontal scrolling reads the width as before).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down", "screen.focus_results", "To results", id="search.leave"),
        Binding("escape", "clear_or_leave", "Clear / leave", id="search.clear"),
    ]

    def __init__(self, *, id: str | None = None, cursor_blink: bool = False) -> None:
        super().__init__(placeholder="Search papers  ( / )", id=id, select_on_focus=False)
        self.cursor_blink = cursor_blink

    async def action_clear_or_leave(self) -> None:
        """Clear the query; if it is already empty, move on to the results."""
        if self.value:
            self.value = ""
        else:
            await self.run_action("screen.focus_results")
