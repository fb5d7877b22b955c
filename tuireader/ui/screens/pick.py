"""A small menu to pick one of a few choices (a paper's links, a citation format).

Choices are numbered 1–9, then 0, then lettered a, b, c… (a menu's own letters, h j k
l g G, left out: they move); pressing a choice's key picks it at once, Enter picks the
highlighted one and Escape cancels. j k (or ↓ ↑) move the highlight, g G (or Home End) to the first
and last choice, as in the list; in two columns h l (or ← →) to the choice beside it in
the other column. The screen returns the index of the choice, or None.

The menu is as wide as its longest choice, up to the screen's width but for a margin of
:data:`MARGIN` columns each side, and each choice takes one row: one longer than the row
has its last word (a link) cut in its middle with "…" (what it picks is the same); links
that cut would show alike keep what tells them apart ("arxiv.org/abs/…0003" and
"arxiv.org/pdf/…0003", where both were "https://ar…0704.0003"). A menu of more than
:data:`COLUMN_ROWS` choices that fit whole side by side is laid out in two columns (the
twelve citation formats at 80×24); on a screen too narrow for that, in one, which scrolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key, Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tuireader.render.textrender import visible
from tuireader.ui.keys import keys_for_dialog
from tuireader.ui.text import middle_cut, telling_cut
from tuireader.ui.widgets.footer import ReaderFooter

#: the keys that pick a choice at once, in the order of the choices: 1–9, 0, then the
#: letters the menu does not move with (h j k l g G); choices beyond these have no key
#: (they can still be picked with Enter)
CHOICE_KEYS = "1234567890abcdefimnopqrstuvwxyz"
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
#: a menu of more choices than this is laid out in two columns where they fit whole side
#: by side (the twelve citation formats at 80×24: in one column, with the paper's name
#: and a notice or two, five of them showed), filled down the first column first
COLUMN_ROWS = 6
#: the blank cells between two columns
COLUMN_GAP = 1
#: the columns the frame round the choices takes, with its padding
LIST_FRAME = 4


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


class ColumnList(OptionList):
    """An option list in ``columns`` columns, each choice on one row, the choices filled
    down the first column, then the next: one row holds a choice of each column. It is
    an option list in every other way (the highlight, its moves, Enter, the mouse);
    in one column, just that."""

    def __init__(self, *options: Option, columns: int = 1, **kwargs: object) -> None:
        super().__init__(*options, **kwargs)  # type: ignore[arg-type]
        self.columns = columns

    def set_columns(self, columns: int) -> None:
        if columns != self.columns:
            self.columns = columns
            self._clear_caches()
            self.refresh(layout=True)
            self.call_after_refresh(self.scroll_to_highlight)

    @property
    def rows(self) -> int:
        """The rows the choices take."""
        return max(1, -(-self.option_count // self.columns))

    def move_column(self, step: int) -> None:
        """The highlight to the choice beside it in the column ``step`` columns over (-1:
        the one to its left), on its row; where that column is shorter, to its last
        choice. In one column, or with no column there, it stays."""
        if self.columns == 1 or self.highlighted is None:
            return
        rows = self.rows
        column = self.highlighted // rows + step
        if not 0 <= column < self.columns or column * rows >= self.option_count:
            return
        self.highlighted = min(column * rows + self.highlighted % rows, self.option_count - 1)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        width = super().get_content_width(container, viewport)
        return width * self.columns + COLUMN_GAP * (self.columns - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.columns == 1:
            return super().get_content_height(container, viewport, width)
        return self.rows if self.option_count else 0

    def _update_lines(self) -> None:
        if self.columns == 1:
            super()._update_lines()
            return
        if not self.scrollable_content_region:
            return
        rows, cache = self.rows, self._line_cache
        if len(cache.index_to_line) != self.option_count or len(cache.lines) != rows:
            cache.clear()
            # a row is the first column's choice's (moving a page goes by these)
            cache.lines.extend((row, 0) for row in range(min(rows, self.option_count)))
            for index in range(self.option_count):
                cache.index_to_line[index] = index % rows
                cache.heights[index] = 1
        size = Size(self.scrollable_content_region.width, len(cache.lines))
        if size != self.virtual_size:
            self.virtual_size = size
            self._scroll_update(size)

    def render_line(self, y: int) -> Strip:
        if self.columns == 1:
            return super().render_line(y)
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        base = self.get_visual_style("option-list--option")
        cell = max(1, (width - COLUMN_GAP * (self.columns - 1)) // self.columns)
        strips: list[Strip] = []
        for column in range(self.columns):
            index = column * self.rows + row
            room = cell if column < self.columns - 1 else width - column * (cell + COLUMN_GAP)
            if column:
                strips.append(Strip([Segment(" " * COLUMN_GAP, base.rich_style)], COLUMN_GAP))
            if row >= self.rows or index >= self.option_count:
                strips.append(Strip.blank(max(0, room), base.rich_style))
                continue
            strips.append(self._cell(index, max(1, room)))
        return Strip.join(strips).crop(0, width)

    def _cell(self, index: int, width: int) -> Strip:
        """The choice at ``index`` drawn on one row of ``width`` cells."""
        option = self.get_option_at_index(index)
        if option.disabled:
            style = self.get_visual_style("option-list--option", "option-list--option-disabled")
        elif self.highlighted == index:
            style = self.get_visual_style("option-list--option", "option-list--option-highlighted")
        elif self._mouse_hovering_over == index:
            style = self.get_visual_style("option-list--option", "option-list--option-hover")
        else:
            style = self.get_visual_style("option-list--option")
        return self._row_of(option, index, style, width)

    def _row_of(self, option: Option, index: int, style: Style, width: int) -> Strip:
        padding = self.get_component_styles("option-list--option").padding
        visual = self._get_visual(option)
        if padding:
            visual = Padding(visual, padding)
        strips = visual.to_strips(self, visual, width, None, style)
        strip = strips[0] if strips else Strip.blank(width, style.rich_style)
        strip = strip.extend_cell_length(width, style.rich_style).crop(0, width)
        return strip.apply_meta({"option": index})


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
    /* a menu in two columns is short: it takes the rows it needs, up to all of those
       above the notices (with two up at 80x24, 80% of them left the citation formats
       three rows of six) */
    PickScreen.-columns > #pick-dialog {
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
        # in two columns: the choice beside the highlighted one
        Binding("left,h", "move('left')", "Choice to the left", show=False, id="pick.left"),
        Binding("right,l", "move('right')", "Choice to the right", show=False, id="pick.right"),
    ]

    def __init__(self, title: str, choices: Sequence[str], about: str = "") -> None:
        """``about``: the title of the paper the choices are for, named under ``title``."""
        super().__init__()
        self.title_text = title
        self.choices = tuple(choices)
        name = " ".join(visible(about).split())
        self.about = f"“{name}”" if name else ""
        #: the narrowest the dialog is: as wide as the paper's name, up to ABOUT_ROOM
        self._room = max(MIN_WIDTH, min(cell_len(self.about), ABOUT_ROOM) + DIALOG_FRAME)

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-dialog") as dialog:
            # the title docked, the dialog is as wide as its choices: as wide as the paper's
            # name too, up to ABOUT_ROOM (the screen's width still bounds it)
            dialog.styles.min_width = self._room
            yield Static(Heading(visible(self.title_text), self.about), id="pick-title")
            shown = [visible(choice) for choice in self.choices]
            options = []
            for index, choice in enumerate(shown):
                number = f"{CHOICE_KEYS[index]} " if index < len(CHOICE_KEYS) else "  "
                others = shown[:index] + shown[index + 1 :]
                options.append(Option(OneRow(number + choice, others), id=str(index)))
            yield ColumnList(*options, id="pick-options")
        yield ReaderFooter()  # the dialog's own keys, over the list's

    def on_mount(self) -> None:
        self._lay_out(self.app.size)
        self.query_one(OptionList).focus()
        # the keys typed ahead of it go to it now, once it is shown (see keys_for_dialog)
        self.call_after_refresh(keys_for_dialog, self.app)

    def _two_columns_width(self) -> int:
        """The columns the dialog takes with its choices in two columns, whole: each
        after its key and a space, padded a cell each side (Textual's)."""
        widest = max((cell_len(visible(choice)) for choice in self.choices), default=0) + 2
        return 2 * (widest + 2) + COLUMN_GAP + LIST_FRAME + DIALOG_FRAME

    def _columns(self, size: Size) -> int:
        """Two columns for a menu of more than :data:`COLUMN_ROWS` choices, where they
        fit whole side by side on a screen of ``size``; else one."""
        if len(self.choices) <= COLUMN_ROWS:
            return 1
        return 2 if self._two_columns_width() <= size.width - 2 * MARGIN else 1

    def _lay_out(self, size: Size) -> None:
        """One column or two for a screen of ``size``; the dialog as wide as two take
        (Textual measures the dialog's width by its choices in one)."""
        columns = self._columns(size)
        self.set_class(columns > 1, "-columns")
        self.query_one(ColumnList).set_columns(columns)
        wide = self._two_columns_width() if columns > 1 else 0
        self.query_one("#pick-dialog").styles.min_width = max(self._room, wide)

    def on_resize(self, event: Resize) -> None:
        from tuireader.ui.screens.edit import mark_short

        self.query_one("#pick-dialog").styles.max_width = max(1, event.size.width - 2 * MARGIN)
        mark_short(self, event.size.height, event.size.width)
        heading = self.query_one("#pick-title", Static)
        rows = SHORT_ABOUT_ROWS if self.has_class("-short") else ABOUT_ROWS
        heading.update(Heading(visible(self.title_text), self.about, rows))
        self._lay_out(event.size)

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
        options = self.query_one(ColumnList)
        moves = {
            "cursor_down": options.action_cursor_down,
            "cursor_up": options.action_cursor_up,
            "first": options.action_first,
            "last": options.action_last,
            "left": lambda: options.move_column(-1),
            "right": lambda: options.move_column(1),
        }
        moves[where]()

    def action_cancel(self) -> None:
        self.dismiss(None)
