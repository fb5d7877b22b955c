"""The help screen: every key binding, generated from the bindings themselves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from tuireader.learn import decisions_wanted
from tuireader.ui.bindings import (
    HELP_ANYWHERE,
    SUSPEND_ANYWHERE,
    Place,
    declared_bindings,
    key_names,
    with_keymap,
)
from tuireader.ui.exporting import FORMATS_SAID
from tuireader.ui.text import CODE_MARK, DERIVED_MARK
from tuireader.ui.triage import MARK, MARKERS
from tuireader.ui.widgets.footer import ReaderFooter
from tuireader.ui.widgets.search import SUGGESTION_KEY

#: every symbol the list shows, with what it means.
LEGEND = (
    (MARKERS["kept"], "kept (s)"),
    (MARKERS["maybe"], "maybe (m)"),
    (MARKERS["skip"], "skipped (x)"),
    (MARKERS["read"], "read (r)"),
    (
        MARK,
        (
            "marked for a bulk action (space); s m x r t then act on every marked paper, "
            "also those the query hides (the pane's title says how many)"
        ),
    ),
    (CODE_MARK, "the paper links to code"),
    (DERIVED_MARK, "title derived from the abstract, or not known (the source gave none)"),
)

#: the query language in brief (the README's "Query syntax" has it all).
QUERY_SYNTAX = (
    ("diffusion models", "papers with every word (word forms folded); the last word is a prefix"),
    ("manip*", "words that begin so (manipulation, manipulator)"),
    ('"graph neural network"', "the words in that order"),
    ("-video, NOT video", "papers without the word"),
    ("a OR b, (a OR b) c", "alternatives, grouping"),
    ("title: author: abstract:", "one field only, e.g. author:zhou"),
    ("list: venue: year: url:", "e.g. venue:corl, year:2024, year:2020..2024, list:iclr"),
    ("keyword: category: area:", "author keywords, arXiv categories, primary area"),
    ("status:oral", "the source's decision: oral, spotlight, poster, reject, withdraw"),
    ("has:code has:video", "papers with such a link (paper, project, slides, poster too)"),
    ("is:kept is:maybe is:skip", "papers in that triage state (is:read, is:new too)"),
    ("tag:NAME has:note", "papers with that tag / with a note"),
    ("note:WORDS", "papers whose note has those words, e.g. note:later"),
    (
        "sort:fit sort:list",
        (
            "order by what you keep, or as the list has it (default: the order F chose "
            "last, relevance at first; no query, or filters only: list order)"
        ),
    ),
    ("2401.01234 10.1/x https:…", "the paper an arXiv id, DOI, OpenReview id or link names"),
)


#: a row of the help: the keys, what they do, and the binding id (None: not changeable).
Row = tuple[str, str, str | None]

#: the fewest columns a row's text is wrapped to, however narrow the screen.
NARROWEST = 20

#: the heading of the menus' keys in the help (a link, a citation format, an export format).
MENUS = "Menus (a paper's links, citation formats, export formats)"
TAG_EDITOR = "Tag editor"
NOTE_EDITOR = "Note editor"
MANUAL_COPY = "Copy by hand (when no clipboard can be trusted, and the last copy)"
NOTICES = "Notices of this run"
EXPORT_PATH = "Export: the file to write"
#: the editing keys of a one-line text box (Textual's Input: the search box, the tag
#: editor), each as Textual names it (comma-separated), and what it does.
LINE_KEYS = (
    ("left,right", "Move the cursor"),
    ("ctrl+left,ctrl+right", "Move the cursor a word"),
    ("home,ctrl+a", "Move the cursor to the start"),
    ("end,ctrl+e", "Move the cursor to the end"),
    ("shift+…", "Shift with a key that moves the cursor: select as it moves"),
    ("ctrl+shift+a", "Select all"),
    ("backspace", "Delete the character before the cursor"),
    ("delete,ctrl+d", "Delete the character after the cursor"),
    ("ctrl+w,ctrl+backspace,alt+backspace", "Delete the word before the cursor"),
    ("alt+delete", "Delete the word after the cursor"),
    ("ctrl+u", "Delete all before the cursor"),
    ("ctrl+k", "Delete all after the cursor"),
    ("ctrl+x,ctrl+c", "Cut, copy the selected text"),
    ("ctrl+v", "Paste the text cut or copied last"),
)
#: the moving and selecting keys of a text area (Textual's TextArea: the note editor,
#: the text to copy by hand)
AREA_MOVES = (
    ("ctrl+left,ctrl+right", "Move the cursor a word"),
    ("home,ctrl+a", "Move the cursor to the start of the line"),
    ("end,ctrl+e", "Move the cursor to the end of the line"),
    ("pageup,pagedown", "Move the cursor a page up, down"),
    ("shift+…", "Shift with a key that moves the cursor: select as it moves"),
    ("f6", "Select the line"),
)
#: keys a place takes beside its bindings (the menus' number keys and Enter, the editors'
#: own keys), by heading: each key as Textual names it (comma-separated), what it does.
#: Every key the text boxes take is here: a key the help leaves out is one a user never
#: learns (^a, ^k, Shift to select were left out).
OTHER_KEYS = {
    "Search box": LINE_KEYS,
    "Results list": (("1–9", "Copy link N, as numbered in the viewer"),),
    "Viewer": (("1–9", "Copy link N, as numbered in the viewer"),),
    MENUS: (
        ("1–9,0,a,b…", "Pick that choice at once (its key is shown before it)"),
        ("enter", "Pick the highlighted choice"),
    ),
    TAG_EDITOR: (
        ("enter", "Save"),
        (
            "right",
            (
                "Accept the completion shown (at the end of the text); keep the text"
                " brought back from an earlier edit, shown selected (what is typed replaces it)"
            ),
        ),
        *LINE_KEYS,
    ),
    NOTE_EDITOR: (
        ("enter", "New line"),
        (
            "up,down,left,right",
            (
                "Move the cursor (right keeps the text brought back from an earlier edit,"
                " shown selected: what is typed replaces it)"
            ),
        ),
        *AREA_MOVES,
        ("f7", "Select all (what is typed next replaces it)"),
        ("backspace", "Delete the character before the cursor"),
        ("delete,ctrl+d", "Delete the character after the cursor"),
        ("ctrl+w,ctrl+backspace,alt+backspace", "Delete the word before the cursor"),
        ("alt+delete", "Delete the word after the cursor"),
        ("ctrl+u", "Delete to the start of the line"),
        ("ctrl+k", "Delete to the end of the line (an empty line: the line)"),
        ("ctrl+shift+k", "Delete the line"),
        ("ctrl+x,ctrl+c", "Cut, copy the selected text"),
        ("ctrl+v", "Paste the text cut or copied last"),
        ("ctrl+z,ctrl+y", "Undo, redo typing"),
    ),
    EXPORT_PATH: (
        ("enter", "Write the file (one already there: asked, Enter again replaces it)"),
        *LINE_KEYS,
    ),
    MANUAL_COPY: (
        (
            "ctrl+c",
            (
                "Copy the text selected (all of it at first) as every copy is (tmux buffer,"
                " OSC 52 where it can arrive, local clipboard); the notice says how, or why not"
            ),
        ),
        ("up,down,left,right", "Move the text's cursor (not shown; the selection ends)"),
        *AREA_MOVES,
        ("f7", "Select all"),
    ),
}

#: the keys that scroll a dialog's text, as they scroll the viewer: where each goes, its
#: arrow (or Home, End) key and its letter, its description and its id's last part.
SCROLLS = (
    ("down", "down", "j", "Scroll down", "down"),
    ("up", "up", "k", "Scroll up", "up"),
    ("home", "home", "g", "Top", "top"),
    ("end", "end", "G", "Bottom", "bottom"),
    # the scrolling frame took these, unlisted: they page as the list's and viewer's do
    ("page_down", "pagedown", "", "Page down", "page_down"),
    ("page_up", "pageup", "", "Page up", "page_up"),
)


def scroll_keys(place: str, *, arrows: bool = True) -> list[Binding]:
    """The bindings that scroll a dialog's text as the viewer's keys scroll it: j k g G,
    with ↓ ↑ Home End PgDn PgUp (``arrows``: not where the widget focused gives those a
    meaning of its own, such as a text area's cursor), running the screen's
    ``scroll(where)``; their ids begin with ``place`` ("help.down", "help.top")."""
    return [
        Binding(
            ",".join(keys),
            f"scroll('{where}')",
            description,
            show=False,
            id=f"{place}.{name}",
        )
        for where, arrow, letter, description, name in SCROLLS
        if (keys := [key for key in (arrow if arrows else "", letter) if key])
    ]


def scroll(widget: Widget, where: str) -> None:
    """Scroll ``widget`` a row or a page down or up, or to its top or bottom, or a column
    left or right (``where``: "down", "up", "page_down", "page_up", "home", "end", "left"
    or "right"), at once; a text area's cursor and selection stay."""
    if where == "down":
        widget.scroll_down(animate=False)
    elif where == "up":
        widget.scroll_up(animate=False)
    elif where == "home":
        widget.scroll_home(animate=False)
    elif where == "end":
        widget.scroll_end(animate=False)
    elif where == "page_down":
        widget.scroll_page_down(animate=False)
    elif where == "page_up":
        widget.scroll_page_up(animate=False)
    elif where == "left":
        widget.scroll_left(animate=False)
    elif where == "right":
        widget.scroll_right(animate=False)


class ScrollFrame(VerticalScroll):
    """A dialog's scrolling frame whose own keys (the arrows, Home, End, PgUp, PgDn)
    scroll it at once, as the dialog's j k g G do (sideways too, where its styles let it).

    Textual's frame animates a page: a PgDn typed while the page before it was still
    sliding counted from where the slide had got to, so four PgDn sent together went
    one page down, not four."""

    def _scroll_key(self, where: str) -> None:
        sideways = where in ("left", "right")
        if not (self.allow_horizontal_scroll if sideways else self.allow_vertical_scroll):
            raise SkipAction()
        scroll(self, where)

    def action_scroll_left(self) -> None:
        self._scroll_key("left")

    def action_scroll_right(self) -> None:
        self._scroll_key("right")

    def action_scroll_down(self) -> None:
        self._scroll_key("down")

    def action_scroll_up(self) -> None:
        self._scroll_key("up")

    def action_scroll_home(self) -> None:
        self._scroll_key("home")

    def action_scroll_end(self) -> None:
        self._scroll_key("end")

    def action_page_down(self) -> None:
        self._scroll_key("page_down")

    def action_page_up(self) -> None:
        self._scroll_key("page_up")


def _names(places: Sequence[Place]) -> str:
    """The names of ``places`` in a sentence: "search box and the viewer"."""
    return " and the ".join(place.name[:1].lower() + place.name[1:] for place in places)


class HelpScreen(ModalScreen[None]):
    """Lists each place's bindings with their keys, then the symbols used in the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close help", id="help.close"),
        *scroll_keys("help"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"help--heading", "help--key"}

    def __init__(self, places: Sequence[Place], active: Mapping[str, ActiveBinding]) -> None:
        super().__init__()
        self._places = places
        self._active = active
        #: the width the help was last wrapped to (0: not yet).
        self._width = 0

    def compose(self) -> ComposeResult:
        with ScrollFrame(id="help-body"):
            yield Static(id="help-text", markup=False)
        yield ReaderFooter()  # the help screen's own keys, over the list's

    def on_mount(self) -> None:
        # Its width is known once laid out: until the help is wrapped to it, it is not
        # shown, since the text wrapped by the widget put a description's second line
        # under the keys, not under its first line (a frame on every ?).
        text = self.query_one("#help-text", Static)
        text.update(self.help_text())
        text.styles.visibility = "hidden"
        self.query_one("#help-body").focus()
        self.call_after_refresh(self._fit_text)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_text)

    def _fit_text(self) -> None:
        """Wrap the help to the width it is shown in, each row's text under its column."""
        width = self.query_one("#help-body", VerticalScroll).scrollable_content_region.width
        if width > 0 and width != self._width:
            self._width = width
            text = self.query_one("#help-text", Static)
            text.update(self.help_text(width))
            text.styles.visibility = "visible"

    def dialog_places(self) -> list[Place]:
        """The keys of the menus, dialogs and editors the reader opens over the list, with
        the ``[keys]`` table applied (listed after the main screen's places)."""
        from tuireader.ui.screens.edit import NoteEditor, TagEditor
        from tuireader.ui.screens.export_to import ExportPathScreen
        from tuireader.ui.screens.manual_copy import ManualCopyScreen
        from tuireader.ui.screens.notices import NoticesScreen
        from tuireader.ui.screens.pick import PickScreen
        from tuireader.ui.screens.problems import ProblemsScreen

        keymap: Mapping[str, str] = getattr(self.app, "keymap", {})
        return [
            # the help and suspend keys are the app's, in force over each dialog (the
            # help's own key closes it)
            Place(name, self, with_keymap((*declared_bindings(dialog), *also), keymap))
            for name, dialog, also in (
                (MENUS, PickScreen, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                (TAG_EDITOR, TagEditor, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                # the note's text box takes Ctrl+Z (undo), so it does not suspend there
                (NOTE_EDITOR, NoteEditor, (HELP_ANYWHERE,)),
                (EXPORT_PATH, ExportPathScreen, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                ("Load warnings", ProblemsScreen, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                (NOTICES, NoticesScreen, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                (MANUAL_COPY, ManualCopyScreen, (HELP_ANYWHERE, SUSPEND_ANYWHERE)),
                ("This help", HelpScreen, (SUSPEND_ANYWHERE,)),
            )
        ]

    def _rows(self, place: Place) -> list[Row]:
        """One row per description: "?, f1  Help", and the binding id the [keys] table
        of config.toml changes it by (the first binding's); then the keys the place
        takes beside its bindings."""
        merged: dict[str, tuple[list[str], str | None]] = {}
        for b in place.bindings:
            description = b.description or b.action
            if self._places and place is self._places[0]:
                description += self._elsewhere(b)
            shown, _ = merged.setdefault(description, ([], b.id))
            shown.append(self._keys(b))
        rows: list[Row] = [
            (", ".join(shown), description, binding_id)
            for description, (shown, binding_id) in merged.items()
        ]
        rows += [
            (self._keys(Binding(keys, "")), description, None)
            for keys, description in OTHER_KEYS.get(place.name, ())
        ]
        return rows

    def _keys(self, binding: Binding) -> str:
        return ", ".join(
            self.app.get_key_display(Binding(key, binding.action)) for key in key_names(binding)
        )

    def _elsewhere(self, binding: Binding) -> str:
        """For a key of the main screen (the first place) that a pane takes for its own
        where it has the focus, where the screen's key works and where it does not:
        Escape is "back from More like this" in the list, but clears the query in the
        search box and goes back to the list from the viewer ("" for any other key)."""
        panes = self._places[1:]
        keys = set(key_names(binding))
        taken = [p for p in panes if any(keys.intersection(key_names(b)) for b in p.bindings)]
        if not taken or len(taken) == len(panes):
            return ""
        free = [pane for pane in panes if pane not in taken]
        return f" (in the {_names(free)}; in the {_names(taken)}, see there)"

    def _how_notes(self) -> list[str]:
        """What the key rows alone do not say: a state key on a paper already so, where
        the cursor goes after a decision and after the order key, a letter no key takes,
        and where export is; the keys as the ``[keys]`` table sets them."""
        main = self._places[0].bindings if self._places else ()
        states = [self._keys(b) for b in main if b.action.startswith("triage(")]
        keys = ", ".join(states) or "s, m, x, r"
        config = getattr(self.app, "config", None)
        if getattr(config, "auto_advance", True):
            moves = (
                "After a decision the cursor moves to the next new paper; with none below "
                "it stays, and the same key again keeps the decision (z undoes it: with no "
                "other paper to move to, z is the way back to new). A decision that could "
                "not be saved brings the cursor back to its paper, unless you moved it "
                "since: the same key again tries again."
            )
        else:
            moves = (
                "After a decision the cursor stays (auto_advance = false in config.toml), "
                "so the same key again puts the paper back to new."
            )

        def keys_of(action: str, default: str) -> str:
            """The keys of ``action`` on the main screen, else ``default``."""
            return ", ".join(self._keys(b) for b in main if b.action == action) or default

        order = keys_of("cycle_order", "F")
        tags = keys_of("edit_tags", "t")
        maybe = keys_of("triage('maybe')", "m")
        note = keys_of("edit_note", "n")
        save = (
            ", ".join(
                self._keys(b)
                for place in self.dialog_places()
                for b in place.bindings
                if b.id == "note.save"
            )
            or "^s"
        )
        palette_key = getattr(self.app, "COMMAND_PALETTE_BINDING", "ctrl+p")
        palette = self.app.get_key_display(Binding(palette_key, "command_palette"))
        return [
            f"{keys} on a paper already in that state put it back to new.",
            moves,
            (
                f"{order} (or a sort: word typed) puts the cursor on the first paper of the "
                f"new order. Fit order needs {decisions_wanted({})}: until then the papers "
                "are in relevance order (list order without words), and the status line "
                "says what the fit still needs. In fit order, the model fitted again after "
                "your decisions reorders only the papers below the lowest one the cursor "
                "has been on."
            ),
            (
                "A letter no key takes starts a search: it goes to the search box, and so do "
                "the keys typed after it. Keys arriving together with a character no key "
                "takes among them (a paste typed by the terminal) are searched whole, not "
                f"acted on, unless {tags} or {note} is among them: the text after it is that "
                "editor's when the key comes first or right after a key that moves or marks, "
                "and when the keys before it all decide, move or mark and the text ends with "
                f"the editor's save key (Enter for the tags, {save} for the note), but not "
                "when the first word the keys spell is one a query finds papers by (of their "
                "titles, abstracts, authors, venues, keywords or lists) or a word of a tag "
                f"in use, nor when {tags} or {note} comes first and the keys up to Enter are "
                f"one such word: {maybe} {tags} theory Enter marks a paper maybe and tags the "
                f"next one, {tags} theory Enter tags it; stochastic Enter, tensor Enter, "
                "neural Enter, or an author's name and Enter, is searched. Keys the list "
                "takes, all of them, act. Esc in the search box then takes that typing back: "
                "the query, its results, the paper highlighted and the one open as they were "
                "before it (Enter goes back to the paper; a second Esc clears the query). In "
                "the search box, / with the box empty or its text all selected selects the "
                "query, as it does elsewhere; Tab goes on to the list."
            ),
            (
                f"Export ({FORMATS_SAID}) of the results, the marked or the kept papers: "
                f"{palette}, the command palette, then Export, a format, and the file: "
                "a path is offered in the folder the reader was started from (kept.bib, "
                "a name not taken), Enter writes it, Escape cancels; a file already there "
                "is replaced only on a second Enter."
            ),
        ]

    def _hang(self, body: Text, indent: int, width: int | None) -> Text:
        """``body`` wrapped to ``width`` columns less ``indent``, its lines after the first
        indented by ``indent`` (under the column it starts in); as it is without a width."""
        if width is None or indent + cell_len(body.plain) <= width:
            return body
        lead = ""
        if width - indent < NARROWEST:
            # too narrow beside its column: under it, on lines of its own, a little in
            indent = min(4, indent)
            lead = "\n" + " " * indent
        lines = body.wrap(self.app.console, max(width - indent, 1))
        for line in lines:
            line.rstrip()
        return Text(lead) + Text("\n" + " " * indent).join(lines)

    def help_text(self, width: int | None = None) -> Text:
        """The help, each line fitted to ``width`` columns (None: not wrapped here)."""
        heading = self.get_component_rich_style("help--heading", partial=True)
        key_style = self.get_component_rich_style("help--key", partial=True)
        text = Text(end="")

        def row(lead: str, style: Style | str, body: Text) -> None:
            text.append(lead, style)
            text.append_text(self._hang(body, cell_len(lead), width))
            text.append("\n")

        def sections(rows_of: list[tuple[str, list[Row]]]) -> int:
            """Each place's heading and rows, the keys in a column as wide as the widest
            (and two more): that width."""
            column = max((len(keys) for _, rows in rows_of for keys, _, _ in rows), default=8) + 2
            for name, rows in rows_of:
                if text:
                    text.append("\n")
                text.append_text(self._hang(Text(name, heading), 0, width))
                text.append("\n")
                for keys, description, binding_id in rows:
                    body = Text(description)
                    if binding_id:
                        body.append(id_shown.format(binding_id), "dim")
                    row(f"  {keys:<{column}}", key_style, body)
            return column

        # NO_COLOR draws nothing faint: the ids are told from what the keys do by brackets
        no_color = self.app.no_color
        id_shown = "  [{}]" if no_color else "  {}"
        main = [(place.name, self._rows(place)) for place in self._places]
        # Keys the framework adds (command palette, quit) that no reader class declares.
        listed = {key for place in self._places for b in place.bindings for key in key_names(b)}
        extra = [
            (self.app.get_key_display(active.binding), active.binding.description, None)
            for key, active in self._active.items()
            if key not in listed and active.binding.description and active.node is self.app
        ]
        if extra:
            main[0][1].extend(extra)
        column = sections(main)
        text.append("\nHow the keys work together\n", heading)
        for line in self._how_notes():
            row("  ", "", Text(line))
        text.append("\nSymbols in the list\n", heading)
        for mark, meaning in LEGEND:
            row(f"  {mark:<{column}}", key_style, Text(meaning))
        syntax = max(len(query) for query, _ in QUERY_SYNTAX) + 2
        text.append("\nQuery syntax\n", heading)
        for query, meaning in QUERY_SYNTAX:
            row(f"  {query:<{syntax}}", key_style, Text(meaning))
        row(
            "  ",
            "",
            Text(
                "A malformed query is repaired and the repair explained; a query with few "
                f'hits gets a "did you mean" suggestion, which {SUGGESTION_KEY} at the end of '
                "the search box takes when the query finds nothing."
            ),
        )
        # the menus, dialogs and editors opened over the list, and this help
        sections([(place.name, self._rows(place)) for place in self.dialog_places()])
        text.append("\n")
        row(
            "",
            "",
            Text(
                f"The {'names in brackets' if no_color else 'dim names'} are binding ids: the "
                '[keys] table of config.toml changes a key by its id, e.g. "copy.link" = "c".'
            ),
        )
        text.append("\n")
        text.append_text(self._hang(Text("Escape, q, ? or F1 closes this screen."), 0, width))
        return text

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one("#help-body", VerticalScroll), where)
