"""The notices of this run, newest first, each whole with the time it came: a notice
cut short on a small screen (its advice, the end of a file's name), or gone before it
was read, can be read here."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.screen import ModalScreen
from textual.widgets import Static

from tuireader.render.textrender import visible
from tuireader.ui.notices import Said
from tuireader.ui.screens.edit import mark_short
from tuireader.ui.screens.help import ScrollFrame, scroll, scroll_keys
from tuireader.ui.text import notice_breaks
from tuireader.ui.widgets.footer import ReaderFooter

#: how far a notice's text is set in under its time and title
INDENT = 2


class NoticesScreen(ModalScreen[None]):
    """Lists ``said``, newest first; Escape (or q, or W again) closes it. j k g G scroll
    it, as they scroll the viewer."""

    DEFAULT_CSS = """
    NoticesScreen {
        align: center middle;
    }
    NoticesScreen > #notices-body {
        width: 90%;
        max-width: 110;
        height: auto;
        max-height: 90%;
        border: round $primary;
        background: $surface;
        padding: 0 1;
        overflow-x: auto;
    }
    /* as wide as its longest row: a file's name longer than a row is whole on its own,
       the log scrolled sideways for it */
    NoticesScreen #notices-text {
        width: auto;
    }
    /* a short or slim terminal (40×12): the whole screen above the footer, notices
       over it the newest only, without blank rows (see styles/base.tcss) */
    NoticesScreen.-slim > #notices-body {
        width: 100%;
    }
    NoticesScreen.-short > #notices-body {
        max-height: 100%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,W", "close", "Close", id="notices.close"),
        *scroll_keys("notices"),
        Binding("left", "scroll('left')", "Scroll left", show=False, id="notices.left"),
        Binding("right", "scroll('right')", "Scroll right", show=False, id="notices.right"),
    ]

    def __init__(self, said: Sequence[Said]) -> None:
        super().__init__()
        #: the notices, newest first
        self.said = tuple(said)
        #: the width the text was last laid out for (None: not yet known)
        self._width: int | None = None

    def compose(self) -> ComposeResult:
        with ScrollFrame(id="notices-body"):
            yield Static(self.log_text(None), id="notices-text", markup=False)
        yield ReaderFooter()  # the screen's own keys, over the list's

    def log_text(self, width: int | None) -> Text:
        """Every notice, newest first: its time, severity and title on a row, then its
        text, laid out for ``width`` cells (None: unknown). The text is the notice's
        own (a title, a file's name), never read as markup."""
        text = Text(end="")
        count = len(self.said)
        if not count:
            text.append(_rows("No notices yet in this run.", width, 0))
        else:
            heading = f"{count} notice{'' if count == 1 else 's'} of this run, newest first"
            text.append(_rows(heading, width, 0), "bold")
        for said in self.said:
            text.append("\n\n")
            # its time (dim), then its severity and title (bold), broken as a notice is
            at = time.strftime("%H:%M:%S", time.localtime(said.at))
            severity = f" {said.severity}" if said.severity in ("warning", "error") else ""
            title = f"  {visible(said.title)}" if said.title else ""
            head = Text(_rows(at + severity + title, width, 0))
            head.stylize("dim", 0, len(at))
            head.stylize("bold", len(at))
            text.append_text(head)
            for line in said.text.split("\n"):
                text.append("\n")
                text.append(_rows(visible(line), width))
        text.append("\n\n")
        text.append(_rows("Escape closes this list.", width, 0))
        return text

    def show_said(self, said: Sequence[Said]) -> None:
        """Show ``said`` (newest first) in place of the notices shown: one that comes
        while the log is open is in it at once."""
        self.said = tuple(said)
        if self.is_mounted:
            self.query_one("#notices-text", Static).update(self.log_text(self._width))

    def on_resize(self, event: events.Resize) -> None:
        mark_short(self, event.size.height, event.size.width)
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Lay the text out again for the width it is shown in: a file's path too long
        for its row breaks between folders, not inside the file's name."""
        shown = self.query_one("#notices-text", Static)
        width = self.query_one("#notices-body", ScrollableContainer).scrollable_content_region.width
        if width > 0 and width != self._width:
            self._width = width
            shown.update(self.log_text(width))

    def on_mount(self) -> None:
        mark_short(self, self.app.size.height, self.app.size.width)
        self.query_one("#notices-body").focus()

    def action_scroll(self, where: str) -> None:
        body = self.query_one("#notices-body", ScrollableContainer)
        if where == "left":
            body.scroll_left(animate=False)
        elif where == "right":
            body.scroll_right(animate=False)
        else:
            scroll(body, where)

    def action_close(self) -> None:
        self.dismiss(None)


def _rows(line: str, width: int | None, indent: int = INDENT) -> str:
    """One line of a notice's text set in by ``indent``, in rows of ``width`` cells
    (None: as it is) broken where a notice's rows break (:func:`notice_breaks`): a
    file's name longer than a row is whole on a row of its own, wider than the others
    (the log scrolls sideways), where a notice cuts it in its middle."""
    lead = " " * indent
    if width is None or width <= indent:
        return lead + line
    cuts = [0, *notice_breaks(line, width - indent), len(line)]
    return "\n".join(lead + line[a:b].rstrip() for a, b in itertools.pairwise(cuts))
