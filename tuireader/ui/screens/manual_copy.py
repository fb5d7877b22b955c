"""The dialog shown when no clipboard route could be trusted: copy the text by hand.

The text sits in a read-only text area, all of it selected and shown from its start, so
the terminal's own selection or the text area's copy key can take it; the file it was
saved to is named below it. j k g G scroll the text (the arrows move the text area's
cursor, which ends the selection).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static, TextArea
from textual.widgets.text_area import Selection

from tuireader.render.textrender import visible
from tuireader.system.clipboard import clipboard_text
from tuireader.ui.screens.help import scroll, scroll_keys


class ManualCopyScreen(ModalScreen[None]):
    """Shows ``text`` for manual copying, with where it was saved and why."""

    DEFAULT_CSS = """
    ManualCopyScreen {
        align: center middle;
    }
    ManualCopyScreen > #manual-dialog {
        width: 90%;
        height: auto;
        max-height: 90%;
        border: round $warning;
        background: $surface;
        padding: 0 1;
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
    ManualCopyScreen TextArea {
        height: auto;
        max-height: 100%;
    }
    ManualCopyScreen .manual-dim {
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="manual.close"),
        *scroll_keys("manual", arrows=False),
    ]

    def __init__(
        self, text: str, what: str, fallback_path: Path | None, explanation: str = ""
    ) -> None:
        super().__init__()
        # The clipboard chain already cleaned it; a text handed in from elsewhere is
        # cleaned the same way, so the dialog never shows a control character raw.
        self.text = clipboard_text(text)[0] or ""
        self.what = what
        self.fallback_path = fallback_path
        self.explanation = explanation

    def compose(self) -> ComposeResult:
        with Vertical(id="manual-dialog"):
            yield Static(
                Text(f"Copy the {visible(self.what)} by hand (Escape closes)", end=""),
                id="manual-title",
            )
            yield TextArea(self.text, read_only=True, soft_wrap=True, id="manual-text")
            if self.fallback_path is not None:
                saved = f"Also saved to {self.fallback_path}"
            else:
                saved = "It could not be saved to a file either."
            with Vertical(id="manual-notes"):
                yield Static(Text(visible(saved), end=""), id="manual-path")
                if self.explanation:
                    yield Static(
                        Text(visible(self.explanation), end=""),
                        id="manual-why",
                        classes="manual-dim",
                    )
        yield Footer()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        # all of it selected from its end back to its start: the cursor, and so the
        # view, stays at the start of a text longer than its room
        last = area.document.line_count - 1
        area.selection = Selection((last, len(area.document[last])), (0, 0))

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one(TextArea), where)

    def action_close(self) -> None:
        self.dismiss(None)
