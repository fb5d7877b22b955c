"""Decisions a reader showed and could not save as it closed, kept for the next start.

A reader closed (``q``, ``kill``, the terminal gone) while its triage file was held by
another program past the wait on the way out could only say on stderr what it lost,
and stderr went with the terminal. What it could not save is kept in a small file of
its own beside the triage file (the triage file itself is the one that cannot be
written), in the folder :data:`FOLDER`; the next reader, or the next command that reads
the triage, makes each decision again where its paper is still as it was when the
decision was made, and names the rest, which it leaves as they are: a paper changed
since (by another reader, by the command line) keeps what it holds now.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tuireader.system.atomic import write_atomic

if TYPE_CHECKING:
    from tuireader.triage.store import Store

#: the folder, beside the triage file, that holds what closing readers could not save
FOLDER = "not-saved"
VERSION = 1
#: the name a record is given while a start makes its decisions (no other takes it)
_TAKING = ".taking-"
#: the action's name in the triage file's record (what undo says it takes back)
SUMMARY = "made again decisions not saved as a reader closed"


@dataclass(frozen=True)
class Decision:
    """A change a reader showed and could not save: ``kind`` "state" (``after`` a
    state) or "tags" (``after`` the paper's tags); ``before``: what the paper had then."""

    kind: str
    paper_id: str
    before: Any
    after: Any
    title: str

    def said(self) -> str:
        """The change as the reader says one it could not save (``kept: “Title”``)."""
        return change_said(self.kind, self.after, _short(self.title))


def change_said(kind: str, value: Any, title: str) -> str:
    """A state or tags change in words: ``kept: “Title”``, ``tags a, b: “Title”``."""
    from tuireader.triage.store import state_said, tag_shown

    if kind == "state":
        return f"{state_said(value)}: “{title}”"
    return f"tags {', '.join(map(tag_shown, value)) or '(none)'}: “{title}”"


#: the longest title a decision is named by (longer ones are cut, with "…")
TITLE_ROOM = 60


def _short(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= TITLE_ROOM else title[: TITLE_ROOM - 1].rstrip() + "…"


def folder_of(triage_file: Path) -> Path:
    """Where the records of the triage file ``triage_file`` are kept."""
    return triage_file.parent / FOLDER


def record(
    triage_file: Path,
    decisions: Sequence[Decision],
    lines: Sequence[str],
    why: str,
    follows: int | None = None,
) -> Path | None:
    """Keep ``decisions`` (and ``lines``: what else was not saved, in words) for the
    next start, in a file of their own (a private one: notes are in it); returns it
    (None: nothing to keep). Raises OSError when it cannot be written. ``follows``: the
    last move of paper ids the decisions' ids take into account."""
    if not decisions and not lines:
        return None
    folder = folder_of(triage_file)
    folder.mkdir(parents=True, exist_ok=True)
    data = {
        "version": VERSION,
        "at": time.time(),
        "why": why,
        "follows": follows,
        "decisions": [
            {
                "kind": d.kind,
                "paper": d.paper_id,
                "before": d.before if d.kind == "state" else list(d.before),
                "after": d.after if d.kind == "state" else list(d.after),
                "title": d.title,
            }
            for d in decisions
        ],
        "lines": list(lines),
    }
    target = folder / f"{time.time_ns()}-{os.getpid()}.json"
    write_atomic(json.dumps(data, ensure_ascii=False, indent=1), target, private=True)
    return target


def waiting(triage_file: Path) -> list[Path]:
    """The records kept beside ``triage_file``, oldest first (none: no folder)."""
    try:
        names = os.listdir(folder_of(triage_file))
    except OSError:
        return []
    return sorted(
        (folder_of(triage_file) / name for name in names if _is_record(name)),
        key=lambda path: path.name,
    )


def pending(triage_file: Path) -> bool:
    """Whether a start has records beside ``triage_file`` to make: waiting ones, or one
    a start took and may not have finished (:func:`settle` looks)."""
    try:
        names = os.listdir(folder_of(triage_file))
    except OSError:
        return False
    return any(_is_record(name) or name.startswith(_TAKING) for name in names)


def _is_record(name: str) -> bool:
    return name.endswith(".json") and not name.startswith(".")


@dataclass(frozen=True)
class Settled:
    """What a start did with the records it found: the decisions made again (or found
    made already), those left as they were (each with what its paper holds now), and
    what else was not saved, in words."""

    made: tuple[Decision, ...]
    changed: tuple[tuple[Decision, Any], ...]
    lines: tuple[str, ...]
    #: the decisions whose papers hold them already (made since): in no action
    already: tuple[Decision, ...] = ()

    def said(self) -> list[tuple[str, str]]:
        """In words, (a title, the text) each: what was made, what was left, what else."""
        said = []
        if self.made:
            count = len(self.made)
            made = "; ".join(d.said() for d in self.made)
            text = (
                f"{_decisions(count)} made as the reader closed {_were(count)} not saved "
                "then (the triage file could not be written); made now, each paper being "
                f"as it was (an undo takes {'them' if count != 1 else 'it'} back): {made}"
            )
            said.append(("Saved now", text))
        if self.already:
            count = len(self.already)
            held = "; ".join(d.said() for d in self.already)
            text = (
                f"{_decisions(count)} made as the reader closed {_were(count)} not saved "
                f"then, and {'each paper holds it' if count != 1 else 'its paper holds it'} "
                f"already (made since): {held}"
            )
            said.append(("Saved since", text))
        if self.changed:
            count = len(self.changed)
            left = "; ".join(
                f"{d.said()} (now {change_said(d.kind, now, d.title).split(': “')[0]})"
                for d, now in self.changed
            )
            each = "each paper was" if count != 1 else "its paper was"
            text = (
                f"{_decisions(count)} made as the reader closed {_were(count)} not saved, "
                f"and {'are' if count != 1 else 'is'} not made now: {each} changed since, "
                f"which is kept; make {'them' if count != 1 else 'it'} again if still "
                f"wanted: {left}"
            )
            said.append(("Not saved", text))
        if self.lines:
            said.append(("Not saved as the reader closed", "; ".join(self.lines)))
        return said


def _decisions(count: int) -> str:
    return f"{count:,} decision{'s' if count != 1 else ''}"


def _were(count: int) -> str:
    return "were" if count != 1 else "was"


def settle(store: Store, name: Callable[[str], str | None] | None = None) -> Settled | None:
    """Make again the decisions of the records kept beside ``store``'s file, each where
    its paper is as it was (all of them as one action, which one undo takes back), and
    remove the
    records; None when there were none, or the store cannot be written now (the records
    stay for the next time). ``name``: a paper's title now, by its id (else the title
    kept with the decision). A record that cannot be read is put aside, named."""
    if store.read_only or str(store.path) == ":memory:":
        return None
    _take_up_leftovers(store.path)
    found = waiting(store.path)
    if not found:
        return None
    made: list[Decision] = []
    changed: list[tuple[Decision, Any]] = []
    lines: list[str] = []
    from tuireader.triage.store import StoreError

    taken: list[tuple[Path, Path]] = []  # each record: its name, the name taken
    said: list[str] = []  # what else the records taken say was not saved
    changes: list[Decision] = []
    follows: list[int | None] = []
    for path in found:
        taking = path.with_name(f"{_TAKING}{os.getpid()}-{path.name}")
        try:
            os.replace(path, taking)  # another start took it first: it says it
        except OSError:
            continue
        try:
            follow, decisions, others = _read(taking)
        except (OSError, ValueError) as error:
            aside = path.with_name(f"{path.name}.unread")
            with contextlib.suppress(OSError):
                os.replace(taking, aside)
            lines.append(f"a record of changes not saved could not be read ({aside}: {error})")
            continue
        taken.append((path, taking))
        if name is not None:
            decisions = [
                Decision(d.kind, d.paper_id, d.before, d.after, name(d.paper_id) or d.title)
                for d in decisions
            ]
        changes.extend(decisions)
        follows.extend(follow for _ in decisions)
        said.extend(others)
    try:
        # every record's decisions as one action, which one undo takes back
        outcome = (
            store.make_if_unchanged(
                [(d.kind, d.paper_id, d.before, d.after) for d in changes], SUMMARY, follows
            )
            if changes
            else []
        )
    except BaseException as error:
        for path, taking in taken:
            with contextlib.suppress(OSError):
                os.replace(taking, path)  # the next start tries again
        if isinstance(error, StoreError):
            return Settled((), (), tuple(lines)) if lines else None
        raise
    already: list[Decision] = []
    for decision, (result, now) in zip(changes, outcome, strict=True):
        if result == "changed":
            changed.append((decision, now))
        elif result == "already":
            already.append(decision)
        else:
            made.append(decision)
    lines.extend(said)
    for _path, taking in taken:
        with contextlib.suppress(OSError):
            taking.unlink()
    if not (made or already or changed or lines):
        return None
    return Settled(tuple(made), tuple(changed), tuple(lines), tuple(already))


def _take_up_leftovers(triage_file: Path) -> None:
    """Give back its name to each record a start took and did not finish (it stopped,
    killed or crashed, between taking the record and removing it): the start that took
    it is gone, so this one makes it (decisions made already are found so)."""
    folder = folder_of(triage_file)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for taken in names:
        pid, dash, name = taken.removeprefix(_TAKING).partition("-")
        if not taken.startswith(_TAKING) or not dash or not _is_record(name):
            continue
        if not pid.isdigit() or _alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            os.replace(folder / taken, folder / name)


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` (of a start that took a record) still runs."""
    if pid == os.getpid():
        return False  # this process takes records one at a time: one taken is from before
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # there, but not ours to signal: its start may be making it
    return True


def _read(path: Path) -> tuple[int | None, list[Decision], list[str]]:
    """A record's last move seen, decisions and other lines (ValueError: malformed, as
    a state that is none of the triage file's)."""
    from tuireader.triage.store import STATES

    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("not a record this version of tuireader reads")
    follows = data.get("follows")
    decisions = []
    for entry in data.get("decisions") or ():
        got = entry if isinstance(entry, dict) else {}
        kind, paper_id = got.get("kind"), got.get("paper")
        before, after, title = got.get("before"), got.get("after"), got.get("title")
        if kind == "state" and before in STATES and after in STATES:
            pass
        elif kind == "tags" and isinstance(before, list) and isinstance(after, list):
            before, after = tuple(map(str, before)), tuple(map(str, after))
        else:
            raise ValueError(f"a change that is not one: {entry!r}")
        if not isinstance(paper_id, str) or not paper_id:
            raise ValueError(f"a change of no paper: {entry!r}")
        decisions.append(Decision(kind, paper_id, before, after, str(title or paper_id)))
    lines = [str(line) for line in data.get("lines") or ()]
    return (follows if isinstance(follows, int) else None), decisions, lines
