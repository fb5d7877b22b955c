"""The main screen: search box, results list, abstract viewer, status line and footer.

The screen owns the state (query, results, selected paper, index state, triage) and hands
it down through reactives (``data_bind``); widgets post messages up. Every user command is
a message from :mod:`tuireader.ui.commands`, posted by a key binding, the command palette
or a menu, and handled here with ``@on``; slow work (loading the library, opening the
index and the triage file, searching, copying, exporting) runs in thread workers that post
messages (:mod:`tuireader.ui.messages`) back.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import os
import re
import shlex
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.events import DescendantFocus, Key, Paste, Resize
from textual.message import Message
from textual.reactive import reactive, var
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from tuireader.learn import LABELS, decisions_lacking
from tuireader.model import CUT_SHORT, Library, Paper, PaperList, Problem
from tuireader.render.citations import FORMAT_LABELS, FORMATS
from tuireader.render.textrender import display_title, visible
from tuireader.search import stopping
from tuireader.search.query import as_typed, without_controls
from tuireader.search.query import parse as parse_query
from tuireader.search.ranking import LISTED_WITHOUT_WORDS, ranks_text
from tuireader.system.clipboard import Clipboard
from tuireader.system.config import Config
from tuireader.system.paths import CONFIG_NAME
from tuireader.triage.filters import (
    ANY_STATE,
    Resolver,
    asks_triage,
    tag_being_typed,
    typed_tag_resolver,
    unknown_tags,
)
from tuireader.triage.store import (
    DEFAULT_STATE,
    STATE_WORDS,
    Move,
    StoredIdentity,
    StoreError,
    caseless,
    check_tag_length,
    follow_moves,
    normalize_note,
    normalize_tag,
    state_said,
    tag_shown,
)
from tuireader.triage.unsaved import record as record_unsaved
from tuireader.ui import commands as cmd
from tuireader.ui import messages as msg
from tuireader.ui.bindings import Place, declared_bindings, normalize_key, with_keymap
from tuireader.ui.copying import (
    CopyAllCommands,
    citation_request,
    copy_all_request,
    copy_notice,
    default_clipboard,
    id_request,
    link_request,
    no_browser_reason,
    no_links,
    open_in_browser,
    open_link_target,
)
from tuireader.ui.exporting import (
    CARRY_DETACHED,
    EXPORT_FORMATS,
    FORMAT_NAMES,
    SCOPES,
    WRITTEN_NOTICE_SECONDS,
    ExportCommands,
    ExportRefused,
    default_export_path,
    detached_count,
    detached_marks,
    exporting,
    papers_in_scope,
    still_exporting,
    write_error_said,
    write_export,
)
from tuireader.ui.keys import KeyOrderedApp
from tuireader.ui.notices import Said
from tuireader.ui.services import (
    Changes,
    EarlyRead,
    OnDisk,
    Services,
    Stamp,
    changes,
    look,
    moved_to,
    with_lists,
)
from tuireader.ui.text import (
    NOTICE_TITLE,
    decided_text,
    matched_authors,
    middle_cut,
    note_shown,
    notice_title,
    path_rows,
    shown_title,
)

if TYPE_CHECKING:
    from tuireader.ui.screens.edit import TagEditor
from tuireader.ui.triage import (
    MARK,
    MARKERS,
    POLL_SECONDS,
    SAVING,
    STATE_NAMES,
    UI_STATE_VERSION,
    Change,
    StoreOpened,
    TriageBook,
    TriageFailed,
    TriageReopened,
    TriageSaved,
    merge_tags,
    merged_drafts,
    not_saved_notices,
    open_triage,
    snapshot_resolver,
    tags_changed_notice,
)
from tuireader.ui.widgets.footer import ReaderFooter
from tuireader.ui.widgets.results import PaperRows, ResultsList, Row, ids_of
from tuireader.ui.widgets.search import SUGGESTION_KEY, SearchBox, with_order
from tuireader.ui.widgets.status import StatusLine
from tuireader.ui.widgets.viewer import PaperViewer

#: the line above the list of "More like this": its start, then the paper's title (cut to
#: no fewer than SIMILAR_TITLE_MIN characters before the hint is shortened), then the
#: longest of the hints that fits.
SIMILAR_LEAD = "Papers like “"
SIMILAR_HINTS = ("” — Esc goes back, typing searches", "” — Esc goes back")
SIMILAR_TITLE_MIN = 12
#: seconds Ctrl+Z waits for the triage writes still queued before the reader stops.
SUSPEND_WAIT = 5.0
#: times an export reads the marks again when the triage file is replaced as it reads
EXPORT_TRIES = 3
#: the cells of a notice's row that are not text: its left border and padding (3), and
#: the two columns the notices' rack keeps for its scroll bar (Textual's ``overflow-y:
#: scroll``, kept even with no bar shown). Counted as 3, a path of 76 cells at 80 columns
#: wrapped inside the file's name.
NOTICE_FRAME = 5
#: the width of a notice (Textual's), its frame included, where half the screen is wider
NOTICE_WIDTH = 60
#: terminals at least this wide show the list and the viewer side by side.
WIDE_COLUMNS = 120
#: terminals less tall than this show the search box on one row, and notices without
#: blank rows: at 30×10 the box's frame and a notice's padding left the list two rows.
SHORT_ROWS = 14
#: terminals narrower than this show notices as wide as the screen: half of it (Textual's
#: width) wrapped a notice on four rows at 30 columns, over most of the list.
SLIM_COLUMNS = 60
#: hits asked of the engine first for each keystroke (its cost grows with the number of
#: hits): enough to fill the list, at once...
SEARCH_LIMIT = 100
#: ...and the rest, once typing pauses this long (seconds): the list holds every hit.
REST_DELAY = 0.15
#: the rows below the cursor that may take its place when the list follows changes made
#: elsewhere and its paper is no longer in the results.
FOLLOW_BELOW = 200
#: the rows seen (down to the cursor) kept at most with the reader's position for the
#: next run, which shows them first in fit order while its model is fitted
SAVED_SEEN = 1000
#: the least time (seconds) between two searches of one triage query following changes
#: made elsewhere: a second reader deciding paper after paper has the list searched
#: again at this pace at most, not at each look (each second), the last change shown
#: within this many seconds of the one before.
FOLLOW_GAP = 5.0
#: a search whose last few took less than this (ms) runs as the key is handled, so the
#: key's echo and its results are drawn in one frame; slower ones run in a worker, and
#: typing never waits for them. (What is timed is the first page of hits, what runs
#: then; the rest follows from a worker either way.)
INLINE_SEARCH_MS = 12.0
#: ...judged on this many searches (the first after the index opens is often slow).
QUICK_SEARCHES = 3
#: longest wait (seconds) for the first list frame before opening the index anyway.
FIRST_FRAME_WAIT = 2.0
#: the share of the papers indexed past which a query typed while the index is first
#: built waits for it rather than for a scan: reading the papers' words for a scan takes
#: about half as long as building the index (ICML 2024: 5.1 s and 10.3 s on a busy
#: machine), and the build waits meanwhile
SCAN_BEFORE = 0.5
#: seconds between asks for an index another tuireader holds (searches scan meanwhile).
INDEX_RETRY_SECONDS = 15.0
#: longest the first frame waits (seconds) for the library, so as to show its papers.
FIRST_PAINT_WAIT = 0.15
#: longest (seconds) keys typed after Enter wait for the query's results while the
#: library is read or the index opened (built: about a second per 2,500 papers).
RESULTS_WAIT = 5.0
#: the keys that copy the link of that number (in the list and the viewer)
LINK_DIGITS = "123456789"
#: actions of keys after which a burst's text is typed in a box they open, not searched
TEXT_AFTER = frozenset({"edit_note", "edit_tags"})
#: actions of keys that search: a burst's text after one is the query it asks for
SEARCHES = frozenset({"search", "focus_search"})
#: actions of keys that may come right before one of ``TEXT_AFTER`` in a burst whose text
#: after it is the box's: moving to a paper, marking papers ("jn" and a note, marks and "t")
BEFORE_TEXT = frozenset(
    {
        *("cursor_down", "cursor_up", "first", "last", "page_up", "page_down"),
        *("scroll_down", "scroll_up", "scroll_home", "scroll_end", "toggle_mark"),
    }
)
#: actions of the keys that decide the highlighted paper: a burst of them (and of keys of
#: ``BEFORE_TEXT``) before one of ``TEXT_AFTER`` whose text ends with the key that saves
#: the box is typed ahead ("m", "t", a tag and Enter), not a word ("stochastic")
DECISIONS = frozenset({"triage('kept')", "triage('maybe')", "triage('skip')", "triage('read')"})
#: actions of keys that open a menu: a choice's key right after one in a burst picks
#: that choice ("Y" then "b": CSL-JSON), as it does typed after the menu is up
MENUS = frozenset({"pick_citation", "pick_link", "pick_open_link"})
#: what each place the focus can be in is called on screen (the mode).
MODES = {
    "search": ("search", "typing a query"),
    "results": ("list", "keys act on the highlighted paper"),
    "viewer": ("paper", "keys act on this paper"),
}
#: how many marked papers a bulk action's notice names by title (the rest are counted)
NAMED_MARKS = 3
#: changes that could not be saved are gathered into one notice for each reason (a
#: burst of keys on a full disk fails as one) until none has failed for this many
#: seconds, and said at the latest this long after the first
NOT_SAVED_GATHER = 0.2
NOT_SAVED_LONGEST = 1.0
#: changes made elsewhere (another reader, the command line) are said in one notice,
#: once none has come for this many seconds (a second reader deciding paper after
#: paper), at the latest this long after the first (see :meth:`MainScreen._say_elsewhere`)
ELSEWHERE_GATHER = 2.0
ELSEWHERE_LONGEST = 6.0
#: where changes seen in the triage file were made (``TriageSaved.made_by``), as a
#: notice says it
MADE_BY = {
    "another reader": "in another reader",
    "the command line": "on the command line",
    "an import": "by an import",
}
#: seconds without a key in the search box before the query counts as settled: what the
#: search held back while it was typed (an open quote, "author:" with nothing after) is
#: then said on the status line, which does not flicker with each key
QUERY_SETTLED = 1.0
#: the orders the results can be shown in, in the order the order key cycles them.
ORDERS = ("list", "relevance", "fit")
#: seconds without a new saved decision before the model is fitted again.
FIT_DEBOUNCE = 0.3
#: seconds without a key that types or moves before the first fit: it imports the
#: learning library (about a second of work), so it waits for a pause in the typing.
FIT_QUIET = 1.0
#: the screen's actions that act on the highlighted paper: the palette leaves them out
#: while there is none (their keys say "Highlight a paper first")...
PAPER_ACTIONS = frozenset(
    {
        "open_viewer",
        "more_like_this",
        "open_link",
        "pick_open_link",
        "copy_link",
        "pick_link",
        "copy_id",
        "copy_citation",
        "pick_citation",
        "edit_note",
        "toggle_mark",
    }
)
#: ...and those that act on the marked papers, else on the highlighted one...
MARKED_OR_PAPER_ACTIONS = frozenset({"triage", "edit_tags"})
#: ...as bound (the pane's title names their keys while papers are marked).
MARKED_KEYS = (
    "triage('kept')",
    "triage('maybe')",
    "triage('skip')",
    "triage('read')",
    "edit_tags",
)
#: what the reader says when every list was taken out of the library on the command line
#: while it runs: it keeps the papers it shows
SHELF_EMPTIED = (
    "Library changed: every list was removed from it; the papers shown stay until a list "
    "is added (tuireader add FILE)"
)


def undo_notice(summary: str) -> str:
    """The notice after an undo, saying "Undone:" once even when the store's own words
    ("Undid: …") come after the reader's."""
    head = "Undone: "
    if not summary.startswith(head):
        return summary
    rest = summary[len(head) :]
    for repeated in ("Undid: ", "Undone: "):
        rest = rest.removeprefix(repeated)
    return head + rest


def counts_line(
    states: dict[str, str],
    listed: Sequence[str],
    beyond: int = 0,
    beyond_triaged: frozenset[str] = frozenset(),
    saving: bool = False,
    marked: frozenset[str] | set[str] = frozenset(),
) -> str:
    """The status line's triage counts: papers marked for a bulk action (and how many of
    them this query hides: ``s`` acts on those too), states with at least one paper,
    then "N left".

    ``listed`` are the results in the list; ``beyond`` more match the query but are not
    loaded yet, of which ``beyond_triaged`` were triaged when counted: "N left" counts
    every result, not only the loaded ones.
    """
    tally = dict.fromkeys((*STATE_NAMES, DEFAULT_STATE), 0)
    seen = dict.fromkeys(listed)
    for paper_id in seen:
        tally[states.get(paper_id, DEFAULT_STATE)] += 1
    outside = [paper_id for paper_id in beyond_triaged if paper_id not in seen]
    for paper_id in outside:
        tally[states.get(paper_id, DEFAULT_STATE)] += 1
    tally[DEFAULT_STATE] += max(0, beyond - len(outside))
    parts = [f"{tally[state]:,} {name}" for state, name in STATE_NAMES.items() if tally[state]]
    if marked:
        hidden = sum(1 for paper_id in marked if paper_id not in seen)
        parts.insert(
            0, f"{MARK} {len(marked):,} marked" + (f" ({hidden:,} not shown)" if hidden else "")
        )
    if seen or beyond:
        parts.append(f"{tally[DEFAULT_STATE]:,} left")
    if saving:
        parts.append(SAVING)
    return " · ".join(parts)


def _built_in_parts(total: int, library: Library) -> bool:
    """Whether the index being built for ``library`` (``total`` papers written in all)
    is built in parts, by processes of their own at once (``index.built_in_parts``):
    the papers' words read for a scan then take about as long as the rest of the build,
    which they hold up (the scan's results and the index's came together, the index
    twice as late: 21 s at 3,670 papers)."""
    if total != len(library):
        return False  # an update of some of its papers: one process writes it
    from tuireader.search.index import built_in_parts

    return built_in_parts(total)


def _title(widget: Widget, title: str) -> None:
    """Give ``widget`` its border title; setting one repaints the whole widget, so the
    same title again is not set (a keystroke's results would repaint the list twice)."""
    if widget.border_title != title:
        widget.border_title = title


class _BuildStopped(Exception):
    """Escape stopped the text to copy being built (raised in its worker)."""


class MatchesCounted(Message):
    """The triaged papers among all of ``query``'s matches (not only the loaded ones)."""

    def __init__(self, query: str, triaged: frozenset[str]) -> None:
        super().__init__()
        self.query = query
        self.triaged = triaged


class FitDone(Message):
    """A model of what the user keeps, fitted on the decisions of request ``version``
    (None: too few decisions for one)."""

    def __init__(self, version: int, model: Any, library: Library) -> None:
        super().__init__()
        self.version = version
        self.model = model
        #: the library it was fitted on (its papers are the ones it has placed).
        self.library = library


V = TypeVar("V")
#: the triage as the reader shows it: states, tags and notes by paper id.
TriageNow = tuple[dict[str, str], dict[str, tuple[str, ...]], dict[str, str]]


def changed_since(
    answered: TriageNow, before: TriageNow, after: TriageNow, stays: str | None = None
) -> TriageNow:
    """``answered`` with what changed from ``before`` to ``after`` (another program's
    changes) made to it too, and nothing else; but paper ``stays`` (the one open) is
    answered as it was."""
    return (
        _changed(answered[0], before[0], after[0], stays),
        _changed(answered[1], before[1], after[1], stays),
        _changed(answered[2], before[2], after[2], stays),
    )


def changed_papers(before: TriageNow, after: TriageNow) -> list[str]:
    """The papers whose state, tags or note differ from ``before`` to ``after``."""
    ids = [
        *_differ(before[0], after[0]),
        *_differ(before[1], after[1]),
        *_differ(before[2], after[2]),
    ]
    return list(dict.fromkeys(ids))


def _differ(was: dict[str, V], now: dict[str, V]) -> list[str]:
    return sorted(p for p in was.keys() | now.keys() if was.get(p) != now.get(p))


def _changed(
    kept: dict[str, V], was: dict[str, V], now: dict[str, V], stays: str | None = None
) -> dict[str, V]:
    into = dict(kept)
    for paper_id in was.keys() | now.keys():
        if was.get(paper_id) == now.get(paper_id) or paper_id == stays:
            continue
        if paper_id in now:
            into[paper_id] = now[paper_id]
        else:
            into.pop(paper_id, None)
    return into


def detached_notice(count: int) -> str:
    """What the reader says of ``count`` marked papers the lists read again no longer
    hold: their marks are kept detached, in the words of the command line."""
    papers = "1 marked paper is" if count == 1 else f"{count:,} marked papers are"
    their = "its mark is" if count == 1 else "their marks are"
    return (
        f"{papers} no longer in the lists read again: {their} kept detached "
        "(tuireader search is:detached lists them)"
    )


def unmarked_notice(count: int) -> str:
    """What the reader says of ``count`` papers marked (space) that the lists read again
    no longer hold: they are marked no more."""
    papers = "1 paper marked (space) is" if count == 1 else f"{count:,} papers marked (space) are"
    return f"{papers} no longer in the lists read again: no longer marked"


def left_marked_notice(left: int, still: int, done: str) -> str:
    """What an action on the marked papers says when ``left`` of them left the lists (and
    the marked set) while its editor or menu was open: it is ``done`` to the ``still``
    marked ones, or to none."""
    papers = "1 marked paper" if left == 1 else f"{left:,} marked papers"
    if not still:
        return f"{papers} left the lists while this was open: none is marked now, nothing {done}"
    rest = "the 1 paper" if still == 1 else f"the {still:,} papers"
    return f"{papers} left the lists while this was open: {done} only {rest} still marked"


def editor_left_notice(title: str, paper_id: str, before: Library, after: Library) -> str:
    """What the reader says when the lists read again no longer hold the paper (``title``,
    ``paper_id`` in ``before``) whose tag or note editor is open: the editor stays, and
    what is saved from it is kept with the paper, detached, until a list has it again."""
    named = notice_title(title, NOTICE_TITLE)
    read_now = {os.path.abspath(item.path) for item in after.lists}
    why = []
    for item in before.lists:
        if paper_id not in item.paper_ids:
            continue
        name = Path(item.path).name.replace("\n", "\\n")
        if os.path.abspath(item.path) in read_now:
            why.append(f"{name} read again without it")
        else:
            why.append(f"list {name} removed")
    said = f" ({'; '.join(why)})" if why else ""
    removed = all(reason.startswith("list ") for reason in why)
    back = "its list is added again" if removed else "a list has it again"
    return (
        f"“{named}” left the lists{said}; what you save here is kept with it and comes "
        f"back when {back}"
    )


def left_notice(title: str, viewing: bool = False, gone: bool = False) -> str:
    """What the reader says when the lists read again no longer hold the paper that was
    highlighted (``title``): once, as the cursor moved to the paper that followed it in
    the rows shown, or to the one before when it was the last (none: ``gone``). Open in
    the viewer (``viewing``), the viewer closed: the list is shown."""
    named = notice_title(title, NOTICE_TITLE)
    if viewing:
        where = "no paper left in the list" if gone else "the cursor is on the paper next to it"
        return (
            f"The paper open in the viewer left the lists: “{named}”; the viewer closed, "
            f"{where} (keys act on a paper once the cursor moves)"
        )
    return (
        f"The paper highlighted left the list: “{named}”; the cursor is on the paper next "
        "to it (keys act on a paper once the cursor moves)"
    )


def papers_count(count: int) -> str:
    """``count`` papers as the status line counts them: "1 paper", "2,610 papers"."""
    return f"{count:,} paper{'' if count == 1 else 's'}"


def can_fit(states: dict[str, str]) -> bool:
    """True when ``states`` hold enough decisions for a model: a keep (or read) and a
    few others (the model itself has the last word; this only saves asking too early)."""
    return decisions_lacking(states) == (False, 0)


#: how a problem the search says goes on after a "; " ("unknown filter has:cod; did you
#: mean has:code?"), where its problems are joined by "; " too
_SAID_ON = ("did you mean ", "rebuilding it")


def said_apart(message: str) -> list[str]:
    """The problems a search's ``message`` says, joined there by "; ": each on its own,
    with what it goes on to say after a "; " of its own ("did you mean …")."""
    parts: list[str] = []
    for piece in message.split("; "):
        if parts and piece.startswith(_SAID_ON):
            parts[-1] += f"; {piece}"
        else:
            parts.append(piece)
    return parts


def fit_needs(states: dict[str, str]) -> str:
    """What ``states`` lack before there can be a model (:func:`can_fit`), in the words
    both the status line and the order key's notice say it: "needs 1 keep + 2 more
    decisions" (decisions of any state: "2 more" alone did not say of what)."""
    keep, more = decisions_lacking(states)
    decisions = f"{more} more decision{'s' if more != 1 else ''}"
    wanted = [*(["1 keep"] if keep else []), *([decisions] if more else [])]
    return f"needs {' + '.join(wanted)}"


def fit_waits(states: dict[str, str]) -> str:
    """What the order shown says of the fit order while ``states`` are too few for a
    model (:func:`can_fit`), short enough for 80 columns: "fit: needs 1 keep + 2 more
    decisions"."""
    return f"fit: {fit_needs(states)}"


def fit_waits_notice(states: dict[str, str], shown: str) -> str:
    """The order key's notice when it chose the fit order while ``states`` are too few
    for a model: what the fit still needs, as the status line says it, and the order
    ``shown`` meanwhile ("relevance", "list"); a read paper serves as the keep."""
    keep, _more = decisions_lacking(states)
    aside = " (a read paper counts as a keep)" if keep else ""
    return f"The fit order {fit_needs(states)}{aside}: {shown} order until then"


#: the most cells of a query the status line names while it waits for the index
QUERY_NAMED = 30


def query_waits(query: str, index_state: str) -> str:
    """What the status line says of ``query`` while it waits for the index, in the
    state the line says it is in ("indexing 1,250/2,610", "saving", "opening"): that
    it is answered when the index is built (or ready, before a build is known to
    start), so that the papers listed meanwhile are not taken for its answer."""
    named = middle_cut(visible(query).strip(), QUERY_NAMED)
    built = index_state.startswith("indexing") or index_state == "saving"
    return f"Search: “{named}” is answered when the index is {'built' if built else 'ready'}"


def lists_of_place(shown: Sequence[str] | None) -> list[str] | None:
    """The lists a reader's place is kept for, as the place keeps them (JSON): those
    named for it (``Services.lists_shown``), or None for the library's."""
    return list(shown) if shown is not None else None


def place_for(resume: dict[str, Any] | None, lists: list[str] | None) -> dict[str, Any] | None:
    """The place a reader on ``lists`` (:func:`lists_of_place`) takes up of the position
    ``resume`` the last reader left: its own place when it showed the same lists, else
    the one a reader on ``lists`` left before (``places``, see
    ``triage.other_places``). None: no reader on these lists left one. A position
    kept before places said their lists is taken up by any reader, as it was."""
    if not resume:
        return None
    if "lists" not in resume or resume.get("lists") == lists:
        return resume
    kept = resume.get("places")
    for place in kept if isinstance(kept, list) else ():
        if isinstance(place, dict) and place.get("lists") == lists:
            return {**place, "version": resume.get("version")}
    return None


def draft_digest(text: str) -> str:
    """A short digest of a note's kept text: said once, the same text is not said again."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


#: before the digest of kept text only counted, its paper in no list open: it is named
#: once its list is
COUNTED = "counted:"


def drafts_notice(
    taken: Sequence[str], undone: Collection[str], title_of: Callable[[str], str | None]
) -> str:
    """What the start says of note text kept for the papers ``taken``: text never saved,
    text an undo took away (``undone``), and how many are for papers the lists open do
    not have (their text comes back with their list; an id there is of no use)."""
    lines = []
    absent = 0
    for leads, ids in (
        ("Note text you had not saved is kept", [p for p in taken if p not in undone]),
        ("Note text taken back by undo is kept", [p for p in taken if p in undone]),
    ):
        shown = [(p, title) for p in ids if (title := title_of(p)) is not None]
        absent += len(ids) - len(shown)
        if shown:
            more = f" and {len(shown) - 1} more" if len(shown) > 1 else ""
            lines.append(f"{leads}: n on “{shown[0][1]}”{more} brings it back")
    if absent:
        papers = "paper" if absent == 1 else "papers"
        also = "Note text is also kept" if lines else "Note text is kept"
        lines.append(
            f"{also} for {absent} {papers} not in the lists open: it comes back with their list"
        )
    return "\n".join(lines)


@dataclass(frozen=True)
class ShownList:
    """The query's results as "More like this" found them: Esc shows them again."""

    query: str
    library: Library
    rows: Sequence[Row]
    base: Sequence[Row]
    been_on: frozenset[str]
    order: str
    query_sort: str | None
    displayed: str | None
    matched: int | None
    total_hits: int
    beyond: frozenset[str]
    terms: frozenset[str] | None
    suggestion: str
    paper: str | None
    scroll: float
    fit: int
    #: the triage (states, tags, notes) as it was: a query that asks for it (is:new)
    #: is searched again on the way back when it changed meanwhile
    triage: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class BeforeTyping:
    """The query and what it showed when typing began in the list or the viewer (a
    letter no key takes, a paste): Esc in the search box brings it back."""

    query: str
    #: the pane the typing began in: "results" or "viewer"
    pane: str
    paper: str | None
    #: the results as shown (None: searched again on the way back)
    shown: ShownList | None
    message: str
    message_parts: tuple[str, ...]
    elapsed: float | None
    #: the paper "More like this" was showing papers like (None: not in it), the list
    #: it replaced, and its rows as shown
    similar: Paper | None = None
    before_similar: ShownList | None = None
    similar_rows: tuple[Row, ...] = ()
    similar_library: Library | None = None
    scroll: float = 0.0
    matched: int | None = None
    total_hits: int = 0


class MainScreen(Screen[None]):
    """Search, browse, read and triage; copy and export what was found."""

    # Help and Quit come first: the footer shows bindings in this order, and a narrow
    # footer cuts the last ones. Each has a second key that works in the search box too
    # (where "?" and "q" are typed); the footer shows whichever works where the focus is.
    BINDINGS: ClassVar[list[BindingType]] = [
        # reading
        Binding("question_mark", "help", "Help", id="reader.help"),
        Binding("f1", "help", "Help", id="reader.help_anywhere"),
        Binding("q", "app.quit", "Quit", id="reader.quit"),
        Binding("ctrl+q", "app.quit", "Quit", priority=True, id="reader.quit_anywhere"),
        Binding(
            "ctrl+z", "suspend", "Suspend to the shell (fg: back)", show=False, id="reader.suspend"
        ),
        Binding("slash", "search", "Search", id="reader.search"),
        Binding("ctrl+f", "focus_search", "Search", show=False, id="reader.find"),
        Binding("escape", "leave_similar", "Back from More like this", id="reader.back"),
        Binding("tab", "cycle_focus(1)", "Next pane", show=False, id="reader.next_pane"),
        Binding("shift+tab", "cycle_focus(-1)", "Previous pane", show=False, id="reader.prev_pane"),
        Binding("M", "more_like_this", "More like this", id="reader.similar"),
        Binding("w", "show_problems", "Load warnings", show=False, id="reader.warnings"),
        Binding("W", "show_notices", "Notices of this run, whole", show=False, id="reader.notices"),
        Binding("F", "cycle_order", "Order: list, relevance, fit", show=False, id="results.order"),
        # links and copying
        Binding("o", "open_link", "Open link", id="link.open"),
        Binding("O", "pick_open_link", "Open a link…", show=False, id="link.pick_open"),
        Binding("u", "copy_link", "Copy link", id="copy.link"),
        Binding("U", "pick_link", "Copy a link… (1–9: link N)", show=False, id="copy.pick_link"),
        Binding("i", "copy_id", "Copy id", show=False, id="copy.id"),
        Binding("y", "copy_citation", "Copy citation", id="copy.citation"),
        Binding("Y", "pick_citation", "Copy citation as…", show=False, id="copy.pick_citation"),
        Binding("ctrl+y", "show_last_copy", "Show last copy", show=False, id="copy.show_last"),
        Binding(
            "escape",
            "stop_building",
            "Stop building the text to copy",
            show=False,
            priority=True,
            id="copy.stop",
        ),
        # triage
        Binding("s", "triage('kept')", "Keep", id="triage.keep"),
        Binding("m", "triage('maybe')", "Maybe", id="triage.maybe"),
        Binding("x", "triage('skip')", "Skip", id="triage.skip"),
        Binding("r", "triage('read')", "Read", id="triage.read"),
        Binding("z", "triage_undo", "Undo", id="triage.undo"),
        Binding("Z", "triage_redo", "Redo", show=False, id="triage.redo"),
        Binding("t", "edit_tags", "Tags", id="triage.tags"),
        Binding("n", "edit_note", "Note", id="triage.note"),
        Binding("space", "toggle_mark", "Mark", show=False, id="triage.mark"),
        Binding("escape", "clear_marks", "Clear marks", id="triage.clear_marks"),
    ]

    COMMANDS: ClassVar[set[Any]] = {*Screen.COMMANDS, CopyAllCommands, ExportCommands}

    PANES: ClassVar[tuple[str, ...]] = ("search", "results", "viewer")

    # State the screen hands down (data_bind) or shows through watchers: plain vars, so
    # a change repaints only the widgets that show it, never the whole screen.
    search_query: var[str] = var("", init=False)
    shown: var[int] = var(0)
    total: var[int] = var(0)
    matched: var[int | None] = var(None)
    elapsed_ms: var[float | None] = var(None)
    index_state: var[str] = var("loading")
    message: var[str] = var("")
    #: what the search says of the query, each problem apart, when ``message`` says them
    #: all ("Search: " and them joined by "; "): a line short of room shows the first
    #: ones and how many more there are, all of them in the notices log (W)
    message_parts: var[tuple[str, ...]] = var(())
    #: how many load warnings there are ("3 load warnings (w: details)"): the status line
    #: shows it whenever no other message is shown.
    warnings: var[str] = var("")
    show_timings: var[bool] = var(True)
    #: triage counts of the results ("2 kept · ... · 7 left"), empty when unknown.
    triage_counts: var[str] = var("")
    reading: var[bool] = var(False)
    narrow: var[bool] = var(False)
    #: where the keys go: "search" (typing a query), "results" or "viewer" (acting).
    mode: reactive[str] = reactive("search")

    def __init__(
        self,
        services: Services,
        *,
        config: Config | None = None,
        show_timings: bool = True,
        clipboard: Clipboard | None = None,
        clipboard_dir: Path | None = None,
        exports_dir: Path | None = None,
        cache_dir: Path | None = None,
        unsaved: Callable[[str, list[str]], None] | None = None,
    ) -> None:
        super().__init__()
        self.services = services
        #: told (why, one line each) of changes not saved as the reader closed, to say
        #: them once the screen is gone
        self._tell_unsaved = unsaved
        #: (why, the papers, why said of several) of changes that could not be saved, to be
        #: said together
        self._not_saved: list[tuple[str, list[str], str]] = []
        self._not_saved_since = 0.0
        self._not_saved_timer: Timer | None = None
        self.config = config or Config()
        self._show_timings = show_timings
        #: the clipboard chain; None builds the default one on first copy.
        self.clipboard = clipboard
        self.clipboard_dir = clipboard_dir
        #: where exports are written (None: the default data folder's).
        self.exports_dir = exports_dir
        #: where the library's vectors for the "for you" order are kept between runs
        #: (None: built at each first fit, kept in memory only).
        self.cache_dir = cache_dir
        self.library: Library | None = None
        #: the papers whose note text the last run kept unsaved, until that is said
        self._drafts_taken: list[str] = []
        #: the papers whose tags typed the last run kept, until that is said: one paper's,
        #: and marked papers' (each set by its sorted ids)
        self._tag_drafts_taken: tuple[list[str], list[tuple[str, ...]]] = ([], [])
        #: the papers whose kept note text an undo took away (it was saved), as kept
        self._drafts_undone: set[str] = set()
        #: the note text kept that the reader has said is kept, by paper (a digest of
        #: the text): said once, not on every start
        self._drafts_said: dict[str, str] = {}
        self.engine: Any = None
        #: the scan that answers searches while the index is being built (the engine
        #: until the index's comes; None: none stands in)
        self._interim: Any = None
        #: what the status line last said of a query waiting for the index (``message``
        #: while it still says so: the index's state, as it moves, is said in it)
        self._waits_said = ""
        self.similar_to: Paper | None = None
        self._first_frame = threading.Event()
        #: set as the reader closes: the index's build stops (see ``stop_building``)
        self._stop_building = stopping.Stop()
        #: the library's first read (None before it begins)
        self._early: EarlyRead | None = None
        #: hits the query has in all, when more exist than the list holds.
        self._total_hits = 0
        #: the query whose results the list shows now (None before the first results).
        self.displayed_query: str | None = None
        #: the words the viewer highlights: those of the shown results' query.
        self._highlight_terms: frozenset[str] | None = None
        #: the triage shown, and its writer; its messages come back to this screen.
        self.triage = TriageBook(self.post_message)
        if services.moves_marks is not None:
            self.triage.moves_marks = services.moves_marks
        #: a stop for the shell was asked and waits for the triage writes queued then
        self._suspend_waiting = False
        self._resume: dict[str, Any] | None = None
        self._position: dict[str, Any] = {}
        #: the rows shown as the highlight last moved, and its row: what the position
        #: saved keeps of the order around the paper left on (see _order_left)
        self._left_in: tuple[Sequence[Row], int] | None = None
        #: the rows shown in fit order are those the last run left, the papers seen
        #: first: the first model orders only the rows below them, as a refit does
        self._order_kept = False
        #: problems met reading the lists (the status line counts them; ``w`` shows them).
        self.problems: tuple[Any, ...] = ()
        #: the "did you mean" line as shown ("" when hidden).
        self._suggestion_shown = ""
        #: the query that found nothing and the query suggested for it, which Enter in
        #: the search box takes (None when there is none to take)
        self._suggested: tuple[str, str] | None = None
        #: triaged papers among all matches of the shown query, beyond the loaded rows.
        self._beyond_triaged: frozenset[str] = frozenset()
        #: the paper "More like this" was asked for (highlighted again on the way back).
        self._return_to: str | None = None
        #: the pane Enter (or Down, Tab) left the search box for while the query's results
        #: were still on their way (the lists read, the index built): it goes there, and
        #: the keys after it act, once they are shown.
        self._pane_after_results: str | None = None
        #: the next results keep the cursor's paper at its row of the screen, or the next
        #: paper still listed (see :meth:`_follow_others`).
        self._keep_place = False
        #: the triage (states, tags, notes) the rows of a query that asks for it answer:
        #: as it was when the query was searched, with the changes made elsewhere since
        #: (None for a query that does not ask for triage; see :meth:`_follow_others`).
        self._answered: TriageNow | None = None
        #: the triage filters the shown query's search asked about, as (name, value): a
        #: change made elsewhere that answers none of them otherwise changes nothing shown
        #: (None: not known, as for a query searched before any was recorded)
        self._asked: tuple[str, set[tuple[str, str]]] | None = None
        #: when the shown query was last searched again to follow changes made elsewhere
        #: (the query, time.monotonic()), and the timer of the next search, held back
        #: to keep to FOLLOW_GAP
        self._followed: tuple[str, float] | None = None
        self._follow_timer: Timer | None = None
        #: the papers changed elsewhere, and where, not said yet: one notice says them
        #: together (see :meth:`_say_elsewhere`)
        self._elsewhere: dict[str, None] = {}
        self._elsewhere_by: dict[str, None] = {}
        self._elsewhere_since = 0.0
        self._elsewhere_timer: Timer | None = None
        #: papers whose state was decided elsewhere while open here, by id: (the state,
        #: where), shown with the state while it stands
        self._decided_elsewhere: dict[str, tuple[str, str]] = {}
        #: the results "More like this" replaced, as they were (None: not in it).
        self._before_similar: ShownList | None = None
        #: the query and its results before typing began in the list or the viewer
        self._before_typing: BeforeTyping | None = None
        #: the pane Enter goes back to from the search box, and the query typing was
        #: taken back to (Esc): the paper open again with the query it was open with
        self._typed_back: tuple[str, str] | None = None
        #: the query whose results the rows are ordered for (None: More like this): its
        #: results shown again (the lists read again) keep the rows seen where they were
        self._ordered_for: str | None = None
        #: the papers seen of the results "More like this" replaced, for those results
        #: searched again (the lists were read again meanwhile; None: none)
        self._seen_before: list[str] | None = None
        # -- the order of the results ("list", "relevance" or "fit") --
        #: the order the order key picked (None: the query's sort:, else the default).
        self._choice: str | None = None
        #: whether the rows in hand came from the index in list order (list order was
        #: chosen when they were searched): no other order can be made of them
        self._listed_by_index = False
        #: the fit order was asked for with the order key before there was a model: its
        #: first order highlights its best paper (a start in fit order keeps the paper)
        self._top_on_fit = False
        #: the order the shown query asked for with sort: (None: none).
        self._query_sort: str | None = None
        #: the order the results are shown in.
        self.order = "list"
        #: the shown results in the order the engine gave them (None: More like this).
        self._base_rows: Sequence[Row] | None = None
        #: every paper of the library as rows (what an empty query shows)
        self._every_row: PaperRows | None = None
        #: how long (ms) the last few searches for a key's first page of hits took.
        self._search_times: deque[float] = deque(maxlen=QUICK_SEARCHES)
        #: the query changed with more keys typed ahead: searched once they are handled
        #: (see ``_search_after_keys``), unless one of them searched it
        self._typing_on = False
        self._search_owed = False
        # -- the model of what the user keeps, fitted in a worker --
        self.fit_model: Any = None
        #: the last fit asked for, and the one whose model is in use.
        self._fit_asked = 0
        self._fit_shown = 0
        self._fit_timer: Timer | None = None
        #: the pause the refit waits for (seconds), and whether it waits for the keys of
        #: a burst to be handled first
        self._fit_wait = FIT_DEBOUNCE
        self._fit_after_keys = False
        #: a model that came during a burst of keys, taken once they are handled
        self._fit_held: FitDone | None = None
        #: the last "why" worked out: (model, paper, (words, like, like read))
        self._why_last: tuple[Any, Paper, tuple[Sequence[str], str | None, bool]] | None = None
        #: the library the model in use was fitted on (None: no fit done yet).
        self._fit_library: Library | None = None
        #: the library's vectors (built once per library, in the fit worker).
        self._space: tuple[Library, Any, frozenset[str]] | None = None
        self._space_lock = threading.Lock()
        #: the tag editor while it is open.
        self._tag_editor: TagEditor | None = None
        #: the keys that act on marked papers, as shown ("s m x r t"; None: not yet known).
        self._marked_keys: str | None = None
        #: whether papers were marked when the counts were last drawn.
        self._had_marks = False
        #: the papers the cursor has been on since the rows were put in their order: a
        #: new model's order leaves them where they are (see _reordered_below).
        self._been_on: set[str] = set()
        #: the files and folders the lists shown were read from, as they were then (see
        #: ``look``): a file that comes, goes or changes has them read again (None: no
        #: library yet)
        self._on_disk: OnDisk | None = None
        #: the files of a folder of lists, not read as lists, said to be new (once each)
        self._said_not_read: set[Path] = set()
        #: the list files gone that look moved (renamed in their folder), to where they
        #: look moved, as long as they stay gone
        self._moved: dict[Path, Path] = {}
        #: the library's shelf file as last looked at (see _check_shelf; None: not
        #: there); whether every list was taken out of it, said; and the places of its
        #: lists before and after a change being read (None: none is)
        self._shelf_seen: tuple[int, int, int] | None = None
        self._shelf_emptied = False
        self._shelf_change: tuple[tuple[Path, ...], tuple[Path, ...]] | None = None
        #: what changed on disk and was not shown yet: the lists read again kept the
        #: papers read before for a list caught cut short as it changed (None: nothing)
        self._unread: Changes | None = None
        #: the lists are being read, or their index opened: they are not looked at for
        #: changes until that is done
        self._reading_lists = True
        #: the lists were read again: the highlight stays on its paper as the new
        #: index's results come
        self._keep_on_index = False
        #: the paper highlighted as the lists were read again: the new index's first
        #: hits may not hold it, and then the rest of them take it back
        self._seeking: str | None = None
        #: (query, paper, row) the paper sought below the first hits of the query, which
        #: the rest of them highlight unless the cursor left ``row``'s paper meanwhile
        self._sought: tuple[str, str, str] | None = None
        #: (paper, state) a state key just decided with the highlight left on that paper
        #: (no new paper below it): the same key again, before the highlight moves, is a
        #: repeat of the burst, not the toggle back to new (None: the highlight moved)
        self._decided_here: tuple[str, str] | None = None
        #: the paper a state key just put back to new, with a notice saying so: a state
        #: key again on it says what it became (None: the highlight moved)
        self._backed_to_new: str | None = None
        #: where the last state key left the highlight (moved on, or kept on its paper):
        #: while it is still there, the user has not moved by hand since, and a change
        #: that could not be saved brings the highlight back to its paper
        self._left_by_key: str | None = None
        #: the paper the cursor went to when the one highlighted left the lists read
        #: again: the keys that act on the highlighted paper refuse it until the cursor
        #: moves, or until one of them was refused, said, and the keys typed with it are
        #: handled (keys typed for the paper that left must not reach it)
        self._stood_in: str | None = None
        #: the papers marked (space) that the lists read again hold under another id
        #: (a re-scrape under another key), by the id they had: an editor or menu open
        #: on the marked papers as they were acts on them still
        self._marks_became: dict[str, str] = {}
        #: the last menu opened on a paper, with that paper
        self._menu_on: tuple[Any, Paper] | None = None
        #: the tag or note editor open on one paper, with that paper and whether the
        #: lists read again since it opened no longer hold it
        self._editor_on: tuple[Any, Paper, bool] | None = None
        #: the paper a state key was pressed on whose change failed first, since the
        #: last notice of changes not saved: where the highlight goes back to
        self._retry_on: str | None = None
        #: the change id of that paper's failed change, and the ids of the changes that
        #: failed since: the highlight goes back only while every change made after it
        #: failed too (a change saved since was made where the user meant it, and keys
        #: after it act there)
        self._retry_op: int | None = None
        self._failed_ops: set[int] = set()
        #: the query whose results are shown and what was said of them, until what its
        #: repair held back while it was typed is said (see _say_query_repairs)
        self._query_said: tuple[str, list[str]] | None = None
        #: the queries whose problems went to the notices log (W), with them
        self._logged_said: set[tuple[str, tuple[str, ...]]] = set()
        self._query_timer: Timer | None = None
        #: the paper of each single-paper state change, by its change id
        self._state_ops: dict[int, str] = {}
        #: takes the notices back to their width once a notice naming a file is gone
        self._narrow_notices: Timer | None = None
        #: when the notices are narrowed again (time.monotonic())
        self._wide_until = 0.0
        #: the export being written: its papers as said ("3 papers") and its format
        #: (None: none), and the status line's message its words took the place of
        self._exporting: tuple[str, str] | None = None
        self._said_before_export = ""
        #: the file the export being written goes to, and the last one written or that
        #: failed, with its format and why it failed ("": written): the next export
        #: offers the same folder, or the path that failed as it was typed
        self._export_to: Path | None = None
        self._exported: tuple[Path, str, str] | None = None
        #: the worker building a text to copy (every BibTeX entry; None: none), what it
        #: is said to build, and the status line's message its words took the place of
        self._building: Worker[None] | None = None
        self._building_said = ""
        self._said_before_build = ""
        #: whether the progress bar shows the text being built (not the index's progress)
        self._building_bar = False
        #: the last text copied in this run, and what it was ("paper id")
        self._last_copied: tuple[str, str] | None = None

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SearchBox(id="search")
        yield Static(id="suggestion", markup=False)
        with Horizontal(id="panes"):
            yield ResultsList(id="results")
            yield PaperViewer(id="viewer")
        yield ProgressBar(id="progress", show_eta=False)
        yield StatusLine(id="status").data_bind(
            MainScreen.shown,
            MainScreen.total,
            MainScreen.matched,
            MainScreen.elapsed_ms,
            MainScreen.index_state,
            MainScreen.message,
            MainScreen.message_parts,
            MainScreen.warnings,
            MainScreen.show_timings,
            triage=MainScreen.triage_counts,
        )
        yield ReaderFooter()

    @property
    def search_box(self) -> SearchBox:
        return self.query_one("#search", SearchBox)

    @property
    def results(self) -> ResultsList:
        return self.query_one("#results", ResultsList)

    @property
    def viewer(self) -> PaperViewer:
        return self.query_one("#viewer", PaperViewer)

    @property
    def current_paper(self) -> Paper | None:
        """The paper under the list's highlight (what commands act on)."""
        return self.results.current_paper

    @property
    def store(self) -> Any:
        """The triage store (None until it is open)."""
        return self.triage.store

    @property
    def triage_states(self) -> dict[str, str]:
        """Every paper whose state is not new, as shown (saved + still saving)."""
        return self.triage.states

    @property
    def marked(self) -> set[str]:
        """Ids marked for a bulk action."""
        return self.triage.marked

    def binding_places(self) -> list[Place]:
        """Every group of bindings, with the node that runs them and the keys in force
        (the ``[keys]`` table applied): for help and the palette."""
        keymap: dict[str, str] = getattr(self.app, "keymap", {})

        def bindings(cls: type[Any]) -> tuple[Binding, ...]:
            return with_keymap(declared_bindings(cls), keymap)

        return [
            Place("Anywhere (letter keys: outside the search box)", self, bindings(type(self))),
            Place("Search box", self.search_box, bindings(SearchBox)),
            Place("Results list", self.results, bindings(ResultsList)),
            Place("Viewer", self.viewer, bindings(PaperViewer)),
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_similar":
            # Escape means "back" only while "More like this" is shown...
            return self.similar_to is not None
        if action == "clear_marks":
            # ...else it clears the marks, while there are any
            return bool(self.triage.marked)
        if action == "stop_building":
            # Escape stops a text to copy being built, and only then
            return self._building is not None
        if action == "search":
            # "/" is typed in the search box (Textual 8.2 keeps the binding active
            # there, so without this the footer would offer it).
            return self.focused is not self.search_box
        return True

    def offers(self, node: DOMNode, action: str) -> bool:
        """True if the command palette offers ``action`` of ``node`` now; False for one
        that cannot apply: a key not in force (Escape outside "More like this"), a paper's
        action with no paper highlighted (moving in an empty list, scrolling an empty
        viewer), undo with nothing to take back."""
        namespace, name, parameters = parse_action(action)
        if namespace not in ("", "screen"):
            return True  # the app's (quit)
        runs = self if namespace == "screen" else node
        if runs.check_action(name, parameters) is False:
            return False
        if node is self.results:
            return bool(self.results.rows)  # moving about a list with no paper
        if node is self.viewer:
            return self.viewer.paper is not None  # scrolling a viewer with no paper
        if runs is not self:
            return True
        if name in PAPER_ACTIONS:
            return self.current_paper is not None
        if name in MARKED_OR_PAPER_ACTIONS:
            return self.current_paper is not None or bool(self.triage.marked)
        if name == "triage_undo":
            return self.triage.can_undo
        return True

    def has_papers_in(self, scope: str) -> bool:
        """True if ``scope`` ("results", "marked" or "kept") holds a paper of the library
        (what copying or exporting all of them would act on)."""
        if scope == "results":
            return bool(self.results.rows)
        if scope == "marked":
            return bool(self.triage.marked)  # only papers of the lists are marked
        library = self.library
        return library is not None and any(
            state == "kept" and library.peek(paper_id) is not None
            for paper_id, state in self.triage.states.items()
        )

    def on_mount(self) -> None:
        self.results.marker_for = self.triage.marker
        self.results.follow = self._follow_highlight
        # Keys typed as the reader starts wait for the triage file (a moment): they act
        # on the screen the last run left (its query, selected, replaced by letters; an
        # Enter goes to its results), and a decision among them is saved, not refused
        # as "still opening".
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold("triage")
        self._open_store()
        self._shelf_seen = self._shelf_stat()
        self.set_interval(POLL_SECONDS, self.poll_triage)
        self.show_timings = self._show_timings
        self.query_one("#suggestion").display = False
        self.query_one("#progress").display = False
        self.search_box.focus()
        self._show_mode("search")
        # The read begins now; a read from the cache ends well within the wait, and the
        # first frame shows the papers. A longer one (the lists parsed again) goes on
        # while the screen shows that it is loading.
        early = EarlyRead(self.services.load_library, self.services.watched)
        library = early.ready(FIRST_PAINT_WAIT)
        if library is not None:
            self.on_library_loaded(msg.LibraryLoaded(library, early.on_disk))
        self._early = early
        self._load(early, shown=library is not None)
        key_problems = getattr(self.app, "key_problems", ())
        if key_problems:
            # One line each; the keys they name keep their defaults.
            self.notify(
                visible("\n".join(key_problems)),
                title="config.toml [keys]",
                severity="warning",
                markup=False,
                timeout=10,
            )

    def on_unmount(self) -> None:
        # The position is saved behind every change still queued; closing waits for both.
        self.triage.closing = True
        self.triage.save_position({**self._place_left(), **self._drafts_state()})
        self.triage.flush()
        book = self.triage
        if self._tell_unsaved is not None:

            def title_of(paper_id: str) -> str:
                return self._title_of(paper_id, None) or paper_id

            # changes not saved, as the reader ran or as it closed, and note text the
            # position (which keeps it for the next run) could not take along
            lost = book.not_saved(title_of)
            if lost is not None:  # said on the command line once the screen is gone
                kept = self._keep_for_next_start(lost[0], title_of)
                if kept is not None and hasattr(self.app, "unsaved_kept"):
                    self.app.unsaved_kept = kept
                self._tell_unsaved(*lost)
        book.close()

    def _keep_for_next_start(self, why: str, title_of: Callable[[str], str]) -> Path | None:
        """Keep the decisions shown and not saved as the reader closes (and the note
        text not saved) beside the triage file, for the next start to make again where
        each paper is still as it was, and to name (the terminal, where they are said
        now, may be gone: a closed ssh session); the file kept (None: nothing kept)."""
        store = self.triage.store
        if store is None or str(store.path) == ":memory:":
            return None
        decisions, lines = self.triage.for_next_start(title_of)
        try:
            return record_unsaved(store.path, decisions, lines, why, self.triage.moves_seen)
        except OSError:
            return None  # (said on the command line as not saved, as before)

    def _place_left(self) -> dict[str, Any]:
        """The reader's position without the text typed: the query, the order chosen,
        the paper highlighted and the order of the rows around it (see _order_left)."""
        return {
            "version": UI_STATE_VERSION,
            "query": self.search_query,
            "order": self._choice,
            # the lists shown: a reader on others starts on its own query, not this one
            "lists": lists_of_place(self.services.lists_shown),
            **self._position,
            **self._order_left(),
        }

    def _drafts_state(self, typing: bool = False) -> dict[str, Any]:
        """The text typed and not saved, as the reader's position keeps it for the next
        run; ``typing``: with the text of an editor open now (see
        :meth:`TriageBook.keep_typed`)."""
        book = self.triage
        drafts = book.kept_drafts()
        tag_drafts = dict(book.tag_drafts)
        marked = dict(book.marked_tag_drafts)
        if typing:
            drafts.update(book.note_typing)
            tag_drafts.update(book.tags_typing)
            marked.update(book.marked_tags_typing)
        return {
            # note text typed and not saved: the next run's n brings it back
            "drafts": drafts,
            # tags left typed in the editor as it closed: the next run's t, likewise
            "tag_drafts": tag_drafts,
            # and those typed for several marked papers: t on the same papers marked
            "marked_tag_drafts": [
                {"papers": list(papers), "text": text} for papers, text in marked.items()
            ],
            # which of it an undo took away, and which was said to be kept
            "drafts_undone": sorted(self._drafts_undone & drafts.keys()),
            "drafts_said": {
                paper_id: digest
                for paper_id, digest in self._drafts_said.items()
                if paper_id in drafts
                and draft_digest(drafts[paper_id]) == digest.removeprefix(COUNTED)
            },
        }

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        narrow = width < WIDE_COLUMNS
        if narrow and not self.narrow and self.mode == "viewer":
            # the paper open on a wide terminal stays open: on a narrow one the viewer
            # shows only while reading, and the list in its place took the focus from it
            self.reading = True
        self.narrow = narrow
        # a small terminal keeps its rows for the titles (base.tcss)
        self.update_classes({"-short": height < SHORT_ROWS, "-slim": width < SLIM_COLUMNS})
        self.call_after_refresh(self._show_order)  # the list's title fits its new width
        if self._suggestion_shown.startswith(SIMILAR_LEAD):
            self._show_similar_line(width)

    def watch_narrow(self, narrow: bool) -> None:
        self.set_class(narrow, "-narrow")

    def watch_reading(self, reading: bool) -> None:
        self.set_class(reading, "-reading")

    # -- the mode: typing a search, or acting on papers -------------------------------------

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        pane = event.widget.id
        if pane in MODES:
            self._show_mode(pane)
        if pane != "search" and self.focused is event.widget:
            self._before_typing = None  # the typing is done (a click on the list)

    def _show_mode(self, pane: str) -> None:
        """Say where the keys go: the focused pane's border names the mode."""
        self.mode = pane
        # one change of classes: each restyles the whole screen, and one class off and
        # another on, each on its own, restyled it twice per move of the focus (the
        # reading class goes with them, for a move by key sets it as it moves the focus)
        classes = {f"-mode-{name}": name == pane for name in MODES}
        self.update_classes({**classes, "-reading": self.reading})
        self._show_titles()

    def _show_titles(self) -> None:
        """The panes' titles: the focused one says what the keys act on."""
        pane = self.mode
        label, what = MODES[pane]
        _title(self.search_box, f"{label}: {what}" if pane == "search" else "search")
        self._show_order()
        _title(self.viewer, f"{label}: {self._acts_on(pane)}" if pane == "viewer" else "")

    def _acts_on(self, pane: str) -> str:
        """What the keys of ``pane`` act on: the paper highlighted or open, but the keys
        that act on marked papers say so while there are any (those the query hides
        too: they are kept, skipped or tagged as well)."""
        if not self.triage.marked:
            return MODES[pane][1]
        if self._marked_keys is None:  # the keys in force do not change while it runs
            keys = [self._key_for(action) for action in MARKED_KEYS]
            self._marked_keys = " ".join(key for key in keys if key)
        return f"{self._marked_keys} act on {self._marked_words()}"

    def _hidden_marks(self) -> int:
        """How many of the marked papers the list does not show."""
        return len(self.triage.marked.difference(ids_of(self.results.rows)))

    def _marked_words(self) -> str:
        """The marked papers, and how many of them the list does not show: "2 marked
        papers (1 not shown)"."""
        marked = self.triage.marked
        hidden = self._hidden_marks()
        words = f"{len(marked):,} marked paper{'' if len(marked) == 1 else 's'}"
        return words + (f" ({hidden:,} not shown)" if hidden else "")

    def _marked_named(self, ids: Sequence[str]) -> str:
        """The marked papers ``ids`` named for a notice: the first few by title, then how
        many and how many the list does not show ("“A”, “B” (2 marked papers, 1 not
        shown)")."""
        hidden = self._hidden_marks()
        count = f"{len(ids):,} marked paper{'' if len(ids) == 1 else 's'}"
        count += f", {hidden:,} not shown" if hidden else ""
        names = [f"“{title}”" for pid in ids[:NAMED_MARKS] if (title := self._title_of(pid))]
        if not names:
            return self._marked_words()
        more = f" and {len(ids) - len(names):,} more" if len(ids) > len(names) else ""
        return f"{', '.join(names)}{more} ({count})"

    def _show_order(self) -> None:
        """The results pane's title: the mode, and the order when one was asked for (also
        on the status line); "More like this" is always in its own order, by similarity."""
        label = MODES["results"][0]
        base = f"{label}: {self._acts_on('results')}" if self.mode == "results" else label
        similar = self.similar_to is not None and self._base_rows is None
        order = "similarity" if similar else self.order
        asked = similar or self._choice is not None or self._query_sort is not None
        if order == "fit" and self._fit_waits():
            # no model, nor decisions to make one: the rows are as the search ranked them
            order = f"{self._order_before_fit()} ({fit_waits(self.triage.states)})"
        elif order == "fit" and self._learning():
            order = "fit (learning…)"  # the rows stay in the order they had until then
        elif (
            order == "list"
            and (self._query_sort or self._choice) == "relevance"
            and not ranks_text(self.search_query, prefix=True)
        ):
            # relevance asked of a query without words: in list order (``_present``), and why
            order = LISTED_WITHOUT_WORDS
        title = f"{base} · order: {order}" if asked else base
        width = self.results.size.width  # (0 before the first layout: fitted on resize)
        if asked and base != label and width and len(title) > width - 4:
            # too long for the pane (More like this at 120 columns): the order goes first,
            # whole, and what the keys act on is what the border cuts
            title = f"{label} · order: {order} · {base[len(label) + 2 :]}"
        _title(self.results, title)
        self.query_one(StatusLine).order = order if asked else ""

    def _fit_waits(self) -> bool:
        """The fit order has no model, nor decisions enough to make one: it waits for
        them in the order :meth:`_order_before_fit` names."""
        return self.fit_model is None and not can_fit(self.triage.states)

    def _order_before_fit(self) -> str:
        """The order the rows are in while the fit order waits for decisions: as the
        search ranked them, in list order without words (no query, or filters only)."""
        return "relevance" if ranks_text(self.search_query, prefix=True) else "list"

    def _learning(self) -> bool:
        """A fit on the lists as they are now is on its way, with none yet (the first
        one, which builds the vectors: half a minute at 100,000 papers; or the first
        after lists were read again)."""
        if not can_fit(self.triage.states):
            return False
        if self._fit_library is not self.library:
            return True
        # none yet on these lists (the decisions were too few until now): it is coming
        coming = self._fit_timer is not None or self._fit_after_keys
        running = any(w.group == "fit" and not w.is_finished for w in self.workers)
        return self.fit_model is None and (coming or running)

    # -- loading --------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load", exit_on_error=False)
    def _load(self, early: EarlyRead, shown: bool) -> None:
        """The rest of loading: the library (unless already ``shown``), every paper of it
        once the first frame is drawn, then the index."""
        services = self.services
        closing = self._stop_building.is_set
        try:
            library = early.result()
        except stopping.BuildStopped:
            return  # the reader closed before the lists were read
        except Exception as error:  # noqa: BLE001 - any failure is shown, never raised
            self.post_message(msg.LibraryFailed(f"{type(error).__name__}: {error}"))
            return
        if not shown:
            self.post_message(msg.LibraryLoaded(library, early.on_disk))
        # Let the list reach the screen before indexing competes with it for the CPU.
        self._first_frame.wait(timeout=FIRST_FRAME_WAIT)
        if closing():
            return
        if not library.complete:
            # Shown from the cache's table of papers: the rest is read now, here.
            library.papers  # noqa: B018 - reads them
            self.post_message(msg.LibraryRead(library))
        if closing():
            return
        scan_engine = getattr(services, "scan_engine", None)
        building: list[bool] = []
        try:

            def reading(done: int, total: int) -> None:
                self.post_message(msg.ScanPreparing(done, total))

            def progress(done: int, total: int) -> None:
                if (
                    scan_engine is not None
                    and not building
                    and done < total
                    and self.search_query.strip()
                ):
                    building.append(True)
                    if done > total * SCAN_BEFORE or _built_in_parts(total, library):
                        # the index is nearer than a scan would be: the query waits
                        self.post_message(msg.IndexProgress(done, total))
                        return
                    # a query waits for the index being built: the build waits while
                    # the papers' words are read once, for a scan that answers meanwhile
                    self.post_message(msg.IndexProgress(done, total))
                    self.post_message(msg.ScanPreparing(0, len(library)))
                    try:
                        scanning = scan_engine(library)
                        prepare = getattr(scanning, "prepare_scan", None)
                        if prepare is not None:
                            prepare(reading)
                    except Exception as error:  # noqa: BLE001 - the query waits, as before
                        self.log.warning(f"scanning while the index is built failed: {error}")
                    else:
                        self.post_message(msg.EngineReady(scanning, interim=True))
                self.post_message(msg.IndexProgress(done, total))

            with stopping.stopped_by(self._stop_building):
                engine = services.open_engine(library, progress)
            building.append(False)  # (a rebuild later, of an index found damaged: none)
        except stopping.BuildStopped:
            return  # the reader is closing: the next start builds the index again
        except Exception as error:  # noqa: BLE001
            self.post_message(msg.EngineFailed(f"{type(error).__name__}: {error}"))
            return
        self.post_message(msg.EngineReady(engine))
        warm = getattr(engine, "warm", None)
        if warm is not None:
            try:
                times = warm(SEARCH_LIMIT, QUICK_SEARCHES)
            except Exception as error:  # noqa: BLE001 - the first search will say it again
                self.log.warning(f"warming the search engine failed: {error}")
            else:
                self.post_message(msg.EngineWarmed(engine, tuple(times)))

    def on_library_loaded(self, message: msg.LibraryLoaded) -> None:
        library = message.library
        first = self.library is None
        self.library = library
        self._on_disk = with_lists(message.on_disk, library)
        self.total = len(library)
        self.triage.name_of = self._title_of
        self._say_drafts()  # (when the triage file opened first)
        self._say_tag_drafts()
        self.call_after_refresh(self._first_frame.set)
        self.index_state = "opening"
        key_problems = tuple(getattr(self.app, "key_problems", ()))
        problems = self.problems = (*library.problems, *key_problems)
        if (
            first
            and not len(library)
            and any(getattr(problem, "severity", "") == "error" for problem in library.problems)
        ):
            # not one paper, and why: said on the command line as the reader closes,
            # where it opened on an empty list with the reasons behind a key
            self.app.no_papers = tuple(library.problems)  # type: ignore[attr-defined]
            self.app.exit(return_code=2)
            return
        if problems:
            summary, key = self._count_warnings()
            errors = any(getattr(problem, "severity", "") == "error" for problem in problems)
            # a list's warnings met before with the same contents were announced then:
            # the status line counts them and w lists them
            if not all(getattr(problem, "quiet", False) for problem in problems):
                lists, settings = _by_source(library.problems)
                where = " and ".join(
                    part
                    for part, some in (
                        ("reading the lists", lists),
                        ("in config.toml", settings or key_problems),
                    )
                    if some
                )
                self.notify(
                    f"{summary} {where}: press {key} in the list to see them",
                    title="Loading",
                    severity="error" if errors else "warning",
                    markup=False,
                )
            for problem in problems:
                self.log.warning(str(problem))
            self.refresh_bindings()
        # With load warnings, their count says why the library is empty (w lists them).
        if not len(library) and not self.message and not self.warnings:
            self.message = "No papers: the library is empty"
        self._show_query()
        if library.complete:  # else once it is (a fit reads every paper)
            self._refit_soon()

    def _count_warnings(self) -> tuple[str, str]:
        """Put the count of load warnings on the status line: a count, not the problems
        themselves (they would take it over); the details are one key away (and in
        Textual's log). Gives the count in words and that key."""
        count = len(self.problems)
        summary = f"{count} load warning{'s' if count != 1 else ''}"
        key = self._key_for("show_problems") or "w"
        self.warnings = f"{summary} ({key}: details)"
        return summary, key

    def on_library_read(self, message: msg.LibraryRead) -> None:
        library = message.library
        if library is not self.library:
            return
        rows = self._every_row
        if rows is not None:
            before = rows.ids
            rows.forget_ids()  # the papers' own id strings from now on
            if rows.stood_in or tuple(rows.ids) != tuple(before):
                # The cache failed as the papers were read: rows stood in for some, or
                # the lists read instead differ. Show them as they are now.
                self._every_row = None
                if not self.search_query.strip():
                    current = self.current_paper
                    self._return_to = current.id if current is not None else None
                    self._show_query()
                    if rows.stood_in:  # the same rows, but some drawn as stand-ins
                        self.results.redraw()
        self.total = len(library)
        late = [problem for problem in library.problems if problem not in self.problems]
        if late:
            self.problems = (*self.problems, *late)
            self._count_warnings()
            self.notify(visible(str(late[0])), title="Loading", severity="warning", markup=False)
            for problem in late:
                self.log.warning(str(problem))
            self.refresh_bindings()
        self._refit_soon()

    def on_library_failed(self, message: msg.LibraryFailed) -> None:
        self._reading_lists = False
        self._shelf_change = None
        if message.again and self.library is not None:
            # the lists shown stay; the files as they are now are not read again each poll
            self._on_disk = with_lists(message.on_disk, self.library)
            if message.unread is not None and message.unread.to_read:
                self._unread = message.unread
            reason = f"Could not read the lists again: {message.reason}"
            self.notify(visible(reason), title="Lists", severity="error", markup=False)
            return
        self._results_came()
        self.library = Library()
        self.index_state = "none"
        self._first_frame.set()
        self.message = f"Could not load the library: {message.reason}"
        self.notify(visible(self.message), severity="error", markup=False)
        self._show_query()

    def on_index_progress(self, message: msg.IndexProgress) -> None:
        bar = self.query_one("#progress", ProgressBar)
        if not self._reading_lists and message.done >= message.total:
            # the last of a damaged index rebuilt by a search (its progress comes after
            # the search's own result, when the search ran with the key)
            self._index_back()
            return
        if message.done >= message.total:
            # every paper is written: what is left before the index is searched (its
            # segment committed, the words of every paper gathered and saved: seconds
            # for thousands of papers) moves no bar, which sat full all that time
            bar.display = False
            self.index_state = "saving"
            return
        bar.display = True
        bar.update(total=max(message.total, 1), progress=message.done)
        self.index_state = f"indexing {message.done:,}/{message.total:,}"

    def watch_index_state(self, state: str) -> None:
        # a query waiting for the index says what for: its build, once one has begun
        if self.engine is None and self._waits_said and self.message == self._waits_said:
            self.message = self._waits_said = query_waits(self.search_query, state)

    def _index_back(self) -> None:
        """The index rebuilt within a search is there again, as the search found it."""
        self.index_state = "text scan" if getattr(self.engine, "problem", None) else "ready"
        self.query_one("#progress").display = False

    def on_engine_ready(self, message: msg.EngineReady) -> None:
        if message.interim:
            if self.engine is None and self.library is not None:  # (not had already)
                self.engine = self._interim = message.engine
                if self.search_query.strip() and self.similar_to is None:
                    self._show_query()
            return
        # the index's results replace the scan's: the paper highlighted stays so
        replacing = self._interim is not None and self.engine is self._interim
        self._interim = None
        if replacing and self.search_query.strip() and self.current_paper is not None:
            self._return_to = self.current_paper.id
        engine = self.engine = message.engine
        if hasattr(engine, "healed"):
            # an index found damaged is rebuilt behind the searches, which scan meanwhile
            engine.healed = lambda: self.post_message(msg.IndexHealed(engine))
        self._reading_lists = False
        if self._keep_on_index:  # the lists were read again: the results of the new
            self._keep_on_index = False  # index keep the paper highlighted
            current = self.current_paper
            self._return_to = current.id if current is not None else None
            # wherever it ranks now: among the first hits, or the rest that follow them
            # (the first search reads only the hits the screen shows, as a key's does)
            searched = bool(self.search_query.strip()) and self.similar_to is None
            self._seeking = current.id if current is not None and searched else None
        self._search_times.clear()  # another engine: its speed is yet to be seen
        # What the reader holds from now on (papers, the index's readers, the widgets)
        # lives as long as it does: out of the garbage collector's full walks, which
        # otherwise fall on a keystroke now and then (35-90 ms each at 2,610 papers).
        gc.freeze()
        problem = getattr(engine, "problem", None)
        self.index_state = "text scan" if problem else "ready"
        for note in getattr(engine, "messages", ()):
            self.notify(visible(note), title="Search index", severity="warning", markup=False)
        self.query_one("#progress").display = False
        # More like this keeps its papers (those of the lists read again) until Esc
        if self.search_query.strip() and self.similar_to is None:
            # a triage query shown (the lists read again, the index back in place of a
            # scan) keeps the rows decided in the reader, as they are kept elsewhere
            answered = self._answered_again(self.search_query)
            if answered is not None:
                current = self.current_paper  # (and the paper highlighted stays so)
                if self._return_to is None and current is not None:
                    self._return_to = current.id
                self._search_owed = False
                self._search(self.search_query, answered=answered)
            else:
                self._show_query()
        if getattr(engine, "retry", False):
            # another tuireader holds the index: searches scan, and the index is asked
            # for again now and then
            self._ask_index_later(engine)

    def on_scan_preparing(self, message: msg.ScanPreparing) -> None:
        if self.engine is None and self.message.startswith("Search:"):
            # the index waits meanwhile: the count said is the one that moves
            self.message = (
                "Search: reading the papers' words to search them while the index is built"
                f" ({message.done:,}/{message.total:,})"
            )

    def on_index_healed(self, message: msg.IndexHealed) -> None:
        """The index found damaged can be scanned, or is rebuilt (or given up, the scan
        going on): the query is searched again, the paper highlighted staying so."""
        if message.engine is not self.engine:
            return
        if not getattr(message.engine, "rebuilding", None):  # (else: the scan is ready)
            self._index_back()
        if self.search_query.strip() and self.similar_to is None:
            current = self.current_paper
            if self._return_to is None and current is not None:
                self._return_to = current.id
            self._show_query()

    def _scanning_meanwhile(self) -> bool:
        """Whether searches scan the library while its index is built or rebuilt."""
        engine = self.engine
        return engine is not None and (
            engine is self._interim or bool(getattr(engine, "rebuilding", None))
        )

    def _ask_index_later(self, scanning: Any) -> None:
        self.set_timer(INDEX_RETRY_SECONDS, lambda: self._reopen_index(scanning))

    @work(thread=True, exclusive=True, group="reopen", exit_on_error=False)
    def _reopen_index(self, scanning: Any) -> None:
        """Ask for the index again while searches scan; it replaces the scan when had."""
        library = self.library
        if library is None or self.engine is not scanning:
            return
        try:
            with stopping.stopped_by(self._stop_building):
                engine = self.services.open_engine(library, lambda _done, _total: None)
        except (Exception, stopping.BuildStopped):  # noqa: BLE001 - the scan goes on
            return
        if not getattr(engine, "problem", None):
            self.post_message(msg.EngineReady(engine))
        elif getattr(engine, "retry", False):
            self.app.call_from_thread(self._ask_index_later, scanning)

    def on_engine_warmed(self, message: msg.EngineWarmed) -> None:
        """The engine's own searches tell how quick the first keys' will be (without
        them, the first few keys search in a worker, to find out)."""
        if message.engine is self.engine and not self._search_times:
            self._search_times.extend(message.times)

    def on_engine_failed(self, message: msg.EngineFailed) -> None:
        self._reading_lists = False
        self._keep_on_index = False
        self._results_came()
        self.index_state = "unavailable"
        self.query_one("#progress").display = False
        self.message = f"Search is unavailable: {message.reason}"

    # -- searching ------------------------------------------------------------------------

    @on(SearchBox.Changed, "#search")
    def _query_changed(self, event: SearchBox.Changed) -> None:
        # More of the text is on its way to the box (a paste the terminal types key by
        # key, keys faster than the screen): the query is searched once it has come.
        typing = getattr(self.app, "typing_ahead", False)
        self._typing_on = typing and self.focused is self.search_box
        try:
            self.search_query = event.value
        finally:
            self._typing_on = False

    def watch_search_query(self) -> None:
        # the query cleared or edited: Enter no longer goes back to the paper open with
        # the query typing was taken back to
        self._typed_back = None
        if self.similar_to is not None:
            self.similar_to = None
            self.refresh_bindings()  # Escape no longer means "back"
        if self.narrow and self.reading:
            self.reading = False
        self._hold_first_fit()
        if self._typing_on:
            self._search_after_keys()
        else:
            self._show_query()
        self._draw_together()

    def _search_after_keys(self) -> None:
        """Search the query once the keys typed ahead have come, not now: each of them
        changes it again (a search for each letter of a long paste the terminal typed
        held the reader for a minute). Its last text is searched by the key that typed
        it, by Enter, or, should none of them search it, once the keys are handled."""
        self.workers.cancel_group(self, "search")  # the hits of a query typed past
        if not self._search_owed:
            self._search_owed = True
            after_keys = getattr(self.app, "after_keys", None)
            if after_keys is not None:
                after_keys(self._search_if_owed)

    def _search_if_owed(self) -> None:
        """The keys typed ahead are handled: the query is searched, if none of them did."""
        if self._search_owed:
            self._show_query()
            self._draw_together()

    def _draw_together(self) -> None:
        """Hand the screen now what the panes were asked to repaint (by a key's search,
        its results arriving, or a move to another paper), so that they are drawn in one
        frame.

        A widget tells the screen of its repaint when its own queue next goes idle; the
        screen's frame timer, woken as the screen goes idle after this handler, often
        draws before they have, and the rest then waits for the frame after (16-33 ms
        later): the list and the status line a frame behind the query's echo.
        """
        results = self.results
        panes: list[Widget] = [results, self.viewer, self.query_one("#status"), self.search_box]
        if results.show_vertical_scrollbar:  # its range follows the number of hits
            panes.append(results.vertical_scrollbar)
        for pane in panes:
            told = getattr(pane, "_check_refresh", None)  # what the widget's idle does
            if told is not None:
                told()

    def _show_query(self) -> None:
        """Show what the current query asks for: every paper, or a search."""
        self._search_owed = False
        if self.library is None:
            return
        query = self.search_query
        if not query.strip():
            self.workers.cancel_group(self, "search")
            self._set_suggestion(None)
            self._highlight_terms = None
            self.matched = None
            self._beyond_triaged = frozenset()
            self.displayed_query = query
            self._present(self._all_rows(self.library), None)
            self.elapsed_ms = None
            if self.message.startswith("Search:"):
                self.message = ""
            return
        resume = self._resume
        if resume is not None and query == resume.get("query") and self.displayed_query != query:
            # the last run's query, restored as the reader starts: the list shows none of
            # every paper (not its results) and says so until its results come
            self.displayed_query = None
            self._present([], parse_query(query).sort)
            self.message = f"Search: loading the results of “{visible(query)}”"
            if self.engine is None:
                return
        if self.engine is None:
            self.message = self._waits_said = query_waits(query, self.index_state)
            return
        self._search(query)

    def _all_rows(self, library: Library) -> PaperRows:
        """Every paper of ``library``, in list order: the same rows every time."""
        rows = self._every_row
        if rows is None or rows.library is not library:
            rows = self._every_row = PaperRows(library)
        return rows

    def _search(
        self,
        query: str,
        limit: int = SEARCH_LIMIT,
        kind: str = "search",
        *,
        now: bool = False,
        answered: TriageNow | None = None,
    ) -> None:
        """Search ``query``: at once when searches are quick (or ``now``), else in a
        worker whose result is shown when it comes. ``answered``: the triage its
        filters answer from (what is shown now when None)."""
        # The triage filters answer from a copy of what is shown now, taken here: the
        # worker never reads the screen's state while keys change it. Fit order needs
        # every hit before the first is known; list order is the index's to give.
        self._search_owed = False
        resume = self._resume
        row = resume.get("row") if resume is not None and kind == "search" else None
        if isinstance(row, int) and query == (resume or {}).get("query"):
            # the last run's query: the paper it was left on, and those that followed it,
            # among the first hits (at row 150 it was sought among the first 100, and lost)
            limit = max(limit, row + 1 + FOLLOW_BELOW)
        order = self._engine_order(query)
        self._listed_by_index = order == "list"
        whole = self._choice == "fit" or (self._choice == "list" and order is None)
        if answered is None and any(word in query for word in ("is:", "tag:", "has:")):
            answered = self._triage_now() if asks_triage(query) else None
        self._answered = answered
        resolve = self._resolver(query, answered)
        wanted = None if whole else limit
        if not now and not self._searches_quick():
            self._run_search(query, resolve, wanted, kind, order)
            return
        # Quick: searched now, the results are drawn with the key that asked for them.
        self.workers.cancel_group(self, "search")
        try:
            result = self._searched(query, resolve, wanted, order)
        except Exception as error:  # noqa: BLE001 - reported as a worker's failure is
            self._search_failed(error, query, kind)
            return
        self._take_result(msg.SearchFinished(query, result, kind=kind))
        if result.total > len(result.hits):
            self._run_rest(query, resolve, order)

    def _engine_order(self, query: str) -> str | None:
        """The order to ask the engine for: "list" when ``query``'s hits are shown in
        list order (its ``sort:list``, or the order key's choice for a query without
        ``sort:``), else None. The engine then gives the first hits in list order and
        reads only those papers, where ordering them here needed every hit read first
        ('learning sort:list' on 100,000 papers held the screen 0.6 to 0.7 s before its
        first rows; they now come in about 0.2 s)."""
        if not query.strip():
            return None  # every paper, in the library's own order
        return "list" if (parse_query(query).sort or self._choice) == "list" else None

    def _resolver(self, query: str, answered: TriageNow | None = None) -> Resolver:
        """The triage filters of ``query`` answered from what is shown now (or from
        ``answered``), a ``tag:`` still being typed at its end as a prefix of the tags in
        use, as its last word is of the words (``tag:rob`` finds "robots" as ``rob``
        finds "robot")."""
        book = self.triage
        resolve = book.resolver() if answered is None else snapshot_resolver(*answered)
        if "tag:" in query.casefold():
            resolve = typed_tag_resolver(resolve, query, book.known_tags())
        if not any(word in query for word in ("is:", "tag:", "has:")) or not asks_triage(query):
            return resolve  # (the words first: a query parsed on every key costs a moment)
        asked: set[tuple[str, str]] = set()
        self._asked = (query, asked)

        def asking(name: str, value: str) -> set[str] | None:
            asked.add((name, value))  # (from the search's worker: one add, atomic)
            return resolve(name, value)

        return asking

    def _searches_quick(self) -> bool:
        """Whether the last searches all took under ``INLINE_SEARCH_MS`` (none yet: no)."""
        times = self._search_times
        return len(times) == times.maxlen and max(times) < INLINE_SEARCH_MS

    def _searched(
        self, query: str, resolve: Resolver, limit: int | None, order: str | None = None
    ) -> Any:
        """The engine's result for ``query`` (the first hits in list order for ``order``
        "list"): every hit when its sort: needs them all."""
        started = time.perf_counter()
        search = functools.partial(
            self.engine.search, query, prefix=True, resolve=resolve, order=order
        )
        result = search(limit=limit)
        sort = getattr(result, "sort", None)
        if sort in ("fit", "list") and order is None and result.total > len(result.hits):
            # sort:fit in the query: every hit, then ordered.
            result = search(limit=None)
        self._search_times.append((time.perf_counter() - started) * 1000)
        return result

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _run_search(
        self, query: str, resolve: Resolver, limit: int | None, kind: str, order: str | None
    ) -> None:
        worker = get_current_worker()
        try:
            result = self._searched(query, resolve, limit, order)
        except Exception as error:  # noqa: BLE001 - said on screen, the reader goes on
            if not worker.is_cancelled:
                self.post_message(msg.SearchFailed(query, error, kind=kind))
            return
        if worker.is_cancelled:
            return
        self.post_message(msg.SearchFinished(query, result, kind=kind))
        if result.total > len(result.hits):
            self._rest_of(query, resolve, worker, order)

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _run_rest(self, query: str, resolve: Resolver, order: str | None = None) -> None:
        self._rest_of(query, resolve, get_current_worker(), order)

    def _rest_of(
        self, query: str, resolve: Resolver, worker: Worker[Any], order: str | None = None
    ) -> None:
        """Every hit of ``query``, posted once no newer key has cancelled ``worker``: the
        first hits are on screen, and a thread cannot be stopped mid-search, so it does
        not start one early."""
        for _ in range(10):
            time.sleep(REST_DELAY / 10)
            if worker.is_cancelled:
                return
        rest = self.engine.search(query, limit=None, prefix=True, resolve=resolve, order=order)
        if not worker.is_cancelled:
            self.post_message(msg.SearchFinished(query, rest, kind="more"))

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _similar(self, paper: Paper, query: str) -> None:
        try:
            result = self.engine.similar(paper.id)
        except Exception as error:  # noqa: BLE001 - said on screen, the reader goes on
            if not get_current_worker().is_cancelled:
                self.post_message(msg.SearchFailed(query, error, kind="similar"))
            return
        if not get_current_worker().is_cancelled:
            self.post_message(msg.SearchFinished(query, result, kind="similar"))

    def on_search_finished(self, message: msg.SearchFinished) -> None:
        """A worker's result: taken, and drawn without waiting for the next frame."""
        if self._take_result(message):
            self.call_later(self._draw_now)

    def _draw_now(self) -> None:
        """Draw the frame that the panes' repaints (handed over by ``_draw_together``, and
        queued before this) are waiting for, now.

        A worker's result arrives while the screen's frame timer sleeps after the query's
        echo, and Textual wakes it one or two frame periods later (16-33 ms). A key's own
        search needs none of this: the timer, idle since the last frame, fires at once, and
        keys that come together share one frame.
        """
        draw = getattr(self, "_on_timer_update", None)  # what the frame timer calls
        if draw is not None and self.is_current:
            draw()

    def _take_result(self, message: msg.SearchFinished) -> bool:
        """Show a search's result, if it is still the one asked for; whether it was."""
        if message.query != self.search_query:
            return False  # typed past it: a newer search is on its way
        if message.kind == "similar" and self.similar_to is None:
            return False
        result = message.result
        if (
            self.index_state.startswith("indexing")
            and not self._reading_lists
            and not self._scanning_meanwhile()
        ):
            self._index_back()  # rebuilt within the search, its progress shown
        if getattr(self.engine, "rebuilding", None) and not self.index_state.startswith("indexing"):
            self.index_state = "rebuilding"  # (found damaged: its progress is yet to come)
        if message.kind != "similar":
            self._highlight_terms = result.terms or None
        keep = self.current_paper.id if message.kind == "more" and self.current_paper else None
        sought, self._sought = self._sought, None
        if message.kind == "more" and sought is not None and sought[:1] == (message.query,):
            # the paper sought below the first hits, the cursor still where they put it
            keep = sought[1] if keep == sought[2] else keep
        rows = [Row(hit.paper, hit) for hit in result.hits]
        self._total_hits = result.total
        # what the first hits said (a notice said once, as of an index rebuilt) stays
        # with the rest of them
        before = self.message if self.displayed_query == message.query else ""
        before_parts = self.message_parts
        self.displayed_query = message.query
        self.matched = result.total
        if message.kind != "more":
            self._beyond_triaged = frozenset()
        if message.kind == "similar":
            self._base_rows = None
            self._ordered_for = None
            self._show_rows(rows, keep=keep)
            self._show_order()  # by similarity, whatever order the list was in
            self._results_came()
        else:
            order = self._choice if message.kind == "reorder" else None
            self._present(rows, getattr(result, "sort", None), keep=keep, order=order)
        if (
            message.kind != "similar"
            and result.total > len(rows)
            and not result.message
            and self.triage.states
        ):
            self._count_matches(message.query, self._resolver(message.query))
        if message.kind != "more":  # the time to the first hits is what the user waited
            self.elapsed_ms = result.elapsed_ms
        if message.kind == "similar" and self.similar_to is not None:
            self._show_similar_line(self.size.width)
        else:
            # nothing found: → takes the suggestion, and it says so
            taken = bool(result.suggestion) and not result.total
            self._suggested = (message.query, result.suggestion or "") if taken else None
            key = f" ({SUGGESTION_KEY})" if taken else ""
            self._set_suggestion(
                f"Did you mean: {result.suggestion}?{key}" if result.suggestion else None
            )
        said = said_apart(result.message) if result.message else []
        tagged = "tag:" in message.query.casefold()
        if tagged and message.kind != "similar" and self.triage.store is not None:
            untagged = unknown_tags(message.query, self.triage.known_tags(), typing=True)
            said += [untagged] if untagged else []
        self._say_search(said)
        if message.kind == "more" and not said and before.startswith("Search:"):
            self.message_parts, self.message = before_parts, before
        if message.kind != "similar":
            self._query_said = (message.query, said)
            self._settle_query_soon()
        self._draw_together()
        return True

    def _settle_query_soon(self) -> None:
        """Say what the query's repair held back while it was typed once it has settled:
        at once when the focus is not in the search box, else after a pause in the keys."""
        if self._query_timer is not None:
            self._query_timer.stop()
            self._query_timer = None
        if self.focused is not self.search_box:
            self._say_query_repairs()
        else:
            self._query_timer = self.set_timer(QUERY_SETTLED, self._say_query_repairs)

    def _say_query_repairs(self) -> None:
        """Add to the status line what the search says of the query as a finished one
        and held back while it was being typed: an unbalanced quote it closed, a field
        with no value that it left out (the command line says the same)."""
        self._query_timer = None
        if self._query_said is None:
            return
        query, said = self._query_said
        self._query_said = None
        if query != self.search_query or query != self.displayed_query:
            return
        if self.similar_to is not None:
            return
        typing = parse_query(query, prefix=True).problems
        held = [note for note in parse_query(query).problems if note not in typing]
        if held:
            said = list(dict.fromkeys([*said, *held]))
            self._say_search(said)
        self._log_search(query, said)

    def _say_search(self, said: Sequence[str]) -> None:
        """Say what the search says of the query (nothing, when ``said`` is empty): all
        of it, each problem apart for a line too short to show them all."""
        self.message_parts = tuple(said)
        self.message = f"Search: {'; '.join(said)}" if said else ""

    def _log_search(self, query: str, said: Sequence[str]) -> None:
        """Keep what the search said of the settled ``query`` in the notices log (W),
        whole, a problem a line: the status line may show only the first. Once for a
        query (not at each key typed, nor again as the same query settles again)."""
        log = getattr(self.app, "notice_log", None)
        if not said or log is None or (query, tuple(said)) in self._logged_said:
            return
        self._logged_said.add((query, tuple(said)))
        title = f"Search: {as_typed(query)}"
        log.add(Said(time.time(), "warning", title, "\n".join(said)))

    def on_search_failed(self, message: msg.SearchFailed) -> None:
        """A worker's search raised: said, unless the query was typed past."""
        if message.query == self.search_query:
            self._search_failed(message.error, message.query, message.kind)
            self.call_later(self._draw_now)

    def stop_building(self) -> list[Worker[Any]]:
        """Stop the index's build, as the reader closes, and the rebuild of an index a
        search found damaged: the workers building it (or waiting for that rebuild),
        which stop within a paper or so (none: nothing is built, or what runs would not
        stop when asked). What was written of it is thrown away; the next start builds
        it."""
        self._stop_building.set()
        self._first_frame.set()  # (the load waits for no frame: it ends there)
        if self._early is not None:
            self._early.give_up()
        stopped: list[Worker[Any]] = []
        if self._stop_building.heeded:
            stopped = [
                worker
                for worker in self.workers
                if worker.group in ("load", "reopen") and not worker.is_finished
            ]
        # an index found damaged while searched is rebuilt on a thread of the engine's
        stop_rebuilding = getattr(self.engine, "stop_rebuilding", None)
        rebuilder = stop_rebuilding() if stop_rebuilding is not None else None
        if rebuilder is not None:
            stopped.append(
                self.run_worker(rebuilder.join, thread=True, group="rebuilt", exit_on_error=False)
            )
        return stopped

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "search":
            self._search_failed(event.worker.error)
        elif event.state == WorkerState.ERROR and event.worker.group == "fit":
            self._fit_failed(event.worker)

    def _fit_failed(self, worker: Worker[Any]) -> None:
        """Say that a fit failed, and why; the order no longer says one is on its way (the
        next decision, or the lists read again, fits again)."""
        if any(w.group == "fit" and not w.is_finished for w in self.workers if w is not worker):
            return  # a newer fit is on its way
        self._fit_library = self.library
        self._show_order()
        error = worker.error
        self.message = f"Fit: failed ({type(error).__name__}: {error})"

    def _search_failed(
        self, error: BaseException | None, query: str | None = None, kind: str = "search"
    ) -> None:
        """Say that a search failed, and why (in a worker, or as its key was handled).

        The list then shows no paper for ``query``: the results it showed were those of
        the query before it (the keys before, in the search box), and Enter and the
        triage keys would have acted on papers the query shown does not select. A failed
        search for more of the query's hits, or for them in another order, leaves its
        own hits shown.
        """
        searched = kind == "search" or (kind == "similar" and self.similar_to is not None)
        if query is not None and query == self.search_query and searched:
            self._highlight_terms = None
            self._total_hits = 0
            self.displayed_query = query
            self.matched = 0
            self._beyond_triaged = frozenset()
            self.elapsed_ms = None
            if kind == "similar":
                self._base_rows = None
                self._ordered_for = None
                self._show_rows([])
            else:
                self._set_suggestion(None)
                self._present([], None)
        self.message = f"Search: failed ({type(error).__name__}: {error})"
        self._draw_together()
        self._results_came()

    def _show_similar_line(self, width: int) -> None:
        """The line above the list of "More like this", fitted to ``width`` columns: the
        title gives way, then the hint shortens, so that the way back stays in view (at
        60 columns it ran a column past the line, and the row ended "Esc goes back,
        typing")."""
        if self.similar_to is None:
            return
        title = display_title(self.similar_to.title)
        room = width - 2 - len(SIMILAR_LEAD)  # the line's padding, one column each side
        hint = SIMILAR_HINTS[-1]
        for hint in SIMILAR_HINTS:
            if room - len(hint) >= SIMILAR_TITLE_MIN:
                break
        left = max(1, room - len(hint))
        if len(title) > left:
            title = title[: left - 1].rstrip() + "…"
        self._set_suggestion(f"{SIMILAR_LEAD}{title}{hint}")

    def _set_suggestion(self, text: str | None) -> None:
        # An update lays the screen out again (and repaints the list's scroll bar): the
        # same suggestion again, or none again, changes nothing.
        shown = text or ""
        if shown == self._suggestion_shown:
            return
        self._suggestion_shown = shown
        line = self.query_one("#suggestion", Static)
        line.display = bool(text)
        line.update(Text(visible(shown), end=""))

    # -- the order: list, relevance or fit ----------------------------------------------

    def _present(
        self,
        rows: Sequence[Row],
        sort: str | None,
        *,
        keep: str | None = None,
        order: str | None = None,
    ) -> None:
        """Show ``rows`` (as the engine ranked them) in the order in force: ``order``,
        else the query's ``sort``, else the order key's choice, else list order for no
        query and relevance for a search; relevance is list order for a query of filters
        only, which ranks none of its hits above another (``ranking``)."""
        self._base_rows = rows if isinstance(rows, PaperRows) else list(rows)
        # the same query's results again in fit order (the lists read again, the index
        # back): the rows seen stay where they were, as after a new model's fit
        again = order is None and self.order == "fit" and self._ordered_for == self.search_query
        seen = (self._seen_before or self._seen_ids()) if again else []
        self._seen_before = None
        self._ordered_for = self.search_query
        self._been_on.clear()  # rows of their own: none seen in this order yet
        kept, self._order_kept = self._order_kept, False
        self._query_sort = sort
        if sort == "fit":
            self._top_on_fit = True  # sort:fit typed: asked for as the order key asks
        ranked = ranks_text(self.search_query, prefix=True)
        self.order = order or sort or self._choice or ("relevance" if ranked else "list")
        if self.order == "relevance" and not ranked:
            # without words (no query, or filters only), relevance is list order, said so
            self.order = "list"
        if self.order == "fit":
            self._fit_now()
        left = self._resumed_order(self._base_rows) if self.order == "fit" else None
        if left is not None:
            self._order_kept = True
            self._show_rows(left, keep=keep)
        elif seen and self.order == "fit":
            self._order_kept = kept  # (the rows seen stay: so they do for the model)
            self._show_rows(self._seen_first(seen, self._base_rows), keep=keep)
        else:
            self._show_rows(self._ordered(self._base_rows), keep=keep)
        self._show_order()

    def _ordered(self, rows: Sequence[Row]) -> Sequence[Row]:
        """``rows`` in the order shown: by fit the undecided most likely kept first (the
        decided after them), by list as the lists have them."""
        if self.order == "list":
            if isinstance(rows, PaperRows):
                return rows  # the library's own order
            return sorted(rows, key=lambda row: row.paper.order)
        model = self.fit_model
        if self.order == "fit" and model is not None and rows:
            by_id = {row.paper.id: row for row in rows}
            # papers of lists just read wait for the fit on them (on its way) to be placed
            papers = model.order([row.paper for row in rows], placed=False)
            # the papers decided since the model was fitted (its refit is on its way) go
            # with the decided ones, as the refit will put them: never first
            decided = self.triage.states
            if any(paper_id not in model.decisions for paper_id in decided):
                fresh = [paper for paper in papers if paper.id not in decided]
                papers = fresh + [paper for paper in papers if paper.id in decided]
            return [by_id[paper.id] for paper in papers]
        return rows

    def _seen_ids(
        self,
        shown: Sequence[Row] | None = None,
        at: int | None = None,
        been: frozenset[str] | set[str] | None = None,
        *,
        on_screen: bool = False,
    ) -> list[str]:
        """The papers of the rows ``shown`` (those on screen) down to the cursor (``at``),
        or to the lowest row it has been on since they were ordered (``been``: the user
        went back up), as the lists read now name them; with ``on_screen``, down to the
        lowest row on screen too, where that is lower."""
        if shown is None:
            shown, at, been = self.results.rows, self.results.highlighted, self._been_on
            if self.current_paper is None:
                return []
            lowest = self.results.last_row_shown() if on_screen else None
            if at is not None and lowest is not None:
                at = max(at, lowest)
        if at is None or been is None:
            return []
        for index in range(len(shown) - 1, at, -1):
            if shown[index].paper.id in been:
                at = index
                break
        return [str(self._id_now(row.paper.id)) for row in shown[: at + 1]]

    def _seen_first(self, seen: Sequence[str], rows: Sequence[Row]) -> Sequence[Row]:
        """``rows`` with the papers ``seen`` first, as they were, then the rest in the
        order of the model now in use; the cursor has been on those it keeps."""
        ids = set(seen)
        by_id = {row.paper.id: row for row in rows if row.paper.id in ids}
        kept = [by_id[paper_id] for paper_id in seen if paper_id in by_id]
        self._been_on.update(by_id)
        rest = [row for row in rows if row.paper.id not in ids]
        return [*kept, *self._ordered(rest)]

    def _order_left(self) -> dict[str, Any]:
        """What the position saved as the reader closes keeps of the order shown: the
        ids of the rows seen (down to the cursor, or to the lowest row it has been on
        since they were ordered; the last SAVED_SEEN of them) and of the FOLLOW_BELOW
        rows after them (``rows``), how many of those were seen (``seen``) and the
        cursor's row (``row``: the next run's first search asks for hits down to it and
        those rows). The next run highlights the first of those after the paper left on
        that is still listed when that paper is not (decided elsewhere since, under
        ``is:new``), and in fit order shows them first as they were while its model is
        fitted."""
        left = self._left_in
        if left is None or self.similar_to is not None:
            return {}  # (More like this: the next run shows the query's results)
        if self.displayed_query != self.search_query:
            return {}  # the rows are not those of the query saved
        rows, at = left
        if not 0 <= at < len(rows):
            return {}
        ids = ids_of(rows)
        end = at
        for index in range(len(ids) - 1, at, -1):
            if ids[index] in self._been_on:
                end = index
                break
        start = min(at, max(0, end + 1 - SAVED_SEEN))
        kept = [str(self._id_now(paper_id)) for paper_id in ids[start : end + 1 + FOLLOW_BELOW]]
        return {"rows": kept, "seen": end + 1 - start, "row": at}

    def _saved_rows(self, resume: dict[str, Any]) -> tuple[list[str], int] | None:
        """The rows the last run's position kept (see _order_left), as the lists read
        now name their papers, and how many of them were seen (None: none kept)."""
        rows, seen = resume.get("rows"), resume.get("seen")
        if not isinstance(rows, list) or not isinstance(seen, int) or isinstance(seen, bool):
            return None
        return [str(self._id_now(paper_id)) for paper_id in rows if isinstance(paper_id, str)], seen

    def _resumed_order(self, rows: Sequence[Row]) -> list[Row] | None:
        """``rows``, the results of the query the last run was left on, in fit order:
        the rows it kept first, as it showed them, those seen then counted as seen now,
        and the rest in the order of the model in use (none yet: as the engine gave
        them). None when there is no such position to take up."""
        resume = self._resume
        asked = (resume.get("query") or "") if resume is not None else None
        if resume is None or not self.search_query == asked == self.displayed_query:
            return None
        saved = self._saved_rows(resume)
        if saved is None:
            return None
        by_id = {row.paper.id: row for row in rows}
        head: list[Row] = []
        taken: set[str] = set()
        for index, paper_id in enumerate(saved[0]):
            row = by_id.get(paper_id)
            if row is None or paper_id in taken:
                continue
            taken.add(paper_id)
            head.append(row)
            if index < saved[1]:
                self._been_on.add(paper_id)
        if not head:
            return None
        rest = [row for row in rows if row.paper.id not in taken]
        return [*head, *self._ordered(rest)]

    def _resumed_paper(self, resume: dict[str, Any]) -> object:
        """The paper the last run was left on, as the lists read now name it; when the
        results no longer hold it (decided elsewhere since, under ``is:new``), the first
        still listed of those that followed it in the order it showed, else the nearest
        above it."""
        paper_id = self._id_now(resume.get("paper"))
        saved = self._saved_rows(resume)
        if saved is None or self.results.index_of(paper_id) is not None:
            return paper_id
        ids = saved[0]
        if paper_id not in ids:
            return paper_id
        at = ids.index(paper_id)
        listed = set(ids_of(self.results.rows))
        for other in [*ids[at + 1 :], *reversed(ids[:at])]:
            if other in listed:
                return other
        return paper_id

    def _reordered_below(self, paper_id: str, *, on_screen: bool = False) -> Sequence[Row]:
        """The rows in the order shown down to paper ``paper_id``'s row, or to the last
        row the cursor has been on since they were ordered (the user went back up), or
        (``on_screen``) to the lowest row on screen, then the rest in the order of the
        model now in use."""
        if self.results.index_of(paper_id) is None:
            return self._ordered(self._base_rows or ())
        seen = self._seen_ids(on_screen=on_screen)
        return self._seen_first(seen, self._base_rows or ())

    def action_cycle_order(self) -> None:
        self.post_message(cmd.CycleOrder())

    @on(cmd.CycleOrder)
    def _cycle_order(self) -> None:
        """The next order: list → relevance → fit (relevance only for words). Fit before
        there can be a model waits for the decisions it needs, the rows meanwhile in
        relevance (or list) order, as ``sort:fit`` does: the notice and the status line
        say what it still needs."""
        if self.similar_to is not None or self._base_rows is None:
            self.notify("More like this keeps its own order", severity="warning")
            return
        query = self.search_query
        step = self.order
        for _ in ORDERS:
            step = ORDERS[(ORDERS.index(step) + 1) % len(ORDERS)]
            if step == "relevance" and not ranks_text(query, prefix=True):
                continue  # without words (no query, or filters only), relevance is list order
            break
        if step == "fit" and self._fit_waits():
            shown = self._order_before_fit()
            self.notify(fit_waits_notice(self.triage.states, shown), markup=False)
        self._choice = step
        # asked for now: the first model's best paper is highlighted when it comes
        self._top_on_fit = step == "fit"
        if step == "fit":
            self._fit_now()
        worded = with_order(query, step)
        if worded != query and not self._say_order_in_query(worded, step):
            return  # the words typed are searched now, in the order they say
        partial = self._total_hits > len(self._base_rows)
        # the rows in hand came from the index in list order: relevance (and fit, which
        # falls back on it) needs them ranked, as a query typed now would be
        ranked_elsewhere = step != "list" and self._listed_by_index
        if (
            query.strip()
            and self.engine is not None
            and ((step in ("fit", "list") and partial) or ranked_elsewhere)
        ):
            self._search(worded, kind="reorder")  # every hit first
            return
        self.order = step
        self._ordered_for = self.search_query
        self._been_on.clear()
        self._order_kept = False
        # The cursor goes to the first row of the new order, and what counts as seen
        # starts again there: left on its paper, far down the new order, it had every
        # row above it count as seen, and a refit left the best-ranked papers there,
        # unread.
        self._show_rows(self._ordered(self._base_rows))
        self._show_order()

    def _say_order_in_query(self, query: str, order: str) -> bool:
        """Put ``query``, the query in the box with its ``sort:`` words saying ``order``
        (just chosen), in the search box, without searching it again when its results are
        the ones shown (a ``sort:`` word finds nothing): whether they were. The box and
        the status line then say the same order, and so does the query the next run
        starts with."""
        box = self.search_box
        if self.displayed_query != self.search_query:
            box.value = query  # searched as typed words are: those shown are not its
            return False
        ends = {box.selection.start, box.selection.end}
        selected = bool(box.value) and ends == {0, len(box.value)}
        at_end = box.cursor_position >= len(box.value)
        # the box's change comes back as this very query: nothing to search
        self.set_reactive(MainScreen.search_query, query)
        self.displayed_query = query
        self._query_sort = order
        box.value = query
        if selected:
            box.select_all()  # the query the reader started with stays selected
        elif at_end:
            box.cursor_position = len(query)
        return True

    # -- the model of what the user keeps ---------------------------------------------

    def _refit_soon(self, delay: float | None = None) -> None:
        """Fit the model again once the decisions stop coming for a moment (``delay``
        seconds; :data:`FIT_DEBOUNCE` when not given)."""
        if self._fit_timer is not None:
            self._fit_timer.stop()
        self._fit_wait = FIT_DEBOUNCE if delay is None else delay
        self._fit_timer = self.set_timer(self._fit_wait, self._refit_settled)
        self._show_order()  # a first model on its way: the order says it is learning

    def _refit_settled(self) -> None:
        """The decisions paused: fit again, once the keys of a burst still being handled
        are all done. A fit during the burst would hold up each key behind it (its start,
        the new order of the rows below the cursor), and a loaded machine, slower at each
        key, let the pause come between keys: a fit for each key of the burst."""
        self._fit_timer = None
        app = self.app
        if getattr(app, "keys_pending", False):
            if not self._fit_after_keys:
                self._fit_after_keys = True
                app.after_keys(self._refit_after_keys)  # type: ignore[attr-defined]
            return
        self._refit()

    def _refit_after_keys(self) -> None:
        """The burst's keys are handled: the refit waits for its pause again."""
        if self._fit_after_keys:
            self._fit_after_keys = False
            self._refit_soon(self._fit_wait)

    def _hold_first_fit(self) -> None:
        """A key typed or moved: the first fit, still to come, waits for a pause."""
        if self._fit_timer is not None and self._space is None:
            self._refit_soon(FIT_QUIET)

    def _fit_now(self) -> None:
        """The fit order was asked for: a fit still waiting starts at once."""
        waiting = self._fit_timer is not None or self._fit_after_keys
        if waiting and self.fit_model is None:
            if self._fit_timer is not None:
                self._fit_timer.stop()
            self._refit()

    def _refit(self) -> None:
        self._fit_timer = None
        self._fit_after_keys = False
        library, store = self.library, self.triage.store
        if library is None or store is None:
            return
        self._fit_asked += 1
        states = self.triage.states
        if not can_fit(states):
            # Too few decisions (an undo, say): no model, and nothing to import.
            self.workers.cancel_group(self, "fit")
            self.post_message(FitDone(self._fit_asked, None, library))
            return
        decisions = {pid: state for pid, state in sorted(states.items()) if state in LABELS}
        self._fit(self._fit_asked, library, decisions, store)

    # (described in words: Textual would describe it by the repr of its arguments, the
    # whole library and every decision, a quarter of a second on the keys' thread)
    @work(thread=True, exclusive=True, group="fit", exit_on_error=False, description="fit")
    def _fit(self, version: int, library: Library, decisions: dict[str, str], store: Any) -> None:
        """Fit the model on ``decisions``; the library's vectors are built the first time."""
        from tuireader import learn

        with self._space_lock:  # a fit still building it when cancelled: wait for it
            space = self._space
            if space is None or space[0] is not library:
                papers = library.papers
                space = self._space = (
                    library,
                    learn.space_for(papers, self.cache_dir),
                    frozenset(paper.id for paper in papers),
                )
        worker = get_current_worker()
        if worker.is_cancelled:
            return
        try:
            extra = learn.remembered_papers(store, decisions, space[2])
        except StoreError:
            if store is not self.triage.store:
                # the triage file was replaced under the fit, its store closed: the
                # refit that follows reads the new one (this one said "Fit: failed")
                return
            raise
        model = learn.fit([*library.papers, *extra], decisions, space=space[1])
        if worker.is_cancelled or store is not self.triage.store:
            return  # a newer fit is on its way: scoring every paper would only delay it
        if model is not None:
            model.prepare()  # here, not as the first results are ordered by it
        if not worker.is_cancelled:
            self.post_message(FitDone(version, model, library))

    def on_fit_done(self, message: FitDone) -> None:
        if message.version < self._fit_asked or message.version <= self._fit_shown:
            return  # fitted on older decisions: a newer model is on its way
        app = self.app
        if self.fit_model is not None and getattr(app, "keys_pending", False):
            # A new model during a burst of keys: its order would replace the rows below
            # the cursor half way, and the keys after it act on papers never seen there.
            # The burst goes on in the order shown as it came; the model follows it.
            if self._fit_held is None:
                app.after_keys(self._take_held_fit)  # type: ignore[attr-defined]
            self._fit_held = message
            return
        self._fit_shown = message.version
        first = self.fit_model is None
        self.fit_model = message.model
        self._fit_library = message.library
        self._show_order()
        if self.order == "fit" and self._base_rows is not None:
            # A new model's order replaces the old one below the cursor: the papers down
            # to it were seen (decided, or passed over) and stay where they were, the
            # cursor on the same paper, so that a paper the new model ranks high never
            # comes in above it unseen, and none decided jumps out of view. But the first
            # model's order is the first by fit at all (the rows were shown as ranked
            # until it came): all of it, the cursor on the same paper, or on its best
            # paper, as the order key highlights it, unless the cursor has moved since.
            # Rows the last run left in fit order (shown as they were until the model
            # came) were seen in fit order: the model orders the rows below them.
            # A cursor moved down before the first model came (keys sent as the results
            # came) has seen the rows down to it: those stay where they were, and the
            # model orders the rest below them. Its paper kept, ranked low by the model,
            # took it thousands of rows down, and the keys after it acted on the papers
            # ranked lowest.
            current = self.current_paper
            kept, self._order_kept = self._order_kept, False
            top = first and self._top_on_fit and not self.results.highlighted and not kept
            moved = len(self._seen_ids()) > 1
            if top or current is None:
                # every row in a new order: none seen in it yet (the papers the cursor
                # had been on, decided and put last, had every row above them count as
                # seen, and no refit after it ordered any row again)
                self._been_on.clear()
                self._show_rows(self._ordered(self._base_rows))
            elif first and not kept and not moved:
                self._been_on.clear()
                self._show_rows(self._ordered(self._base_rows), keep=current.id)
            else:
                # after the first model, the rows on screen stay too: read below the
                # cursor, they moved as each model came, and keys typed after reading
                # them acted on other papers
                below = self._reordered_below(current.id, on_screen=not first)
                self._show_rows(below, keep=current.id)
        self._show_why(self.current_paper)

    def _take_held_fit(self) -> None:
        """The keys of the burst are handled: the model that came meanwhile is taken."""
        message, self._fit_held = self._fit_held, None
        if message is not None:
            self.on_fit_done(message)

    def _show_why(self, paper: Paper | None) -> None:
        """The viewer's "why" line for ``paper``: the words that pushed it up, and the
        kept paper it is most like (nothing without a model)."""
        self.viewer.show_why(*self._why_of(paper))

    def _show_rows(self, rows: Sequence[Row], keep: str | None = None) -> None:
        assert self.library is not None
        if keep is None and self._return_to is not None:
            keep = self._return_to
        self._return_to = None
        place = self._place() if self._keep_place and keep is None else None
        self._keep_place = False
        if place is not None:
            listed = set(ids_of(rows))
            keep = next((paper_id for paper_id in place[0] if paper_id in listed), None)
        lists = self.library.lists
        # a column of list names for several lists, as wide as the list's own width and
        # the names call for (the list works it out as it draws)
        names = [paper_list.name for paper_list in lists] if len(lists) > 1 else []
        # The list is as long as the query has hits, the rest still on its way included.
        total = self.matched if self.matched is not None else len(rows)
        self.results.show_rows(rows, total=total, list_names=names, keep=keep)
        self.shown = len(rows)
        seeking, self._seeking = self._seeking, None
        if seeking is not None and keep == seeking and total > len(rows):
            row = self.results.highlighted
            if self.results.index_of(keep) is None and row is not None and rows:
                # below the first hits: the rest of them, on their way, highlight it
                self._sought = (self.search_query, keep, rows[row].paper.id)
        if not rows:
            self.viewer.show_paper(None)
        resume = self._resume
        asked = (resume.get("query") or "") if resume is not None else None
        if resume is not None and self.search_query == asked == self.displayed_query:
            # the rows are the query's own results (every paper, while the lists are
            # still being read, is not: the paper would be sought there, and lost)
            self._resume = None
            paper_id = self._resumed_paper(resume)
            if self.results.index_of(paper_id) is None and self.order == "fit":
                # no paper of the place left is listed: the first row is where the rows
                # start, not a paper chosen, and the first model highlights its best
                self._top_on_fit = True
            self._select(paper_id, resume.get("scroll"))
        elif place is not None and keep is not None:
            index = self.results.index_of(keep)  # at the row of the screen it was on
            self._select(keep, max(0, (index or 0) - place[1]))
        self._update_counts()
        if self.displayed_query == self.search_query:
            self._results_came()

    # -- following the highlight ----------------------------------------------------------

    def _follow_highlight(self, paper: Paper | None) -> None:
        """The list's highlight moved to ``paper``: the viewer shows it in the same frame."""
        if paper is not None:
            results = self.results
            self._position = {"paper": paper.id, "scroll": results.scroll_y}
            if results.highlighted is not None:
                self._left_in = (results.rows, results.highlighted)
            self._been_on.add(paper.id)
        if self._decided_here is not None and (paper is None or paper.id != self._decided_here[0]):
            self._decided_here = None
        if paper is None or paper.id != self._backed_to_new:
            self._backed_to_new = None
        if paper is None or paper.id != self._stood_in:
            self._stood_in = None
        self._hold_first_fit()
        # One call with everything the viewer shows: the new paper is drawn once.
        self.viewer.show_paper(
            paper,
            self._terms_of(paper),
            triage=self._triage_text(paper),
            why=self._why_of(paper),
            authors_found=self._authors_found(paper),
        )
        self._draw_together()

    def _authors_found(self, paper: Paper | None) -> list[str]:
        """The authors of ``paper`` the query shown looks for by name (none for "More
        like this", which has no query of its own)."""
        if paper is None or self.similar_to is not None or not self.displayed_query:
            return []
        return matched_authors(paper.authors, self.displayed_query)

    def _terms_of(self, paper: Paper | None) -> frozenset[str] | None:
        """The words to highlight in ``paper``'s texts: those its row is highlighted with.

        While a version is typed ("gpt-3"), the result's words are the finished version's,
        and a hit found by other words (SceneCraft, by "GPT-V" and "3D") has its row
        highlighted with the words as typed (``Hit.marker``): its abstract, highlighted
        with the result's, showed nothing of why it was found.
        """
        terms = self._highlight_terms
        index = self.results.highlighted
        rows = self.results.rows
        if terms is None or index is None or not 0 <= index < len(rows):
            return terms
        row = rows[index]
        if row.paper is not paper or getattr(row.matched, "typed", None) is None:
            return terms
        found = getattr(row.matched, "marker", None)
        return found.forms if found is not None else terms

    def _why_of(self, paper: Paper | None) -> tuple[Sequence[str], str | None, bool]:
        """Why the model ranks ``paper`` where it does: (words, like, whether the paper it
        is like was marked read, not kept); empty without one."""
        model = self.fit_model
        if paper is None or model is None or not model.covers(paper):
            return ((), None, False)  # (a paper of a list just read: the next fit says why)
        if self.triage.state_of(paper.id) != DEFAULT_STATE:
            # decided: why it ranks where it does explains nothing any more, and its rows
            # pushed the abstract off the first screen at 80x24
            return ((), None, False)
        # A key works it out for the paper it moves to, and again as the decision it made
        # is saved (the triage lines redrawn): tens of milliseconds each, the same answer
        last = self._why_last
        if last is not None and last[0] is model and last[1] is paper:
            return last[2]
        why = model.why(paper)
        said = (why.words, why.like, why.like_state == "read")
        self._why_last = (model, paper, said)
        return said

    @on(ResultsList.PaperChosen)
    def _paper_chosen(self) -> None:
        """A paper was clicked: read it."""
        self._focus_pane("viewer")

    # -- moving around ----------------------------------------------------------------------

    def _settle_results(self) -> None:
        """Before the focus leaves the search box: the list shows the query's own results.

        A search in a worker (the first keys, a large library) may still be on its way
        when Enter comes, and the list then shows the hits of the query as it was a few
        keys ago: keys sent together with the query ("graph neural network", Enter, ``s``)
        would keep the top hit of "graph". The query is searched here instead, and the
        keys after Enter wait for it (tens of milliseconds). With no library or index
        yet (keys typed as the reader starts), the list shows nothing, rather than papers
        the query did not ask for, and the keys after Enter wait for its results (at
        most :data:`RESULTS_WAIT`): they act on them, not on an empty list.
        """
        query = self.search_box.value  # its Changed message may still be on its way
        if self.similar_to is not None:
            return
        if self.library is None:
            self.search_query = query  # searched once the library and index are had
            self._await_results()
            return
        self.search_query = query
        if query == self.displayed_query or not query.strip():
            return  # shown (every paper, with no query, is shown at once)
        if self.engine is None:
            self.displayed_query = None
            self._present([], None)
            self._await_results()
            return
        self._search(query, now=True)

    def _await_results(self) -> None:
        """Hold the keys typed next until the list shows the query's results."""
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold("results", RESULTS_WAIT, self._results_on_their_way)

    def _results_on_their_way(self) -> bool:
        """Whether the keys after an Enter that waits for the query's results wait on:
        the lists, their index or the search are still being worked on. When nothing
        is, the Enter goes to the list now (the keys after it follow)."""
        if self._pane_after_results is None:
            return False
        busy = self.message_queue_size > 0 or any(
            worker.group in ("load", "search") and not worker.is_finished for worker in self.workers
        )
        if not busy:
            self._go_after_results()
        return busy

    def _go_after_results(self) -> None:
        """The pane an Enter left the search box for, as the query's results came."""
        pane, self._pane_after_results = self._pane_after_results, None
        if pane is not None and self.focused is self.search_box:
            self._focus_pane(pane, wait=False)

    def _results_came(self) -> None:
        """The keys held for the query's results go (they came, or never will)."""
        self._go_after_results()
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release("results")

    def _focus_pane(self, pane: str, *, wait: bool = True) -> None:
        """Move to ``pane``; from the search box, once the query's results are shown
        (unless not ``wait``: they came, or never will)."""
        self._pane_after_results = None
        self._typed_back = None
        if pane != "search":
            self._before_typing = None  # the typing is done (Enter, Tab, a click)
        if self.focused is self.search_box and pane != "search":
            self._settle_results()
            searched = self.search_query.strip() and self.index_state not in ("unavailable", "none")
            if wait and (self.library is None or (searched and self.engine is None)):
                # the lists or their index are still loading: Enter, and the keys after
                # it, wait for the query's results (the list would be empty until then)
                self._pane_after_results = pane
                self._await_results()
                return
            self._say_query_repairs()  # the query is done: its repairs are said now
        # The reading class and the pane's go on in one change (each change restyles the
        # whole screen: Enter at 80x24 restyled it twice, for the viewer and its focus).
        self.set_reactive(MainScreen.reading, pane == "viewer" and self.narrow)
        self._show_mode(pane)
        # set_focus, not focus(): it takes effect before the next key is handled.
        self.set_focus(self.query_one(f"#{pane}"))

    def action_focus_search(self) -> None:
        """Go to the search box with the query selected, so typing replaces it."""
        self._before_typing = None  # typing begun in the box: Esc clears it
        self._focus_pane("search")
        self.search_box.select_all()

    def action_search(self) -> None:
        """``/``: as :meth:`action_focus_search`, from outside the search box."""
        self.action_focus_search()

    def action_focus_results(self) -> None:
        back = self._typed_back
        if back is not None and back[1] == self.search_box.value and self.current_paper:
            self._focus_pane(back[0])  # the paper open before the typing Esc took back
            return
        self._focus_pane("results")

    def take_suggestion(self) -> bool:
        """→ at the end of the search box on a query that found nothing, with a "did you
        mean" shown: the suggestion becomes the query, searched as it is typed. Whether
        it was taken (else the key does what it does in the box)."""
        suggested, box = self._suggested, self.search_box
        if (
            suggested is None
            or self.similar_to is not None
            or not self._suggestion_shown.startswith("Did you mean")
            or not (box.value == self.search_query == self.displayed_query == suggested[0])
        ):
            return False
        self._suggested = None
        box.value = suggested[1]
        box.cursor_position = len(box.value)
        return True

    def action_open_viewer(self) -> None:
        """Show the highlighted paper in the viewer and move there."""
        if self.current_paper is not None:
            self._focus_pane("viewer")
        elif self._gone_said() or (self.library is not None and not len(self.results.rows)):
            # nothing to open: why, as the other keys on a paper say it (at 80 columns,
            # where the viewer is not beside the list, it says so of lists gone too)
            self._say_no_paper()

    def action_cycle_focus(self, step: int) -> None:
        focused = self.focused
        current = focused.id if focused is not None and focused.id in self.PANES else "search"
        index = self.PANES.index(current)  # type: ignore[arg-type]
        self._focus_pane(self.PANES[(index + step) % len(self.PANES)])

    def action_more_like_this(self) -> None:
        paper = self.current_paper
        if paper is None:
            self._say_no_paper()
            return
        if self.engine is None or self._scanning_meanwhile():
            self.notify("The index is not ready yet", severity="warning")
            return
        if self.similar_to is None:
            self._before_similar = self._shown_list(paper.id)
        self.similar_to = paper
        self.refresh_bindings()  # Escape now means "back"
        # the keys typed after M act on the papers like this one, not on the list they
        # replace: they wait for them (as keys after Enter wait for a query's results)
        self._await_results()
        self._similar(paper, self.search_query)
        self._focus_pane("results")

    def _shown_list(self, paper: str | None) -> ShownList | None:
        """The query's results as shown now, the cursor on ``paper`` (None: no results
        shown yet, or no lists)."""
        if self._base_rows is None or self.library is None:
            return None
        return ShownList(
            query=self.search_query,
            library=self.library,
            rows=self.results.rows,
            base=self._base_rows,
            been_on=frozenset(self._been_on),
            order=self.order,
            query_sort=self._query_sort,
            displayed=self.displayed_query,
            matched=self.matched,
            total_hits=self._total_hits,
            beyond=self._beyond_triaged,
            terms=self._highlight_terms,
            suggestion=self._suggestion_shown,
            paper=paper,
            scroll=self.results.scroll_y,
            fit=self._fit_shown,
            triage=self._triage_now(),
        )

    def take_back_typing(self) -> bool:
        """Esc in the search box after typing that began in the list or the viewer (a
        letter no key takes there, "regret bound" then "a"): the query as it was before
        that typing, its results, the paper highlighted and, from the viewer, the paper
        open (Enter goes back to it), as they were; the focus stays in the box, where a
        second Esc clears the query. Whether there was typing to take back."""
        before, self._before_typing = self._before_typing, None
        box = self.search_box
        if before is None or box.value == before.query:
            return False
        with box.prevent(Input.Changed):
            box.value = before.query
        box.cursor_position = len(before.query)
        self.workers.cancel_group(self, "search")  # the typed query's hits
        self._search_owed = False
        self._pane_after_results = None
        self.set_reactive(MainScreen.search_query, before.query)
        shown = before.shown
        if before.similar is not None:
            self._similar_again(before)
        elif (
            shown is not None
            and self.similar_to is None
            and shown.library is self.library
            and not (asks_triage(shown.query) and shown.triage != self._triage_now())
        ):
            self._show_again(shown)
            self.message_parts = before.message_parts
            self.message = before.message
            self.elapsed_ms = before.elapsed
        else:
            # the lists were read again meanwhile, or papers decided no longer answer the
            # query (is:new): searched again, the cursor back on the paper
            self._return_to = before.paper
            self._set_suggestion(None)
            self._show_query()
        if before.pane == "viewer" and before.paper is not None:
            self._typed_back = ("viewer", before.query)
            # on a narrow terminal, the paper open stays shown under the box
            self.set_reactive(MainScreen.reading, self.narrow)
            self.set_class(self.narrow, "-reading")
        self._draw_together()
        return True

    def _similar_again(self, before: BeforeTyping) -> None:
        """The papers "More like this" showed when the typing began, again: the same rows,
        the cursor on the same paper; the lists read again meanwhile, they are found
        again, the cursor back on that paper."""
        similar = before.similar
        assert similar is not None
        self.similar_to = similar
        self._before_similar = before.before_similar
        self.refresh_bindings()  # Escape means "back" again
        if before.similar_library is self.library and before.similar_rows:
            self._base_rows = None
            self._ordered_for = None
            self.displayed_query = before.query
            self.matched, self._total_hits = before.matched, before.total_hits
            self._show_rows(before.similar_rows, keep=before.paper)
            self._select(before.paper, before.scroll)
            self._show_order()
            self._show_similar_line(self.size.width)
            self.message_parts = before.message_parts
            self.message = before.message
            self.elapsed_ms = before.elapsed
            return
        self._return_to = before.paper
        self._similar(similar, before.query)

    def action_help(self) -> None:
        from tuireader.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.binding_places(), self.app.active_bindings))

    def action_suspend(self, signalled: bool = False) -> None:
        """Stop the reader and give the terminal back to the shell, as vim or less do
        (``fg`` brings it back, drawn whole). Changes still on their way to the triage
        file are written first: a stopped reader may never be resumed (the terminal
        closed, the job killed), and another reader or the command line, used meanwhile,
        reads the file. The screen runs on while they are written (waiting for them here
        froze it for as long as the disk took); the reader stops as soon as they are on
        disk. A disk too slow to finish soon keeps the reader running, and the notice
        says what to do: ``signalled``, the stop was asked by another program (SIGTSTP),
        and the user, who pressed nothing, must learn where it came from."""
        if self._suspend_waiting:
            return  # asked again while the writes it waits for are saved: it stops once
        if self.triage.idle():
            self.app.action_suspend_process()
            return
        self._suspend_waiting = True
        self._save_for_suspend(signalled)

    @work(thread=True, group="suspend", exit_on_error=False)
    def _save_for_suspend(self, signalled: bool) -> None:
        refusals = self.triage.refusals
        saved = self.triage.flush(SUSPEND_WAIT)
        refused = self.triage.refusals != refusals
        self.post_message(msg.SavedForSuspend(saved, signalled, refused))

    def on_saved_for_suspend(self, message: msg.SavedForSuspend) -> None:
        if self.triage.closing or getattr(self.app, "_exit", False):
            self._suspend_waiting = False
            return  # quit meanwhile: a stop now would hold the closing reader for fg
        if message.saved and not self.triage.idle():
            # keys typed after the stop was asked made more changes: those too first
            self._save_for_suspend(message.signalled)
            return
        self._suspend_waiting = False
        key = self._key_for("suspend")
        again = f"{key} stops it" if key else "it can be stopped"
        if message.refused:  # stopped now, its "Not saved" would be seen only after fg
            why = "its “Not saved” notice says why, and what to do"
            self.notify(
                (
                    "Not stopped: another program asked the reader to stop (SIGTSTP) as a "
                    f"change could not be saved ({why}); {again}"
                )
                if message.signalled
                else f"Not suspended: a change could not be saved ({why}); {again}",
                severity="warning",
                markup=False,
            )
            return
        if message.saved:
            self.app.action_suspend_process()
            return
        if message.signalled:
            said = (
                "Not stopped: another program asked the reader to stop (SIGTSTP) while "
                f"changes were still being saved; {again} once “saving…” has left the "
                "status line"
            )
        else:
            said = (
                "Not suspended: changes are still being saved; "
                f"{again} once “saving…” has left the status line"
            )
        self.notify(said, severity="warning", markup=False)

    def action_show_problems(self) -> None:
        problems = self.library.problems if self.library is not None else ()
        config = getattr(self.app, "key_problems", ())
        if not problems and not config:
            # Said, not typed: a "w" here is the load-warnings key, not the start of a query.
            self.notify("No load warnings")
            return
        from tuireader.ui.screens.problems import ProblemsScreen

        lists, settings = _by_source(problems)
        self.app.push_screen(
            ProblemsScreen(
                self._with_moved(lists),
                [str(p) for p in config],
                settings=[p.message for p in settings],
            )
        )

    def _moved_now(self) -> dict[Path, Path]:
        """The lists gone that look moved, and where to: those the lists read hold as a
        problem still (a file not there)."""
        problems = self.library.problems if self.library is not None else ()
        failing = {Path(os.path.abspath(problem.path)) for problem in problems}
        return {path: to for path, to in self._moved.items() if path in failing}

    def _with_moved(self, problems: Sequence[Problem]) -> list[Problem]:
        """``problems``, each of a list gone that looks moved saying where to, as the
        notice of the lists read again says it ("no such file; it looks moved to …")."""
        moved = self._moved_now()
        shelved = getattr(self.app, "shelf", None) is not None
        said = []
        for problem in problems:
            to = moved.get(Path(os.path.abspath(problem.path)))
            if to is not None:
                problem = replace(problem, message=f"{problem.message}; {moved_hint(to, shelved)}")
            said.append(problem)
        return said

    def _gone_said(self) -> str:
        """With not one paper left in the lists, those gone that look moved, each said
        with where to, a line each ("" while there is a paper, or none looks moved)."""
        library = self.library
        if library is None or len(library):
            return ""
        shelved = getattr(self.app, "shelf", None) is not None
        lines = []
        for path, to in self._moved_now().items():
            gone = str(path).replace("\n", "\\n")  # one line, whatever the name
            lines.append(f"The list {gone} is gone; {moved_hint(to, shelved)}")
        return "\n".join(lines)

    def action_show_notices(self) -> None:
        """Every notice of this run, newest first, whole: one cut short on a small
        screen, or gone before it was read."""
        from tuireader.ui.screens.notices import NoticesScreen

        log = getattr(self.app, "notice_log", None)
        self.app.push_screen(NoticesScreen(log.newest_first() if log is not None else ()))

    def _key_for(self, action: str) -> str | None:
        """How the key in force for the screen's ``action`` is shown (None: none is)."""
        for place in self.binding_places()[:1]:
            for binding in place.bindings:
                if binding.action == action:
                    first = binding.key.split(",")[0]
                    return self.app.get_key_display(Binding(first, action))
        return None

    def action_leave_similar(self) -> None:
        """Leave "More like this": back to the query's results, on the paper it was for."""
        paper = self.similar_to
        if paper is None:
            return
        self.similar_to = None
        self.refresh_bindings()
        shown, self._before_similar = self._before_similar, None
        if (
            shown is not None
            and shown.query == self.search_query
            and shown.library is self.library
            and not (asks_triage(shown.query) and shown.triage != self._triage_now())
        ):
            self._show_again(shown)
            return
        if shown is not None and shown.query == self.search_query and shown.paper is not None:
            # the lists were read again meanwhile, or papers decided (tagged, noted) in
            # More like this no longer answer the query (is:new): searched again, the
            # rows seen first
            index = next(
                (i for i, row in enumerate(shown.rows) if row.paper.id == shown.paper), None
            )
            self._seen_before = self._seen_ids(shown.rows, index, shown.been_on) or None
            self._ordered_for = shown.query
        self._return_to = paper.id
        self._set_suggestion(None)
        self._show_query()

    def _triage_now(self) -> TriageNow:
        """The states, tags and notes as they are now (copies, to compare later)."""
        book = self.triage
        return (dict(book.states), dict(book.tags), dict(book.notes))

    def _show_again(self, shown: ShownList) -> None:
        """The results "More like this" replaced, as they were: the same rows, the cursor
        on the same paper; a model fitted since orders the rows below those seen."""
        self.workers.cancel_group(self, "search")
        self._base_rows = shown.base
        self._been_on = set(shown.been_on)
        self.order, self._query_sort = shown.order, shown.query_sort
        self._ordered_for = shown.query
        self.displayed_query = shown.displayed
        self.matched, self._total_hits = shown.matched, shown.total_hits
        self._beyond_triaged = shown.beyond
        self._highlight_terms = shown.terms
        self._set_suggestion(shown.suggestion or None)
        self._show_rows(shown.rows, keep=shown.paper)
        if self.order == "fit" and shown.paper is not None and self._fit_shown != shown.fit:
            self._show_rows(self._reordered_below(shown.paper), keep=shown.paper)
        self._select(shown.paper, shown.scroll)
        self._show_order()
        if shown.matched is not None and len(shown.base) < shown.matched:
            query = shown.query  # the rest, cut off by M
            self._run_rest(query, self._resolver(query), self._engine_order(query))

    # -- key bindings: each posts its command -----------------------------------------------

    def action_copy_link(self, number: int = 0) -> None:
        self.post_message(cmd.CopyLink(number))

    def action_copy_id(self) -> None:
        self.post_message(cmd.CopyPaperId())

    def action_open_link(self, number: int = 0) -> None:
        self.post_message(cmd.OpenLink(number))

    def action_pick_open_link(self) -> None:
        self.post_message(cmd.PickOpenLink())

    def action_pick_link(self) -> None:
        self.post_message(cmd.PickLink())

    def action_copy_citation(self, fmt: str | None = None) -> None:
        self.post_message(cmd.CopyCitation(fmt))

    def action_pick_citation(self) -> None:
        self.post_message(cmd.PickCitation())

    def action_copy_all_code_links(self, scope: str = "results") -> None:
        self.post_message(cmd.CopyAll("code_links", scope))

    def action_copy_all_bibtex(self, scope: str = "results") -> None:
        self.post_message(cmd.CopyAll("bibtex", scope))

    def action_export(self, scope: str = "results") -> None:
        self.post_message(cmd.ExportPapers(scope))

    def action_triage(self, state: str) -> None:
        self.post_message(cmd.SetTriageState(state))

    def action_triage_undo(self) -> None:
        self.post_message(cmd.UndoTriage())

    def action_triage_redo(self) -> None:
        self.post_message(cmd.RedoTriage())

    def action_edit_tags(self) -> None:
        self.post_message(cmd.EditTags())

    def action_edit_note(self) -> None:
        self.post_message(cmd.EditNote())

    def action_toggle_mark(self) -> None:
        self.post_message(cmd.ToggleMark())

    def on_key(self, event: Key) -> None:
        """Digits 1–9 copy the link with that number in the viewer; any other printable
        key no binding uses goes to the search box and is typed there.

        Digits are handled here rather than as nine bindings, which would crowd the help
        screen and the palette; the search box keeps its digits (it stops their key
        events). A letter the list does not use means the user meant to type a query:
        the focus goes back to the search box with the letter, and the keys after it
        follow it there, so "difusion modle" typed in the list never acts on papers
        letter by letter past its first unbound one. After a query, the letter starts a
        word of its own ("grasp" then "a" in the list searches "grasp a…", not "graspa").
        """
        character = event.character or ""
        if isinstance(self.focused, Input) or len(character) != 1:
            return
        if character in LINK_DIGITS:
            event.stop()
            words = self._typed_words(event.key, character)
            if words is not None:  # an arXiv id pasted ("1706.03762"): its query
                self._type_into_search(words)
                return
            self.post_message(cmd.CopyLink(int(character)))
            return
        if self.app.screen is not self:
            return
        if character == " " and event.key in self.active_bindings:
            # text copied with the blank before it: the space marked a paper, unseen
            words = self._typed_words(event.key, character)
            if words is not None and words.strip():
                event.stop()
                event.prevent_default()
                self._type_into_search(words.strip())
            return
        if not character.isprintable() or character.isspace():
            return
        if event.key in self.active_bindings:
            words = self._typed_words(event.key, character)
            if words is None:
                return
            character = words
        event.stop()
        event.prevent_default()
        self._type_into_search(character)

    def _typed_words(self, key: str, character: str) -> str | None:
        """The words a burst of keys beginning with ``key`` (a key the list or viewer
        takes) spells, taken from the keys held back, when it is text rather than keys;
        None when it is keys.

        A terminal without bracketed paste (tmux's ``send-keys``, an old terminal) types a
        paste key by key, as one burst; so does a slow link the keys a typist types
        quickly. A burst of keys the list takes, all of them ("sjsxjxjm"), is a typist's
        decisions, and acts. One with a character no key takes is text: as keys, "sparse
        models" kept the highlighted paper unnoticed and searched "parse models",
        "quantization" quit, "zero-shot" undid a decision, "1706.03762" copied link 1
        and searched "06.03762". It is searched, whole, up to a key that searches (``/``:
        the text after it is the query it asks for). A burst opening an editor ("n" then
        the note) is the editor's text, as it always was, and so is one right after a key
        that moves or marks ("jn" and a note, "sjn" too, two marks and "t"), but not right
        after another: a word ("stochastic", "ontology") is no decision and an editor's
        text. Unless the burst is decisions, moves and marks up to the editor's key, and
        its text ends with the key that saves the editor (Enter for the tags, Ctrl+S for
        the note): "m", "t", "theory" and Enter in one burst searched "mttheory" (0
        papers) and left the paper undecided and untagged. Unless, again, its first word
        is one a query finds papers by or one of a tag in use ("stochastic" and Enter, a
        word pasted where the terminal types it key by key; an author's name, "stoica"):
        a query, not a paper kept and the next tagged "ochastic". And a burst opening an
        editor whose whole text is such a word, with Enter after it ("tensor" and Enter,
        "neural" and Enter), is a query too, not "ensor" tagged; "ttheory" and Enter tags.
        A key opening a menu and a choice's key ("Yb", "Y0") is the menu's pick, when the
        choice ends the word: "Yang" is a word.
        """
        app = self.app
        if not isinstance(app, KeyOrderedApp) or app.screen is not self:
            return None
        bindings = self.active_bindings
        first = bindings.get(key)
        held = app.held_text()
        if first is not None and first.binding.action in TEXT_AFTER:
            if app.key_after_held_text() == "enter" and self._papers_word_whole(character + held):
                # "tensor" and Enter, a word pasted: a query, not "ensor" tagged
                app.take_held(len(held))
                return character + held
            return None  # "n" and a note, "ttheory" and Enter: the editor's text
        if first is not None and first.binding.action in SEARCHES:
            return None  # "/diffusion": the search's text
        words = character
        before = first.binding.action if first is not None else None
        # every key so far moves, marks or decides; the key after the text, if any
        deciding = before in BEFORE_TEXT | DECISIONS
        ending = app.key_after_held_text()
        for typed in held:
            bound = bindings.get("space" if typed == " " else normalize_key(typed))
            action = bound.binding.action if bound is not None else None
            if action in SEARCHES or (
                action in TEXT_AFTER
                and (
                    before in BEFORE_TEXT
                    or (
                        deciding
                        and ending in self._saving_keys(action)
                        and not self._papers_word(character + held)
                    )
                )
            ):
                break  # "j/quantum", "jn" and a note: keys up to it, its text after it
            # right after another key ("stochastic": "s" then "t"), a word: "t" opened the
            # tag editor on the next paper, the paper before kept, and "ochastic" its tag
            deciding = deciding and action in BEFORE_TEXT | DECISIONS
            before = action
            words += typed
        burst = character + held

        def no_key(at: int, c: str) -> bool:
            if c.isspace() or c in LINK_DIGITS or normalize_key(c) in bindings:
                return False
            return not self._menu_choice(burst, at)

        if not any(no_key(at, c) for at, c in enumerate(words)):
            return None
        app.take_held(len(words) - 1)
        return words

    def _papers_word(self, burst: str) -> bool:
        """Whether the first word of ``burst`` is a word a query finds papers by, or a
        word of a tag in use: of the papers' titles or abstracts ("stochastic"), of
        their authors', venues', keywords' or lists' names ("stoica", the engine's
        ``knows``), or of the user's tags; not "mttheory"."""
        first = re.match(r"\w+", burst)
        if first is None:
            return False
        word = first.group()
        knows = getattr(self.engine, "knows", None)
        if callable(knows) and knows(word):
            return True
        folded = word.casefold()
        return any(
            folded in re.findall(r"[^\W_]+", tag.casefold())
            for tags in self.triage.tags.values()
            for tag in tags
        )

    def _papers_word_whole(self, text: str) -> bool:
        """Whether ``text`` is one word, and one a query finds papers by or a word of a
        tag in use (``_papers_word``): "tensor", not "ttheory" nor "t theory"."""
        return re.fullmatch(r"\w+", text) is not None and self._papers_word(text)

    def _saving_keys(self, action: str) -> frozenset[str]:
        """The keys that save the box ``action`` (one of ``TEXT_AFTER``) opens: Enter in
        the tag editor, the note editor's save key (Ctrl+S, or the [keys] table's)."""
        if action == "edit_tags":
            return frozenset({"enter"})
        from tuireader.ui.screens.edit import NoteEditor

        keymap = getattr(self.app, "keymap", None) or {}
        return frozenset(
            normalize_key(key)
            for binding in declared_bindings(NoteEditor)
            if binding.action == "save"
            for key in str(keymap.get(binding.id or "") or binding.key).split(",")
            if key.strip()
        )

    def _menu_choice(self, burst: str, at: int) -> bool:
        """Whether the character at ``at`` in ``burst`` is the key of a menu's choice,
        typed right after the key opening the menu and ending the word ("b" in "Yb"; not
        the "a" of "Yang")."""
        from tuireader.ui.screens.pick import CHOICE_KEYS

        if at == 0 or burst[at] not in CHOICE_KEYS:
            return False
        opener = self.active_bindings.get(normalize_key(burst[at - 1]))
        if opener is None or opener.binding.action not in MENUS:
            return False
        return at + 1 == len(burst) or not burst[at + 1].isalnum()

    def on_paste(self, event: Paste) -> None:
        """A paste where no box takes it (the list or the viewer has the focus) is a
        query typed at once: it goes to the search box as a typed letter does, its lines
        joined (and its colour codes dropped, as the box drops them), where it was dropped
        without a word."""
        if isinstance(self.focused, Input) or self.app.screen is not self:
            return
        event.stop()
        text = " ".join(without_controls(event.text)[0].split())
        if text:
            self._type_into_search(text)

    def _type_into_search(self, text: str) -> None:
        """Give the search box the focus and ``text`` typed at its cursor: after a query,
        as a word of its own ("grasp" then "a" in the list searches "grasp a…"). Typing
        that begins in the list or the viewer is taken back by Esc in the box
        (:meth:`take_back_typing`)."""
        before = None
        if self.focused is not self.search_box and self.mode in ("results", "viewer"):
            paper = self.current_paper
            before = BeforeTyping(
                query=self.search_query,
                pane=self.mode,
                paper=paper.id if paper is not None else None,
                shown=self._shown_list(paper.id if paper is not None else None)
                if self.similar_to is None
                else None,
                message=self.message,
                message_parts=self.message_parts,
                elapsed=self.elapsed_ms,
                similar=self.similar_to,
                before_similar=self._before_similar,
                similar_rows=tuple(self.results.rows) if self.similar_to is not None else (),
                similar_library=self.library,
                scroll=self.results.scroll_y,
                matched=self.matched,
                total_hits=self._total_hits,
            )
        self._focus_pane("search")
        if before is not None:
            self._before_typing = before
        box = self.search_box
        selection = box.selection
        if not selection.is_empty:
            # A selection left in the box (the query restored at start, selected so that
            # typing there replaces it; Ctrl+F) is not what the text acts on: out of
            # the box it was not shown, and the text adds a word as it does after any
            # query.
            box.cursor_position = max(selection)
        value = box.value
        at_end = box.cursor_position == len(value)
        box.insert_text_at_cursor(
            " " + text if at_end and value and not value[-1].isspace() else text
        )

    def _say_no_paper(self) -> None:
        """A key that acts on a paper, with none highlighted: why. Most often the list
        is empty, where "highlight a paper" asked for what cannot be done."""
        query = self.search_query
        if len(self.results.rows):
            text = "Highlight a paper first"
        elif query.strip() and self.engine is None and self.library is not None:
            # the list waits for the index (built on a first start): papers do match
            text = "The index is not ready yet: the query's papers are listed when it is"
        elif query.strip():
            text = "No paper matches the query: nothing to act on"
        else:
            text = self._gone_said() or "No papers: the library is empty"
        self.notify(visible(text), severity="warning", markup=False)

    def _refused_in_place(self) -> bool:
        """A key that acts on the highlighted paper, on the paper the cursor went to when
        the one highlighted left the lists, before the cursor moved: refused, and said
        (the key was meant for the paper that left), and so are the keys typed with it;
        a key typed once they are handled acts on the paper the cursor is on."""
        paper = self.current_paper
        if paper is None or self._stood_in is None or paper.id != self._stood_in:
            return False
        named = notice_title(paper.title, NOTICE_TITLE)
        self.notify(
            visible(
                "The paper highlighted left the lists: nothing done; the cursor is on "
                f"“{named}” in its place (a key pressed now acts on it)"
            ),
            severity="warning",
            markup=False,
        )
        stood_in = self._stood_in

        def said() -> None:
            if self._stood_in == stood_in:
                self._stood_in = None

        after_keys = getattr(self.app, "after_keys", None)
        if after_keys is not None:
            after_keys(said)
        else:
            said()
        return True

    def _paper_or_warn(self) -> Paper | None:
        paper = self.current_paper
        if paper is None:
            self._say_no_paper()
        elif self._refused_in_place():
            return None
        return paper

    def _scope_papers(self, scope: str) -> list[Paper]:
        library = self.library
        return papers_in_scope(
            scope,
            [row.paper for row in self.results.rows],
            library.papers if library is not None else (),
            self.triage.marked,
            self.triage.states,
        )

    # -- copying: every route ends in one CopyToClipboard ---------------------------------

    def _copy_or_warn(self, request: cmd.CopyToClipboard | str) -> None:
        if isinstance(request, str):
            self.notify(request, severity="warning", markup=False)
        else:
            self.post_message(request)

    @on(cmd.CopyLink)
    def _copy_link(self, command: cmd.CopyLink) -> None:
        paper = self._paper_or_warn()
        if paper is not None:
            self._copy_or_warn(link_request(paper, command.number))

    @on(cmd.PickLink)
    def _pick_link(self) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return
        if not paper.links:
            self.notify(no_links(paper), severity="warning", markup=False)
            return
        links = paper.links

        def picked(index: int | None) -> None:
            if index is not None:
                link = links[index]
                self.post_message(cmd.CopyToClipboard(link.url, link.what, one_line=True))

        choices = [f"{link.kind:<7} {link.url}" for link in links]
        from tuireader.ui.screens.pick import PickScreen

        self._paper_menu(PickScreen("Copy which link?", choices, shown_title(paper)), paper, picked)

    @on(cmd.CopyPaperId)
    def _copy_paper_id(self) -> None:
        paper = self._paper_or_warn()
        if paper is not None:
            self.post_message(id_request(paper))

    # -- opening links: in the browser on a local desktop, else copied --------------------

    @on(cmd.OpenLink)
    def _open_link(self, command: cmd.OpenLink) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return
        target = open_link_target(paper, command.number)
        if isinstance(target, str):
            self.notify(target, severity="warning", markup=False)
        else:
            self._open_or_copy(target.url, target.what)

    @on(cmd.PickOpenLink)
    def _pick_open_link(self) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return
        if not paper.links:
            self.notify(no_links(paper), severity="warning", markup=False)
            return

        def picked(index: int | None) -> None:
            if index is not None:
                self.post_message(cmd.OpenLink(index + 1))

        choices = [f"{link.kind:<7} {link.url}" for link in paper.links]
        from tuireader.ui.screens.pick import PickScreen

        self._paper_menu(PickScreen("Open which link?", choices, shown_title(paper)), paper, picked)

    def _paper_menu(self, menu: Any, paper: Paper, picked: Callable[[int | None], None]) -> None:
        """Open ``menu``, whose choices act on ``paper`` (the highlighted one): the lists
        read again without the paper close it (see :meth:`on_lists_reread`)."""
        self._menu_on = (menu, paper)
        self.app.push_screen(menu, picked)

    def _open_or_copy(self, url: str, what: str) -> None:
        """Open ``url`` in the browser when there is one here; else copy it and say why."""
        reason = no_browser_reason()
        if reason is None:
            self._run_browser(url, what)
        else:
            self._copy_instead(url, what, f"not opened in a browser ({reason})")

    def _copy_instead(self, url: str, what: str, why: str) -> None:
        self.post_message(cmd.CopyToClipboard(url, what, (why,), one_line=True))

    @work(thread=True, group="browser", exit_on_error=False)
    def _run_browser(self, url: str, what: str) -> None:
        opened = open_in_browser(url)
        self.app.call_from_thread(self._browser_done, url, what, opened)

    def _browser_done(self, url: str, what: str, opened: bool) -> None:
        if opened:
            self.notify(visible(f"Opened the {what} in the browser: {url}"), markup=False)
        else:
            self._copy_instead(url, what, "not opened (the browser did not start)")

    @on(cmd.CopyCitation)
    def _copy_citation(self, command: cmd.CopyCitation) -> None:
        paper = self._paper_or_warn()
        if paper is not None:
            fmt = command.fmt or self.config.citation_format
            # found by one of its keys (the shown results' query): cited by that key
            query = self.displayed_query
            self._copy_or_warn(citation_request(paper, fmt, self.library, query))

    @on(cmd.PickCitation)
    def _pick_citation(self) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return

        def picked(index: int | None) -> None:
            if index is not None:
                self.post_message(cmd.CopyCitation(FORMATS[index]))

        choices = [FORMAT_LABELS.get(fmt, fmt) for fmt in FORMATS]
        from tuireader.ui.screens.pick import PickScreen

        self._paper_menu(
            PickScreen("Copy the citation as…", choices, shown_title(paper)), paper, picked
        )

    @on(cmd.CopyAll)
    def _copy_all(self, command: cmd.CopyAll) -> None:
        papers = self._scope_papers(command.scope)
        if command.what != "bibtex" or not papers:
            self._copy_or_warn(copy_all_request(command.what, command.scope, papers, self.library))
            return
        if self._building is not None:
            self.notify(
                f"Still {self._building_said} (Esc stops it)", severity="warning", markup=False
            )
            return
        # thousands of entries take seconds: built in a worker, its progress shown, the
        # screen answering keys meanwhile (they act on the list, never on what opens after)
        count = len(papers)
        self._building_said = f"building {count:,} BibTeX entr{'ies' if count != 1 else 'y'}"
        self._said_before_build = self.message
        self.message = f"{self._building_said[:1].upper()}{self._building_said[1:]} to copy…"
        self.message += " (Esc stops)"
        self._building = self._build_copy(command.scope, papers, self.library)
        self.refresh_bindings()

    @work(thread=True, group="copy-build", exit_on_error=False)
    def _build_copy(self, scope: str, papers: list[Paper], library: Library | None) -> None:
        worker = get_current_worker()
        said = {"at": -1}

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _BuildStopped
            step = max(1, total // 100)  # a message a percent, not one a paper
            if done == total or done // step != said["at"]:
                said["at"] = done // step
                self.post_message(msg.CopyBuildProgress(done, total, worker))

        try:
            request = copy_all_request("bibtex", scope, papers, library, progress)
        except _BuildStopped:
            return  # (said as Escape stopped it)
        self.post_message(msg.CopyBuilt(request, worker))

    def on_copy_build_progress(self, message: msg.CopyBuildProgress) -> None:
        if self._building is None or message.worker is not self._building:
            return
        bar = self.query_one("#progress", ProgressBar)
        if bar.display and not self._building_bar:
            return  # the index's progress is shown: the status line says the build's
        self._building_bar = True
        bar.display = True
        bar.update(total=max(message.total, 1), progress=message.done)

    def on_copy_built(self, message: msg.CopyBuilt) -> None:
        if message.worker is not self._building:
            return  # stopped with Escape meanwhile: nothing is copied
        self._end_build()
        self._copy_or_warn(message.request)

    def _end_build(self) -> None:
        """The text to copy is built, or its building stopped: its words and its progress
        leave the status line."""
        if self._building is None:
            return
        self._building = None
        if self.message.startswith(self._building_said[:1].upper() + self._building_said[1:]):
            self.message = self._said_before_build
        if self._building_bar:
            self._building_bar = False
            self.query_one("#progress").display = False
        self.refresh_bindings()

    def action_stop_building(self) -> None:
        """Escape while a text to copy is built: stop it, copy nothing."""
        worker = self._building
        if worker is None:
            return
        worker.cancel()
        self._end_build()
        self.notify("Stopped: nothing copied", markup=False)

    def action_show_last_copy(self) -> None:
        """Show the last text copied (saved whatever carried it) to copy by hand: an OSC 52
        copy a terminal or tmux dropped unseen is still there."""
        path = self._last_copy_path()
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            self.notify("Nothing copied yet", severity="warning", markup=False)
            return
        except OSError as exc:
            self.notify(f"Cannot read the last copy: {exc}", severity="warning", markup=False)
            return
        if not text:
            self.notify("Nothing copied yet", severity="warning", markup=False)
            return
        what = "last copy"
        if self._last_copied is not None and self._last_copied[0] == text:
            what = f"last copy ({self._last_copied[1]})"
        from tuireader.ui.screens.manual_copy import ManualCopyScreen

        self.app.push_screen(
            ManualCopyScreen(
                text,
                what,
                path,
                clipboard=self._clipboard_now(),
                title=f"The {what}: select it to copy it (Escape closes)",
                kept=True,
            )
        )

    def _last_copy_path(self) -> Path:
        """The file every copy is saved to."""
        return self._clipboard_now().fallback_path

    def _clipboard_now(self) -> Clipboard:
        """The clipboard chain every copy goes through (built at the first copy)."""
        if self.clipboard is None:
            self.clipboard = default_clipboard(self.app, self.clipboard_dir, self.config)
        return self.clipboard

    @on(cmd.CopyToClipboard)
    def _copy_to_clipboard(self, command: cmd.CopyToClipboard) -> None:
        command.stop()
        self._run_copy(self._clipboard_now(), command)

    @work(thread=True, group="copy", exit_on_error=False)
    def _run_copy(self, clipboard: Clipboard, command: cmd.CopyToClipboard) -> None:
        outcome = clipboard.copy(command.text, command.what, one_line=command.one_line)
        self.post_message(msg.CopyFinished(outcome, command.warnings))

    def on_copy_finished(self, message: msg.CopyFinished) -> None:
        outcome = message.outcome
        warned = outcome.manual or bool(outcome.refused or outcome.cleaned or message.warnings)
        if outcome.saved is not None:
            self._last_copied = (outcome.text, outcome.what)
        said = copy_notice(outcome, message.warnings, self._key_for("show_last_copy"))
        if outcome.manual and outcome.fallback_path is not None:
            # it names the file the text was saved to, and stays up over the list once
            # the dialog is closed: at half of 80 columns it wrapped inside that name
            path = str(outcome.fallback_path)
            room = max(self.size.width - NOTICE_FRAME, 20)
            said = said.replace(f" {path}", "\n" + path_rows(path, room), 1)
            self._widen_notices()
        self.notify(said, severity="warning" if warned else "information", markup=False)
        if outcome.manual:
            from tuireader.ui.screens.manual_copy import ManualCopyScreen

            self.app.push_screen(
                ManualCopyScreen(
                    outcome.text,
                    outcome.what,
                    outcome.fallback_path,
                    outcome.explanation,
                    clipboard=self._clipboard_now(),
                )
            )

    # -- exporting ------------------------------------------------------------------------

    @on(cmd.ExportPapers)
    def _export_papers(self, command: cmd.ExportPapers) -> None:
        if self._exporting:  # one at a time: the same papers went to several files
            self.notify(still_exporting(*self._exporting), severity="warning", markup=False)
            return
        scope = command.scope
        papers = self._scope_papers(scope)
        if not papers:
            self.notify(f"Nothing to export: {SCOPES[scope]} are empty", severity="warning")
            return

        # every paper, as tuireader export without --query: the marks on papers of none
        # of the lists go with them, so that the file moves every decision
        library = self.library
        every = scope == "results" and not (self.displayed_query or "").strip()
        every = every and self.similar_to is None

        def picked(index: int | None) -> None:
            if index is None:
                return
            fmt = EXPORT_FORMATS[index]
            start, problem = self._export_offer(scope, fmt)
            from tuireader.ui.screens.export_to import ExportPathScreen

            title = f"Export {papers_count(len(papers))} as {FORMAT_NAMES[fmt]} to:"
            base = self._export_base()
            dialog = ExportPathScreen(title, start, base, self._exports_folder(), problem)
            self._hold_keys_for_dialog()
            self.app.push_screen(dialog, lambda target: chosen(fmt, target))

        def chosen(fmt: str, target: Path | None) -> None:
            nonlocal papers
            if target is None:
                return
            if self._exporting:  # (asked from another dialog meanwhile)
                self.notify(still_exporting(*self._exporting), severity="warning", markup=False)
                return
            if scope == "marked":
                # the lists read again while the menu was open took marked papers out of
                # the lists, and of the marked set: those still marked are exported
                now = self._scope_papers(scope)
                if len(now) < len(papers):
                    said = left_marked_notice(len(papers) - len(now), len(now), "exported")
                    self.notify(visible(said), severity="warning", markup=False)
                    if not now:
                        return
                papers = now
            # said at once, and on the status line until it is written
            self._exporting = (papers_count(len(papers)), fmt)
            self._export_to = target
            said = exporting(*self._exporting)
            self._said_before_export = self.message
            self.message = said
            self.notify(said, markup=False)
            self._export(papers, fmt, scope, library, every, target)

        choices = [FORMAT_NAMES[fmt] for fmt in EXPORT_FORMATS]
        from tuireader.ui.screens.pick import PickScreen

        title = f"Export {papers_count(len(papers))} as…"
        self._hold_keys_for_dialog()
        self.app.push_screen(PickScreen(title, choices), picked)

    def _hold_keys_for_dialog(self) -> None:
        """Keys typed from now on wait for the menu or dialog about to open: it releases
        them once it is shown, with its input focused (``release_keys("dialog")``). A
        format's key typed in one burst after the palette's Enter went to the palette
        or the list, and an Enter after it to the menu as it closed."""
        hold = getattr(self.app, "hold_keys", None)
        if hold is not None:
            hold("dialog")

    def _exports_folder(self) -> Path:
        """The data folder's ``exports``, made when an export is written to it."""
        if self.exports_dir is not None:
            return Path(self.exports_dir)
        from tuireader.system.paths import resolve

        return resolve().exports_dir

    def _export_base(self) -> Path:
        """The folder a relative path typed for an export is taken from: the one the
        reader was started from (the exports folder when not known)."""
        start = getattr(self.app, "start_folder", None)
        return Path(start) if start is not None else self._exports_folder()

    def _export_offer(self, scope: str, fmt: str) -> tuple[Path, str]:
        """The file an export of ``scope`` as ``fmt`` is offered to be written to, and
        why the last one failed when it is that one again: the path that failed as it
        was typed (the same format), or a new file in the folder written to last, or
        else in the folder the reader was started from (the exports folder when that is
        not one to write in)."""
        last = self._exported
        if last is not None:
            path, was, error = last
            if error and was == fmt:
                return path, f"The last export to it failed: {error}"
            folder = path.parent
        else:
            folder = self._export_base()
            if not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
                folder = self._exports_folder()
        return default_export_path(folder, scope, fmt), ""

    @work(thread=True, group="export", exit_on_error=False)
    def _export(
        self,
        papers: list[Paper],
        fmt: str,
        scope: str,
        library: Library | None = None,
        every: bool = False,
        target: Path | None = None,
    ) -> None:
        """Write ``papers`` as ``fmt`` to ``target`` (by default, a file of its own in
        the exports folder); with ``every`` (every paper of the lists, as
        JSON, CSV or BibTeX, the formats import reads) the detached marks after them,
        as ``tuireader export`` writes them; else they are counted as left out.

        The marks are read from the triage file the reader saves to when it is done: one
        replaced under the export (a backup restored) closed the store it was reading,
        and the export failed ("Cannot operate on a closed database")."""
        folder = self.exports_dir
        error = ""
        for _ in range(EXPORT_TRIES):
            store = self.triage.store
            try:
                if folder is None:
                    from tuireader.system.paths import resolve

                    folder = resolve().exports_dir
                try:
                    # (every paper's id: read here, not in the key's handler)
                    listed = None if library is None else {paper.id for paper in library.papers}
                    detached = detached_marks(store, listed) if listed is not None else []
                except StoreError:
                    if store is not self.triage.store:
                        continue  # read again from the file now saved to
                    detached = []  # the papers are written all the same
                carried = detached if every and fmt in CARRY_DETACHED else []
                said: list[str] = []
                target = write_export(
                    papers, store, fmt, scope, Path(folder), carried, said, target=target
                )
            except ExportRefused as refused:
                # a damaged triage file: its marks that cannot be read would be "new"
                self.post_message(msg.ExportFinished(len(papers), None, str(refused), refused=True))
                return
            except OSError as exc:  # the file not written: said in words, with where
                if store is not self.triage.store:
                    continue
                error = write_error_said(exc)
                if target is not None:
                    error = f"{target}: {error}"
                break
            except Exception as exc:  # noqa: BLE001 - tell the user, keep the reader running
                if store is not self.triage.store:
                    continue
                error = str(exc)
                break
            left_out = len(detached) - len(carried)
            self.post_message(
                msg.ExportFinished(
                    len(papers), target, "", len(carried), left_out, said=tuple(said)
                )
            )
            return
        error = error or "the triage file was replaced as the export read it; try again"
        self.post_message(msg.ExportFinished(len(papers), None, error))

    def on_export_finished(self, message: msg.ExportFinished) -> None:
        if self._exporting and self.message == exporting(*self._exporting):
            self.message = self._said_before_export
        fmt = self._exporting[1] if self._exporting else ""
        self._exporting = None
        # the next export offers the folder written to, or the path that failed again
        asked, self._export_to = self._export_to, None
        if asked is not None:
            failed = message.error if message.path is None and not message.refused else ""
            failed = failed.removeprefix(f"{asked}: ")
            self._exported = (asked, fmt, failed)
        # up longer than other notices: an export is long, the user may look elsewhere
        timeout = WRITTEN_NOTICE_SECONDS
        if message.refused:
            # said as tuireader export says it, from its first word
            text = message.error[:1].upper() + message.error[1:]
            self.notify(
                visible(text),
                title="Not exported",
                severity="error",
                markup=False,
                timeout=timeout,
            )
        elif message.path is None:
            text = f"Export failed: {message.error}"
            if asked is not None:
                text += " · export again: the path comes back as typed"
            self.notify(visible(text), severity="error", markup=False, timeout=timeout)
        else:
            # the path on rows of its own, broken between folders, in a notice as wide
            # as the screen: at half of 80 columns it wrapped inside the file's name
            room = max(self.size.width - NOTICE_FRAME, 20)
            where = path_rows(visible(str(message.path)), room)
            self._widen_notices(timeout)
            what = papers_count(message.count)
            if message.detached:
                what += f" and {detached_count(message.detached)}"
            text = f"Exported {what} to\n{where}"
            if message.left_out:
                text += (
                    f"\n{detached_count(message.left_out)} (on papers of none of the lists read)"
                    " left out: export the results with the search box empty, as JSON, CSV"
                    " or BibTeX, to carry them"
                )
            for said in message.said:
                # as tuireader export says it, from its first word
                text += "\n" + visible(said[:1].upper() + said[1:])
            self.notify(
                text,
                severity="warning" if message.said else "information",
                markup=False,
                timeout=timeout,
            )

    def widen_notices_for(self, message: str, timeout: float | None = None) -> None:
        """Let the notices take the screen's width while ``message`` is up (``timeout``
        seconds), if it names a path longer than a row of a notice half the screen wide:
        its file's name is then whole on a row. At 80 columns a damaged triage file's
        copy ("…/triage-before-damage-20261206-180857.sqlite3") was broken inside it."""
        room = min(NOTICE_WIDTH, self.size.width // 2) - NOTICE_FRAME
        if any(_file_path(word) and cell_len(word) > room for word in message.split()):
            self._widen_notices(timeout)

    def _widen_notices(self, timeout: float | None = None) -> None:
        """Let the notices take the screen's width while one naming a file is up: for
        ``timeout`` seconds (a notice's own time), or as long as one naming a file
        before it still is."""
        self.add_class("-notices-wide")
        if timeout is None:
            timeout = float(getattr(self.app, "NOTIFICATION_TIMEOUT", 5))
        now = time.monotonic()
        self._wide_until = max(self._wide_until, now + timeout + 1)
        if self._narrow_notices is not None:
            self._narrow_notices.stop()
        self._narrow_notices = self.set_timer(
            self._wide_until - now,
            lambda: self.remove_class("-notices-wide"),
            name="narrow notices",
        )

    # -- triage: the store ----------------------------------------------------------------

    @work(thread=True, exclusive=True, group="triage-open", exit_on_error=False)
    def _open_store(self) -> None:
        self.post_message(open_triage(self.services.open_store))

    def _id_now(self, paper_id: object) -> object:
        """A paper id the last run kept, as the lists read now name its paper: an id
        the paper had with other lists (one of its aliases) is its id now."""
        if not isinstance(paper_id, str) or self.library is None:
            return paper_id
        return self.library.id_now(paper_id) or paper_id

    def _title_of(self, paper_id: str, room: int | None = NOTICE_TITLE) -> str | None:
        """A paper's title in one line, cut to ``room`` characters for a notice (None:
        the whole title), or None when the paper is not loaded."""
        paper_id = str(self._id_now(paper_id))  # an id kept by an earlier run: its paper's
        paper = self.library.get(paper_id) if self.library is not None else None
        return notice_title(paper.title, room) if paper is not None else None

    def _take_drafts(self, drafts: object, undone: object = (), said: object = None) -> None:
        """Note text the last run kept unsaved: back for the next ``n`` on its paper,
        and said once (``said``: the text said to be kept before, by paper; ``undone``:
        the papers whose text an undo took away)."""
        taken = self.triage.take_drafts(drafts)
        kept = self.triage.note_drafts
        if isinstance(undone, list):
            self._drafts_undone = {pid for pid in undone if isinstance(pid, str) and pid in kept}
        if isinstance(said, dict):
            self._drafts_said = {
                pid: digest
                for pid, digest in said.items()
                if pid in kept
                and isinstance(digest, str)
                and digest.removeprefix(COUNTED) == draft_digest(kept[pid])
            }
        # text only counted before is named once its paper's list is open
        said_of = self._drafts_said
        taken = [pid for pid in taken if said_of.get(pid, COUNTED).startswith(COUNTED)]
        if taken:
            self._drafts_taken = list(taken)
            if self.library is not None:  # else said once the lists are read, by title
                self._say_drafts()

    def _take_tag_drafts(self, drafts: object, marked: object) -> None:
        """Tags the last run closed on, typed and not saved: back for the next ``t`` on
        their paper (``marked``: on several marked papers, for ``t`` on the same papers
        marked), and said once the lists are read, by title."""
        self._tag_drafts_taken = (
            self.triage.take_tag_drafts(drafts),
            self.triage.take_marked_tag_drafts(marked),
        )
        if self.library is not None:  # else said once the lists are read
            self._say_tag_drafts()

    def _say_tag_drafts(self) -> None:
        """Say the tags :meth:`_take_tag_drafts` took (a paper in no list open is
        counted); the papers of marked ones are named, as marks are not kept from one run
        to the next."""
        (taken, marked), self._tag_drafts_taken = self._tag_drafts_taken, ([], [])
        shown = [title for pid in taken if (title := self._title_of(pid)) is not None]
        lines = []
        if shown:
            more = f" and {len(shown) - 1} more" if len(shown) > 1 else ""
            lines.append(
                f"Tags you had typed and not saved are kept: t on “{shown[0]}”{more} "
                "brings them back"
            )
        if len(shown) < len(taken):
            absent = len(taken) - len(shown)
            lines.append(
                f"Tags typed are kept for {absent} paper{'' if absent == 1 else 's'} not in "
                "the lists open: they come back with their list"
            )
        where: dict[object, int] = {}
        if marked and self.library is not None:  # named in the lists' order
            where = {paper.id: index for index, paper in enumerate(self.library.papers)}
        for papers in marked:
            ordered = sorted(papers, key=lambda pid: where.get(self._id_now(pid), len(where)))
            shown = [title for pid in ordered if (title := self._title_of(pid)) is not None]
            count = f"{len(papers):,} marked papers"
            if len(shown) < len(papers):
                lines.append(
                    f"Tags typed for {count} are kept, {len(papers) - len(shown):,} of them "
                    "not in the lists open: they come back with their lists"
                )
                continue
            named = ", ".join(f"“{title}”" for title in shown[:NAMED_MARKS])
            more = f" and {len(shown) - NAMED_MARKS:,} more" if len(shown) > NAMED_MARKS else ""
            lines.append(
                f"Tags you had typed for {count} and not saved are kept: mark {named}{more} "
                "again, then t brings them back"
            )
        if lines:
            self.notify(visible("\n".join(lines)), title="Tags", markup=False)

    def _say_drafts(self) -> None:
        taken, self._drafts_taken = self._drafts_taken, []
        named = {pid for pid in taken if self._title_of(pid) is not None}
        # text counted before, its paper still in no list open, is not counted again
        taken = [pid for pid in taken if pid in named or pid not in self._drafts_said]
        if not taken:
            return
        kept = self.triage.note_drafts
        for paper_id in taken:
            if paper_id in kept:
                digest = draft_digest(kept[paper_id])
                self._drafts_said[paper_id] = digest if paper_id in named else COUNTED + digest
        self.notify(
            visible(drafts_notice(taken, self._drafts_undone, self._title_of)),
            title="Notes",
            markup=False,
        )

    def poll_triage(self) -> None:
        """Look for changes another running reader saved (the writer thread reads), and
        for lists and catalogs changed on disk (one stat of each file and folder)."""
        self.triage.poll()
        # the text typed and not saved is kept on disk as it is typed, once a look at
        # most: a run that ends without closing (kill -9) leaves it to the next start
        self.triage.keep_typed({"version": UI_STATE_VERSION, **self._drafts_state(typing=True)})
        # and the place (query, order, the paper highlighted), every few looks at most
        # when it changed: a run that ends without closing comes back there. Not while
        # the place the last run left waits for its query's results to be taken up.
        resume = self._resume
        if resume is None or self.search_query != (resume.get("query") or ""):
            self.triage.keep_place(self._place_left())
        self._check_lists()
        self._check_shelf()

    # -- lists changed on disk ------------------------------------------------------------

    def _shelf_stat(self) -> tuple[int, int, int] | None:
        """The library's shelf file as it is now (its inode, size and time of change;
        None: not there, or the lists read are not the library's)."""
        shelf = getattr(self.app, "shelf", None)
        if shelf is None:
            return None
        try:
            found = os.stat(shelf.file)
        except (OSError, ValueError):
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def _check_shelf(self) -> None:
        """Read the lists again when lists were added to the library or removed from it
        on the command line (``tuireader add``, ``remove``) while the reader runs, as a
        list changed on disk is: the query, the place and the marks stay, and the notice
        says what came and went. One stat of the shelf file each look; the file is read
        only when it changed, and looked at again after lists being read are shown."""
        shelf = getattr(self.app, "shelf", None)
        read_from = self.services.read_from
        if shelf is None or read_from is None or self._reading_lists or self.library is None:
            return
        found = self._shelf_stat()
        if found == self._shelf_seen:
            return
        self._shelf_seen = found
        try:
            now = shelf.read()
        except Exception:  # noqa: BLE001 - looked at again when the file changes next
            return
        if now.damaged:
            # (a file edited by hand, say): not the lists add and remove left in it
            said = f"Library not read again: {now.damaged}; the lists shown stay"
            self.notify(visible(said), title="Lists", severity="warning", markup=False)
            return
        if now.places == shelf.places:
            self._shelf_emptied = False
            return  # written again with the same lists (or back as they were)
        if now.empty:
            # not one list left to read: the papers shown stay (a reader with nothing
            # to show is no help), said once, until a list is added
            if not self._shelf_emptied:
                self._shelf_emptied = True
                self.notify(SHELF_EMPTIED, title="Lists", severity="warning", markup=False)
            return
        self._shelf_emptied = False
        read_from(now)
        app: Any = self.app
        app.shelf = replace(shelf, places=now.places)
        self._shelf_change = (shelf.places, now.places)
        self._reading_lists = True
        self._reread(Changes(), self.triage.moves_seen, self.triage.store)

    def _check_lists(self) -> None:
        """Read the lists again when a file they were read from changed on disk, came
        into one of their folders or left it; say the new files of a folder that are
        not lists (once each), reading nothing."""
        on_disk = self._on_disk
        if on_disk is None or self._reading_lists:
            return
        found, self._on_disk = changes(on_disk, self._said_not_read)
        for line in found.not_read:
            self.notify(visible(line), title="Lists", markup=False)
        if self._unread is not None:
            found, self._unread = self._unread.then(found), None
        if not found.to_read:
            return
        self._reading_lists = True
        store = self.triage.store
        gone = {path: on_disk.files.get(path) for path in found.removed}
        self._reread(found, self.triage.moves_seen, store, gone)

    @work(thread=True, exclusive=True, group="reread", exit_on_error=False)
    def _reread(
        self,
        found: Changes,
        seen: int | None,
        store: Any,
        gone: Mapping[Path, Stamp | None] | None = None,
    ) -> None:
        """Read the lists again (as a start reads them: marks whose paper's id changed
        follow it), every paper of them, and the moves of paper ids made since ``seen``;
        where the files gone (``gone``, as they were read) look renamed to."""
        # what the lists are read from, as it is before they are read: what changes as
        # they are read is seen by the next poll
        watched = self.services.watched
        try:
            on_disk = look(watched()) if watched is not None else OnDisk()
        except Exception:  # noqa: BLE001 - the files of the lists read are looked at
            on_disk = OnDisk()
        if self.library is not None:
            on_disk = with_lists(on_disk, self.library)
        try:
            library = self.services.load_library()
            library.papers  # noqa: B018 - every paper read here, not on the screen's thread
            moves: list[Move] = []
            last_move = None
            if store is not None and seen is not None:
                try:
                    last_move = store.last_move()
                    moves = store.moves_after(seen)
                except StoreError:
                    last_move = None  # ids are written as the new lists give them
        except Exception as error:  # noqa: BLE001 - shown, and the lists shown stay
            reason = f"{type(error).__name__}: {error}"
            self.post_message(msg.LibraryFailed(reason, again=True, on_disk=on_disk))
            return
        broken = tuple(_broken(self.library, library))
        unreadable = _now_unreadable(broken, found)
        if unreadable:
            # caught halfway through being written (an editor, a download, a sync): the
            # papers read before stay, and the file is read again when it changes next;
            # what else changed is read at the next look, the file as it stands then
            reason = "; ".join(map(str, unreadable)) + " (the papers read before are kept)"
            held = {Path(os.path.abspath(problem.path)) for problem in unreadable}
            unread = found.without(held)
            self.post_message(msg.LibraryFailed(reason, again=True, on_disk=on_disk, unread=unread))
            return
        pairs = tuple((move.old_id, move.new_id) for move in moves)
        # a list renamed in its folder (mv a.bib a_v2.bib) is said where it looks moved to,
        # as the command line says it; one a folder read has is read there already
        read = {*on_disk.files, *(Path(os.path.abspath(item.path)) for item in library.lists)}
        moved = {
            path: to
            for path, stamp in (gone or {}).items()
            if path not in found.catalogs and path.parent not in on_disk.folders
            if (to := moved_to(path, stamp, read)) is not None
        }
        self.post_message(msg.ListsReread(library, found, on_disk, pairs, last_move, broken, moved))

    def on_lists_reread(self, message: msg.ListsReread) -> None:
        """Show the lists as read again: the query, the order and the highlighted paper
        stay where they still exist, as after a restart."""
        library = message.library
        moves = [Move(old, new, "") for old, new in message.moves]

        current = self.current_paper
        became = _became(current, self.library, library) if current is not None else None

        def now(paper_id: str) -> str | None:
            moved = follow_moves(paper_id, moves)
            found = moved if library.peek(moved) is not None else library.id_now(moved)
            if found is None and current is not None and paper_id == current.id:
                return became  # (an undecided paper the store does not follow)
            return found

        keep = now(current.id) if current is not None else None
        # the paper highlighted is no longer in the lists: the cursor goes to the paper
        # after it in the rows shown (before it, when it was last), not to the first row
        left = current if current is not None and keep is None else None
        # the paper open in the viewer left: the viewer closes (it would show another)
        viewing = left is not None and self.focused is self.viewer
        if left is not None:
            keep = self._neighbour_now(left.id, now)
            left = left if keep is not None else None  # (no paper left to act on)
        self._stood_in = keep if left is not None or viewing else None
        book = self.triage
        book.moves_seen = message.last_move
        # a paper marked (space) that left the lists is marked no more: the keys that act
        # on the marked papers act on those the lists still hold, and that is said
        # an undecided paper re-scraped under another key, which the store does not
        # follow, stays marked under its id now
        was = self.library
        marked_now = {pid: now(pid) for pid in book.marked}
        for pid, found in marked_now.items():
            paper = was.peek(pid) if was is not None and found is None else None
            if paper is not None:
                marked_now[pid] = _became(paper, was, library)
        self._marks_became = _marks_rekeyed(self._marks_became, marked_now)
        unmarked = sum(1 for found in marked_now.values() if found is None)
        book.marked = {found for found in marked_now.values() if found is not None}
        self._on_disk = with_lists(message.on_disk, library)
        before = self.library if self.library is not None else Library()
        self.library = library
        self.total = len(library)
        self._every_row = None
        # a list back is read again; one gone anew is said where it looks moved to now
        added = set(message.changes.added)
        kept = {path: to for path, to in self._moved.items() if path not in added}
        self._moved = {**kept, **message.moved}
        self.viewer.say_gone(self._gone_said())
        key_problems = tuple(getattr(self.app, "key_problems", ()))
        had = self.problems
        self.problems = (*library.problems, *key_problems)
        if self.problems:
            self._count_warnings()
        else:
            self.warnings = ""
        self.refresh_bindings()
        # a warning the reader counted before (marks outside the lists, the same marks
        # with a list more) is not one the lists read again brought
        fresh = [p for p in library.problems if not getattr(p, "known", False) and p not in had]
        lines = _what_changed(
            message.changes,
            message.on_disk,
            before,
            library,
            now,
            message.moved,
            getattr(self.app, "shelf", None) is not None,
        )
        shelved, self._shelf_change = self._shelf_change, None
        if shelved is not None:
            lines[:0] = shelf_changed_lines(*shelved, before, library)
        lines.extend(followed_notice(_followed(moves, before, library), library))
        # a list read only up to where it breaks off (or not at all): said as it changes
        # or comes to be so, as long as it stays so
        touched = {os.path.abspath(path) for path in message.changes.paths}
        broken = [
            f"{Path(problem.path).name}: {problem.message}".replace("\n", "\\n")
            for problem, new in message.broken
            if new or os.path.abspath(problem.path) in touched
        ]
        # marked papers the lists read again no longer hold (a re-scrape left them out):
        # their marks stay in the triage file, detached, as the command line keeps them
        dropped = [
            paper_id
            for paper_id in {*book.states, *book.tags, *book.notes}
            if before.peek(paper_id) is not None and now(paper_id) is None
        ]
        if dropped:
            lines.append(detached_notice(len(dropped)))
        if unmarked:
            lines.append(unmarked_notice(unmarked))
        menu, self._menu_on = self._menu_on, None
        if menu is not None and menu[0] in self.app.screen_stack:
            if now(menu[1].id) is None:
                # its choices would act on the paper the cursor went to, or on none
                menu[0].dismiss(None)
                named = notice_title(menu[1].title, NOTICE_TITLE)
                lines.append(f"The menu open on “{named}” closed: the paper left the lists")
            else:
                self._menu_on = menu
        editing, self._editor_on = self._editor_on, None
        editor_gone = False
        if editing is not None and editing[0] in self.app.screen_stack:
            editor, on, was_left = editing
            gone = now(on.id) is None
            if gone and not was_left:
                # the editor stays, with its text: what it saves is kept, detached
                editor_gone = True
                lines.append(editor_left_notice(on.title, on.id, before, library))
            self._editor_on = (editor, on, gone)
        if left is not None:
            lines.append(left_notice(left.title, viewing))
        elif viewing and current is not None:
            lines.append(left_notice(current.title, viewing, gone=True))
        said = "\n".join([*lines, *broken])
        self.notify(
            visible(said) + (f" ({self.warnings})" if fresh else ""),
            title="Lists",
            severity="warning"
            if fresh or broken or dropped or left or editor_gone
            else "information",
            markup=False,
        )
        # The new lists' index opens in the background; until it does, a search shows
        # the papers it showed, as they are now (those gone from the lists left out).
        self.engine = None
        self.index_state = "opening"
        self._keep_on_index = True
        if self.search_query.strip() or self.similar_to is not None:
            rows = []
            for row in self.results.rows:
                paper_id = now(row.paper.id)
                paper = library.peek(paper_id) if paper_id is not None else None
                if paper is not None:
                    rows.append(Row(paper, row.matched))
            self.matched = len(rows)
            if self.similar_to is not None:
                self._show_rows(rows, keep=keep)  # in its own order, by similarity
            else:
                self._present(rows, self._query_sort, keep=keep)
        else:
            self._return_to = keep
            self._show_query()
        self._redraw_triage()
        if viewing:
            self._focus_pane("results")
        # A key pressed on a paper while the lists were read was saved under the id it
        # had: the decision follows the paper, as reading the lists makes marks follow
        # theirs, once it is written.
        book.follow(
            library.papers,
            {
                paper_id: StoredIdentity.of(paper)
                for paper_id in {*book.states, *book.tags, *book.notes}
                if library.peek(paper_id) is None and (paper := before.peek(paper_id)) is not None
            },
        )
        self.triage.poll()  # the marks reading the lists moved to their papers' new ids
        self._refit_soon()
        self._load(EarlyRead(lambda: library), shown=True)

    def _neighbour_now(self, paper_id: str, now: Callable[[str], str | None]) -> str | None:
        """The id now (``now``) of the paper after ``paper_id`` in the rows shown that
        the lists read again still hold; else of the nearest one before it."""
        rows = self.results.rows
        at = next((n for n, row in enumerate(rows) if row.paper.id == paper_id), None)
        if at is None:
            return None
        for row in (*rows[at + 1 :], *reversed(rows[:at])):
            found = now(row.paper.id)
            if found is not None:
                return found
        return None

    def on_store_opened(self, message: StoreOpened) -> None:
        self.triage.opened(
            message.store,
            message.snapshot,
            message.undoable,
            message.last_move,
            message.last_action,
        )
        if message.problem:
            self.notify(visible(message.problem), title="Not saved", severity="error", markup=False)
        if message.store.problem:
            self.notify(
                visible(message.store.problem),  # (it says what happens to changes)
                title="Triage file",
                severity="warning",
                markup=False,
                timeout=10,
            )
        for title, text in message.settled:  # decisions a reader could not save as it closed
            self.notify(visible(text), title=title, severity="warning", markup=False, timeout=30)
        resume = message.resume
        if resume and resume.get("version") != UI_STATE_VERSION:
            resume = None
        # the drafts the last run kept with its position, and the text typed that runs
        # which ended without closing (kill -9) kept as it was typed
        typed = {
            key: state
            for key, state in message.typed.items()
            if state.get("version") == UI_STATE_VERSION
        }
        if resume or typed:
            drafts = merged_drafts([*([resume] if resume else []), *typed.values()])
            self._take_drafts(drafts["drafts"], drafts["drafts_undone"], drafts["drafts_said"])
            self._take_tag_drafts(drafts["tag_drafts"], drafts["marked_tag_drafts"])
        self.triage.took_typed(typed)
        # Keys typed before the triage file opened (it took longer than keys are held
        # for) have acted on the screen as it was (a query's first letters, Enter): the
        # last run's query must not land on them ("graph" became "raph").
        acted = bool(self.search_box.value) or getattr(self.app, "keys_handed", 0) > 0
        # the place left by a reader on other lists (the library's, a file named on its
        # own) is theirs: "0 of 4 papers match" of the library's query on a file of 4
        place = place_for(resume, lists_of_place(self.services.lists_shown))
        if place and not self.search_query and not acted:
            self._resume = resume = place
            if resume.get("order") in ORDERS and self._choice is None:
                self._choice = str(resume["order"])  # the order the list was left in
            query = str(resume.get("query") or "")
            if query:
                # Back where the user was: the query's results, the paper highlighted. The
                # search box keeps the focus with the query selected, so what is typed
                # first replaces it, as on any start: in the list, the letters of a new
                # query ("sparse") would keep, skip and open papers. Enter or Down goes
                # to the list.
                self.search_box.value = query
                self.search_box.select_all()
            else:
                self._show_query()
        self._redraw_triage()
        self._refit_soon()
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release("triage")

    def on_triage_saved(self, message: TriageSaved) -> None:
        # note text an undo took away was saved once: not text never saved (unless the
        # paper kept some of that already)
        if message.op_id is not None:
            self._state_ops.pop(message.op_id, None)
        kept = self.triage.note_drafts
        self._drafts_undone.update(pid for pid in message.drafts if pid not in kept)
        answered = self._answered if message.elsewhere else None
        before = self._triage_now() if message.elsewhere else None
        # papers changed elsewhere, waiting to be said, that this reader's own write
        # changed again (z taking back the command line's step): they are no longer as
        # saved there, and are not said so
        waiting = self._triage_now() if self._elsewhere and not message.elsewhere else None
        self.triage.saved(message)
        after = self._triage_now() if before is not None else None
        if waiting is not None:
            for paper_id in changed_papers(waiting, self._triage_now()):
                self._elsewhere.pop(paper_id, None)
        # The paper open (highlighted) stays where it is, whatever was decided of it
        # elsewhere: its row stays under the cursor, as a row decided here does, so no
        # key lands on a paper the user has not seen.
        current = self.current_paper
        stays = current.id if current is not None else None
        if answered is not None and before is not None and after is not None:
            self._answered = changed_since(answered, before, after, stays)
        # marks a command moved to an alias (none when the marks are as they were:
        # another reader wrote only its place, or the text typed in its editors)
        unchanged = message.elsewhere and before == after
        if message.elsewhere and self.library is not None and not unchanged:
            self.triage.take_back(self.library)
            after = self._triage_now()
        if before is not None and after is not None:
            self._take_elsewhere(before, after, message.made_by, stays)
        self._redraw_triage()
        if before is not None and after is not None:
            self._follow_others(before, after)
        # A decision (or a batch, or another reader's changes) is on disk: learn from it.
        # Not when another reader wrote only its place (as it moves, every few seconds)
        # or the text typed in its editors: the marks are as they were.
        if not unchanged:
            self._refit_soon()
        if message.summary:
            # louder and longer when it changed papers the list does not show
            loud = message.severity == "warning"
            self.notify(
                visible(undo_notice(message.summary)),
                severity=message.severity,
                timeout=6 if loud else 2,
                markup=False,
            )

    def _follow_others(self, before: TriageNow, after: TriageNow) -> None:
        """Another program changed the triage file (``tuireader triage`` or ``import``
        from another shell, a second reader), from ``before`` to ``after``: a query that
        asks for triage (``is:new``, ``tag:``) is searched again, so the list answers it
        as the file stands.

        Only when the answer may change: a change that leaves what each of its filters
        answered as it was (a note or a tag added under ``is:new``, a decision under
        ``tag:later``) changes no row, and a row's marker is redrawn without a search.
        And at FOLLOW_GAP at most: a second reader deciding paper after paper had the
        list searched again at each look, every second or two; the changes that come
        meanwhile are searched together, FOLLOW_GAP after the search before.

        The reader's own decisions leave the rows where they are (a paper kept under
        ``is:new`` stays, its marker changed) because the user made them on those rows,
        and they still do: the query answers from the triage it was searched with and
        the changes made elsewhere since. Those have no such row, and left in the list
        they would look undecided. The cursor stays on its paper at the same row of the
        screen, or, the paper gone from the results, on the next one that is still
        there."""
        query = self.search_query
        if self.similar_to is not None or self.engine is None or query != self.displayed_query:
            return  # "More like this" searches again on the way back (action_leave_similar)
        if not query.strip() or not asks_triage(query):
            return
        if not self._answer_may_change(query, before, after):
            return
        if self._follow_timer is not None:
            return  # a search again is on its way, and will see this change too
        followed = self._followed
        wait = 0.0
        if followed is not None and followed[0] == query:
            wait = followed[1] + FOLLOW_GAP - time.monotonic()
        if wait > 0:
            self._follow_timer = self.set_timer(wait, lambda: self._follow_now(query))
            return
        self._follow_now(query)

    def _take_elsewhere(
        self, before: TriageNow, after: TriageNow, made_by: Sequence[str], open_id: str | None
    ) -> None:
        """Another program changed papers, from ``before`` to ``after``: they are said in
        one notice (how many, and where, as far as the triage file tells), kept in the
        run's notices (W), a moment on, together with those that follow (a second reader
        deciding paper after paper is one notice, not one for each). The paper open here
        (``open_id``, the highlighted one) decided there is said at once: when the
        viewer shows it, that it stays open and keys act on it."""
        library = self.library
        ids = [
            paper_id
            for paper_id in changed_papers(before, after)
            if library is not None and library.peek(paper_id) is not None
        ]
        if not ids:
            return  # (no paper the lists open show, or a look that found nothing)
        if not self._elsewhere:
            self._elsewhere_since = time.monotonic()
        self._elsewhere.update(dict.fromkeys(ids))
        self._elsewhere_by.update(dict.fromkeys(made_by))
        where = self._where_made(made_by)
        was, now = before[0].get(open_id or ""), after[0].get(open_id or "")
        decided = open_id is not None and open_id in ids and was != now
        if decided and now is not None:
            self._decided_elsewhere[str(open_id)] = (now, where)
        if self._elsewhere_timer is not None:
            self._elsewhere_timer.stop()
            self._elsewhere_timer = None
        if decided:
            self._say_elsewhere(str(open_id), now or DEFAULT_STATE)
            return
        wait = ELSEWHERE_GATHER
        wait = min(wait, self._elsewhere_since + ELSEWHERE_LONGEST - time.monotonic())
        if wait <= 0:
            self._say_elsewhere()
            return
        self._elsewhere_timer = self.set_timer(wait, self._say_elsewhere)

    def _in_viewer(self, paper_id: str) -> bool:
        """Whether the viewer shows ``paper_id`` on the screen: beside the list, or in
        its place on a narrow terminal once Enter opened it."""
        paper = self.viewer.paper
        shown = not self.narrow or self.reading
        return shown and paper is not None and paper.id == paper_id

    @staticmethod
    def _where_made(made_by: Sequence[str]) -> str:
        """Where changes were made, as a notice says it: "in another reader", "on the
        command line and by an import"; "elsewhere" when not known."""
        words = [MADE_BY.get(means, means) for means in made_by]
        if not words:
            return "elsewhere"
        return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]

    def _say_elsewhere(self, open_id: str | None = None, state: str = DEFAULT_STATE) -> None:
        """Say the papers changed elsewhere gathered so far, in one notice: how many, and
        where; first, the paper open here, ``open_id``, when its state (``state`` now)
        was decided there."""
        self._elsewhere_timer = None
        ids, self._elsewhere = list(self._elsewhere), {}
        made_by, self._elsewhere_by = list(self._elsewhere_by), {}
        if not ids:
            return
        where = self._where_made(made_by)
        lines = []
        if open_id is not None:
            title = self._title_of(open_id)
            word = state_said(state)
            there = self._decided_elsewhere.get(open_id, (state, where))[1]
            # "open" only when the viewer shows it: on a narrow terminal the list hides
            # the viewer until Enter, and the highlighted row was said open all the same
            if self._in_viewer(open_id):
                named = f"“{title}”" if title else "The paper open"
                lines.append(f"{named} is now {word} ({there}): it stays open here, keys act on it")
            else:
                named = f"“{title}”" if title else "The highlighted paper"
                lines.append(f"{named} is now {word} ({there})")
            ids = [paper_id for paper_id in ids if paper_id != open_id]
        if ids:
            more = " more" if open_id is not None else ""
            lines.append(
                f"{len(ids):,}{more} paper{'' if len(ids) == 1 else 's'} changed {where}: "
                "shown here as saved there"
            )
        self.notify(
            visible("\n".join(lines)),
            title="Changed elsewhere",
            severity="warning" if open_id is not None else "information",
            markup=False,
        )

    def _answer_may_change(self, query: str, before: TriageNow, after: TriageNow) -> bool:
        """Whether the shown ``query``'s triage filters may answer otherwise for the
        triage ``after`` than for ``before``: whether any of those its search asked
        about does (every change may, when what it asked is not known)."""
        asked = self._asked
        if asked is None or asked[0] != query:
            return True
        filters = tuple(asked[1])  # (a copy: a search's worker may still be adding)
        if not filters:
            return True

        def answers(triage: TriageNow) -> Resolver:
            resolve = snapshot_resolver(*triage)
            if tag_being_typed(query) is None:
                return resolve
            # a tag being typed is a prefix of the tags in use then
            known = sorted({tag for tags in triage[1].values() for tag in tags})
            return typed_tag_resolver(resolve, query, known)

        was, now = answers(before), answers(after)
        return any(was(name, value) != now(name, value) for name, value in filters)

    def _follow_now(self, query: str) -> None:
        """Search the triage query ``query`` again, as the triage file stands now, if it
        is still the one shown."""
        self._follow_timer = None
        if self.similar_to is not None or self.engine is None:
            return
        if query != self.search_query or query != self.displayed_query:
            return
        self._followed = (query, time.monotonic())
        index = self.results.highlighted
        self._keep_place = index is not None
        # the paper among the first hits
        limit = max(SEARCH_LIMIT, (index or 0) + FOLLOW_BELOW)
        self._search(query, limit, answered=self._answered)

    def _answered_again(self, query: str) -> TriageNow | None:
        """What the triage query ``query``, shown, is searched again with when the lists
        are read again or the triage file reopened: the triage it was searched with and
        the changes made elsewhere since, so the rows decided in the reader stay (a
        paper just skipped under ``is:new``, marked) until the user moves on, as they
        do when it follows changes made elsewhere. None for another query, or one not
        shown, which answers from the triage shown now."""
        if query != self.displayed_query or not query.strip() or not asks_triage(query):
            return None
        return self._answered

    def _place(self) -> tuple[Sequence[str], int] | None:
        """Where the cursor is as the results come (keys may have moved it since they
        were asked for): its paper and those below it, the first listed of them to take
        its place, and its row of the screen."""
        results = self.results
        index = results.highlighted
        rows = results.rows
        if index is None or not 0 <= index < len(rows):
            return None
        below = ids_of(rows)[index : index + FOLLOW_BELOW]
        return below, index - round(results.scroll_y)

    def on_triage_reopened(self, message: TriageReopened) -> None:
        """The triage file is sound again (recovered, written again, replaced): what it
        holds is shown, and changes are saved to it."""
        query = self.search_query
        answered = self._answered_again(query)
        before = self._triage_now() if answered is not None else None
        self.triage.reopened(message)
        if self.library is not None:
            self.triage.reattach(self.library)  # its marks on papers whose id changed
        if answered is not None and before is not None:
            # what the file holds that the reader did not show is a change made elsewhere
            answered = changed_since(answered, before, self._triage_now())
        self._redraw_triage()
        self._refit_soon()
        if self.similar_to is None and self.engine is not None and query == self.displayed_query:
            if query.strip() and asks_triage(query):
                # is:, tag: and has:note answer from the file shown now, the rows decided
                # in the reader staying (see _follow_others)
                current = self.current_paper
                self._return_to = current.id if current is not None else None
                self._search(query, answered=answered)
            elif (self.matched or 0) > len(self.results.rows):
                self._beyond_triaged = frozenset()  # "N left" counts from the new file
                if self.triage.states:
                    self._count_matches(query, self._resolver(query))
                self._update_counts()
        self.notify(visible(message.summary), title="Triage file", markup=False, timeout=10)

    def on_triage_failed(self, message: TriageFailed) -> None:
        ids = self.triage.papers_of(message.op_id)
        self.triage.failed(message)
        self._redraw_triage()
        if message.op_id is None:
            title = "Triage file"
            self.notify(visible(message.reason), title=title, severity="error", markup=False)
            return
        # Which paper's change was not saved: the highlight has moved on by now. It goes
        # back to the first paper whose state key failed once the failures are said (a
        # moment on, after the burst), so that the same key again retries that paper
        # rather than landing on the next one. The changes queued with it fail with it
        # (a full disk): said together, a moment on.
        # Gathered until none has failed for a moment (a busy machine hands the writer
        # a burst's changes further apart), said at the latest a second after the first.
        now = time.monotonic()
        if not self._not_saved:
            self._not_saved_since = now
        if self._not_saved_timer is not None:
            self._not_saved_timer.stop()
        wait = min(NOT_SAVED_GATHER, max(0.0, self._not_saved_since + NOT_SAVED_LONGEST - now))
        self._not_saved_timer = self.set_timer(wait, self._say_not_saved)
        self._not_saved.append((message.reason, ids, message.several))
        retry = self._state_ops.pop(message.op_id, None)
        if message.op_id is not None:
            self._failed_ops.add(message.op_id)
        if retry is not None and self._retry_on is None:
            self._retry_on, self._retry_op = retry, message.op_id

    @property
    def saying_not_saved(self) -> bool:
        """True while changes that could not be saved are still to be said."""
        return bool(self._not_saved)

    def _say_not_saved(self) -> None:
        self._not_saved_timer = None
        failed, self._not_saved = self._not_saved, []
        back = self._back_to_retry()
        named = failed[0][1][0] if failed and failed[0][1] else None
        # the papers of the first notice (the changes refused for the same reason)
        first = {pid for why, ids, _ in failed if why == failed[0][0] for pid in ids}
        for title, reason in not_saved_notices(failed, lambda pid: self._title_of(pid, 60)):
            if back is not None:
                # the first notice's title names its first paper: "it" when that is the
                # one, "the first" when the notice is of several papers (a burst refused)
                it = f"“{self._title_of(back, 60) or back}”"
                if back == named:
                    it = "the first" if len(first) > 1 else "it"
                reason += f" The highlight is back on {it}, to try again."
                back = None  # said once, under the first notice
            self.notify(visible(reason), title=visible(title), severity="error", markup=False)

    def _back_to_retry(self) -> str | None:
        """Bring the highlight back to the first paper whose state key could not be
        saved, unless the user moved it by hand since the last state key, a change made
        since was not refused too, or the paper is no longer listed; returns the paper's
        id when it moved."""
        paper_id, self._retry_on = self._retry_on, None
        op_id, self._retry_op = self._retry_op, None
        failed, self._failed_ops = self._failed_ops, set()
        current = self.current_paper
        if paper_id is None or op_id is None or current is None or current.id == paper_id:
            return None
        if any(later not in failed for later in range(op_id + 1, self.triage.last_op + 1)):
            # a change made since was saved, or is still on its way: it was made where
            # the user meant it, and the highlight going back would take the keys after
            # it to another paper
            return None
        if current.id != self._left_by_key:
            return None  # moved by hand since: it stays where the user put it
        index = self.results.index_of(paper_id)
        if index is None:
            return None
        self.results.select(index)
        self._left_by_key = paper_id
        self._decided_here = None
        return paper_id

    # -- triage: drawing ------------------------------------------------------------------

    def _select(self, paper_id: object, scroll: object) -> None:
        """Highlight paper ``paper_id`` if the list has it, then scroll to ``scroll``."""
        results = self.results
        index = results.index_of(paper_id)
        if index is not None:
            results.select(index, scroll=False)

        def back() -> None:
            # where the list was scrolled, unless that leaves the paper out of view (the
            # rows came in another order): then the paper is brought into view
            if isinstance(scroll, (int, float)):
                results.scroll_to(y=scroll, animate=False, immediate=True)
            if index is not None:
                results.scroll_to_highlight()

        self.call_after_refresh(back)

    def _update_counts(self) -> None:
        listed = ids_of(self.results.rows)
        beyond = max(0, (self.matched or 0) - len(listed)) if self.matched is not None else 0
        book = self.triage
        self.triage_counts = counts_line(
            book.states, listed, beyond, self._beyond_triaged, book.saving, book.marked
        )
        if bool(book.marked) != self._had_marks:  # Escape clears them while there are any
            self._had_marks = bool(book.marked)
            self.refresh_bindings()
        self._show_titles()  # marks made or cleared, or hidden by the query now shown

    @work(thread=True, exclusive=True, group="count", exit_on_error=False)
    def _count_matches(self, query: str, resolve: Resolver) -> None:
        """Find the triaged papers among every match of ``query`` (the list loads only
        the first hits), so "N left" counts all the results."""
        # The filter goes first, so the query's last word stays a prefix as typed; a
        # query with OR needs its parentheses (its last word is then a whole word).
        grouped = "OR" in query.split() or "(" in query
        wanted = f"is:{ANY_STATE} ({query})" if grouped else f"is:{ANY_STATE} {query}"
        result = self.engine.search(wanted, limit=None, prefix=True, resolve=resolve)
        if not get_current_worker().is_cancelled:
            triaged = frozenset(hit.paper.id for hit in result.hits)
            self.post_message(MatchesCounted(query, triaged))

    def on_matches_counted(self, message: MatchesCounted) -> None:
        if message.query == self.displayed_query and self.similar_to is None:
            self._beyond_triaged = message.triaged
            self._update_counts()

    def _redraw_triage(self) -> None:
        self.results.refresh_markers()
        self._update_counts()
        self._show_triage(self.current_paper)
        self._show_why(self.current_paper)  # (none once the paper is decided)
        if self._tag_editor is not None:
            self._tag_editor.follow_known(self.triage.known_tags())

    def _show_triage(self, paper: Paper | None) -> None:
        self.viewer.show_triage(self._triage_text(paper))

    def _triage_text(self, paper: Paper | None) -> Text:
        """The viewer's triage lines for ``paper``: state, tags, note (empty: none)."""
        if paper is None or self.triage.store is None:
            return Text("", end="")
        book = self.triage
        state = book.state_of(paper.id)
        tags = book.tags.get(paper.id, ())
        note = book.notes.get(paper.id, "")
        text = Text(end="")
        if state != DEFAULT_STATE:
            text.append(f"{MARKERS[state]} {STATE_NAMES[state]}", "bold")
        decided = self._decided_elsewhere.get(paper.id)
        if decided is not None and decided[0] == state:
            text.append(" " if text else "")
            text.append(f"(decided {decided[1]})", "italic")
        if tags:
            # on the state's row: at 80x24 the abstract must still start on the first
            # screen below the state, tags, note and TL;DR
            text.append(" · " if text else "")
            text.append("Tags: ", "bold")
            text.append(visible(", ".join(map(tag_shown, tags))))
        if note:
            text.append("\n" if text else "")
            text.append("Note: ", "bold")
            text.append(note_shown(note))
        return text

    # -- triage: commands -----------------------------------------------------------------

    def _targets(self) -> list[str]:
        """The marked papers, in list order; else the highlighted one."""
        paper = self.current_paper
        listed = ids_of(self.results.rows)
        return self.triage.targets(listed, paper.id if paper is not None else None)

    def _writable(self, asked: Sequence[Change] = ()) -> bool:
        """True if changes can be saved now; else say why (nothing is shown as changed),
        and keep the changes ``asked`` for to list as the reader closes."""
        reason = self.triage.unwritable_reason()
        if reason is None:
            return True
        if self.triage.store is None:
            self.notify(reason, severity="warning")
        else:
            self.notify(visible(reason), title="Not saved", severity="error", markup=False)
            self.triage.refused(reason, asked)  # said again on the command line at the close
        return False

    def _advance(self, from_id: str) -> None:
        """Move the highlight from paper ``from_id`` to the next paper that is still new."""
        if not self.config.auto_advance:
            return
        results, book = self.results, self.triage
        current = self.current_paper
        if current is None or current.id != from_id or book.state_of(from_id) == DEFAULT_STATE:
            return
        ids = ids_of(results.rows)
        for index in range((results.highlighted or 0) + 1, len(ids)):
            if book.state_of(ids[index]) == DEFAULT_STATE:
                results.select(index)
                return

    @on(cmd.SetTriageState)
    def _set_triage_state(self, command: cmd.SetTriageState) -> None:
        """Set the state (the same key again: back to new) of the marked or current papers.

        The new state and the move to the next paper happen here, before the next key
        is handled; the write follows in the writer thread.
        """
        ids = self._targets()
        if not ids:
            self._say_no_paper()
            return
        if not self.triage.marked and self._refused_in_place():
            return
        if not self._writable(self.triage.state_changes(ids, command.state)):
            return
        for paper_id in ids:
            self._decided_elsewhere.pop(paper_id, None)  # decided here now
        bulk = bool(self.triage.marked)
        if bulk:
            marked = self._marked_named(ids)
            self.triage.set_state(ids, command.state, marked, self._hidden_marks())
            self._redraw_triage()
            return
        paper_id = ids[0]
        state = self.triage.state_of(paper_id)
        if self._decided_here == (paper_id, command.state) and state == command.state:
            # the key again with the highlight still on the paper it decided (keys of a
            # burst, the last new paper): it must not take that decision back
            self.notify(self._already_text(state), markup=False)
            return
        target = self.triage.set_state(ids, command.state)
        self._state_ops[self.triage.last_op] = paper_id
        # In the viewer, the list and its markers are out of sight (or out of the eye's
        # way): the decision is said. After "Back to new" on the paper, so is the state
        # it took after that, so that the last notice is its state.
        say = self.focused is self.viewer or self._backed_to_new == paper_id
        self._backed_to_new = None
        self._redraw_triage()
        self._advance(paper_id)
        current = self.current_paper
        self._left_by_key = current.id if current is not None else None
        title = self._title_of(paper_id)
        if target == DEFAULT_STATE:
            self._decided_here = None
            self._backed_to_new = paper_id
            self.notify(
                visible(f"Back to new: “{title}”" if title else "Back to new"), markup=False
            )
            return
        if say:
            self.notify(visible(decided_text(target, title)), markup=False)
        if self.config.auto_advance and current is not None and current.id == paper_id:
            # only where the cursor would have moved: with auto_advance off it never
            # does, so the key again is the toggle help and README promise (back to new)
            self._decided_here = (paper_id, target)

    def _already_text(self, state: str) -> str:
        """What a state key pressed again on the paper it just decided says."""
        below = ": no new paper below" if self.config.auto_advance else ""
        # "Already maybe" reads as a question: a maybe is "marked maybe"
        word = "marked maybe" if state == "maybe" else STATE_WORDS.get(state, state)
        return f"Already {word}{below} (z undoes)"

    @on(cmd.UndoTriage)
    def _undo_triage(self) -> None:
        """Take back the last change, and highlight the paper it was made on."""
        if not self._writable([("undo", "", None)]):
            return
        book = self.triage
        self._decided_here = None
        before: tuple[dict[str, Any], ...] = (
            dict(book.states),
            dict(book.tags),
            dict(book.notes),
        )
        book.undo()
        after: tuple[dict[str, Any], ...] = (book.states, book.tags, book.notes)
        touched = {
            paper_id
            for old, new in zip(before, after, strict=True)
            for paper_id in old.keys() | new.keys()
            if old.get(paper_id) != new.get(paper_id)
        }
        self._redraw_triage()
        for index, paper_id in enumerate(ids_of(self.results.rows)):
            if paper_id in touched:
                self.results.select(index)
                break

    @on(cmd.RedoTriage)
    def _redo_triage(self) -> None:
        """Make again the change the last undo took back: shown, and said, once saved."""
        if not self._writable([("redo", "", None)]):
            return
        self._decided_here = None
        self.triage.redo()

    def action_clear_marks(self) -> None:
        """Unmark every marked paper, those the query hides too."""
        count = len(self.triage.marked)
        if not count:
            return
        self.triage.marked.clear()
        self._update_counts()
        self.results.refresh_markers()
        self.notify(f"{count:,} marked paper{'' if count == 1 else 's'} unmarked", markup=False)

    @on(cmd.ToggleMark)
    def _toggle_mark(self) -> None:
        paper = self.current_paper
        if paper is None or self._refused_in_place():
            return
        self.triage.toggle_mark(paper.id)
        self._update_counts()
        results = self.results
        results.refresh_markers()
        index = results.highlighted
        if index is not None and index + 1 < len(results.rows):
            results.highlighted = index + 1

    @on(cmd.EditTags)
    def _edit_tags(self) -> None:
        ids = self._targets()
        book = self.triage
        if not ids or book.store is None:
            self._say_no_paper()
            return
        if not book.marked and self._refused_in_place():
            return
        # a triage file that cannot be written: the editor opens all the same, saying
        # so, so that the tags typed after t are never taken as keys ("mytag" Enter
        # did m, y and a search); what Enter asks for is refused, and said at the close
        refused = book.unwritable_reason()
        bulk = len(ids) > 1 or bool(book.marked)
        opened = list(book.tags.get(ids[0], ())) if not bulk else []
        marked = self._marked_named(ids) if bulk else ""
        hidden = self._hidden_marks() if bulk else 0
        seen = self.library
        # the paper as the user saw it: the lists read again while the editor is open
        # may give it another id, or none
        shown = None if bulk else self._title_of(ids[0])

        def done(tags: list[str] | None) -> None:
            self._tag_editor = None
            detached = self._editor_closed(editor)
            typing(None)  # left: saved, kept as a draft, or put back as it was
            if tags is None:
                return
            if tags == opened:
                # Enter on the tags as they were: nothing to save, and said (the editor
                # closed without a word, as though the tags typed had been lost)
                paper = marked if bulk else f"“{shown}”" if shown else "the paper"
                self.notify(visible(tags_changed_notice((), (), paper)), markup=False)
                return
            try:
                wanted = checked(tags)
            except StoreError as error:
                self.notify(visible(error.user_message), severity="error", markup=False)
                return
            to, named, unseen = ids, marked, hidden
            if bulk:
                # the lists read again while the editor was open took marked papers out
                # of the lists, and of the marked set: the tags go to those still marked
                to = still_marked()
                if len(to) < len(ids):
                    said = left_marked_notice(len(ids) - len(to), len(to), "tagged")
                    self.notify(visible(said), severity="warning", markup=False)
                    if not to:
                        return
                    named, unseen = self._marked_named(to), self._hidden_marks()
                asked = [("tags", pid, merge_tags(book.tags.get(pid, ()), wanted)) for pid in to]
            else:
                asked = [("tags", ids[0], merge_tags((), wanted))]
            if not self._writable(asked):
                return
            book.save_tags(to, wanted, opened, bulk, named, unseen, title=shown, detached=detached)
            self._follow_edited(seen, to)
            self._redraw_triage()

        def checked(tags: list[str]) -> list[str]:
            from tuireader.ui.screens.edit import split_tags

            wanted = [normalize_tag(tag) for tag in split_tags(", ".join(tags))]
            # a long tag kept from before may stay; a new one is refused, in words
            had = {caseless(tag) for tag in opened}
            for tag in wanted:
                if caseless(tag) not in had:
                    check_tag_length(tag)
            return wanted

        def refusal(tags: list[str]) -> str | None:
            try:
                checked(tags)
            except StoreError as error:
                return error.user_message
            return None

        def still_marked() -> list[str]:
            # the papers ``ids`` still marked, by their ids in the lists read now (a paper
            # re-scraped under another key is marked under either)
            now = [self._marks_became.get(pid) or str(self._id_now(pid)) for pid in ids]
            return [pid for pid in dict.fromkeys(now) if pid in book.marked]

        paper = None
        if bulk:
            title = f"Add tags (comma-separated) to {self._marked_words()}"
        else:
            paper = self.current_paper  # not bulk: the one target is the highlighted paper
            name = " ".join(paper.title.split()) if paper is not None else ids[0]
            title = f"Tags (comma-separated): {name}"
        from tuireader.ui.screens.edit import TagEditor

        text = self._marked_tag_draft(ids) if bulk else book.tag_drafts.pop(ids[0], None)
        papers = tuple(sorted(set(ids)))

        def typing(draft: str | None) -> None:
            # the tags as typed, while not those saved: kept on disk as they are typed
            place: dict[Any, str] = book.marked_tags_typing if bulk else book.tags_typing
            typed_as = papers if bulk else ids[0]
            if draft is None:
                place.pop(typed_as, None)
            else:
                place[typed_as] = draft

        def keep_draft(draft: str) -> None:
            # the reader closes with the editor open: under the paper's id in the lists
            # read now, for the next run's t on it (see on_unmount)
            now, kept_as = self.library, ids[0]
            moved = now is not None and now is not seen and now.peek(kept_as) is None
            if paper is not None and now is not None and moved:
                kept_as = _became(paper, seen, now) or kept_as
            book.tag_drafts[kept_as] = draft
            typing(None)

        def keep_marked_draft(draft: str) -> None:
            # likewise, under the ids of the marked papers in the lists read now
            now = self.library
            kept_as = []
            for paper_id in ids:
                marked = seen.peek(paper_id) if seen is not None else None
                moved = now is not None and now is not seen and now.peek(paper_id) is None
                if marked is not None and now is not None and moved:
                    paper_id = _became(marked, seen, now) or paper_id
                kept_as.append(paper_id)
            book.marked_tag_drafts[tuple(sorted(set(kept_as)))] = draft
            typing(None)

        # open, it completes the tags others set meanwhile too (see _redraw_triage)
        editor = self._tag_editor = TagEditor(
            opened,
            book.known_tags(),
            title=title,
            text=text,
            keep_draft=keep_marked_draft if bulk else keep_draft,
            refused=refused,
            typing=typing,
            check=refusal,
        )
        if paper is not None:
            # the lists read again without the paper say so (see on_lists_reread)
            self._editor_on = (editor, paper, False)
        self.app.push_screen(editor, done)

    def _marked_tag_draft(self, ids: Sequence[str]) -> str | None:
        """The tags typed for the marked papers ``ids`` and kept as the reader closed on
        them, taken for the editor to open with (a paper kept by an id it had with other
        lists counts as itself); None when none are kept for just these papers."""
        drafts = self.triage.marked_tag_drafts
        wanted = set(ids)
        for papers in list(drafts):
            if {self._id_now(paper_id) for paper_id in papers} == wanted:
                return drafts.pop(papers)
        return None

    @on(cmd.EditNote)
    def _edit_note(self) -> None:
        paper = self.current_paper
        book = self.triage
        if paper is None or book.store is None:
            self._say_no_paper()
            return
        if self._refused_in_place():
            return
        refused = book.unwritable_reason()  # opened all the same, saying so (see t)
        paper_id = paper.id
        # note text kept under an id the paper had with other lists comes back too
        former = [alias for alias in paper.aliases if self._id_now(alias) == paper_id]
        opened, text = book.note_to_edit(paper_id, former)
        self._drafts_undone.difference_update([paper_id, *former])  # text typed from now
        seen = self.library

        def done(note: str | None) -> None:
            detached = self._editor_closed(editor)
            typing(None)  # left: saved, kept as a draft, or put back as it was
            if note is None:
                return
            if not self._writable([("note", paper_id, normalize_note(note))]):
                book.keep_draft(paper_id, note)  # refused: the next n brings it back
                return
            book.save_note(paper_id, note, opened, detached=detached)
            self._follow_edited(seen, [paper_id])
            self._redraw_triage()

        def typing(draft: str | None) -> None:
            # the text as typed, while not the note saved: kept on disk as it is typed
            if draft is None:
                book.note_typing.pop(paper_id, None)
            else:
                book.note_typing[paper_id] = draft

        def keep_draft(draft: str, closing: bool) -> None:
            # under the paper's id in the lists read now, which may have been read
            # again while the editor was open (kept under its id before, no paper's)
            now, kept_as = self.library, paper_id
            if now is not None and now is not seen and now.peek(paper_id) is None:
                kept_as = _became(paper, seen, now) or paper_id
            book.note_drafts[kept_as] = draft
            typing(None)
            if not closing:
                self.notify("Note not saved · n opens it again with what you typed")

        from tuireader.ui.screens.edit import NoteEditor

        editor = NoteEditor(
            text,
            title=paper.title,
            keep_draft=keep_draft,
            saved=opened,
            refused=refused,
            typing=typing,
        )
        self._editor_on = (editor, paper, False)  # (see on_lists_reread)
        self.app.push_screen(editor, done)

    def _editor_closed(self, editor: Any) -> bool:
        """``editor``, open on one paper, closed: whether the lists read again while it
        was open no longer hold its paper (what it saved is kept detached)."""
        on = self._editor_on
        if on is None or on[0] is not editor:
            return False
        self._editor_on = None
        return on[2]

    def _follow_edited(self, seen: Library | None, ids: Sequence[str]) -> None:
        """Marks just saved from an editor opened on the papers of ``seen``, the lists
        read again while it was open: a paper whose id the lists read now do not have
        (a re-scrape gave it another key, or left it out) keeps what identified it as
        the user saw it, and its mark follows it to its id now, as a key pressed while
        the lists were read does (see :meth:`on_lists_reread`). The triage file takes
        the identity of a paper saved from the lists read last, which have no such
        paper: the mark was kept without a title, detached from the paper still there."""
        library = self.library
        if seen is None or library is None or library is seen:
            return
        gone = {
            paper_id: StoredIdentity.of(paper)
            for paper_id in ids
            if library.peek(paper_id) is None and (paper := seen.peek(paper_id)) is not None
        }
        if gone:
            self.triage.follow(library.papers, gone)


def _by_source(problems: Sequence[Problem]) -> tuple[list[Problem], list[Problem]]:
    """``problems`` met reading the lists, and those of the settings (config.toml), which
    reach the reader among them."""
    lists: list[Problem] = []
    settings: list[Problem] = []
    for problem in problems:
        is_settings = Path(problem.path).name == CONFIG_NAME
        (settings if is_settings else lists).append(problem)
    return lists, settings


def _broken(before: Library | None, after: Library) -> list[tuple[Problem, bool]]:
    """The problems of the lists ``before`` read (their files still there) that could not
    be read at all for ``after`` (not a list any more), or only up to where they break off
    (a file cut short, as one being written is); each with whether the list is newly so
    (``before`` read it whole)."""
    if before is None:
        return []
    read_before = {os.path.abspath(paper_list.path) for paper_list in before.lists}
    read_now = {os.path.abspath(paper_list.path) for paper_list in after.lists}
    short_before = {
        os.path.abspath(problem.path)
        for problem in before.problems
        if problem.message.endswith(CUT_SHORT)
    }
    found = []
    for problem in after.problems:
        where = os.path.abspath(problem.path)
        if where not in read_before or not os.path.isfile(where):
            continue
        if problem.severity == "error" and where not in read_now:
            found.append((problem, True))
        elif problem.message.endswith(CUT_SHORT):
            found.append((problem, where not in short_before))
    return found


def _now_unreadable(broken: Sequence[tuple[Problem, bool]], found: Changes) -> list[Problem]:
    """The problems of the lists read whole before that changed on disk (``found``) and
    could not be read at all now, or only up to where they break off (of ``broken``, from
    :func:`_broken`): caught being written, their papers read before are kept until they
    change again.

    A file cut short then as well was read only up to a break then: no more is kept by
    keeping it. A file that stays broken without changing (a download that failed, left
    in the folder) is read as it stands: it must not stop the others being read again."""
    changed = {os.path.abspath(path) for path in (*found.changed, *found.added)}
    return [problem for problem, new in broken if new and os.path.abspath(problem.path) in changed]


def _became(paper: Paper, before: Library | None, after: Library) -> str | None:
    """The id of the paper of the lists read again that ``paper`` became, when its id
    changed (a list re-scraped under another BibTeX key) and the store does not follow it
    (it follows decided papers): the one new paper of its title and first author."""
    from tuireader.ingest.identity import family_name, same_family, title_key

    if after.peek(paper.id) is not None:
        return paper.id
    title = title_key(paper.title)
    author = family_name(paper.authors[0]) if paper.authors else ""
    found = [
        other.id
        for other in after.papers
        if title_key(other.title) == title
        and (before is None or before.peek(other.id) is None)
        and same_family(family_name(other.authors[0]) if other.authors else "", author)
    ]
    return found[0] if len(found) == 1 and title else None


def _marks_rekeyed(
    became: Mapping[str, str], marked_now: Mapping[str, str | None]
) -> dict[str, str]:
    """``became`` (the id a marked paper had, to the id a re-scrape gave it) once the
    lists are read again, ``marked_now`` giving each marked paper's id in them (None: it
    left): an id whose paper has another id now goes to it, and so does every id that
    went to that one, so a chain of re-keys (A to B, then B to C) ends at C."""
    now = {pid: found for pid, found in marked_now.items() if found is not None and found != pid}
    return {**{old: now.get(new, new) for old, new in became.items()}, **now}


def _followed(moves: Sequence[Move], before: Library, after: Library) -> list[tuple[str, str]]:
    """The papers of ``before`` whose marks followed them to a new id as the lists were
    read again (``moves``, oldest first), each as (the id it had, the id it has now)."""
    found = []
    for old_id in dict.fromkeys(move.old_id for move in moves):
        new_id = follow_moves(old_id, moves)
        known = before.peek(old_id) is not None
        if new_id != old_id and known and after.peek(new_id) is not None:
            found.append((old_id, new_id))
    return found


#: how many marks moved to a new id a notice names (as the command line names them)
FOLLOWED_SHOWN = 10


def followed_notice(followed: Sequence[tuple[str, str]], library: Library) -> list[str]:
    """The lines of the notice of lists read again that say the marks that followed their
    paper to a new id (``followed``, see :func:`_followed`), in the command line's words:
    each named, as an old id kept in notes or scripts may name another paper now."""
    count = len(followed)
    if not count:
        return []
    their = "their" if count != 1 else "its"
    lines = [f"{count} triage mark{'s' if count != 1 else ''} followed {their} paper to a new id:"]
    for old_id, new_id in followed[:FOLLOWED_SHOWN]:
        paper = library.peek(new_id)
        title = f"  {notice_title(paper.title, NOTICE_TITLE)}" if paper is not None else ""
        lines.append(f"  {old_id} → {new_id}{title}")
    if count > FOLLOWED_SHOWN:
        lines.append(f"  … and {count - FOLLOWED_SHOWN} more")
    return lines


def _added_and_gone(
    paths: Collection[Path],
    before: Library,
    after: Library,
    now: Callable[[str], str | None],
) -> tuple[int, int]:
    """How many papers the list files ``paths`` hold that they did not before (added),
    and how many they held that they no longer do (gone): a paper under another id
    (``now`` gives it, or a paper of the same title and first author that the files
    did not hold) is the same paper, neither added nor gone."""
    from tuireader.ingest.identity import family_name, title_key

    def held(library: Library) -> dict[str, None]:
        return {
            paper_id: None
            for item in library.lists
            if Path(os.path.abspath(item.path)) in paths
            for paper_id in item.paper_ids
        }

    was, has = held(before), held(after)
    kept: set[str] = set()
    gone = []
    for paper_id in was:
        # (most keep their id: the moves are followed for the others alone)
        found = paper_id if paper_id in has else now(paper_id)
        if found is not None and found in has:
            kept.add(found)
        else:
            gone.append(paper_id)
    added = [paper_id for paper_id in has if paper_id not in kept]

    def key(paper: Paper | None) -> tuple[str, str] | None:
        if paper is None or not title_key(paper.title):
            return None
        return title_key(paper.title), family_name(paper.authors[0]) if paper.authors else ""

    # a key renamed on a paper with no mark: nothing follows it but its title and author
    left = Counter(key(before.peek(paper_id)) for paper_id in gone)
    came = Counter(key(after.peek(paper_id)) for paper_id in added)
    same = sum(1 for k, n in left.items() if k is not None and n == 1 and came[k] == 1)
    return len(added) - same, len(gone) - same


def added_and_gone_text(added: int, gone: int) -> str:
    """How many papers lists read again added and lost: "3 papers added, 1 gone"."""
    parts = []
    if added:
        parts.append(f"{papers_count(added)} added")
    if gone:
        parts.append(f"{gone:,} gone" if added else f"{papers_count(gone)} gone")
    return ", ".join(parts)


def shelf_changed_lines(
    was: Sequence[Path], places: Sequence[Path], before: Library, after: Library
) -> list[str]:
    """What the notice of the lists read again says of the lists added to the library
    (``places`` has them, ``was`` does not) and removed from it on the command line, a
    line each: each added with how many papers were read from it, each removed with how
    many papers left the results (their marks are kept)."""
    from tuireader.system.resources import seeds_dir

    def key(path: Path) -> str:
        return os.path.abspath(path)

    def name(path: Path, library: Library) -> str:
        if key(path) == key(seeds_dir()):
            return "the built-in seeds"
        shown = path.name + ("/" if os.path.isdir(path) else "")
        # a file whose list the library names apart from another of its name (one a
        # folder of the library holds): named as `tuireader lists` names it, the
        # folder telling them apart
        told = next((pl.name for pl in library.lists if key(pl.path) == key(path)), "")
        if told.startswith(path.stem + " (") and told.endswith(")"):
            shown = told
        return shown.replace("\n", "\\n")

    def lists_in(library: Library, place: Path) -> list[PaperList]:
        where = key(place)
        return [
            item
            for item in library.lists
            if key(item.path) == where or key(item.path).startswith(where + os.sep)
        ]

    old = {key(place) for place in was}
    new = {key(place) for place in places}
    lines = []
    for place in places:
        if key(place) in old:
            continue
        found = lists_in(after, place)
        papers = len({paper_id for item in found for paper_id in item.paper_ids})
        if not found:
            lines.append(f"Library changed: {name(place, after)} added: no papers read from it")
        elif len(found) == 1 and key(found[0].path) == key(place):
            lines.append(f"Library changed: {name(place, after)} added ({papers_count(papers)})")
        else:
            lines.append(
                f"Library changed: {name(place, after)} added ({len(found):,} lists, "
                f"{papers_count(papers)})"
            )
    for place in was:
        if key(place) in new:
            continue
        holder = next((p for p in places if key(place).startswith(key(p) + os.sep)), None)
        if holder is not None and lists_in(after, place):
            # a folder added takes the place of its files the library had
            lines.append(
                f"Library changed: {name(place, before)} is read from {name(holder, after)} now"
            )
            continue
        # its papers that no list left has: none of their ids or aliases names a paper now
        number = 0
        for paper_id in {pid for item in lists_in(before, place) for pid in item.paper_ids}:
            paper = before.peek(paper_id)
            names = (paper_id, *(paper.aliases if paper is not None else ()))
            number += not any(after.named(alias) for alias in names)
        if number:
            them = "it" if number == 1 else "them"
            its = "their" if key(place) == key(seeds_dir()) else "its"
            lines.append(
                f"Library changed: {name(place, before)} removed: {its} {papers_count(number)} left "
                f"the results (marks on {them} are kept)"
            )
        else:
            lines.append(f"Library changed: {name(place, before)} removed")
    return lines


def moved_hint(to: Path, shelved: bool = False) -> str:
    """Where a list gone looks moved ``to``, said on one line: "it looks moved to
    /papers/a_v2.bib", with the command that puts a list of the library (``shelved``)
    back. The notice of lists read again, the load warnings (w) and the viewer with no
    paper left say it in these words."""
    hint = f"it looks moved to {to}"
    if shelved:
        hint += f" (tuireader add {shlex.quote(str(to))} puts it back)"
    return hint.replace("\n", "\\n")


def _what_changed(
    found: Changes,
    on_disk: OnDisk,
    before: Library,
    after: Library,
    now: Callable[[str], str | None] | None = None,
    moved: Mapping[Path, Path] | None = None,
    shelved: bool = False,
) -> list[str]:
    """What the notice of lists read again says, a line each: the lists new in a folder
    (with how many papers were read from each), those gone (with how many papers left the
    results: their marks are kept; and where they look ``moved`` to, with the command
    that puts a list of the library, ``shelved``, back), and the files changed (with how
    many papers they added and lost, ``now`` giving each paper's id in ``after``);
    catalogs named as such."""

    def name(path: Path) -> str:
        return path.name.replace("\n", "\\n")

    def listed(library: Library, path: Path) -> PaperList | None:
        for item in library.lists:
            if os.path.abspath(item.path) == str(path):
                return item
        return None

    lines = []
    for path in found.added:
        folder = name(path.parent) if path.parent in on_disk.folders else None
        item = listed(after, path)
        number = item.count if item is not None else None
        if path in found.catalogs:
            where = f"new catalog in {folder}" if folder else f"catalog {name(path)} is back"
            lines.append(f"{where}: {name(path)}, read again" if folder else f"{where}: read again")
        elif number is None:
            where = f"new file in {folder}: {name(path)}" if folder else f"{name(path)} is back"
            lines.append(f"{where}: no papers read from it")
        elif folder:
            lines.append(f"new list in {folder}: {name(path)} ({papers_count(number)})")
        else:
            lines.append(f"{name(path)} is back ({papers_count(number)})")
    for path in found.removed:
        folder = name(path.parent) if path.parent in on_disk.folders else None
        gone = f"{name(path)} left {folder}" if folder else f"{name(path)} is gone"
        item = listed(before, path)
        # its papers that no other list has: none of their ids or aliases names a paper
        # now (one that another list has too may have another id now, still there)
        number = 0
        for paper_id in item.paper_ids if item is not None else ():
            paper = before.peek(paper_id)
            names = (paper_id, *(paper.aliases if paper is not None else ()))
            number += not any(after.named(alias) for alias in names)
        to = (moved or {}).get(path)
        hint = f"; {moved_hint(to, shelved)}" if to is not None else ""
        if path in found.catalogs:
            lines.append(f"catalog {gone}: read again without it")
        elif number:
            them = "it" if number == 1 else "them"
            lines.append(
                f"{gone}: its {papers_count(number)} left the results (marks on {them} are "
                f"kept){hint}"
            )
        else:
            lines.append(gone + hint)
    changed = [path for path in found.changed if path not in found.catalogs]
    if changed:
        line = ", ".join(map(name, changed)) + " changed on disk: read again"
        if now is not None:
            counted = added_and_gone_text(*_added_and_gone(changed, before, after, now))
            line += f" ({counted})" if counted else ""
        lines.append(line)
    catalogs = [path for path in found.changed if path in found.catalogs]
    if catalogs:
        what = "catalog" if len(catalogs) == 1 else "catalogs"
        lines.append(f"{what} {', '.join(map(name, catalogs))} changed on disk: read again")
    return lines


#: the name the benchmarks and older code know the screen by.
ReaderScreen = MainScreen


def _file_path(word: str) -> bool:
    """Whether ``word`` of a notice names a file by its path ("/home/…/triage.sqlite3",
    "~/papers/x.bib"), not a web address, which a paper's text may make of any length."""
    return word.lstrip("“‘(\"'").startswith(("/", "~/", "./")) and "://" not in word
