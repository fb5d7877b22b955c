"""The dialog shown when no clipboard route could be trusted (or the last copy is asked
for again): copy the text by hand.

The text sits in a read-only text area, all of it selected and shown from its start, so
the terminal's own selection or the text area's copy key can take it; the file it was
saved to is named below it. The text's rows hold the text and nothing else: the dialog
spans the screen, its rules above and below the text, and the text area has no border,
margin, cursor or scroll bar. Each line of the text is one row, never wrapped: a
terminal's selection of a row is the line, where a link wrapped over two rows came with a
line break in it ("…/huang24x." then "pdf"), and box-drawing characters and a gutter would
have come with it too. j k g G scroll the text, h l sideways (the arrows move the text
area's cursor, which ends the selection); a line under it says which of its rows and
columns are shown when not all of them are. Its copy key (Ctrl+C) copies the selection as
every copy is (the clipboard chain decides the routes: the tmux buffer, OSC 52 within its
limit and where tmux passes it on, the local clipboard) and says what became of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.document._document import Document
from textual.document._document_navigator import DocumentNavigator
from textual.document._wrapped_document import WrappedDocument
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea
from textual.widgets.text_area import Selection

from tuireader.render.textrender import visible
from tuireader.system.clipboard import Clipboard, CopyOutcome, clipboard_text
from tuireader.ui.screens.help import scroll, scroll_keys
from tuireader.ui.widgets.footer import ReaderFooter


class _RowPerLine(WrappedDocument):
    """A document shown a row a line, never wrapped: without a tab in it, what Textual
    works out line by line to wrap it (each line's tab stops, three times as the dialog
    opens: seconds on the event loop for the BibTeX of thousands of papers, a frozen
    screen whose keys went to the dialog after) is known at once."""

    #: the document's line count when last laid out a row a line (-1: not so)
    _rows = -1

    def wrap(self, width: int, tab_width: int | None = None) -> None:
        count = self.document.line_count
        if not width and count == self._rows:
            return  # (read-only: laid out already)
        if width or any("\t" in line for line in self.document.lines):
            self._rows = -1
            super().wrap(width, tab_width)
            return
        self._width = 0
        if tab_width:
            self._tab_width = tab_width
        self._rows = count
        self._wrap_offsets = [[] for _ in range(count)]
        self._offset_to_line_info = [(index, 0) for index in range(count)]
        self._line_index_to_offsets = [[index] for index in range(count)]
        self._tab_width_cache = [[] for _ in range(count)]

    @property
    def height(self) -> int:
        # (Textual's counts every line's rows, each time the text is drawn or scrolled)
        return len(self._offset_to_line_info) if self._rows >= 0 else super().height


class TextToCopy(TextArea):
    """The text to copy, read-only, on rows of its own: no border, padding, cursor or
    scroll bar on them, each line on one row (a line wider than the screen scrolls
    sideways, never wraps)."""

    DEFAULT_CSS = """
    TextToCopy {
        border: none;
        padding: 0;
        scrollbar-size-vertical: 0;
        scrollbar-size-horizontal: 0;
        &:focus {
            border: none;
        }
    }
    """

    def __init__(self, text: str, *, id: str | None = None) -> None:
        # (built empty, then given the text: Textual's own build of it lays it out at
        # length first)
        super().__init__("", read_only=True, soft_wrap=False, show_cursor=False, id=id)
        self._set_document(text, None)
        self._widest: int | None = None

    def _set_document(self, text: str, language: str | None) -> None:
        # (Textual's, for plain text, with the document wrapped a row a line at once)
        self._highlight_query = None
        self.document = Document(text)
        self.wrapped_document = _RowPerLine(self.document, tab_width=self.indent_width)
        self.navigator = DocumentNavigator(self.wrapped_document)
        self._build_highlight_map()
        self.move_cursor((0, 0))
        self._rewrap_and_refresh_virtual_size()

    def action_copy(self) -> None:
        """The copy key: the selection to the terminal by OSC 52, as the dialog allows."""
        screen = self.screen
        if isinstance(screen, ManualCopyScreen):
            screen.copy_selection(self.selected_text)
        else:
            super().action_copy()

    def rows_shown(self) -> tuple[int, int, int] | None:
        """The first and last of the rows shown (from 1) and how many rows the text
        takes, when not all of them are shown; None when all are."""
        rows = self.wrapped_document.height
        room = self.scrollable_content_region.height
        if room <= 0 or rows <= room:
            return None
        first = round(self.scroll_y)
        return first + 1, min(rows, first + room), rows

    def columns_shown(self) -> tuple[int, int, int] | None:
        """The first and last of the columns shown (from 1) and how wide the widest line
        is, when it is wider than the room; None when every line is shown whole."""
        if self._widest is None:  # (read-only: measured once)
            self._widest = max((cell_len(line) for line in self.document.lines), default=0)
        widest = self._widest
        room = self.scrollable_content_region.width
        if room <= 0 or widest <= room:
            return None
        first = round(self.scroll_x)
        return first + 1, min(widest, first + room), widest


class ManualCopyScreen(ModalScreen[None]):
    """Shows ``text`` for manual copying, with where it was saved and why."""

    DEFAULT_CSS = """
    ManualCopyScreen {
        align: center middle;
    }
    /* the whole width, rules above and below and nothing beside: the text's rows hold
       the text alone, from the screen's first column to its last */
    ManualCopyScreen > #manual-dialog {
        width: 100%;
        height: auto;
        max-height: 90%;
        border-top: round $warning;
        border-bottom: round $warning;
        background: $surface;
        padding: 0;
    }
    ManualCopyScreen #manual-title {
        dock: top;
        text-style: bold;
    }
    ManualCopyScreen #manual-notes {
        dock: bottom;
        height: auto;
    }
    /* the title and the notes docked, the text's 100% is the room left between them:
       a longer text scrolls (a text area of auto height is never shrunk, only cut off) */
    ManualCopyScreen TextToCopy {
        height: auto;
        max-height: 100%;
    }
    ManualCopyScreen .manual-dim {
        color: $text-muted;
    }
    /* the notices take rows of their own below the dialog: as wide as the screen, a
       file they name stays whole on its row */
    ManualCopyScreen Toast {
        width: auto;
        max-width: 100%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="manual.close"),
        *scroll_keys("manual", arrows=False),
        Binding("h", "scroll('left')", "Scroll left", show=False, id="manual.left"),
        Binding("l", "scroll('right')", "Scroll right", show=False, id="manual.right"),
    ]

    def __init__(
        self,
        text: str,
        what: str,
        fallback_path: Path | None,
        explanation: str = "",
        *,
        clipboard: Clipboard | None = None,
        title: str = "",
        kept: bool = False,
    ) -> None:
        super().__init__()
        # The clipboard chain already cleaned it; a text handed in from elsewhere is
        # cleaned the same way, so the dialog never shows a control character raw.
        self.text = clipboard_text(text)[0] or ""
        self.what = what
        self.fallback_path = fallback_path
        self.explanation = explanation
        #: the clipboard chain the copy key copies the selection with (None: none)
        self.clipboard = clipboard
        self.title_text = title or f"Copy the {what} by hand (Escape closes)"
        #: the text is the last copy, read back from the file that keeps it
        self.kept = kept
        #: what the line under the text says of the rows and columns shown
        self._rows_said = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="manual-dialog"):
            yield Static(
                Text(visible(self.title_text), end=""),
                id="manual-title",
            )
            yield TextToCopy(self.text, id="manual-text")
            if self.fallback_path is not None:
                saved = f"{'Kept in' if self.kept else 'Also saved to'} {self.fallback_path}"
            else:
                saved = "It could not be saved to a file either."
            with Vertical(id="manual-notes"):
                yield Static(id="manual-rows", classes="manual-dim", markup=False)
                yield Static(Text(visible(saved), end=""), id="manual-path")
                if self.explanation:
                    yield Static(
                        Text(visible(self.explanation), end=""),
                        id="manual-why",
                        classes="manual-dim",
                    )
        yield ReaderFooter()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        area = self.query_one(TextToCopy)
        area.focus()
        # all of it selected from its end back to its start: the cursor, and so the
        # view, stays at the start of a text longer than its room
        last = area.document.line_count - 1
        area.selection = Selection((last, len(area.document[last])), (0, 0))
        for name in ("scroll_x", "scroll_y", "virtual_size"):
            self.watch(area, name, self._say_rows, init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_rows)  # once the text has its new room

    def _say_rows(self, again: bool = True) -> None:
        """Say which rows and columns of the text are shown when it takes more than its
        room (the text area draws no scroll bar: it would stand on the text's rows).

        The line saying so takes its room from the text's (a row, two where it wraps):
        once it changes, the rows are said again ("Rows 1–8 of 11" with 7 in view, as
        the dialog opened), unless not ``again``."""
        area = self.query_one(TextToCopy)
        said = []
        rows = area.rows_shown()
        if rows is not None:
            first, last, count = rows
            said.append(f"Rows {first}–{last} of {count} shown (j k g G scroll)")
        columns = area.columns_shown()
        if columns is not None:
            first, last, width = columns
            said.append(f"columns {first}–{last} of {width} (h l scroll sideways)")
            if self.fallback_path is not None:
                said.append("the file below has every line whole")
        line = self.query_one("#manual-rows", Static)
        text = " · ".join(said)
        text = text[:1].upper() + text[1:]
        changed = line.display != bool(said) or (bool(said) and text != self._rows_said)
        line.display = bool(said)
        if said:
            line.update(text)
        self._rows_said = text
        if changed and again:
            self.call_after_refresh(self._say_rows, False)  # in the room left to the text

    def action_scroll(self, where: str) -> None:
        area = self.query_one(TextToCopy)
        if where in ("left", "right"):
            # half a screen a key: a column a key took as many keys as the line is too wide
            step = max(1, area.scrollable_content_region.width // 2)
            area.scroll_relative(x=-step if where == "left" else step, animate=False)
        else:
            scroll(area, where)

    def copy_selection(self, text: str) -> None:
        """The copy key: ``text`` (the selection) copied by the clipboard chain, as every
        copy is (it decides whether OSC 52 is sent: never over its limit, nor where tmux
        would not pass it on or already took the text); said what became of it."""
        if not text:
            self.notify("Nothing selected to copy", severity="warning")
            return
        clipboard = self.clipboard
        if clipboard is None:
            self.notify(
                "Not copied: no clipboard to copy to; select the text with the mouse",
                severity="warning",
                markup=False,
            )
            return
        self._copy_selection(clipboard, text)

    @work(thread=True, group="copy", exit_on_error=False)
    def _copy_selection(self, clipboard: Clipboard, text: str) -> None:
        # (the chain may wait on tmux or the local clipboard: off the event loop)
        outcome = clipboard.copy(text, "the selection", keep=False)
        self.app.call_from_thread(self._say_copied, outcome)

    def _say_copied(self, outcome: CopyOutcome) -> None:
        if outcome.manual or outcome.refused:
            why = outcome.refused or "; ".join(
                f"{a.label or a.route}: {a.detail}"
                for a in outcome.attempts
                if not a.ok and a.route != "file"
            )
            self.notify(
                f"Not copied: {why}; select the text with the mouse",
                severity="warning",
                markup=False,
            )
            return
        self.notify(outcome.notice, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
