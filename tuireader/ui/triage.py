"""Keyboard triage in the reader: keep / maybe / skip / read, tags, notes, marks, undo.

:class:`TriageCommands` is mixed into the main screen. It opens the triage store off the
event loop, draws each paper's state as a marker in the results list, counts the states
of the current results in the status line, shows tags and the note in the viewer, and
saves the last query and selection so the next start resumes there.

Keys act in the order typed, on the state the previous keys left: a key changes what the
reader shows (the marker, the counts, the highlight) at once, in the key handler, and
hands the write to one writer thread that runs the writes one after another in the same
order. So a burst of keys, or a disk that takes a second per write, never reorders or
drops a decision, and never makes the next key act on the wrong paper.

What the reader shows is the saved state plus the writes still waiting (the status line
says "saving…" while there are any). A write is acknowledged (its notification, the end
of "saving…") only after it is committed to disk; a write that fails (locked, read-only,
disk full) is reported and only its own change is taken back from the screen.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from tuireader.model import Paper
from tuireader.render.textrender import visible
from tuireader.triage.filters import ANY_STATE, Resolver
from tuireader.triage.store import (
    DEFAULT_STATE,
    Store,
    StoreConflict,
    StoreError,
    TriageSnapshot,
    normalize_note,
    normalize_tag,
    tag_key,
)
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
#: shown after the counts while writes are still on their way to disk.
SAVING = "saving…"

# One change to what the reader shows: (field, paper id, value); field is "state",
# "tags" or "note"; the default value ("new", (), "") means "nothing".
Change = tuple[str, str, Any]


@dataclass
class Pending:
    """A change shown before it is saved: ``after`` applied now, ``before`` to undo it."""

    op_id: int
    after: list[Change]
    before: list[Change]


@dataclass
class Job:
    """One write for the writer thread; ``run`` None: only look for others' changes."""

    op_id: int | None
    run: Callable[[Store], str] | None
    #: what to tell the user when ``run`` raised :class:`StoreConflict`.
    on_conflict: Callable[[StoreConflict], None] | None = None


@dataclass
class StoreOpened(Message):
    """The triage store is open (perhaps read-only), with what the reader needs from it."""

    store: Store
    snapshot: TriageSnapshot
    resume: dict[str, Any] | None


@dataclass
class TriageSaved(Message):
    """A write was committed (or others' changes were seen); ``snapshot`` is what is
    saved now (None if it could not be read back)."""

    op_id: int | None
    snapshot: TriageSnapshot | None
    summary: str = ""


@dataclass
class TriageFailed(Message):
    """A triage change could not be saved: ``reason`` is for the user."""

    reason: str
    op_id: int | None = None
    #: what is saved now, read back after the failure (None if it could not be read).
    snapshot: TriageSnapshot | None = field(default=None, repr=False)
    conflict: StoreConflict | None = field(default=None, repr=False)
    job: Job | None = field(default=None, repr=False)


def counts_text(states: dict[str, str], ids: Iterable[str]) -> str:
    """``"2 kept · 0 maybe · 1 skipped · 0 read · 7 left"`` for the papers ``ids``."""
    tally = dict.fromkeys(("kept", "maybe", "skip", "read", DEFAULT_STATE), 0)
    for paper_id in dict.fromkeys(ids):
        tally[states.get(paper_id, DEFAULT_STATE)] += 1
    parts = [f"{tally[state]:,} {name}" for state, name in STATE_NAMES.items()]
    parts.append(f"{tally[DEFAULT_STATE]:,} left")
    return " · ".join(parts)


def apply_changes(
    states: dict[str, str],
    tags: dict[str, tuple[str, ...]],
    notes: dict[str, str],
    changes: Iterable[Change],
) -> None:
    """Apply ``changes`` to the three maps in place."""
    for kind, paper_id, value in changes:
        target: dict[str, Any] = {"state": states, "tags": tags, "note": notes}[kind]
        if value in (DEFAULT_STATE, (), ""):
            target.pop(paper_id, None)
        else:
            target[paper_id] = value


def merge_tags(have: Iterable[str], add: Iterable[str]) -> tuple[str, ...]:
    """``have`` plus the tags of ``add`` it lacks (ignoring case), sorted as the store does."""
    merged: dict[str, str] = {}
    for tag in (*have, *add):
        clean = normalize_tag(tag)
        merged.setdefault(clean.casefold(), clean)
    return tuple(merged[key] for key in sorted(merged))


def snapshot_resolver(
    states: dict[str, str], tags: dict[str, tuple[str, ...]], notes: dict[str, str]
) -> Resolver:
    """``is:``/``tag:``/``has:note`` answered from what the reader shows (see
    :func:`tuireader.triage.filters.filter_resolver`, which asks the store)."""

    def resolve(name: str, value: str) -> set[str] | None:
        if name == "is":
            if value == ANY_STATE:
                return set(states)
            if value in STATE_NAMES:
                return {paper_id for paper_id, state in states.items() if state == value}
            return None
        if name == "tag":
            if not value.strip():
                return None
            key = tag_key(value)
            return {pid for pid, have in tags.items() if key in (t.casefold() for t in have)}
        if name == "has" and value == "note":
            return set(notes)
        return None

    return resolve


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
        #: what is saved, as last read back from the store.
        self._saved = TriageSnapshot({}, {}, {})
        #: changes shown but not yet confirmed by the writer, in the order made.
        self._pending: list[Pending] = []
        #: this session's changes, newest last, for showing an undo before it is saved.
        self._history: list[Pending] = []
        self._next_op = 0
        #: every paper whose state is not new, as shown (saved + pending).
        self.triage_states: dict[str, str] = {}
        self._tags: dict[str, tuple[str, ...]] = {}
        self._notes: dict[str, str] = {}
        #: ids marked for a bulk action.
        self.marked: set[str] = set()
        #: note text a conflict kept from being saved, by paper id.
        self._unsaved_notes: dict[str, str] = {}
        # The writer: one queue, drained in order by at most one thread at a time.
        self._jobs: deque[Job] = deque()
        self._jobs_lock = threading.Lock()
        self._writer_running = False
        self._writer_idle = threading.Event()
        self._writer_idle.set()
        #: changes that could not be saved (written by the writer thread only).
        self._failed_ops: set[int] = set()
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
            snapshot = store.snapshot()
            resume = store.load_ui_state(UI_STATE_KEY)
        except StoreError as error:
            snapshot, resume = TriageSnapshot({}, {}, {}), None
            self.post_message(TriageFailed(error.user_message))
        self.post_message(StoreOpened(store, snapshot, resume))

    def on_store_opened(self, message: StoreOpened) -> None:
        self.store = message.store
        self._saved = message.snapshot
        self._recompute()
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
        """What the search engine asks for ``is:``, ``tag:`` and ``has:note``: what the
        reader shows, so a search right after a key already counts that key."""
        return snapshot_resolver(dict(self.triage_states), dict(self._tags), dict(self._notes))

    def _poll(self) -> None:
        if self.store is not None and self._writer_idle.is_set():
            self._enqueue(Job(None, None))

    # -- the writer -----------------------------------------------------------------------

    def _enqueue(self, job: Job) -> None:
        """Queue ``job`` behind every write asked before it; start the writer if idle."""
        with self._jobs_lock:
            self._jobs.append(job)
            if self._writer_running:
                return
            self._writer_running = True
            self._writer_idle.clear()
        self._update_counts()
        # A plain thread, started now: a Textual worker would only start once the event
        # loop runs again, and closing the reader waits for the queue to drain.
        threading.Thread(target=self._drain, name="triage-writer", daemon=False).start()

    def _drain(self) -> None:
        """Run the queued jobs one at a time, in order, until the queue is empty.

        Never stops half way: a decision the screen shows must reach the disk (or be
        reported), also while the reader is closing.
        """
        while True:
            with self._jobs_lock:
                if not self._jobs:
                    self._writer_running = False
                    self._writer_idle.set()
                    return
                job = self._jobs.popleft()
            try:
                outcome = self._execute(job)
            except Exception as error:  # noqa: BLE001 - reported, the writer carries on
                reason = f"Could not save: {type(error).__name__}: {error}"
                outcome = TriageFailed(reason, job.op_id)
            if isinstance(outcome, TriageFailed) and job.op_id is not None:
                self._failed_ops.add(job.op_id)
            if outcome is not None:
                try:
                    self.post_message(outcome)
                except RuntimeError:
                    pass  # the reader has closed; the write itself is done

    def _execute(self, job: Job) -> Message | None:
        store = self.store
        if store is None:
            return TriageFailed("The triage file is still opening; try again.", job.op_id)
        try:
            if job.run is None:
                if not store.changed_elsewhere():
                    return None
                summary = ""
            else:
                summary = job.run(store)
        except StoreConflict as error:
            failed = TriageFailed(error.user_message, job.op_id, conflict=error, job=job)
        except StoreError as error:
            failed = TriageFailed(error.user_message, job.op_id)
        else:
            failed = None
        if failed is not None:
            try:
                failed.snapshot = store.snapshot()
            except StoreError:
                pass
            return failed
        try:
            snapshot: TriageSnapshot | None = store.snapshot()
        except StoreError:
            snapshot = None  # saved, but not read back: the screen keeps the change
        return TriageSaved(job.op_id, snapshot, summary)

    def flush_writes(self) -> None:
        """Wait until every queued write is on disk (or reported): the reader is closing."""
        self._writer_idle.wait()

    def _submit(
        self,
        run: Callable[[Store], str],
        after: list[Change],
        *,
        on_conflict: Callable[[StoreConflict], None] | None = None,
        history: bool = True,
    ) -> int:
        """Show ``after`` now and queue ``run`` to save it; returns the change's id."""
        op_id = self._next_op = self._next_op + 1
        before = [(kind, pid, self._shown(kind, pid)) for kind, pid, _value in after]
        pending = Pending(op_id, after, before)
        self._pending.append(pending)
        if history and any(b[2] != a[2] for a, b in zip(after, before, strict=True)):
            self._history.append(pending)
        apply_changes(self.triage_states, self._tags, self._notes, after)
        self._enqueue(Job(op_id, run, on_conflict))
        self._redraw_triage()
        return op_id

    def _shown(self, kind: str, paper_id: str) -> Any:
        if kind == "state":
            return self.triage_states.get(paper_id, DEFAULT_STATE)
        if kind == "tags":
            return self._tags.get(paper_id, ())
        return self._notes.get(paper_id, "")

    def _recompute(self) -> None:
        """What is shown: the saved state with the pending changes applied in order."""
        states = dict(self._saved.states)
        tags = dict(self._saved.tags)
        notes = dict(self._saved.notes)
        for pending in self._pending:
            apply_changes(states, tags, notes, pending.after)
        self.triage_states, self._tags, self._notes = states, tags, notes

    def _settle(self, op_id: int | None) -> None:
        self._pending = [p for p in self._pending if p.op_id != op_id]

    def on_triage_saved(self, message: TriageSaved) -> None:
        done = next((p for p in self._pending if p.op_id == message.op_id), None)
        if message.snapshot is not None:
            self._saved = message.snapshot
        elif done is not None:
            apply_changes(self._saved.states, self._saved.tags, self._saved.notes, done.after)
        self._settle(message.op_id)
        self._recompute()
        self._redraw_triage()
        if message.summary:
            self.notify(visible(message.summary), timeout=2, markup=False)

    def on_triage_failed(self, message: TriageFailed) -> None:
        if message.snapshot is not None:
            self._saved = message.snapshot
        if message.op_id is not None or message.snapshot is not None:
            self._settle(message.op_id)
            self._history = [p for p in self._history if p.op_id != message.op_id]
            self._recompute()
            self._redraw_triage()
        job = message.job
        if message.conflict is not None and job is not None and job.on_conflict is not None:
            job.on_conflict(message.conflict)
        self.notify(visible(message.reason), title="Not saved", severity="error", markup=False)

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
        if self._pending:
            text = f"{text} · {SAVING}" if text else SAVING
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
        state = self.triage_states.get(paper.id, DEFAULT_STATE)
        tags = self._tags.get(paper.id, ())
        note = self._notes.get(paper.id, "")
        text = Text(end="")
        if state != DEFAULT_STATE:
            text.append(f"{MARKERS[state]} {STATE_NAMES[state]}", "bold")
        if tags:
            text.append("\n" if text else "")
            text.append("Tags: ", "bold")
            text.append(visible(", ".join(tags)))
        if note:
            text.append("\n" if text else "")
            text.append("Note: ", "bold")
            text.append(visible(note))
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

    # -- keys -----------------------------------------------------------------------------

    def _targets(self) -> list[str]:
        """The marked papers, in list order; else the highlighted one."""
        if self.marked:
            shown = [row.paper.id for row in self.results.rows if row.paper.id in self.marked]
            # Marks survive a new query: papers marked under an earlier one count too.
            return shown + sorted(self.marked.difference(shown))
        paper = self.current_paper
        return [paper.id] if paper is not None else []

    def _writable(self) -> bool:
        """True if changes can be saved now; else say why (nothing is shown as changed)."""
        store = self.store
        if store is None:
            self.notify("The triage file is still opening; try again.", severity="warning")
            return False
        if store.read_only:
            reason = store.problem or "The triage file was opened read-only."
            self.notify(visible(reason), title="Not saved", severity="error", markup=False)
            return False
        return True

    def _advance(self, from_id: str) -> None:
        """Move the highlight from paper ``from_id`` to the next paper that is still new."""
        config = getattr(self.app, "config", None)
        if not self.advance_to_new or (config is not None and not config.auto_advance):
            return
        results = self.results
        current = self.current_paper
        if current is None or current.id != from_id:
            return
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
        """Set the state (the same key again: back to new) of the marked or current papers.

        The new state and the move to the next paper happen here, before the next key
        is read; the write follows in the writer thread.
        """
        ids = self._targets()
        if not ids:
            self.notify("Highlight a paper first", severity="warning")
            return
        if not self._writable():
            return
        all_there = all(self.triage_states.get(pid, DEFAULT_STATE) == state for pid in ids)
        target = DEFAULT_STATE if all_there else state
        after: list[Change] = [("state", pid, target) for pid in ids]
        if self.marked:
            self.marked.clear()

            def many(store: Store) -> str:
                return f"{store.set_state_many(ids, target)} papers: {target}"

            self._submit(many, after)
        else:

            def one(store: Store) -> str:
                store.set_state_many(ids, target)
                return ""  # the marker says it; no notification per key

            self._submit(one, after)
            self._advance(ids[0])

    def action_triage_undo(self) -> None:
        if not self._writable():
            return

        # Show the undo of this session's last change at once; the store takes back
        # its last action, which the next read shows if it was another one.
        last = self._history.pop() if self._history else None

        def undo(store: Store) -> str:
            if last is not None and last.op_id in self._failed_ops:
                return "Nothing to undo: that change was not saved"
            result = store.undo()
            return f"Undone: {result.message}" if result else "Nothing to undo"

        self._submit(undo, list(last.before) if last else [], history=False)

    def action_toggle_mark(self) -> None:
        paper = self.current_paper
        if paper is None:
            return
        self.marked.symmetric_difference_update({paper.id})
        self.results.refresh_markers()
        index = self.results.highlighted
        if index is not None and index + 1 < len(self.results.rows):
            self.results.highlighted = index + 1

    def _known_tags(self) -> list[str]:
        """Tags in use (as shown), most used first."""
        counts: dict[str, list[Any]] = {}
        for tags in self._tags.values():
            for tag in tags:
                entry = counts.setdefault(tag.casefold(), [tag, 0])
                entry[1] += 1
        ranked = sorted(counts.values(), key=lambda e: (-e[1], e[0].casefold()))
        return [str(tag) for tag, _count in ranked]

    def action_edit_tags(self) -> None:
        from tuireader.ui.screens.edit import TagEditor, split_tags

        ids = self._targets()
        if not ids or self.store is None:
            self.notify("Highlight a paper first", severity="warning")
            return
        if not self._writable():
            return
        bulk = len(ids) > 1 or bool(self.marked)
        opened = list(self._tags.get(ids[0], ())) if not bulk else []

        def done(tags: list[str] | None) -> None:
            if tags is None:
                return
            try:
                wanted = [normalize_tag(tag) for tag in split_tags(", ".join(tags))]
            except StoreError as error:
                self.notify(visible(error.user_message), severity="error", markup=False)
                return
            if bulk:
                self.marked.clear()

                def add(store: Store) -> str:
                    for tag in wanted:
                        store.add_tag_many(ids, tag)
                    return f"Tagged {len(ids)} papers"

                after = [("tags", pid, merge_tags(self._tags.get(pid, ()), wanted)) for pid in ids]
                self._submit(add, after)
                return
            paper_id = ids[0]

            def save(store: Store) -> str:
                result = store.set_tags(paper_id, wanted, base=opened)
                if {t.casefold() for t in result.tags} != {t.casefold() for t in wanted}:
                    return "Tags saved, merged with changes made in another reader"
                return "Tags saved"

            self._submit(save, [("tags", paper_id, merge_tags((), wanted))])

        title = f"Add tags to {len(ids)} papers" if bulk else "Tags (comma-separated)"
        self.app.push_screen(TagEditor(opened, self._known_tags(), title=title), done)

    def action_edit_note(self) -> None:
        from tuireader.ui.screens.edit import NoteEditor

        paper = self.current_paper
        if paper is None or self.store is None:
            self.notify("Highlight a paper first", severity="warning")
            return
        if not self._writable():
            return
        paper_id = paper.id
        opened = self._notes.get(paper_id, "")
        text = opened
        unsaved = self._unsaved_notes.pop(paper_id, None)
        if unsaved is not None and normalize_note(unsaved) != opened:
            # A conflict kept this text from being saved: show the saved note and it.
            text = f"{opened}\n\n--- your unsaved text ---\n{unsaved}" if opened else unsaved

        def keep_text(_conflict: StoreConflict, note: str) -> None:
            self._unsaved_notes[paper_id] = note

        def done(note: str | None) -> None:
            if note is None:
                return

            def save(store: Store) -> str:
                store.set_note(paper_id, note, base=opened)
                return "Note saved"

            self._submit(
                save,
                [("note", paper_id, normalize_note(note))],
                on_conflict=lambda conflict: keep_text(conflict, note),
            )

        self.app.push_screen(NoteEditor(text, title=paper.title), done)

    # -- resuming -------------------------------------------------------------------------

    def on_unmount(self) -> None:
        self.flush_writes()
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
