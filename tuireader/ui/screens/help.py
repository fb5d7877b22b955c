"""The help screen: every key binding, generated from the bindings themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tuireader.ui.bindings import Place, key_names
from tuireader.ui.text import CODE_MARK, DERIVED_MARK

LEGEND = (
    (DERIVED_MARK, "title derived from the abstract (the source gave none)"),
    (CODE_MARK, "the paper links to code"),
)


class HelpScreen(ModalScreen[None]):
    """Lists each place's bindings with their keys, then the symbols used in the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "dismiss", "Close help", id="help.close"),
        Binding("down,j", "scroll('down')", "Scroll down", show=False, id="help.down"),
        Binding("up,k", "scroll('up')", "Scroll up", show=False, id="help.up"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"help--heading", "help--key"}

    def __init__(self, places: Sequence[Place], active: Mapping[str, ActiveBinding]) -> None:
        super().__init__()
        self._places = places
        self._active = active

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(id="help-text", markup=False)

    def on_mount(self) -> None:
        self.query_one("#help-text", Static).update(self.help_text())
        self.query_one("#help-body").focus()

    def _keys(self, binding: Binding) -> str:
        return ", ".join(
            self.app.get_key_display(Binding(key, binding.action)) for key in key_names(binding)
        )

    def help_text(self) -> Text:
        heading = self.get_component_rich_style("help--heading", partial=True)
        key_style = self.get_component_rich_style("help--key", partial=True)
        text = Text(end="")
        listed: set[str] = set()
        sections: list[tuple[str, list[tuple[str, str]]]] = []
        for place in self._places:
            rows = [(self._keys(b), b.description or b.action) for b in place.bindings]
            listed.update(key for b in place.bindings for key in key_names(b))
            sections.append((place.name, rows))
        # Keys the framework adds (command palette, quit) that no reader class declares.
        extra = [
            (self.app.get_key_display(active.binding), active.binding.description)
            for key, active in self._active.items()
            if key not in listed and active.binding.description and active.node is self.app
        ]
        if extra:
            sections[0][1].extend(extra)
        width = max((len(keys) for _, rows in sections for keys, _ in rows), default=8) + 2
        for name, rows in sections:
            if text:
                text.append("\n")
            text.append(name + "\n", heading)
            for keys, description in rows:
                text.append(f"  {keys:<{width}}", key_style)
                text.append(description + "\n")
        text.append("\nSymbols in the list\n", heading)
        for mark, meaning in LEGEND:
            text.append(f"  {mark:<{width}}", key_style)
            text.append(meaning + "\n")
        text.append("\nEscape, q or ? closes this screen.")
        return text

    def action_scroll(self, direction: str) -> None:
        body = self.query_one("#help-body", VerticalScroll)
        if direction == "down":
            body.scroll_down()
        else:
            body.scroll_up()
