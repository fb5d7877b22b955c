"""The main screen: search box, results list, abstract viewer, status line and footer.

The screen owns the state (query, results, selected paper, index state) and hands it down;
widgets post messages up. Slow work (loading the library, opening the index, searching)
runs in thread workers that post messages back.

Features add their keys by mixing a subclass of :class:`ReaderScreen` into
:class:`MainScreen` at the bottom of this module; their bindings then appear in the
footer, the help screen and the command palette without further wiring.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import Resize
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from tuireader.model import Library, Paper
from tuireader.render.textrender import visible
from tuireader.ui import messages as msg
from tuireader.ui.bindings import Place, declared_bindings
from tuireader.ui.widgets.results import ResultsList, Row
from tuireader.ui.widgets.search import SearchBox
from tuireader.ui.widgets.status import StatusLine
from tuireader.ui.widgets.viewer import PaperViewer

if TYPE_CHECKING:  # pragma: no cover
    from tuireader.ui.app import ReaderApp

#: terminals at least this wide show the list and the viewer side by side.
WIDE_COLUMNS = 120
#: hits asked of the engine per keystroke (its cost grows with the number of hits)...
SEARCH_LIMIT = 100
#: ...and how many more each time the highlight nears the end of what is shown.
MORE_FACTOR = 5
#: longest wait (seconds) for the first list frame before opening the index anyway.
FIRST_FRAME_WAIT = 2.0
#: width of the list-name column when the library has several lists.
LIST_COLUMN = 14


class ReaderScreen(Screen[None]):
    """Search, browse and read. Subclass it to add commands (see :class:`MainScreen`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash,ctrl+f", "focus_search", "Search", id="reader.search"),
        Binding("tab", "cycle_focus(1)", "Next pane", show=False, id="reader.next_pane"),
        Binding("shift+tab", "cycle_focus(-1)", "Previous pane", show=False, id="reader.prev_pane"),
        Binding("M", "more_like_this", "More like this", id="reader.similar"),
        Binding("question_mark", "help", "Help", id="reader.help"),
        Binding("q", "app.quit", "Quit", id="reader.quit"),
    ]

    search_query: reactive[str] = reactive("", init=False)
    shown: reactive[int] = reactive(0)
    total: reactive[int] = reactive(0)
    matched: reactive[int | None] = reactive(None)
    elapsed_ms: reactive[float | None] = reactive(None)
    index_state: reactive[str] = reactive("loading")
    message: reactive[str] = reactive("")
    show_timings: reactive[bool] = reactive(True)
    reading: reactive[bool] = reactive(False)
    narrow: reactive[bool] = reactive(False)

    def __init__(self) -> None:
        super().__init__()
        self.library: Library | None = None
        self.engine: Any = None
        self.similar_to: Paper | None = None
        self._first_frame = threading.Event()
        #: hits the query has in all, when more exist than the list holds.
        self._total_hits = 0
        #: the query whose results the list shows now (None before the first results).
        self.displayed_query: str | None = None

    @property
    def reader_app(self) -> ReaderApp:
        return self.app  # type: ignore[return-value]

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SearchBox(id="search")
        yield Static(id="suggestion", markup=False)
        with Horizontal(id="panes"):
            yield ResultsList(id="results")
            yield PaperViewer(id="viewer")
        yield ProgressBar(id="progress", show_eta=False)
        yield StatusLine(id="status").data_bind(
            ReaderScreen.shown,
            ReaderScreen.total,
            ReaderScreen.matched,
            ReaderScreen.elapsed_ms,
            ReaderScreen.index_state,
            ReaderScreen.message,
            ReaderScreen.show_timings,
        )
        yield Footer()

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

    def binding_places(self) -> list[Place]:
        """Every group of bindings, with the node that runs them (help and palette)."""
        return [
            Place(
                "Anywhere (letter keys: outside the search box)",
                self,
                declared_bindings(type(self)),
            ),
            Place("Search box", self.search_box, declared_bindings(SearchBox)),
            Place("Results list", self.results, declared_bindings(ResultsList)),
            Place("Viewer", self.viewer, declared_bindings(PaperViewer)),
        ]

    def on_mount(self) -> None:
        self.show_timings = self.reader_app.show_timings
        self.query_one("#suggestion").display = False
        self.query_one("#progress").display = False
        self.search_box.focus()
        self._load()

    def on_resize(self, event: Resize) -> None:
        self.narrow = event.size.width < WIDE_COLUMNS

    def watch_narrow(self, narrow: bool) -> None:
        self.set_class(narrow, "-narrow")

    def watch_reading(self, reading: bool) -> None:
        self.set_class(reading, "-reading")

    # -- loading --------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load", exit_on_error=False)
    def _load(self) -> None:
        services = self.reader_app.services
        try:
            library = services.load_library()
        except Exception as error:  # noqa: BLE001 - any failure is shown, never raised
            self.post_message(msg.LibraryFailed(f"{type(error).__name__}: {error}"))
            return
        self.post_message(msg.LibraryLoaded(library))
        # Let the list reach the screen before indexing competes with it for the CPU.
        self._first_frame.wait(timeout=FIRST_FRAME_WAIT)
        try:
            engine = services.open_engine(
                library, lambda done, total: self.post_message(msg.IndexProgress(done, total))
            )
        except Exception as error:  # noqa: BLE001
            self.post_message(msg.EngineFailed(f"{type(error).__name__}: {error}"))
            return
        self.post_message(msg.EngineReady(engine))

    def on_library_loaded(self, message: msg.LibraryLoaded) -> None:
        library = message.library
        self.library = library
        self.total = len(library)
        self.call_after_refresh(self._first_frame.set)
        self.index_state = "opening"
        problems = library.problems
        if problems:
            first = problems[0]
            more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
            self.message = f"{first}{more}"
            for problem in problems[:5]:
                self.notify(
                    visible(str(problem)),
                    title="Problem reading a list",
                    severity="error" if problem.severity == "error" else "warning",
                    markup=False,
                )
        if not library.papers:
            self.message = self.message or "No papers: the library is empty"
        self._show_query()

    def on_library_failed(self, message: msg.LibraryFailed) -> None:
        self.library = Library()
        self.index_state = "none"
        self._first_frame.set()
        self.message = f"Could not load the library: {message.reason}"
        self.notify(visible(self.message), severity="error", markup=False)
        self._show_query()

    def on_index_progress(self, message: msg.IndexProgress) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.display = True
        bar.update(total=max(message.total, 1), progress=message.done)
        self.index_state = f"indexing {message.done:,}/{message.total:,}"

    def on_engine_ready(self, message: msg.EngineReady) -> None:
        engine = self.engine = message.engine
        problem = getattr(engine, "problem", None)
        self.index_state = "text scan" if problem else "ready"
        for note in getattr(engine, "messages", ()):
            self.notify(visible(note), title="Search index", severity="warning", markup=False)
        self.query_one("#progress").display = False
        if self.search_query.strip():
            self._show_query()

    def on_engine_failed(self, message: msg.EngineFailed) -> None:
        self.index_state = "unavailable"
        self.query_one("#progress").display = False
        self.message = f"Search is unavailable: {message.reason}"

    # -- searching ------------------------------------------------------------------------

    @on(SearchBox.Changed, "#search")
    def _query_changed(self, event: SearchBox.Changed) -> None:
        self.search_query = event.value

    def watch_search_query(self) -> None:
        self.similar_to = None
        if self.narrow and self.reading:
            self.reading = False
        self._show_query()

    def _show_query(self) -> None:
        """Show what the current query asks for: every paper, or a search."""
        if self.library is None:
            return
        query = self.search_query
        if not query.strip():
            self.workers.cancel_group(self, "search")
            self._set_suggestion(None)
            self._show_rows([Row(paper) for paper in self.library.papers])
            self.displayed_query = query
            self.matched = None
            self.elapsed_ms = None
            if self.message.startswith("Search:"):
                self.message = ""
            return
        if self.engine is None:
            self.message = "Search: the index is not ready yet; results appear when it is"
            return
        self._search(query)

    def search_resolver(self) -> Any:
        """Answers for ``is:``/``tag:``/``has:`` filters (None: the engine's defaults)."""
        return None

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _search(self, query: str, limit: int = SEARCH_LIMIT, kind: str = "search") -> None:
        resolve = self.search_resolver()
        result = self.engine.search(query, limit=limit, prefix=True, resolve=resolve)
        if not get_current_worker().is_cancelled:
            self.post_message(msg.SearchFinished(query, result, kind=kind))

    @on(ResultsList.NearEnd)
    def _fetch_more(self) -> None:
        """Ask for more hits of the shown query when the user scrolls towards its end."""
        shown = len(self.results.rows)
        if (
            self.engine is not None
            and self.similar_to is None
            and self.displayed_query == self.search_query
            and self.search_query.strip()
            and self._total_hits > shown
        ):
            self._search(self.search_query, shown * MORE_FACTOR, "more")

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _similar(self, paper: Paper, query: str) -> None:
        result = self.engine.similar(paper.id)
        if not get_current_worker().is_cancelled:
            self.post_message(msg.SearchFinished(query, result, kind="similar"))

    def on_search_finished(self, message: msg.SearchFinished) -> None:
        if message.query != self.search_query:
            return  # typed past it: a newer search is on its way
        if message.kind == "similar" and self.similar_to is None:
            return
        result = message.result
        keep = self.current_paper.id if message.kind == "more" and self.current_paper else None
        rows = [Row(hit.paper, tuple(hit.title_spans)) for hit in result.hits]
        self._show_rows(rows, keep=keep)
        self._total_hits = result.total
        self.displayed_query = message.query
        self.matched = result.total
        self.elapsed_ms = result.elapsed_ms
        if message.kind == "similar" and self.similar_to is not None:
            title = " ".join(self.similar_to.title.split())
            self._set_suggestion(f"Papers like “{title}” — type a query to search again")
        else:
            self._set_suggestion(
                f"Did you mean: {result.suggestion}?" if result.suggestion else None
            )
        self.message = f"Search: {result.message}" if result.message else ""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.group == "search":
            error = event.worker.error
            self.message = f"Search: failed ({type(error).__name__}: {error})"

    def _set_suggestion(self, text: str | None) -> None:
        line = self.query_one("#suggestion", Static)
        line.display = bool(text)
        line.update(Text(visible(text or ""), end=""))

    def _show_rows(self, rows: Sequence[Row], keep: str | None = None) -> None:
        assert self.library is not None
        width = LIST_COLUMN if len(self.library.lists) > 1 else 0
        self.results.show_rows(rows, list_width=width, keep=keep)
        self.shown = len(rows)
        if not rows:
            self.viewer.show_paper(None)

    # -- following the highlight ----------------------------------------------------------

    @on(ResultsList.PaperHighlighted)
    def _paper_highlighted(self, event: ResultsList.PaperHighlighted) -> None:
        self.viewer.show_paper(event.paper, self._span_finder())

    def _span_finder(self):  # type: ignore[no-untyped-def]
        engine, query = self.engine, self.search_query
        if engine is None or not query.strip():
            return None
        return lambda plain: engine.term_spans(plain, query)

    @on(ResultsList.PaperChosen)
    def _paper_chosen(self) -> None:
        """A paper was clicked: read it."""
        self._focus_pane("viewer")

    # -- actions --------------------------------------------------------------------------

    PANES: ClassVar[tuple[str, ...]] = ("search", "results", "viewer")

    def _focus_pane(self, pane: str) -> None:
        if pane == "viewer":
            self.reading = self.narrow
        else:
            self.reading = False
        # set_focus, not focus(): it takes effect before the next key is handled.
        self.set_focus(self.query_one(f"#{pane}"))

    def action_focus_search(self) -> None:
        self._focus_pane("search")

    def action_focus_results(self) -> None:
        self._focus_pane("results")

    def action_open_viewer(self) -> None:
        """Show the highlighted paper in the viewer and move there."""
        if self.current_paper is not None:
            self._focus_pane("viewer")

    def action_cycle_focus(self, step: int) -> None:
        focused = self.focused
        current = focused.id if focused is not None and focused.id in self.PANES else "search"
        index = self.PANES.index(current)  # type: ignore[arg-type]
        self._focus_pane(self.PANES[(index + step) % len(self.PANES)])

    def action_more_like_this(self) -> None:
        paper = self.current_paper
        if paper is None:
            self.notify("Highlight a paper first", severity="warning")
            return
        if self.engine is None:
            self.notify("The index is not ready yet", severity="warning")
            return
        self.similar_to = paper
        self._similar(paper, self.search_query)
        self._focus_pane("results")

    def action_help(self) -> None:
        from tuireader.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.binding_places(), self.app.active_bindings))


from tuireader.ui.copying import CopyAllCommands, CopyCommands
from tuireader.ui.exporting import ExportCommands, ExportCommandsProvider
from tuireader.ui.triage import TriageCommands


class MainScreen(TriageCommands, CopyCommands, ExportCommands, ReaderScreen):
    """The screen the app shows: the reader plus the features mixed in here."""

    COMMANDS: ClassVar[set[Any]] = {*Screen.COMMANDS, CopyAllCommands, ExportCommandsProvider}
