"""The reader app and the factory that builds it from injected paths and services.

``build_app(sources, paths)`` is what the command line calls; tests call it too, or build
:class:`ReaderApp` directly with their own :class:`Services`.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import on
from textual.actions import SkipAction
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.command import CommandPalette
from textual.driver import Driver
from textual.filter import LineFilter
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.worker import Worker

from tuireader.model import Library, Problem
from tuireader.render.safetext import terminal
from tuireader.system.clipboard import Clipboard
from tuireader.system.config import Config
from tuireader.system.paths import DataPaths
from tuireader.system.resources import styles_dir
from tuireader.ui.bindings import (
    HELP_ANYWHERE,
    SUSPEND_ANYWHERE,
    declared_bindings,
    key_names,
    resolve_keymap,
)
from tuireader.ui.driver import squeezed
from tuireader.ui.keys import KeyOrderedApp
from tuireader.ui.notices import NoticeLog, Said
from tuireader.ui.notices import install as install_notices
from tuireader.ui.screens.main import MainScreen
from tuireader.ui.services import Progress, Services, Shelved, Watched
from tuireader.ui.widgets.results import ResultsList
from tuireader.ui.widgets.search import SearchBox
from tuireader.ui.widgets.viewer import PaperViewer

__all__ = ["Progress", "ReaderApp", "Services", "build_app", "core_services", "run_reader"]

THEMES = {"dark": "textual-dark", "light": "textual-light"}
#: seconds in which a notice the same as the last one shown is not shown again: a key
#: repeated in a burst (u ten times) stacked ten alike notices over the whole screen at
#: 80x24, the search box too, where the first, still shown, says it all
NOTICE_REPEAT = 1.0


def binding_places() -> tuple[type, ...]:
    """Every class that declares reader bindings: each takes keys as one place, in which
    two bindings may not share a key (the [keys] table is checked against them). The
    dialogs are imported here, not at start-up: the reader opens without them."""
    from tuireader.ui.screens.edit import NoteEditor, TagEditor
    from tuireader.ui.screens.help import HelpScreen
    from tuireader.ui.screens.manual_copy import ManualCopyScreen
    from tuireader.ui.screens.notices import NoticesScreen
    from tuireader.ui.screens.pick import PickScreen
    from tuireader.ui.screens.problems import ProblemsScreen

    return (
        MainScreen,
        SearchBox,
        ResultsList,
        PaperViewer,
        HelpScreen,
        PickScreen,
        TagEditor,
        NoteEditor,
        ManualCopyScreen,
        ProblemsScreen,
        NoticesScreen,
    )


#: the widgets of the main screen that take the focus: while one has it, its keys and the
#: screen's are in force together, and the widget's win a key they share.
FOCUS_PLACES = (SearchBox, ResultsList, PaperViewer)
STYLESHEETS = ("base.tcss", "dark.tcss", "light.tcss")


class NoFaint(LineFilter):
    """Under NO_COLOR, faint text is drawn as the rest is: most terminals show faint as
    grey, and NO_COLOR means no greys either. Textual's own faint (an input's
    placeholder, a palette's help, a disabled key) as much as the reader's (the list's
    source column, the viewer's labels); what faint told apart is told by other means
    under NO_COLOR (base.tcss)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(segment.text, segment.style + _NOT_FAINT, segment.control)
            if segment.style is not None and segment.style.dim
            else segment
            for segment in segments
        ]


#: faint taken out of a style, nothing else changed
_NOT_FAINT = Style(dim=False)


#: the one filter (Textual caches what a filter made of a row, by the filter)
NO_FAINT = NoFaint()


def keymap_groups() -> list[tuple[Binding, ...]]:
    """The sets of bindings in force at once, against which the [keys] table is checked:
    each place alone, and the main screen with each widget that takes the focus there (a
    screen key given to a key the focused list already uses would never reach it)."""
    from tuireader.ui.screens.edit import NoteEditor
    from tuireader.ui.screens.help import HelpScreen

    # the help key is in force in every dialog but the help, whose own key closes it; the
    # suspend key in every dialog but those whose text box takes Ctrl+Z (undo)
    no_suspend = (MainScreen, *FOCUS_PLACES, NoteEditor)
    groups = [
        (
            *declared_bindings(cls),
            *(() if cls in (MainScreen, HelpScreen) else (HELP_ANYWHERE,)),
            *(() if cls in no_suspend else (SUSPEND_ANYWHERE,)),
        )
        for cls in binding_places()
    ]
    screen = declared_bindings(MainScreen)
    groups.extend((*declared_bindings(widget), *screen) for widget in FOCUS_PLACES)
    return groups


def core_services(
    sources: Sequence[str | os.PathLike[str]],
    paths: DataPaths,
    *,
    rebuild: bool = False,
    catalogs: Sequence[str | os.PathLike[str]] | None = None,
    default_catalogs: bool = True,
    notes: Sequence[Problem] = (),
    library: Sequence[str | os.PathLike[str]] | None = None,
) -> Services:
    """Services backed by the real core: a session (lists + catalogs) and its engine.

    ``notes`` are problems met before the reader started (a list of the library that
    moved or vanished): they are shown first among the load warnings. ``library``:
    where the library's lists are, when they are what is read (the marks waiting for a
    list file outside it are counted, as the command line counts them).
    """

    #: the session loaded last: its engine opens the index as ``tuireader search`` does
    loaded: list[Any] = []
    from tuireader.session import TriageOpener

    #: the lists are read (marks moved) as the store opens: a locked file is waited once
    triage = TriageOpener()
    #: what is read: the lists given, or the library's as it is now (see read_from)
    reading = Shelved(
        tuple(Path(place) for place in library or ()),
        tuple(Path(source) for source in sources),
        tuple(notes),
    )

    def load() -> Library:
        from tuireader.session import load_session

        now = reading
        # Lazy: with the lists unchanged, the first screen needs the cache's table of
        # papers and the rows in view, not all 100,000 papers (the screen has the rest
        # read in a worker once it is drawn).
        session = load_session(
            list(now.sources) or None,
            data_dir=paths.root,
            catalogs=[Path(c) for c in catalogs or ()],
            default_catalogs=default_catalogs,
            lazy=True,
            triage=triage,
        )
        loaded[:] = [session]
        # Catalog problems travel with the library so the screen reports them all, and
        # so do triage marks outside the lists (announced when they change, as the
        # command line says them).
        problems = [*now.notes, *session.problems]
        report = session.triage
        lost = session.lost_marks(now.places if library is not None else None)
        if report is not None and lost:
            new = session.first_time_said("detached", (m.paper_id for m in lost))
            message = replace(report, detached=tuple(lost)).detached_message()
            problems.append(Problem(paths.state_db, message, "warning", known=not new))
        return session.library.with_problems(problems)

    def open_(library: Library, progress: Progress) -> Any:
        session = loaded[0] if loaded else None
        if session is not None and _same_papers(library, session.library):
            # What the cache kept with the library (each paper's index fingerprint), and
            # an index already found current for this very cache entry, serve again.
            return replace(session, library=library).engine(
                progress=progress, rebuild=rebuild, quick=True
            )
        from tuireader.search.engine import open_engine

        # open_engine creates the data folder itself and falls back to a scan when it cannot
        return open_engine(library, paths, progress=progress, rebuild=rebuild)

    def open_store() -> Any:
        from tuireader.triage.store import reader_origin

        paths.ensure()
        store = triage.open(paths.state_db)
        # this reader's actions are its own to undo: z never takes back another window's
        store.origin = reader_origin()
        # each mark keeps what identifies its paper, as the command line's do, so that it
        # follows the paper when the list is re-scraped (without it, a reader's marks on
        # papers with no strong key were left behind)
        store.identify_with(_identity_in(loaded), _files_in(loaded))
        return store

    def watched() -> Watched:
        from tuireader.system.config import load_config

        # the catalogs read: those named, then those of the config file (the ones that
        # ship with tuireader do not change under it)
        given = [*(catalogs or ()), *load_config(paths).catalogs]
        return Watched(
            tuple(source.expanduser() for source in reading.sources),
            tuple(Path(path).expanduser() for path in given),
        )

    def scan_engine(library: Library) -> Any:
        from tuireader.search.engine import scanning_engine

        return scanning_engine(library, paths)

    def read_from(shelved: Shelved) -> None:
        nonlocal reading
        reading = shelved

    return Services(
        load_library=load,
        open_engine=open_,
        open_store=open_store,
        watched=watched,
        scan_engine=scan_engine,
        read_from=read_from if library is not None else None,
        # the lists read outside the library (see ``session.outside_library``) move none
        moves_marks=lambda: not (loaded and loaded[0].outside),
        lists_shown=lists_named(sources) if library is None and sources else None,
    )


def lists_named(sources: Sequence[str | os.PathLike[str]]) -> tuple[str, ...]:
    """The list files and folders ``sources`` name, as the reader's place is kept for
    them (``Services.lists_shown``): absolute, each once, sorted."""
    return tuple(sorted({os.path.abspath(os.path.expanduser(str(s))) for s in sources}))


def _identity_in(loaded: list[Any]) -> Any:
    """What identifies a paper of the session loaded last (None before one is)."""

    def identity(paper_id: str) -> Any:
        return loaded[0].identity_of(paper_id) if loaded else None

    return identity


def _files_in(loaded: list[Any]) -> Any:
    """The list files holding a paper of the session loaded last (none before one is)."""

    def files(paper_id: str) -> Any:
        return loaded[0].files_of(paper_id) if loaded else []

    return files


def _same_papers(library: Library, other: Library) -> bool:
    """True if ``library`` is ``other`` (a lazy one, given problems) or has its very papers."""
    if library is other:
        return True
    return library.complete and other.complete and library.papers is other.papers


class NoPapersRead(Exception):
    """Not one paper of the lists could be read: the reader closed on its load, and
    ``problems`` say why (a list too large for the command line's look before the
    reader opens, which reads small ones only)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("no papers could be read")
        self.problems = tuple(problems)


@dataclass(frozen=True)
class ShelfWatch:
    """The library's shelf: the file ``tuireader add`` and ``remove`` write, the places
    of the lists the reader reads (as it started, or as it read them again since), and
    what reads the file as it is now."""

    file: Path
    places: tuple[Path, ...]
    read: Callable[[], Shelved]


class ReaderApp(KeyOrderedApp):
    """Search, browse and read a library of papers."""

    TITLE = "tuireader"
    BINDINGS: ClassVar[list[BindingType]] = [HELP_ANYWHERE, SUSPEND_ANYWHERE]
    #: a screen under a dialog is marked, so its notices (the dialog shows them too, below
    #: it) do not show through around the dialog (base.tcss)
    SUSPENDED_SCREEN_CLASS = "-suspended"

    def __init__(
        self,
        services: Services,
        *,
        theme: str = "dark",
        show_timings: bool = True,
        clipboard: Clipboard | None = None,
        clipboard_dir: Path | None = None,
        config: Config | None = None,
        exports_dir: Path | None = None,
        cache_dir: Path | None = None,
        start_folder: Path | None = None,
    ) -> None:
        styles = styles_dir()
        # NO_COLOR: the terminal's own colours, not greys; Textual then draws in ANSI
        # colours and takes every colour out, and the styles mark with bold and reverse
        super().__init__(
            css_path=[styles / name for name in STYLESHEETS],
            ansi_color="NO_COLOR" in os.environ,
        )
        # notices keep a file's path whole on a row, broken after a "/" if longer
        install_notices()
        self.services = services
        #: False hides query times (deterministic screenshots).
        self.show_timings = show_timings
        #: the clipboard chain; None builds the default one on first copy
        #: (tuireader.ui.copying.default_clipboard), saving fallbacks in ``clipboard_dir``.
        self.clipboard_chain = clipboard
        self.clipboard_dir = clipboard_dir
        #: where palette exports are written (None: the default data folder's).
        self.exports_dir = exports_dir
        #: the folder the reader was started from: where an export is offered to be
        #: written, and what a relative path typed for it starts from (None: the
        #: exports folder)
        self.start_folder = start_folder
        #: where derived data is kept between runs (the vectors of the "for you" order).
        self.cache_dir = cache_dir
        #: the user's settings (config.toml); defaults when none were given.
        self.config = config or Config()
        #: the library's shelf, when the lists read are the library's (not lists named
        #: on the command line): lists added or removed with ``tuireader add`` and
        #: ``remove`` while the reader runs are said (see :class:`ShelfWatch`)
        self.shelf: ShelfWatch | None = None
        self.theme = THEMES.get(theme, theme)
        #: the [keys] table as applied (binding id → keys), and what was left out of it.
        self.keymap: dict[str, str] = {}
        self.key_problems: list[str] = []
        if self.config.keys:
            self.keymap, self.key_problems = resolve_keymap(self.config.keys, keymap_groups())
        if self.keymap:
            self.set_keymap(self.keymap)
        #: changes that could not be saved as the reader closed: (why, one line each).
        self.unsaved: tuple[str, list[str]] | None = None
        #: the file that keeps them for the next start, which makes them again where
        #: each paper is still as it was (None: none could be written)
        self.unsaved_kept: Path | None = None
        #: the exit asked for while the index's build stops (``exit``'s arguments)
        self._close_when_built: tuple[Any, int, Any] | None = None
        #: why not one paper could be read, when none was: the reader closes at once
        #: (:class:`NoPapersRead`), as the command line does for a small list
        self.no_papers: tuple[Problem, ...] | None = None
        #: the last notice shown, and when (see :data:`NOTICE_REPEAT`)
        self._last_notice: tuple[object, ...] = ()
        self._last_notice_at = 0.0
        self._notice_lock = threading.Lock()
        #: every notice shown in this run, for the notices screen (W)
        self.notice_log = NoticeLog()

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [*filters, NO_FAINT] if self.no_color else filters

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notice, unless it is the one shown last, less than
        :data:`NOTICE_REPEAT` seconds ago (still on screen, saying the same)."""
        said = (message, title, severity, markup)
        now = time.monotonic()
        with self._notice_lock:  # notices may come from workers' threads
            if said == self._last_notice and now - self._last_notice_at < NOTICE_REPEAT:
                return
            self._last_notice, self._last_notice_at = said, now
        self.notice_log.add(Said.of(message, title, severity, markup))
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_notify(self, event: Notify) -> None:
        """Before a notice is shown (by Textual's own handler, called after this one):
        forget a notice saying the same that is still on screen, so that the new one
        takes its place with its time running afresh. The same notice a few seconds
        later (``u`` then ``o`` on a paper with no links) stacked a second one under
        the first. A notice naming a long path widens the notices while it is up; one
        that comes while the notices log is open is in it at once."""
        new = event.notification
        main = next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)
        if main is not None:
            main.widen_notices_for(new.message, new.timeout)
        said = (new.message, new.title, new.severity, new.markup)
        for shown in list(self._notifications):
            if (
                shown is not new
                and (shown.message, shown.title, shown.severity, shown.markup) == said
            ):
                self._unnotify(shown, refresh=False)
        from tuireader.ui.screens.notices import NoticesScreen

        if isinstance(self.screen, NoticesScreen):  # the log open: the notice is in it
            self.screen.show_said(self.notice_log.newest_first())

    def action_command_palette(self) -> None:
        # the reader's palette: the keys typed after it in a burst wait for what it does
        from tuireader.ui.palette import ReaderPalette

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(ReaderPalette(id="--command-palette"))

    @on(CommandPalette.Closed)
    def _palette_closed(self, event: CommandPalette.Closed) -> None:
        if event.option_selected:
            # the palette runs its command after this (the app's next call): the keys
            # after its Enter go once that has run
            from tuireader.ui.palette import command_ran

            self.call_later(command_ran, self)

    def action_help(self) -> None:
        """The help, over whatever is open: the list, a menu, an editor (its text stays
        as typed), a dialog. Over the help itself, the help's own key closes it."""
        from tuireader.ui.screens.help import HelpScreen

        main = next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)
        if main is None or isinstance(self.screen, HelpScreen):
            raise SkipAction
        # the keys in force on the main screen (the palette's, quit's), not the dialog's
        self.push_screen(HelpScreen(main.binding_places(), main.active_bindings))

    def action_suspend(self) -> None:
        """Suspend from over a menu, an editor or the help, as from the list: through the
        main screen, which writes the triage changes still queued first. A key the
        focused text box takes itself is left to it (Ctrl+Z undoes typing in a note)."""
        focused = self.focused
        keys = self.keymap.get(SUSPEND_ANYWHERE.id or "", SUSPEND_ANYWHERE.key)
        takes = focused is not None and any(
            key.strip() in focused._bindings.key_to_bindings for key in keys.split(",")
        )
        # (a text to copy by hand is read-only: no typing there to undo)
        if takes and not getattr(focused, "read_only", False):
            raise SkipAction
        self.stop_from_outside(signalled=False)

    def stop_from_outside(self, *, signalled: bool = True) -> None:
        """Stop the reader for the shell through the main screen, which writes the
        triage changes still queued first: a SIGTSTP sent by another program (the driver
        hands it here), and Ctrl+Z from anywhere (not ``signalled``)."""
        main = next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)
        if main is None:
            self.action_suspend_process()
        else:
            main.action_suspend(signalled)

    def action_suspend_process(self) -> None:
        """Stop the process (SIGTSTP), saying to the driver that the stop is the
        reader's own: one from outside is first handed to :meth:`stop_from_outside`."""
        if hasattr(self._driver, "stop_asked"):
            self._driver.stop_asked = True  # type: ignore[union-attr]
        super().action_suspend_process()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, writing fewer bytes (ui.driver)."""
        return squeezed(super().get_driver_class())

    def get_default_screen(self) -> Screen[Any]:
        return MainScreen(
            self.services,
            config=self.config,
            show_timings=self.show_timings,
            clipboard=self.clipboard_chain,
            clipboard_dir=self.clipboard_dir,
            exports_dir=self.exports_dir,
            cache_dir=self.cache_dir,
            unsaved=self._took_unsaved,
        )

    def _took_unsaved(self, why: str, lines: list[str]) -> None:
        self.unsaved = (why, lines)

    def on_mount(self) -> None:
        # `kill` and a closed terminal (SIGTERM, SIGHUP) close the reader as q does: its
        # queued changes are written (or said), note text kept, the terminal restored.
        # Without this the process died at once, with all of that. An interrupt from
        # outside (`kill -INT`; Ctrl+C typed in the reader is a key) closes it the same
        # way, ending with 130 as a command stopped by Ctrl-C does, not 0 as `q` does.
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            if signum == signal.SIGINT and signal.getsignal(signum) is signal.SIG_IGN:
                continue  # Ctrl-C ignored (a reader started in the background) stays so
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self._closed_by_signal, signum)
        # back from a suspend (fg), the terminal shows the shell's screen: draw it all
        # again, not only what changed while stopped (it stayed blank until a key)
        self.app_resume_signal.subscribe(self, self._redraw_all)

    def _redraw_all(self, _app: object = None) -> None:
        self.screen.refresh(repaint=True, layout=True)
        self.refresh(repaint=True, layout=True)

    def _closed_by_signal(self, signum: int) -> None:
        self.exit(return_code=128 + signum)

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        # from now on the screen is not seen (the terminal may be gone): a change whose
        # failure it is told of is still one to keep for the next start
        building: list[Worker[Any]] = []
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                screen.triage.leaving = True
                # an index being built stops (the next start builds it again): the
                # process would otherwise wait for its thread, the screen blank, for
                # as long as the build had left to run (30 s)
                stopping = screen.stop_building()
                if stopping:
                    screen.message = "Closing… (stopping the search index's build)"
                building += stopping
        if self._close_when_built is not None:
            return  # (asked again while the build stops: it closes as asked first)
        if building:
            self._close_when_built = (result, return_code, message)
            self.run_worker(self._exit_once_stopped(building), group="closing")
            return
        super().exit(result, return_code, message)

    async def _exit_once_stopped(self, workers: list[Worker[Any]]) -> None:
        for worker in workers:
            with contextlib.suppress(Exception):
                await worker.wait()
        assert self._close_when_built is not None
        super().exit(*self._close_when_built)

    def on_unmount(self) -> None:
        import asyncio
        import signal

        with contextlib.suppress(RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                loop.remove_signal_handler(signum)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands, plus every reader binding (so every key is in Ctrl+P)."""
        yield from super().get_system_commands(screen)
        if not isinstance(screen, MainScreen):
            return
        for place in screen.binding_places():
            # One entry per description, with every key in force for it (the [keys]
            # table applied); it runs the first binding's action.
            keys: dict[str, tuple[str, list[str]]] = {}
            for binding in place.bindings:
                if binding.description and screen.offers(place.node, binding.action):
                    _, shown = keys.setdefault(binding.description, (binding.action, []))
                    shown.extend(
                        self.get_key_display(type(binding)(key, binding.action))
                        for key in key_names(binding)
                    )
            for description, (action, names) in keys.items():
                yield SystemCommand(
                    description,
                    f"{place.name}: {', '.join(dict.fromkeys(names))}",
                    partial(self.run_action, action, place.node),
                )


def build_app(
    sources: Sequence[str | os.PathLike[str]] = (),
    paths: DataPaths | None = None,
    *,
    theme: str | None = None,
    rebuild_index: bool = False,
    catalogs: Sequence[str | os.PathLike[str]] | None = None,
    default_catalogs: bool = True,
    show_timings: bool = True,
    notes: Sequence[Problem] = (),
    library: Sequence[str | os.PathLike[str]] | None = None,
) -> ReaderApp:
    """The reader for ``sources`` (files or folders; none means the built-in seeds).

    ``paths`` says where the index lives (default: :func:`tuireader.system.paths.resolve`).
    """
    from tuireader.system.config import load_config
    from tuireader.system.paths import resolve

    paths = paths or resolve()
    config = load_config(paths)
    services = core_services(
        list(sources),
        paths,
        rebuild=rebuild_index,
        catalogs=catalogs,
        default_catalogs=default_catalogs,
        notes=notes,
        library=library,
    )
    app = ReaderApp(
        services,
        theme=theme or config.theme,
        show_timings=show_timings,
        clipboard_dir=paths.clipboard_dir,
        config=config,
        exports_dir=paths.exports_dir,
        cache_dir=paths.cache_dir,
        start_folder=_start_folder(),
    )
    if library is not None:
        from tuireader.ingest.sources import not_read
        from tuireader.system import shelf

        def shelved() -> Shelved:
            # as the command line reads the library to start the reader
            now = shelf.load(paths)
            statuses = now.statuses()
            notes = [Problem(now.file, problem, "warning") for problem in now.problems]
            notes.extend(
                Problem(now.file, status.message(), "warning")
                for status in statuses
                if not status.ok
            )
            sources = now.sources()
            # and its folders' files not read (a README.md), as the command line gives
            # them when the reader starts: the count stays as lists are added or removed
            notes.extend(not_read(sources or ()))
            return Shelved(
                tuple(entry.location for entry in now.entries),
                tuple(sources or ()),
                tuple(notes),
                empty=sources is not None and not sources,
                damaged="; ".join(now.problems) if now.damaged else "",
            )

        app.shelf = ShelfWatch(shelf.shelf_file(paths), tuple(map(Path, library)), shelved)
    return app


def run_reader(
    sources: Sequence[str | os.PathLike[str]] = (),
    data_dir: str | os.PathLike[str] | None = None,
    catalogs: Sequence[str | os.PathLike[str]] | None = None,
    *,
    theme: str | None = None,
    notes: Sequence[Problem] = (),
    library: Sequence[str | os.PathLike[str]] | None = None,
) -> int:
    """Run the reader until the user quits; the exit code for the command line."""
    from tuireader.system.paths import resolve

    app = build_app(
        sources, resolve(data_dir), catalogs=catalogs, theme=theme, notes=notes, library=library
    )
    app.run()
    if app.no_papers is not None:
        raise NoPapersRead(app.no_papers)
    if app.unsaved is not None:
        why, lines = app.unsaved
        say = sys.stderr.write
        say(f"tuireader: not saved as the reader closed ({why.rstrip('.')}):\n")
        for line in lines:
            say(f"  {terminal(line)}\n")
        if app.unsaved_kept is not None:
            say(
                f"tuireader: kept in {terminal(str(app.unsaved_kept))}: the next start makes "
                "each decision again where its paper is still as it was, and names the rest\n"
            )
        else:
            say("tuireader: make these again once the triage file can be written\n")
        return app.return_code or 1
    return app.return_code or 0


if __name__ == "__main__":  # pragma: no cover - development entry point
    import sys

    raise SystemExit(run_reader(sys.argv[1:]))


def _start_folder() -> Path | None:
    """The folder the reader is started from (None: one gone, or not to be read)."""
    try:
        return Path.cwd()
    except OSError:
        return None
