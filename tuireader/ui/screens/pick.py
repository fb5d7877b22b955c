"""A small menu to pick one of a few choices (a paper's links, a citation format).

Choices are numbered 1–9, then 0, then lettered a, b, c… (a menu's own letters, j k g
G, left out: they move); pressing a choice's key picks it at once, Enter picks the
highlighted one and Escape cancels. j k (or ↓ ↑) move the highlight, g G (or Home End) to the first
and last choice, as in the list. The screen returns the index of the choice, or None.

The menu is as wide as its longest choice, up to the screen's width but for a margin of
:data:`MARGIN` columns each side, and each choice takes one row: one longer than the row
has its last word (a link) cut in its middle with "…" (what it picks is the same); links
that cut would show alike keep what tells them apart ("arxiv.org/abs/…0003" and
"arxiv.org/pdf/…0003", where both were "https://ar…0704.0003").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key, Resize
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tuireader.render.textrender import visible
from tuireader.ui.text import middle_cut, telling_cut
from tuireader.ui.widgets.footer import ReaderFooter

#: the keys that pick a choice at once, in the order of the choices: 1–9, 0, then the
#: letters the menu does not move with (j k g G); choices beyond these have no key (they
#: can still be picked with Enter)
CHOICE_KEYS = "1234567890abcdefhilmnopqrstuvwxyz"
#: the columns left free each side of a menu as wide as the screen allows.
MARGIN = 2
#: the narrowest a menu is, and the columns its border and padding take
MIN_WIDTH, DIALOG_FRAME = 30, 4
#: the fewest cells a choice's last word is cut to, in its middle, after the words before
#: it; in a narrower row the choice is cut at its end.
LAST_WORD_ROOM = 12
#: the fewest cells a last word is cut to, to tell it from another's, where the choices
#: cut at their end would show alike
TOLD_APART_ROOM = 6


def one_row(text: str, width: int, others: Sequence[str] = ()) -> str:
    """``text`` in at most ``width`` cells: whole when it fits, else its last word (a
    link, say) cut in its middle with "…" after the words before it ("2 paper
    https://raw.githubusercontent.com/…/abad-rocamora24a.pdf"), and in a row too narrow
    for that, cut at its end. A last word that cut would show as the last word of one of
    the ``others`` (the menu's other choices) is cut to keep what tells them apart
    (:func:`~tuireader.ui.text.telling_cut`), in a row too narrow for its middle too
    (30×10: "1 paper   arxi…abs/…", where both links read "https://a…")."""
    if cell_len(text) <= width:
        return text
    head, space, last = text.rpartition(" ")
    room = width - cell_len(head + space)
    if room >= LAST_WORD_ROOM:
        shown = middle_cut(last, room)
        alike = [
            word
            for other in others
            if (word := other.rpartition(" ")[2]) != last and middle_cut(word, room) == shown
        ]
        return head + space + (telling_cut(last, alike, room) if alike else shown)
    cut = _end_cut(text, width)
    if room >= TOLD_APART_ROOM:  # rows cut alike at their end ("1 paper   https://a…")
        alike = [
            word
            for other in others
            if (word := other.rpartition(" ")[2]) != last
            and _end_cut(head + space + word, width) == cut
        ]
        if alike:
            return head + space + telling_cut(last, alike, room)
    return cut


def _end_cut(text: str, width: int) -> str:
    """``text`` cut at its end with "…" to fit ``width`` cells."""
    cut = Text(text, end="")
    cut.truncate(width, overflow="ellipsis")
    return cut.plain


class OneRow:
    """A choice as the menu shows it: on one row of the menu's width (see :func:`one_row`),
    cut as it is drawn, so a menu the screen narrows cuts it shorter, and told apart from
    the menu's ``others`` choices."""

    def __init__(self, text: str, others: Sequence[str] = ()) -> None:
        self.text = text
        self.others = tuple(others)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(one_row(self.text, options.max_width, self.others), no_wrap=True)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = cell_len(self.text)
        return Measurement(min(width, LAST_WORD_ROOM), width)


#: the most cells the name of the paper a menu is about widens the menu to; a longer
#: name is wrapped at the menu's width.
ABOUT_ROOM = 50
#: the most rows the name of the paper takes (on a short terminal, SHORT_ABOUT_ROWS):
#: a longer one is cut at the end of the last with "…"
ABOUT_ROWS, SHORT_ABOUT_ROWS = 3, 2


def about_rows(console: Console, about: str, width: int, rows: int) -> list[Text]:
    """``about`` wrapped at its words into rows of ``width`` cells, at most ``rows`` of
    them: the last cut with "…" where more is left."""
    lines = list(Text(about).wrap(console, max(1, width), overflow="fold"))
    if len(lines) <= rows:
        return lines
    kept = lines[: rows - 1]
    rest = Text(" ".join(line.plain.strip() for line in lines[rows - 1 :]), end="")
    rest.truncate(width, overflow="ellipsis")
    return [*kept, rest]


class Heading:
    """The menu's title, and under it the title of the paper the menu is about (it covers
    the paper's row), wrapped on up to ``rows`` rows of the menu's width, the last cut at
    its end with "…" when there is more."""

    def __init__(self, title: str, about: str = "", rows: int = ABOUT_ROWS) -> None:
        self.title = title
        self.about = about
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # (Textual counts the rows of a renderable by its newlines: the last one too)
        heading = Text(self.title, style="bold", end="\n")
        for line in about_rows(console, self.about, options.max_width, self.rows):
            line.end = ""
            heading.append("\n").append_text(line)
        yield heading

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = max(cell_len(self.title), min(cell_len(self.about), ABOUT_ROOM))
        return Measurement(min(width, LAST_WORD_ROOM), width)


class PickScreen(ModalScreen[int | None]):
    """Pick one of ``choices``; dismisses with its index, or None when cancelled."""

    DEFAULT_CSS = """
    PickScreen {
        align: center middle;
    }
    /* as wide as the longest choice, up to the screen's width less the margins (set
       as the screen is sized) */
    PickScreen > #pick-dialog {
        width: auto;
        height: auto;
        max-height: 80%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    PickScreen #pick-title {
        width: auto;
        min-width: 100%;
        max-width: 100%;
        dock: top;
        margin-bottom: 1;
    }
    /* a short terminal (40x12): no blank row under the title, no frame round the
       choices, the rows above the footer and notices all the menu's, so that the
       paper's name keeps its rows and the choices theirs */
    PickScreen.-short > #pick-dialog {
        max-height: 100%;
    }
    PickScreen.-short #pick-title {
        margin-bottom: 0;
    }
    PickScreen.-short OptionList {
        border: none;
    }
    /* the title docked, the list's 100% is the room left under it: a longer list
       scrolls (a list of auto height is never shrunk by its dialog, only cut off) */
    PickScreen OptionList {
        width: auto;
        min-width: 100%;
        max-width: 100%;
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

    def __init__(self, title: str, choices: Sequence[str], about: str = "") -> None:
        """``about``: the title of the paper the choices are for, named under ``title``."""
        super().__init__()
        self.title_text = title
        self.choices = tuple(choices)
        name = " ".join(visible(about).split())
        self.about = f"“{name}”" if name else ""

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-dialog") as dialog:
            # the title docked, the dialog is as wide as its choices: as wide as the paper's
            # name too, up to ABOUT_ROOM (the screen's width still bounds it)
            room = min(cell_len(self.about), ABOUT_ROOM) + DIALOG_FRAME
            dialog.styles.min_width = max(MIN_WIDTH, room)
            yield Static(Heading(visible(self.title_text), self.about), id="pick-title")
            shown = [visible(choice) for choice in self.choices]
            options = []
            for index, choice in enumerate(shown):
                number = f"{CHOICE_KEYS[index]} " if index < len(CHOICE_KEYS) else "  "
                others = shown[:index] + shown[index + 1 :]
                options.append(Option(OneRow(number + choice, others), id=str(index)))
            yield OptionList(*options, id="pick-options")
        yield ReaderFooter()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_resize(self, event: Resize) -> None:
        from tuireader.ui.screens.edit import mark_short

        self.query_one("#pick-dialog").styles.max_width = max(1, event.size.width - 2 * MARGIN)
        mark_short(self, event.size.height, event.size.width)
        heading = self.query_one("#pick-title", Static)
        rows = SHORT_ABOUT_ROWS if self.has_class("-short") else ABOUT_ROWS
        heading.update(Heading(visible(self.title_text), self.about, rows))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_key(self, event: Key) -> None:
        character = event.character or ""
        index = CHOICE_KEYS.find(character) if len(character) == 1 else -1
        if 0 <= index < len(self.choices):
            event.stop()
            event.prevent_default()
            self.dismiss(index)

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
