"""Export from the reader: the results, the marked papers or the kept ones, to a file.

A palette command asks for the format, then a worker renders the papers with their
triage (``tuireader.triage.export``) and writes ``<data dir>/exports/…`` atomically; the
notice says where the file is.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.screen import Screen

from tuireader.model import Paper
from tuireader.triage.export import EXPORT_FORMATS, SUFFIXES, render_export, write_atomic
from tuireader.triage.filters import triage_of
from tuireader.ui.palette import Command, ScreenActions
from tuireader.ui.text import visible

SCOPES = {"results": "the results", "marked": "the marked papers", "kept": "the kept papers"}
FORMAT_NAMES = {
    "bibtex": "BibTeX",
    "markdown": "Markdown reading list",
    "csv": "CSV",
    "json": "JSON",
    "urls": "URLs, one per line",
}


def papers_in_scope(screen: Any, scope: str) -> list[Paper]:
    """The papers of the current results, the marked ones, or the kept ones (list order)."""
    if scope == "results":
        return [row.paper for row in screen.results.rows]
    library = getattr(screen, "library", None)
    if library is None:
        return []
    if scope == "marked":
        wanted = set(getattr(screen, "marked", ()))
    else:
        states = getattr(screen, "triage_states", {})
        wanted = {pid for pid, state in states.items() if state == "kept"}
    return [paper for paper in library.papers if paper.id in wanted]


class ExportCommandsProvider(ScreenActions):
    """Palette entries: export the results / marked / kept papers."""

    def commands(self) -> list[Command]:
        screen = self.screen
        if not isinstance(screen, ExportCommands):
            return []
        return [
            (
                f"Export {label}…",
                f"Write {label} to a file (BibTeX, Markdown, CSV, JSON, URLs)",
                partial(screen.action_export, scope),
            )
            for scope, label in SCOPES.items()
        ]


class ExportCommands(Screen[None]):
    """Mixed into the main screen: the export actions."""

    def action_export(self, scope: str = "results") -> None:
        from tuireader.ui.screens.pick import PickScreen

        papers = papers_in_scope(self, scope)
        if not papers:
            self.notify(f"Nothing to export: {SCOPES[scope]} are empty", severity="warning")
            return
        choices = [FORMAT_NAMES[fmt] for fmt in EXPORT_FORMATS]

        def picked(index: int | None) -> None:
            if index is not None:
                self._export(papers, EXPORT_FORMATS[index], scope)

        self.app.push_screen(PickScreen(f"Export {len(papers)} papers as…", choices), picked)

    def _exports_dir(self) -> Path:
        folder = getattr(self.app, "exports_dir", None)
        if folder is None:
            from tuireader.system.paths import resolve

            folder = resolve().exports_dir
        return Path(folder)

    @work(thread=True, group="export", exit_on_error=False)
    def _export(self, papers: list[Paper], fmt: str, scope: str) -> None:
        store = getattr(self, "store", None)
        try:
            text = render_export(papers, triage_of(store, [p.id for p in papers]), fmt)
            folder = self._exports_dir()
            folder.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            target = folder / f"tuireader-{scope}-{stamp}{SUFFIXES[fmt]}"
            write_atomic(text, target)
        except Exception as exc:  # noqa: BLE001 - tell the user, keep the reader running
            self.app.call_from_thread(
                self.notify, visible(f"Export failed: {exc}"), severity="error", markup=False
            )
            return
        self.app.call_from_thread(
            self.notify, visible(f"Exported {len(papers)} papers to {target}"), markup=False
        )

    COMMANDS: ClassVar[set[Any]] = {*Screen.COMMANDS, ExportCommandsProvider}
