"""The results list: one line per paper, drawn only where it is seen.

A line-API widget (a ``ScrollView`` whose ``render_line`` draws one screen row): showing
100,000 hits costs what showing 100 does, since only the rows in view are ever turned into
text, and every hit is in the list at once (no paging). Moving the cursor repaints the two
rows that changed; a triage mark repaints the rows whose marker changed. A drawn row is
kept until what it shows changes, and is built from as few differently styled runs as the
text allows (blank cells take the row's style), because each run costs the terminal a
colour escape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, overload

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tuireader.model import Library, Paper
from tuireader.render.textrender import visible
from tuireader.ui.text import Palette, list_labels, result_line, shown_title

if TYPE_CHECKING:
    from tuireader.search.highlight import Marker

#: blank cells on each side of a row's text (inside the border).
GUTTER = 1
#: widest the list-name column gets (with several lists read)...
LIST_COLUMN = 20
#: ...the share of the list's width it takes (titles need the room)...
LIST_SHARE = 0.15
#: ...and as much as it may widen to, beyond that share, for names it then shows whole:
#: a venue's short name and year ("NeurIPS 2023", "CoLLAs 2022"), beside the viewer at
#: 120 columns too, where the share is 8 cells...
LIST_SHORT_NAME = 12
#: ...as long as the title keeps this share of the width at least...
TITLE_SHARE = 0.75
#: ...and this many cells: at 50 columns the names' 12 cells left titles 28 ("ICML 2024"
#: whole beside "Revisiting Character-level…"); 80 columns and the list beside the
#: viewer at 120 have the room for both.
TITLE_ROOM = 36
#: the narrowest list-name column...
LIST_NARROWEST = 4
#: ...and the fewest cells a title keeps beside it: on a screen narrower than that leaves
#: (30 columns), the column goes, and the titles have the row.
TITLE_NARROWEST = 16
#: the cells of a row that are neither its list's name nor its title: the marker, the
#: code mark and the derived-title mark, with the blanks between them and the name.
ROW_MARKS = 6
#: lines kept drawn by what they show (a few screens of rows, with and without the cursor);
#: more, and they are forgotten all at once.
LINES_KEPT = 2048


Spans = tuple[tuple[int, int], ...]


class Matched(Protocol):
    """What finds the parts of a paper's title that matched (a search's hit)."""

    @property
    def title_spans(self) -> Spans: ...

    @property
    def marker(self) -> Marker | None: ...


@dataclass(frozen=True)
class Row:
    """One paper to show, with the parts of its title that matched the query."""

    paper: Paper
    #: the parts of the title that matched, or what finds them when the row is first
    #: drawn (a search's hit: most of 100,000 hits never are)
    matched: Spans | Matched = ()

    @property
    def title_spans(self) -> Spans:
        matched = self.matched
        return matched if isinstance(matched, tuple) else tuple(matched.title_spans)

    @property
    def rendered_spans(self) -> Spans:
        """Where the query's words stand in the title as the list shows it rendered
        (LaTeX, emphasis, ``--``: "α-MDF: An Attention-based …"). The hit's title spans
        point into the title as written, which is not what is shown, so the words are
        found again in the shown title. () for a title shown as written."""
        matched = self.matched
        if isinstance(matched, tuple) or matched.marker is None:
            return ()
        shown = shown_title(self.paper)
        if shown == " ".join(self.paper.title.split()):
            return ()
        from tuireader.search.highlight import spans_in

        return spans_in(shown, matched.marker)


class PaperRows(Sequence[Row]):
    """Every paper of ``library`` in list order, each row made when it is asked for.

    A library read lazily from the cache (``Library.complete`` False) is shown before
    its papers are in memory: the screen draws the rows in view, and reads those papers
    alone. The ids are known at once; ``ids`` and ``index_of`` never read a paper.
    """

    def __init__(self, library: Library) -> None:
        self.library = library
        self._ids: Sequence[str] | None = None
        #: True once a row stood in for a paper the cache could not give
        self.stood_in = False

    @property
    def ids(self) -> Sequence[str]:
        if self._ids is None:
            self._ids = self.library.paper_ids()
        return self._ids

    def forget_ids(self) -> None:
        """Ask the library for the ids again (read whole, it has its own strings)."""
        self._ids = None

    def index_of(self, paper_id: object) -> int | None:
        # a scan (a few milliseconds at 100,000 papers), not a map the size of the list
        try:
            return self.ids.index(paper_id)  # type: ignore[arg-type]
        except ValueError:
            return None

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> Row: ...
    @overload
    def __getitem__(self, index: slice) -> list[Row]: ...
    def __getitem__(self, index: int | slice) -> Row | list[Row]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(len(self)))]
        paper_id = self.ids[index]
        # The screen never waits here: a record the cache cannot give stands in until
        # the worker's whole read (which reads the lists again) has the paper.
        paper = self.library.peek(paper_id)
        if paper is None:
            self.stood_in = True
            paper = Paper(id=paper_id, title="(being read again…)", abstract="")
        return Row(paper)

    def __iter__(self) -> Iterator[Row]:
        if self.library.complete:
            return (Row(paper) for paper in self.library.papers)
        # one by one: a loop that stops after a few rows reads only those
        return (self[at] for at in range(len(self)))


def ids_of(rows: Sequence[Row]) -> Sequence[str]:
    """The ids of the papers in ``rows``, in order (none of them read, for PaperRows)."""
    if isinstance(rows, PaperRows):
        return rows.ids
    return [row.paper.id for row in rows]


def _plain(style: Style | None) -> bool:
    """True if blank cells in ``style`` look like blank cells in the row's own style."""
    return style is None or not (
        style.bgcolor is not None
        or style.underline
        or style.strike
        or style.reverse
        or style.overline
        or style.underline2
        or style.link
    )


def _blank_look(style: Style) -> tuple[object, ...]:
    """What a blank cell in ``style`` looks like: bold, italic or dim do not show on it,
    the background, a line through or under it, reverse video or a link do."""
    lined = style.underline or style.strike or style.overline or style.underline2
    return (
        style.bgcolor,
        bool(style.reverse),
        style.color if (style.reverse or lined) else None,
        bool(style.underline),
        bool(style.strike),
        bool(style.overline),
        bool(style.underline2),
        style.link,
    )


def merge_runs(segments: Iterable[Segment], base: Style) -> list[Segment]:
    """``segments`` over ``base`` in as few styled runs as look the same.

    Blank runs take the style of a neighbouring run when a blank cell looks the same in
    it (a bold run and the spaces after it are one run, not two), else the base style;
    neighbours of equal style are joined.
    """
    out: list[Segment] = []
    #: whether the last run in ``out`` is blank (it may still join the next run).
    blank_last = False
    for text, style, _control in segments:
        if not text:
            continue
        blank = text.isspace()
        if blank and _plain(style):
            style = base
        else:
            style = base + style if style is not None else base
        if out:
            last_text, last_style = out[-1].text, out[-1].style or base
            if last_style == style:
                out[-1] = Segment(last_text + text, style)
                blank_last = blank_last and blank
                continue
            if (blank or blank_last) and _blank_look(last_style) == _blank_look(style):
                # a blank run joins its neighbour: in the neighbour's style
                joined = last_style if blank else style
                out[-1] = Segment(last_text + text, joined)
                blank_last = blank_last and blank
                continue
        out.append(Segment(text, style))
        blank_last = blank
    return out


def list_column(names: Sequence[str], width: int) -> tuple[int, dict[str, str]]:
    """The list-name column of a list ``width`` cells wide (inside its border), for the
    lists ``names``: how wide it is, and each list's name in it (see
    :func:`~tuireader.ui.text.list_labels`).

    It takes LIST_SHARE of the width, or less where the names are all shorter; names it
    shows whole may widen it to LIST_SHORT_NAME (where LIST_SHARE cut the short names
    the README promises, "ICML 20…", "L4DC 20…", "CoLLAs …", beside the viewer at 120
    columns), the title keeping TITLE_SHARE of the width and TITLE_ROOM cells (on a
    narrow screen a venue then goes by its acronym, "ICML"). Where even the narrowest column
    would leave the title fewer than TITLE_NARROWEST cells, there is none (0).
    """
    if width - 2 * GUTTER - ROW_MARKS - LIST_NARROWEST < TITLE_NARROWEST:
        return 0, {}  # a 16-column screen showed "Neu…  …": the list's name, no title
    share = min(LIST_COLUMN, int(width * LIST_SHARE))
    wider = min(
        LIST_SHORT_NAME, int(width * (1 - TITLE_SHARE)), width - 2 * GUTTER - ROW_MARKS - TITLE_ROOM
    )
    room = max(LIST_NARROWEST, share, wider)
    labels = list_labels(names, room)
    widths = [cell_len(visible(label)) for label in labels.values()]
    column = max((shown for shown in widths if shown <= room), default=0)
    if any(shown > room for shown in widths):
        column = max(column, share)  # a name cut anyway gets the share, no more
    column = max(LIST_NARROWEST, column)
    return column, labels if column == room else list_labels(names, column)


class ResultsList(ScrollView, can_focus=True):
    """The papers matching the current query, in rank (or list) order."""

    #: A new row count is a new scroll range, not a new size: laying the whole screen
    #: out again for it would cost every keystroke a full repaint (the list's size is
    #: set by the screen, never by its rows).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "cursor_down", "Next paper", show=False, id="list.next"),
        Binding("up,k", "cursor_up", "Previous paper", show=False, id="list.previous"),
        Binding("home,g", "first", "First paper", show=False, id="list.first"),
        Binding("end,G", "last", "Last paper", show=False, id="list.last"),
        Binding("pageup", "page_up", "Page up", show=False, id="list.page_up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="list.page_down"),
        Binding("enter", "screen.open_viewer", "Open", id="list.open"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "results--cursor",
        "results--match",
        "results--derived",
        "results--code",
        "results--lists",
        "results--marker",
    }

    DEFAULT_CSS = """
    ResultsList {
        height: 1fr;
        color: $foreground;
        background: $surface;
        overflow-x: hidden;
        overflow-y: auto;
        border: tall $border-blurred;
        & > .results--cursor {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .results--cursor {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """

    #: the row under the cursor (None when the list is empty).
    highlighted: reactive[int | None] = reactive(None, init=False, repaint=False)

    @dataclass
    class PaperHighlighted(Message):
        """The highlight moved to ``paper`` (None when the list is empty)."""

        results: ResultsList
        paper: Paper | None

        @property
        def control(self) -> ResultsList:
            return self.results

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, ResultsList.PaperHighlighted)

    @dataclass
    class PaperChosen(Message):
        """Enter was pressed on ``paper``: open it in the viewer."""

        results: ResultsList
        paper: Paper

        @property
        def control(self) -> ResultsList:
            return self.results

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: Sequence[Row] = ()
        #: the lists named in the list-name column (none: no column).
        self._list_names: tuple[str, ...] = ()
        #: the list-name column at each width the rows were drawn at (see list_column).
        self._columns: dict[int, tuple[int, Mapping[str, str]]] = {}
        #: the rows the list will have (its scroll range): the rest of the hits included.
        self._total = 0
        #: drawn rows: index -> ((marker, cursor, width), strip); only rows seen get here.
        self._drawn: dict[int, tuple[tuple[str, bool, int], Strip]] = {}
        #: drawn lines by what they show, whatever their row: the next key's search often
        #: lists the same papers, many with the same highlights (see ``LINES_KEPT``).
        self._lines: dict[tuple[object, ...], Strip] = {}
        self._palette: Palette | None = None
        self._styles: tuple[Style, Style] | None = None
        #: the row whose cursor is drawn (to repaint when it moves).
        self._cursor_drawn: int | None = None
        #: returns the triage marker (one character, or "") for a paper.
        self.marker_for: Callable[[Paper], str] = lambda _paper: ""
        #: called at once with the paper the highlight moved to (None: the list is
        #: empty), instead of posting PaperHighlighted: what it draws (the viewer's
        #: paper) is in the same frame as the list. The message reaches the screen only
        #: after Textual may have drawn the list alone, and then the next frame comes one
        #: to two frame periods later (16-33 ms). Without a follower, the message is posted.
        self.follow: Callable[[Paper | None], None] | None = None
        #: the highlight moved while the list was hidden (behind the full-screen viewer):
        #: scrolled into view as the list shows again, to the top (True) or not (False)
        self._scroll_owed: bool | None = None

    # -- what is shown ----------------------------------------------------------------

    @property
    def rows(self) -> Sequence[Row]:
        return self._rows

    @property
    def current_paper(self) -> Paper | None:
        index = self.highlighted
        if index is None or not 0 <= index < len(self._rows):
            return None
        return self._rows[index].paper

    def palette(self) -> Palette:
        style = self.get_component_rich_style
        return Palette(
            match=style("results--match", partial=True),
            derived=style("results--derived", partial=True),
            code=style("results--code", partial=True),
            lists=style("results--lists", partial=True),
            marker=style("results--marker", partial=True),
        )

    def show_rows(
        self,
        rows: Sequence[Row],
        *,
        total: int | None = None,
        list_names: Sequence[str] = (),
        keep: str | None = None,
    ) -> None:
        """Replace the list with ``rows``; keep the highlight on paper ``keep`` if present.

        ``total`` is how many rows the list will have once the rest of the hits arrive
        (its scroll range, so that their arrival changes nothing on screen). Rows that
        begin with the rows shown (the rest of a query's hits) repaint nothing.

        ``list_names`` asks for the list-name column, of these lists (none: no column):
        the list makes it as wide as its own width and their names call for when it
        draws its rows (see :func:`list_column`).
        """
        old = self._rows
        names = tuple(list_names)
        same_names = names == self._list_names
        if not same_names:
            self._lines.clear()  # drawn with the lists' names as they were
            self._columns.clear()
            self._list_names = names
        extends = (
            same_names
            and len(old) <= len(rows)
            and (old is rows or all(a is b or a == b for a, b in zip(old, rows)))
        )
        self._rows = rows
        self._total = max(len(rows), total or 0)
        target = 0
        if keep is not None:
            found = self.index_of(keep)
            target = found if found is not None else 0
        self._update_virtual_size()
        if extends and old and self.highlighted == target:
            # The same rows and more: what is drawn stays, the highlight too (told again:
            # the query, and so what the viewer highlights in the paper, may be new).
            self._highlight_moved(self._rows[target].paper)
            return
        self.redraw()
        self.highlighted = None  # so that the highlight below is news even on the same row
        if rows:
            self.highlighted = target
        else:
            self.highlighted = None
            self._highlight_moved(None)

    def select(self, index: int, *, scroll: bool = True) -> None:
        """Highlight row ``index``; bring it into view unless ``scroll`` is False."""
        self._move(index, scroll=scroll)

    def index_of(self, paper_id: object) -> int | None:
        """The row of paper ``paper_id``, if the list has it."""
        if isinstance(self._rows, PaperRows):
            return self._rows.index_of(paper_id)
        for index, row in enumerate(self._rows):
            if row.paper.id == paper_id:
                return index
        return None

    def redraw(self) -> None:
        """Draw every row in view again (what they show changed underneath)."""
        self._drawn.clear()
        self.refresh()

    def refresh_markers(self) -> None:
        """Redraw the rows in view whose triage marker changed.

        A row in view that the list has no drawing of (forgotten as the list was resized,
        when it showed again after the full-screen viewer) is redrawn too: what the
        terminal shows of it is not known, and may be the marker before."""
        top, height = self._top(), self.scrollable_content_region.height
        for index in range(top, min(len(self._rows), top + height)):
            drawn = self._drawn.get(index)
            if drawn is None or drawn[0][0] != self.marker_for(self._rows[index].paper):
                self._refresh_row(index)

    # -- the cursor -------------------------------------------------------------------

    def validate_highlighted(self, highlighted: int | None) -> int | None:
        if highlighted is None or not self._rows:
            return None
        return max(0, min(highlighted, len(self._rows) - 1))

    def watch_highlighted(self, highlighted: int | None) -> None:
        previous = self._cursor_drawn
        self._cursor_drawn = highlighted
        if previous is not None and previous != highlighted:
            self._refresh_row(previous)
        if highlighted is None:
            return
        self._refresh_row(highlighted)
        if self._scroll_on_move:
            self.scroll_to_highlight()
        self._highlight_moved(self._rows[highlighted].paper)

    def _highlight_moved(self, paper: Paper | None) -> None:
        if self.follow is not None:
            self.follow(paper)
        else:
            self.post_message(self.PaperHighlighted(self, paper))

    _scroll_on_move = True

    def _move(self, index: int | None, *, scroll: bool = True) -> None:
        if index is not None and self.validate_highlighted(index) == self.highlighted:
            if scroll:
                self.scroll_to_highlight()
            return
        self._scroll_on_move = scroll
        try:
            self.highlighted = index
        finally:
            self._scroll_on_move = True

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Scroll so that the highlighted row is in view."""
        index = self.highlighted
        if index is None or not self.is_mounted:
            return
        if not self.display:
            # Hidden, the list has no rows to show it in: scrolled now, the highlighted
            # row would be put at the top, and the rows just decided above it out of view
            # once the list shows again. It is scrolled then, as far as it takes.
            self._scroll_owed = top or bool(self._scroll_owed)
            return
        self._scroll_owed = None
        self.scroll_to_region(
            Region(0, index, self.scrollable_content_region.width, 1),
            force=True,
            animate=False,
            top=top,
            immediate=True,
        )

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height)

    def last_row_shown(self) -> int | None:
        """The index of the lowest row on screen; None when the list is not shown (the
        viewer has the screen) or has no rows."""
        if not self._rows or not self.is_mounted or not self.display or not self.region.height:
            return None
        return min(len(self._rows), self._top() + self._page()) - 1

    def action_cursor_down(self) -> None:
        if self._rows:
            self._move(0 if self.highlighted is None else self.highlighted + 1)

    def action_cursor_up(self) -> None:
        if self._rows:
            self._move(0 if self.highlighted is None else self.highlighted - 1)

    def action_first(self) -> None:
        if self._rows:
            self._move(0)

    def action_last(self) -> None:
        if self._rows:
            self._move(len(self._rows) - 1)

    def action_page_down(self) -> None:
        if self._rows:
            self._move((self.highlighted or 0) + self._page())

    def action_page_up(self) -> None:
        if self._rows:
            self._move((self.highlighted or 0) - self._page())

    def action_select(self) -> None:
        paper = self.current_paper
        if paper is not None:
            self.post_message(self.PaperChosen(self, paper))

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + self._top()
        if 0 <= index < len(self._rows):
            event.stop()
            self._move(index)
            self.action_select()

    # -- drawing ----------------------------------------------------------------------

    def _top(self) -> int:
        return round(self.scroll_offset.y)

    def _update_virtual_size(self) -> None:
        size = Size(self.scrollable_content_region.width, max(self._total, len(self._rows)))
        if size == self.virtual_size:
            return
        self.virtual_size = size
        if not self.is_mounted:
            return
        # The scroll bar learns its new range here, and repaints with the new rows; only
        # a bar that comes or goes (the rows' width changes) lays the screen out again.
        bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        self._scroll_update(size)
        if (self.show_vertical_scrollbar, self.show_horizontal_scrollbar) != bars:
            self.refresh(layout=True)

    def _refresh_row(self, index: int) -> None:
        self._drawn.pop(index, None)
        if self.is_mounted:
            self.refresh_line(index)

    def notify_style_update(self) -> None:
        # Focus, theme or CSS changed: every row's colours may have.
        self._drawn.clear()
        self._lines.clear()
        self._palette = None
        self._styles = None
        super().notify_style_update()
        self.refresh()

    def _row_styles(self) -> tuple[Style, Style]:
        """The rows' own style and the cursor row's: worked out once per style change
        (``rich_style`` walks every ancestor's styles, and a keystroke draws every row)."""
        if self._styles is None:
            base = self.rich_style
            self._styles = (base, self.get_component_rich_style("results--cursor"))
        return self._styles

    def _on_show(self, event: events.Show) -> None:
        super()._on_show(event)
        if self._scroll_owed is not None:
            self.scroll_to_highlight(self._scroll_owed)

    def _on_resize(self, _event: events.Resize) -> None:
        self._drawn.clear()
        self._update_virtual_size()
        # fewer rows fit (the terminal shrank): the highlighted paper, which Enter and
        # the triage keys act on, is kept in view
        self.scroll_to_highlight()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = self._top() + y
        if not 0 <= index < len(self._rows):
            return Strip.blank(width, self._row_styles()[0])
        row = self._rows[index]
        marker = self.marker_for(row.paper)
        key = (marker, index == self.highlighted, width)
        drawn = self._drawn.get(index)
        if drawn is not None and drawn[0] == key:
            return drawn[1]
        paper = row.paper
        column = self.list_column()
        shows = (
            paper.id,
            paper.title,
            paper.title_derived,
            paper.has_code,
            paper.lists,
            row.title_spans,
            row.rendered_spans,
            column[0],
            *key,
        )
        strip = self._lines.get(shows)
        if strip is None:
            strip = self._draw(row, marker, key[1], width, column)
            if len(self._lines) >= LINES_KEPT:
                self._lines.clear()
            self._lines[shows] = strip
        self._drawn[index] = (key, strip)
        return strip

    def list_column(self) -> tuple[int, Mapping[str, str]]:
        """The list-name column as the list's width calls for it (the same with its
        scroll bar or without): how wide it is (0: no column), and each list's name in
        it."""
        width = self.content_size.width
        if not self._list_names:
            return 0, {}
        column = self._columns.get(width)
        if column is None:
            column = self._columns[width] = list_column(self._list_names, width)
        return column

    def _draw(
        self,
        row: Row,
        marker: str,
        cursor: bool,
        width: int,
        column: tuple[int, Mapping[str, str]],
    ) -> Strip:
        """One row: a blank gutter each side and the line itself, the cursor's or plain;
        ``column``: the list-name column's width and names."""
        if self._palette is None:
            self._palette = self.palette()
        base, cursor_style = self._row_styles()
        line_style = cursor_style if cursor else base
        inner = max(0, width - 2 * GUTTER)
        text = result_line(
            row.paper,
            self._palette,
            title_spans=row.title_spans,
            rendered_spans=row.rendered_spans,
            marker=marker,
            list_width=column[0],
            labels=column[1],
        )
        text.truncate(inner, overflow="ellipsis", pad=True)
        gutter = [Segment(" " * GUTTER, base)] if inner else []
        runs = text.render(self.app.console)
        if cursor:  # the line over the cursor's style first, then beside the gutters
            runs = merge_runs(runs, line_style)
        return Strip(merge_runs([*gutter, *runs, *gutter], base), width).crop(0, width)
