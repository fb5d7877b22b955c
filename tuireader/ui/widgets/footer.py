"""The footer: the keys in force, each shown whole or not at all."""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer

#: the class Textual gives the command-palette key, kept at the footer's right end.
PALETTE_KEY = "-command-palette"
#: the actions of the keys a narrow footer keeps before any other: how to get help and
#: how to quit from where the focus is.
KEPT_ACTIONS = frozenset({"help", "app.quit"})


def _cells(widget: Widget, room: Size) -> int:
    """The columns ``widget`` takes in the footer's row: its label, padding, border and
    margin."""
    styles = widget.styles
    return widget.get_content_width(room, room) + styles.gutter.width + styles.margin.width


class ReaderFooter(Footer):
    """Textual's footer, leaving out the keys that do not fit instead of cutting one.

    Textual lays the keys out in one row and clips the row at the palette key, so at 80
    columns a label was cut mid-word ("u Copy l"). Here a key shows only when it and
    every key before it fit whole: the screens list their keys most important first, so
    the ones left out are the last ones (all of them stay in help and the palette). Help
    and Quit keep their room whatever comes before them: the focused pane's keys come
    first, and in the search box at 60 columns they left no room for Quit.
    """

    async def recompose(self) -> None:
        await super().recompose()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        room = self.size.width
        if room <= 0:
            return
        measure = Size(room, 1)
        keys: list[Widget] = []
        for child in self.children:
            if child.has_class(PALETTE_KEY):
                room -= _cells(child, measure)
            elif getattr(child, "action", None) in KEPT_ACTIONS:
                room -= _cells(child, measure)
                child.display = True
            else:
                keys.append(child)
        used = 0
        fits = True
        for key in keys:
            used += _cells(key, measure)
            fits = fits and used <= room
            key.display = fits
