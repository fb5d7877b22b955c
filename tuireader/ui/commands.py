"""The reader's commands, as messages the main screen handles.

A key binding, a palette entry or a menu posts one of these to the screen; the screen's
``@on(...)`` handler does the work. Requests are named in the imperative (``CopyLink``);
the results of slow work, posted by workers, are events in the past tense and live in
:mod:`tuireader.ui.messages`. Features join the reader by adding a command here and a
handler on the screen, not by mixing classes into it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class SetTriageState(Message):
    """Set ``state`` on the marked papers, else the highlighted one (again: back to new)."""

    state: str


class UndoTriage(Message):
    """Take back the last triage change."""


class RedoTriage(Message):
    """Make again the triage change the last undo took back."""


class EditTags(Message):
    """Open the tag editor for the marked papers, else the highlighted one."""


class EditNote(Message):
    """Open the note editor for the highlighted paper."""


class ToggleMark(Message):
    """Mark (or unmark) the highlighted paper for a bulk action and move on."""


class CycleOrder(Message):
    """Show the results in the next order: list order, relevance, fit (what you keep)."""


class PollTriage(Message):
    """Look for triage changes made by another running reader."""


@dataclass
class CopyLink(Message):
    """Copy link ``number`` of the highlighted paper as numbered in the viewer (0: the
    primary link)."""

    number: int = 0


class PickLink(Message):
    """Offer the highlighted paper's links in a menu, and copy the one picked."""


class CopyPaperId(Message):
    """Copy the highlighted paper's id (what ``tuireader show`` and ``cite`` take)."""


@dataclass
class OpenLink(Message):
    """Open link ``number`` of the highlighted paper (0: the primary link) in the web
    browser on a local desktop; elsewhere copy it instead and say so."""

    number: int = 0


class PickOpenLink(Message):
    """Offer the highlighted paper's links in a menu, and open the one picked."""


@dataclass
class CopyCitation(Message):
    """Copy the highlighted paper's citation in ``fmt`` (None: the configured format)."""

    fmt: str | None = None


class PickCitation(Message):
    """Offer the citation formats in a menu, and copy the citation in the one picked."""


@dataclass
class CopyAll(Message):
    """Copy ``what`` ("code_links" or "bibtex") for the papers of ``scope``
    ("results", "marked" or "kept")."""

    what: str
    scope: str = "results"


@dataclass
class ExportPapers(Message):
    """Ask for a format, then write the papers of ``scope`` to a file."""

    scope: str = "results"


@dataclass
class CopyToClipboard(Message):
    """Copy ``text`` (described as ``what``, e.g. "link"); ``warnings`` go in the notice.

    Every copy in the reader is one of these, handled in one place. ``one_line`` marks a
    single link: the clipboard refuses it outright if it holds a line break or a control
    character, instead of cleaning it.
    """

    text: str
    what: str
    warnings: tuple[str, ...] = ()
    one_line: bool = False
