"""Editors for a paper's triage: tags (with completion from tags in use) and the note.

Both are modal: Escape cancels, and the editor returns what to save through
``dismiss`` (``None`` when cancelled).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.suggester import Suggester
from textual.widgets import Input, Label, TextArea
from textual.widgets.input import Selection

from tuireader.render.textrender import display_title, visible
from tuireader.search.query import without_controls
from tuireader.triage.store import note_controls, note_symbols, tag_shown
from tuireader.ui.widgets.footer import ReaderFooter
from tuireader.ui.widgets.search import LinesJoined


def without_unsafe_tag_text(text: str) -> str:
    """``text`` (tags to open the editor with) as a tag keeps it: without the characters
    a tag never holds (controls, bidi and invisible ones: see
    :func:`~tuireader.triage.store.normalize_tag`), a line break or tab made a space. A
    tag saved before tags were cleaned, or typed tags kept for the next run, may hold
    them: an escape the editor showed acted on the terminal."""
    from tuireader.render.safetext import is_unsafe, is_unsafe_at

    if text.isprintable():
        return text
    kept = []
    for at, char in enumerate(text):
        if char in "\t\n" or (char.isspace() and is_unsafe(char)):
            kept.append(" ")
        elif not is_unsafe_at(text, at):
            kept.append(char)
    return "".join(kept)


def split_tags(text: str) -> list[str]:
    """Tags typed as a comma-separated list, empty entries dropped."""
    return [part.strip() for part in text.split(",") if part.strip()]


class TagSuggester(Suggester):
    """Completes the tag being typed (after the last comma) from the tags in use."""

    def __init__(self, tags: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.tags = list(tags)

    async def get_suggestion(self, value: str) -> str | None:
        head, _, last = value.rpartition(",")
        typed = last.lstrip()
        if not typed:
            return None
        already = {tag.casefold() for tag in split_tags(head)}
        for tag in self.tags:
            if tag.casefold().startswith(typed.casefold()) and tag.casefold() not in already:
                return value[: len(value) - len(typed)] + tag
        return None


class TagInput(LinesJoined):
    """The tags typed: a paste of several lines (a tag a line) gives a tag of each line,
    where Input keeps the first line only."""

    JOIN = ", "


def mark_short(screen: Screen[Any], height: int, width: int | None = None) -> None:
    """Mark an editor ``-short`` on a terminal of fewer than
    :data:`~tuireader.ui.screens.main.SHORT_ROWS` rows, where its styles drop blank rows
    and wrapped titles so that what is typed keeps rows to show, and ``-slim`` on one of
    fewer than :data:`~tuireader.ui.screens.main.SLIM_COLUMNS` columns, where its notices
    take the screen's width (at half of it, one took five of the twelve rows at 40×12)."""
    from tuireader.ui.screens.main import SHORT_ROWS, SLIM_COLUMNS

    screen.set_class(height < SHORT_ROWS, "-short")
    if width is not None:
        screen.set_class(width < SLIM_COLUMNS, "-slim")


#: the tag editor's keys, as it says them; with text kept from an earlier edit, which
#: comes back selected (typing replaces it), how to keep it
TAG_KEYS = "Enter saves · Escape cancels · Right accepts a completion"
TAG_KEYS_DRAFT = (
    "Enter saves · Escape cancels · Right keeps the text brought back (typing replaces it)"
    " or accepts a completion"
)
#: the note editor's keys, as it says them, and with text kept from an earlier edit
NOTE_KEYS = "Ctrl+S saves · Escape cancels (n brings the text back)"
NOTE_KEYS_DRAFT = (
    "Ctrl+S saves · Escape cancels (n brings the text back) · Right keeps the text"
    " brought back (typing replaces it)"
)


class TagEditor(ModalScreen[list[str] | None]):
    """Edit a comma-separated list of tags. Enter saves, Escape cancels. ``title``, which
    names the paper by its title, is shown as the list shows titles (LaTeX rendered).
    ``text``: what the editor opens with, when not the tags as saved (tags typed and
    kept from an earlier edit). Text left in the editor with Escape, or when the reader
    closes (Ctrl+Q, the terminal gone), that is not the tags as saved goes to
    ``keep_draft``, so that the next edit can bring it back, as the note editor keeps
    its text; Escape says so. ``typing`` is told the text as it opens and as it is
    typed, while it is not the tags as saved (None once it is again). ``check`` gives
    why the tags typed cannot be saved (a tag too long), or None: Enter on such tags
    says why and leaves the editor open with them. Enter on the tags as they were gives
    back ``tags`` themselves (nothing to save)."""

    DEFAULT_CSS = """
    TagEditor { align: center middle; }
    TagEditor > Vertical {
        width: 70; max-width: 95%; height: auto; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    TagEditor Label { width: 100%; }
    TagEditor #tags-refused { color: $error; }
    TagEditor.-short #tags-refused { text-wrap: nowrap; text-overflow: ellipsis; }
    TagEditor.-short #tags-controls { text-wrap: nowrap; text-overflow: ellipsis; }
    /* a short terminal (40×12): the title and the tags in use on one row each, and no
       blank rows, so that the input and its keys stay in view above a notice (the
       title took three rows, and the keys were cut off under the notice of a copy) */
    TagEditor.-short > Vertical { padding: 0 1; max-height: 100%; }
    TagEditor.-short #tags-title { text-wrap: nowrap; text-overflow: ellipsis; }
    TagEditor.-short #tags-used { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="tags.cancel"),
    ]

    def __init__(
        self,
        tags: Sequence[str],
        known: Sequence[str],
        *,
        title: str = "Tags",
        text: str | None = None,
        keep_draft: Callable[[str], None] | None = None,
        refused: str | None = None,
        typing: Callable[[str | None], None] | None = None,
        check: Callable[[list[str]], str | None] | None = None,
    ) -> None:
        super().__init__()
        #: why what is typed cannot be saved (the triage file read-only), said above it
        self.refused = refused
        self.check = check
        self.typing = typing
        self.tags = list(tags)
        self.known = list(known)
        self.title_text = title
        self._suggester = TagSuggester(self.known)
        self.keep_draft = keep_draft
        #: what the editor opens with
        start = text if text is not None else ", ".join(self.tags) + (", " if tags else "")
        self.start = without_unsafe_tag_text(start)
        #: the tags held characters a tag never holds, left out
        self.cleaned = self.start != start
        #: saved or cancelled: nothing left to keep when the editor goes
        self._left = False
        #: the text as typed (the editor's widgets are gone by the time it unmounts)
        self._text = self.start

    def compose(self) -> ComposeResult:
        start = self.start
        with Vertical():
            yield Label(visible(display_title(self.title_text)), markup=False, id="tags-title")
            if self.refused:
                yield Label(
                    visible(f"Cannot be saved: {self.refused}"), markup=False, id="tags-refused"
                )
            yield TagInput(
                start,
                placeholder="tag, another tag",
                suggester=self._suggester,
                id="tags-input",
            )
            # the keys and the tags in use each a line of their own: the keys are said
            # whole however many tags there are (the tags are cut on a short terminal)
            yield Label(
                TAG_KEYS_DRAFT if self._typed_before() < len(start) else TAG_KEYS,
                markup=False,
                classes="hint",
                id="tags-keys",
            )
            yield Label(visible(self._in_use()), markup=False, classes="hint", id="tags-used")
            if self.cleaned:
                yield Label(
                    "The tags held control characters (terminal codes): left out",
                    markup=False,
                    classes="hint",
                    id="tags-controls",
                )
        yield ReaderFooter()  # the dialog's own keys, over the list's

    def _in_use(self) -> str:
        shown = (tag_shown(tag) for tag in self.known[:8])
        return "in use: " + ", ".join(shown) if self.known else ""

    def follow_known(self, known: Sequence[str]) -> None:
        """The tags in use changed while the editor is open (another reader or the
        command line tagged a paper): complete and list the new ones too."""
        known = list(known)
        if known == self.known:
            return
        self.known = known
        self._suggester.tags = list(known)
        if self.is_mounted:
            used = self.query_one("#tags-used", Label)
            used.update(visible(self._in_use()))
            used.display = bool(self.known)

    def on_mount(self) -> None:
        field = self.query_one("#tags-input", Input)
        field.focus()
        # text kept from an earlier edit comes back selected, as the search box selects
        # its query: what is typed next replaces it (the cursor was at its end, and
        # keys typed in a burst after t were joined onto it: "quant" then "quantization"
        # gave "quantquantization"); → keeps it, the cursor at its end
        field.selection = Selection(self._typed_before(), len(field.value))
        self.query_one("#tags-used", Label).display = bool(self.known)
        self._tell_typing()

    def _typed_before(self) -> int:
        """Where the text the editor opens with goes on past the tags as saved: the
        tags typed and kept from an earlier edit begin there (the length of the text
        when there are none). The text holds the tags saved first as the editor shows
        them, or else is all typed before (0)."""
        text = self.start
        saved = without_unsafe_tag_text(", ".join(self.tags))
        if not text.startswith(saved) or text[len(saved) : len(saved) + 1] not in ("", ","):
            return 0
        at = len(saved)
        while at < len(text) and text[at] in ", ":
            at += 1
        return at

    def on_screen_resume(self) -> None:
        mark_short(self, self.app.size.height, self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        mark_short(self, event.size.height, event.size.width)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._text = event.value
        self._tell_typing()

    def _tell_typing(self) -> None:
        if self.typing is not None and not self._left:
            self.typing(self._text if self._changed(self._text) else None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        why = self.check(split_tags(event.value)) if self.check is not None else None
        if why:
            # refused: the text stays, to be put right (or copied to the note)
            self.app.notify(visible(why), severity="error", markup=False)
            return
        self._left = True
        if split_tags(event.value) == split_tags(", ".join(self.tags)):
            # nothing changed: the tags as they were, whole, for the reader to say so (a
            # tag holding a comma, set before commas were refused, split would be two)
            self.dismiss(list(self.tags))
            return
        self.dismiss(split_tags(event.value))

    def action_cancel(self) -> None:
        # Escape keeps the tags typed for the next edit, as the note editor keeps its
        # text: they were thrown away without a word.
        self._left = True
        text = self.query_one("#tags-input", Input).value
        if self.keep_draft is not None and self._changed(text):
            self.keep_draft(text)
            self.app.notify("Tags not saved · t opens them again with what you typed")
        self.dismiss(None)

    def _changed(self, text: str) -> bool:
        """Whether ``text`` is other tags than those saved (text brought back from an
        earlier edit and left as it was counts: it is kept again)."""
        saved = ", ".join(self.tags)
        return split_tags(text) not in (
            split_tags(saved),
            split_tags(without_unsafe_tag_text(saved)),
        )

    def on_unmount(self) -> None:
        # The reader is closing with the editor open: the tags typed are kept, not lost.
        if not self._left and self.keep_draft is not None and self._changed(self._text):
            self.keep_draft(self._text)


class NoteArea(TextArea):
    """The note's text: a paste copied from a coloured terminal goes in without the
    terminal's colour codes, which are no text of a note (its lines and tabs kept)."""

    async def _on_paste(self, event: events.Paste) -> None:
        text, _ = without_controls(event.text)
        if text == event.text:
            return  # TextArea inserts it as it is
        event.prevent_default()
        await super()._on_paste(events.Paste(text))
        event.stop()


class NoteEditor(ModalScreen[str | None]):
    """Edit a paper's note over several lines (``title``: the paper's, shown as the list
    shows it). Ctrl+S saves, Escape cancels; text left with Escape that is not the note
    as saved (``saved``; by default the text the editor opens with) goes to
    ``keep_draft``, so the next edit can bring it back: text typed, and text the editor
    opened with that was not saved (a draft, a note a full disk refused). So does text
    left in the editor when the reader closes (Ctrl+Q, the terminal gone): its second
    argument is then True. ``typing`` is told the text as it opens and as it is typed,
    while it is not the note as saved (None once it is again)."""

    DEFAULT_CSS = """
    NoteEditor { align: center middle; }
    NoteEditor > Vertical {
        width: 90; max-width: 95%; height: 20; max-height: 95%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    NoteEditor TextArea { height: 1fr; }
    /* the title and the keys wrap: on one row each, a narrow screen cut them short */
    NoteEditor Label { width: 100%; }
    /* a short terminal (40×12): the title on one row, and no blank rows nor the line of
       keys (the footer names them), so the text keeps rows: it had none at 40×12 */
    NoteEditor.-short > Vertical { padding: 0 1; max-height: 100%; }
    NoteEditor.-short #note-title { text-wrap: nowrap; text-overflow: ellipsis; }
    NoteEditor.-short #note-keys { display: none; }
    NoteEditor #note-controls { color: $warning; }
    NoteEditor #note-refused { color: $error; }
    NoteEditor.-short #note-refused { text-wrap: nowrap; text-overflow: ellipsis; }
    NoteEditor.-short #note-controls { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", priority=True, id="note.cancel"),
        Binding("ctrl+s", "save", "Save", priority=True, id="note.save"),
    ]

    def __init__(
        self,
        note: str,
        *,
        title: str = "Note",
        keep_draft: Callable[[str, bool], None] | None = None,
        saved: str | None = None,
        refused: str | None = None,
        typing: Callable[[str | None], None] | None = None,
    ) -> None:
        super().__init__()
        #: why what is typed cannot be saved (the triage file read-only), said above it
        self.refused = refused
        self.typing = typing
        #: control characters the text held, shown (and saved) as symbols: the editor
        #: wrote them to the terminal as they were (an escape cleared the screen)
        self.controls = note_controls(note)
        note = note_symbols(note)
        self.note = note
        self.saved = note if saved is None else saved
        #: the note as saved, as the editor shows it: the text left as it opened
        self._saved_shown = note_symbols(self.saved)
        self.title_text = title
        self.keep_draft = keep_draft
        #: saved or cancelled: nothing left to keep when the editor goes
        self._left = False
        #: the text as typed (the editor's widgets are gone by the time it unmounts)
        self._text = note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                visible(f"Note: {display_title(self.title_text)}"), markup=False, id="note-title"
            )
            if self.refused:
                yield Label(
                    visible(f"Cannot be saved: {self.refused}"), markup=False, id="note-refused"
                )
            if self.controls:
                held = "a control character" if self.controls == 1 else "control characters"
                yield Label(
                    f"The note held {held} (terminal codes), shown as symbols (␛ for"
                    " Escape): saved, it keeps the symbols",
                    markup=False,
                    id="note-controls",
                )
            yield NoteArea(self.note, id="note-input", soft_wrap=True, tab_behavior="focus")
            yield Label(
                NOTE_KEYS_DRAFT if self._typed_before() < len(self.note) else NOTE_KEYS,
                markup=False,
                id="note-keys",
            )
        yield ReaderFooter()

    def on_mount(self) -> None:
        area = self.query_one("#note-input", TextArea)
        area.focus()
        # text kept from an earlier edit past the note as saved comes back selected, as
        # the tag editor's does: what is typed next replaces it (it was joined onto it)
        lines = (self.note[: self._typed_before()] + "|").splitlines()  # as the area reads it
        area.move_cursor((len(lines) - 1, len(lines[-1]) - 1))
        area.move_cursor(area.document.end, select=True)
        self._tell_typing()

    def _typed_before(self) -> int:
        """Where the text the editor opens with goes on past the note as saved: the
        text typed and kept from an earlier edit begins there (its length when there is
        none). The text holds the note saved first, or else is all typed before (0)."""
        saved = self._saved_shown
        return len(saved) if self.note.startswith(saved) else 0

    def on_screen_resume(self) -> None:
        mark_short(self, self.app.size.height, self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        mark_short(self, event.size.height, event.size.width)

    def action_save(self) -> None:
        self._left = True
        self.dismiss(self.query_one("#note-input", TextArea).text)

    def action_cancel(self) -> None:
        self._left = True
        text = self.query_one("#note-input", TextArea).text
        if self.keep_draft is not None and text not in (self.saved, self._saved_shown):
            self.keep_draft(text, False)
        self.dismiss(None)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self._text = event.text_area.text
        self._tell_typing()

    def _tell_typing(self) -> None:
        if self.typing is not None and not self._left:
            left_as_saved = self._text in (self.saved, self._saved_shown)
            self.typing(None if left_as_saved else self._text)

    def on_unmount(self) -> None:
        # The reader is closing with the editor open: the text is kept, not lost.
        left_as_saved = self._text in (self.saved, self._saved_shown)
        if not self._left and self.keep_draft is not None and not left_as_saved:
            self.keep_draft(self._text, True)
