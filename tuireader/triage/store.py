"""Triage state: one state, any number of tags and a note per paper, with undo.

Everything lives in one SQLite file (``DataPaths.state_db``), keyed by the paper's
stable id, so a decision survives re-indexing, edits to a list and renaming or moving
list files, and a paper found in two lists has one state.

The file is shared safely by several tuireader instances (two SSH sessions of one
user): it runs in WAL mode, every triage action is one short ``BEGIN IMMEDIATE``
transaction that re-reads what it changes, and tags are stored one row each, so no
update is ever lost. Each action also writes what it changed to an action log in the
same transaction, which is what :meth:`Store.undo` takes back, also after a restart.

:meth:`Store.open` never raises for a damaged, locked or read-only file: it returns a
read-only store whose ``problem`` says in plain words what is wrong and what to do, and
it never writes to, replaces or deletes a file it could not open cleanly. A store that
stopped saving (its file damaged, removed or replaced) gives, through
:meth:`Store.reopen`, a writable store on the sound file that later stands at its path
(``tuireader recover``'s fresh file, the one it wrote again, a backup restored).
"""

from __future__ import annotations

import glob
import hashlib
import json
import marshal
import os
import re
import sqlite3
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Self

if TYPE_CHECKING:
    from tuireader.model import Paper

STATES: tuple[str, ...] = ("new", "kept", "maybe", "skip", "read")
DEFAULT_STATE = "new"
#: each state as people read it ("3 kept · 1 skipped"), where the stored name differs.
STATE_WORDS = {state: state for state in STATES} | {"skip": "skipped"}


def state_said(state: str) -> str:
    """A paper's state as a change to it is said: "kept", "skipped"; "back to new" for
    the state a paper starts in (the same key again, or an undo, sets it back)."""
    return "back to new" if state == DEFAULT_STATE else STATE_WORDS.get(state, state)


#: the schema this version of tuireader writes; older files are migrated on open.
SCHEMA_VERSION = 7
#: how many actions the undo log keeps.
UNDO_DEPTH = 1000

_SQLITE_MAGIC = b"SQLite format 3\x00"
_NOT_DAMAGE = ("NULL value in ", "CHECK constraint failed")
_CHUNK = 500  # ids per IN (...) query, well below SQLite's variable limit
#: the most characters a note may grow to: a few dozen pages, where a file piped into
#: ``note --append -`` by mistake (megabytes) would make the reader's editor and viewer
#: take seconds a key, and every undo step keep a copy of it.
NOTE_LIMIT = 100_000
#: the most characters a tag may hold: a tag is a word or a few, shown on a line with a
#: paper's other tags (a tag of 100,000 characters filled the paper's view); a longer
#: text is a note's.
TAG_LIMIT = 100

# Each entry upgrades the schema from version ``n - 1`` to ``n``. Version 0 is an empty
# file. Entries are never edited once released: a change is a new version.
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE triage (
            paper_id TEXT PRIMARY KEY,
            state TEXT NOT NULL DEFAULT 'new',
            note TEXT NOT NULL DEFAULT '',
            updated REAL NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE tags (
            paper_id TEXT NOT NULL,
            tag TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (paper_id, key)
        )""",
        "CREATE INDEX tags_by_key ON tags (key)",
    ),
    2: (
        """CREATE TABLE actions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at REAL NOT NULL,
            kind TEXT NOT NULL,
            summary TEXT NOT NULL
        )""",
        """CREATE TABLE changes (
            action_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            paper_id TEXT NOT NULL,
            field TEXT NOT NULL,
            before TEXT,
            after TEXT,
            PRIMARY KEY (action_id, seq)
        )""",
        """CREATE TABLE ui_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            updated REAL NOT NULL
        )""",
    ),
    # What identifies each triaged paper, so its marks follow it when its id changes,
    # and the moves made so far.
    3: (
        """CREATE TABLE identity (
            paper_id TEXT PRIMARY KEY,
            keys TEXT NOT NULL DEFAULT '[]',
            title TEXT NOT NULL DEFAULT '',
            title_key TEXT NOT NULL DEFAULT '',
            first_author TEXT NOT NULL DEFAULT '',
            year INTEGER,
            abstract_digest TEXT NOT NULL DEFAULT '',
            abstract TEXT NOT NULL DEFAULT '',
            seen REAL NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE moves (
            old_id TEXT NOT NULL,
            new_id TEXT NOT NULL,
            at REAL NOT NULL,
            reason TEXT NOT NULL
        )""",
    ),
    # Which reader made each action ('' for the command line and older files), so that
    # undo in one reader takes back its own actions, not another window's.
    4: ("ALTER TABLE actions ADD COLUMN origin TEXT NOT NULL DEFAULT ''",),
    # The list files each triaged paper was last read from, so that reading other lists
    # never takes its marks while its own may still hold it (see ``Store.reattach``).
    5: (
        """CREATE TABLE seen_in (
            paper_id TEXT NOT NULL,
            path TEXT NOT NULL,
            UNIQUE (paper_id, path)
        )""",
    ),
    # Tags kept in composed form (NFC) and compared so: a tag typed decomposed ("U" and
    # a combining diaeresis, as macOS and PDF pastes give) was a second "Überblick"
    # beside the composed one. No table changes; the tags are merged by
    # :func:`_merge_composed_tags`.
    6: (),
    # The steps undone, so that redo brings them back: each with the changes its undo
    # took back, and who undid it (``origin``, as the actions'), until a new action.
    7: (
        """CREATE TABLE undone (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at REAL NOT NULL,
            kind TEXT NOT NULL,
            summary TEXT NOT NULL,
            origin TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE undone_changes (
            undone_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            paper_id TEXT NOT NULL,
            field TEXT NOT NULL,
            before TEXT,
            after TEXT,
            PRIMARY KEY (undone_id, seq)
        )""",
    ),
}
#: Characters of an abstract kept with a triaged paper: enough to recognise it edited.
_ABSTRACT_KEPT = 4000
#: The columns of the identity table, in order.
_IDENTITY_COLUMNS = (
    "paper_id, keys, title, title_key, first_author, year, abstract_digest, abstract"
)
#: The papers with a mark (a state other than the default, a note or a tag), as SQL
#: taking the default state as its one parameter.
_MARKED = (
    "SELECT paper_id FROM triage WHERE state != ? OR note != '' UNION SELECT paper_id FROM tags"
)
#: The ``ui_state`` key of the marks last found settled on a library, see
#: :meth:`Store.settled`.
_SETTLED = "marks-settled"
#: The ``ui_state`` key of the identity rows the last settled look found to be what
#: identifies their papers (on the papers it looked through).
_IDENTIFIED = "marks-identified"
#: how many settled looks are kept: the command line's (its lists read paper by paper)
#: and the reader's on a library, and another library's, used in turn
_LOOKS_KEPT = 4


class StoreError(Exception):
    """A triage action or file problem, with a message meant for the user."""

    def __init__(self, user_message: str, several: str = "") -> None:
        super().__init__(user_message)
        self.user_message = user_message
        #: the message said of several changes that failed alike, one after another (a
        #: reader's changes queued together on a full disk): "The changes were not
        #: saved", where ``user_message`` says "The change was not saved".
        self.several = several or user_message


#: how a problem of the triage file says what the reader shows meanwhile
_SHOWN_RE = re.compile(
    r"(?:Saved triage|Triage|What could be read) is\s+shown(?: read-only| as\s+empty)?"
    r"(?: for now)?(?:,? (?:and|but) changes (?:can't|won't) be saved)?"
)


#: how a problem of the triage file tells a reader's user that the reader goes on by itself
_READER_GOES_ON_RE = re.compile(
    r",? (?:and a reader left open goes on with (?:it|the fresh file) by itself"
    r"|\(a reader left open goes on by itself\))"
)


def for_a_change(problem: str, outcome: str = "Nothing was saved") -> str:
    """A triage file's problem, said to a command that came to change triage: where it
    tells the reader's user what is shown meanwhile ("Triage is shown read-only…"),
    ``outcome`` says what the command did; what a reader left open does by itself is
    left out (a command is over once it says so)."""
    return _READER_GOES_ON_RE.sub("", _SHOWN_RE.sub(outcome, problem))


class StoreReadOnly(StoreError):
    """The store cannot be written (read-only, damaged or newer file)."""


class StoreBusy(StoreError):
    """Another process kept the file locked for longer than the timeout."""


class StoreCorrupt(StoreError):
    """The file is not a readable tuireader triage database."""


class StoreFull(StoreError):
    """The disk (or the file size limit) is full; nothing of the action was saved."""


class StoreConflict(StoreError):
    """Another reader changed what was being edited since the editor opened it.

    ``current`` is the value saved now (the other reader's); the caller still has
    the user's own text and must keep it available.
    """

    def __init__(self, user_message: str, current: str = "") -> None:
        super().__init__(user_message)
        self.current = current


@dataclass(frozen=True)
class Triage:
    """The triage of one paper; a paper never touched is ``new`` with nothing else."""

    paper_id: str
    state: str = DEFAULT_STATE
    tags: tuple[str, ...] = ()
    note: str = ""
    #: Unix time of the last change, 0.0 if never changed.
    updated: float = 0.0

    @property
    def is_default(self) -> bool:
        return self.state == DEFAULT_STATE and not self.tags and not self.note


@dataclass(frozen=True)
class Retagged:
    """What :meth:`Store.retag` did to one paper's tags."""

    #: the paper's triage once its tags are saved.
    triage: Triage
    #: the tags put on it, as they are stored, in the order given.
    added: tuple[str, ...] = ()
    #: the tags taken off it, as they were stored.
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class TriageSnapshot:
    """Everything the reader draws, read in one transaction: states, tags and notes.

    Papers that are ``new``, untagged or without a note are left out of each map.
    """

    states: dict[str, str]
    tags: dict[str, tuple[str, ...]]
    notes: dict[str, str]


@dataclass(frozen=True)
class Counts:
    """How many papers of a set are in each state."""

    kept: int = 0
    maybe: int = 0
    skip: int = 0
    read: int = 0
    new: int = 0

    @property
    def total(self) -> int:
        return self.kept + self.maybe + self.skip + self.read + self.new


#: states as an action's summary names those a change found ("kept/maybe"), and one.
_STATE_NAMES = "(?:{0})(?:/(?:{0}))*".format("|".join(STATES))
_ONE_STATE = "(?:{})".format("|".join(STATES))
#: a part of an action's summary that changed states ("kept/maybe → skip"): the states
#: before, and the one after.
_STATE_CHANGE = re.compile(rf"({_STATE_NAMES}) → ({_ONE_STATE})")
#: where one part of an action's summary ends and the next begins ("new → kept; added
#: tag 'rl'", the command line's triage): before a state change or a tag's, and not
#: inside a tag ("added tag 'a; b → c'").
_SUMMARY_PARTS = re.compile(
    rf"; (?=added tag '|removed tag '|{_STATE_NAMES} → {_ONE_STATE}(?:; |$))"
)


#: the summary of the action that takes up an export's marks (``tuireader import``)
_CARRIED = "took up the marks of an export"


def _in_words(states: str) -> str:
    """States of an action's summary ("new/skip"), as the status line names them
    ("new/skipped")."""
    return "/".join(STATE_WORDS.get(state, state) for state in states.split("/"))


def _tag_named(quoted: str) -> str:
    """A tag as a step's summary quotes it ("'rl'"), cut short as :func:`tag_shown` cuts
    it: a summary kept by an older tuireader, which took tags of any length, may quote
    one of 100,000 characters."""
    if len(quoted) >= 2 and quoted[0] == quoted[-1] == "'":
        return f"'{tag_shown(quoted[1:-1])}'"
    return tag_shown(quoted)


def _taken_back(part: str) -> str:
    """One part of an action's summary, as undoing it changed things back, its states
    named as the status line names them: "new → skip" is "skipped back to new", "added
    tag 'rl'" is "tag 'rl' taken off"."""
    if match := re.fullmatch(r"added tag (.+)", part):
        return f"tag {_tag_named(match[1])} taken off"
    if match := re.fullmatch(r"removed tag (.+)", part):
        return f"tag {_tag_named(match[1])} put back"
    if match := _STATE_CHANGE.fullmatch(part):
        return f"{_in_words(match[2])} back to {_in_words(match[1])}"
    back = {
        "changed tags": "tags back as they were",
        "edited note": "note back as it was",
        "cleared note": "note put back",
        _CARRIED: "the marks taken up from an export taken off",
    }
    return back.get(part, f"{part}, taken back")


def _done_again(part: str) -> str:
    """One part of an action's summary, as redoing it made it again, its states named as
    the status line names them: "new → skip" is "skipped again", "added tag 'rl'" is
    "tag 'rl' added again"."""
    if match := re.fullmatch(r"added tag (.+)", part):
        return f"tag {_tag_named(match[1])} added again"
    if match := re.fullmatch(r"removed tag (.+)", part):
        return f"tag {_tag_named(match[1])} taken off again"
    if match := _STATE_CHANGE.fullmatch(part):
        return "back to new again" if match[2] == DEFAULT_STATE else f"{_in_words(match[2])} again"
    again = {
        "changed tags": "tags changed again",
        "edited note": "note edited again",
        "cleared note": "note cleared again",
        _CARRIED: "the marks taken up from an export put back",
    }
    return again.get(part, f"{part} again")


def _parts_said(parts: Sequence[str], redone: bool) -> str:
    """The parts of an action's summary as its undo (or its ``redone`` redo) says them,
    tags added or taken off one after another said together: "tags 'rl', 'theory' put
    back", not "tag 'rl' put back and tag 'theory' put back" (the tag editor changes
    several tags in one action)."""
    said = _done_again if redone else _taken_back
    runs: list[tuple[str, list[str]]] = []  # (how a tag was changed, or "", the parts)
    for part in parts:
        match = re.fullmatch(r"(added|removed) tag (.+)", part)
        how = match[1] if match else ""
        if how and runs and runs[-1][0] == how:
            runs[-1][1].append(part)
        else:
            runs.append((how, [part]))
    shown = []
    for how, run in runs:
        if len(run) == 1:
            shown.append(said(run[0]))
            continue
        named = ", ".join(_tag_named(part.split(" tag ", 1)[1]) for part in run)
        # the words said of one of them: "tag 'rl' put back" is "put back"
        words = said(f"{how} tag ''").removeprefix("tag '' ")
        shown.append(f"tags {named} {words}")
    return " and ".join(shown)


def _made_parts(
    summary: str, changes: Sequence[tuple[Any, ...]], made: Sequence[tuple[Any, ...]]
) -> str:
    """``summary`` (of an action whose changes were ``changes``) with only the parts
    whose changes were ``made`` (a redo that left a paper's state, changed since, and
    made its tag again): "new → kept; added tag 't1'" is "added tag 't1'" then, which
    the undo of it says, where it said the state taken back too."""
    if len(made) == len(changes):
        return summary
    fields = {change[1] for change in made}
    tags = {
        str(change[3] if change[2] is None else change[2]).casefold()
        for change in made
        if change[1] == "tag"
    }
    kept = []
    for part in _SUMMARY_PARTS.split(summary) if summary else []:
        if match := re.fullmatch(r"(?:added|removed) tag '(.*)'", part):
            if match[1].casefold() in tags:
                kept.append(part)
        elif _STATE_CHANGE.fullmatch(part):
            if "state" in fields:
                kept.append(part)
        elif part in ("edited note", "cleared note"):
            if "note" in fields:
                kept.append(part)
        elif part == "changed tags":
            if "tag" in fields:
                kept.append(part)
        elif fields:
            kept.append(part)
    return "; ".join(kept)


@dataclass(frozen=True)
class UndoResult:
    """One triage action that was (or would be) taken back, or brought back by a redo."""

    #: "state", "tag" or "note".
    kind: str
    #: what the action had done, e.g. "new → kept" or "added tag 'rl'".
    summary: str
    #: the papers the action touched, in the order it touched them.
    paper_ids: tuple[str, ...]
    #: Unix time the action was made.
    at: float
    #: papers whose state or note was changed again since (in another window or by a
    #: command), which the undo left as they are.
    left: tuple[str, ...] = ()
    #: where the action was made, when not where it is taken back ("on the command
    #: line", "in a reader"); "" for the same place (see :meth:`Store.undo`). For a redo,
    #: where the step was undone.
    made: str = ""
    #: True for a step brought back by :meth:`Store.redo`.
    redone: bool = False
    #: True when some of the step was made though each of its papers had its state or
    #: note changed since (a tag made again, the state left): not "Nothing redone".
    partly: bool = False

    @property
    def message(self) -> str:
        """What undoing the action did, in the direction it went, its states named as
        the status line names them: "Undid: skipped back to new for 1 paper", "Undid:
        kept back to new and tag 'rl' taken off for 2 papers",
        "Undid: … for 1 of 2 papers (1 changed since elsewhere, left as it is)", or
        "Nothing undone: …" when every paper was changed again since; an action made
        elsewhere says where: "Undid a step made on the command line: …", "Nothing undone
        of a step made on the command line: …"."""
        count = len(self.paper_ids)
        parts = _SUMMARY_PARTS.split(self.summary) if self.summary else []
        what = _parts_said(parts, self.redone) or "the last change"
        left = len(self.left)
        # a redo: "Redid: …", "Redid a step undone in a reader: …", "Nothing redone: …"
        done, step = ("Redid", "undone") if self.redone else ("Undid", "made")
        if left and left >= count and not self.partly:  # every paper decided again since
            # where the step was made, in the words an undo that took it back says it
            nothing = f"Nothing {'redone' if self.redone else 'undone'}"
            if self.made:
                nothing += f" of a step {step} {self.made}"
            if count == 1:
                return f"{nothing}: the paper changed since elsewhere and is left as it is"
            return f"{nothing}: all {count} papers changed since elsewhere and are left as they are"
        head = f"{done} a step {step} {self.made}" if self.made else done
        if left >= count:  # (partly: some of it made, each paper's state or note left)
            one = count == 1
            return (
                f"{head}: {what} ({'the paper' if one else f'all {count} papers'} changed "
                f"since elsewhere: {'its' if one else 'their'} state or note left as "
                f"{'it is' if one else 'they are'})"
            )
        share = f"{count - left} of {count}" if left else str(count)
        text = f"{head}: {what} for {share} paper{'' if count == 1 else 's'}"
        if left:
            text += (
                f" ({left} changed since elsewhere, left as {'they are' if left > 1 else 'it is'})"
            )
        return text


@dataclass(frozen=True)
class StoredIdentity:
    """What identifies a triaged paper, kept with its marks (``ingest.identity`` terms)."""

    paper_id: str
    #: strong keys as ``kind:value`` ("doi:10.1/x", "arxiv:1706.05125"), strongest first.
    keys: tuple[str, ...] = ()
    #: the title as the reader showed it (shown for a detached mark).
    title: str = ""
    #: the normalised title given by the source; "" when it had none (derived titles).
    title_key: str = ""
    first_author: str = ""
    year: int | None = None
    abstract_digest: str = ""
    #: the start of the abstract, for recognising it after an edit.
    abstract: str = ""

    @classmethod
    def of(cls, paper: Paper) -> StoredIdentity:
        """The identity of a paper of the library, as the store keeps it."""
        from tuireader.ingest.identity import identify

        scope = paper.venue or (paper.lists[0] if paper.lists else "")
        found = identify(paper, scope)
        return cls(
            paper_id=paper.id,
            keys=tuple(str(key) for key in found.keys),
            title=paper.title,
            title_key=found.title,
            first_author=found.first_author,
            year=found.year,
            abstract_digest=found.abstract_digest,
            abstract=paper.abstract[:_ABSTRACT_KEPT],
        )

    def row(self) -> tuple[Any, ...]:
        return (
            self.paper_id,
            json.dumps(list(self.keys), ensure_ascii=False),
            self.title,
            self.title_key,
            self.first_author,
            self.year,
            self.abstract_digest,
            self.abstract,
        )

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> StoredIdentity:
        try:
            keys = tuple(str(key) for key in json.loads(row[1] or "[]"))
        except (TypeError, ValueError):
            keys = ()
        year = row[5] if isinstance(row[5], int) else None
        text = [str(value or "") for value in row]
        return cls(text[0], keys, text[2], text[3], text[4], year, text[6], text[7])


@dataclass(frozen=True)
class DetachedMark:
    """Triage whose paper is in none of the loaded lists, kept until the paper returns."""

    paper_id: str
    #: the title stored with the mark ("" when the mark predates stored identities).
    title: str
    state: str = DEFAULT_STATE
    tags: tuple[str, ...] = ()
    note: str = ""
    updated: float = 0.0
    #: the ids the mark had before it was set aside here: a mark whose id was given to
    #: another paper is kept under an id made for it (``d…``), which the user never saw;
    #: the paper's own id, the one they knew, is this.
    was: tuple[str, ...] = ()


#: the reason kept with the move of a mark set aside under an id made for it (``d…``):
#: its paper's id names another paper now, and the paper is in none of the lists
SET_ASIDE = "its id names another paper now"

#: the reason kept with the move of a detached mark given to its paper by the user
_ATTACHED = "attached by hand"


class MarksHeld(ValueError):
    """The paper a detached mark is to be attached to has marks of its own."""

    def __init__(self, paper_id: str, triage: Triage) -> None:
        self.paper_id = paper_id
        self.triage = triage
        super().__init__(f"{paper_id} has marks of its own")


@dataclass(frozen=True)
class Attached:
    """What :meth:`Store.attach` did."""

    #: the paper's triage now
    triage: Triage
    #: the paper's own state, kept where the mark's differs ("" if none was kept)
    kept_state: str
    #: the mark's state, which the paper's own took the place of where one was kept
    mark_state: str
    #: how many changes were made (what undo takes back)
    changes: int


@dataclass(frozen=True)
class Carried:
    """The marks an export carries for one paper, to be taken up (see
    :meth:`Store.carry_over`)."""

    #: the paper's id in this data folder (a detached mark's, for a paper of no list)
    paper_id: str
    state: str = DEFAULT_STATE
    tags: tuple[str, ...] = ()
    note: str = ""
    #: what identifies a paper of none of the lists, kept with its detached mark so that
    #: it follows the paper when a list holds it; None for a paper of the lists
    identity: StoredIdentity | None = None
    #: its tags were read from BibTeX keywords, where a ``,`` or ``;`` of a tag is a
    #: space (:func:`keyword_form`): a tag here that reads as the same keyword is the
    #: one the keyword was written from, and is not taken up again beside it
    as_keywords: bool = False


@dataclass(frozen=True)
class CarryReport:
    """What :meth:`Store.carry_over` did (or, dry, would do)."""

    #: by paper id, what each took up ("kept", "tag 'rl'", "note")
    taken: dict[str, tuple[str, ...]]
    #: by paper id, what differs here and was kept as it is here
    kept_here: dict[str, tuple[str, ...]]
    #: how many changes (one state, tag or note each): what undo takes back
    changes: int
    #: by paper id, the note here and the file's, whole, where the file's was taken up
    #: in place of one here or kept out by it ("" for no note here)
    notes: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: the papers that keep, with ``theirs``, a mark here the file does not carry (a
    #: state where the file's is new, a tag, a note): an import takes no mark off
    only_here: frozenset[str] = frozenset()
    #: without ``theirs``, by paper id, what a paper the import leaves as it is (it
    #: takes nothing up, and nothing here differs from the file's) holds here that the
    #: file does not carry (a state where the file's is new, a tag, a note): not the
    #: same as the file, though nothing is taken up
    more_here: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: by paper id, the marks of the file no paper may hold (a tag or a note longer than
    #: one may be: a file edited by hand), left out: nothing here is in their way
    refused: dict[str, tuple[str, ...]] = field(default_factory=dict)


#: characters of a note a line of ``import`` shows (said whole in its JSON)
_NOTE_SHOWN = 60


def note_said(note: str) -> str:
    """A note as a line of ``import`` names it: quoted, its lines joined by " / ", and
    cut to its first :data:`_NOTE_SHOWN` characters or so ("…" where it was cut)."""
    text = " / ".join(line.strip() for line in note.splitlines() if line.strip())
    if len(text) > _NOTE_SHOWN:
        cut = text[:_NOTE_SHOWN]
        text = (cut.rsplit(" ", 1)[0] if " " in cut[_NOTE_SHOWN // 2 :] else cut) + "…"
    return f"'{text}'"


def _beyond_the_file(item: Carried, here: Triage) -> list[str]:
    """What a paper's marks here hold that those an export carries for it do not: a
    state where the file's is new, the tags it lacks, a note where it has none. An
    import adds and replaces marks, and takes none off: these stay as they are."""
    words = []
    if item.state == DEFAULT_STATE and here.state != DEFAULT_STATE:
        words.append(f"{STATE_WORDS[here.state]} here, {STATE_WORDS[DEFAULT_STATE]} in the file")
    theirs = {tag_key(tag) for tag in item.tags}
    lacked = [
        tag
        for tag in here.tags
        if caseless(tag) not in theirs
        and not (item.as_keywords and caseless(keyword_form(tag)) in theirs)
    ]
    if lacked:
        named = ", ".join(f"'{tag_shown(tag)}'" for tag in lacked)
        words.append(f"tag{'s' if len(lacked) != 1 else ''} {named} here, not in the file")
    if here.note and not normalize_note(item.note):
        words.append(f"note {note_said(here.note)} here, none in the file")
    return words


@dataclass(frozen=True)
class Move:
    """Triage moved from a paper id that disappeared to the paper it now is."""

    old_id: str
    new_id: str
    #: why the two are one paper: "old id", "same DOI", "same title and first author", …
    reason: str


class Looked(NamedTuple):
    """The papers a look at the marks goes through (see :meth:`Store.reattach`)."""

    #: what names the content of the library they are of (its cache token)
    library: str
    #: which of its papers: "all", or "marked" (those with a mark)
    papers: str

    def name(self) -> str:
        return f"{self.library} {self.papers}"


@dataclass(frozen=True)
class ReattachReport:
    """What :meth:`Store.reattach` did: marks moved, and marks still without a paper."""

    moved: tuple[Move, ...] = ()
    detached: tuple[DetachedMark, ...] = ()

    def detached_message(self) -> str:
        """The marks still without a paper, in one line for the user."""
        count = len(self.detached)
        return (
            f"{count} triage mark{'s are' if count != 1 else ' is'} on papers outside "
            f"these lists, kept for when {'their' if count != 1 else 'its'} paper is read "
            "again (tuireader search is:detached lists them)"
        )


def moved_ids(
    moves: Iterable[Move], named: Callable[[str], Sequence[str]]
) -> dict[str, tuple[str, ...]]:
    """Each id marks were moved from that names no paper now (``named`` gives the ids of
    the papers an id names: the library's ids now, aliases included), with the ids of the
    papers its marks went to. Moves are followed on (``a`` → ``b`` → ``c``) through ids
    that name no paper either; an id whose moves fork (it named two papers over time)
    has each paper they lead to, and one whose moves lead to no paper is left out."""
    onward: dict[str, list[str]] = {}
    for move in moves:
        onward.setdefault(move.old_id, []).append(move.new_id)
    now: dict[str, tuple[str, ...]] = {}

    def named_now(paper_id: str) -> tuple[str, ...]:
        if paper_id not in now:
            now[paper_id] = tuple(named(paper_id))
        return now[paper_id]

    found: dict[str, tuple[str, ...]] = {}
    for old_id, new_ids in onward.items():
        if named_now(old_id):
            continue  # the id of a paper of the lists: that paper's
        reached: dict[str, None] = {}
        seen = {old_id}
        waiting = list(reversed(new_ids))
        while waiting:
            step = waiting.pop()
            if step in seen:
                continue
            seen.add(step)
            if named_now(step):
                reached.update(dict.fromkeys(named_now(step)))
            else:
                waiting.extend(reversed(onward.get(step, ())))
        if reached:
            found[old_id] = tuple(reached)
    return found


# (paper_id, field, before, after); field is "state", "note" or "tag". A tag change has
# before=None when the tag was added and after=None when it was removed.
_Change = tuple[str, str, str | None, str | None]


def follow_moves(paper_id: str, moves: Iterable[Move]) -> str:
    """The id ``paper_id`` has after ``moves`` (oldest first; a paper moved and moved
    back is at its first id again)."""
    for move in moves:
        if move.old_id == paper_id:
            paper_id = move.new_id
    return paper_id


def moved_from(paper_id: str, moves: Sequence[Move]) -> tuple[str, ...]:
    """The ids the marks once kept under ``paper_id`` went to (``moves`` oldest first),
    each followed on through the moves made after it: where the papers marked under that
    id are now, whichever paper holds the id itself now (a BibTeX key ``smith2023``
    given to Smith's next paper). Empty when no mark ever left it."""
    found: dict[str, None] = {}
    for at, move in enumerate(moves):
        if move.old_id == paper_id and move.new_id != paper_id:
            found[follow_moves(move.new_id, moves[at + 1 :])] = None
    found.pop(paper_id, None)  # moved away and back: its marks are its own again
    return tuple(found)


def normalize_tag(tag: str) -> str:
    """A tag as stored: surrounding space removed, inner runs of space made one, and the
    characters never shown as they are left out (controls, bidi and invisible ones, lone
    surrogates: see :func:`~tuireader.render.safetext.is_unsafe`), but a non-joiner
    between two letters of a script that uses it («می‌خواهم»), part of the word's
    spelling, as the screen shows it (:func:`~tuireader.render.safetext.kept_joiner`).

    It is written composed (NFC): "Überblick" pasted as "U" and a combining diaeresis
    (as macOS and PDFs give it) is the tag "Überblick", not a second one that reads
    alike. Case is kept for display; tags are compared case-insensitively
    (:func:`tag_key`). A tag holding an escape (``x\x1b[31my``) was written as
    ``x␛[31my`` by a CSV export and left out of BibTeX, so an export taken up again
    made it another tag.
    """
    from tuireader.render.safetext import is_unsafe_at

    text = str(tag)
    kept = "".join(
        char for at, char in enumerate(text) if char.isspace() or not is_unsafe_at(text, at)
    )
    cleaned = " ".join(kept.split())
    if not cleaned:
        raise StoreError("A tag can't be empty.")
    return unicodedata.normalize("NFC", cleaned)


def tag_shown(tag: str) -> str:
    """``tag`` as a line shows it: one longer than :data:`TAG_LIMIT` (kept by an older
    tuireader, which took tags of any length) cut short with "…"."""
    text = str(tag)
    return text if len(text) <= TAG_LIMIT else text[: TAG_LIMIT - 1].rstrip() + "…"


def tag_too_long(tag: str) -> str:
    """Why ``tag`` (cleaned: :func:`normalize_tag`) is not taken, "" when it may be."""
    if len(tag) <= TAG_LIMIT:
        return ""
    return (
        f"the tag '{tag_shown(tag)}' is {len(tag):,} characters, more than the "
        f"{TAG_LIMIT:,} a tag may hold"
    )


def check_tag_length(tag: str) -> str:
    """``tag`` (cleaned), or :class:`StoreError` when it is longer than a tag may be."""
    why = tag_too_long(tag)
    if why:
        raise StoreError(f"Tag not saved: {why}. Keep the long text in the paper's note.")
    return tag


def keyword_form(tag: str) -> str:
    """A tag as one BibTeX keyword: reference managers split keywords at commas and
    semicolons, so those become spaces ("to read; later" is "to read later")."""
    return " ".join(re.sub(r"[,;]", " ", tag).split())


def tag_key(tag: str) -> str:
    """What two tags are compared by: "RL", "rl" and " rl " are one tag, and so are
    "Überblick" composed and decomposed."""
    return caseless(normalize_tag(tag))


def caseless(text: str) -> str:
    """``text`` as tags are compared (:func:`tag_key` of a tag already cleaned): case
    folded whatever form its accents are written in, and composed."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())


def _key_now(tag: str) -> str | None:
    """:func:`tag_key` of a stored tag, None for one that is nothing once cleaned."""
    try:
        return tag_key(tag)
    except StoreError:
        return None


#: the control characters a note never holds (C0 but line endings and tab, DEL, C1): a
#: terminal acts on them (an escape clears the screen, or sets the clipboard)
_NOTE_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def note_controls(note: str) -> int:
    """How many control characters ``note`` holds that :func:`note_symbols` shows."""
    return len(_NOTE_CONTROLS.findall(str(note)))


def note_symbols(note: str) -> str:
    """``note`` with each control character but its line endings and tabs made the
    symbol a terminal is shown for it (␛, ␇, ``\\x9b``): an escape (``\\x1b[2J``
    clears a terminal's screen) is text in a note, never a code for the terminal."""
    from tuireader.render.safetext import TERMINAL_TABLE

    return _NOTE_CONTROLS.sub(lambda found: TERMINAL_TABLE[ord(found.group())], str(note))


def normalize_note(note: str) -> str:
    """A note as stored: line endings made ``\\n``, trailing blank space removed, and
    its other control characters shown as symbols (:func:`note_symbols`), so that a
    note is text wherever it goes (the reader's editor showed them to the terminal)."""
    text = note_symbols(str(note).replace("\r\n", "\n").replace("\r", "\n"))
    return text.rstrip() if text.strip() else ""


def _check_note_length(paper_id: str, before: str, after: str) -> None:
    """Refuse a note that would grow past :data:`NOTE_LIMIT` (one already longer may
    still be shortened)."""
    if len(after) > NOTE_LIMIT and len(after) > len(before):
        raise StoreError(
            f"Note not saved: the note of {paper_id} would be {len(after):,} characters, "
            f"more than the {NOTE_LIMIT:,} a note may hold. Keep the long text in a file "
            "and note where it is."
        )


def _check_state(state: str) -> str:
    if state not in STATES:
        raise ValueError(f"unknown triage state {state!r}; expected one of {', '.join(STATES)}")
    return state


def _unique(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def _chunks(items: Sequence[str]) -> Iterator[Sequence[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def _state_summary(befores: Iterable[str], after: str) -> str:
    seen = set(befores)
    ordered = [state for state in STATES if state in seen]
    return f"{'/'.join(ordered)} → {after}"


def _of_changes(text: Callable[[str], str]) -> tuple[str, str]:
    """A message that says a change was not saved (``text`` of "change was"), and the
    same said of several changes (of "changes were")."""
    return text("change was"), text("changes were")


def _errname(error: sqlite3.Error) -> str:
    return str(getattr(error, "sqlite_errorname", "") or "")


def _is_busy(error: sqlite3.Error) -> bool:
    name = _errname(error)
    if name:
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
    return "locked" in str(error) or "busy" in str(error)


def _is_corrupt(error: sqlite3.Error) -> bool:
    name = _errname(error)
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
    text = str(error)
    return "malformed" in text or "not a database" in text


def _is_full(error: sqlite3.Error, path: Path) -> bool:
    """A write failed for want of space: SQLite says so, or says "I/O error" (as it does
    for a write to a full disk) on a file system with next to no space left."""
    name = _errname(error)
    if name.startswith("SQLITE_FULL") or (not name and "full" in str(error)):
        return True
    return _is_io(error) and _space_left(path) < _LOW_SPACE


def _size_limit_reached(error: sqlite3.Error, path: Path) -> int | None:
    """The limit on a file's size (``ulimit -f``) that a write failing with ``error``
    ran into: a finite limit that the triage file or its log have (nearly) reached; SQLite
    says "disk I/O error", with space left. None: no such limit, or not reached."""
    if not _is_io(error):
        return None
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit == resource.RLIM_INFINITY:
        return None
    for name in (path.name, path.name + "-wal", path.name + "-journal"):
        try:
            size = (path.parent / name).stat().st_size
        except OSError:
            continue
        if size + (64 << 10) >= limit:
            return int(limit)
    return None


def _size_limit_words(path: Path, limit: int) -> str:
    """What stops the triage file at ``limit`` bytes, for a message."""
    return (
        f"The triage file {path} cannot grow past the limit on a file's size set where "
        f"tuireader was started ({limit:,} bytes: ulimit -f)"
    )


def _is_io(error: sqlite3.Error) -> bool:
    name = _errname(error)
    return name.startswith("SQLITE_IOERR") if name else "disk I/O" in str(error)


#: Free bytes under which an I/O error is taken for a full disk.
_LOW_SPACE = 1 << 20


def _space_left(path: Path) -> int:
    try:
        info = os.statvfs(path.parent)
    except (OSError, AttributeError):  # no statvfs on Windows
        return 0
    return info.f_bavail * info.f_frsize


#: The triage files this process holds open through SQLite: (device, inode) → how many
#: stores. POSIX record locks belong to the process, so closing *any* descriptor of such a
#: file drops every lock SQLite holds on it; another process then takes itself for the
#: last user, checkpoints and deletes the write-ahead log this process goes on writing
#: to, and what either writes after that is lost. A held file is never opened outside
#: SQLite (SQLite's own descriptors are shared and kept until its locks go).
_held: dict[tuple[int, int], int] = {}
_held_lock = threading.Lock()


def _file_key(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


#: how a file stands on disk: (device, inode, size, modification time in ns).
_Look = tuple[int, int, int, int]


def _look(path: Path) -> _Look | None:
    """How the file at ``path`` stands now (None: there is none): another file, or the
    same one written to, looks different."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _hold(key: tuple[int, int] | None, count: int) -> None:
    if key is None:
        return
    with _held_lock:
        left = _held.get(key, 0) + count
        if left > 0:
            _held[key] = left
        else:
            _held.pop(key, None)


def _held_here(path: Path) -> bool:
    """True while a store of this process has the file at ``path`` open."""
    key = _file_key(path)
    with _held_lock:
        return key is not None and key in _held


def _head(path: Path, size: int) -> bytes | None:
    """The first ``size`` bytes of the file, or None for a file this process holds open
    through SQLite (a database, then, and one that must not be opened outside it)."""
    if _held_here(path):
        return None
    with path.open("rb") as handle:
        return handle.read(size)


def reader_origin() -> str:
    """What a reader's store writes as the ``origin`` of its actions: this host, this
    process and a token of its own."""
    import secrets
    import socket

    return f"reader {socket.gethostname() or '-'} {os.getpid()} {secrets.token_hex(4)}"


def _still_running(origin: str) -> bool:
    """True if the reader that wrote ``origin`` may still be running: its process is
    alive on this host, or it ran on another host (which cannot be asked)."""
    import socket

    parts = origin.split()
    if len(parts) != 4 or parts[0] != "reader":
        return False
    _, host, pid, _token = parts
    if host != (socket.gethostname() or "-"):
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (OSError, ValueError, OverflowError):
        return True  # there, but not ours to signal; or not a pid: leave its actions be
    return True


def make_private(path: Path) -> None:
    """Make the triage file and its WAL companions readable by the user only.

    Notes are private: an existing file with wider permissions is tightened. Only
    regular files are touched; a failure (not the owner) is left to the open that
    follows, which reports what matters.
    """
    for candidate in (path, *_companions(path)):
        try:
            if candidate.is_symlink() or not candidate.is_file():
                continue
            mode = candidate.stat().st_mode & 0o777
            if mode & 0o077:
                os.chmod(candidate, mode & 0o700 or 0o600)
        except OSError:
            continue


def unreachable_link(path: Path) -> bool:
    """Whether ``path`` is a link into a folder that is not there (a sync folder on a
    disk not mounted): no file can be there, nor be made, until it is back."""
    return path.is_symlink() and not Path(os.path.realpath(path)).parent.is_dir()


def _create_private(path: Path) -> None:
    """Create a new triage file, readable by the user only whatever the umask, that is
    never empty: its first page (SQLite's header, in WAL mode) is written under a
    temporary name beside it, then linked to its name, so that an empty triage file is
    never tuireader's own, but one emptied under it (see :func:`emptied`), and a start
    that finds one another tuireader is making sees it whole. Where the file system has
    no links, the file is made empty, for SQLite to write its first page.

    SQLite gives the ``-wal`` and ``-shm`` files it creates the mode of the main file.
    A link to a file not there yet (one kept in a sync folder) has that file made so:
    SQLite, following the link, made it readable by everyone the umask lets.
    Raises :class:`sqlite3.Error` where the first page cannot be written (a full disk).
    """
    import tempfile

    if path.is_symlink() and not path.exists():
        path = Path(os.path.realpath(path))
    if path.exists():
        return
    descriptor, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    try:
        try:
            os.fchmod(descriptor, 0o600)  # whatever the umask
        finally:
            os.close(descriptor)
        with closing(sqlite3.connect(name, isolation_level=None)) as conn:
            conn.execute("PRAGMA journal_mode = WAL").fetchone()
        try:
            os.link(name, path)
        except FileExistsError:
            return  # another tuireader made it meanwhile: that one is taken
        except OSError:  # no links here
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            except FileExistsError:
                return
            try:
                os.fchmod(fd, 0o600)
            finally:
                os.close(fd)
    finally:
        for end in ("", *BESIDE):
            try:
                os.unlink(f"{name}{end}")
            except OSError:
                pass


#: what a data folder holds once tuireader has run in it (``DataPaths``: the library's
#: file, the cache and the index), besides the triage file.
_STARTED = ("lists.json", "cache", "index")


def emptied(path: Path) -> bool:
    """Whether the triage file at ``path`` is empty (0 bytes) where tuireader has run: a
    copy or a sync cut short emptied it, and every mark it held is elsewhere if
    anywhere (see :func:`kept_copies`). tuireader never leaves an empty triage file
    (:func:`_create_private`); SQLite takes one for a new database, and would write a
    new one over it. An empty file in a folder with nothing else of tuireader's (a new
    data folder) is taken for a new one: nothing was ever saved there."""
    try:
        if not path.is_file() or path.stat().st_size:  # (a link: the file it links to)
            return False
    except OSError:
        return False
    folder = path.parent
    return any(os.path.lexists(folder / name) for name in _STARTED) or bool(kept_copies(path))


def kept_copies(path: Path) -> list[Path]:
    """The copies of the triage file at ``path`` kept beside it that may hold what it
    held (``triage-before-damage-…``, a backup: any file named as it begins but for the
    damaged ones recover kept and SQLite's own), the newest first."""
    stem = path.stem
    found = []
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if (
            not name.startswith(stem)
            or name == path.name
            or name.startswith(f"{stem}-damaged-")
            or name.endswith(BESIDE)
        ):
            continue
        try:
            info = entry.stat()
        except OSError:
            continue
        if entry.is_file() and info.st_size:
            found.append((info.st_mtime_ns, entry))
    return [entry for _, entry in sorted(found, key=lambda item: item[0], reverse=True)]


def emptied_words(path: Path) -> str:
    """The sentence that says what of an emptied triage file may be had back: the
    copies kept beside it, the newest first (three at most)."""
    copies = kept_copies(path)
    if not copies:
        return "No copy of it was found beside it: restore a backup if you have one."
    named = ", ".join(str(copy) for copy in copies[:3])
    more = f" (and {len(copies) - 3} more)" if len(copies) > 3 else ""
    what = "A copy" if len(copies) == 1 else "Copies"
    return f"{what} that may hold what it held: {named}{more}; put one in its place."


def _is_read_only(error: sqlite3.Error) -> bool:
    name = _errname(error)
    if name:
        return name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_CANTOPEN"))
    return "readonly" in str(error) or "unable to open" in str(error)


def _merge_composed_tags(conn: sqlite3.Connection) -> None:
    """Make one tag of the tags that differ only in how their accents are written
    (composed or decomposed: "Überblick" typed on Linux and pasted from a PDF), on every
    paper, with the spelling most used (the composed one where two are used alike),
    written composed; and bring the undo log along: its tag changes name that spelling,
    and a change that made no difference to the merged tag (a second form added to a
    paper that had the first) is left out, so that undo takes the tag off a paper only
    where the change it takes back had put it on."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    merged: set[str] = set()
    for paper_id, tag, key in conn.execute("SELECT paper_id, tag, key FROM tags").fetchall():
        if not (isinstance(paper_id, str) and isinstance(tag, str) and isinstance(key, str)):
            continue
        group = caseless(key)
        groups.setdefault(group, []).append((paper_id, tag, key))
        if group != key or unicodedata.normalize("NFC", tag) != tag:
            merged.add(group)
    logged = conn.execute(
        "SELECT action_id, seq, paper_id, before, after FROM changes WHERE field = 'tag' "
        "ORDER BY action_id DESC, seq DESC"
    ).fetchall()
    # a tag taken off every paper since is still named by the log, as undo puts it back
    named_by_log: dict[str, list[str]] = {}
    for _action_id, _seq, _paper_id, before, after in logged:
        named = after if before is None else before
        if isinstance(named, str):
            group = caseless(named.casefold())
            named_by_log.setdefault(group, []).append(named)
            if group != named.casefold() or unicodedata.normalize("NFC", named) != named:
                merged.add(group)
    if not merged:
        return
    spelling: dict[str, str] = {}
    forms: dict[tuple[str, str], set[str]] = {}
    for group in merged:
        used = Counter(tag for _paper_id, tag, _key in groups.get(group, ()))
        used = used or Counter(named_by_log[group])
        most = min(
            used, key=lambda tag: (-used[tag], unicodedata.normalize("NFC", tag) != tag, tag)
        )
        spelling[group] = unicodedata.normalize("NFC", most)
        for paper_id, _tag, key in groups.get(group, ()):
            forms.setdefault((paper_id, group), set()).add(key)
            conn.execute("DELETE FROM tags WHERE paper_id = ? AND key = ?", (paper_id, key))
    conn.executemany(
        "INSERT OR IGNORE INTO tags (paper_id, tag, key) VALUES (?, ?, ?)",
        [(paper_id, spelling[group], group) for paper_id, group in forms],
    )
    # The undo log, newest first: each change is read against the forms the paper had
    # just after it (its tags now, for the newest), to tell whether the merged tag was
    # put on or taken off by it.
    touched: set[int] = set()
    for action_id, seq, paper_id, before, after in logged:
        named = after if before is None else before
        if not isinstance(named, str) or not isinstance(paper_id, str):
            continue
        group = caseless(named.casefold())
        if group not in merged:
            continue
        form = named.casefold()
        have = forms.setdefault((paper_id, group), set())
        others = have - {form}
        if before is None:  # added: the paper had the others before
            made = not others
            forms[paper_id, group] = others
        else:  # taken off: the paper had this form too before
            made = after is None and not others
            forms[paper_id, group] = have | {form}
        touched.add(action_id)
        if not made:
            conn.execute("DELETE FROM changes WHERE action_id = ? AND seq = ?", (action_id, seq))
            continue
        conn.execute(
            "UPDATE changes SET before = ?, after = ? WHERE action_id = ? AND seq = ?",
            (
                None if before is None else spelling[group],
                None if after is None else spelling[group],
                action_id,
                seq,
            ),
        )
    for action_id in touched:
        if conn.execute("SELECT 1 FROM changes WHERE action_id = ?", (action_id,)).fetchone():
            row = conn.execute("SELECT summary FROM actions WHERE id = ?", (action_id,)).fetchone()
            if row is not None and isinstance(row[0], str):
                conn.execute(
                    "UPDATE actions SET summary = ? WHERE id = ?",
                    (unicodedata.normalize("NFC", row[0]), action_id),
                )
        else:  # nothing of it is left to take back
            conn.execute("DELETE FROM actions WHERE id = ?", (action_id,))


#: what upgrading to a version does to the rows beside its statements (``_MIGRATIONS``)
_DATA_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {6: _merge_composed_tags}


def _migrate_to_current(conn: sqlite3.Connection) -> None:
    """Bring the schema up to date in one transaction (another instance may race us)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for target in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _MIGRATIONS[target]:
                conn.execute(statement)
            if target in _DATA_MIGRATIONS:
                _DATA_MIGRATIONS[target](conn)
        if version < SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        # SQLite takes a transaction back itself on a full disk: a ROLLBACK would then
        # fail, in place of the error that says why
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _first(report: str) -> str:
    """The first problem of an SQLite check's report, on one line: a damaged page is
    reported cell by cell ("*** in database main ***", "Page 16: …", "On tree page 15
    cell 29: …", …), and one of them says what happened."""
    lines = [line.strip() for line in report.splitlines()]
    problems = [line for line in lines if line and not line.startswith("***")]
    return problems[0] if problems else " ".join(report.split())


def _memory_db() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _migrate_to_current(conn)
    return conn


def _companions(path: Path) -> tuple[Path, Path]:
    """The write-ahead log and the shared-memory index SQLite keeps beside ``path``."""
    return Path(f"{path}-wal"), Path(f"{path}-shm")


#: what SQLite keeps beside a database: its log, its shared memory, a rollback journal.
#: Any of them left at the path is laid over the file there when it is next opened.
BESIDE = ("-wal", "-shm", "-journal")


def unused_name(path: Path, kind: str) -> Path:
    """A name beside ``path`` for a copy of it, ``<stem>-<kind>-<time><suffix>`` (with
    ``-2``, ``-3``… after the time when taken), that nothing has, nor a file SQLite keeps
    beside one (:data:`BESIDE`); the last one tried when every one is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 1000):
        extra = "" if number == 1 else f"-{number}"
        name = path.with_name(f"{path.stem}-{kind}-{stamp}{extra}{path.suffix}")
        if not any(os.path.lexists(f"{name}{end}") for end in ("", *BESIDE)):
            break
    return name


def _untouched(path: Path) -> bool:
    """True when nothing lies beside the file: no connection has it open (a connection
    to a WAL database keeps its log and shared memory as long as it lives), and no log
    or journal waits to be laid over it. Such a file is read as it is."""
    return not any(Path(f"{path}{end}").exists() for end in BESIDE) and not _held_here(path)


def _read_only(path: Path, timeout: float) -> Generator[sqlite3.Connection, None, None]:
    """Read-only connections to the triage file at ``path``, the one likeliest to read
    it whole first, none of which makes a file beside it (SQLite makes the log and the
    shared memory of a WAL database when they are missing, even to read it).

    Each connection is closed when the next is asked for, or when the generator is
    closed. A file a connection may have open (log and shared memory beside it) is read
    through SQLite's locks, with its log; a log alone (left by a crash) is read from a
    private copy of the two files; else, and when those fail, the file as it is.
    """
    wal, shm = _companions(path)
    if (wal.exists() and shm.exists()) or _held_here(path):
        yield from _connections(f"{path.absolute().as_uri()}?mode=ro", timeout)
    elif wal.exists():
        with _private_copy(path) as copy:
            if copy is not None:
                yield from _connections(f"{copy.as_uri()}?mode=ro", timeout)
    yield from _connections(f"{path.absolute().as_uri()}?mode=ro&immutable=1", timeout)


def _connections(uri: str, timeout: float) -> Generator[sqlite3.Connection, None, None]:
    """The one connection to ``uri`` (none if it cannot be opened), closed after use."""
    try:
        conn = sqlite3.connect(
            uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error:
        return
    try:
        yield conn
    finally:
        conn.close()


@contextmanager
def _private_copy(path: Path) -> Iterator[Path | None]:
    """A copy of the triage file and its log in a private temporary folder (None when it
    cannot be made), removed afterwards."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="tuireader-triage-") as folder:
        copy = Path(folder) / path.name
        try:
            shutil.copyfile(path, copy)
            shutil.copyfile(f"{path}-wal", f"{copy}-wal")
        except OSError:
            yield None
        else:
            yield copy


def _copy_readable(path: Path, timeout: float) -> sqlite3.Connection:
    """An in-memory database holding whatever triage can still be read from ``path``.

    The file is only ever opened with SQLite's read-only flags, so nothing is written to
    it, and nothing is made beside it; rows that cannot be read (damaged pages, missing
    tables) are skipped.
    """
    mem = _memory_db()
    try:
        head = _head(path, len(_SQLITE_MAGIC))
    except OSError:
        return mem
    if head is not None and head != _SQLITE_MAGIC:
        _copy_headless(path, mem)
        return mem
    read = damaged = False
    with closing(_read_only(path, timeout)) as sources:
        for src in sources:
            try:
                src.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as error:
                if _is_busy(error):
                    return mem  # a writer holds it: what we could read might be half-written
                continue
            _copy_rows(src, mem)
            read, damaged = True, _damaged_in_place(src, path)
            break
    if damaged:  # what ``tuireader recover`` reads of its damaged pages, shown as well
        from tuireader.triage.recover import add_salvaged

        add_salvaged(path, mem, timeout)
    if read:
        return mem
    _copy_cut_short(path, mem)
    if not mem.execute("SELECT 1 FROM triage UNION ALL SELECT 1 FROM tags LIMIT 1").fetchall():
        _copy_headless(path, mem)  # its header overwritten after the first 16 bytes
    return mem


def _damaged_in_place(src: sqlite3.Connection, path: Path) -> bool:
    """Whether SQLite's check finds the triage file that ``src`` reads damaged."""
    try:
        Store._check(src, path)
    except sqlite3.Error as error:
        return _is_corrupt(error)
    return False


#: the largest triage file :func:`_copy_cut_short` reads into memory whole.
_SALVAGE_LIMIT = 1 << 30


def _copy_cut_short(path: Path, mem: sqlite3.Connection) -> None:
    """Copy into ``mem`` what can be read of a triage file cut short (a copy or a sync
    that stopped half way), which SQLite refuses whole as malformed: the pages it still
    has are read from an image of it in memory, made as long as its header says it is."""
    if _held_here(path):  # never opened outside SQLite while this process holds it
        return
    try:
        with path.open("rb") as handle:
            image = bytearray(handle.read(_SALVAGE_LIMIT + 1))
    except OSError:
        return
    if len(image) < 100 or len(image) > _SALVAGE_LIMIT or not image.startswith(_SQLITE_MAGIC):
        return
    page = int.from_bytes(image[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(image[28:32], "big")
    if page * pages <= len(image) or page * pages > _SALVAGE_LIMIT:
        return  # not cut short: damaged otherwise, and nothing more to be read here
    image.extend(bytes(page * pages - len(image)))
    image[18:20] = b"\x01\x01"  # an image has no write-ahead log: read it as a plain file
    src = sqlite3.connect(":memory:", isolation_level=None)
    try:
        src.deserialize(bytes(image))
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        _copy_rows(src, mem)
    except (sqlite3.Error, AttributeError):  # AttributeError: a SQLite built without it
        return
    finally:
        src.close()


def _copy_headless(path: Path, mem: sqlite3.Connection) -> None:
    """Copy into ``mem`` what can be read of a triage file whose start was overwritten
    (see :func:`tuireader.triage.salvage.headless`)."""
    from tuireader.triage.salvage import headless

    src = headless(path)
    if src is None:
        return
    try:
        _copy_rows(src[0], mem)
    finally:
        src[0].close()


def headless_tables(path: Path) -> set[str] | None:
    """The tables that can still be read of a triage file whose start was overwritten
    (see :func:`tuireader.triage.salvage.headless`); None where the file is no such file
    (not a database at all, or one this process has open)."""
    from tuireader.triage.salvage import headless

    src = headless(path)
    if src is None:
        return None
    src[0].close()
    return src[1]


def _rows(src: sqlite3.Connection, columns: str, table: str) -> list[tuple[Any, ...]]:
    """The rows of ``table`` that can still be read, in the order they were written.

    A scan stops at a damaged page; it goes on past it from where a seek reaches a page
    that can be read (:func:`_past_damage`), so that only the rows on damaged pages are
    lost. A scan reads one row ahead, and loses that row with the next one's page: the
    rows each side of the damage are read one at a time. A damaged page can give rowids
    out of order (garbage where a row began): the scan only ever goes on past the
    highest one it reached, so that it ends.
    """
    select = f"SELECT rowid, {columns} FROM {table}"
    found: dict[int, tuple[Any, ...]] = {}
    after = _FIRST_ROWID  # every row up to this rowid is read, or lost
    while True:
        try:
            for row in src.execute(f"{select} WHERE rowid > ? ORDER BY rowid", (after,)):
                found[row[0]] = row[1:]
                after = max(after, row[0])
            break
        except sqlite3.Error as error:
            if _errname(error) == "SQLITE_ERROR":
                break  # no such table (an older file's) or column: nothing to read
        read, row = _one_row(src, f"{select} WHERE rowid > ? ORDER BY rowid LIMIT 1", after)
        if read and row is None:
            break  # the damage was past the last row
        if row is not None and row[0] > after:
            found[row[0]] = row[1:]
            after = row[0]
            continue
        resume = _past_damage(src, table, after)
        if resume is None:
            break
        # the first rows past the damage may lie where no seek reaches them (a seek
        # goes by the bounds the pages above keep): read back to them from the next
        _read, reached = _one_row(src, f"{select} WHERE rowid > ? ORDER BY rowid LIMIT 1", resume)
        before = _LAST_ROWID if reached is None else reached[0]
        back = f"{select} WHERE rowid < ? AND rowid > ? ORDER BY rowid DESC LIMIT 1"
        while (row := _one_row(src, back, before, after)[1]) is not None:
            if not after < row[0] < before:
                break  # a rowid out of order: garbage
            found[row[0]] = row[1:]
            before = row[0]
        after = resume
    return [found[rowid] for rowid in sorted(found)]


_LAST_ROWID = (1 << 63) - 1
_FIRST_ROWID = -_LAST_ROWID - 1


def _one_row(
    src: sqlite3.Connection, query: str, *values: int
) -> tuple[bool, tuple[Any, ...] | None]:
    """The one row ``query`` gives (None: none), and whether it could be read at all."""
    try:
        return True, src.execute(query, values).fetchone()
    except sqlite3.Error:
        return False, None


def _past_damage(src: sqlite3.Connection, table: str, after: int) -> int | None:
    """The smallest rowid past which a seek reaches rows of ``table`` again, past the
    damaged row after ``after``: found by seeking twice as far each time, then back.
    None when no seek past it reaches a page that can be read. A seek that gives a
    rowid not past the one sought (garbage on a damaged page) reaches nothing."""
    query = f"SELECT rowid FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT 1"

    def reaches(rowid: int) -> bool:
        sought, following = _one_row(src, query, rowid)
        return sought and (following is None or following[0] > rowid)

    sought, following = _one_row(src, query, after)
    if sought:  # the next row can be sought, not read (its text lies on a damaged page)
        if following is None:
            return None
        if following[0] > after:
            return int(following[0])
    failed, step = after, 1
    while not reaches(high := min(failed + step, _LAST_ROWID)):
        if high == _LAST_ROWID:
            return None
        failed, step = high, step * 2
    while high - failed > 1:
        middle = (failed + high) // 2
        if reaches(middle):
            high = middle
        else:
            failed = middle
    return high


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _write_copy(conn: sqlite3.Connection, target: Path) -> str | None:
    """Write everything ``conn`` holds to a new, private file at ``target`` (None: done,
    else what went wrong)."""
    try:
        conn.execute("VACUUM INTO ?", (str(target),))
    except sqlite3.Error as error:
        return str(error)
    make_private(target)  # notes are private
    return None


def _copy_rows(src: sqlite3.Connection, mem: sqlite3.Connection, *, decisions: bool = True) -> None:
    """Copy into ``mem`` the triage, tags, notes, identities, moves and UI state that can
    be read from ``src`` (without ``decisions``: all but the triage, tags and notes); a
    row damaged past use is left out, and so is one ``mem`` has already."""
    mem.execute("BEGIN")
    for paper_id, state, note, updated in (
        _rows(src, "paper_id, state, note, updated", "triage") if decisions else ()
    ):
        if isinstance(paper_id, str) and state in STATES:
            mem.execute(
                "INSERT OR IGNORE INTO triage VALUES (?, ?, ?, ?)",
                (paper_id, state, _text(note), _number(updated)),
            )
    for paper_id, tag, key in _rows(src, "paper_id, tag, key", "tags") if decisions else ():
        # a row read where a damaged page points into the middle of others' is made of
        # their ends: its key is not its tag's (nor is a tag that is nothing once cleaned)
        if (
            isinstance(paper_id, str)
            and paper_id
            and isinstance(tag, str)
            and isinstance(key, str)
            and _key_now(tag) is not None
            and _key_now(key) == _key_now(tag)
        ):
            mem.execute(
                "INSERT OR IGNORE INTO tags VALUES (?, ?, ?)",
                (paper_id, normalize_tag(tag), tag_key(tag)),
            )
    for key, value, updated in _rows(src, "key, value, updated", "ui_state"):
        if isinstance(key, str) and isinstance(value, str):
            mem.execute(
                "INSERT OR IGNORE INTO ui_state VALUES (?, ?, ?)", (key, value, _number(updated))
            )
    for row in _rows(src, _IDENTITY_COLUMNS, "identity"):
        if isinstance(row[0], str):
            mem.execute(
                f"INSERT OR IGNORE INTO identity ({_IDENTITY_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)",
                StoredIdentity.from_row(row).row(),
            )
    for paper_id, path in _rows(src, "paper_id, path", "seen_in"):
        if isinstance(paper_id, str) and isinstance(path, str):
            mem.execute("INSERT OR IGNORE INTO seen_in VALUES (?, ?)", (paper_id, path))
    for old_id, new_id, at, reason in _rows(src, "old_id, new_id, at, reason", "moves"):
        if isinstance(old_id, str) and isinstance(new_id, str):
            mem.execute(
                "INSERT INTO moves SELECT ?, ?, ?, ? WHERE NOT EXISTS "
                "(SELECT 1 FROM moves WHERE old_id = ? AND new_id = ? AND at = ?)",
                (old_id, new_id, _number(at), _text(reason), old_id, new_id, _number(at)),
            )
    mem.execute("COMMIT")


def _add_shown(mem: sqlite3.Connection, shown: TriageSnapshot) -> None:
    """Add to ``mem`` the states, notes and tags of ``shown`` (what the reader last drew)
    for the papers it has none of."""
    mem.execute("BEGIN")
    have = {row[0] for row in mem.execute("SELECT paper_id FROM triage")}
    for paper_id in (shown.states.keys() | shown.notes.keys()) - have:
        mem.execute(
            "INSERT INTO triage VALUES (?, ?, ?, 0)",
            (paper_id, shown.states.get(paper_id, DEFAULT_STATE), shown.notes.get(paper_id, "")),
        )
    tagged = {row[0] for row in mem.execute("SELECT DISTINCT paper_id FROM tags")}
    for paper_id, tags in shown.tags.items():
        if paper_id not in tagged:
            mem.executemany(
                "INSERT OR IGNORE INTO tags VALUES (?, ?, ?)",
                [(paper_id, normalize_tag(tag), tag_key(tag)) for tag in tags],
            )
    mem.execute("COMMIT")


#: how long a triage file another program holds is waited for, by default, before a
#: change is refused (or the file shown read-only); the messages that say so say it.
LOCK_WAIT = 5.0

#: the longest one wait inside SQLite for a lock lasts, in ms: a change waits for a file
#: another program holds in steps of it, between which a stop (Ctrl-C, ``kill``) is
#: taken at once. Inside SQLite's wait none is: it was taken once the lock was let go
#: or the whole wait was over, seconds later.
_WAIT_STEP_MS = 500


def _begin_in_steps(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE`` on ``conn``, waiting for a lock another program holds as long
    as its busy timeout says, in steps of :data:`_WAIT_STEP_MS` at most; the timeout is
    put back as it was after."""
    total = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
    if total <= _WAIT_STEP_MS:
        conn.execute("BEGIN IMMEDIATE")
        return
    left = total
    try:
        while True:
            step = min(left, _WAIT_STEP_MS)
            conn.execute(f"PRAGMA busy_timeout = {step}")
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                left -= step
                if left <= 0 or not _is_busy(error):
                    raise
    finally:
        with suppress(sqlite3.Error):
            conn.execute(f"PRAGMA busy_timeout = {total}")


#: the longest a look for a sound triage file (:meth:`Store.reopen`) waits for a file
#: another program has locked: it is looked at again at the next look instead.
_REOPEN_WAIT = 0.5


@dataclass(frozen=True)
class _Unopened:
    """Why a triage file could not be opened for writing, in words for the user."""

    problem: str
    #: what kept it from opening is not the file's own (another program's lock, a full
    #: or read-only disk, a folder that cannot be written): it may pass while the file
    #: stays as it is, so it is tried again at every look (see :meth:`Store.reopen`).
    passing: bool = False
    #: SQLite found it damaged.
    damaged: bool = False
    #: another program held it locked all the while it was waited for.
    locked: bool = False


@dataclass(frozen=True)
class Reopened:
    """A writable store on the sound triage file found where a store had stopped saving
    (see :meth:`Store.reopen`), and what happened, in one line for the user."""

    store: Store
    message: str


class Store:
    """Triage state of every paper. Build one with :meth:`open` or :meth:`in_memory`.

    Safe to share between threads: every call holds an internal lock.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        *,
        read_only: bool = False,
        problem: str | None = None,
        timeout: float = LOCK_WAIT,
    ) -> None:
        self._conn = conn
        self._lock = threading.RLock()
        self._timeout = timeout
        self._seen_version = self._pragma_int("data_version")
        self._identify: Callable[[str], StoredIdentity | None] | None = None
        self._files: Callable[[str], Collection[str]] | None = None
        #: the file this store holds open, as :data:`_held` counts it (None: none).
        self._held: tuple[int, int] | None = None
        #: the write-ahead log and shared-memory files seen beside it while it was ours
        #: (device, inode): once the file is replaced, these belong to no file at its path.
        self._companions: set[tuple[int, int]] = set()
        #: who makes this store's actions: a reader's own token, so that its undo takes
        #: back its own actions (and the command line's), not another reader's; '' for
        #: the command line, whose actions any reader may take back.
        self.origin = ""
        #: the database file (``:memory:`` for an in-memory store).
        self.path = path
        #: the last move (see :meth:`last_move`) the writer's ids already take into
        #: account: a write to an id moved after it goes to the paper's new id (None:
        #: ids are written as given). Set with :meth:`following`.
        self._follow_after: int | None = None
        #: True when changes cannot be saved; writes then raise :class:`StoreReadOnly`.
        self.read_only = read_only
        #: why the file could not be opened for writing, in words for the user.
        self.problem = problem
        #: the file was locked by another program as the store was opened (see
        #: :meth:`open`'s ``wait``).
        self.found_locked = False
        #: a problem that says a change was not saved, and the same said of several
        #: changes (see :attr:`StoreError.several`), for the writes refused after it.
        self._problem_said = ("", "")
        #: why this store stopped saving to its file, so that :meth:`reopen` goes on with
        #: a sound file found at its path: "unopened" (it could not be opened for
        #: writing), "damaged" (found damaged while open), "overwritten" (another file's
        #: content written into it while open), "removed" or "replaced";
        #: None: it never does (a writable store, or one read-only on purpose).
        self._lost: str | None = None
        #: the file at the path at :meth:`reopen`'s last look, and the last one it found
        #: unfit (damaged, another program's, a newer tuireader's): not tried again
        #: while it stands there unchanged.
        self._seen: _Look | None = None
        self._unfit: _Look | None = None
        #: why the file :meth:`reopen` last found unfit is not taken, until
        #: :meth:`found_unfit` says it.
        self._unfit_news: str | None = None
        #: the damaged file this store read (device, inode), to tell that it was recovered.
        self._damaged: tuple[int, int] | None = None
        #: the file this store wrote again at its path once it was removed.
        self._ours: _Look | None = None
        #: where what this store saved is kept, once its file was replaced.
        self._kept: Path | None = None
        #: the file could not be opened at first for a reason that may pass with the
        #: file as it is (a lock, a full or read-only disk): tried at every look.
        self._waiting = False
        #: there was no triage file at the path (or an empty one) when the store was
        #: opened, and none could be made then.
        self._never_made = False
        #: the file as this store last wrote it or found it sound, and as a look last
        #: found it changed by another program (see :meth:`_check_in_place`).
        self._sound: _Look | None = None
        self._changed: _Look | None = None
        #: the file as this store's own write into it left it, not checked since: another
        #: program writing into it at the same time leaves it looking as this store's
        #: own write, and its damage would be taken as sound (checked at the next look).
        self._unchecked: _Look | None = None
        #: SQLite's data version when the file was last found as this store left it: one
        #: changed since, other programs wrote to the file (see :meth:`_agrees_with_file`).
        self._sound_version: int | None = None
        #: actions committed to the log since it was last folded into the file.
        self._logged = False
        #: the last :meth:`snapshot` (what the reader draws): kept with what this store
        #: can still read of a file damaged under it, which may be less (its connection
        #: reads a file cut short only as long as it now is).
        self._shown: TriageSnapshot | None = None

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        timeout: float = LOCK_WAIT,
        read_only: bool = False,
        wait: bool = True,
    ) -> Store:
        """Open (creating if needed) the triage file at ``path``.

        Never raises for a damaged, locked or unwritable file: the store is then
        read-only, shows what could be read, and ``problem`` says what happened.
        ``read_only=True`` opens a read-only copy of the saved state on purpose.

        A file another program holds locked is waited for ``timeout`` (the store's
        ``found_locked`` says it was locked all the while); not ``wait``, it is not
        waited for at all: a command that waited for it once goes on without waiting
        again, and says the wait it made (``problem`` names ``timeout``, as after a wait).
        Once open, the store waits ``timeout`` for a lock at each change either way.
        """
        path = Path(path)
        make_private(path)
        if read_only:
            conn = _copy_readable(path, timeout if wait else 0.0)
            return cls(conn, path, read_only=True, timeout=timeout)
        found = _look(path)
        opened = cls._open_writable(path, timeout, wait=wait)
        if isinstance(opened, _Unopened):
            store = cls._fallback(path, opened, timeout, wait=wait)
            store._never_made = found is None or found[2] == 0
            store.found_locked = opened.locked
            return store
        return opened

    @classmethod
    def _open_writable(
        cls, path: Path, timeout: float, *, create: bool = True, wait: bool = True
    ) -> Store | _Unopened:
        """A writable store on the triage file at ``path`` (made when missing, with
        ``create``), or why there can be none; nothing is written to a file that is not
        sound. A lock is waited for ``timeout`` as the file is opened, as the store waits
        at each change; not ``wait``, not at all (see :meth:`open`)."""
        waited = timeout if wait else 0.0
        if not create and not path.exists():
            return _Unopened(f"There is no triage file at {path}.", passing=True)
        found = cls._precheck(path)
        if found is not None:
            return found
        problem = None
        checked = False
        damaged = False
        if path.exists() and _untouched(path):
            # checked before SQLite opens it to write, which makes a log and shared
            # memory beside it (and leaves them there when it finds it damaged)
            problem, checked, damage = cls._check_apart(path, waited)
            damaged = damage is not None
        if problem is not None:
            return _Unopened(problem, damaged=damaged)
        conn: sqlite3.Connection | None = None
        if create:
            try:
                _create_private(path)
            except OSError as error:
                return _Unopened(
                    f"Can't create the triage file {path} ({error.strerror}). Triage is "
                    "shown as empty and changes can't be saved.",
                    passing=True,
                )
            except sqlite3.Error as error:  # its first page could not be written
                return _Unopened(
                    cls._open_problem(path, error, timeout),
                    passing=_is_busy(error) or _is_read_only(error) or _is_full(error, path),
                    locked=_is_busy(error),
                )
        passing = locked = False
        try:
            # without ``create``, a file gone meanwhile is not made again, empty
            where = str(path) if create else f"{path.absolute().as_uri()}?mode=rw"
            conn = sqlite3.connect(
                where,
                uri=not create,
                timeout=waited,
                isolation_level=None,
                check_same_thread=False,
            )
            problem = cls._prepare(conn, path, checked=checked)
            if waited != timeout:  # the store's own wait, at each change
                conn.execute(f"PRAGMA busy_timeout = {round(timeout * 1000)}")
        except sqlite3.Error as error:
            problem, damaged = cls._open_problem(path, error, timeout), _is_corrupt(error)
            passing = _is_busy(error) or _is_read_only(error) or _is_full(error, path)
            locked = _is_busy(error)
        if problem is not None:
            if conn is not None:
                conn.close()
            return _Unopened(problem, passing, damaged, locked)
        assert conn is not None
        make_private(path)
        store = cls(conn, path, timeout=timeout)
        store._held = _file_key(path)
        store._found_sound(_look(path))
        _hold(store._held, 1)
        store._note_companions()
        return store

    @classmethod
    def in_memory(cls) -> Store:
        """A writable store that keeps nothing after :meth:`close` (tests, demos)."""
        return cls(_memory_db(), Path(":memory:"))

    @classmethod
    def _fallback(
        cls, path: Path, unopened: _Unopened, timeout: float, *, wait: bool = True
    ) -> Store:
        """A read-only store on what can be read of the triage file at ``path``, which
        could not be opened to write (``unopened`` says why); a lock is waited for
        ``timeout`` as it is read, not at all without ``wait`` (see :meth:`open`)."""
        look = _look(path)  # before it is read: a change as it is read is seen later
        conn = _copy_readable(path, timeout if wait else 0.0) if path.is_file() else _memory_db()
        store = cls(conn, path, read_only=True, problem=unopened.problem, timeout=timeout)
        store._lost = "unopened"
        store._seen = look
        # a file at fault is tried again once it changes; one kept from opening by its
        # place (a lock, a full or read-only disk), at every look, and made if missing
        store._waiting = unopened.passing
        store._unfit = None if unopened.passing else look
        store._damaged = look[:2] if look is not None else None
        return store

    @staticmethod
    def _precheck(path: Path) -> _Unopened | None:
        """Problems visible before SQLite touches the file (which it must not, if any)."""
        if unreachable_link(path):
            # SQLite, following the link, cannot make the file: "unable to open
            # database file", which read as a matter of permissions
            return _Unopened(
                f"The triage file {path} is a link to {os.path.realpath(path)}, whose "
                "folder is not there (a disk not mounted, a folder moved or renamed). "
                "Triage is shown as empty and changes can't be saved; make the folder "
                "reachable again, or remove the link to start a fresh file.",
                passing=True,
            )
        if path.exists() and not path.is_file():
            return _Unopened(
                f"The triage file {path} is not a regular file. Triage is shown read-only "
                "and changes won't be saved; move it away to start a fresh one."
            )
        if not path.exists():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                return _Unopened(
                    f"Can't create the folder for the triage file {path} ({error.strerror}). "
                    "Triage is shown as empty and changes can't be saved.",
                    passing=True,
                )
            if not os.access(path.parent, os.W_OK):
                return _Unopened(
                    f"Can't create the triage file {path}: its folder is read-only. "
                    "Triage is shown as empty and changes can't be saved.",
                    passing=True,
                )
            return None
        try:
            head = _head(path, 100) or b""
        except OSError as error:
            return _Unopened(
                f"Can't read the triage file {path} ({error.strerror}). Triage is shown as "
                "empty and changes won't be saved; check the file's permissions.",
                passing=True,
            )
        if not head and emptied(path):
            return _Unopened(
                f"The triage file {path} is empty (0 bytes): a copy or a sync cut short "
                "emptied it, perhaps. It was left untouched. Triage is shown as empty and "
                "changes won't be saved; tuireader recover keeps it aside and starts a fresh "
                f"one, and a reader left open goes on with it by itself. {emptied_words(path)}",
                damaged=True,
            )
        if head and not head.startswith(_SQLITE_MAGIC) and headless_tables(path) is not None:
            return _Unopened(
                f"The triage file {path} is damaged: it was overwritten at its start, where "
                "SQLite reads what the file is. It was left untouched. What could be read "
                "is shown read-only and changes won't be saved; tuireader recover carries "
                "it over to a fresh file and keeps the damaged one beside it (or restore a "
                "backup), and a reader left open goes on with it by itself."
            )
        if head and not head.startswith(_SQLITE_MAGIC):
            return _Unopened(
                f"The triage file {path} is damaged: it is not an SQLite database. It was "
                "left untouched. Triage is shown as empty and changes won't be saved; "
                "tuireader recover starts a fresh one and keeps the damaged file beside it "
                "(or restore a backup), and a reader left open goes on with it by itself."
            )
        if head and len(head) < 100:
            return _Unopened(
                f"The triage file {path} is damaged: it is cut short. It was left untouched. "
                "Triage is shown as empty and changes won't be saved; tuireader recover "
                "starts a fresh one and keeps the damaged file beside it (or restore a "
                "backup), and a reader left open goes on with it by itself."
            )
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            return _Unopened(
                f"The triage file {path} (or its folder) is read-only. Saved triage is shown "
                "but changes won't be saved; make it writable to triage again.",
                passing=True,
            )
        return None

    @classmethod
    def _check_apart(
        cls, path: Path, timeout: float
    ) -> tuple[str | None, bool, sqlite3.Error | None]:
        """Check the file through a connection of its own that makes no file beside it
        (see :func:`_read_only`): as it is, with nothing beside it (:func:`_untouched`),
        or as a later start reads it, while a connection holds it: what is wrong with it
        (None: it is sound), whether it could be checked at all (not: locked, say), and
        SQLite's error when it is damaged."""
        with closing(_read_only(path, timeout)) as sources:
            for conn in sources:
                try:
                    return cls._check(conn, path), True, None
                except sqlite3.Error as error:
                    if _is_corrupt(error):
                        return cls._open_problem(path, error, timeout), True, error
                    break  # not damage: what follows says what it is, or looks again
        return None, False, None

    @staticmethod
    def _check(conn: sqlite3.Connection, path: Path, *, structure: bool = True) -> str | None:
        """Why the file cannot be written by this tuireader (None: it can), or an
        :class:`sqlite3.DatabaseError` when it is damaged; with ``structure``, every page
        is checked, else only its schema."""
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            return (
                f"The triage file {path} was written by a newer tuireader (schema {version}, "
                f"this one knows {SCHEMA_VERSION}). Saved triage is shown read-only; update "
                "tuireader to change it."
            )
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if version == 0 and tables:
            return (
                f"The file {path} is an SQLite database but not a tuireader triage file. It "
                "was left untouched. Triage is shown as empty and changes won't be saved; "
                "tuireader recover starts a fresh one and keeps this file beside it, and a "
                "reader left open goes on with it by itself."
            )
        if not structure:
            return None
        damage = [
            str(row[0])
            for row in conn.execute("PRAGMA quick_check(20)")
            # constraint reports are not damage (and some SQLite releases report NULLs
            # that are not there); the structure is what must be sound before writing
            if row[0] != "ok" and not str(row[0]).startswith(_NOT_DAMAGE)
        ]
        if damage:
            raise sqlite3.DatabaseError("database disk image is malformed: " + _first(damage[0]))
        return None

    @classmethod
    def _prepare(cls, conn: sqlite3.Connection, path: Path, *, checked: bool = False) -> str | None:
        """Check the file, then switch to WAL and migrate; nothing is written before
        the checks pass (``checked``: its pages were checked just before, as it was
        with nothing beside it)."""
        problem = cls._check(conn, path, structure=not checked)
        if problem is not None:
            return problem
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        # FULL: a commit is on disk (not only in the OS) when the action is acknowledged.
        conn.execute("PRAGMA synchronous = FULL")
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower()
            if mode != "wal":
                raise sqlite3.OperationalError("database is locked")
        if version < SCHEMA_VERSION:
            _migrate_to_current(conn)
        return None

    @staticmethod
    def _open_problem(path: Path, error: sqlite3.Error, timeout: float) -> str:
        if _is_busy(error):
            return (
                f"The triage file {path} is locked by another program and stayed locked for "
                f"{timeout:g} s. Triage is shown read-only for now; close the other program "
                "(or tuireader instance) to triage again (a reader left open goes on by "
                "itself)."
            )
        if _is_corrupt(error):
            return (
                f"The triage file {path} is damaged ({error}). It was left untouched. What "
                "could be read is shown read-only and changes won't be saved; tuireader "
                "recover carries it over to a fresh file and keeps the damaged one beside it "
                "(or restore a backup), and a reader left open goes on with it by itself."
            )
        if _is_read_only(error):
            return (
                f"The triage file {path} can't be written ({error}). Saved triage is shown "
                "read-only; check the permissions of the file and its folder."
            )
        limit = _size_limit_reached(error, path)
        if limit is not None:
            return (
                f"{_size_limit_words(path, limit)}. Triage is shown read-only; raise the "
                "limit (ulimit -f unlimited) to triage again."
            )
        if _is_full(error, path):
            return (
                f"The triage file {path} could not be opened for changes ({error}); the "
                "disk may be full. Saved triage is shown read-only; free some space to "
                "triage again (a reader left open goes on by itself)."
            )
        return (
            f"The triage file {path} could not be opened ({error}). Triage is shown "
            "read-only and changes won't be saved."
        )

    def check_file(self) -> str | None:
        """Why this store can no longer save to its file, once that file was removed or
        replaced under it (None: it is still there). Writes would go on to a file no one
        reads again, and be lost with it.

        A removed file is written again from this store (every change saved so far,
        those since the removal too). A replaced file is left to its replacement: what
        this store saved is kept in a copy beside it, and the write-ahead log this store
        leaves at the path is taken away, or the next start would lay this store's pages
        over the new file. The store is read-only from then on either way, so that
        nothing more is lost, and the message says so: :meth:`reopen` gives the store to
        go on with, on the file at the path.
        """
        if self._held is None or self.read_only:
            return None
        with self._lock:
            now = _file_key(self.path)
            if now == self._held:
                self._note_companions()
                problem = self._check_in_place()
                if problem is None:
                    self._fold_log()
                return problem
            self._drop_companions()
            # what has their names from now on (a new store's) is not this store's
            self._companions.clear()
            if now is None:
                # the data folder may have gone with it (removed whole): made again
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError:
                    pass  # then it cannot be written again, and that is said
                error = self._copy_to(self.path)
                self._lost = "removed"
                if error is None:
                    self._ours = self._seen = _look(self.path)
                    problem = (
                        f"The triage file {self.path} was removed while tuireader ran; it "
                        "was written again with every change saved so far, and the reader "
                        "goes on with it by itself."
                    )
                else:
                    problem = (
                        f"The triage file {self.path} was removed while tuireader ran, and "
                        f"it could not be written again ({error}): changes are not saved. "
                        "The reader goes on by itself with a sound triage file put back "
                        "there, keeping what it had saved beside it."
                    )
            else:
                self._lost = "replaced"
                kept, error = self._keep_aside()
                if error is None:
                    self._kept = kept
                    where = f"what this tuireader had saved is kept in {kept}"
                else:
                    where = (
                        "what this tuireader had saved could not be kept aside yet "
                        f"({error}); it is kept before the reader goes on"
                    )
                problem = (
                    f"The triage file {self.path} was replaced by another file while "
                    f"tuireader ran; changes are no longer saved to it, and {where}. The "
                    "reader goes on with the new file by itself once it is found sound."
                )
            self.read_only = True
            self.problem = problem
            return self.problem

    def _fold_log(self) -> None:
        """Fold what this store committed to the log into the file itself, without
        waiting for any reader or writer (SQLite does it only once the log is 4 MB long),
        so that a copy of the file alone, taken while a reader runs, holds every decision
        but the last second's. Only the file as this store left it: one changed by
        another program is checked first (see :meth:`_check_in_place`)."""
        before = _look(self.path)
        if not self._logged or before != self._sound:
            return
        try:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            return  # folded at a later look, or when the store closes
        self._logged = False
        self._wrote(before)

    def _check_in_place(self) -> str | None:
        """Why this store stopped saving, if its file was damaged in place by another
        program (a sync or a copy writing into it, a disk error), else None.

        Asked at each look: a file changed since this store wrote it or last found it
        sound, and left unchanged since the last look (another program may still be
        writing it), is checked through a connection of its own, which reads it as
        every later start will; this store's own connection keeps the pages it read
        before and would go on saving over the damage. A damaged file is let go of
        (:meth:`_let_go_in_place`)."""
        look = _look(self.path)
        if look is not None and look == self._sound == self._unchecked:
            return self._check_own_write()
        if look is None or look == self._sound:
            return None
        if look != self._changed:
            self._changed = look
            return None
        if look[2] == 0:
            # never opened so: SQLite takes an empty file for a new database, and deletes
            # the log beside it, this store's latest decisions with it
            return self._let_go_in_place(None)
        _problem, checked, damage = type(self)._check_apart(self.path, self._timeout)
        if damage is None:
            if not checked:  # another program holds it, say: looked at again later
                return None
            if not self._agrees_with_file():
                return self._let_go_overwritten()
            self._found_sound(look)
            return None
        return self._let_go_in_place(str(damage))

    def _check_own_write(self) -> str | None:
        """Why this store stopped saving, if its file, as its own write left it, is found
        damaged: another program wrote into it at the same time (else None)."""
        _problem, checked, damage = type(self)._check_apart(self.path, self._timeout)
        if damage is not None:
            return self._let_go_in_place(str(damage))
        if checked:
            self._unchecked = None
        return None

    def _wrote(self, before: _Look | None) -> None:
        """Take the file as this store's write into it left it (``before``: as it was
        found sound just before) as sound; changed since ``before``, it is checked at
        the next look all the same (see :attr:`_unchecked`)."""
        after = _look(self.path)
        self._found_sound(after)
        if after != before:
            self._unchecked = after

    def _found_sound(self, look: _Look | None) -> None:
        self._sound = look
        self._sound_version = self._pragma_int("data_version")

    def _agrees_with_file(self) -> bool:
        """Whether the file, read afresh with its log, holds the very pages this store's
        own connection reads. Another connection's checkpoint writes into the file the
        pages this one holds; a copy written into it (a backup put back with ``cp``, a
        sync) holds others, which this store's log, laid over them, would make a file
        of both (whose index no longer matches its table: SQLite's quick check passes
        it). Reading both costs about 70 ms for a 5 MB file: a file another program
        wrote to since (another reader, a command) is taken to be changed by its
        checkpoint, unread. A commit by another program between the two reads is read
        again."""
        if self._pragma_int("data_version") != self._sound_version:
            return True
        for _ in range(3):
            try:
                before = self._pragma_int("data_version")
                ours = self._conn.serialize()
                with closing(_read_only(self.path, self._timeout)) as sources:
                    fresh = next(sources, None)
                    theirs = fresh.serialize() if fresh is not None else None
                if theirs is None or ours == theirs:
                    return True
                if self._pragma_int("data_version") == before:
                    return False
            except sqlite3.Error:
                return True  # not known now: looked at again at the next change
        return True  # written to all along: another program's commits, not a copy

    def _own_copy(self) -> tuple[sqlite3.Connection, bool]:
        """Everything this store can still read, in memory, and whether it is whole: its
        own connection holds what it read before its file was damaged or written over
        (the pages still in its cache, and its log); what the reader last drew is added
        where that is less (see :attr:`_shown`)."""
        mem = _memory_db()
        try:
            # whole, when every page it needs is still in this connection's cache: a
            # page read from the damaged file comes over as it is, and fails the check
            self._conn.backup(mem)
            whole = mem.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok"
        except sqlite3.Error:
            whole = False
        if not whole:
            mem.close()
            mem = _memory_db()
            _copy_rows(self._conn, mem)  # row by row, what can be read
            if self._shown is not None:
                _add_shown(mem, self._shown)
        return mem, whole

    def _let_go_overwritten(self) -> str:
        """Stop saving to this store's file, written over in place by another program:
        what this store holds is kept beside it and shown, read-only, and its log is
        emptied before the file is let go of, so that closing the connection lays none
        of this store's pages over the copy now in the file (a checkpoint that cannot
        read its log writes nothing). :meth:`reopen` then goes on with the file as the
        copy made it."""
        mem, _whole = self._own_copy()
        kept = unused_name(self.path, "before-overwrite")
        error = _write_copy(mem, kept)
        if error is None:
            where = f"everything this tuireader had saved is kept in {kept}"
        else:
            where = (
                f"what this tuireader had saved could not be kept aside ({error}): do not "
                "quit it before there is room"
            )
        problem = (
            f"The triage file {self.path} was written over while tuireader ran (a copy "
            f"put in its place?); {where}. The reader goes on with the file now there by "
            "itself."
        )
        if error is not None:
            self._let_go(problem, shown=mem)  # its log stays: nothing of it is lost
            return problem
        self._empty_log()
        self._let_go(problem, shown=mem)
        self._lost, self._kept, self._unfit, self._damaged = "overwritten", kept, None, None
        return problem

    def _let_go_in_place(self, damage: str | None) -> str:
        """Stop saving to this store's file, found damaged in place (``damage``, as
        SQLite says it; None: emptied): everything this store can still read is kept
        beside the file, and shown, read-only; the damaged file is let go of, as
        :meth:`_let_go` does. Where this store's own reading is not whole, what the
        damaged file still has of the rest (what identifies each paper, where the reader
        was left; the decisions too, unless the reader drew them) is added once it is
        let go of (read outside SQLite, the file must not be held). An emptied file has
        none of this store's log laid over it: that makes no file SQLite can read."""
        mem, whole = self._own_copy()
        if damage is None:
            self._empty_log()
        self._let_go("", shown=mem)
        if not whole and damage is not None and self._held is None:
            found = _copy_readable(self.path, self._timeout)
            try:
                _copy_rows(found, mem, decisions=self._shown is None)
            except sqlite3.Error:
                pass  # what this store read is kept all the same
            finally:
                found.close()
        kept = unused_name(self.path, "before-damage")
        error = _write_copy(mem, kept)
        place = "emptied" if damage is None else "damaged"
        if error is None:
            recover = "" if damage is None else " (or run tuireader recover)"
            where = (
                f"everything this tuireader had saved is kept in {kept}: put it in the "
                f"{place} file's place{recover}, and the reader goes on with it by itself"
            )
        else:
            where = (
                f"what this tuireader had saved could not be kept aside ({error}): do not "
                "quit it; tuireader recover carries what can be read of the file over to "
                "a fresh one, and the reader goes on with it by itself"
            )
        why = "" if damage is None else f" ({damage})"
        problem = (
            f"The triage file {self.path} was {place} while tuireader ran{why}; changes are "
            f"no longer saved, and {where}."
        )
        if self._lost == "damaged":
            self.problem = problem
        return problem

    def _empty_log(self) -> None:
        """Empty this store's write-ahead log at its path, so that closing the connection
        lays none of it over the file there (a checkpoint that cannot read its log writes
        nothing); the caller has kept what it holds."""
        log = _companions(self.path)[0]
        if _file_key(log) in self._companions:
            try:
                os.truncate(log, 0)
            except OSError:
                pass

    def reopen(self) -> Reopened | None:
        """A writable store on the sound triage file that now stands at this store's
        path, where this store stopped saving (its file could not be opened, or was
        damaged, removed or replaced), with what happened in one line; None while there
        is none to go on with. Meant to be asked at each look for changes.

        A file is taken once it has stood unchanged since the last look (one being
        copied or synced in is not opened half written), but for the one this store
        wrote again itself; it is opened as :meth:`open` opens it, but never made, unless
        none could be made at first (a full disk). A file found unfit (damaged, another
        program's, a newer tuireader's) is not tried again while it stands there
        unchanged: the damaged file this store read is never taken. One kept from
        opening by its place (another program's lock, a full or read-only disk) is tried
        again at the next look, not waited for. What this store saved that is nowhere else on disk (its file
        was removed, or replaced, and could not be kept) is kept beside the path first.
        The new store makes its actions as this one does (its origin, its identities);
        this store is left as it is, for the caller to close.
        """
        if self._lost is None:
            return None
        with self._lock:
            now = _look(self.path)
            seen, self._seen = self._seen, now
            # none could be made at first (a full disk, a folder not writable): made now
            make = now is None and self._waiting
            if not make and (now is None or now == self._unfit):
                return None
            if now != seen and now != self._ours:
                return None  # changed since the last look: perhaps still being written
            kept = self._kept
            if self._lost in ("removed", "replaced") and now != self._ours and kept is None:
                kept, error = self._keep_aside()
                if error is not None:
                    return None  # tried again at the next look
                self._kept = kept
            make_private(self.path)
            wait = min(self._timeout, _REOPEN_WAIT)
            opened = type(self)._open_writable(self.path, wait, create=make)
            if isinstance(opened, _Unopened):
                if not opened.passing:
                    self._unfit = now
                    if opened.damaged:
                        self._found_damaged()
                return None
            if make:
                now = _look(self.path)
            if now is None or opened._held != now[:2]:  # another file took its place
                opened.close()
                return None
            opened._timeout = self._timeout
            try:
                opened._conn.execute(f"PRAGMA busy_timeout = {round(self._timeout * 1000)}")
            except sqlite3.Error:
                opened.close()
                return None
            opened.origin = self.origin
            opened._identify = self._identify
            opened._files = self._files
            return Reopened(opened, self._reopened(now, kept))

    def _found_damaged(self) -> None:
        """Say that the file now at the path, found damaged, is not taken: once by
        :meth:`found_unfit`, and by every change refused from now on."""
        self.problem = self._unfit_news = (
            f"The file now at {self.path} is damaged, and is not taken: changes are still "
            "not saved. tuireader recover carries what can be read of it over to a fresh "
            "file (or put a backup there), and the reader goes on with it by itself."
        )

    def found_unfit(self) -> str | None:
        """Why the file :meth:`reopen` found at the path is not taken (it is damaged),
        said once, when it is found (None: nothing new)."""
        with self._lock:
            news, self._unfit_news = self._unfit_news, None
            return news

    def _reopened(self, now: _Look, kept: Path | None) -> str:
        """What :meth:`reopen` found, for the user: the file at the path is ``now``, and
        what this store saved is kept in ``kept``."""
        path = self.path
        if self._lost == "removed" and now == self._ours:
            return (
                f"The triage file {path} was written again after it was removed; changes "
                "are saved to it again."
            )
        if self._lost in ("removed", "replaced"):
            what = "removed and another file put there" if self._lost == "removed" else "replaced"
            return (
                f"The triage file {path} was {what} while tuireader ran: the new file is "
                f"shown and changes are saved to it; what this tuireader had saved is kept "
                f"in {kept}."
            )
        if self._lost == "overwritten":
            return (
                f"The copy put in its place is the triage file {path} now: it is shown and "
                f"changes are saved to it; what this tuireader had saved before is kept in "
                f"{kept}."
            )
        if self._waiting and self._never_made:  # (a full or read-only disk at the start)
            return f"The triage file {path} could be made now: changes are saved to it."
        if self._waiting:  # (only a store that could not open its file waits)
            return f"The triage file {path} can be written now: changes are saved to it."
        damaged = self._recovered_as()
        if damaged is not None:
            return (
                f"The triage file {path} was recovered (the damaged one is kept as "
                f"{damaged}); changes are saved again."
            )
        return f"A sound triage file stands at {path} now: it is shown and changes are saved to it."

    def _recovered_as(self) -> Path | None:
        """Where tuireader recover kept the damaged file this store read (None: it did
        not, or it is not known)."""
        if self._damaged is None:
            return None
        real = Path(os.path.realpath(self.path))  # recover keeps it beside the real file
        pattern = f"{glob.escape(real.stem)}-damaged-*{glob.escape(real.suffix)}"
        for candidate in sorted(real.parent.glob(pattern)):
            if _file_key(candidate) == self._damaged:
                return candidate
        return None

    def _keep_aside(self) -> tuple[Path, str | None]:
        """Write everything this store holds beside its path, as
        ``triage-before-replace-<time>.sqlite3``: where, and what went wrong (None:
        done)."""
        kept = unused_name(self.path, "before-replace")
        return kept, self._copy_to(kept)

    def _let_go(self, problem: str, *, shown: sqlite3.Connection | None = None) -> None:
        """Stop using this store's file, found damaged while it was open: what can still
        be read of it is kept (in memory; ``shown``, when given, in its place; else with
        what the reader last drew of the papers it lost, :attr:`_shown`), read-only, and
        the file is let go of, so that tuireader recover, which leaves alone a file a
        tuireader has open, can put a fresh one in its place, for :meth:`reopen` to go
        on with."""
        with self._lock:
            held = self._held
            if held is None or self.read_only or _file_key(self.path) != held:
                return  # not this store's file now (replaced): check_file says so
            copy = shown
            if copy is None:
                copy = _copy_readable(self.path, self._timeout)
                if self._shown is not None:  # what the reader drew, on pages lost since
                    _add_shown(copy, self._shown)
            self._conn.close()
            self._conn, self._held = copy, None
            self._companions.clear()
            _hold(held, -1)
            self.read_only, self.problem, self._lost = True, problem, "damaged"
            look = _look(self.path)
            self._seen = self._unfit = look
            self._damaged = look[:2] if look is not None else None
            self._seen_version = self._pragma_int("data_version")

    def _copy_to(self, target: Path) -> str | None:
        """Write everything this store holds to a new file at ``target`` (None: done,
        else what went wrong)."""
        return _write_copy(self._conn, target)

    def _note_companions(self) -> None:
        for companion in _companions(self.path):
            key = _file_key(companion)
            if key is not None:
                self._companions.add(key)

    def _drop_companions(self) -> None:
        """Take away this store's log and shared memory from a path its file has left."""
        for companion in _companions(self.path):
            if _file_key(companion) in self._companions:
                try:
                    companion.unlink()
                except OSError:
                    pass

    def close(self) -> None:
        with self._lock:
            if self._held is not None and _file_key(self.path) not in (self._held, None):
                self._drop_companions()  # replaced, and not yet noticed
            self._conn.close()
            held, self._held = self._held, None
        _hold(held, -1)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------ transactions

    def _write_error(self, error: sqlite3.Error) -> StoreError:
        """What a write that failed with ``error`` raises: its message says that the
        change was not saved, and, said of several changes, that they were not."""
        if _is_busy(error):
            return StoreBusy(
                *_of_changes(
                    lambda change: (
                        f"The triage file {self.path} is busy: another program has held it "
                        f"for more than {self._timeout:g} s. The {change} not saved; try "
                        "again."
                    )
                )
            )
        if _is_corrupt(error):
            return StoreCorrupt(
                *_of_changes(
                    lambda change: (
                        f"The triage file {self.path} is damaged ({error}); the {change} not "
                        "saved. tuireader recover carries what can still be read over to a "
                        "fresh file and keeps the damaged one beside it: run it in another "
                        "terminal, and a reader left open goes on with the fresh file by "
                        "itself."
                    )
                )
            )
        if _is_read_only(error):
            return StoreReadOnly(
                *_of_changes(
                    lambda change: (
                        f"The triage file {self.path} can't be written any more ({error}); the "
                        f"{change} not saved. Check the permissions of the file and its folder."
                    )
                )
            )
        limit = _size_limit_reached(error, self.path)
        if limit is not None:
            return StoreFull(
                *_of_changes(
                    lambda change: (
                        f"{_size_limit_words(self.path, limit)}. The {change} not saved; "
                        "raise the limit (ulimit -f unlimited) and try again."
                    )
                )
            )
        if _is_full(error, self.path):
            return StoreFull(
                *_of_changes(
                    lambda change: (
                        f"Could not write the triage file {self.path} ({error}); the disk may "
                        f"be full. The {change} not saved; free some space and try again."
                    )
                )
            )
        if _is_io(error):
            return StoreError(
                *_of_changes(
                    lambda change: (
                        f"Could not write the triage file {self.path}: the disk reported an "
                        f"error ({error}). The {change} not saved; check the disk and try "
                        "again."
                    )
                )
            )
        return StoreError(f"Could not save to the triage file {self.path}: {error}")

    @contextmanager
    def _write(self, *, wait: bool = True) -> Iterator[sqlite3.Connection]:
        """One triage action: a short transaction that holds the write lock throughout.
        Without ``wait``, a file another program holds is not waited for (a write kept
        for speed only): a change refused after it then says the whole wait made."""
        if self.read_only:
            problem = (
                self.problem
                or f"The triage file {self.path} was opened read-only; changes can't be saved."
            )
            said, several = self._problem_said
            raise StoreReadOnly(problem, several if problem == said else "")
        with self._lock:
            if self._held is not None and _file_key(self.path) != self._held:
                raise StoreReadOnly(self.check_file() or str(self.problem))
            waits: int | None = None
            try:
                if not wait:
                    waits = int(self._conn.execute("PRAGMA busy_timeout").fetchone()[0])
                    self._conn.execute("PRAGMA busy_timeout = 0")
                    self._conn.execute("BEGIN IMMEDIATE")
                else:
                    _begin_in_steps(self._conn)
            except sqlite3.Error as error:
                raise self._failure(error) from error
            except BaseException:
                # a stop taken as the lock was had: nothing of the change is made
                if self._conn.in_transaction:
                    with suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                raise
            finally:
                if waits is not None:
                    with suppress(sqlite3.Error):
                        self._conn.execute(f"PRAGMA busy_timeout = {waits}")
            try:
                yield self._conn
                before = _look(self.path)
                self._conn.execute("COMMIT")
                self._note_companions()
                if before == self._sound:  # (a file changed by another program is checked)
                    self._wrote(before)  # a commit may fold the log in
                self._logged = True
            except BaseException as error:
                try:
                    self._conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(error, sqlite3.Error):
                    raise self._failure(error) from error
                raise

    def _failure(self, error: sqlite3.Error) -> StoreError:
        """What a read or write that failed with ``error`` raises; a file found damaged
        is let go of (see :meth:`_let_go`)."""
        failure = self._write_error(error)
        if isinstance(failure, StoreCorrupt):
            self._let_go(failure.user_message)
            # the changes refused from now on say so too, as several when they are
            self._problem_said = (failure.user_message, failure.several)
        return failure

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for a read that takes more than one query; inside this
        store's own write (its ``before_saving``), that write's view: what it saves."""
        with self._lock:
            try:
                if self._conn.in_transaction:
                    yield self._conn
                    return
                self._conn.execute("BEGIN")
                try:
                    yield self._conn
                finally:
                    self._conn.execute("COMMIT")
            except sqlite3.Error as error:
                if _is_busy(error) or _is_corrupt(error):
                    raise self._failure(error) from error
                raise StoreError(f"Could not read the triage file {self.path}: {error}") from error

    def _pragma_int(self, name: str) -> int:
        with self._lock:
            return int(self._conn.execute(f"PRAGMA {name}").fetchone()[0])

    def _log(
        self,
        conn: sqlite3.Connection,
        kind: str,
        summary: str,
        changes: list[_Change],
        *,
        redo: bool = False,
    ) -> None:
        """Record an action for undo, and keep what identifies each paper it touched. A
        new action (not a ``redo``) that changed something ends what this store's redo
        could bring back, as in any editor (see :meth:`_redoable`)."""
        if changes and not redo:
            self._forget_undone(conn)
        self._record(conn, kind, summary, changes, self.origin)
        provider = self._identify
        if provider is None or not changes:
            return
        files = self._files
        for paper_id in dict.fromkeys(change[0] for change in changes):
            found = provider(paper_id)
            if found is not None:
                self._put_identity(conn, found)
            if files is not None:
                conn.executemany(
                    "INSERT OR IGNORE INTO seen_in VALUES (?, ?)",
                    [(paper_id, path) for path in files(paper_id)],
                )

    @staticmethod
    def _record(
        conn: sqlite3.Connection, kind: str, summary: str, changes: list[_Change], origin: str
    ) -> None:
        if not changes:
            return
        now = time.time()
        action_id = conn.execute(
            "INSERT INTO actions (at, kind, summary, origin) VALUES (?, ?, ?, ?)",
            (now, kind, summary, origin),
        ).lastrowid
        assert action_id is not None
        conn.executemany(
            "INSERT INTO changes VALUES (?, ?, ?, ?, ?, ?)",
            [(action_id, seq, *change) for seq, change in enumerate(changes)],
        )
        conn.executemany(
            "INSERT INTO triage (paper_id, updated) VALUES (?, ?) "
            "ON CONFLICT (paper_id) DO UPDATE SET updated = excluded.updated",
            [(paper_id, now) for paper_id in dict.fromkeys(c[0] for c in changes)],
        )
        oldest_kept = action_id - UNDO_DEPTH
        conn.execute("DELETE FROM changes WHERE action_id <= ?", (oldest_kept,))
        conn.execute("DELETE FROM actions WHERE id <= ?", (oldest_kept,))

    @staticmethod
    def _states_of(conn: sqlite3.Connection, ids: Sequence[str]) -> dict[str, str]:
        found: dict[str, str] = {}
        for chunk in _chunks(ids):
            marks = ",".join("?" * len(chunk))
            found.update(
                conn.execute(
                    f"SELECT paper_id, state FROM triage WHERE paper_id IN ({marks})", chunk
                ).fetchall()
            )
        return {paper_id: found.get(paper_id, DEFAULT_STATE) for paper_id in ids}

    @staticmethod
    def _put_state(conn: sqlite3.Connection, paper_id: str, state: str) -> None:
        conn.execute(
            "INSERT INTO triage (paper_id, state) VALUES (?, ?) "
            "ON CONFLICT (paper_id) DO UPDATE SET state = excluded.state",
            (paper_id, state),
        )

    @staticmethod
    def _put_note(conn: sqlite3.Connection, paper_id: str, note: str) -> None:
        conn.execute(
            "INSERT INTO triage (paper_id, note) VALUES (?, ?) "
            "ON CONFLICT (paper_id) DO UPDATE SET note = excluded.note",
            (paper_id, note),
        )

    @staticmethod
    def _insert_tag(conn: sqlite3.Connection, paper_id: str, tag: str) -> bool:
        cursor = conn.execute(
            "INSERT OR IGNORE INTO tags (paper_id, tag, key) VALUES (?, ?, ?)",
            (paper_id, unicodedata.normalize("NFC", tag), caseless(tag)),
        )
        return cursor.rowcount == 1

    @staticmethod
    def _delete_tag(conn: sqlite3.Connection, paper_id: str, key: str) -> str | None:
        row = conn.execute(
            "SELECT tag, key FROM tags WHERE paper_id = ? AND key = ?", (paper_id, key)
        ).fetchone()
        if row is None:
            # a tag stored before tags were cleaned of controls ("x\x1b[31my") keeps the
            # key it had: named as it reads now ("x[31my"), it is still taken off
            rows = conn.execute("SELECT tag, key FROM tags WHERE paper_id = ?", (paper_id,))
            row = next((found for found in rows if _key_now(found[0]) == key), None)
        if row is None:
            return None
        conn.execute("DELETE FROM tags WHERE paper_id = ? AND key = ?", (paper_id, row[1]))
        return str(row[0])

    @staticmethod
    def _spelling(conn: sqlite3.Connection, tag: str) -> str:
        """The spelling the library already uses for ``tag``, so one tag reads one way."""
        row = conn.execute(
            "SELECT tag FROM tags WHERE key = ? LIMIT 1", (caseless(tag),)
        ).fetchone()
        return str(row[0]) if row else tag

    def _get(self, conn: sqlite3.Connection, paper_id: str) -> Triage:
        return self._get_many(conn, [paper_id])[paper_id]

    @staticmethod
    def _get_many(conn: sqlite3.Connection, ids: Sequence[str]) -> dict[str, Triage]:
        rows: dict[str, tuple[str, str, float]] = {}
        tags: dict[str, list[str]] = {}
        for chunk in _chunks(ids):
            marks = ",".join("?" * len(chunk))
            for paper_id, state, note, updated in conn.execute(
                f"SELECT paper_id, state, note, updated FROM triage WHERE paper_id IN ({marks})",
                chunk,
            ):
                rows[paper_id] = (state, note, updated)
            for paper_id, tag in conn.execute(
                f"SELECT paper_id, tag FROM tags WHERE paper_id IN ({marks}) ORDER BY key",
                chunk,
            ):
                tags.setdefault(paper_id, []).append(tag)
        result: dict[str, Triage] = {}
        for paper_id in ids:
            state, note, updated = rows.get(paper_id, (DEFAULT_STATE, "", 0.0))
            result[paper_id] = Triage(
                paper_id, state, tuple(tags.get(paper_id, ())), note, float(updated)
            )
        return result

    # ------------------------------------------------------------------ states

    def set_state(self, paper_id: str, state: str) -> Triage:
        """Put one paper in ``state``; returns its triage afterwards."""
        self.set_state_many([paper_id], state)
        return self.get(paper_id)

    def toggle_state(self, paper_id: str, state: str) -> Triage:
        """Put one paper in ``state``, or back to ``new`` if it is already there."""
        self.toggle_state_many([paper_id], state)
        return self.get(paper_id)

    def set_state_many(self, paper_ids: Iterable[str], state: str) -> int:
        """Put every paper in ``state`` as one undoable action; returns how many changed."""
        _check_state(state)
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            return self._change_states(conn, ids, state)

    def toggle_state_many(self, paper_ids: Iterable[str], state: str) -> int:
        """Bulk toggle as one action: all back to ``new`` if all are already in
        ``state``, else all to ``state``. Returns how many changed."""
        _check_state(state)
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            current = self._states_of(conn, ids)
            all_there = bool(ids) and all(value == state for value in current.values())
            return self._change_states(conn, ids, DEFAULT_STATE if all_there else state)

    def _change_states(self, conn: sqlite3.Connection, ids: Sequence[str], state: str) -> int:
        changes = self._state_changes(conn, ids, state)
        self._log(conn, "state", _state_summary((c[2] or "" for c in changes), state), changes)
        return len(changes)

    def _state_changes(
        self, conn: sqlite3.Connection, ids: Sequence[str], state: str
    ) -> list[_Change]:
        current = self._states_of(conn, ids)
        changes: list[_Change] = []
        for paper_id in ids:
            if current[paper_id] != state:
                self._put_state(conn, paper_id, state)
                changes.append((paper_id, "state", current[paper_id], state))
        return changes

    def apply_many(
        self,
        paper_ids: Iterable[str],
        *,
        state: str | None = None,
        tags: Iterable[str] = (),
        untags: Iterable[str] = (),
        cleared: Collection[str] = (),
        before_saving: Callable[[], None] | None = None,
    ) -> int:
        """Set ``state``, add ``tags`` and take ``untags`` off every paper as ONE
        undoable action (the command line's ``triage``); returns how many changes were
        made. A tag is taken off in whatever case the paper has it, as the reader's
        tag editor matches tags. Those of ``cleared`` (detached marks set back to new)
        lose every tag and their note too, in the same action: nothing of the mark is
        left.

        ``before_saving`` runs once the change is made and found valid, before it is
        saved: what it raises leaves the file as it was (the command line writes its
        output there, so that output which cannot be written saves nothing)."""
        if state is not None:
            _check_state(state)
        wanted = [check_tag_length(normalize_tag(tag)) for tag in tags]
        unwanted = [tag_key(tag) for tag in untags]
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            changes: list[_Change] = []
            parts: list[str] = []
            if state is not None:
                changes = self._state_changes(conn, ids, state)
                if changes:
                    parts.append(_state_summary((c[2] or "" for c in changes), state))
            for tag in wanted:
                spelling = self._spelling(conn, tag)
                added = [
                    (paper_id, "tag", None, spelling)
                    for paper_id in ids
                    if self._insert_tag(conn, paper_id, spelling)
                ]
                if added:
                    parts.append(f"added tag '{spelling}'")
                changes.extend(added)
            for key in unwanted:
                removed: list[_Change] = []
                for paper_id in ids:
                    had = self._delete_tag(conn, paper_id, key)
                    if had is not None:
                        removed.append((paper_id, "tag", had, None))
                if removed:
                    parts.append(f"removed tag '{tag_shown(str(removed[0][2]))}'")
                changes.extend(removed)
            wiped: list[_Change] = []
            for paper_id in _unique(self._followed(conn, cleared)):
                state_now = self._value(conn, paper_id, "state")
                if state_now != DEFAULT_STATE:
                    self._put_state(conn, paper_id, DEFAULT_STATE)
                    wiped.append((paper_id, "state", state_now, DEFAULT_STATE))
                for key, _spelling in conn.execute(
                    "SELECT key, tag FROM tags WHERE paper_id = ?", (paper_id,)
                ).fetchall():
                    had = self._delete_tag(conn, paper_id, key)
                    if had is not None:
                        wiped.append((paper_id, "tag", had, None))
                note = self._value(conn, paper_id, "note")
                if note:
                    self._put_note(conn, paper_id, "")
                    wiped.append((paper_id, "note", note, ""))
            if wiped:
                parts.append("cleared detached marks")
            changes.extend(wiped)
            self._log(conn, "triage", "; ".join(parts), changes)
            if before_saving is not None:
                before_saving()
            return len(changes)

    def make_if_unchanged(
        self,
        changes: Sequence[tuple[str, str, Any, Any]],
        summary: str,
        follows: Sequence[int | None] | None = None,
    ) -> list[tuple[str, Any]]:
        """Make each change ``(kind, paper id, before, after)`` (kind ``"state"``: a
        state; ``"tags"``: the paper's tags, a sequence) only where the paper still has
        what it had when the change was decided (``before``), as ONE undoable action
        named ``summary``; a paper changed since is left as it is. Returns, for each
        change in order, ``("made", None)``, ``("already", None)`` (it is ``after``
        already) or ``("changed", what it holds now)``. Ids moved since :meth:`following`
        asks are followed, or, with ``follows`` (one for each change), since the last
        move each change's id takes into account."""
        outcome: list[tuple[str, Any]] = []
        with self._write() as conn:
            done: list[_Change] = []
            for at, (kind, given, before, after) in enumerate(changes):
                after_move = self._follow_after if follows is None else follows[at]
                paper_id = self._moved(conn, [given], after_move)[0]
                if kind == "state":
                    _check_state(str(after))
                    now = self._states_of(conn, [paper_id])[paper_id]
                    if now == after:
                        outcome.append(("already", None))
                    elif now != before:
                        outcome.append(("changed", now))
                    else:
                        self._put_state(conn, paper_id, str(after))
                        done.append((paper_id, "state", now, str(after)))
                        outcome.append(("made", None))
                    continue
                have = dict(
                    conn.execute("SELECT key, tag FROM tags WHERE paper_id = ?", (paper_id,))
                )
                wanted = {tag_key(tag): normalize_tag(tag) for tag in after}
                if set(have) == set(wanted):
                    outcome.append(("already", None))
                elif set(have) != {tag_key(tag) for tag in before}:
                    outcome.append(("changed", tuple(sorted(have.values(), key=caseless))))
                else:
                    done.extend(self._retag(conn, paper_id, have, wanted))
                    outcome.append(("made", None))
            self._log(conn, "triage", summary, done)
        return outcome

    # -------------------------------------------------------------------- tags

    def add_tag(self, paper_id: str, tag: str) -> Triage:
        self.add_tag_many([paper_id], tag)
        return self.get(paper_id)

    def remove_tag(self, paper_id: str, tag: str) -> Triage:
        self.remove_tag_many([paper_id], tag)
        return self.get(paper_id)

    def add_tag_many(self, paper_ids: Iterable[str], tag: str) -> int:
        """Tag every paper as one undoable action; returns how many gained the tag."""
        tag = check_tag_length(normalize_tag(tag))
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            spelling = self._spelling(conn, tag)
            changes: list[_Change] = [
                (paper_id, "tag", None, spelling)
                for paper_id in ids
                if self._insert_tag(conn, paper_id, spelling)
            ]
            self._log(conn, "tag", f"added tag '{spelling}'", changes)
            return len(changes)

    def remove_tag_many(self, paper_ids: Iterable[str], tag: str) -> int:
        """Untag every paper as one undoable action; returns how many lost the tag."""
        key = tag_key(tag)
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            changes: list[_Change] = []
            for paper_id in ids:
                removed = self._delete_tag(conn, paper_id, key)
                if removed is not None:
                    changes.append((paper_id, "tag", removed, None))
            spelling = changes[0][2] if changes else tag
            self._log(conn, "tag", f"removed tag '{tag_shown(str(spelling))}'", changes)
            return len(changes)

    def set_tags(
        self, paper_id: str, tags: Iterable[str], *, base: Iterable[str] | None = None
    ) -> Triage:
        """Make ``tags`` the paper's tags (one action): :meth:`retag`, which says what it
        added and took off."""
        return self.retag(paper_id, tags, base=base).triage

    def retag(
        self, paper_id: str, tags: Iterable[str], *, base: Iterable[str] | None = None
    ) -> Retagged:
        """Make ``tags`` the paper's tags (one action); tags are matched ignoring case.
        The action is summed up tag by tag ("added tag 'theory'; removed tag
        'genmodel'"), so that its undo says which tags it puts back and takes off.

        ``base`` is what the editor showed when it opened. When another reader changed
        the paper's tags since, the two edits are merged instead of one replacing the
        other: the tags this edit added are added and those it removed are removed,
        and every other tag is left as the other reader saved it.
        """
        wanted: dict[str, str] = {}
        for tag in tags:
            clean = normalize_tag(tag)
            wanted.setdefault(caseless(clean), clean)
        with self._write() as conn:
            paper_id = self._followed(conn, [paper_id])[0]
            have = dict(conn.execute("SELECT key, tag FROM tags WHERE paper_id = ?", (paper_id,)))
            if base is not None:
                opened = {tag_key(tag) for tag in base if str(tag).strip()}
                if opened != set(have):
                    added = {key: tag for key, tag in wanted.items() if key not in opened}
                    removed = opened.difference(wanted)
                    merged = {key: tag for key, tag in have.items() if key not in removed}
                    for key, tag in added.items():
                        merged.setdefault(key, tag)
                    wanted = merged
            changes = self._retag(conn, paper_id, have, wanted)
            put_on = tuple(str(after) for *_, before, after in changes if before is None)
            taken_off = tuple(str(before) for *_, before, after in changes if after is None)
            parts = [f"added tag '{tag}'" for tag in put_on]
            parts += [f"removed tag '{tag_shown(tag)}'" for tag in taken_off]
            self._log(conn, "tag", "; ".join(parts), changes)
            return Retagged(self._get(conn, paper_id), put_on, taken_off)

    def _retag(
        self,
        conn: sqlite3.Connection,
        paper_id: str,
        have: dict[str, str],
        wanted: dict[str, str],
    ) -> list[_Change]:
        """Give the paper the tags ``wanted`` (key: spelling) where it has ``have``: the
        changes made, or :class:`StoreError` (nothing changed) where a tag to be added is
        longer than a tag may be."""
        for key, spelling in wanted.items():
            if key not in have:  # a long tag kept from before may stay, not be added
                check_tag_length(spelling)
        changes: list[_Change] = []
        for key, spelling in have.items():
            if key not in wanted:
                self._delete_tag(conn, paper_id, key)
                changes.append((paper_id, "tag", spelling, None))
        for key, spelling in wanted.items():
            if key not in have:
                spelling = self._spelling(conn, spelling)
                self._insert_tag(conn, paper_id, spelling)
                changes.append((paper_id, "tag", None, spelling))
        return changes

    # ------------------------------------------------------------------- notes

    def set_note(self, paper_id: str, note: str, *, base: str | None = None) -> Triage:
        """Replace the paper's note (an empty note clears it) as one undoable action.

        ``base`` is the note the editor opened with. If another reader saved a
        different note since, nothing is written and :class:`StoreConflict` says so
        (with the note saved now); the caller keeps the user's text.
        """
        note = normalize_note(note)
        with self._write() as conn:
            paper_id = self._followed(conn, [paper_id])[0]
            row = conn.execute("SELECT note FROM triage WHERE paper_id = ?", (paper_id,)).fetchone()
            before = row[0] if row else ""
            if base is not None and normalize_note(before) not in (normalize_note(base), note):
                raise StoreConflict(
                    "Note not saved: another reader changed this paper's note while you "
                    "were editing it. Your text is kept; press n to see both and save again.",
                    before,
                )
            if before != note:
                _check_note_length(paper_id, before, note)
                self._put_note(conn, paper_id, note)
                summary = "cleared note" if not note else "edited note"
                self._log(conn, "note", summary, [(paper_id, "note", before, note)])
            return self._get(conn, paper_id)

    def set_notes(
        self,
        paper_ids: Iterable[str],
        note: str,
        *,
        append: bool = False,
        before_saving: Callable[[], None] | None = None,
    ) -> int:
        """Give every paper ``note`` (an empty note clears it), or with ``append`` add
        it to the end of each paper's note on a line of its own, as ONE undoable action
        (the command line's ``note``); returns how many notes changed. ``before_saving``:
        as :meth:`apply_many`'s.

        Each note is read and written in the action's own transaction, so a note saved
        by a reader just before is appended to, never overwritten with an older text.
        """
        note = normalize_note(note)
        with self._write() as conn:
            ids = self._followed(conn, paper_ids)
            changes: list[_Change] = []
            for paper_id in ids:
                before = self._value(conn, paper_id, "note")
                after = note
                if append:
                    after = f"{before}\n{note}" if before and note else before or note
                    after = normalize_note(after)  # one kept from before notes were cleaned
                if after != before:
                    _check_note_length(paper_id, before, after)
                    self._put_note(conn, paper_id, after)
                    changes.append((paper_id, "note", before, after))
            summary = "cleared note" if not note and not append else "edited note"
            self._log(conn, "note", summary, changes)
            if before_saving is not None:
                before_saving()
            return len(changes)

    def attach(
        self,
        mark_id: str,
        paper_id: str,
        *,
        merge: bool = False,
        before_saving: Callable[[], None] | None = None,
    ) -> Attached:
        """Give the detached mark ``mark_id`` (its state, tags and note) to the paper
        ``paper_id``, as ONE undoable action: the user knows the paper for theirs where
        :meth:`reattach` could not (a title reworded and its abstract rewritten). The
        mark's id, and the ids it had, find the paper afterwards, as after a move
        :meth:`reattach` makes; undone, they do not.

        A paper with marks of its own is refused (:class:`MarksHeld`) unless ``merge``:
        then it keeps its state (the mark's where it has none), gains the mark's tags,
        and the mark's note is added to the end of its own on a line of its own.
        ``before_saving``: as :meth:`apply_many`'s. Everything is read in the action's
        own transaction, so a mark a reader made meanwhile is never overwritten."""
        if mark_id == paper_id:
            raise ValueError(f"{mark_id} is the paper itself: nothing to attach")
        with self._write() as conn:
            mark = self._get(conn, mark_id)
            if mark.is_default:
                raise ValueError(
                    f"{mark_id} holds no mark (tuireader search is:detached lists them)"
                )
            paper = self._get(conn, paper_id)
            if not paper.is_default and not merge:
                raise MarksHeld(paper_id, paper)
            changes: list[_Change] = []
            kept_state = ""
            if mark.state != DEFAULT_STATE:
                if paper.state == DEFAULT_STATE:
                    self._put_state(conn, paper_id, mark.state)
                    changes.append((paper_id, "state", paper.state, mark.state))
                elif paper.state != mark.state:
                    kept_state = paper.state
                self._put_state(conn, mark_id, DEFAULT_STATE)
                changes.append((mark_id, "state", mark.state, DEFAULT_STATE))
            for tag in mark.tags:
                if self._insert_tag(conn, paper_id, tag):
                    changes.append((paper_id, "tag", None, tag))
                had = self._delete_tag(conn, mark_id, tag_key(tag))
                if had is not None:
                    changes.append((mark_id, "tag", had, None))
            if mark.note:
                before = paper.note
                after = mark.note if not before else before
                if before and mark.note not in before:
                    after = f"{before}\n{mark.note}"
                if after != before:
                    _check_note_length(paper_id, before, after)
                    self._put_note(conn, paper_id, after)
                    changes.append((paper_id, "note", before, after))
                self._put_note(conn, mark_id, "")
                changes.append((mark_id, "note", mark.note, ""))
            # its ids find the paper from now on, as a move reattach makes; undo takes
            # the move back with the rest (see :meth:`undo`)
            conn.execute(
                "INSERT INTO moves (old_id, new_id, at, reason) VALUES (?, ?, ?, ?)",
                (mark_id, paper_id, time.time(), _ATTACHED),
            )
            changes.append((mark_id, "move", None, paper_id))
            self._log(conn, "triage", "attached a detached mark", changes)
            if before_saving is not None:
                before_saving()
            return Attached(self._get(conn, paper_id), kept_state, mark.state, len(changes) - 1)

    def carry_over(
        self,
        carried: Sequence[Carried],
        *,
        dry_run: bool = False,
        theirs: bool = False,
        before_saving: Callable[[CarryReport], None] | None = None,
    ) -> CarryReport:
        """Take up the marks an export carries (``tuireader import``) as ONE undoable
        action; with ``dry_run`` only say what would change.

        A mark is added where this file has none: a state where the paper is new, the
        tags it lacks, a note where it has none. A decision made here differently (another
        state, another note) is kept and reported, never overwritten unless ``theirs``
        asks for the file's (said as such), and a carried ``new`` takes no decision
        back. A mark on a paper of none of the lists is kept under its id with what
        identifies the paper (``identity``), detached, and follows the paper when a list
        holds it (:meth:`reattach`). ``before_saving``: as :meth:`apply_many`'s, given
        the report. Each paper is read in the action's own transaction, so a mark set
        meanwhile by a reader or ``triage`` is seen."""
        ids = _unique(item.paper_id for item in carried)
        context = self._read() if dry_run else self._write()
        with context as conn:
            now = self._get_many(conn, ids)
            spelled: dict[str, str] = {}
            changes: list[_Change] = []
            said: dict[str, list[str]] = {}
            kept: dict[str, list[str]] = {}
            refused: dict[str, list[str]] = {}
            notes: dict[str, tuple[str, str]] = {}
            only_here: set[str] = set()
            beyond_here: dict[str, list[str]] = {}
            note_only_here: dict[str, str] = {}
            for item in carried:
                here = now[item.paper_id]
                done = said.setdefault(item.paper_id, [])
                if not theirs:
                    # only added, so not said as kept here; yet the file lacks it
                    beyond = _beyond_the_file(item, here)
                    beyond_here.setdefault(item.paper_id, []).extend(beyond)
                    if beyond and here.note and not normalize_note(item.note):
                        note_only_here[item.paper_id] = here.note
                if theirs:
                    # the file's marks are to win, but none is taken off: what it lacks
                    # (cleared where it was made, or never set there) stays, and is said
                    beyond = _beyond_the_file(item, here)
                    if beyond:
                        kept.setdefault(item.paper_id, []).extend(beyond)
                        only_here.add(item.paper_id)
                        if here.note and not normalize_note(item.note):
                            notes[item.paper_id] = (here.note, "")
                if item.state != DEFAULT_STATE and item.state != here.state:
                    if here.state == DEFAULT_STATE or theirs:
                        changes.append((item.paper_id, "state", here.state, item.state))
                        was = "" if here.state == DEFAULT_STATE else " (was "
                        was += f"{STATE_WORDS[here.state]})" if was else ""
                        done.append(STATE_WORDS[item.state] + was)
                        here = replace(here, state=item.state)
                    else:
                        kept.setdefault(item.paper_id, []).append(
                            f"{STATE_WORDS[here.state]} here, {STATE_WORDS[item.state]} in the file"
                        )
                have = {caseless(tag) for tag in here.tags}
                if item.as_keywords:
                    have |= {caseless(keyword_form(tag)) for tag in here.tags}
                for tag in item.tags:
                    key = tag_key(tag)
                    if key in have:
                        continue
                    have.add(key)
                    too_long = tag_too_long(normalize_tag(tag))
                    if too_long:  # a file edited by hand: the rest is taken
                        refused.setdefault(item.paper_id, []).append(too_long)
                        continue
                    if key not in spelled:
                        spelled[key] = self._spelling(conn, normalize_tag(tag))
                    changes.append((item.paper_id, "tag", None, spelled[key]))
                    done.append(f"tag '{spelled[key]}'")
                note = normalize_note(item.note)
                if note and note != here.note and note not in here.note:
                    if len(note) > NOTE_LIMIT:  # a file edited by hand: the rest is taken
                        refused.setdefault(item.paper_id, []).append(
                            f"a note of {len(note):,} characters in the file, more than "
                            f"the {NOTE_LIMIT:,} a note may hold"
                        )
                    elif not here.note or theirs:
                        # the note put in place of one here names both: it is gone
                        # from this file but for undo, and never unseen
                        changes.append((item.paper_id, "note", here.note, note))
                        done.append(
                            f"note {note_said(note)} in place of {note_said(here.note)}"
                            if here.note
                            else "note"
                        )
                        notes[item.paper_id] = (here.note, note)
                        here = replace(here, note=note)
                    else:
                        kept.setdefault(item.paper_id, []).append(
                            f"note {note_said(here.note)} here, {note_said(note)} in the file"
                        )
                        notes[item.paper_id] = (here.note, note)
            more_here = {
                pid: tuple(words)
                for pid, words in beyond_here.items()
                if words and not said[pid] and pid not in kept
            }
            for pid in more_here:
                if pid in note_only_here:
                    notes[pid] = (note_only_here[pid], "")
            report = CarryReport(
                {pid: tuple(words) for pid, words in said.items() if words},
                {pid: tuple(words) for pid, words in kept.items()},
                len(changes),
                notes,
                frozenset(only_here),
                more_here,
                {pid: tuple(words) for pid, words in refused.items()},
            )
            if dry_run:
                return report
            for paper_id, field, _before, after in changes:
                if field == "state":
                    self._put_state(conn, paper_id, str(after))
                elif field == "note":
                    self._put_note(conn, paper_id, str(after))
                else:
                    self._insert_tag(conn, paper_id, str(after))
            self._log(conn, "triage", _CARRIED, changes)
            touched = {change[0] for change in changes}
            for item in carried:
                if item.identity is not None and item.paper_id in touched:
                    self._put_identity(conn, replace(item.identity, paper_id=item.paper_id))
            if before_saving is not None:
                before_saving(report)
            return report

    # -------------------------------------------------------------------- undo

    def _last_action(self, conn: sqlite3.Connection) -> Any:
        """The newest action undo may take back: any, for a store with no ``origin``; for
        a reader's, any but those of another reader still running (its own, the command
        line's, and a closed reader's: z after a restart takes back the last session's)."""
        if not self.origin:
            query = "SELECT id, at, kind, summary, origin FROM actions ORDER BY id DESC LIMIT 1"
            return conn.execute(query).fetchone()
        running: dict[str, bool] = {}
        for row in conn.execute(
            "SELECT id, at, kind, summary, origin FROM actions ORDER BY id DESC"
        ):
            origin = row[4]
            if origin and origin != self.origin:
                if origin not in running:
                    running[origin] = _still_running(origin)
                if running[origin]:
                    continue
            return row
        return None

    def _made(self, origin: str) -> str:
        """Where an action of ``origin`` was made, said of it as it is taken back here
        (see :attr:`UndoResult.made`): a reader takes back the command line's actions
        and those of a reader since closed (its own last session's) as its own; the
        command line, a reader's."""
        if origin == self.origin:
            return ""
        if not origin:
            return "on the command line"
        return "in a reader since closed" if self.origin else "in a reader"

    def undo(self) -> UndoResult | None:
        """Take back the most recent triage action (see :meth:`_last_action`); None if
        none. A state or note changed since by another action is left as it is."""
        with self._write() as conn:
            row = self._last_action(conn)
            if row is None:
                return None
            action_id, at, kind, summary, origin = row
            changes = conn.execute(
                "SELECT paper_id, field, before, after FROM changes "
                "WHERE action_id = ? ORDER BY seq DESC",
                (action_id,),
            ).fetchall()
            now = time.time()
            left: list[str] = []
            # the changes taken back, newest first: what a redo makes again
            taken: list[_Change] = []
            for paper_id, field, before, after in changes:
                if field in ("state", "note") and self._value(conn, paper_id, field) != (
                    after or (DEFAULT_STATE if field == "state" else "")
                ):
                    left.append(paper_id)  # changed since, by another window or command
                    continue
                change = (paper_id, field, before, after)
                if field == "state":
                    self._put_state(conn, paper_id, before or DEFAULT_STATE)
                    taken.append(change)
                elif field == "note":
                    self._put_note(conn, paper_id, before or "")
                    taken.append(change)
                elif field == "tag" and before is None and after is not None:
                    had = self._delete_tag(conn, paper_id, caseless(after))
                    if had is not None:
                        taken.append((paper_id, field, None, had))
                elif field == "tag" and before is not None:
                    if self._insert_tag(conn, paper_id, before):
                        taken.append(change)
                elif field == "move" and after is not None:
                    moved = conn.execute(
                        "DELETE FROM moves WHERE rowid = (SELECT MAX(rowid) FROM moves "
                        "WHERE old_id = ? AND new_id = ? AND reason = ?)",
                        (paper_id, after, _ATTACHED),
                    )
                    if moved.rowcount:
                        taken.append(change)
                conn.execute("UPDATE triage SET updated = ? WHERE paper_id = ?", (now, paper_id))
            conn.execute("DELETE FROM changes WHERE action_id = ?", (action_id,))
            conn.execute("DELETE FROM actions WHERE id = ?", (action_id,))
            self._keep_undone(conn, (at, kind, summary), taken[::-1])
            ids = tuple(dict.fromkeys(change[0] for change in reversed(changes)))
            return UndoResult(
                kind,
                summary,
                ids,
                float(at),
                tuple(dict.fromkeys(left)),
                self._made(str(origin or "")),
            )

    def _keep_undone(
        self, conn: sqlite3.Connection, action: tuple[Any, ...], taken: list[_Change]
    ) -> None:
        """Keep the step an undo took back (``action``: when it was made, its kind and
        summary) with the changes it took back, oldest first, for :meth:`redo`."""
        if not taken:
            return
        undone_id = conn.execute(
            "INSERT INTO undone (at, kind, summary, origin) VALUES (?, ?, ?, ?)",
            (*action, self.origin),
        ).lastrowid
        assert undone_id is not None
        conn.executemany(
            "INSERT INTO undone_changes VALUES (?, ?, ?, ?, ?, ?)",
            [(undone_id, seq, *change) for seq, change in enumerate(taken)],
        )
        oldest_kept = undone_id - UNDO_DEPTH
        conn.execute("DELETE FROM undone_changes WHERE undone_id <= ?", (oldest_kept,))
        conn.execute("DELETE FROM undone WHERE id <= ?", (oldest_kept,))

    def _redoable(self, conn: sqlite3.Connection) -> list[Any]:
        """The steps undone that redo may bring back, newest first: any, for a store with
        no ``origin``; for a reader's, any but those another reader still running undid
        (as :meth:`_last_action` leaves that reader's actions to it)."""
        rows = conn.execute(
            "SELECT id, at, kind, summary, origin FROM undone ORDER BY id DESC"
        ).fetchall()
        if not self.origin:
            return rows
        running: dict[str, bool] = {}
        found = []
        for row in rows:
            origin = row[4]
            if origin and origin != self.origin:
                if origin not in running:
                    running[origin] = _still_running(origin)
                if running[origin]:
                    continue
            found.append(row)
        return found

    def _forget_undone(self, conn: sqlite3.Connection) -> None:
        """End what this store's redo could bring back: a new action was made."""
        if not self.origin:
            conn.execute("DELETE FROM undone_changes")
            conn.execute("DELETE FROM undone")
            return
        for row in self._redoable(conn):
            conn.execute("DELETE FROM undone_changes WHERE undone_id = ?", (row[0],))
            conn.execute("DELETE FROM undone WHERE id = ?", (row[0],))

    def redo(self) -> UndoResult | None:
        """Make again the step the most recent undo took back (of those
        :meth:`_redoable` gives), as a new action that undo takes back in turn; None if
        none. A paper whose state or note was changed since the undo is left as it is."""
        with self._write() as conn:
            found = self._redoable(conn)
            if not found:
                return None
            undone_id, at, kind, summary, origin = found[0]
            changes = conn.execute(
                "SELECT paper_id, field, before, after FROM undone_changes "
                "WHERE undone_id = ? ORDER BY seq",
                (undone_id,),
            ).fetchall()
            left: list[str] = []
            made: list[_Change] = []
            for paper_id, field, before, after in changes:
                change = (paper_id, field, before, after)
                if field in ("state", "note"):
                    empty = DEFAULT_STATE if field == "state" else ""
                    if self._value(conn, paper_id, field) != (before or empty):
                        left.append(paper_id)  # changed since the undo, elsewhere
                        continue
                    put = self._put_state if field == "state" else self._put_note
                    put(conn, paper_id, after or empty)
                    made.append(change)
                elif field == "tag" and before is None and after is not None:
                    if self._insert_tag(conn, paper_id, after):
                        made.append(change)
                elif field == "tag" and before is not None:
                    had = self._delete_tag(conn, paper_id, caseless(before))
                    if had is not None:
                        made.append((paper_id, field, had, None))
                elif field == "move" and after is not None:
                    conn.execute(
                        "INSERT INTO moves (old_id, new_id, at, reason) VALUES (?, ?, ?, ?)",
                        (paper_id, after, time.time(), _ATTACHED),
                    )
                    made.append(change)
            conn.execute("DELETE FROM undone_changes WHERE undone_id = ?", (undone_id,))
            conn.execute("DELETE FROM undone WHERE id = ?", (undone_id,))
            # what was made, as its undo will say it: not the state of a paper left
            summary = _made_parts(summary, changes, made) if made else summary
            self._log(conn, kind, summary, made, redo=True)
            return UndoResult(
                kind,
                summary,
                tuple(dict.fromkeys(change[0] for change in changes)),
                float(at),
                tuple(dict.fromkeys(left)),
                self._made(str(origin or "")),
                redone=True,
                partly=bool(made) and len(made) < len(changes),
            )

    def _value(self, conn: sqlite3.Connection, paper_id: str, field: str) -> str:
        """A paper's state or note as the file has it now."""
        if field == "state":
            return self._states_of(conn, [paper_id])[paper_id]
        row = conn.execute("SELECT note FROM triage WHERE paper_id = ?", (paper_id,)).fetchone()
        return row[0] if row else ""

    def peek_undo(self) -> UndoResult | None:
        """What :meth:`undo` would take back now, without doing it."""
        with self._read() as conn:
            row = self._last_action(conn)
            if row is None:
                return None
            action_id, at, kind, summary, origin = row
            ids = [
                r[0]
                for r in conn.execute(
                    "SELECT paper_id FROM changes WHERE action_id = ? ORDER BY seq",
                    (action_id,),
                )
            ]
            return UndoResult(
                kind, summary, tuple(dict.fromkeys(ids)), float(at), made=self._made(origin or "")
            )

    # ------------------------------------------------------------------- reads

    def get(self, paper_id: str) -> Triage:
        """The paper's triage; a paper never triaged is ``new`` with no tags or note."""
        with self._read() as conn:
            return self._get(conn, paper_id)

    def get_many(self, paper_ids: Iterable[str]) -> dict[str, Triage]:
        """Triage for each id (defaults included), in the order given."""
        ids = _unique(paper_ids)
        with self._read() as conn:
            return self._get_many(conn, ids)

    def snapshot(self) -> TriageSnapshot:
        """Every non-default state, tag list and note, read in one transaction."""
        with self._read() as conn:
            states = dict(
                conn.execute("SELECT paper_id, state FROM triage WHERE state != ?", ("new",))
            )
            notes = dict(conn.execute("SELECT paper_id, note FROM triage WHERE note != ''"))
            tags: dict[str, list[str]] = {}
            for paper_id, tag in conn.execute("SELECT paper_id, tag FROM tags ORDER BY key"):
                tags.setdefault(paper_id, []).append(tag)
        self._shown = TriageSnapshot(states, {k: tuple(v) for k, v in tags.items()}, notes)
        return self._shown

    def states(self) -> dict[str, str]:
        """Every paper whose state is not ``new``, with its state."""
        with self._read() as conn:
            return dict(
                conn.execute("SELECT paper_id, state FROM triage WHERE state != ?", ("new",))
            )

    def ids_in_state(self, state: str, among: Iterable[str] | None = None) -> set[str]:
        """Ids in ``state``. For ``new`` pass ``among`` (the library's ids): every paper
        never triaged is new, so the store alone can't list them."""
        _check_state(state)
        if state == DEFAULT_STATE:
            if among is None:
                raise ValueError("ids_in_state('new') needs the library's ids as `among`")
            others = self.states()
            return {paper_id for paper_id in among if paper_id not in others}
        with self._read() as conn:
            found = {
                r[0] for r in conn.execute("SELECT paper_id FROM triage WHERE state = ?", (state,))
            }
        return found if among is None else found.intersection(among)

    def ids_with_tag(self, tag: str) -> set[str]:
        """Ids carrying ``tag`` (matched ignoring case and extra spaces)."""
        key = tag_key(tag)
        with self._read() as conn:
            return {r[0] for r in conn.execute("SELECT paper_id FROM tags WHERE key = ?", (key,))}

    def ids_with_note(self) -> set[str]:
        with self._read() as conn:
            return {r[0] for r in conn.execute("SELECT paper_id FROM triage WHERE note != ''")}

    def all_tags(self) -> list[tuple[str, int]]:
        """Every tag in use with how many papers carry it, most used first."""
        with self._read() as conn:
            rows = conn.execute("SELECT min(tag), count(*) FROM tags GROUP BY key").fetchall()
        return sorted(((str(t), int(n)) for t, n in rows), key=lambda r: (-r[1], r[0].casefold()))

    def counts(self, paper_ids: Iterable[str]) -> Counts:
        """How many of ``paper_ids`` are in each state (unknown ids count as new)."""
        states = self.states()
        tally = dict.fromkeys(STATES, 0)
        for paper_id in _unique(paper_ids):
            tally[states.get(paper_id, DEFAULT_STATE)] += 1
        return Counts(**tally)

    # ------------------------------------------------- following the paper

    def identify_with(
        self,
        provider: Callable[[str], StoredIdentity | None] | None,
        files: Callable[[str], Collection[str]] | None = None,
    ) -> None:
        """Keep, with every paper a triage action touches, what ``provider`` says
        identifies it (``None``: stop), and the list files ``files`` says it is in (see
        :meth:`reattach`). The session passes its library's papers."""
        self._identify = provider
        self._files = files

    def remember(
        self,
        identities: Iterable[StoredIdentity],
        stored: Mapping[str, StoredIdentity] | None = None,
    ) -> int:
        """Store what identifies each of these (triaged) papers; returns how many rows
        changed. Nothing is written for an identity already stored as it is. ``stored``:
        the identities of these papers just read from the store (by ``identities``),
        not read again."""
        wanted = {found.paper_id: found for found in identities}
        if not wanted or self.read_only:
            return 0
        if stored is None:
            stored = self.identities(wanted)
        changed = [found for pid, found in wanted.items() if stored.get(pid) != found]
        if not changed:
            return 0
        with self._write() as conn:
            for found in changed:
                self._put_identity(conn, found)
        return len(changed)

    def identities(self, paper_ids: Iterable[str]) -> dict[str, StoredIdentity]:
        """The stored identity of each of these papers that has one."""
        rows = self._identity_rows(paper_ids)
        return {pid: StoredIdentity.from_row(row) for pid, row in rows.items()}

    def _identity_rows(self, paper_ids: Iterable[str]) -> dict[str, tuple[Any, ...]]:
        """The identity row of each of these papers that has one, as stored."""
        ids = _unique(paper_ids)
        found: dict[str, tuple[Any, ...]] = {}
        with self._read() as conn:
            for chunk in _chunks(ids):
                marks = ",".join("?" * len(chunk))
                for row in conn.execute(
                    f"SELECT {_IDENTITY_COLUMNS} FROM identity WHERE paper_id IN ({marks})", chunk
                ):
                    found[row[0]] = tuple(row)
        return found

    def _identified(self, looked: Looked) -> set[str]:
        """The identity rows (their :func:`_digest`) the last look that settled found to be
        what identifies their papers now, if its papers were of the library ``looked``
        names (else none)."""
        try:
            value = self.load_ui_state(_IDENTIFIED)
        except StoreError:
            return set()
        if not value or value.get("library") != _settled_on(looked.library, {}, _IDENTIFIED):
            return set()
        rows = value.get("rows")
        return {row for row in rows if isinstance(row, str)} if isinstance(rows, list) else set()

    def marked_ids(self) -> set[str]:
        """Every paper with a mark: a state other than ``new``, a tag or a note."""
        with self._read() as conn:
            rows = conn.execute(_MARKED, (DEFAULT_STATE,)).fetchall()
        return {row[0] for row in rows}

    def detached_ids(self, current_ids: Collection[str]) -> set[str]:
        """Ids with marks whose paper is not among ``current_ids`` (the library's)."""
        return {pid for pid in self.marked_ids() if pid not in current_ids}

    def detached(self, current_ids: Collection[str]) -> list[DetachedMark]:
        """The marks whose paper is in none of the loaded lists, with their stored
        titles, most recently changed first. They are kept: when the paper returns
        (same id, or :meth:`reattach` finds it) the marks are its own again."""
        ids = sorted(self.detached_ids(current_ids))
        if not ids:
            return []
        identities = self.identities(ids)
        was: dict[str, list[str]] = {}
        with self._read() as conn:
            triage = self._get_many(conn, ids)
            for chunk in _chunks(ids):
                places = ",".join("?" * len(chunk))
                for old_id, new_id in conn.execute(
                    f"SELECT old_id, new_id FROM moves WHERE new_id IN ({places}) ORDER BY rowid",
                    chunk,
                ):
                    if old_id != new_id and old_id not in was.get(new_id, ()):
                        was.setdefault(new_id, []).append(old_id)
        marks = [
            DetachedMark(
                pid,
                identities[pid].title if pid in identities else "",
                triage[pid].state,
                triage[pid].tags,
                triage[pid].note,
                triage[pid].updated,
                tuple(was.get(pid, ())),
            )
            for pid in ids
        ]
        marks.sort(key=lambda mark: (-mark.updated, mark.paper_id))
        return marks

    def moves(self) -> list[Move]:
        """Every move :meth:`reattach` made, oldest first."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT old_id, new_id, reason FROM moves ORDER BY rowid"
            ).fetchall()
        return [Move(str(a), str(b), str(c)) for a, b, c in rows]

    def last_move(self) -> int:
        """Where the record of moves stands now (0: no move yet): the moves after it are
        those :meth:`moves_after` gives."""
        with self._read() as conn:
            row = conn.execute("SELECT MAX(rowid) FROM moves").fetchone()
        return int(row[0] or 0)

    def moves_after(self, after: int) -> list[Move]:
        """The moves made after ``after`` (a :meth:`last_move`), oldest first."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT old_id, new_id, reason FROM moves WHERE rowid > ? ORDER BY rowid",
                (after,),
            ).fetchall()
        return [Move(str(a), str(b), str(c)) for a, b, c in rows]

    def last_action(self) -> int:
        """Where the record of actions stands now (0: none yet): the actions recorded
        after it are those :meth:`actions_after` gives."""
        with self._read() as conn:
            row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'actions'").fetchone()
        return int(row[0] or 0) if row is not None else 0

    def actions_after(self, after: int) -> list[tuple[int, str, str]]:
        """The actions recorded after ``after`` (a :meth:`last_action`) and still kept,
        oldest first: their id, their kind ("import" for the marks an import took up)
        and their ``origin`` ("" for the command line)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT id, kind, summary, origin FROM actions WHERE id > ? ORDER BY id",
                (after,),
            ).fetchall()
        return [
            (int(i), "import" if summary == _CARRIED else str(kind), str(origin or ""))
            for i, kind, summary, origin in rows
        ]

    @contextmanager
    def following(self, after: int | None) -> Iterator[Self]:
        """Writes made in this block give an id moved after ``after`` (a
        :meth:`last_move`) to its paper's new id, in the write's own transaction: a
        decision made on a list as it was read before its paper's id changed is the
        paper's, never a mark on an id no list has any more (None: ids as given)."""
        with self._lock:
            before, self._follow_after = self._follow_after, after
            try:
                yield self
            finally:
                self._follow_after = before

    def _followed(self, conn: sqlite3.Connection, paper_ids: Iterable[str]) -> list[str]:
        """``paper_ids`` (once each), each moved as :meth:`following` asks."""
        return self._moved(conn, paper_ids, self._follow_after)

    def _moved(
        self, conn: sqlite3.Connection, paper_ids: Iterable[str], after: int | None
    ) -> list[str]:
        """``paper_ids`` (once each), each moved as the moves after ``after`` move it."""
        ids = _unique(paper_ids)
        if after is None:
            return ids
        rows = conn.execute(
            "SELECT old_id, new_id, reason FROM moves WHERE rowid > ? ORDER BY rowid",
            (after,),
        ).fetchall()
        moves = [Move(str(a), str(b), str(c)) for a, b, c in rows]
        return _unique(follow_moves(paper_id, moves) for paper_id in ids)

    def reattach(
        self,
        papers: Sequence[Paper],
        only: Collection[str] | None = None,
        sources: Mapping[str, str] | None = None,
        look: Looked | None = None,
    ) -> ReattachReport:
        """Give marks whose paper id disappeared to the paper they now belong to (with
        ``only``: those of these ids).

        ``sources``: the file (its absolute path) of each list the papers were read
        from, by list name. With them, the files each marked paper is in are kept, and a
        mark whose paper is missing, while a file it was read from and that was not read
        now still exists, goes only to a paper of its own lists read again (see
        :meth:`_bound`): reading another list (an export of it, a list of another venue
        holding the same paper) never takes its marks.

        Cheap when nothing is missing: one query for the marked ids. For each mark whose
        id is not among ``papers``: the paper whose old, abstract-derived id it is (data
        folders from before ids came from keys); else the paper sharing a strong key
        with what was stored; else the one paper with the same title and first author,
        or the same abstract; else a confident fuzzy match of the stored abstract (as
        catalogs match, with a margin over the runner-up). Only papers without marks of
        their own take a mark, or those whose id held another paper's marks (taken off it
        first). What finds no paper stays, listed as detached. The
        identities of marked papers that are present are stored (or refreshed) too.

        ``look``: the papers looked through (of which library, and which of its papers),
        with ``sources``. When every mark's paper is among them and none moves, the marks
        are kept as settled on that look (see :meth:`settled`): the next command on the
        same lists, with the same marks, need not look again; and what identifies each
        marked paper, found so, need not be made again on papers of the same library.
        """
        by_id = {paper.id: paper for paper in papers}
        marked = self.marked_ids()
        present = [pid for pid in marked if pid in by_id and (only is None or pid in only)]
        given: list[str] = []
        stored: dict[str, StoredIdentity] = {}
        rows: dict[str, StoredIdentity] = {}
        now: dict[str, StoredIdentity] = {}
        if not self.read_only:
            # keyed as the papers are now: a title's key made before it changed (a soft
            # hyphen that parted a word) is no other title under the list's own id
            raw = self._identity_rows(present)
            rows = {pid: StoredIdentity.from_row(row) for pid, row in raw.items()}
            # a row the last look on these very papers found to be what identifies its
            # paper is that, not made again (2,610 of them took 0.13 s)
            known = self._identified(look) if look is not None else set()
            now = {
                pid: rows[pid]
                if pid in raw and _digest(raw[pid]) in known
                else StoredIdentity.of(by_id[pid])
                for pid in present
            }
            stored = {pid: _rekeyed(found, now[pid]) for pid, found in rows.items()}
            given = _given_away(present, stored, now, papers)
            self.remember((found for pid, found in now.items() if pid not in given), rows)
        missing = sorted(
            pid for pid in marked if pid not in by_id and (only is None or pid in only)
        )
        bound: dict[str, set[str]] = {}
        files: dict[str, set[str]] = {}
        if sources is not None:
            read = set(sources.values())
            kept = self.seen_in([*present, *missing])
            # those whose paper may be in a list not read now follow it only within the
            # lists it was in (read again, its paper under another id)
            bound = self._bound(missing, read, kept)
            if not self.read_only:
                # a list read now that no longer holds a missing paper is no longer its file
                files = {pid: _files_of(by_id[pid], sources) for pid in present if pid not in given}
                self._keep_seen_in(files | {pid: set() for pid in missing}, read, kept)
        if not missing and not given:
            if look is not None and sources is not None and only is None and not self.read_only:
                self._settle(look, sources, rows, now, files, papers)
            return ReattachReport()
        moved: list[Move] = []
        if not self.read_only:
            from tuireader.ingest.identity import digest

            # the papers whose ids were given to them take marks too: theirs are leaving
            free = [paper for paper in papers if paper.id not in marked or paper.id in given]
            finder = _Finder(free, papers)
            stored.update(self.identities(missing))
            aside = {
                pid: "d" + digest(f"{pid} {stored[pid].title_key}")[: len(pid) - 1] for pid in given
            }
            for old_id in [*missing, *given]:
                # a paper that names the missing id as its own former one (an export's
                # id column read back) is that paper, whichever list it is in: its
                # marks showed on the list's copy of it nowhere, while show and note
                # found the paper by that id
                found = finder.by_alias(old_id) if old_id not in given else None
                if found is not None:
                    moved.append(Move(old_id, found[0].id, found[1]))
                    continue
                if bound.get(old_id) == set():
                    # none of its lists was read: no paper read now can take its marks,
                    # and none is looked for (a look indexes every paper: 14 s at
                    # 100,000, on each command run on other lists)
                    continue
                found = finder.find(old_id, stored.get(old_id))
                if found is not None and found[0].id == old_id:
                    found = None  # its id names another paper now, whatever else agrees
                within = bound.get(old_id)
                if (
                    found is not None
                    and within is not None
                    and sources is not None
                    and not _files_of(found[0], sources) & within
                ):
                    found = None  # another list's copy: the paper may be in its own still
                if found is not None:
                    moved.append(Move(old_id, found[0].id, found[1]))
                elif old_id in given:  # its paper is in none of the lists: detached
                    moved.append(Move(old_id, aside[old_id], SET_ASIDE))
            if moved:
                # a mark going to a paper whose id holds another mark, leaving it (two keys
                # swapped), goes there once that one is set aside: no mark is put on
                # another's, and each move, followed in order, ends on its paper
                targets = {move.new_id for move in moved}
                parked = {pid: aside[pid] for pid in given if pid in targets}
                with self._write() as conn:
                    for pid, put in parked.items():
                        self._move(conn, Move(pid, put, SET_ASIDE))
                    for move in moved:
                        at = parked.get(move.old_id, move.old_id)
                        if at != move.new_id:
                            self._move(conn, Move(at, move.new_id, move.reason))
                        if move.new_id in by_id:
                            self._put_identity(conn, StoredIdentity.of(by_id[move.new_id]))
                            if sources is not None:
                                # the lists read now that hold it, and those it was in
                                # that were not read (a paper of two lists, read from one:
                                # the other may hold it still, and shows its marks)
                                held = _files_of(by_id[move.new_id], sources)
                                held |= kept.get(move.old_id, set()) - read
                                self._put_seen_in(conn, move.new_id, held)
        # a mark set aside (its paper gone) is said detached, not said to follow its paper
        followed = tuple(move for move in moved if move.new_id in by_id)
        return ReattachReport(followed, tuple(self.detached(by_id)))

    def settled(
        self, look: Looked, sources: Mapping[str, str], holds: Callable[[str], bool]
    ) -> bool:
        """Whether :meth:`reattach` on the papers ``look`` names, read from ``sources``,
        would move no mark and change nothing: every mark's paper is there (``holds``
        says which ids are), and the marks, what identifies each and the list files each
        is in are, to the letter, as the last look on those papers left them (by this
        program). A mark made, taken off or moved since, here or by another program,
        and an identity or a list file kept since, make it look again."""
        try:
            with self._read() as conn:
                row = conn.execute(
                    "SELECT value FROM ui_state WHERE key = ?", (_SETTLED,)
                ).fetchone()
                if row is None:
                    return False
                marked = _marked(conn)
                if not all(holds(pid) for pid in marked):
                    return False
                # the papers marked first (a mark made or taken off is said by them alone)
                quick = _settled_on(look.name(), sources, _digest(marked))
                kept = [held for ids, held in _looks_kept(row[0]) if ids == quick]
                if not kept:
                    return False
                held = _marks_held(conn, marked)
        except StoreError:
            return False
        return _settled_on(look.name(), sources, held.digest) in kept

    def _settle(
        self,
        look: Looked,
        sources: Mapping[str, str],
        looked: Mapping[str, StoredIdentity],
        now: Mapping[str, StoredIdentity],
        files: Mapping[str, set[str]],
        papers: Sequence[Paper],
    ) -> None:
        """Keep the marks as settled on ``look`` (see :meth:`settled`), once a look on
        its papers found every mark's paper and moved none (``looked``: the identities
        it read, ``now``: what identifies each paper now). What is kept is what the file
        holds in the transaction that keeps it, and only if a look on it would change
        nothing: the same papers marked, each stored identity the paper's now, each
        paper's list files (``files``: those read now that hold it) kept, and no paper's
        id given to another (a mark another program made meanwhile is looked at by the
        next command)."""
        read = set(sources.values())
        try:
            with self._write(wait=False) as conn:  # (not kept while another program holds it)
                held = _marks_held(conn)
                if set(held.marked) != set(now):
                    return
                stored: dict[str, StoredIdentity] = {}
                for row in held.identities:
                    made = now.get(row[0])
                    # as the look stored it (a row made as it makes them), or read back
                    if made is not None and tuple(row) == made.row():
                        stored[row[0]] = made
                    else:
                        stored[row[0]] = StoredIdentity.from_row(row)
                if any(stored.get(pid) != found for pid, found in now.items()):
                    return
                seen: dict[str, set[str]] = {}
                for paper_id, path in held.files:
                    seen.setdefault(paper_id, set()).add(path)
                for pid in now:
                    kept = seen.get(pid, set())
                    if kept != files.get(pid, set()) | (kept - read):
                        return
                # the ids the look found given to no other paper, with what it read; those
                # stored since (by it, or meanwhile) are looked at again
                again = [pid for pid, found in now.items() if looked.get(pid) != found]
                rekeyed = {pid: _rekeyed(now[pid], now[pid]) for pid in again}
                if _given_away(again, rekeyed, now, papers):
                    return
                memo = conn.execute(
                    "SELECT value FROM ui_state WHERE key = ?", (_SETTLED,)
                ).fetchone()
                this = [
                    _settled_on(look.name(), sources, _digest(held.marked)),
                    _settled_on(look.name(), sources, held.digest),
                ]
                looks = [
                    this,
                    *(other for other in _looks_kept(memo[0] if memo else None) if other != this),
                ]
                # and the identity rows found to be what identifies their papers now
                identified = {
                    "library": _settled_on(look.library, {}, _IDENTIFIED),
                    "rows": [_digest(tuple(row)) for row in held.identities],
                }
                for key, text in (
                    (_SETTLED, json.dumps({"looks": looks[:_LOOKS_KEPT]})),
                    (_IDENTIFIED, json.dumps(identified, sort_keys=True)),
                ):
                    conn.execute(
                        "INSERT INTO ui_state (key, value, updated) VALUES (?, ?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                        "updated = excluded.updated",
                        (key, text, time.time()),
                    )
        except StoreError:
            pass  # kept for speed only: the next command looks again

    def seen_in(self, paper_ids: Iterable[str]) -> dict[str, set[str]]:
        """The list files each of these papers was last read from (those kept)."""
        ids = _unique(paper_ids)
        found: dict[str, set[str]] = {}
        with self._read() as conn:
            for chunk in _chunks(ids):
                marks = ",".join("?" * len(chunk))
                for paper_id, path in conn.execute(
                    f"SELECT paper_id, path FROM seen_in WHERE paper_id IN ({marks})", chunk
                ):
                    found.setdefault(paper_id, set()).add(path)
        return found

    def _keep_seen_in(
        self, files: Mapping[str, set[str]], read: set[str], kept: Mapping[str, set[str]]
    ) -> None:
        """Keep the list files each paper of ``files`` is in: those read now that hold it,
        and those kept before (``kept``) that were not read now (they may hold it still)."""
        changed = {}
        for paper_id, now in files.items():
            before = kept.get(paper_id, set())
            wanted = now | (before - read)
            if wanted != before:
                changed[paper_id] = wanted
        if not changed:
            return
        with self._write() as conn:
            for paper_id, wanted in changed.items():
                self._put_seen_in(conn, paper_id, wanted)

    @staticmethod
    def _put_seen_in(conn: sqlite3.Connection, paper_id: str, files: Iterable[str]) -> None:
        """Make ``files`` the list files kept for ``paper_id``."""
        conn.execute("DELETE FROM seen_in WHERE paper_id = ?", (paper_id,))
        conn.executemany(
            "INSERT INTO seen_in VALUES (?, ?)", [(paper_id, f) for f in sorted(files)]
        )

    def _bound(
        self, missing: list[str], read: set[str], kept: Mapping[str, set[str]]
    ) -> dict[str, set[str]]:
        """The ids of ``missing`` whose paper may still be in a list file not read now
        (one it was read from that still exists), each with the files it was read from
        that were read now: its marks may go only to a paper of those (its own list, read
        again, naming it by another id), never to another list's copy of it. A mark
        whose files were all read now, or are gone (a list moved, renamed or deleted),
        or are not known (a mark from before files were kept) is not bound. ``kept``:
        the files kept for each paper."""
        waiting = in_lists_not_read({pid: kept.get(pid, set()) for pid in missing}, read)
        return {pid: kept[pid] & read for pid in missing if pid in waiting}

    @staticmethod
    def _move(conn: sqlite3.Connection, move: Move) -> None:
        old, new = move.old_id, move.new_id
        # the new paper has no marks, but may have an empty row (an undone action)
        conn.execute("DELETE FROM triage WHERE paper_id = ?", (new,))
        conn.execute("DELETE FROM identity WHERE paper_id = ?", (new,))
        conn.execute("DELETE FROM seen_in WHERE paper_id = ?", (new,))
        for table in ("triage", "tags", "changes", "undone_changes", "identity", "seen_in"):
            conn.execute(f"UPDATE {table} SET paper_id = ? WHERE paper_id = ?", (new, old))
        moved = conn.execute(
            "INSERT INTO moves (old_id, new_id, at, reason) VALUES (?, ?, ?, ?)",
            (old, new, time.time(), move.reason),
        )
        # A paper two lists share moves between the id they give it read together and
        # the one a list gives it alone at every switch: the same move made again is
        # kept once, as the latest (followed from any earlier point, the moves kept
        # still lead each id where they did), so the file does not grow at each switch.
        conn.execute(
            "DELETE FROM moves WHERE old_id = ? AND new_id = ? AND rowid < ?",
            (old, new, moved.lastrowid),
        )

    @staticmethod
    def _put_identity(conn: sqlite3.Connection, found: StoredIdentity) -> None:
        conn.execute(
            f"INSERT OR REPLACE INTO identity ({_IDENTITY_COLUMNS}, seen) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*found.row(), time.time()),
        )

    # ----------------------------------------------------- other instances

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the file."""
        return self._pragma_int("data_version")

    def changed_elsewhere(self) -> bool:
        """True once after another instance wrote since the last call (or open)."""
        version = self.data_version()
        changed = version != self._seen_version
        self._seen_version = version
        return changed

    # ---------------------------------------------------------------- UI state

    def save_ui_state(self, key: str, value: dict[str, Any]) -> None:
        """Remember a piece of UI state (last query, selection, scroll) as JSON."""
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO ui_state (key, value, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated = excluded.updated",
                (key, text, time.time()),
            )

    def load_ui_state(self, key: str) -> dict[str, Any] | None:
        """What :meth:`save_ui_state` stored under ``key``; None if nothing usable."""
        with self._read() as conn:
            row = conn.execute("SELECT value FROM ui_state WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except (TypeError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def ui_states_under(self, prefix: str) -> dict[str, dict[str, Any]]:
        """Every piece of UI state whose key starts with ``prefix``, by key (each as
        :meth:`load_ui_state` gives it; those not usable left out)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT key, value FROM ui_state WHERE substr(key, 1, ?) = ?",
                (len(prefix), prefix),
            ).fetchall()
        found = {}
        for key, text in rows:
            try:
                value = json.loads(text)
            except (TypeError, ValueError):
                continue
            if isinstance(value, dict):
                found[key] = value
        return found

    def forget_ui_state(self, keys: Iterable[str]) -> None:
        """Remove the UI state kept under ``keys`` (a key with none is passed over)."""
        keys = list(keys)
        if not keys:
            return
        with self._write() as conn:
            conn.executemany("DELETE FROM ui_state WHERE key = ?", [(key,) for key in keys])


def reader_ended(origin: str) -> bool:
    """True if the reader that wrote ``origin`` (see :func:`reader_origin`) has ended: its
    process is no longer alive on this host."""
    return not _still_running(origin)


def _files_of(paper: Paper, sources: Mapping[str, str]) -> set[str]:
    """The files, of ``sources`` (path by list name), of the lists ``paper`` is in."""
    return {sources[name] for name in paper.lists if name in sources}


def in_lists_not_read(kept: Mapping[str, set[str]], read: set[str]) -> set[str]:
    """The papers of ``kept`` (the list files each was last read from, as
    :meth:`Store.seen_in` gives them) that may still be in a list file not read now:
    one of their files that was not read still exists. Their marks wait for that list;
    ``read``: the files read now."""
    exists: dict[str, bool] = {}

    def elsewhere(path: str) -> bool:
        if path not in exists:
            exists[path] = os.path.exists(path)
        return exists[path]

    return {pid for pid, files in kept.items() if any(elsewhere(path) for path in files - read)}


@dataclass(frozen=True)
class _Held:
    """All that :meth:`Store.reattach` reads of the marks when each paper is present."""

    #: the papers with a mark, in order
    marked: list[str]
    #: the identity rows of those (``_IDENTITY_COLUMNS``), and their list files
    #: (``paper_id, path``), as stored, in order
    identities: list[tuple[Any, ...]]
    files: list[tuple[Any, ...]]
    #: a digest of them all (:func:`_digest`)
    digest: str


def _marked(conn: sqlite3.Connection) -> list[str]:
    """The papers with a mark, in order."""
    return sorted(row[0] for row in conn.execute(_MARKED, (DEFAULT_STATE,)))


def _digest(value: Any) -> str:
    """A digest of ``value``: of its values and their types, each in full (``marshal``
    in its version without references writes them apart)."""
    return hashlib.sha1(marshal.dumps(value, 2)).hexdigest()


def _marks_held(conn: sqlite3.Connection, marked: list[str] | None = None) -> _Held:
    """The marks as held now (see :class:`_Held`); ``marked``: the papers with a mark,
    just read in the same transaction."""
    if marked is None:
        marked = _marked(conn)
    identities = conn.execute(
        f"SELECT {_IDENTITY_COLUMNS} FROM identity WHERE paper_id IN ({_MARKED}) ORDER BY paper_id",
        (DEFAULT_STATE,),
    ).fetchall()
    files = conn.execute(
        f"SELECT paper_id, path FROM seen_in WHERE paper_id IN ({_MARKED}) ORDER BY paper_id, path",
        (DEFAULT_STATE,),
    ).fetchall()
    return _Held(marked, identities, files, _digest((marked, identities, files)))


def _looks_kept(value: str | None) -> list[list[str]]:
    """The settled looks a ``ui_state`` value of :data:`_SETTLED` keeps, latest first:
    each as what names its papers marked, and its marks as held (:func:`_settled_on`)."""
    try:
        looks = json.loads(value or "{}").get("looks")
    except (AttributeError, TypeError, ValueError):
        return []
    if not isinstance(looks, list):
        return []
    return [
        list(look)
        for look in looks
        if isinstance(look, list) and len(look) == 2 and all(isinstance(x, str) for x in look)
    ]


_CODE: str | None = None


def _settled_on(look: str, sources: Mapping[str, str], held: str) -> str:
    """What names marks held as ``held`` (a :func:`_digest`) settled on the papers
    ``look`` names, read from ``sources``, by this program: the code that reads lists
    and identifies papers (the cache's), and this file's, which matches them."""
    global _CODE
    if _CODE is None:
        from tuireader.ingest.cache import program_tag

        try:
            mine = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()
        except OSError:
            mine = ""
        _CODE = f"{program_tag()} {mine}"
    text = json.dumps([look, sorted(sources.items()), _CODE, held], ensure_ascii=False)
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def _given_away(
    present: Sequence[str],
    stored: Mapping[str, StoredIdentity],
    now: Mapping[str, StoredIdentity],
    papers: Sequence[Paper],
) -> list[str]:
    """Those of ``present`` (marked papers present under their ids) whose id names
    another paper now (see :func:`_given` and :func:`_claimed_by_their_papers`);
    ``stored``: what identified each when marked, rekeyed; ``now``: what identifies
    each now."""
    given = [pid for pid in present if pid in stored and _given(stored[pid], now[pid])]
    given += _claimed_by_their_papers(
        [pid for pid in present if pid in stored and pid not in given], stored, now, papers
    )
    return given


def _given(marked: StoredIdentity, now: StoredIdentity) -> bool:
    """Whether the id of a paper that was marked (``marked``, as it was stored) now names
    another paper (``now``): an id made of a list's own id (a row number, a BibTeX key)
    that a later version of the list gives to a paper of another title and another first
    author or abstract ("smith2023" for Smith's next paper once JabRef renamed the first
    "smith2023a"). A title mended or retitled with the same author and abstract is the
    same paper; a DOI or an arXiv id is never given to another. A short title under
    another first author is another paper (see :func:`_short_title_of_another`)."""
    from tuireader.ingest.identity import same_family, titles_close

    if not marked.keys or not marked.keys[0].startswith("source:"):
        return False
    if titles_close(marked.title_key, now.title_key):
        return _short_title_of_another(marked, now)
    authors = marked.first_author and now.first_author
    abstracts = marked.abstract_digest and now.abstract_digest
    return bool(
        (authors and not same_family(marked.first_author, now.first_author))
        or (abstracts and marked.abstract_digest != now.abstract_digest)
    )


def _claimed_by_their_papers(
    paper_ids: Sequence[str],
    stored: Mapping[str, StoredIdentity],
    now: Mapping[str, StoredIdentity],
    papers: Sequence[Paper],
) -> list[str]:
    """Those of ``paper_ids`` (marked papers present under their ids) whose id, made of a
    DOI, an arXiv or OpenReview id, now names another paper while the marked one is in
    the lists beside it under the same key: an entry copied as a template for the next
    one with its DOI left, the copy read first, took the key's id, and the marks went to
    a paper of another title. A paper retitled under its key (arXiv's versions) with no
    other record of its title claiming the key is still the marked one (:func:`_given`
    leaves such keys alone)."""
    from tuireader.ingest.identity import same_family, titles_close

    suspects = [
        pid
        for pid in paper_ids
        if stored[pid].keys
        and not stored[pid].keys[0].startswith("source:")
        and not titles_close(stored[pid].title_key, now[pid].title_key)
    ]
    if not suspects:
        return []
    # what identifies a paper is worked out only for those whose own fields or links
    # name one of the keys (3.5 s for every paper of 100,000, at every such title change)
    wanted = {stored[pid].keys[0] for pid in suspects}
    values = {key.partition(":")[2].casefold() for key in wanted}
    values.discard("")
    holders: dict[str, list[tuple[str, StoredIdentity]]] = {}
    for paper in papers:
        said = (paper.doi, paper.arxiv_id, paper.openreview_id, paper.pmlr_key)
        named = " ".join([*(value for value in said if value), *(ln.url for ln in paper.links)])
        if not any(value in named.casefold() for value in values):
            continue
        found = StoredIdentity.of(paper)
        for key in set(found.keys) & wanted:
            holders.setdefault(key, []).append((paper.id, found))
    claimed = []
    for pid in suspects:
        marked = stored[pid]
        for other_id, other in holders.get(marked.keys[0], ()):
            if (
                other_id != pid
                and titles_close(marked.title_key, other.title_key)
                and (
                    not marked.first_author
                    or not other.first_author
                    or same_family(marked.first_author, other.first_author)
                )
            ):
                claimed.append(pid)
                break
    return claimed


def _short_title_of_another(marked: StoredIdentity, now: StoredIdentity) -> bool:
    """Whether a title of a word or two ("Introduction", "Closing Remarks") is all that
    a marked paper and one under its list's own id share, their first authors being two
    people (accents aside): two workshops' openings both keyed ``intro`` are two papers."""
    from tuireader.ingest.identity import MIN_TITLE_CHARS, same_family

    title = marked.title_key
    short = len(title) < MIN_TITLE_CHARS or len(title.split()) < _NAMING_WORDS
    authors = marked.first_author and now.first_author
    return bool(short and authors and not same_family(marked.first_author, now.first_author))


def _another_of_a_series(marked: StoredIdentity, other: StoredIdentity) -> bool:
    """Whether ``other``, whose abstract reads much like the marked paper's, is another
    paper of a series rather than the marked one re-scraped. Lists hold series written
    from one template ("Grasping study 3 with careful experiments" and "Walking study 3
    …", "Part I" and "Part II", "Erratum: …", "Reply to comments on …"); a re-scrape
    changes a title's case or punctuation, mends a typo or adds a subtitle, and keeps
    its authors. Another first author, another word in the title, another number or a
    word that makes a paper of its own ("erratum", "reply", "part") is another paper,
    and a mark that cannot tell stays detached. Of the 18,467 pairs of the distinct
    titles of ICML 2024, CoRL 2023 and NeurIPS 2017 that share most of their words
    (what was asked of a title before), two are this close ("Bayesian GAN", "Bayesian
    GANs"), and they take a mark only where their abstracts are alike as well."""
    authors = marked.first_author and other.first_author
    if authors and not _one_first_author(marked, other):
        return True
    a, b = marked.title_key, other.title_key
    if not a or not b or a == b:
        return False
    return not _retitled(a, b)


def _of_one_template(marked: StoredIdentity, other: StoredIdentity) -> bool:
    """Whether the abstract the marked paper and ``other`` share word for word is a
    series' template (a workshop's, a numbered study's) rather than the paper's own:
    their first authors are two people, their titles give other numbers or a word of a
    series ("Part II", "Erratum"), or a word or two of one title stand where as many
    others stand in the other ("Grasping study 3", "Walking study 3"). A title reworded
    or with a subtitle, over the same abstract and first author, is the paper retitled."""
    from tuireader.ingest.identity import unaccented

    authors = marked.first_author and other.first_author
    if authors and not _one_first_author(marked, other):
        return True
    a, b = marked.title_key, other.title_key
    if not a or not b or a == b or _retitled(a, b):
        return False
    one, two = unaccented(a).split(), unaccented(b).split()
    if _numbers(one) != _numbers(two) or _SERIES_WORDS.intersection(set(one) ^ set(two)):
        return True
    # the words of each not in the other, each as often as it is there more
    mine = list((Counter(one) - Counter(two)).elements())
    theirs = list((Counter(two) - Counter(one)).elements())
    for word in list(mine):  # a typo mended is no word put in another's place
        mended = next((their for their in theirs if _one_word(word, their)), None)
        if mended is not None:
            mine.remove(word)
            theirs.remove(mended)
    return 1 <= len(mine) == len(theirs) <= 2


def _one_first_author(marked: StoredIdentity, other: StoredIdentity) -> bool:
    """Whether the first authors of the marked paper and of ``other``, whose abstracts
    are alike, are one person: one family name, accents aside (see ``same_family``), or,
    under one title (a typo aside), one name a re-scrape spelt anew: a typo mended
    ("Lovelace", "Lovelance") or a transliteration ("Mueller", "Müller"). Two papers of
    one title and abstract by two people are a series' template ("Ann Lee", "Carl
    Diaz"); a short name a letter from another ("Li", "Lu"; "Chen", "Chan") is another
    person's."""
    from tuireader.ingest.identity import same_family, title_mended

    a, b = marked.first_author, other.first_author
    if same_family(a, b):
        return True
    one, two = marked.title_key, other.title_key
    if not one or not (
        one == two or title_mended(one, two) or _letters_swapped(one.split(), two.split())
    ):
        return False
    return _name_respelt(a, b)


#: letters that a name loses its diacritic in as two (German, Scandinavian), besides the
#: one it loses it in as one ("Müller" is "Mueller" as well as "Muller")
_TRANSLITERATED = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "å": "aa", "œ": "oe"}
)
#: the fewest letters of a family name a typo of which is told from another name: "Li"
#: and "Lu", "Chen" and "Chan", "Wang" and "Wan" are two families
_RESPELT_LETTERS = 5


def _name_respelt(a: str, b: str) -> bool:
    """Whether two normalised family names are one name spelt anew: transliterated
    ("müller", "mueller") or with a typo mended, a letter put in, taken out, changed or
    two side by side swapped, in a name of :data:`_RESPELT_LETTERS` letters at least."""
    from rapidfuzz.distance import OSA

    from tuireader.ingest.identity import unaccented

    one, two = unaccented(a.translate(_TRANSLITERATED)), unaccented(b.translate(_TRANSLITERATED))
    if one == two:
        return True
    plain = [unaccented(a), unaccented(b)]
    if min(map(len, (*plain, one, two))) < _RESPELT_LETTERS:
        return False
    return OSA.distance(plain[0], plain[1]) == 1 or OSA.distance(one, two) == 1


def _one_word(a: str, b: str) -> bool:
    """Whether two words are one word with a typo mended: a few letters apart (as
    ``title_mended`` reads them), or two letters side by side swapped."""
    from rapidfuzz import fuzz

    from tuireader.ingest.identity import WORD_CLOSENESS

    return fuzz.ratio(a, b) >= WORD_CLOSENESS or _letters_swapped([a], [b])


def _retitled(a: str, b: str) -> bool:
    """Whether the normalised titles ``a`` and ``b`` are one title as re-scrapes edit it:
    mended (see ``title_mended``) with the same numbers, or a subtitle of words of no
    numbers or series added to three words at least, all of the other title in a row
    ("neural diffusion models" is not the title of "sequential neural score estimation
    … with conditional score based diffusion models")."""
    from tuireader.ingest.identity import title_mended, unaccented

    one, two = unaccented(a).split(), unaccented(b).split()
    if title_mended(a, b) or _letters_swapped(one, two):
        return _numbers(one) == _numbers(two)
    shorter, longer = sorted((one, two), key=len)
    if len(shorter) < 3:
        return False
    for start in range(len(longer) - len(shorter) + 1):
        if longer[start : start + len(shorter)] == shorter:
            added = longer[:start] + longer[start + len(shorter) :]
            return not _numbers(added) and not _SERIES_WORDS.intersection(added)
    return False


def _title_edited(marked: StoredIdentity, found: StoredIdentity) -> bool:
    """Whether ``found``'s title is the marked paper's as a re-scrape edits it (see
    :func:`_retitled`): mended as it stands; with a subtitle added or dropped, only where
    their abstracts are alike too, or one of them has none (an entry of a BibTeX export)."""
    from rapidfuzz import fuzz

    from tuireader.ingest.identity import is_placeholder, title_mended

    a, b = marked.title_key, found.title_key
    if not _retitled(a, b):
        return False
    if len(a.split()) == len(b.split()) or title_mended(a, b):
        return True
    if is_placeholder(marked.abstract) or is_placeholder(found.abstract):
        # the titles alone tell: the longer one is the other and a subtitle after a
        # colon or a dash, not the author's next paper ("… experiments at sea")
        return _subtitled(marked.title, found.title)
    return fuzz.ratio(marked.abstract, found.abstract) >= _ABSTRACTS_ALIKE


def _subtitled(a: str, b: str) -> bool:
    """Whether one of the titles ``a`` and ``b`` (as lists give them) is the other with a
    subtitle before or after it: "Learning to grasp: robots in kitchens"."""
    from tuireader.ingest.identity import title_key

    shorter, longer = sorted((a, b), key=len)
    parts = _SUBTITLE.split(longer, maxsplit=1)
    return len(parts) == 2 and title_key(shorter) in {title_key(part) for part in parts}


#: what parts a title from its subtitle: a colon, a dash between spaces, a question mark
_SUBTITLE = re.compile(r"\s*(?::|\?|\s[-\u2013\u2014]+\s)\s*")


#: how alike (rapidfuzz's ratio) two abstracts are that are one abstract edited
_ABSTRACTS_ALIKE = 85.0


def _letters_swapped(one: Sequence[str], two: Sequence[str]) -> bool:
    """Whether two titles of as many words are one but for a word or two with two
    letters side by side swapped ("Gaem-Theoretic", "Does-Response"): the typo mended
    most often, which ``title_mended`` does not read in a short word."""
    from rapidfuzz.distance import OSA

    if len(one) != len(two):
        return False
    apart = [(x, y) for x, y in zip(one, two, strict=True) if x != y]
    return 0 < len(apart) <= 2 and all(
        sorted(x) == sorted(y) and OSA.distance(x, y) == 1 for x, y in apart
    )


def _numbers(words: Iterable[str]) -> set[str]:
    """The numbers among a title's words, in digits or Roman numerals ("2", "ii")."""
    return {word for word in words if word.isdigit() or word in _ROMAN}


_ROMAN = frozenset(["ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii"])

#: words that make a paper of its own of one that adds them to another's title
_SERIES_WORDS = frozenset(
    [
        "erratum",
        "errata",
        "corrigendum",
        "correction",
        "corrections",
        "retraction",
        "retracted",
        "reply",
        "replies",
        "response",
        "rejoinder",
        "comment",
        "comments",
        "discussion",
        "addendum",
        "part",
        "volume",
        "supplement",
        "supplementary",
        "appendix",
        "continued",
    ]
)


#: a title of fewer words than this names no paper under a list's own id without its
#: first author (as ``ingest.identity`` reads one source id)
_NAMING_WORDS = 3


def _keys_of(found: StoredIdentity) -> Any:
    """The strong keys a stored identity keeps, as an :class:`~tuireader.ingest.identity.
    Identity` holding them alone (for ``conflicting``)."""
    from tuireader.ingest.identity import Identity, Key

    return Identity(keys=tuple(k for k in map(Key.parse, found.keys) if k is not None))


def _rekeyed(stored: StoredIdentity, now: StoredIdentity | None = None) -> StoredIdentity:
    """``stored`` with its keys made again as the papers of the lists are keyed now: a
    mark stored before a title's key changed (a soft hyphen that parted a word, "learn
    ing", no longer does), before a list's own id that is an arXiv id ("http://arxiv.
    org/abs/2101.00001v1") was read as the arXiv id, or before a list's own id that is
    a link was known without its scheme, a DOI without a slash after it, or an old-style
    arXiv id without its subject class, would find its paper by none of them once the
    list was re-scraped (retitled, "…v2", "https://"). ``now``: the paper's identity as
    it is now, whose title key is the stored title's when the title is the same (made
    once, not again)."""
    from tuireader.ingest.identity import STRONG_KINDS, own_arxiv_id, title_key

    keys = tuple(_key_again(key) for key in stored.keys)
    if not any(key.startswith("arxiv:") for key in keys):
        owns = (key.partition("#")[2] for key in keys if key.startswith("source:"))
        found = next((arxiv for own in owns if (arxiv := own_arxiv_id(own))), None)
        if found is not None:  # strongest first: after a DOI, before the list's own id
            order = {kind: number for number, kind in enumerate(STRONG_KINDS)}
            keys = tuple(
                sorted((*keys, f"arxiv:{found}"), key=lambda key: order.get(key.split(":")[0], 0))
            )
    if not stored.title_key:  # none: title made up
        again = ""
    elif now is not None and now.title_key and now.title == stored.title:
        again = now.title_key
    else:
        again = title_key(stored.title)
    if again and again != stored.title_key:
        return replace(stored, keys=keys, title_key=again)
    return replace(stored, keys=keys) if keys != stored.keys else stored


def _key_again(key: str) -> str:
    """A stored key as it is made now: a DOI (``doi:10.1/x``) without a slash after it,
    an old-style arXiv id without its subject class (``arxiv:math/0211159`` of
    ``arxiv:math.co/0211159``), a list's own id (``source:scope#id``) that is a link
    without its scheme."""
    from tuireader.ingest.identity import arxiv_id, normalise_doi, own_id

    kind, _, value = key.partition(":")
    if kind == "doi":
        return f"doi:{normalise_doi(value) or value}"
    if kind == "arxiv":
        return f"arxiv:{arxiv_id(value) or value}"
    if kind == "source":
        scope, sep, own = value.partition("#")
        return f"source:{scope}{sep}{own_id(own)}" if sep else key
    return key


class _Finder:
    """Finds, among papers without marks, the one a stored mark belongs to.

    Indexes are built on first use; the fuzzy matcher only when a mark needs it.
    """

    def __init__(self, papers: Sequence[Paper], everyone: Sequence[Paper] = ()) -> None:
        self._papers = papers
        #: every paper of the lists, marked or not (``papers`` are those without marks)
        self._everyone = everyone or papers
        self._free_ids = {paper.id for paper in papers}
        #: papers with short titles by title and first author, over ``everyone``
        self._short: dict[tuple[str, str], list[tuple[StoredIdentity, Paper]]] | None = None
        self._taken: set[str] = set()
        self._legacy: dict[str, list[Paper]] | None = None
        self._aliases: dict[str, list[Paper]] | None = None
        self._keys: dict[str, list[Paper]] = {}
        self._titles: dict[str, list[tuple[str, Paper]]] = {}
        self._abstracts: dict[str, list[Paper]] = {}
        self._indexed = False
        self._matcher: Any = None
        self._entry_paper: dict[int, Paper] = {}
        #: what identifies each paper without marks, and those with a title by their
        #: first author (filled by :meth:`_index`)
        self._found: dict[str, StoredIdentity] = {}
        self._authors: dict[str, list[tuple[StoredIdentity, Paper]]] = {}
        #: every paper's title key, for marks whose title was damaged (see
        #: :meth:`_by_damaged_title`)
        self._title_keys: list[tuple[str, Paper]] | None = None

    def find(self, old_id: str, stored: StoredIdentity | None) -> tuple[Paper, str] | None:
        found = self._by_legacy(old_id)
        if found is None and stored is not None:
            stored = _rekeyed(stored)
            found = (
                self._by_identity(stored)
                or self._by_damaged_title(stored)
                or self._by_fuzzy(stored)
            )
        if found is not None:
            self._taken.add(found[0].id)
        return found

    def by_alias(self, old_id: str) -> tuple[Paper, str] | None:
        """The one paper without marks that has ``old_id`` among its aliases (none when
        several do: an id two papers claim names neither of them)."""
        if self._aliases is None:
            self._aliases = {}
            for paper in self._papers:
                for alias in paper.aliases:
                    self._aliases.setdefault(alias, []).append(paper)
        candidates = self._free(self._aliases.get(old_id, []))
        if len(candidates) != 1 or len(self._aliases[old_id]) != 1:
            return None
        self._taken.add(candidates[0].id)
        return candidates[0], "its former id"

    def _free(self, papers: Iterable[Paper]) -> list[Paper]:
        return [paper for paper in papers if paper.id not in self._taken]

    def _by_legacy(self, old_id: str) -> tuple[Paper, str] | None:
        if self._legacy is None:
            from tuireader.ingest.library import paper_id

            self._legacy = {}
            for paper in self._papers:
                title = None if paper.title_derived else paper.title
                self._legacy.setdefault(paper_id(paper.abstract, title), []).append(paper)
        candidates = self._legacy.get(old_id, [])
        # an old id that several papers share (a stand-in abstract) names none of them
        if len(candidates) == 1 and candidates[0].id not in self._taken:
            return candidates[0], "old id"
        return None

    def _index(self) -> None:
        from tuireader.ingest.identity import unaccented

        if self._indexed:
            return
        self._indexed = True
        # by first author without accents: a list that put them in ("Veličković" for
        # "Velickovic") finds the same papers (one name, as ``same_family`` says)
        for paper in self._papers:
            found = self._found[paper.id] = StoredIdentity.of(paper)
            for key in found.keys:
                self._keys.setdefault(key, []).append(paper)
            if found.title_key:
                self._titles.setdefault(found.title_key, []).append((found.first_author, paper))
                if found.first_author:
                    self._authors.setdefault(unaccented(found.first_author), []).append(
                        (found, paper)
                    )
            if found.abstract_digest:
                self._abstracts.setdefault(found.abstract_digest, []).append(paper)

    def _by_identity(self, stored: StoredIdentity) -> tuple[Paper, str] | None:
        from tuireader.ingest.identity import (
            MIN_TITLE_CHARS,
            is_placeholder,
            same_family,
            titles_agree,
            titles_close,
        )

        self._index()
        for key in stored.keys:
            candidates = self._free(self._keys.get(key, ()))
            kind = key.partition(":")[0]
            # a list's own id (a row number, a BibTeX key) may be given to another paper
            # by the next scrape: it names the paper only with one title, where a DOI
            # or an arXiv id names it under a title much changed
            agree = titles_close if kind == "source" else titles_agree
            theirs = self._found[candidates[0].id] if len(candidates) == 1 else None
            if (
                theirs is not None
                and agree(stored.title_key, theirs.title_key)
                and not (kind == "source" and _short_title_of_another(stored, theirs))
            ):
                return candidates[0], f"same {kind}"
        if len(stored.title_key) >= MIN_TITLE_CHARS:
            # a name's accents put in or taken out ("Velickovic", "Veličković") is one name
            candidates = self._free(
                paper
                for author, paper in self._titles.get(stored.title_key, ())
                if not author or not stored.first_author or same_family(author, stored.first_author)
            )
            if len(candidates) == 1:
                return candidates[0], "same title and first author"
            found = self._by_close_title(stored)
            if found is not None:
                return found
        elif stored.title_key and stored.first_author:
            found = self._by_short_title(stored)
            if found is not None:
                return found
        if stored.abstract_digest and not is_placeholder(stored.abstract):
            candidates = self._free(self._abstracts.get(stored.abstract_digest, ()))
            if len(candidates) == 1 and not _of_one_template(stored, self._found[candidates[0].id]):
                return candidates[0], "same abstract"
        return None

    def _by_close_title(self, stored: StoredIdentity) -> tuple[Paper, str] | None:
        """The one paper of the same first author (and year, where both say it) whose
        title is the stored one mended ("Transfomers" → "Transformers") or with a
        subtitle added (see :func:`_title_edited`), with no key that tells them apart: a
        re-scrape that edited a title and the abstract too left a mark on neither, as did
        a BibTeX export, which has no abstract, of a paper retitled since. Two such
        papers take no mark."""
        from tuireader.ingest.identity import conflicting, unaccented

        if not stored.first_author:
            return None
        candidates = [
            paper
            for found, paper in self._authors.get(unaccented(stored.first_author), ())
            if paper.id not in self._taken
            and (found.year is None or stored.year is None or found.year == stored.year)
            and not conflicting(_keys_of(stored), _keys_of(found))
            and _title_edited(stored, found)
        ]
        if len(candidates) != 1:
            return None
        return candidates[0], "a title much like it and the same first author"

    def _by_short_title(self, stored: StoredIdentity) -> tuple[Paper, str] | None:
        """A title too short to identify a paper alone ("Third Paper") with its first
        author is what the paper's id is made of, with its year: the one paper of the
        lists with that title and first author, the same abstract (or none, as before)
        and no key that tells it apart is the paper, its year changed (a preprint
        published). Two such papers in the lists (one author's two papers of that title)
        take no mark."""
        from tuireader.ingest.identity import (
            MIN_TITLE_CHARS,
            conflicting,
            title_key,
            unaccented,
        )

        if self._short is None:
            self._short = {}
            for paper in self._everyone:
                short = "" if paper.title_derived else title_key(paper.title)
                if not short or len(short) >= MIN_TITLE_CHARS:
                    continue
                found = StoredIdentity.of(paper)
                if found.first_author:
                    pair = (found.title_key, unaccented(found.first_author))
                    self._short.setdefault(pair, []).append((found, paper))
        matching = self._short.get((stored.title_key, unaccented(stored.first_author)), ())
        if len(matching) != 1:
            return None
        ((found, paper),) = matching
        if paper.id in self._taken or paper.id not in self._free_ids:
            return None  # the one paper with the title has marks of its own
        if found.abstract_digest != stored.abstract_digest:
            return None

        if conflicting(_keys_of(stored), _keys_of(found)):
            return None
        return paper, "same title and first author"

    def _by_damaged_title(self, stored: StoredIdentity) -> tuple[Paper, str] | None:
        """The one paper of the lists whose title is the marked paper's read whole, where
        the list gave it with U+FFFD for letters that could not be read ("D\ufffdj\ufffd
        vu" for "Déjà vu": a Latin-1 line in a UTF-8 file, a page scraped in the wrong
        encoding), with its first author (read whole too) and year where both say them,
        and no key that tells them apart. Its title's letters differ where the U+FFFD
        were, and no other rule found it. Two papers of the lists that fit ("Deja vu"
        and "Déjà vu") take no mark, nor does one that has marks of its own."""
        from tuireader.ingest.identity import (
            conflicting,
            damaged,
            family_read_whole,
            title_key,
            title_read_whole,
        )

        if not damaged(stored.title):
            return None
        self._index()
        if self._title_keys is None:
            # every paper's title key, once (those without marks are known already):
            # each damaged mark is looked for among them all
            self._title_keys = []
            for paper in self._everyone:
                if not paper.title_derived:
                    known = self._found.get(paper.id)
                    key = known.title_key if known is not None else title_key(paper.title)
                    self._title_keys.append((key, paper))
        matching = []
        for key, paper in self._title_keys:
            if not title_read_whole(stored.title, key):
                continue
            found = self._found.get(paper.id) or StoredIdentity.of(paper)
            if (
                (found.year is None or stored.year is None or found.year == stored.year)
                and (
                    not found.first_author
                    or not stored.first_author
                    or family_read_whole(stored.first_author, found.first_author)
                )
                and not conflicting(_keys_of(stored), _keys_of(found))
            ):
                matching.append(paper)
        if len(matching) != 1:
            return None
        (paper,) = matching
        if paper.id in self._taken or paper.id not in self._free_ids:
            return None
        return paper, "its title read whole"

    def _by_fuzzy(self, stored: StoredIdentity) -> tuple[Paper, str] | None:
        from tuireader.ingest.identity import is_placeholder, title_key, titles_agree

        if is_placeholder(stored.abstract):
            return None
        if self._matcher is None:
            from tuireader.ingest.catalog import CatalogEntry, Matcher

            entries = []
            for paper in self._papers:
                entry = CatalogEntry(title=paper.title, abstract=paper.abstract)
                self._entry_paper[id(entry)] = paper
                entries.append(entry)
            self._matcher = Matcher(entries)
        match = self._matcher.match(stored.abstract)
        if match is None or match.method not in ("exact", "fuzzy"):
            return None
        paper = self._entry_paper[id(match.entry)]
        if paper.id in self._taken:
            return None
        mine = "" if paper.title_derived else title_key(paper.title)
        if not titles_agree(stored.title_key, mine):
            return None
        if _another_of_a_series(stored, self._found.get(paper.id) or StoredIdentity.of(paper)):
            return None
        return paper, f"similar abstract ({match.score:.0%} of its words)"
