"""Copy links and citations from the reader, all through one clipboard path.

Every key or command that copies posts one :class:`CopyRequested` message; the screen's
single handler runs the clipboard chain (:class:`tuireader.system.clipboard.Clipboard`) in a
thread worker, tells the user which way the text went, and opens the manual-copy dialog
when no route could be trusted.

:class:`CopyCommands` is mixed into :class:`~tuireader.ui.screens.main.MainScreen`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input

from tuireader.ingest.links import web_url
from tuireader.model import Link, Paper
from tuireader.render.citations import (
    DEFAULT_FORMAT,
    FORMAT_LABELS,
    FORMATS,
    best_link,
    format_citation,
    format_many,
)
from tuireader.system.clipboard import Clipboard, CopyOutcome
from tuireader.ui.palette import Command, ScreenActions

if TYPE_CHECKING:  # pragma: no cover
    from textual.app import App

    from tuireader.ui.widgets.results import ResultsList


@dataclass
class CopyRequested(Message):
    """Copy ``text`` (described as ``what``, e.g. "link"); ``warnings`` go in the notice.

    ``one_line`` marks a single link: the clipboard refuses it outright if it holds a
    line break or a control character, instead of cleaning it.
    """

    text: str
    what: str
    warnings: tuple[str, ...] = ()
    one_line: bool = False


@dataclass
class CopyFinished(Message):
    """The clipboard chain ran for one request."""

    outcome: CopyOutcome
    warnings: tuple[str, ...] = ()


def primary_link(paper: Paper) -> Link | None:
    """The link ``u`` copies: the first code repository, else the paper's page, else any.

    Only a safe web address (:func:`tuireader.ingest.links.web_url`) is ever chosen.
    """
    if paper.code_links:
        return paper.code_links[0]
    page = best_link(paper)
    page = web_url(page) if page else None
    if page:
        for link in paper.links:
            if link.url == page:
                return link
        return Link(page, "paper", "citation")
    return paper.links[0] if paper.links else None


def short_warning(warning: str) -> str:
    """The part of a citation warning before its explanation ("authors unknown")."""
    return warning.split(":", 1)[0]


def copy_notice(outcome: CopyOutcome, warnings: Iterable[str] = ()) -> str:
    """The line shown after a copy: the route taken, then what the text lacks."""
    notes = list(dict.fromkeys(short_warning(w) for w in warnings))
    return outcome.notice + (" — " + "; ".join(notes) if notes else "")


def app_clipboard(app: App[Any], fallback_dir: Path | None = None) -> Clipboard:
    """The app's clipboard chain, built on first use when the app was given none.

    OSC 52 goes through the app's driver; the chain runs in a worker thread, so the
    write is handed to the event loop.
    """
    clipboard = getattr(app, "clipboard_chain", None)
    if clipboard is None:
        if fallback_dir is None:
            fallback_dir = getattr(app, "clipboard_dir", None)
        if fallback_dir is None:
            from tuireader.system.paths import resolve

            fallback_dir = resolve().clipboard_dir
        config = getattr(app, "config", None)
        clipboard = Clipboard(
            osc52_writer=lambda text: app.call_from_thread(app.copy_to_clipboard, text),
            fallback_dir=fallback_dir,
            osc52=config.osc52 if config is not None else "auto",
        )
        app.clipboard_chain = clipboard  # type: ignore[attr-defined]
    return clipboard


class CopyAllCommands(ScreenActions):
    """Command-palette entries that copy for the results, the marked or the kept papers."""

    def commands(self) -> list[Command]:
        screen = self.screen
        if not isinstance(screen, CopyCommands):
            return []
        commands: list[Command] = []
        scopes = (("results", "the results"), ("marked", "marked papers"), ("kept", "kept papers"))
        for scope, label in scopes:
            commands.append(
                (
                    "Copy all code links" + ("" if scope == "results" else f" of {label}"),
                    f"Every code link of {label}, one per line",
                    partial(screen.action_copy_all_code_links, scope),
                )
            )
            commands.append(
                (
                    "Copy all BibTeX entries" + ("" if scope == "results" else f" of {label}"),
                    f"A BibTeX entry for each of {label} (keys unique)",
                    partial(screen.action_copy_all_bibtex, scope),
                )
            )
        return commands


class CopyCommands(Screen[None]):
    """Keys and commands that copy the highlighted paper's links and citations.

    A mixin for :class:`~tuireader.ui.screens.main.ReaderScreen` subclasses (it uses
    their ``current_paper`` and ``results``); it derives from ``Screen`` so Textual
    merges its bindings, and so the main screen module can import it.
    """

    if TYPE_CHECKING:  # pragma: no cover
        current_paper: Paper | None
        results: ResultsList

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "copy_link", "Copy link", id="copy.link"),
        Binding("U", "pick_link", "Copy a link… (1–9: link N)", show=False, id="copy.pick_link"),
        Binding("y", "copy_citation", "Copy citation", id="copy.citation"),
        Binding("Y", "pick_citation", "Copy citation as…", show=False, id="copy.pick_citation"),
    ]

    COMMANDS: ClassVar[set[Any]] = {*Screen.COMMANDS, CopyAllCommands}

    def on_key(self, event: Key) -> None:
        """Digits 1–9 copy the link with that number in the viewer.

        Handled here rather than as nine bindings, which would crowd the help screen
        and the palette; the search box keeps its digits (it stops their key events).
        """
        character = event.character or ""
        if len(character) == 1 and character in "123456789":
            if isinstance(self.focused, Input):
                return
            event.stop()
            self.action_copy_link(int(character))

    def _paper_or_warn(self) -> Paper | None:
        paper = self.current_paper
        if paper is None:
            self.notify("Highlight a paper first", severity="warning")
        return paper

    # -- actions --------------------------------------------------------------------------

    def action_copy_link(self, number: int = 0) -> None:
        """Copy link ``number`` as numbered in the viewer; 0 means the primary link."""
        paper = self._paper_or_warn()
        if paper is None:
            return
        if number == 0:
            link = primary_link(paper)
            if link is None:
                self.notify("This paper has no links", severity="warning")
                return
        elif number > len(paper.links):
            count = len(paper.links)
            self.notify(
                f"This paper has no link {number} ({count} link{'s' if count != 1 else ''})",
                severity="warning",
            )
            return
        else:
            link = paper.links[number - 1]
        self.post_message(CopyRequested(link.url, f"{link.kind} link", one_line=True))

    def action_pick_link(self) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return
        if not paper.links:
            self.notify("This paper has no links", severity="warning")
            return
        from tuireader.ui.screens.pick import PickScreen

        links = paper.links
        choices = [f"{link.kind:<7} {link.url}" for link in links]

        def picked(index: int | None) -> None:
            if index is not None:
                link = links[index]
                self.post_message(CopyRequested(link.url, f"{link.kind} link", one_line=True))

        self.app.push_screen(PickScreen("Copy which link?", choices), picked)

    def action_copy_citation(self, fmt: str | None = None) -> None:
        """Copy the citation in ``fmt`` (default: the configured format, else BibTeX)."""
        paper = self._paper_or_warn()
        if paper is None:
            return
        if fmt is None:
            config = getattr(self.app, "config", None)
            fmt = config.citation_format if config is not None else DEFAULT_FORMAT
        citation = format_citation(paper, fmt, library=getattr(self, "library", None))
        label = FORMAT_LABELS.get(fmt, fmt)
        if not citation.text:
            self.notify(f"No {label} citation for this paper", severity="warning")
            return
        self.post_message(CopyRequested(citation.text, f"{label} citation", citation.warnings))

    def action_pick_citation(self) -> None:
        paper = self._paper_or_warn()
        if paper is None:
            return
        from tuireader.ui.screens.pick import PickScreen

        choices = [FORMAT_LABELS.get(fmt, fmt) for fmt in FORMATS]

        def picked(index: int | None) -> None:
            if index is not None:
                self.action_copy_citation(FORMATS[index])

        self.app.push_screen(PickScreen("Copy the citation as…", choices), picked)

    def _result_papers(self) -> list[Paper]:
        return [row.paper for row in self.results.rows]

    def _scope_papers(self, scope: str) -> list[Paper]:
        from tuireader.ui.exporting import papers_in_scope

        return papers_in_scope(self, scope)

    def action_copy_all_code_links(self, scope: str = "results") -> None:
        found = (link.url for paper in self._scope_papers(scope) for link in paper.code_links)
        urls = list(dict.fromkeys(url for url in map(web_url, found) if url))
        if not urls:
            where = "the results" if scope == "results" else f"the {scope} papers"
            self.notify(f"No code links in {where}", severity="warning")
            return
        what = f"{len(urls)} code link{'s' if len(urls) != 1 else ''}"
        self.post_message(CopyRequested("\n".join(urls), what))

    def action_copy_all_bibtex(self, scope: str = "results") -> None:
        papers = self._scope_papers(scope)
        if not papers:
            where = "the results" if scope == "results" else f"the {scope} papers"
            self.notify(f"No papers in {where}", severity="warning")
            return
        text = format_many(papers, "bibtex", library=getattr(self, "library", None))
        what = f"{len(papers)} BibTeX entr{'ies' if len(papers) != 1 else 'y'}"
        self.post_message(CopyRequested(text, what))

    # -- the one clipboard path -----------------------------------------------------------

    def on_copy_requested(self, message: CopyRequested) -> None:
        message.stop()
        self._run_copy(message.text, message.what, message.warnings, message.one_line)

    @work(thread=True, group="copy", exit_on_error=False)
    def _run_copy(
        self, text: str, what: str, warnings: tuple[str, ...], one_line: bool = False
    ) -> None:
        outcome = app_clipboard(self.app).copy(text, what, one_line=one_line)
        self.post_message(CopyFinished(outcome, warnings))

    def on_copy_finished(self, message: CopyFinished) -> None:
        outcome = message.outcome
        warned = outcome.manual or bool(outcome.refused or outcome.cleaned or message.warnings)
        self.notify(
            copy_notice(outcome, message.warnings),
            severity="warning" if warned else "information",
            markup=False,
        )
        if outcome.manual:
            from tuireader.ui.screens.manual_copy import ManualCopyScreen

            self.app.push_screen(
                ManualCopyScreen(
                    outcome.text, outcome.what, outcome.fallback_path, outcome.explanation
                )
            )
