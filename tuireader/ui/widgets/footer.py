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
#: the bindings a narrow footer keeps next, where they fit after Help and Quit, before the
#: palette key: how to leave the full-screen viewer (at 40 columns the footer showed
#: "^p palette" and no way back to the list).
NEXT_KEPT = frozenset({"viewer.close"})


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
    first, and in the search box at 60 columns they left no room for Quit. The palette key
    goes before them, where they leave it no room (Ctrl+P still opens it).
    """

    #: what the keys shown were composed from (see :meth:`_keys_in_force`)
    _composed_from: tuple[object, ...] | None = None

    async def recompose(self) -> None:
        """Compose the keys again, unless they would be the ones shown: each move of the
        focus (Enter into the viewer, Escape back) updates the bindings twice, and each
        update removed every key and mounted them anew, a layout and a frame more."""
        keys = self._keys_in_force()
        if keys is not None and keys == self._composed_from and self.children:
            return
        await super().recompose()
        self._composed_from = keys
        self._fit()

    def _keys_in_force(self) -> tuple[object, ...] | None:
        """All that the footer's keys are composed from (None: not known yet)."""
        if not self._bindings_ready or not self.is_attached:
            return None
        bindings = tuple(
            (binding, enabled, tooltip)
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
        )
        return (self.compact, self.show_command_palette, bindings)

    def _next_kept(self) -> set[tuple[str, str]]:
        """The keys and actions of the :data:`NEXT_KEPT` bindings in force (by id: the
        [keys] table may have moved them to another key)."""
        if not self.is_attached:
            return set()
        return {
            (key, binding.action)
            for key, (_node, binding, _enabled, _tip) in self.screen.active_bindings.items()
            if binding.id in NEXT_KEPT
        }

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        room = self.size.width
        if room <= 0:
            return
        measure = Size(room, 1)
        keys: list[Widget] = []
        palette: list[Widget] = []
        next_kept: list[Widget] = []
        kept_next = self._next_kept()
        for child in self.children:
            if child.has_class(PALETTE_KEY):
                palette.append(child)
            elif getattr(child, "action", None) in KEPT_ACTIONS:
                room -= _cells(child, measure)
                child.display = True
            elif (getattr(child, "key", None), getattr(child, "action", None)) in kept_next:
                next_kept.append(child)
            else:
                keys.append(child)
        for key in [*next_kept, *palette]:
            # Help and Quit before these: under 30 columns the palette key cut Quit ("^q Q")
            key.display = _cells(key, measure) <= room
            if key.display:
                room -= _cells(key, measure)
        used = 0
        fits = True
        for key in keys:
            used += _cells(key, measure)
            fits = fits and used <= room
            key.display = fits
