"""A small menu to pick one of a few choices (a paper's links, a citation format).

Choices are numbered 1–9; pressing a number picks at once, Enter picks the highlighted
one and Escape cancels. j k (or ↓ ↑) move the highlight, g G (or Home End) to the first
and last choice, as in the list. The screen returns the index of the choice, or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tuireader.render.textrender import visible

#: choices beyond this many have no number key (they can still be picked with Enter).
NUMBERED = 9


class PickScreen(ModalScreen[int | None]):
    """Pick one of ``choices``; dismisses with its index, or None when cancelled."""

    DEFAULT_CSS = """
    PickScreen {
        align: center middle;
    }
    PickScreen > #pick-dialog {
        width: 80%;
        max-width: 110;
        height: auto;
        max-height: 80%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    PickScreen #pick-title {
        dock: top;
        text-style: bold;
        margin-bottom: 1;
    }
    /* the title docked, the list's 100% is the room left under it: a longer list
       scrolls (a list of auto height is never shrunk by its dialog, only cut off) */
    PickScreen OptionList {
        height: auto;
        max-height: 100%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="pick.cancel"),
        # the list's own keys, with the list's letters beside them
        Binding("down,j", "move('cursor_down')", "Next choice", show=False, id="pick.next"),
        Binding("up,k", "move('cursor_up')", "Previous choice", show=False, id="pick.previous"),
        Binding("home,g", "move('first')", "First choice", show=False, id="pick.first"),
        Binding("end,G", "move('last')", "Last choice", show=False, id="pick.last"),
    ]

    def __init__(self, title: str, choices: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = tuple(choices)

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-dialog"):
            yield Static(Text(visible(self.title_text), end=""), id="pick-title")
            options = []
            for index, choice in enumerate(self.choices):
                number = f"{index + 1} " if index < NUMBERED else "  "
                options.append(Option(Text(number + visible(choice), end=""), id=str(index)))
            yield OptionList(*options, id="pick-options")
        yield Footer()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_key(self, event: Key) -> None:
        character = event.character or ""
        if character.isdigit() and character != "0":
            number = int(character)
            if number <= min(len(self.choices), NUMBERED):
                event.stop()
                event.prevent_default()
                self.dismiss(number - 1)

    def action_move(self, where: str) -> None:
        options = self.query_one(OptionList)
        moves = {
            "cursor_down": options.action_cursor_down,
            "cursor_up": options.action_cursor_up,
            "first": options.action_first,
            "last": options.action_last,
        }
        moves[where]()

    def action_cancel(self) -> None:
        self.dismiss(None)
