"""The dialog shown when no clipboard route could be trusted (or the last copy is asked
for again): copy the text by hand.

The text sits in a read-only text area, all of it selected and shown from its start, so
the terminal's own selection or the text area's copy key can take it; the file it was
saved to is named below it. The text's rows hold the text and nothing else: the dialog
spans the screen, its rules above and below the text, and the text area has no border,
margin, cursor or scroll bar, its lines wrapped at the screen's last column. A terminal's
selection of those rows is the text (a link longer than a row goes on at the start of the
next), where box-drawing characters and a gutter would have come with it. j k g G scroll
the text (the arrows move the text area's cursor, which ends the selection); a line under
it says which of its rows are shown when not all of them are.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, TextArea
from textual.widgets.text_area import Selection

from tuireader.render.textrender import visible
from tuireader.system.clipboard import clipboard_text
from tuireader.ui.screens.help import scroll, scroll_keys
from tuireader.ui.widgets.footer import ReaderFooter


class TextToCopy(TextArea):
    """The text to copy, read-only, on rows of its own: no border, padding, cursor or
    scroll bar on them, its lines wrapped at the last column (a text area keeps one for
    its cursor to rest after a line's end)."""

    DEFAULT_CSS = """
    TextToCopy {
        border: none;
        padding: 0;
        scrollbar-size-vertical: 0;
        &:focus {
            border: none;
        }
    }
    """

    def __init__(self, text: str, *, id: str | None = None) -> None:
        super().__init__(text, read_only=True, soft_wrap=True, show_cursor=False, id=id)

    @property
    def wrap_width(self) -> int:
        return max(0, self.scrollable_content_region.width)

    def rows_shown(self) -> tuple[int, int, int] | None:
        """The first and last of the rows shown (from 1) and how many rows the text
        takes, when not all of them are shown; None when all are."""
        rows = self.wrapped_document.height
        room = self.scrollable_content_region.height
        if room <= 0 or rows <= room:
            return None
        first = round(self.scroll_y)
        return first + 1, min(rows, first + room), rows


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
    ]

    def __init__(
        self,
        text: str,
        what: str,
        fallback_path: Path | None,
        explanation: str = "",
        *,
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
        self.title_text = title or f"Copy the {what} by hand (Escape closes)"
        #: the text is the last copy, read back from the file that keeps it
        self.kept = kept

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
        for name in ("scroll_y", "virtual_size"):
            self.watch(area, name, self._say_rows, init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_rows)  # once the text has its new room

    def _say_rows(self) -> None:
        """Say which rows of the text are shown when it takes more than its room (the
        text area draws no scroll bar: it would stand on the text's rows)."""
        shown = self.query_one(TextToCopy).rows_shown()
        line = self.query_one("#manual-rows", Static)
        line.display = shown is not None
        if shown is not None:
            first, last, rows = shown
            line.update(f"Rows {first}–{last} of {rows} shown (j k g G scroll)")

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one(TextToCopy), where)

    def action_close(self) -> None:
        self.dismiss(None)
