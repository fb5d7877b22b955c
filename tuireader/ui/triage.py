"""Keyboard triage in the reader: keep / maybe / skip / read, tags, notes, marks, undo.

:class:`TriageBook` holds what the reader shows of the triage (the saved state plus the
changes still on their way to disk) and the one writer that saves them. It knows nothing
of widgets: the main screen asks it for markers, counts and a paper's tags and note, hands
it the changes its command handlers decide on, and passes it the writer's messages.

Keys act in the order typed, on the state the previous keys left: a key changes what the
reader shows (the marker, the counts, the highlight) at once, in the key handler, and
hands the write to one writer thread that runs the writes one after another in the same
order. So a burst of keys, or a disk that takes a second per write, never reorders or
drops a decision, and never makes the next key act on the wrong paper.

What the reader shows is the saved state plus the writes still waiting (the status line
says "saving…" while there are any). A write is acknowledged (its notification, the end
of "saving…") only after it is committed to disk; a write that fails (locked, read-only,
disk full) is reported and only its own change is taken back from the screen.

When the store stopped saving (its file damaged, removed or replaced), the writer's look
for others' changes also looks for a sound triage file at its place, and goes on with it:
the writer replaces its store between two jobs, and the screen shows what the new file
holds (:class:`TriageReopened`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from textual.message import Message

from tuireader.model import Library, Paper
from tuireader.session import reattach_marks
from tuireader.triage.filters import ANY_STATE, Resolver, note_matches, tag_folded, tag_forms
from tuireader.triage.store import (
    DEFAULT_STATE,
    STATE_WORDS,
    Reopened,
    Store,
    StoreBusy,
    StoreConflict,
    StoredIdentity,
    StoreError,
    TriageSnapshot,
    UndoResult,
    normalize_note,
    normalize_tag,
    reader_ended,
    state_said,
    tag_shown,
)
from tuireader.triage.unsaved import Decision, change_said
from tuireader.triage.unsaved import settle as settle_unsaved
from tuireader.ui.text import notice_title

#: one-cell marker per state in the results list ("new" shows nothing).
MARKERS = {"kept": "★", "maybe": "?", "skip": "✗", "read": "✓"}
#: the marker of a paper marked for a bulk action (wins over its state).
MARK = "●"
#: seconds between checks for changes made by another running reader or the command
#: line: one `PRAGMA data_version` on the writer thread, so their marks show within a second.
POLL_SECONDS = 1.0
#: the key under which the reader's position is saved.
UI_STATE_KEY = "reader"
UI_STATE_VERSION = 1
#: what of the reader's position is the text typed and not saved (the rest is its place:
#: query, order, the paper left on and the rows around it)
DRAFT_FIELDS = ("drafts", "tag_drafts", "marked_tag_drafts", "drafts_undone", "drafts_said")
#: looks (:data:`POLL_SECONDS` each) at least between two writes of the reader's place as
#: it runs (see :meth:`TriageBook.keep_place`): the cursor moving row after row is one
#: write every few seconds, not one a second
PLACE_LOOKS = 3
#: the places left by readers on lists other than those of the last one (the library's,
#: files named on their own) kept beside its own, the latest first, at most
PLACES_KEPT = 10
#: the start of the key under which a running reader keeps the note and tag text typed
#: and not saved, as it is typed (its origin follows: see
#: :func:`~tuireader.triage.store.reader_origin`): a run
#: that ends without closing (``kill -9``, the machine gone) leaves it to the next start,
#: as a closed one leaves it with its position. Written at most once per look (a second).
TYPED_KEY = "drafts "
#: the states the counts name, in order, as people read them.
STATE_NAMES = {state: STATE_WORDS[state] for state in ("kept", "maybe", "skip", "read")}
#: shown after the counts while writes are still on their way to disk.
SAVING = "saving…"
#: what undo says when the change it would take back was never saved.
NOT_SAVED_UNDO = "Nothing to undo: that change was not saved"
#: an undo of a change the store already held (another reader made it first).
NOTHING_CHANGED_UNDO = "Nothing to undo: the triage file already held that change"
#: a note save refused: the note was changed since the editor opened, by another reader
#: or by a command (``tuireader note``, ``undo``); the store cannot tell which.
NOTE_CHANGED_ELSEWHERE = (
    "Note not saved: this paper's note was changed elsewhere while you were editing it."
    " Your text is kept; press n to see both and save again."
)

#: how a notice is shown (Textual's severities).
Severity = Literal["information", "warning", "error"]

# One change to what the reader shows: (field, paper id, value); field is "state",
# "tags" or "note"; the default value ("new", (), "") means "nothing".
Change = tuple[str, str, Any]


#: what the notice of tags or a note saved for a paper no longer in the lists adds: the
#: paper left them while its editor was open
DETACHED_SAVE = " (no longer in the lists: kept detached, back when its list is added again)"


@dataclass
class Pending:
    """A change shown before it is saved: ``after`` applied now, ``before`` to undo it."""

    op_id: int
    after: list[Change]
    before: list[Change]


@dataclass
class Job:
    """One write for the writer thread; ``run`` None: only look for others' changes, and
    at the triage file (removed or replaced, or sound again where the store had stopped
    saving: see :meth:`Store.check_file` and :meth:`Store.reopen`)."""

    op_id: int | None
    run: Callable[[Store], str] | None
    #: what to do when ``run`` could not save: given the :class:`StoreConflict` (another
    #: reader changed the same thing), or None (the file was busy, full, unwritable).
    on_unsaved: Callable[[StoreConflict | None], None] | None = None
    #: how the notice of what ``run`` saved is shown ("warning": papers not on screen
    #: were changed too).
    severity: Severity = "information"
    #: the last of the store's moves that the ids of ``run`` take into account (see
    #: :meth:`Store.following`): a paper moved since is written under its new id.
    follows: int | None = None
    #: what ``run`` saves, as shown: kept until saved when it could not be
    #: (:meth:`TriageBook.not_saved`).
    changes: list[Change] = field(default_factory=list)
    #: what each of ``changes`` changes had as the change was made (as shown then)
    before: list[Change] = field(default_factory=list)
    #: note text ``run`` took away, by paper id, which it fills as it runs: kept as
    #: drafts once it is saved (:attr:`TriageSaved.drafts`).
    drafts: dict[str, str] = field(default_factory=dict)
    #: nothing to show of what ``run`` did, nor of its failure (the text typed kept as it
    #: is typed: the next look tries again), unless ``run`` raises it: a failure that
    #: must be said (the triage file found damaged) is said as a look's is.
    quiet: bool = False


@dataclass
class StoreOpened(Message):
    """The triage store is open (perhaps read-only), with what the reader needs from it."""

    store: Store
    snapshot: TriageSnapshot
    resume: dict[str, Any] | None
    #: why the saved triage could not be read ("" when it was).
    problem: str = ""
    #: the file holds an action undo can take back.
    undoable: bool = False
    #: where the store's record of moves stood as it was opened (None: not known).
    last_move: int | None = None
    #: where its record of actions stood (None: not known; see :func:`_last_action`).
    last_action: int | None = None
    #: the text typed and not saved that readers which ended without closing kept as
    #: they went (see :data:`TYPED_KEY`), by key.
    typed: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: what was done with the decisions readers could not save as they closed (see
    #: :mod:`tuireader.triage.unsaved`): (a title, the text) each, to be said.
    settled: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class TriageSaved(Message):
    """A write was committed (or others' changes were seen); ``snapshot`` is what is
    saved now (None if it could not be read back)."""

    op_id: int | None
    snapshot: TriageSnapshot | None
    summary: str = ""
    #: the file holds an action undo can take back (None: not known).
    undoable: bool | None = None
    #: how the summary is shown (see :attr:`Job.severity`).
    severity: Severity = "information"
    #: note text an undo took away, by paper id: kept as drafts (see
    #: :meth:`TriageBook.undo`).
    drafts: dict[str, str] = field(default_factory=dict)
    #: what was seen is another program's changes, not a write of this reader's.
    elsewhere: bool = False
    #: where those changes were made, as far as the triage file's record of actions
    #: tells: "another reader", "the command line", "an import" (none: not known, as
    #: for an undo, which leaves no action behind).
    made_by: tuple[str, ...] = ()


@dataclass
class TriageReopened(Message):
    """The writer went on with a sound triage file found where the store had stopped
    saving (recovered, written again, a replacement), and saves to it from now on:
    ``snapshot`` is what that file holds; ``summary`` says what happened."""

    snapshot: TriageSnapshot
    summary: str
    #: the file holds an action undo can take back.
    undoable: bool = False
    #: where the file's record of moves stands (None: not known).
    last_move: int | None = None


@dataclass
class TriageFailed(Message):
    """A triage change could not be saved: ``reason`` is for the user."""

    reason: str
    op_id: int | None = None
    #: what is saved now, read back after the failure (None if it could not be read).
    snapshot: TriageSnapshot | None = field(default=None, repr=False)
    conflict: StoreConflict | None = field(default=None, repr=False)
    job: Job | None = field(default=None, repr=False)
    #: ``reason`` said of several changes that failed alike ("The changes were not
    #: saved"; "": as ``reason``), see :attr:`StoreError.several`.
    several: str = ""


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
        maps: dict[str, dict[str, Any]] = {"state": states, "tags": tags, "note": notes}
        target = maps[kind]
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


#: how many of the tags added (or taken off) a notice names; the others are counted.
NOTICE_TAGS = 3


def tags_named(tags: Sequence[str]) -> str:
    """``tags`` quoted for a notice, the first :data:`NOTICE_TAGS` named and the others
    counted: "'rl', 'theory'", "'a', 'b', 'c' and 2 more" (a notice stays a few rows
    on an 80-column terminal however many tags an edit cleared)."""
    named = ", ".join(f"'{tag_shown(tag)}'" for tag in tags[:NOTICE_TAGS])
    more = len(tags) - NOTICE_TAGS
    return f"{named} and {more:,} more" if more > 0 else named


def tags_changed_notice(added: Sequence[str], removed: Sequence[str], paper: str) -> str:
    """What an edit of the tags of ``paper`` (named as a notice names it) changed: "Tagged
    'theory': “…”", "Untagged 'genmodel': “…”", "Tagged 'theory', untagged 'genmodel':
    “…”", or "Tags unchanged: “…”" when the paper had those tags already."""
    said = []
    if added:
        said.append(f"tagged {tags_named(added)}")
    if removed:
        said.append(f"untagged {tags_named(removed)}")
    what = ", ".join(said) or "tags unchanged"
    return f"{what[:1].upper()}{what[1:]}: {paper}"


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
            key = tag_folded(value)  # "reseau" is "réseau", as the store's filter has it
            return {pid for pid, have in tags.items() if any(key in tag_forms(t) for t in have)}
        if name == "has" and value == "note":
            return set(notes)
        if name == "note":
            if not value.strip():
                return None
            return {pid for pid, note in notes.items() if note_matches(note, value)}
        return None

    return resolve


class TriageBook:
    """The triage the reader shows, and the one writer thread that saves it in order.

    ``post`` delivers the writer's messages (:class:`TriageSaved`, :class:`TriageFailed`)
    to the screen; it is called from the writer thread.
    """

    def __init__(self, post: Callable[[Message], object]) -> None:
        self._post = post
        self.store: Store | None = None
        #: what is saved, as last read back from the store.
        self._saved = TriageSnapshot({}, {}, {})
        #: changes shown but not yet confirmed by the writer, in the order made.
        self._pending: list[Pending] = []
        #: this session's changes, newest last, for showing an undo before it is saved.
        self._history: list[Pending] = []
        self._next_op = 0
        #: every paper whose state is not new, as shown (saved + pending).
        self.states: dict[str, str] = {}
        self.tags: dict[str, tuple[str, ...]] = {}
        self.notes: dict[str, str] = {}
        #: ids marked for a bulk action.
        self.marked: set[str] = set()
        #: note text a conflict kept from being saved, by paper id.
        self.unsaved_notes: dict[str, str] = {}
        #: note text typed and left with Escape, by paper id: the next edit opens with it.
        self.note_drafts: dict[str, str] = {}
        #: tags typed and not saved, left in the editor as the reader closed (Ctrl+Q,
        #: the terminal gone), by paper id: the next edit of its tags opens with them.
        self.tag_drafts: dict[str, str] = {}
        #: the same, typed in the editor opened on several marked papers, by their ids
        #: (sorted): the next edit of the tags of the same papers, marked, opens with them.
        self.marked_tag_drafts: dict[tuple[str, ...], str] = {}
        #: the text in an editor open now, when it is not what is saved: the note's by
        #: paper id, the tags' by paper id, and the tags' of marked papers by their ids
        #: (sorted); kept on disk as it is typed (see :meth:`keep_typed`).
        self.note_typing: dict[str, str] = {}
        self.tags_typing: dict[str, str] = {}
        self.marked_tags_typing: dict[tuple[str, ...], str] = {}
        #: the drafts last handed to the writer to keep as typed (None: none yet, or the
        #: last write failed and the next look writes them again).
        self._typed_kept: dict[str, Any] | None = None
        #: this reader's key may hold typed text (written, or its removal failed)
        self._typed_on_disk = False
        #: the place last handed to the writer to keep as the reader runs (None: none
        #: yet, or the last write failed and the next look writes it again), and the
        #: looks since
        self._place_kept: dict[str, Any] | None = None
        self._looks_since_place = PLACE_LOOKS
        #: the keys of the typed text of ended readers that this reader took at start:
        #: its own holds that text from then on, and they are removed.
        self._typed_taken: list[str] = []
        #: the reader is closing: after one write fails, the rest are not tried (each
        #: would wait out the same busy file).
        self.closing = False
        self._closing_failure: str | None = None
        #: the reader is on its way out (q, a signal, the terminal gone): the screen,
        #: which may still be told of changes that failed, is no longer seen
        self.leaving = False
        #: the changes queued behind one the triage file refused as busy (held by
        #: another program past the store's timeout), made in the same burst: not tried,
        #: each would wait out the same busy file (a burst of four keys said "Not saved"
        #: four times, five seconds apart); with why (said of one change, of several).
        #: Written by the writer thread only.
        self._busy_burst: set[int] = set()
        self._busy_why: tuple[str, str] = ("", "")
        #: each change that could not be saved, as the reader ran or as it closed, and was
        #: not saved since, by what it changes: (field, paper id) -> (change id, the value
        #: it was to save, why not, what the field had before the first of such changes
        #: not saved). A later change of the same field that is saved, or an undo of the
        #: change, settles it. Written by the writer thread only.
        self._unsaved: dict[tuple[str, str], tuple[int, Any, str, Any]] = {}
        #: changes refused as they were asked for (a triage file opened read-only), by
        #: what they change (as :attr:`_unsaved`: the last asked for of each): (why, the
        #: value asked for); said at once, and again, each, as the reader closes, unless
        #: made again since (a change of the same field handed to the writer: its own
        #: outcome then says whether it was saved)
        self._refused: dict[tuple[str, str], tuple[str, Any]] = {}
        #: the reader's position, and the note text typed with it, could not be saved
        #: (the triage file read-only): why
        self._position_refused: str | None = None
        #: why changes were not saved, as said of several changes, by why one was not.
        self._several: dict[str, str] = {}
        #: another reader or the command line saved changes since this reader's last
        #: change: the store's last action may be theirs, so an undo is not foretold
        self._others_since = False
        #: the papers whose drafts the last run left were given to this reader at start
        self._taken_drafts: set[str] = set()
        self._taken_tag_drafts: set[str] = set()
        self._taken_marked_tag_drafts: set[tuple[str, ...]] = set()
        #: the triage file held an action undo can take back, when last read
        self._store_undoable = False
        #: the papers of each redo (by its change id), as the writer redid them: note text
        #: an undo kept for the next ``n`` is no longer kept once the redo put it back
        self._redone: dict[int, tuple[str, ...]] = {}
        #: the last move of paper ids (``Store.last_move``) the lists shown take into
        #: account: a change made on a paper moved since is saved under its new id
        self.moves_seen: int | None = None
        #: a paper's title by its id, for the undo's notice (set by the screen)
        self.name_of: Callable[[str], str | None] = lambda _paper_id: None
        #: whether the marks of the triage file may follow their papers into the lists
        #: read (set by the screen): not when they are lists outside the library
        self.moves_marks: Callable[[], bool] = lambda: True
        # The writer: one queue, drained in order by at most one thread at a time.
        self._jobs: deque[Job] = deque()
        self._jobs_lock = threading.Lock()
        self._writer_running = False
        self._writer_idle = threading.Event()
        self._writer_idle.set()
        #: changes that could not be saved (written by the writer thread only)...
        self._failed_ops: set[int] = set()
        #: how many changes could not be saved so far (written by the writer thread only):
        #: one refused while the reader waits to stop keeps it running, to say so
        self.refusals = 0
        #: of those, the note saves refused for a note changed elsewhere (writer's thread):
        #: never a change of this reader's, so undo passes over them to the last action
        self._conflicted_ops: set[int] = set()
        #: changes the store already held (another reader made them first): no action
        #: of theirs is in the store's log to take back
        self._no_action_ops: set[int] = set()
        #: ...and those whose failure the screen has been told of...
        self._failed_seen: set[int] = set()
        #: ...of which those it was told of as the reader was on its way out (never seen)
        self._failed_unseen: set[int] = set()
        #: why the last look at the triage file failed (None: it did not), said once
        self._look_failed: str | None = None
        #: the triage file's last action seen (writer's thread): the actions after it
        #: tell where the changes seen next were made (None: not known)
        self._actions_seen: int | None = None

    # -- what is shown --------------------------------------------------------------------

    @property
    def saving(self) -> bool:
        """True while some change shown is not yet confirmed saved."""
        return bool(self._pending)

    def opened(
        self,
        store: Store,
        snapshot: TriageSnapshot,
        undoable: bool = False,
        last_move: int | None = None,
        last_action: int | None = None,
    ) -> None:
        """The store is open and ``snapshot`` is what it holds (``undoable``: with an
        action undo can take back; ``last_move``: where its moves stood;
        ``last_action``: where its record of actions stood)."""
        if self.moves_seen is None:
            self.moves_seen = last_move
        self._actions_seen = last_action
        self.store = store
        self._saved = snapshot
        self._store_undoable = undoable
        self._recompute()

    def reopened(self, message: TriageReopened) -> None:
        """The writer went on with another triage file (see :class:`TriageReopened`):
        what is shown is what it holds, with the changes still on their way to it. This
        session's changes were saved to the file before: undo takes back what the new
        file's own log holds, as after another reader's changes."""
        self._saved = message.snapshot
        self._store_undoable = message.undoable
        self.moves_seen = message.last_move
        self._history.clear()
        self._others_since = True
        self._recompute()

    @property
    def can_undo(self) -> bool:
        """True if undo has something to take back: a change of this session, or an
        action the triage file held when last read (a closed reader's, the command
        line's)."""
        return bool(self._history) or self._store_undoable

    def resolver(self) -> Resolver:
        """``is:``, ``tag:`` and ``has:note`` answered from what the reader shows, so a
        search right after a key already counts that key (a copy: safe in a worker)."""
        return snapshot_resolver(dict(self.states), dict(self.tags), dict(self.notes))

    def state_of(self, paper_id: str) -> str:
        return self.states.get(paper_id, DEFAULT_STATE)

    def marker(self, paper: Paper) -> str:
        """The one-cell marker the results list shows for ``paper``."""
        if paper.id in self.marked:
            return MARK
        return MARKERS.get(self.state_of(paper.id), "")

    def counts(self, ids: Iterable[str]) -> str:
        """The status line's counts for the papers ``ids``, and "saving…" while saving."""
        listed = list(ids)
        text = counts_text(self.states, listed) if listed else ""
        if self._pending:
            text = f"{text} · {SAVING}" if text else SAVING
        return text

    def known_tags(self) -> list[str]:
        """Tags in use (as shown), most used first."""
        counts: dict[str, tuple[str, int]] = {}
        for tags in self.tags.values():
            for tag in tags:
                first, seen = counts.get(tag.casefold(), (tag, 0))
                counts[tag.casefold()] = (first, seen + 1)
        ranked = sorted(counts.values(), key=lambda entry: (-entry[1], entry[0].casefold()))
        return [tag for tag, _count in ranked]

    def targets(self, listed: Iterable[str], current: str | None) -> list[str]:
        """The marked papers (those in ``listed`` first, in its order); else ``current``."""
        if self.marked:
            shown = [pid for pid in listed if pid in self.marked]
            # Marks survive a new query: papers marked under an earlier one count too.
            return shown + sorted(self.marked.difference(shown))
        return [current] if current is not None else []

    def refused(self, reason: str, asked: Sequence[Change] = ()) -> None:
        """The changes ``asked`` for were not made, for ``reason`` (the triage file cannot
        be written): :meth:`not_saved` says each as the reader closes (an undo asked for
        is ``("undo", "", None)``)."""
        for kind, paper_id, value in asked:
            self._refused.pop((kind, paper_id), None)  # said in the order asked
            self._refused[(kind, paper_id)] = (reason, value)

    def state_changes(self, ids: Sequence[str], state: str) -> list[Change]:
        """What :meth:`set_state` of ``state`` on ``ids`` changes: each to ``state``, or
        back to new when all are in it already."""
        all_there = all(self.state_of(pid) == state for pid in ids)
        target = DEFAULT_STATE if all_there else state
        return [("state", pid, target) for pid in ids]

    def unwritable_reason(self) -> str | None:
        """Why changes cannot be saved now (None: they can)."""
        store = self.store
        if store is None:
            return "The triage file is still opening; try again."
        if store.read_only:
            return store.problem or "The triage file was opened read-only."
        return None

    # -- changes --------------------------------------------------------------------------

    def set_state(self, ids: list[str], state: str, marked: str = "", hidden: int = 0) -> str:
        """Set ``state`` on ``ids`` (all already in it: back to new); returns the state set.

        A bulk change (papers marked) clears the marks and is announced when saved,
        naming them as ``marked`` ("2 marked papers (1 not shown)"); as a warning when
        ``hidden`` of them are not shown.
        """
        after = self.state_changes(ids, state)
        target = after[0][2] if after else DEFAULT_STATE
        op_id = self._new_op()  # known before the writer, which may run the change at once

        def saved(changed: int) -> None:
            if changed == 0:
                # already so in the store (another reader's same keep): no action was
                # logged, and an undo of this key must not take back an older one
                self._no_action_ops.add(op_id)

        if self.marked:
            self.marked.clear()
            notice = f"{marked or f'{len(ids)} marked papers'}: {state_said(target)}"

            def many(store: Store) -> str:
                saved(store.set_state_many(ids, target))
                return notice

            self.submit(many, after, op_id=op_id, severity=_loudness(hidden))
        else:

            def one(store: Store) -> str:
                saved(store.set_state_many(ids, target))
                return ""  # the marker says it; no notification per key

            self.submit(one, after, op_id=op_id)
        return target

    def undo(self) -> None:
        """Take back this session's last change on screen at once; the store takes back
        its last action, which the next read shows if it was another one.

        The last change may be one that could not be saved (it is off the screen already):
        then there is nothing to take back, whether its failure was known when the key
        was pressed or only after, so a burst of keys means the same at any disk speed.
        """
        self._refused.pop(("undo", ""), None)  # an undo refused before: made now
        last = self._history.pop() if self._history else None
        # A note save refused because the note was changed elsewhere changed nothing: the
        # last action is the change made elsewhere, which the user means to take back.
        refused = last is not None and last.op_id in self._conflicted_ops
        if last is not None and last.op_id in self._failed_seen and not refused:
            failed = last.op_id
            self.submit(lambda _store: self._taken_back(failed), [], history=False)
            return

        def undo(store: Store) -> str:
            if last is not None and last.op_id in self._conflicted_ops:
                pass  # (refused after the key: as above, the change made elsewhere)
            elif last is not None and last.op_id in self._failed_ops:
                return self._taken_back(last.op_id)
            if last is not None and last.op_id in self._no_action_ops:
                return NOTHING_CHANGED_UNDO
            notes = _notes_to_undo(store)
            result = store.undo()
            if result is None:
                return "Nothing to undo"
            said = self._step_said(store, result)
            # the text the undo took away (a note written, or edited) is not lost: the
            # next n on its paper brings it back, as text left with Escape
            taken.update(_notes_taken(store, notes, result.left))
            if len(taken) == 1:
                said += " · n brings the text back"
            elif taken:
                said += " · n on each paper brings its text back"
            return said

        # After others' changes the store's last action may be one of theirs (the command
        # line's): what is taken back is then shown once the store says, not foretold.
        foretold = list(last.before) if last and not (self._others_since or refused) else []
        taken: dict[str, str] = {}  # filled by the writer, read once it is done
        self.submit(undo, foretold, history=False, drafts=taken)

    def redo(self) -> None:
        """Make again the step the store's last undo took back (this reader's, the command
        line's or a closed reader's), shown once the store says it, as a new action that
        the next undo takes back."""
        # the next undo takes back the step redone: the store's last action now, not a
        # change this session made before it
        self._history.clear()
        op_id = self._new_op()

        def redo(store: Store) -> str:
            result = store.redo()
            if result is None:
                return "Nothing to redo"
            self._redone[op_id] = result.paper_ids
            return self._step_said(store, result)

        self.submit(redo, [], history=False, op_id=op_id)

    def _step_said(self, store: Store, result: UndoResult) -> str:
        """A step undone or redone as the reader says it (the writer's thread): "Undone:
        …", "Redone a step undone on the command line: …", with the title of its paper
        when it has one (a paper no list has now, its list edited away, by the title kept
        with it)."""
        said = result.message
        for done, shown in (("Undid", "Undone"), ("Redid", "Redone")):
            if said.startswith(done):
                said = shown + said.removeprefix(done)
        if len(result.paper_ids) != 1:
            return said
        paper_id = result.paper_ids[0]
        name = self.name_of(paper_id) or _kept_title(store, paper_id)
        return said + (f" (“{name}”)" if name else "")

    def _taken_back(self, op_id: int) -> str:
        """An undo of change ``op_id``, which was not saved: it is no longer one to say
        as the reader closes (the writer's thread)."""
        for key in [key for key, (op, *_rest) in self._unsaved.items() if op == op_id]:
            del self._unsaved[key]
        return NOT_SAVED_UNDO

    def toggle_mark(self, paper_id: str) -> None:
        self.marked.symmetric_difference_update({paper_id})

    def save_tags(
        self,
        ids: list[str],
        wanted: list[str],
        opened: list[str],
        bulk: bool,
        marked: str = "",
        hidden: int = 0,
        title: str | None = None,
        detached: bool = False,
    ) -> None:
        """Add ``wanted`` to every paper of ``ids`` (bulk: the marked papers, named as
        ``marked``, ``hidden`` of them not shown), or make them the tags of the one paper
        (merged with what another reader saved since ``opened``), called ``title`` in
        the notice (by default, its title in the lists shown). ``detached``: the one
        paper left the lists while its editor was open, which the notice says."""
        if bulk:
            # the marks stay: tagging marked papers and then keeping them is one sequence
            named = ", ".join(f"'{tag_shown(tag)}'" for tag in wanted)
            notice = f"Tagged {named}: {marked or f'{len(ids)} papers'}"

            def add(store: Store) -> str:
                # one action: one undo takes it back
                if store.apply_many(ids, tags=wanted):
                    return notice
                # every paper had the tags already: "Tagged" read as a change made
                return tags_changed_notice((), (), marked or f"{len(ids)} papers")

            self.submit(
                add,
                [("tags", pid, merge_tags(self.tags.get(pid, ()), wanted)) for pid in ids],
                severity=_loudness(hidden),
            )
            return
        paper_id = ids[0]
        # The tags and the paper are named: the list shows no tags, and "t" starting a
        # paste the terminal typed key by key (no bracketed paste), "transformers are
        # rnns" and a line break, tagged the highlighted paper "ransformers are rnns",
        # said as "Tags saved" for two seconds. A tag typed after "t" in one burst is
        # the same keys, so the paste cannot be told apart: it is said, and z undoes it.
        title = title or self.name_of(paper_id)
        paper = f"“{title}”" if title else "the paper"

        def save(store: Store) -> str:
            result = store.retag(paper_id, wanted, base=opened)
            said = tags_changed_notice(result.added, result.removed, paper)
            if {t.casefold() for t in result.triage.tags} != {t.casefold() for t in wanted}:
                said = f"{said} (merged with changes made in another reader)"
            return said + (DETACHED_SAVE if detached else "")

        self.submit(save, [("tags", paper_id, merge_tags((), wanted))])

    def kept_drafts(self) -> dict[str, str]:
        """Note text typed and not saved, by paper id, to keep for the next run: drafts
        left with Escape (or in the editor as the reader closed), and text a conflict
        kept from being saved."""
        kept = dict(self.note_drafts)
        for paper_id, text in self.unsaved_notes.items():
            kept.setdefault(paper_id, text)
        return kept

    def take_drafts(self, drafts: object) -> list[str]:
        """Take back what :meth:`kept_drafts` gave the last run (ignoring anything
        malformed); the ids of papers given a draft."""
        if not isinstance(drafts, dict):
            return []
        taken = []
        self._taken_drafts.update(k for k in drafts if isinstance(k, str))
        for paper_id, text in drafts.items():
            if not (isinstance(paper_id, str) and isinstance(text, str) and text.strip()):
                continue
            if normalize_note(text) != self.notes.get(paper_id, ""):
                self.note_drafts.setdefault(paper_id, text)
                taken.append(paper_id)
        return taken

    def take_tag_drafts(self, drafts: object) -> list[str]:
        """Take back the tags typed and not saved that the last run kept (ignoring
        anything malformed); the ids of papers given them."""
        if not isinstance(drafts, dict):
            return []
        self._taken_tag_drafts.update(k for k in drafts if isinstance(k, str))
        taken = []
        for paper_id, text in drafts.items():
            if isinstance(paper_id, str) and isinstance(text, str) and text.strip():
                self.tag_drafts.setdefault(paper_id, text)
                taken.append(paper_id)
        return taken

    def kept_marked_tag_drafts(self) -> list[dict[str, Any]]:
        """The tags typed for marked papers and not saved, as the reader's position keeps
        them for the next run (a list: JSON names nothing by several ids)."""
        return [
            {"papers": list(papers), "text": text}
            for papers, text in self.marked_tag_drafts.items()
        ]

    def take_marked_tag_drafts(self, drafts: object) -> list[tuple[str, ...]]:
        """Take back what :meth:`kept_marked_tag_drafts` gave the last run (ignoring
        anything malformed); the papers given them, each set by its sorted ids."""
        taken = []
        for papers, text in _marked_tag_drafts(drafts):
            self._taken_marked_tag_drafts.add(papers)
            if text.strip():
                self.marked_tag_drafts.setdefault(papers, text)
                taken.append(papers)
        return taken

    def note_to_edit(self, paper_id: str, former: Sequence[str] = ()) -> tuple[str, str]:
        """(the saved note, the text to open the editor with): a note a conflict kept from
        being saved comes back beside the saved one. A draft kept under one of the
        paper's ``former`` ids (an earlier run read other lists) is the paper's."""
        opened = self.notes.get(paper_id, "")
        for old in former:
            if paper_id not in self.note_drafts and old in self.note_drafts:
                self.note_drafts[paper_id] = self.note_drafts.pop(old)
        text = self.note_drafts.pop(paper_id, opened)
        unsaved = self.unsaved_notes.pop(paper_id, None)
        if unsaved is not None and normalize_note(unsaved) != opened:
            text = f"{opened}\n\n--- your unsaved text ---\n{unsaved}" if opened else unsaved
        return opened, text

    def save_note(self, paper_id: str, note: str, opened: str, detached: bool = False) -> None:
        """Save ``note``, unless another reader changed the note since ``opened``: then the
        text is kept for the next edit, as it is when the save fails (a busy or full disk).
        ``detached``: the paper left the lists while its editor was open, which the
        notice says."""

        def save(store: Store) -> str:
            store.set_note(paper_id, note, base=opened)
            said = "Note saved" if normalize_note(note) else "Note cleared"
            return said + (DETACHED_SAVE if detached else "")

        def keep_text(_conflict: StoreConflict | None) -> None:
            self.unsaved_notes[paper_id] = note

        self.submit(save, [("note", paper_id, normalize_note(note))], on_unsaved=keep_text)

    def save_position(self, state: dict[str, Any]) -> None:
        """Queue saving the reader's position behind every change made before it."""
        store = self.store
        if store is None or store.read_only:
            if store is not None:
                self._position_refused = self.unwritable_reason()
            return

        def save(store: Store) -> str:
            # One position for every reader, the last closed; but each one's note drafts:
            # those another reader saved (and this one never took) are kept beside ours.
            before = store.load_ui_state(UI_STATE_KEY) or {}
            for key, taken in (
                ("drafts", self._taken_drafts),
                ("tag_drafts", self._taken_tag_drafts),
            ):
                found, mine = before.get(key), state.get(key)
                theirs: dict[str, Any] = found if isinstance(found, dict) else {}
                ours: dict[str, Any] = mine if isinstance(mine, dict) else {}
                if theirs:
                    kept = {k: v for k, v in theirs.items() if k not in taken}
                    state[key] = {**kept, **ours}
            mine_marked = dict(_marked_tag_drafts(state.get("marked_tag_drafts")))
            theirs_marked = {
                papers: text
                for papers, text in _marked_tag_drafts(before.get("marked_tag_drafts"))
                if papers not in self._taken_marked_tag_drafts
            }
            if theirs_marked:
                state["marked_tag_drafts"] = [
                    {"papers": list(papers), "text": text}
                    for papers, text in {**theirs_marked, **mine_marked}.items()
                ]
            state["places"] = other_places(before, state)
            store.save_ui_state(UI_STATE_KEY, state)
            # the position keeps the drafts now: the text kept as it was typed goes
            # (should it stay, the next start takes the same text from both)
            if store.origin:
                with contextlib.suppress(StoreError):
                    store.forget_ui_state([TYPED_KEY + store.origin, *typed_keys])
            return ""

        typed_keys = list(self._typed_taken)
        self._enqueue(Job(None, save))

    def keep_typed(self, state: dict[str, Any]) -> None:
        """Keep ``state`` (the drafts, as the reader's position keeps them, with the text
        of an editor open now) on disk as it is typed, under this reader's own key
        (:data:`TYPED_KEY`), when it changed since it was last kept: a run that ends
        without closing (``kill -9``) leaves it to the next start. Nothing is written
        to a triage file opened read-only, nor by a store that does not tell this
        reader's actions from others' (no origin), nor while changes are still being
        saved (a busy file is not tried once more for it), nor once the reader is
        closing (its position keeps the drafts then)."""
        store = self.store
        if store is None or store.read_only or not store.origin or self.closing:
            return
        if state == self._typed_kept or self.saving:
            return  # (kept at a look once the changes waiting are saved)
        empty = not any(state.get(name) for name in DRAFT_FIELDS)
        self._typed_kept = state
        if empty and not self._typed_on_disk and not self._typed_taken:
            return  # nothing typed, nothing kept: nothing to write
        self._typed_on_disk = True
        taken = list(self._typed_taken)

        def keep(store: Store) -> None:
            key = TYPED_KEY + store.origin
            if empty:
                store.forget_ui_state([key])
            else:
                store.save_ui_state(key, state)
            store.forget_ui_state(taken)
            self._typed_on_disk = not empty

        def unkept() -> None:
            self._typed_kept = None

        self._keep_as_it_runs(keep, unkept)

    def keep_place(self, place: dict[str, Any]) -> None:
        """Keep ``place`` (the reader's position without the text typed: its query,
        order, the paper left on) as the position the next start takes up, when it
        changed since it was last kept and :data:`PLACE_LOOKS` looks have passed since
        then; called at each look. A run that ends without closing (``kill -9``, a
        crash, the machine gone) comes back there, not where the last run that closed
        left it. The text typed saved with that position stays as it is (the text
        typed since is kept under this reader's own key: :meth:`keep_typed`). Nothing
        is written to a triage file opened read-only, nor while changes are still being
        saved, nor once the reader is closing (:meth:`save_position` writes the whole
        position then)."""
        self._looks_since_place += 1
        store = self.store
        if store is None or store.read_only or self.closing or self.saving:
            # (while changes wait to be saved, the place waits behind them: a file held
            # busy by another program is not tried once more for it)
            return
        if place == self._place_kept or self._looks_since_place < PLACE_LOOKS:
            return
        self._place_kept = place
        self._looks_since_place = 0

        def keep(store: Store) -> None:
            before = store.load_ui_state(UI_STATE_KEY) or {}
            typed = {key: before[key] for key in DRAFT_FIELDS if key in before}
            others = other_places(before, place)
            store.save_ui_state(UI_STATE_KEY, {**typed, **place, "places": others})

        def unkept() -> None:
            self._place_kept = None

        self._keep_as_it_runs(keep, unkept)

    def _keep_as_it_runs(self, write: Callable[[Store], None], unkept: Callable[[], None]) -> None:
        """Queue ``write`` (of what is kept on disk as the reader runs: the text typed,
        the place) behind every write asked before, with nothing said of it: when it
        could not write (a busy file), ``unkept`` leaves it to the next look, and the
        changes queued behind it are refused with it, untried (each would wait out the
        busy file again: :meth:`_refuse_burst`). But a triage file ``write`` found
        damaged, and let go of, is said, once, as a look finding it says it; the file
        let go of before it ran is not tried (the refusal of a change said it)."""

        def keep(store: Store) -> str:
            if store.read_only:
                # (let go of since, as the refusal of a change said; a sound file gone
                # on with later is written at the next look)
                unkept()
                return ""
            try:
                write(store)
            except Exception as error:
                unkept()  # the next look tries again
                if store.read_only:
                    raise  # the file was let go of (found damaged): said, as a look says it
                if self.closing and self._closing_failure is None:
                    # the reader closed while it waited: as after a change that failed
                    # then, the writes queued behind it are not tried (each would wait
                    # out the same busy file), and the changes among them are said
                    reason = (
                        error.user_message
                        if isinstance(error, StoreError)
                        else unexpected(error, False)
                    )
                    if isinstance(error, StoreError) and error.several:
                        self._several[reason] = error.several
                    self._closing_failure = reason
                    return ""
                if isinstance(error, StoreBusy):
                    # it waited out the busy file: the changes queued behind it, made
                    # meanwhile, are refused with it, untried, as behind a change
                    self._refuse_burst(
                        TriageFailed(error.user_message, None, several=error.several)
                    )
            return ""

        self._enqueue(Job(None, keep, quiet=True))

    def took_typed(self, keys: Iterable[str]) -> None:
        """The typed text kept under ``keys`` by readers that ended was taken at start:
        this reader's own key holds it from its next write on, and those are removed."""
        self._typed_taken.extend(key for key in keys if key not in self._typed_taken)

    def follow(self, papers: Sequence[Paper], identities: Mapping[str, StoredIdentity]) -> None:
        """Give the marks saved under the ids of ``identities`` to the papers of
        ``papers`` they belong to, as reading the lists does, behind every write asked
        before: a key pressed on a paper while its lists were read again was saved under
        the id it had then (``identities``: what identified the paper), which the lists
        read may give another paper, or none."""
        if not identities or self.store is None or not self.moves_marks():
            return

        def follow(store: Store) -> str:
            marked = store.marked_ids()
            store.remember(found for pid, found in identities.items() if pid in marked)
            store.reattach(papers, only=identities)
            return ""

        self._enqueue(Job(None, follow))

    def reattach(self, library: Library) -> None:
        """Give the marks of the triage file whose paper's id changed to the papers of
        ``library`` they belong to, as a start does, behind every write asked before (a
        file taken up while the reader runs: a backup, one that could not be written
        at the start)."""
        if not self.moves_marks():
            return  # lists outside the library: as at the start, no mark moves

        def reattach(store: Store) -> str:
            # as at the start: what goes wrong leaves the marks where they are
            with contextlib.suppress(Exception):
                reattach_marks(store, library)
            return ""

        self._enqueue(Job(None, reattach))

    def take_back(self, library: Library) -> None:
        """Give back to the papers of ``library`` the marks another program moved to an
        id that is only an alias of theirs, behind every write asked before.

        A command run on some of the lists (``tuireader search x a.json`` where the
        library reads ``a.json`` with another list) names a paper the lists share by
        the id ``a.json`` alone gives it, and its marks follow it there: this reader,
        reading both lists, showed the paper unmarked, and wrote its keys to that id
        too (they follow moves). Only such marks are looked at: one query when there
        are none."""
        if not self.moves_marks():
            return  # lists outside the library take no mark, and give none back

        def take_back(store: Store) -> str:
            away = [pid for pid in store.marked_ids() if library.get(pid) is None]
            # the aliases only then: a lazy library reads them from its cache entry
            aliases = library.aliases() if away else {}
            strays = [pid for pid in away if pid in aliases]
            if strays:
                with contextlib.suppress(Exception):  # as at the start: they stay where they are
                    reattach_marks(store, library, only=strays)
            return ""

        self._enqueue(Job(None, take_back))

    def poll(self) -> None:
        """Look for others' changes, unless the writer is busy (it reads back anyway)."""
        if self.store is not None and self._writer_idle.is_set():
            self._enqueue(Job(None, None))

    def submit(
        self,
        run: Callable[[Store], str],
        after: list[Change],
        *,
        on_unsaved: Callable[[StoreConflict | None], None] | None = None,
        history: bool = True,
        op_id: int | None = None,
        severity: Severity = "information",
        drafts: dict[str, str] | None = None,
    ) -> int:
        """Show ``after`` now and queue ``run`` to save it; returns the change's id
        (``op_id``, when the caller took one from :meth:`_new_op` for ``run`` to know).
        ``severity``: how the notice of what ``run`` saved is shown; ``drafts``: where
        ``run`` puts the note text it takes away (see :attr:`Job.drafts`)."""
        if op_id is None:
            op_id = self._new_op()
        if after:
            self._others_since = False  # this change is the last action now
        before = [(kind, pid, self._shown(kind, pid)) for kind, pid, _value in after]
        for kind, pid, _value in after:
            # made again (the triage file writable since): no longer one to make again
            # as the reader closes; should this one fail, it is said in its place
            self._refused.pop((kind, pid), None)
        pending = Pending(op_id, after, before)
        self._pending.append(pending)
        if history and any(b[2] != a[2] for a, b in zip(after, before, strict=True)):
            self._history.append(pending)
        apply_changes(self.states, self.tags, self.notes, after)
        taken = {} if drafts is None else drafts
        job = Job(op_id, run, on_unsaved, severity, self.moves_seen, after, before, taken)
        self._enqueue(job)
        return op_id

    @property
    def last_op(self) -> int:
        """The id of the last change handed to the writer (as in :class:`TriageFailed`)."""
        return self._next_op

    def _new_op(self) -> int:
        """A new change id (the screen's thread only)."""
        self._next_op += 1
        return self._next_op

    def _shown(self, kind: str, paper_id: str) -> Any:
        if kind == "state":
            return self.state_of(paper_id)
        if kind == "tags":
            return self.tags.get(paper_id, ())
        return self.notes.get(paper_id, "")

    def _recompute(self) -> None:
        """What is shown: the saved state with the pending changes applied in order."""
        states = dict(self._saved.states)
        tags = dict(self._saved.tags)
        notes = dict(self._saved.notes)
        for pending in self._pending:
            apply_changes(states, tags, notes, pending.after)
        self.states, self.tags, self.notes = states, tags, notes

    def _settle(self, op_id: int | None) -> None:
        self._pending = [p for p in self._pending if p.op_id != op_id]

    def saved(self, message: TriageSaved) -> None:
        """The writer committed ``message``'s change (or saw others' changes)."""
        done = next((p for p in self._pending if p.op_id == message.op_id), None)
        if message.undoable is not None:
            self._store_undoable = message.undoable
        if message.snapshot is not None:
            self._saved = message.snapshot
        elif done is not None:
            apply_changes(self._saved.states, self._saved.tags, self._saved.notes, done.after)
        self._settle(message.op_id)
        self._recompute()
        for paper_id, text in message.drafts.items():
            self.keep_draft(paper_id, text)
        for paper_id in self._redone.pop(message.op_id or 0, ()):
            kept = self.note_drafts.get(paper_id)
            if kept is not None and normalize_note(kept) == self.notes.get(paper_id, ""):
                del self.note_drafts[paper_id]  # the text the undo took, the note again

    def keep_draft(self, paper_id: str, text: str) -> None:
        """Keep ``text`` for the next edit of the paper's note, below the text kept
        already (typed and left with Escape), if any and other."""
        kept = self.note_drafts.get(paper_id)
        if kept and normalize_note(text) in normalize_note(kept):
            return
        self.note_drafts[paper_id] = f"{kept}\n\n{text}" if kept else text

    def papers_of(self, op_id: int | None) -> list[str]:
        """The papers a change not saved yet is for (none once it is settled)."""
        pending = next((p for p in self._pending if p.op_id == op_id), None)
        return list(dict.fromkeys(pid for _kind, pid, _value in pending.after)) if pending else []

    def failed(self, message: TriageFailed) -> None:
        """A change could not be saved: take back only that change from what is shown."""
        if message.snapshot is not None:
            self._saved = message.snapshot
        if message.op_id is not None:
            self._failed_seen.add(message.op_id)
            if self.leaving:
                self._failed_unseen.add(message.op_id)
        if message.op_id is not None or message.snapshot is not None:
            self._settle(message.op_id)
            self._recompute()
        job = message.job
        if job is not None and job.on_unsaved is not None:
            job.on_unsaved(message.conflict)

    # -- the writer -----------------------------------------------------------------------

    def _enqueue(self, job: Job) -> None:
        """Queue ``job`` behind every write asked before it; start the writer if idle."""
        with self._jobs_lock:
            self._jobs.append(job)
            if self._writer_running:
                return
            self._writer_running = True
            self._writer_idle.clear()
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
                outcome = TriageFailed(unexpected(error, job.run is None), job.op_id, job=job)
            if job.run is None:
                outcome = self._looked(outcome)
            if isinstance(outcome, TriageFailed) and job.op_id is not None:
                self._failed_ops.add(job.op_id)
                self.refusals += 1
                if outcome.several:
                    self._several[outcome.reason] = outcome.several
            self._keep_unsaved(job, outcome)
            if isinstance(outcome, TriageFailed) and self.closing:
                self._closing_failure = self._closing_failure or outcome.reason
            if outcome is not None and (not job.quiet or isinstance(outcome, TriageFailed)):
                try:
                    self._post(outcome)
                except RuntimeError:
                    pass  # the reader has closed; the write itself is done

    def _looked(self, outcome: Message | None) -> Message | None:
        """The outcome of a look at the triage file, or None when it failed as the last
        look did, which said so: the look comes every second, and each one said the same
        again (five notices stacked on the screen at once)."""
        if not isinstance(outcome, TriageFailed):
            self._look_failed = None
            return outcome
        if outcome.reason == self._look_failed:
            return None
        self._look_failed = outcome.reason
        return outcome

    def _keep_unsaved(self, job: Job, outcome: Message | None) -> None:
        """Keep what ``job`` could not save, to be said as the reader closes (the screen
        may never see the message, or the change is off the screen); what it saved
        settles an earlier change of the same field that could not be saved."""
        if job.op_id is None:
            return
        if isinstance(outcome, TriageFailed):
            befores = [value for _kind, _pid, value in job.before]
            befores += [None] * (len(job.changes) - len(befores))
            for (kind, paper_id, value), before in zip(job.changes, befores, strict=True):
                earlier = self._unsaved.get((kind, paper_id))
                first = earlier[3] if earlier is not None else before
                self._unsaved[(kind, paper_id)] = (job.op_id, value, outcome.reason, first)
        elif isinstance(outcome, TriageSaved):
            for kind, paper_id, _value in job.changes:
                self._unsaved.pop((kind, paper_id), None)

    def _execute(self, job: Job) -> Message | None:
        store = self.store
        if store is None:
            return TriageFailed("The triage file is still opening; try again.", job.op_id)
        if self.closing and self._closing_failure is not None:
            if job.run is None:
                return None
            failure = self._closing_failure
            several = self._several.get(failure, "")
            return TriageFailed(failure, job.op_id, job=job, several=several)  # not tried again
        if job.op_id in self._busy_burst:
            self._busy_burst.discard(job.op_id)
            why, several = self._busy_why
            return TriageFailed(why, job.op_id, job=job, several=several)  # as the busy one
        failed: TriageFailed | None = None
        elsewhere = False
        made_by: tuple[str, ...] = ()
        try:
            if job.run is None:
                gone = store.check_file()
                found = store.reopen()  # a sound file where the store stopped saving
                if found is not None:
                    return self._switch(store, found)
                if gone is not None:
                    return TriageFailed(gone, None)
                unfit = store.found_unfit()  # a damaged file put there: not taken
                if unfit is not None:
                    return TriageFailed(unfit, None)
                if not store.changed_elsewhere():
                    return None
                self._others_since = True
                summary = ""
                elsewhere = True
                made_by = self._made_by(store)
            else:
                with store.following(job.follows):
                    summary = job.run(store)
                if job.quiet:
                    return None
        except StoreConflict as error:
            if job.op_id is not None:
                self._conflicted_ops.add(job.op_id)
            failed = TriageFailed(NOTE_CHANGED_ELSEWHERE, job.op_id, conflict=error, job=job)
        except StoreError as error:
            failed = TriageFailed(error.user_message, job.op_id, job=job, several=error.several)
            if isinstance(error, StoreBusy) and job.op_id is not None and job.run is not None:
                self._refuse_burst(failed)
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
        return TriageSaved(
            job.op_id,
            snapshot,
            summary,
            undoable=_undoable(store),
            severity=job.severity,
            drafts=dict(job.drafts),
            elsewhere=elsewhere,
            made_by=made_by,
        )

    def _refuse_burst(self, failed: TriageFailed) -> None:
        """The changes queued now, behind the one ``failed`` says the busy triage file
        refused, are refused with it, untried (the writer's thread): they were made
        while it waited, and each would wait as long again. Said together, and the
        highlight goes back to the first of them, so the same keys again retry them all.
        The changes made after are tried."""
        with self._jobs_lock:
            queued = {
                job.op_id
                for job in self._jobs
                if job.op_id is not None and job.run is not None and not job.quiet
            }
        self._busy_burst = queued
        self._busy_why = (failed.reason, failed.several)

    def _made_by(self, store: Store) -> tuple[str, ...]:
        """Where the actions recorded since the last look were made, this reader's left
        out (the writer's thread): "another reader", "the command line" (``tuireader
        triage``, ``note``), "an import", in that order; none when not known. A triage
        file found damaged as they are read, and let go of, is said, as the writes kept
        as the reader runs say it (:meth:`_keep_as_it_runs`)."""
        seen = self._actions_seen
        if not store.origin:
            return ()  # (a store that does not tell its own actions from others')
        try:
            actions = store.actions_after(seen) if seen is not None else []
            self._actions_seen = store.last_action()
        except Exception:
            self._actions_seen = None
            if store.read_only:
                raise  # the file was let go of (found damaged): said, as a look says it
            return ()  # (busy, say: where changes were made is only told when known)
        found = set()
        for _action, kind, origin in actions:
            if origin and origin == store.origin:
                continue
            if kind == "import":
                found.add("an import")
            elif origin:
                found.add("another reader")
            else:
                found.add("the command line")
        return tuple(m for m in ("another reader", "the command line", "an import") if m in found)

    def _switch(self, old: Store, found: Reopened) -> Message:
        """Save to ``found``'s store from now on, in place of ``old``, which is closed (the
        writer's thread, between two jobs: no write is half on one file and half on the
        other, and each job after this one runs on the new store)."""
        new = found.store
        try:
            snapshot = new.snapshot()
        except StoreError as error:
            new.close()  # the old store stays, read-only; the next look tries again
            return TriageFailed(error.user_message, None)
        self.store = new
        old.close()
        self._actions_seen = _last_action(new)
        return TriageReopened(
            snapshot, found.message, undoable=bool(_undoable(new)), last_move=_last_move(new)
        )

    def not_saved(self, title_of: Callable[[str], str]) -> tuple[str, list[str]] | None:
        """What the reader closes without having saved, once every write is done: why
        (said of several changes when there are several), and one line per change
        (``title_of`` names a paper by its id); None when nothing is lost.

        Each change that could not be saved, as the reader ran (a full disk, a note
        another reader changed) or as it closed, and was not saved since; a note with
        its text, the one typed since if any, so that it is not lost with it, and said
        to be kept when it went to the next run with the reader's position. When the
        position could not be saved either, the note text typed and not saved (left
        with Escape, or in the editor), and the tags left typed in the editor, which it
        would have kept for the next run.
        """
        lost = self._lost(title_of)
        if lost is None:
            return None
        why, lines = lost
        return why, [line for line, _kind in lines]

    def for_next_start(self, title_of: Callable[[str], str]) -> tuple[list[Decision], list[str]]:
        """What of :meth:`not_saved` the next start is to hear of (see
        :mod:`tuireader.triage.unsaved`): the decisions (states, tags) shown and not
        saved, each with what its paper had before it, which the next start makes again
        where the paper is still so; and, in words, the rest that was shown or typed
        and is lost (note text). Not the changes refused as they were asked for (a
        triage file opened read-only), which were never shown as made, nor those whose
        failure the screen said as they failed, taking them back (the user saw them
        go, and may have meant to leave them so), unless the reader was on its way out
        by then (:attr:`leaving`: the screen no longer seen, the terminal maybe gone)."""
        decisions = []
        for (kind, paper_id), (op, value, _why, before) in sorted(
            self._unsaved.items(), key=lambda item: item[1][0]
        ):
            if op in self._failed_seen and op not in self._failed_unseen:
                continue  # taken off the screen as it failed, and said: not made later
            if kind in ("state", "tags") and before is not None and before != value:
                decisions.append(Decision(kind, paper_id, before, value, title_of(paper_id)))
        lost = self._lost(title_of)
        lines = [line for line, kind in lost[1] if kind == "text"] if lost is not None else []
        return decisions, lines

    def _lost(self, title_of: Callable[[str], str]) -> tuple[str, list[tuple[str, str]]] | None:
        """:meth:`not_saved`, each line with what it is: "change" (a state or tags not
        saved), "refused" (asked for and refused at once), "text" (a note's text not
        saved), "kept" (the same, kept as a draft) or "typed" (text typed and left in an
        editor, which the text kept as it is typed brings back to the next start)."""
        drafts = self.kept_drafts()
        failure = self._closing_failure
        # the position, and the drafts with it, was saved
        kept = failure is None and self._position_refused is None
        lines: list[tuple[str, str]] = []
        noted: set[str] = set()
        why = failure
        for (kind, paper_id), (_op, value, reason, _before) in sorted(
            self._unsaved.items(), key=lambda item: item[1][0]
        ):
            if failure is None:
                why = reason  # the last one's
            if kind == "note":
                noted.add(paper_id)
                text = drafts.get(paper_id, value)
                aside = " (kept: n on it brings it back)" if kept and paper_id in drafts else ""
                said = f"note on “{title_of(paper_id)}”{aside}: {text or '(none)'}"
                lines.append((said, "kept" if aside else "text"))
            else:
                lines.append((_change_line(kind, paper_id, value, title_of), "change"))
        if len(lines) > 1 and why is not None:  # "The changes were not saved"
            why = self._several.get(why, why)
        # changes asked for and refused as they were made (a triage file opened
        # read-only): never made, each said as one that could not be saved is
        refused_why = why
        for (kind, paper_id), (reason, value) in self._refused.items():
            refused_why = refused_why or reason
            said = _change_line(kind, paper_id, value, title_of)
            if kind == "note":
                noted.add(paper_id)
                said = f"note on “{title_of(paper_id)}”: {drafts.get(paper_id, value) or '(none)'}"
            said = said if reason == refused_why else f"{said} (refused: {reason})"
            lines.append((said, "refused"))
        why = refused_why or self._position_refused
        if not kept:
            lines += [
                (f"note typed on “{title_of(paper_id)}”: {text}", "typed")
                for paper_id, text in drafts.items()
                if paper_id not in noted
            ]
            lines += [
                (f"tags typed on “{title_of(paper_id)}”: {text}", "typed")
                for paper_id, text in self.tag_drafts.items()
            ]
            for papers, text in self.marked_tag_drafts.items():
                named = ", ".join(f"“{title_of(paper_id)}”" for paper_id in papers)
                said = f"tags typed for {len(papers):,} marked papers ({named}): {text}"
                lines.append((said, "typed"))
        if not lines or why is None:
            return None
        return why, lines

    def idle(self) -> bool:
        """True when no write is queued or running."""
        return self._writer_idle.is_set()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write is on disk (or reported); False on timeout."""
        return self._writer_idle.wait(timeout)

    def close(self) -> None:
        """Close the triage file once every queued write is on disk: SQLite then folds
        its write-ahead log into the file and removes it, so that the file alone holds
        every decision (a quit reader's file may be moved or backed up on its own). A
        write still running keeps it open; the next start reads the log."""
        with self._jobs_lock:
            if self._writer_running or self._jobs:
                return
            store, self.store = self.store, None
        if store is not None:
            store.close()


def _change_line(kind: str, paper_id: str, value: Any, title_of: Callable[[str], str]) -> str:
    """One change not saved as the reader closes says it: what it was to make of the
    paper ``title_of`` names (``kept: “InferCept…”``), a state or tags change in the words
    the next start says it in (:func:`change_said`); an undo asked for names none."""
    if kind in ("state", "tags"):
        return change_said(kind, value, title_of(paper_id))
    if kind == "undo":
        return "an undo (z)"
    if kind == "redo":
        return "a redo (Z)"
    return f"note on “{title_of(paper_id)}”: {value or '(none)'}"


def unexpected(error: Exception, looking: bool) -> str:
    """What to say of ``error``, met saving a change (or, ``looking``, reading the
    triage file for others' changes) where the store did not expect one (it says those
    it expects in words of its own): SQLite's own words, and what to do about a damaged
    file; any other error is a fault of tuireader, said by its class and text, the words
    to report it with."""
    doing = "Could not read the triage file" if looking else "Could not save"
    if not isinstance(error, sqlite3.Error):
        return f"{doing}: {type(error).__name__}: {error}"
    it = "it" if looking else "the triage file"
    text = " ".join(str(error).split())
    if "malformed" in text or "not a database" in text:
        return (
            f"{doing}: {it} is damaged ({text}). tuireader recover carries what can still "
            "be read over to a fresh file: run it in another terminal, and the reader goes "
            "on with the fresh file by itself."
        )
    return f"{doing}: {it} gave an error ({text})."


def not_saved_notices(
    failed: Sequence[tuple[str, Sequence[str], str]], name: Callable[[str], str | None]
) -> list[tuple[str, str]]:
    """The notices (title, text) that say the changes ``failed`` (why each was not
    saved, the papers it was for, and why said of several: see
    :attr:`TriageFailed.several`) were not saved: one for each reason, in the order
    met, naming its changes' papers (``name``: a paper's title, None when it is not
    known), said of as many changes as it is for. Changes queued together fail together
    (a full disk, a damaged file), and each said it again, stacked on the screen."""
    by_reason: dict[str, list[Sequence[str]]] = {}
    several: dict[str, str] = {}
    for reason, papers, of_several in failed:
        by_reason.setdefault(reason, []).append(papers)
        several[reason] = several.get(reason) or of_several
    notices = []
    for reason, changes in by_reason.items():
        papers = list(dict.fromkeys(pid for ids in changes for pid in ids))
        first = name(papers[0]) if papers else None
        title = "Not saved"
        if len(changes) > 1:
            title += f": {len(changes):,} changes"
            if first is not None:
                title += f" to “{first}”"
                title += f" and {len(papers) - 1:,} more papers" if len(papers) > 1 else ""
        elif first is not None:
            title += f": “{first}”" + (f" and {len(papers) - 1:,} more" if len(papers) > 1 else "")
        notices.append((title, (several[reason] or reason) if len(changes) > 1 else reason))
    return notices


def _loudness(hidden: int) -> Severity:
    """How a bulk change's notice is shown: a warning when it changed papers that the
    list does not show (``hidden``), which nothing else on screen shows changing."""
    return "warning" if hidden else "information"


def open_triage(opener: Callable[[], Store] | None) -> StoreOpened:
    """Open the store (in memory without ``opener``) and read what the reader needs.

    Blocking: call it in a worker. A store that cannot be read opens empty, and the
    failure comes back beside it through ``StoreOpened.problem``.
    """
    store = opener() if opener is not None else Store.in_memory()
    typed: dict[str, dict[str, Any]] = {}
    settled: list[tuple[str, str]] = []
    # the decisions readers showed and could not save as they closed: made now where
    # their paper is as it was (before the snapshot, which shows them), the rest named
    with contextlib.suppress(Exception):  # (never keeps the reader from opening)
        found = settle_unsaved(store)
        settled = found.said() if found is not None else []
    try:
        snapshot = store.snapshot()
        resume = store.load_ui_state(UI_STATE_KEY)
        problem = ""
    except StoreError as error:
        snapshot, resume, problem = TriageSnapshot({}, {}, {}), None, error.user_message
    if store.origin and not store.read_only and not problem:
        # the text typed that readers which ended without closing kept (a running
        # reader's is its own, and comes with its position when it closes)
        with contextlib.suppress(StoreError):
            typed = {
                key: state
                for key, state in store.ui_states_under(TYPED_KEY).items()
                if key != TYPED_KEY + store.origin and reader_ended(key.removeprefix(TYPED_KEY))
            }
    return StoreOpened(
        store,
        snapshot,
        resume,
        problem,
        undoable=bool(_undoable(store)),
        last_move=_last_move(store),
        last_action=_last_action(store),
        typed=typed,
        settled=settled,
    )


def _last_action(store: Store) -> int | None:
    """Where ``store``'s record of actions stands (None: it could not be read)."""
    try:
        return store.last_action()
    except Exception:  # noqa: BLE001 - where changes were made is only told when known
        return None


def _last_move(store: Store) -> int | None:
    """Where ``store``'s record of moves stands (None: it could not be read, and ids are
    written as the lists shown give them)."""
    try:
        return store.last_move()
    except StoreError:
        return None


def _kept_title(store: Store, paper_id: str) -> str | None:
    """The title the triage file keeps with a paper's marks, shortened as the reader
    names papers in its notices; None when it keeps none."""
    identity = store.identities([paper_id]).get(paper_id)
    return notice_title(identity.title) if identity is not None and identity.title else None


def _notes_to_undo(store: Store) -> dict[str, str]:
    """The notes the action :meth:`Store.undo` takes back next changed, as they are now
    (none when it changed no note, or when they cannot be read)."""
    try:
        coming = store.peek_undo()
        if coming is None or coming.kind != "note":
            return {}
        return {pid: triage.note for pid, triage in store.get_many(coming.paper_ids).items()}
    except StoreError:
        return {}


def _notes_taken(store: Store, before: Mapping[str, str], left: Sequence[str]) -> dict[str, str]:
    """The note text an undo took away: of the notes as they were ``before`` it, each
    it changed (not one of ``left``, changed since elsewhere) that held text (should
    the notes not be read back, each it was to change)."""
    try:
        now = {pid: triage.note for pid, triage in store.get_many(before).items()}
    except StoreError:
        now = {}
    return {
        pid: text
        for pid, text in before.items()
        if text and pid not in left and now.get(pid) != text
    }


def _undoable(store: Store) -> bool | None:
    """True if ``store`` holds an action undo can take back (None: it could not be read)."""
    try:
        return store.peek_undo() is not None
    except StoreError:
        return None


def merged_drafts(states: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The drafts of ``states`` (a position, and the text typed that readers which ended
    without closing kept) as one position keeps them: for a paper, a later state's
    text wins over an earlier one's."""
    drafts: dict[str, Any] = {}
    tags: dict[str, Any] = {}
    said: dict[str, Any] = {}
    marked: dict[tuple[str, ...], str] = {}
    undone: list[Any] = []
    for state in states:
        for name, into in (("drafts", drafts), ("tag_drafts", tags), ("drafts_said", said)):
            found = state.get(name)
            if isinstance(found, dict):
                into.update(found)
        marked.update(_marked_tag_drafts(state.get("marked_tag_drafts")))
        found = state.get("drafts_undone")
        if isinstance(found, list):
            undone.extend(pid for pid in found if pid not in undone)
    return {
        "drafts": drafts,
        "tag_drafts": tags,
        "marked_tag_drafts": [{"papers": list(p), "text": text} for p, text in marked.items()],
        "drafts_undone": undone,
        "drafts_said": said,
    }


def _marked_tag_drafts(drafts: object) -> list[tuple[tuple[str, ...], str]]:
    """The tags typed for marked papers as a saved position holds them: (the papers'
    ids, sorted; the text), leaving out anything malformed (a position saved by hand)."""
    found = []
    for entry in drafts if isinstance(drafts, list) else ():
        papers = entry.get("papers") if isinstance(entry, dict) else None
        text = entry.get("text") if isinstance(entry, dict) else None
        named = isinstance(papers, list) and all(isinstance(pid, str) for pid in papers)
        if named and papers and isinstance(text, str):
            found.append((tuple(sorted(set(papers))), text))
    return found


def other_places(before: dict[str, Any], place: dict[str, Any]) -> list[dict[str, Any]]:
    """The places readers on other lists than ``place``'s left (its ``lists``: the
    library's, or files named on their own), kept beside it as the position ``before``
    is saved over, the latest first: the library's reader takes up its own query after
    a reader on a file outside it, not that file's, nor none."""
    lists = place.get("lists")
    kept = before.get("places")
    others = [
        found
        for found in (kept if isinstance(kept, list) else ())
        if isinstance(found, dict) and found.get("lists") != lists
    ]
    if before.get("version") == UI_STATE_VERSION and before.get("lists") != lists:
        left = {
            key: value
            for key, value in before.items()
            if key not in DRAFT_FIELDS and key not in ("places", "version")
        }
        others = [left, *(found for found in others if found.get("lists") != left.get("lists"))]
    return others[:PLACES_KEPT]
