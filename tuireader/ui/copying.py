"""Copy links and citations from the reader, all through one clipboard path.

Every key or command that copies ends in one
:class:`~tuireader.ui.commands.CopyToClipboard` message; the main screen's single handler
runs the clipboard chain (:class:`tuireader.system.clipboard.Clipboard`) in a thread
worker, tells the user which way the text went, and opens the manual-copy dialog when no
route could be trusted. This module decides what to copy; it holds no widget.
"""

from __future__ import annotations

import os
import sys
import webbrowser
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App
from textual.message import Message

from tuireader.ingest.links import left_out_note
from tuireader.model import Library, Link, Paper
from tuireader.render.citations import (
    FORMAT_LABELS,
    format_citation,
    format_many,
    key_asked,
    primary_link,
)
from tuireader.render.safetext import web_url
from tuireader.system.clipboard import OSC52_HINT, Clipboard, CopyOutcome
from tuireader.system.config import Config
from tuireader.ui.commands import CopyAll, CopyToClipboard
from tuireader.ui.palette import Command, ScreenActions

#: the palette's "copy all" scopes, with how the palette names them.
SCOPES = (("results", "the results"), ("marked", "marked papers"), ("kept", "kept papers"))


@dataclass
class CopyFinished(Message):
    """The clipboard chain ran for one request."""

    outcome: CopyOutcome
    warnings: tuple[str, ...] = ()


def short_warning(warning: str) -> str:
    """The part of a citation warning before its explanation ("authors unknown")."""
    return warning.split(":", 1)[0]


def copy_notice(
    outcome: CopyOutcome, warnings: Iterable[str] = (), show_key: str | None = None
) -> str:
    """The line shown after a copy: the route taken, then what the text lacks.

    A copy only sent by OSC 52 (which a terminal or tmux may drop unseen) says, with
    ``show_key`` (the key that shows the last copy), how to get the text all the same."""
    notes = list(dict.fromkeys(short_warning(w) for w in warnings))
    said = outcome.notice
    if show_key and outcome.hint == OSC52_HINT:
        said = f"{outcome.headline}; if it doesn't paste, {show_key} shows it"
    return said + (" — " + "; ".join(notes) if notes else "")


def default_clipboard(app: App[Any], fallback_dir: Path | None, config: Config) -> Clipboard:
    """The clipboard chain the reader builds when it was given none.

    OSC 52 goes through the app's driver; the chain runs in a worker thread, so the
    write is handed to the event loop. ``fallback_dir`` None: the default data folder's.
    """
    if fallback_dir is None:
        from tuireader.system.paths import resolve

        fallback_dir = resolve().clipboard_dir
    return Clipboard(
        osc52_writer=lambda text: app.call_from_thread(app.copy_to_clipboard, text),
        fallback_dir=fallback_dir,
        osc52=config.osc52,
    )


def no_links(paper: Paper) -> str:
    """What to say when ``paper`` has no link to offer: and, when the lists gave some that
    were left out as unsafe, that they were (they are never offered)."""
    left_out = left_out_note(paper)
    return "This paper has no links" + (f"; {left_out}" if left_out else "")


def link_request(paper: Paper, number: int = 0) -> CopyToClipboard | str:
    """What copying link ``number`` (as numbered in the viewer; 0: the primary link)
    asks for, or why there is nothing to copy."""
    if number == 0:
        link = primary_link(paper)
        if link is None:
            return no_links(paper)
    elif number > len(paper.links):
        count = len(paper.links)
        return f"This paper has no link {number} ({count} link{'s' if count != 1 else ''})"
    else:
        link = paper.links[number - 1]
    return CopyToClipboard(link.url, link.what, one_line=True)


def citation_request(
    paper: Paper, fmt: str, library: Library | None, query: str | None = None
) -> CopyToClipboard | str:
    """What copying ``paper``'s citation in ``fmt`` asks for, or why there is none.
    Found by ``query``, one of its citation keys (the search box takes a key), it is
    cited by that key, as ``tuireader cite`` cites a paper by the key given (see
    :func:`~tuireader.render.citations.key_asked`)."""
    key = key_asked(paper, query) if query else None
    citation = format_citation(paper, fmt, key=key, library=library)
    label = FORMAT_LABELS.get(fmt, fmt)
    if not citation.text:
        return f"No {label} citation for this paper"
    return CopyToClipboard(citation.text, f"{label} citation", citation.warnings)


def copy_all_request(
    what: str,
    scope: str,
    papers: Sequence[Paper],
    library: Library | None,
    progress: Callable[[int, int], object] | None = None,
) -> CopyToClipboard | str:
    """What copying every code link (``what`` "code_links") or every BibTeX entry
    (``what`` "bibtex") of ``papers`` asks for, or why there is nothing to copy.
    Thousands of BibTeX entries take seconds: ``progress(done, total)`` is told of each
    paper (see :func:`format_many`)."""
    where = "the results" if scope == "results" else f"the {scope} papers"
    if what == "code_links":
        found = (link.url for paper in papers for link in paper.code_links)
        urls = list(dict.fromkeys(url for url in map(web_url, found) if url))
        if not urls:
            return f"No code links in {where}"
        return CopyToClipboard(
            "\n".join(urls), f"{len(urls)} code link{'s' if len(urls) != 1 else ''}"
        )
    if not papers:
        return f"No papers in {where}"
    text = format_many(list(papers), "bibtex", library=library, progress=progress)
    return CopyToClipboard(text, f"{len(papers)} BibTeX entr{'ies' if len(papers) != 1 else 'y'}")


class CopyAllCommands(ScreenActions):
    """Command-palette entries that copy for the results, the marked or the kept papers."""

    def commands(self) -> list[Command]:
        screen = self.screen
        commands: list[Command] = []
        offered = getattr(screen, "has_papers_in", None)
        for scope, label in SCOPES:
            if offered is not None and not offered(scope):
                continue  # no paper to copy for: not offered
            suffix = "" if scope == "results" else f" of {label}"
            papers = label if scope == "results" else f"the {label}"
            commands.append(
                (
                    "Copy all code links" + suffix,
                    f"Every code link of {papers}, one per line",
                    partial(screen.post_message, CopyAll("code_links", scope)),
                )
            )
            commands.append(
                (
                    "Copy all BibTeX entries" + suffix,
                    f"A BibTeX entry for each of {papers} (keys unique)",
                    partial(screen.post_message, CopyAll("bibtex", scope)),
                )
            )
        return commands


def id_request(paper: Paper) -> CopyToClipboard:
    """Copying ``paper``'s id (what ``tuireader show`` and ``cite`` take)."""
    return CopyToClipboard(paper.id, "paper id", one_line=True)


# -- opening a link in a web browser -------------------------------------------------------


def no_browser_reason(
    environ: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """Why a link cannot be opened in a browser here (None: it can).

    Only on a local desktop: not over SSH (the browser would open on the far machine, if
    anywhere), and with a display (X11 or Wayland) or on macOS. A browser that would run
    inside this terminal (lynx, w3m, …) does not count: it would take the reader's screen.
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if environ.get("SSH_CONNECTION") or environ.get("SSH_TTY"):
        return "over SSH"
    if platform != "darwin" and not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return "no display"
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return "no web browser found"
    in_terminal = isinstance(browser, webbrowser.GenericBrowser) and not isinstance(
        browser, webbrowser.BackgroundBrowser
    )
    if in_terminal or getattr(browser, "background", True) is False:
        return "the only browser runs in the terminal"
    return None


def open_in_browser(url: str) -> bool:
    """Open ``url`` (a safe web address) in the desktop's browser; False if it failed.

    Blocking (a browser may take a moment to answer): call it in a worker.
    """
    try:
        return bool(webbrowser.open(url, new=2))
    except Exception:  # noqa: BLE001 - a browser that fails is reported, never raised
        return False


def open_link_target(paper: Paper, number: int = 0) -> Link | str:
    """The link ``o`` (number 0: the primary link) or ``O`` then a number opens, or why
    there is none. Only a safe web address is ever opened."""
    if number == 0:
        link = primary_link(paper)
        if link is None:
            return no_links(paper)
    elif number > len(paper.links):
        count = len(paper.links)
        return f"This paper has no link {number} ({count} link{'s' if count != 1 else ''})"
    else:
        link = paper.links[number - 1]
    url = web_url(link.url)
    if not url:
        return f"Not opened: the {link.what} is not a plain web address"
    return Link(url, link.kind, link.origin) if url != link.url else link
