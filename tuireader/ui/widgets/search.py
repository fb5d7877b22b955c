"""The search box: a one-line input whose letters never trigger commands."""

from __future__ import annotations

import re
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from tuireader.search.query import SORTS, closing_quote, parse, without_controls

#: a field's name where a word begins (``title:``, ``sort:``), as the query language reads it
_FIELD = re.compile(r"([A-Za-z]+):")
#: the key that takes the "did you mean" suggestion of a query that finds nothing, at the
#: end of the search box's text (as the line of the suggestion and the help name it): the
#: right arrow, as a shell takes the line it suggests; Enter stays the key that moves on
#: to the results, which keys typed after it in one burst act on
SUGGESTION_KEY = "→"


class LinesJoined(Input):
    """An input that takes a paste of several lines whole, its lines joined by
    :attr:`JOIN` (Input keeps only the first line), and without a terminal's escape
    sequences: text copied from a coloured terminal carries its colour codes, which are
    no text to type (the query language drops them the same way)."""

    #: what goes between the pasted lines (blank lines are left out).
    JOIN: ClassVar[str] = " "

    #: the word keys, as in a shell and in the note editor: Alt+Backspace (and
    #: Ctrl+Backspace) delete the word before the cursor, Alt+Delete the word after it.
    #: Most terminals send Alt+Backspace as Escape then Backspace, which Textual reads as
    #: ^w; one that reports keys whole (the kitty protocol) sends it as itself, which
    #: Input's own binding deleted the word *after* the cursor with.
    WORD_KEYS: ClassVar[dict[str, str]] = {
        "alt+backspace": "delete_left_word",
        "ctrl+backspace": "delete_left_word",
        "alt+delete": "delete_right_word",
    }

    def validate_value(self, value: str) -> str:
        """The text as the box holds it: without a terminal's escape sequences and
        control characters, whatever sets it (a query the last run saved, tags kept from
        an earlier edit), which the box would write to the terminal as they are."""
        return without_controls(value)[0]

    async def _on_key(self, event: events.Key) -> None:
        action = self.WORD_KEYS.get(event.key)
        if action is not None:
            # before Input's bindings, which are only looked at for a key left unhandled
            event.stop()
            event.prevent_default()
            await self.run_action(action)
            return
        await super()._on_key(event)

    def _on_paste(self, event: events.Paste) -> None:
        text, _ = without_controls(event.text)
        lines = text.splitlines()
        if len(lines) < 2 and text == event.text:
            return  # Input inserts it as it is
        event.prevent_default()
        joined = self.JOIN.join(line.strip() for line in lines if line.strip())
        super()._on_paste(events.Paste(joined))
        event.stop()


class SearchBox(LinesJoined):
    """Where the query is typed. Enter, Down or Tab move on to the results; → at the end
    of a query that finds nothing, with a "did you mean" shown, takes the suggestion
    (the screen's ``take_suggestion``). ``/`` with the box empty or its text all
    selected selects the query, as it does elsewhere.

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
        # Tab went there as the screen's next pane key, unlisted among the box's keys (the
        # help said "⏎, ↓ To results"); out of the footer, which shows the box's keys first
        Binding("tab", "screen.focus_results", "To results", show=False, id="search.leave"),
        Binding("escape", "clear_or_leave", "Clear / leave", id="search.clear"),
    ]

    def __init__(self, *, id: str | None = None, cursor_blink: bool = False) -> None:
        super().__init__(placeholder="Search papers  ( / )", id=id, select_on_focus=False)
        self.cursor_blink = cursor_blink

    def _slash_selects(self) -> bool:
        """Whether ``/`` here selects the query, as it does outside the box: with the box
        empty or all its text selected (a ``/`` inside a query, ``TCP/IP``, is typed)."""
        start, end = sorted(self.selection)
        return not self.value or (start, end) == (0, len(self.value))

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character == "/" and self._slash_selects():
            return False  # a key of its own, not text typed with the keys around it
        return super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        take = getattr(self.screen, "take_suggestion", None)
        at_end = self.cursor_position == len(self.value)
        if event.key == "right" and at_end and take is not None and take():
            event.stop()
            event.prevent_default()
            return
        if event.character == "/" and self._slash_selects():
            # a habit of the key that goes to the search box: "/list:icml robot" typed
            # into it must not search the words "/list" and "icml"
            event.stop()
            event.prevent_default()
            self.select_all()
            return
        await super()._on_key(event)

    async def action_clear_or_leave(self) -> None:
        """Clear the query (after typing begun in the list or the viewer, first bring back
        the query before it); if it is already empty, move on to the results, unless text
        typed after the Escape is already waiting (one burst: ``/``, Escape, a query, as
        a habit of clearing the box first sends it over a slow link): that text is the
        query, typed here, never keys acting on the highlighted paper."""
        take_back = getattr(self.screen, "take_back_typing", None)
        if self.value and take_back is not None and take_back():
            return  # typing begun in the list or the viewer, taken back
        if self.value:
            self.value = ""
        elif not getattr(self.app, "typing_ahead", False):
            await self.run_action("screen.focus_results")


def sort_words(query: str) -> list[tuple[int, int]]:
    """Where the ``sort:`` words of ``query`` that name an order are (where each starts, a
    ``-`` before it included, and ends), found as the query language finds them: not in
    a quoted phrase, nor as a field's value (``title:sort:fit`` is a word to search)."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(query)

    def word_end(j: int) -> int:
        while j < n and not query[j].isspace() and query[j] not in '()"':
            j += 1
        return j

    def quote_end(j: int) -> int:  # j: an opening quote; an unclosed one ends the query
        end = closing_quote(query, j + 1)  # (a quote after a backslash is the phrase's)
        return n if end < 0 else end

    while i < n:
        if query[i].isspace() or query[i] in "()":
            i += 1
            continue
        start = i
        if query[i] == "-":
            i += 1
        match = _FIELD.match(query, i)
        if match and match.group(1).lower() == "sort":
            i = match.end()
            if i < n and query[i] == '"':  # sort:"fit"
                end = quote_end(i)
                value, i = query[i + 1 : end].strip(), end + 1
            else:
                end = word_end(i)
                value, i = query[i:end], end
            if value.lower() in SORTS:
                spans.append((start, min(i, n)))
            continue
        if match:
            i = match.end()  # the field's value follows
        if i < n and query[i] == '"':
            i = quote_end(i) + 1
            continue
        i = word_end(i)
    return spans


def with_order(query: str, order: str) -> str:
    """``query`` with its ``sort:`` words saying ``order`` (one of the orders ``sort:``
    takes): the box then says the order the results are shown in. A query without one
    is returned as it is (its order is the reader's own, said on the status line)."""
    spans = sort_words(query)
    if not spans:
        return query
    said = f"sort:{order}"
    parts, at = [], 0
    for start, end in spans:
        parts += [query[at:start], said]
        at = end
    worded = "".join([*parts, query[at:]])
    if parse(worded).sort != order:  # (a word read otherwise than here: the last wins)
        worded = f"{worded.rstrip()} {said}"
    return worded
