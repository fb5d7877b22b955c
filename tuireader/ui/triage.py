"""Keyboard triage in the reader: keep / maybe / skip / read, tags, notes, marks, undo.

:class:`TriageCommands` is mixed into the main screen. It opens the triage store off the
event loop, draws each paper's state as a marker in the results list, counts the states
of the current results in the status line, shows tags and the note in the viewer, and
saves the last query and selection so the next start resumes there.

Every write goes to the store in a thread, one after another in the order the keys were
pressed; a store that can't be written (locked, damaged, read-only) becomes a
notification and the reader carries on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from tuireader.model import Paper
from tuireader.store import DEFAULT_STATE, Store, StoreError
from tuireader.textrender import visible
from tuireader.triage_filters import filter_resolver
from tuireader.ui.screens.main import ReaderScreen
from tuireader.ui.widgets.results import ResultsList, Row

#: one-cell marker per state in the results list ("new" shows nothing).
MARKERS = {"kept": "★", "maybe": "?", "skip": "✗", "read": "✓"}
#: the marker of a paper marked for a bulk action (wins over its state).
MARK = "●"
#: seconds between checks for changes made by another running reader.
POLL_SECONDS = 3.0
#: the key under which the reader's position is saved.
UI_STATE_KEY = "reader"
UI_STATE_VERSION = 1
STATE_NAMES = {"kept": "kept", "maybe": "maybe", "skip": "skipped", "read": "read"}


@dataclass
class StoreOpened(Message):
    """The triage store is open (perhaps read-only), with what the reader needs from it."""

    store: Store
    states: dict[str, str]
    resume: dict[str, Any] | None


@dataclass
class TriageSaved(Message):
    """A triage change was written; ``states`` is every non-new state after it."""

    states: dict[str, str]
    summary: str = ""
    #: the paper a state key acted on, when the highlight should move past it.
    advance_from: str | None = None
    paper_ids: tuple[str, ...] = field(default_factory=tuple)


@dataclass
class TriageFailed(Message):
    """A triage change could not be saved: ``reason`` is for the user."""

    reason: str


def counts_text(states: dict[str, str], ids: Iterable[str]) -> str:
    """``"2 kept · 0 maybe · 1 skipped · 0 read · 7 left"`` for the papers ``ids``."""
    tally = dict.fromkeys(("kept", "maybe", "skip", "read", DEFAULT_STATE), 0)
    for paper_id in dict.fromkeys(ids):
        tally[states.get(paper_id, DEFAULT_STATE)] += 1
    parts = [f"{tally[state]:,} {name}" for state, name in STATE_NAMES.items()]
    parts.append(f"{tally[DEFAULT_STATE]:,} left")
    return " · ".join(parts)


class TriageCommands(ReaderScreen):
    """Triage keys for the reader screen (mixed into ``MainScreen``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "triage('kept')", "Keep", id="triage.keep"),
        Binding("m", "triage('maybe')", "Maybe", id="triage.maybe"),
        Binding("x", "triage('skip')", "Skip", id="triage.skip"),
        Binding("r", "triage('read')", "Read", id="triage.read"),
        Binding("z", "triage_undo", "Undo", id="triage.undo"),
        Binding("t", "edit_tags", "Tags", id="triage.tags"),
        Binding("n", "edit_note", "Note", id="triage.note"),
        Binding("space", "toggle_mark", "Mark", show=False, id="triage.mark"),
    ]

    #: after a state key, move the highlight to the next paper that is still new.
    advance_to_new: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        self.store: Store | None = None
        #: every paper whose state is not new (a copy of the store's, for drawing).
        self.triage_states: dict[str, str] = {}
        #: ids marked for a bulk action.
        self.marked: set[str] = set()
        self._write_lock = asyncio.Lock()
        self._resume: dict[str, Any] | None = None
        self._position: dict[str, Any] = {}

    # -- the store ------------------------------------------------------------------------

    def on_mount(self) -> None:
        results = self.query_one("#results", ResultsList)
        results.marker_for = self._marker
        viewer = self.query_one("#viewer")
        viewer.mount(Static(id="viewer-triage", markup=False), after="#viewer-header")
        self._open_store()
        self.set_interval(POLL_SECONDS, self._poll)

    @work(thread=True, group="triage-open", exit_on_error=False)
    def _open_store(self) -> None:
        opener: Callable[[], Store] | None = getattr(
            getattr(self.app, "services", None), "open_store", None
        )
        store = opener() if opener is not None else Store.in_memory()
        try:
            states = store.states()
            resume = store.load_ui_state(UI_STATE_KEY)
        except StoreError as error:
            states, resume = {}, None
            self.post_message(TriageFailed(error.user_message))
        self.post_message(StoreOpened(store, states, resume))

    def on_store_opened(self, message: StoreOpened) -> None:
        self.store = message.store
        self.triage_states = message.states
        if message.store.problem:
            self.notify(
                visible(message.store.problem) + " Triage changes won't be saved.",
                title="Triage file",
                severity="warning",
                markup=False,
                timeout=10,
            )
        resume = message.resume
        if resume and resume.get("version") == UI_STATE_VERSION and not self.search_query:
            self._resume = resume
            query = str(resume.get("query") or "")
            if query:
                self.search_box.value = query
                self.search_box.cursor_position = len(query)
            else:
                self._show_query()  # type: ignore[attr-defined]
        self._redraw_triage()

    def search_resolver(self) -> Any:
        """What the search engine asks for ``is:``, ``tag:`` and ``has:note``."""
        return filter_resolver(self.store)

    def _poll(self) -> None:
        if self.store is not None:
            self._check_elsewhere()

    @work(thread=True, group="triage-poll", exclusive=True, exit_on_error=False)
    def _check_elsewhere(self) -> None:
        store = self.store
        if store is not None and store.changed_elsewhere():
            self.post_message(TriageSaved(store.states()))

    # -- drawing --------------------------------------------------------------------------

    def _marker(self, paper: Paper) -> str:
        if paper.id in self.marked:
            return MARK
        return MARKERS.get(self.triage_states.get(paper.id, DEFAULT_STATE), "")

    def _show_rows(self, rows: Any, keep: str | None = None) -> None:
        if keep is None:
            super()._show_rows(rows)
        else:
            super()._show_rows(rows, keep=keep)  # type: ignore[call-arg]
        resume = self._resume
        if resume is not None and self.search_query == (resume.get("query") or ""):
            self._resume = None
            self._select(resume.get("paper"), resume.get("scroll"))
        self._update_counts()

    def _select(self, paper_id: object, scroll: object) -> None:
        """Highlight paper ``paper_id`` if the list has it, then scroll to ``scroll``."""
        results = self.results
        for index, row in enumerate(results.rows):
            if row.paper.id == paper_id:
                results._load_more(index + 1)
                results.highlighted = index
                break
        if isinstance(scroll, (int, float)):
            self.call_after_refresh(results.scroll_to, y=scroll, animate=False)

    def _update_counts(self) -> None:
        rows: list[Row] = list(self.results.rows)
        text = counts_text(self.triage_states, (row.paper.id for row in rows)) if rows else ""
        status = self.query_one("#status")
        if hasattr(status, "triage"):
            status.triage = text

    def _redraw_triage(self) -> None:
        self.results.refresh_markers()
        self._update_counts()
        self._show_triage(self.current_paper)

    def _show_triage(self, paper: Paper | None) -> None:
        line = self.query_one("#viewer-triage", Static)
        if paper is None or self.store is None:
            line.update(Text("", end=""))
            line.display = False
            return
        try:
            triage = self.store.get(paper.id)
        except StoreError:
            line.display = False
            return
        text = Text(end="")
        if triage.state != DEFAULT_STATE:
            text.append(f"{MARKERS[triage.state]} {STATE_NAMES[triage.state]}", "bold")
        if triage.tags:
            text.append("\n" if text else "")
            text.append("Tags: ", "bold")
            text.append(visible(", ".join(triage.tags)))
        if triage.note:
            text.append("\n" if text else "")
            text.append("Note: ", "bold")
            text.append(visible(triage.note))
        line.update(text)
        line.display = bool(text)

    @on(ResultsList.PaperHighlighted)
    def _triage_follow(self, event: ResultsList.PaperHighlighted) -> None:
        self._show_triage(event.paper)
        if event.paper is not None:
            self._position = {
                "paper": event.paper.id,
                "scroll": self.results.scroll_y,
            }

    # -- writing --------------------------------------------------------------------------

    def _targets(self) -> list[str]:
        """The marked papers, in list order; else the highlighted one."""
        if self.marked:
            shown = [row.paper.id for row in self.results.rows if row.paper.id in self.marked]
            # Marks survive a new query: papers marked under an earlier one count too.
            return shown + sorted(self.marked.difference(shown))
        paper = self.current_paper
        return [paper.id] if paper is not None else []

    @work(group="triage", exit_on_error=False)
    async def _write(self, call: Callable[[Store], str], advance_from: str | None = None) -> None:
        """Run ``call`` on the store in a thread, after every write asked before it."""
        async with self._write_lock:
            store = self.store
            if store is None:
                self.post_message(TriageFailed("The triage file is still opening; try again."))
                return

            def run() -> TriageSaved:
                summary = call(store)
                return TriageSaved(store.states(), summary, advance_from)

            try:
                saved = await asyncio.to_thread(run)
            except StoreError as error:
                self.post_message(TriageFailed(error.user_message))
                return
        self.post_message(saved)

    def on_triage_saved(self, message: TriageSaved) -> None:
        self.triage_states = message.states
        self._redraw_triage()
        if message.summary:
            self.notify(visible(message.summary), timeout=2, markup=False)
        config = getattr(self.app, "config", None)
        advance = self.advance_to_new and (config is None or config.auto_advance)
        if message.advance_from is not None and advance:
            self._advance(message.advance_from)

    def on_triage_failed(self, message: TriageFailed) -> None:
        self.notify(visible(message.reason), title="Not saved", severity="error", markup=False)

    def _advance(self, from_id: str) -> None:
        """Move the highlight from paper ``from_id`` to the next paper that is still new."""
        results = self.results
        current = self.current_paper
        if current is None or current.id != from_id:
            return  # the user moved on already
        if self.triage_states.get(from_id, DEFAULT_STATE) == DEFAULT_STATE:
            return
        rows = results.rows
        start = results.highlighted or 0
        for index in range(start + 1, len(rows)):
            if self.triage_states.get(rows[index].paper.id, DEFAULT_STATE) == DEFAULT_STATE:
                results._load_more(index + 1)
                results.highlighted = index
                results.scroll_to_highlight()
                return

    def action_triage(self, state: str) -> None:
        """Set the state (the same key again: back to new) of the marked or current papers."""
        ids = self._targets()
        if not ids:
            self.notify("Highlight a paper first", severity="warning")
            return
        if self.marked:
            self.marked.clear()
            self._write(lambda store: f"{store.toggle_state_many(ids, state)} papers: {state}")
        else:

            def one(store: Store) -> str:
                store.toggle_state(ids[0], state)
                return ""  # the marker says it; no notification per key

            self._write(one, advance_from=ids[0])

    def action_triage_undo(self) -> None:
        def undo(store: Store) -> str:
            result = store.undo()
            return f"Undone: {result.message}" if result else "Nothing to undo"

        self._write(undo)

    def action_toggle_mark(self) -> None:
        paper = self.current_paper
        if paper is None:
            return
        self.marked.symmetric_difference_update({paper.id})
        self.results.refresh_markers()
        index = self.results.highlighted
        if index is not None and index + 1 < len(self.results.rows):
            self.results.highlighted = index + 1

    def action_edit_tags(self) -> None:
        from tuireader.ui.screens.edit import TagEditor

        ids = self._targets()
        if not ids or self.store is None:
            self.notify("Highlight a paper first", severity="warning")
            return
        try:
            known = [tag for tag, _count in self.store.all_tags()]
            current = list(self.store.get(ids[0]).tags) if len(ids) == 1 else []
        except StoreError as error:
            self.notify(visible(error.user_message), severity="error", markup=False)
            return
        bulk = len(ids) > 1 or bool(self.marked)

        def done(tags: list[str] | None) -> None:
            if tags is None:
                return
            if bulk:
                self.marked.clear()

                def add(store: Store) -> str:
                    for tag in tags:
                        store.add_tag_many(ids, tag)
                    return f"Tagged {len(ids)} papers"

                self._write(add)
            else:
                self._write(lambda store: (store.set_tags(ids[0], tags), "Tags saved")[1])

        title = f"Add tags to {len(ids)} papers" if bulk else "Tags (comma-separated)"
        self.app.push_screen(TagEditor(current, known, title=title), done)

    def action_edit_note(self) -> None:
        from tuireader.ui.screens.edit import NoteEditor

        paper = self.current_paper
        if paper is None or self.store is None:
            self.notify("Highlight a paper first", severity="warning")
            return
        try:
            note = self.store.get(paper.id).note
        except StoreError as error:
            self.notify(visible(error.user_message), severity="error", markup=False)
            return

        def done(text: str | None) -> None:
            if text is not None:
                self._write(lambda store: (store.set_note(paper.id, text), "Note saved")[1])

        self.app.push_screen(NoteEditor(note, title=paper.title), done)

    # -- resuming -------------------------------------------------------------------------

    def on_unmount(self) -> None:
        self.save_position()

    def save_position(self) -> None:
        """Remember the query, the highlighted paper and the scroll for the next start."""
        store = self.store
        if store is None or store.read_only:
            return
        state = {"version": UI_STATE_VERSION, "query": self.search_query, **self._position}
        try:
            store.save_ui_state(UI_STATE_KEY, state)
        except StoreError:
            pass
