"""The footer: the keys in force, each shown whole or not at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tuireader.ui.bindings import with_keymap

#: the class Textual gives the command-palette key, kept at the footer's right end.
PALETTE_KEY = "-command-palette"
#: the actions of the keys a narrow footer keeps before any other: how to get help and
#: how to quit from where the focus is.
KEPT_ACTIONS = frozenset({"help", "app.quit"})
#: the app's keys, in force over every screen, that the footer names where the screen's
#: own keys leave them out (over a menu, an editor, a dialog, the command palette, the
#: footer said "esc Cancel" alone): by action, help and quit. They come after the
#: screen's own keys, where they fit (from 40 columns): at 30 the note editor's footer
#: is the one place that names Ctrl+S, since its line of keys is left out.
ANYWHERE_ACTIONS = ("help", "quit")
#: the class of those keys in the footer
ANYWHERE_KEY = "-anywhere"
#: the keys the footer names over the command palette, which has no footer of its own:
#: the list's keys showed through under it ("q Quit", while q typed into its filter).
#: Each key, as shown (None: as Textual shows it), and what it does there.
PALETTE_KEYS = (
    ("escape", None, "Close"),
    ("down", "↓↑", "Choose"),
    ("enter", None, "Run"),
)
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

    def compose(self) -> ComposeResult:
        """The keys in force where the focus is: the screen's, or the command palette's
        when it is open over the screen; then the app's help and quit keys, where those
        leave them out."""
        palette = self._palette()
        if palette is None:
            yield from super().compose()
        elif self._bindings_ready:
            for key, shown, description in PALETTE_KEYS:
                display = shown or self.app.get_key_display(Binding(key, ""))
                yield FooterKey(key, display, description, key).data_bind(compact=Footer.compact)
        if self._bindings_ready:
            yield from self._anywhere_keys(palette or self.screen)

    def _palette(self) -> Screen[Any] | None:
        """The command palette, when it is open over this footer's screen (None if not)."""
        if not self.is_attached:
            return None
        stack = self.app.screen_stack
        top = stack[-1] if stack else None
        if isinstance(top, CommandPalette) and len(stack) > 1 and stack[-2] is self.screen:
            return top
        return None

    def _anywhere_keys(self, screen: Screen[Any]) -> Iterator[FooterKey]:
        """The app's help and quit keys (priority bindings: in force over every screen),
        for a ``screen`` whose keys leave them out: Textual leaves the app's keys out of
        a dialog's."""
        in_force = screen.active_bindings
        actions = {active.binding.action.removeprefix("app.") for active in in_force.values()}
        app_bindings = [b for keys in self.app._bindings.key_to_bindings.values() for b in keys]
        for action in ANYWHERE_ACTIONS:
            if action in actions:
                continue
            for binding in with_keymap(app_bindings, getattr(self.app, "keymap", {})):
                if binding.action != action or not binding.priority or binding.key in in_force:
                    continue
                yield FooterKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    action,
                    classes=ANYWHERE_KEY,
                ).data_bind(compact=Footer.compact)
                break

    def on_mount(self) -> None:
        # the command palette opening over the screen, or closing: its keys, or the
        # screen's again (Textual calls the Footer's own on_mount too)
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        if self.is_attached:
            self.call_after_refresh(self.recompose)

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
        return (self.compact, self.show_command_palette, bindings, self._palette())

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
            elif getattr(child, "action", None) in KEPT_ACTIONS and not child.has_class(
                ANYWHERE_KEY
            ):
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
