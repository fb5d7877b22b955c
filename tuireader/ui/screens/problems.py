"""The problems met reading the lists (and the config's [keys] table), one per line: the
status line only counts them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tuireader.model import Problem
from tuireader.render.textrender import visible
from tuireader.ui.screens.help import ScrollFrame, scroll, scroll_keys
from tuireader.ui.text import notice_breaks, path_rows
from tuireader.ui.widgets.footer import ReaderFooter


class ProblemsScreen(ModalScreen[None]):
    """Lists ``problems``; Escape (or q, or w again) closes it. j k g G scroll it, as
    they scroll the viewer."""

    DEFAULT_CSS = """
    ProblemsScreen {
        align: center middle;
    }
    ProblemsScreen > #problems-body {
        width: 90%;
        max-width: 110;
        height: auto;
        max-height: 90%;
        border: round $warning;
        background: $surface;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,w", "close", "Close", id="problems.close"),
        *scroll_keys("problems"),
    ]

    def __init__(
        self,
        problems: Sequence[str | Problem],
        keys: Sequence[str] = (),
        *,
        settings: Sequence[str] = (),
    ) -> None:
        super().__init__()
        #: what reading the lists met, what config.toml's settings and its [keys] table did.
        self.problems = tuple(problems)
        self.keys = tuple(keys)
        self.settings = tuple(settings)
        #: the width the text was last laid out for (None: not yet known)
        self._width: int | None = None

    def compose(self) -> ComposeResult:
        with ScrollFrame(id="problems-body"):
            yield Static(self._text(None), id="problems-text", markup=False)
        yield ReaderFooter()  # the dialog's own keys, over the list's

    def _text(self, width: int | None) -> Text:
        """Every problem under its heading, laid out for ``width`` cells (None: unknown)."""
        text = Text(end="")
        for heading, lines in (
            ("reading the lists", self.problems),
            ("in config.toml", self.settings),
            ("in config.toml [keys] (those keys keep their defaults)", self.keys),
        ):
            if not lines:
                continue
            if text:
                text.append("\n\n")
            count = len(lines)
            text.append(f"{count} problem{'s' if count != 1 else ''} {heading}\n", "bold")
            for problem in lines:
                text.append("\n• " + _line(problem, width))
        text.append("\n\nEscape closes this list.")
        return text

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Lay the text out again for the width it is shown in: a file's path too long
        for its row breaks between folders, not inside the file's name."""
        width = self.query_one("#problems-text", Static).size.width
        if width > 0 and width != self._width:
            self._width = width
            self.query_one("#problems-text", Static).update(self._text(width))

    def on_mount(self) -> None:
        self.query_one("#problems-body").focus()

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one("#problems-body", VerticalScroll), where)

    def action_close(self) -> None:
        self.dismiss(None)


def _line(problem: str | Problem, width: int | None) -> str:
    """One problem as a line: its file's path first, broken after a ``/`` where it is
    too long for the row (wrapped as words, it broke inside the file's name)."""
    if isinstance(problem, str):
        return visible(problem)
    path, message = visible(str(problem.path)), visible(problem.message)
    room = None if width is None else width - 2  # after the bullet
    if room is None or room < 20:
        return f"{path}: {message}"
    if cell_len(path) + 1 > room:
        path = path_rows(path, room)
    line = f"{path}: {message}"
    if all(cell_len(word) <= room for word in message.split()):
        return line
    # a path the message names ("it looks moved to …") too long for the row: broken
    # after a "/" as a notice breaks it, not inside its file's name
    head, _, last = line.rpartition("\n")
    cuts = [0, *notice_breaks(last, room), len(last)]
    last = "\n".join(last[a:b].rstrip() for a, b in itertools.pairwise(cuts))
    return f"{head}\n{last}" if head else last
