"""Notices that keep a file's path whole: every notice's text is broken into rows by
:func:`~tuireader.ui.text.notice_breaks` at the width it is shown at, on any screen.

Textual breaks a notice's rows between words only, and cuts a word longer than a row
after as many characters as the row holds: a path named in a notice ("kept in
/tmp/x/home-11/triage-before-damage-20261206-180857.sqlite3") came out as
"…/triage-before-dama" then "ge-20261206-….sqlite3". Here a path that fits a row is put
whole on the next one, and one longer than a row is broken after a ``/``. Each notice is
drawn by Textual's own ``Toast``, whose text this wraps (:func:`install`); the rows are
made again whenever the notice's width changes (a resized terminal, wider notices).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets._toast import Toast

from tuireader.ui.text import notice_breaks

__all__ = ["WholePaths", "install"]


class WholePaths(Visual):
    """A notice's ``content``, broken into rows by :func:`notice_breaks` at the width it
    is drawn at, then drawn as Textual draws text (its rows then fit: none is broken
    again)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._rows: tuple[int, Content] | None = None

    def rows(self, width: int) -> Content:
        """The content with a line break where each row of ``width`` cells ends."""
        if self._rows is not None and self._rows[0] == width:
            return self._rows[1]
        lines = []
        for line in self.content.split("\n", allow_blank=True):
            pieces = line.divide(notice_breaks(line.plain, width))
            # the blanks a row ends with go with its break, as Textual leaves them out
            lines += [piece.rstrip() for piece in pieces[:-1]] + pieces[-1:]
        broken = Content("\n").join(lines)
        self._rows = (width, broken)
        return broken

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        room = width - 2 * int(options.rules.get("line_pad", 0))
        return self.rows(room).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        room = width - 2 * int(rules.get("line_pad", 0))
        return self.rows(room).get_height(rules, width)


#: Textual's own way to make a notice's text (its title, then its message)
_textual_render: Callable[[Toast], Any] | None = None


def _render(toast: Toast) -> Visual:
    assert _textual_render is not None
    made = _textual_render(toast)
    return WholePaths(made) if isinstance(made, Content) else made


def install() -> None:
    """Have every notice (``Toast``) drawn with its paths whole: once, for the process."""
    global _textual_render
    if _textual_render is None:
        _textual_render = Toast.render
        Toast.render = _render  # type: ignore[method-assign,assignment]
