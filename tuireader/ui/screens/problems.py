"""The problems met reading the lists (and the config's [keys] table), one per line: the
status line only counts them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tuireader.render.textrender import visible
from tuireader.ui.screens.help import scroll, scroll_keys


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
        self, problems: Sequence[str], keys: Sequence[str] = (), *, settings: Sequence[str] = ()
    ) -> None:
        super().__init__()
        #: what reading the lists met, what config.toml's settings and its [keys] table did.
        self.problems = tuple(problems)
        self.keys = tuple(keys)
        self.settings = tuple(settings)

    def compose(self) -> ComposeResult:
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
                text.append("\n• " + visible(problem))
        text.append("\n\nEscape closes this list.")
        with VerticalScroll(id="problems-body"):
            yield Static(text, id="problems-text", markup=False)
        yield Footer()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        self.query_one("#problems-body").focus()

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one("#problems-body", VerticalScroll), where)

    def action_close(self) -> None:
        self.dismiss(None)
