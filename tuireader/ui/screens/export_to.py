"""Where an export is written: a path to edit, offered whole, so that Enter on it writes.

Enter writes to the path typed (a relative one, from the folder the reader was started
from; ``~`` is the home folder), Escape cancels. A path that cannot be written (its
folder missing or not writable, a folder named) is said above it, and the path stays as
typed, to be put right; a file already there is replaced only on a second Enter. The
screen returns the file to write, or None.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from tuireader.render.textrender import visible
from tuireader.ui.exporting import export_path_problem
from tuireader.ui.keys import keys_for_dialog
from tuireader.ui.screens.edit import mark_short
from tuireader.ui.widgets.footer import ReaderFooter
from tuireader.ui.widgets.search import LinesJoined

#: the keys, as the dialog says them
EXPORT_PATH_KEYS = "Enter writes · Escape cancels · a relative path is from {folder}"


class PathInput(LinesJoined):
    """The path typed: a pasted path keeps its spaces, its lines joined as they are."""

    JOIN = ""


class ExportPathScreen(ModalScreen[Path | None]):
    """Ask where to write an export (``title``: what and as what), offering ``start``;
    a relative path is taken from ``base``. ``own``: the folder made when missing (the
    data folder's ``exports``). ``problem``: said as it opens (why the last export to
    ``start`` failed)."""

    DEFAULT_CSS = """
    ExportPathScreen { align: center middle; }
    ExportPathScreen > Vertical {
        width: 76; max-width: 95%; height: auto; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    ExportPathScreen Label { width: 100%; }
    ExportPathScreen #export-problem { color: $error; }
    ExportPathScreen.-short > Vertical { padding: 0 1; max-height: 100%; }
    ExportPathScreen.-short #export-title { text-wrap: nowrap; text-overflow: ellipsis; }
    ExportPathScreen.-short #export-keys { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="export.cancel"),
    ]

    def __init__(
        self,
        title: str,
        start: Path,
        base: Path,
        own: Path | None = None,
        problem: str = "",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.start = str(start)
        self.base = base
        self.own = own
        self.problem = problem
        #: the file already there that the next Enter replaces (asked once)
        self._replace: Path | None = None
        #: the text the problem said is of (another typed takes it away)
        self._said_for = self.start

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(visible(self.title_text), markup=False, id="export-title")
            yield Label(visible(self.problem), markup=False, id="export-problem")
            yield PathInput(self.start, id="export-path", select_on_focus=False)
            yield Label(
                visible(EXPORT_PATH_KEYS.format(folder=self.base)),
                markup=False,
                classes="hint",
                id="export-keys",
            )
        yield ReaderFooter()

    def on_mount(self) -> None:
        field = self.query_one("#export-path", Input)
        field.focus()
        field.cursor_position = len(field.value)
        # the end in view, the file's name: the box scrolls to the cursor as it moves,
        # once it has a width (a long path showed its start, the name out of view)
        self.call_after_refresh(self._show_end)
        self.query_one("#export-problem", Label).display = bool(self.problem)
        # the keys typed ahead of it go to it now, once it is shown (see keys_for_dialog)
        self.call_after_refresh(keys_for_dialog, self.app)

    def _show_end(self) -> None:
        field = self.query_one("#export-path", Input)
        if field.selection.is_empty and field.cursor_position == len(field.value):
            field.cursor_position = 0
            field.cursor_position = len(field.value)

    def on_screen_resume(self) -> None:
        mark_short(self, self.app.size.height, self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        mark_short(self, event.size.height, event.size.width)

    def target(self, typed: str) -> Path | None:
        """The file ``typed`` names (None: nothing typed)."""
        typed = typed.strip()
        if not typed:
            return None
        path = Path(os.path.expanduser(typed))
        return path if path.is_absolute() else self.base / path

    def _say(self, problem: str) -> None:
        self.problem = problem
        self._said_for = self.query_one("#export-path", Input).value
        label = self.query_one("#export-problem", Label)
        label.update(visible(problem))
        label.display = bool(problem)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value == self._said_for:
            return  # (the text as the dialog opened with it, or as the problem saw it)
        # another path: a file there is asked about again, and the problem was the old one's
        self._replace = None
        if self.problem:
            self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        target = self.target(event.value)
        if target is None:
            self._say("Type the file's path")
            return
        try:
            problem = export_path_problem(target, self.own)
        except OSError as error:  # a folder that cannot even be looked at
            problem = f"Cannot write to {target}: {error.strerror or error}"
        if problem:
            self._say(problem)  # the path stays as typed, to be put right
            return
        if os.path.lexists(target) and self._replace != target:
            self._replace = target
            self._say(f"{target.name} is there already: Enter again replaces it, or edit the name")
            return
        self.dismiss(target)

    def action_cancel(self) -> None:
        self.dismiss(None)
