"""Notices that keep a file's path whole: every notice's text is broken into rows by
:func:`~tuireader.ui.text.notice_breaks` at the width it is shown at, on any screen.

Textual breaks a notice's rows between words only, and cuts a word longer than a row
after as many characters as the row holds: a path named in a notice ("kept in
/tmp/x/home-11/triage-before-damage-20261206-180857.sqlite3") came out as
"…/triage-before-dama" then "ge-20261206-….sqlite3". Here a path that fits a row is put
whole on the next one, and one longer than a row is broken after a ``/``. Each notice is
drawn by Textual's own ``Toast``, whose text this wraps (:func:`install`); the rows are
made again whenever the notice's width changes (a resized terminal, wider notices).

A notice taller than the rows its screen leaves it (40×12: the rows above the status
line and the footer) shows its title and its start, its last row shown ending with "…":
Textual showed its last rows, its title and what it was about cut off above the screen.
Every notice shown is kept whole in the run's :class:`NoticeLog`, which the notices
screen lists.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.content import Content
from textual.css.styles import RulesMap
from textual.dom import NoScreen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets._toast import Toast, ToastHolder

from tuireader.ui.text import middle_kept, notice_breaks

__all__ = ["NoticeLog", "Said", "WholePaths", "install"]


class WholePaths(Visual):
    """A notice's ``content``, broken into rows by :func:`notice_breaks` at the width it
    is drawn at, then drawn as Textual draws text (its rows then fit: none is broken
    again)."""

    def __init__(
        self, content: Content, most_rows: int | None = None, titled: bool = False
    ) -> None:
        """``most_rows``: the most rows the notice may take, if any; ``titled``: the
        first line of ``content`` is the notice's title."""
        self.content = content
        self.most_rows = most_rows
        self.titled = titled
        self._rows: tuple[int, Content] | None = None

    def rows(self, width: int) -> Content:
        """The content with a line break where each row of ``width`` cells ends. Where
        that is more than :attr:`most_rows` rows, its title takes one row (cut at its
        end with "…": "Not saved: “Revisiting…") and its text the rows left, the last
        ending with "…"."""
        if self._rows is not None and self._rows[0] == width:
            return self._rows[1]
        lines: list[Content] = []
        title_rows, title = 0, Content("")
        for number, line in enumerate(self.content.split("\n", allow_blank=True)):
            pieces = line.divide(notice_breaks(line.plain, width))
            # the blanks a row ends with go with its break, as Textual leaves them out
            pieces = [piece.rstrip() for piece in pieces[:-1]] + pieces[-1:]
            # a file's name longer than a row, whole on its own: cut in its middle (the
            # notices log, W, shows it whole)
            lines += [_cut_middle(piece, width) for piece in pieces]
            if number == 0 and self.titled:
                title_rows, title = len(pieces), line
        most = self.most_rows
        if most is not None and len(lines) > most >= 1:
            if title_rows > 1 and most > 1:
                lines = [_cut(title, width), *lines[title_rows:]]
            if len(lines) > most:
                lines = [*lines[: most - 1], _cut(lines[most - 1], width, always=True)]
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


def _cut_middle(row: Content, width: int) -> Content:
    """``row`` cut in its middle with "…" where it is wider than ``width`` cells."""
    kept = middle_kept(row.plain.rstrip(), width)
    if kept is None:
        return row
    start, _middle, end = row.divide(list(kept))
    return start + "…" + end.rstrip()


def _cut(row: Content, width: int, always: bool = False) -> Content:
    """``row`` cut at its end with "…" to fit ``width`` cells (where it is wider, or
    ``always``: more follows it)."""
    row = row.rstrip()
    if row.cell_length <= width and not always:
        return row
    if row.cell_length + 1 > width:
        row = row.truncate(max(0, width - 1)).rstrip()
    return row + "…"


#: Textual's own way to make a notice's text (its title, then its message)
_textual_render: Callable[[Toast], Any] | None = None


def _render(toast: Toast) -> Visual:
    assert _textual_render is not None
    made = _textual_render(toast)
    if not isinstance(made, Content):
        return made
    return WholePaths(made, most_rows(toast), titled=bool(toast._notification.title))


def most_rows(toast: Toast) -> int | None:
    """The most rows of text ``toast`` may take: the rows of its screen its notices'
    rack may have (its margins, above the status line and the footer, left out, and no
    more than its greatest height), less the notice's own padding, border and margins;
    None while it is on no screen."""
    try:
        screen = toast.screen
    except NoScreen:
        return None
    rack = toast.parent.parent if isinstance(toast.parent, ToastHolder) else toast.parent
    size = screen.size
    if rack is None or not size.height:
        return None
    room = size.height - rack.styles.margin.top - rack.styles.margin.bottom
    greatest = rack.styles.max_height
    if greatest is not None and not greatest.is_auto:
        room = min(room, int(greatest.resolve(size, toast.app.size)))
    spacing = toast.styles.gutter.height + toast.styles.margin.top + toast.styles.margin.bottom
    return max(1, room - spacing)


def install() -> None:
    """Have every notice (``Toast``) drawn with its paths whole: once, for the process."""
    global _textual_render
    if _textual_render is None:
        _textual_render = Toast.render
        Toast.render = _render  # type: ignore[method-assign,assignment]


@dataclass(frozen=True)
class Said:
    """A notice as it was shown: when, its severity, its title and its text (as text:
    a notice given as markup is kept as the words it showed)."""

    at: float
    severity: str
    title: str
    text: str

    @classmethod
    def of(cls, message: str, title: str, severity: str, markup: bool) -> Said:
        text = message
        if markup:
            try:
                text = Content.from_markup(message).plain
            except Exception:  # noqa: BLE001 - shown as given when it is no markup
                text = message
        return cls(time.time(), str(severity), title, text)


#: the most notices a run keeps for its log (the oldest go first)
MOST_KEPT = 1000


class NoticeLog:
    """The notices of this run, as they were shown, for the notices screen: a notice
    taller than the rows a small screen leaves it, or gone before it was read, is
    whole there. Notices may come from workers' threads."""

    def __init__(self, most: int = MOST_KEPT) -> None:
        self._said: deque[Said] = deque(maxlen=most)
        self._lock = threading.Lock()

    def add(self, said: Said) -> None:
        with self._lock:
            self._said.append(said)

    def newest_first(self) -> list[Said]:
        with self._lock:
            return list(reversed(self._said))

    def __len__(self) -> int:
        return len(self._said)
