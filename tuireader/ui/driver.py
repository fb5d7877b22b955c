"""The terminal driver: Textual's own, writing fewer bytes for the same screen, and
reading Escape then another key, arriving together, as the two keys they are.

Every write to the terminal goes through :func:`tuireader.render.sgr.squeeze`, which
turns Textual's set-and-reset style escapes into the shortest transitions. The style in
force is carried from one write to the next, so each write leaves the terminal as the
original would have.

Input goes through :class:`EscapeKeepingParser`. A terminal cannot tell Escape then ``j``
typed quickly (or sent in one burst over ssh) from alt+j; Textual reads both as alt+j and
the app splits it back (:func:`tuireader.ui.keys.split_alt`). Before other keys Textual
drops the Escape: Escape then ``/`` or Enter read as a lone ``/`` or Enter, and Escape,
``/``, Escape in one burst typed "^/". The parser keeps each such Escape as the alt of the
key after it, which the app splits the same way.

Keys typed while the reader starts, before it takes the terminal, are echoed by the
terminal onto the shell's screen (the reader still reads them: they are the first query).
Textual offers no way to stop an echo that came before it; the driver erases it as it
takes the terminal (:func:`erase_echo`), so it is not left on the shell's screen after
the reader closes.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterable
from types import ModuleType
from typing import IO, Any

from rich.cells import cell_len
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver

from tuireader.render.sgr import DEFAULT, Style, squeeze_from


class SqueezedOutput:
    """A text file that writes what it is given with its style escapes squeezed."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self._style: Style | None = DEFAULT
        self._lock = threading.Lock()  # the writer thread and the app's own writes
        #: the terminal went away (a closed ssh session, a killed tmux): what is written
        #: is dropped. Raising would end Textual's writer thread, and the app, whose
        #: writes then wait for it for ever, would never close.
        self._gone = False

    def write(self, text: str) -> int:
        with self._lock:
            if self._gone:
                return len(text)
            out, self._style = squeeze_from(text, self._style, self._rows())
            try:
                self._file.write(out)
            except OSError:
                self._gone = True
        return len(text)

    def flush(self) -> None:
        with self._lock:
            if self._gone:
                return
            try:
                self._file.flush()
            except OSError:
                self._gone = True

    def _rows(self) -> int | None:
        """The terminal's height now (None if the file is no terminal)."""
        try:
            return os.get_terminal_size(self._file.fileno()).lines
        except (AttributeError, OSError, ValueError):
            return None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class EscapeKeepingParser(XTermParser):
    """Textual's input parser, keeping the Escape typed before a key: Escape then any key
    reads as alt+key, which the app splits back (Textual keeps it before letters only, and
    reads Escape then Tab as shift+tab)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: an Escape whose sequence was cut short by the next Escape (Escape, /, Escape in
        #: one burst): Textual reissues it as a "^"; it is the alt of the key after it.
        self._cut_escape = False

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if sequence == "\x1b" and not alt:
            # Only a sequence cut short is reissued from its Escape on: keep it for the key
            # after it instead of the "^" Textual would type.
            self._cut_escape = True
            return
        alt = alt or self._cut_escape
        self._cut_escape = False
        if sequence == "\x1b\t" and not alt:
            # Textual reads it as shift+tab (the Linux console's); everywhere else, shift+tab
            # is CSI Z, and this is Escape then Tab typed in one burst (over ssh).
            yield events.Key("alt+tab", "\t")
            return
        for event in super()._sequence_to_key_events(sequence, alt):
            if alt and len(sequence) == 1 and not event.key.startswith("alt+"):
                event = events.Key(f"alt+{event.key}", event.character or sequence)
            yield event


def take_typed_ahead(fd: int | None) -> tuple[bytes, bool]:
    """The keys typed ahead that wait on terminal ``fd``, as the terminal echoed them, read
    out of it (the reader's input is handed them first), and whether the terminal echoed
    control keys as two cells ("^[": ECHOCTL) then. Nothing when it does not echo, when
    ``fd`` is no terminal, or when this process is not in its foreground, where reading
    from it would stop the process."""
    if fd is None:
        return b"", False
    try:
        import fcntl
        import struct
        import termios
    except ImportError:  # no terminal control here (Windows)
        return b"", False
    try:
        if not os.isatty(fd) or os.tcgetpgrp(fd) != os.getpgrp():
            return b"", False
        before = termios.tcgetattr(fd)
        if not before[3] & termios.ECHO:
            return b"", False
        # A line being typed is not yet there to be read: a moment out of line mode
        # reads it (the terminal's settings are put back as they were at once, for
        # Textual takes them as those to restore as the reader closes).
        reading = list(before)
        reading[3] = before[3] & ~(termios.ICANON | termios.ECHO)
        reading[6] = list(before[6])
        reading[6][termios.VMIN], reading[6][termios.VTIME] = 0, 0  # never wait
        termios.tcsetattr(fd, termios.TCSANOW, reading)
        try:
            waiting = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
            count = max(0, int(struct.unpack("i", waiting)[0]))
            typed = os.read(fd, count) if count else b""
        finally:
            termios.tcsetattr(fd, termios.TCSANOW, before)
        return typed, bool(before[3] & getattr(termios, "ECHOCTL", 0))
    except (OSError, termios.error):  # no terminal, or gone
        return b"", False


def erase_echo(typed: str, width: int, control_cells: int = 2) -> str:
    """What erases the echo of the keys ``typed`` ahead on a terminal ``width`` columns
    wide, the cursor just after it.

    The echo began at the start of a row (the shell's Enter left the cursor there). A
    control key echoes as ``control_cells`` cells ("^["), a newline (Enter, turned into
    one by the terminal) starts a row, and a long line wraps. On one row, the cursor
    goes back over the echo and the row is cleared from there; over several (Enter among
    the keys), the cursor goes up to the first row and the screen is cleared from there:
    the echo is the last thing written, with nothing below it. "" when nothing was
    typed."""
    if not typed:
        return ""
    width = max(1, width)
    rows, cells = 1, 0
    for char in typed:
        if char == "\n":
            rows += max(1, -(-cells // width))
            cells = 0
        elif char == "\t":
            cells += 8 - cells % width % 8
        elif char < " " or char == "\x7f":
            cells += control_cells
        else:
            cells += cell_len(char)
    rows += max(1, -(-cells // width)) - 1
    if rows == 1:
        return f"\x1b[{max(1, 2 * len(typed))}D\x1b[K"
    return f"\r\x1b[{rows - 1}A\x1b[J"


def _columns(file: IO[str] | None) -> int:
    """The width of the terminal ``file`` draws on (80 when it cannot be told)."""
    try:
        return os.get_terminal_size(file.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, OSError, ValueError):
        return 80


def _terminal_of(file: IO[str] | None) -> IO[str] | None:
    """Where to draw: ``file`` (Textual's stderr), or stdout when stderr is no terminal
    (or closed) and stdout is one. ``tuireader 2>err.log`` drew the whole reader into the
    file and left the terminal blank; what the reader says on stderr as it closes still
    goes there."""
    stdout = sys.__stdout__
    if _is_terminal(file) or not _is_terminal(stdout):
        return file
    return stdout


def _is_terminal(file: IO[str] | None) -> bool:
    try:
        return file is not None and file.isatty()
    except (AttributeError, OSError, ValueError):  # closed or replaced
        return False


def _parser_module(driver_class: type[Driver]) -> ModuleType | None:
    """The module whose ``XTermParser`` the driver's input thread makes, if it has one."""
    for klass in driver_class.__mro__:
        module = sys.modules.get(klass.__module__)
        if module is not None and isinstance(getattr(module, "XTermParser", None), type):
            return module
    return None


def squeezed(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` writing through :class:`SqueezedOutput` (a driver without a file
    of its own, such as the headless one of tests, is returned as it is)."""

    class Squeezed(driver_class):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            #: stopped by a suspend (ctrl+z, SIGTSTP): only then does SIGCONT resume
            self._suspended = False
            #: keys typed ahead, read out of the terminal as it became the reader's
            self._typed_ahead = ""
            super().__init__(*args, **kwargs)
            if hasattr(self, "_file"):  # (None: started with stderr closed, 2>&-)
                file = _terminal_of(getattr(self, "_file", None))
                if file is not None and not isinstance(file, SqueezedOutput):
                    self._file = SqueezedOutput(file)
            # The input thread makes its parser from its module's name for it.
            module = _parser_module(driver_class)
            if module is not None and getattr(module, "XTermParser", None) is XTermParser:
                module.XTermParser = EscapeKeepingParser  # type: ignore[attr-defined]

        def start_application_mode(self) -> None:
            # Keys typed before the terminal is the reader's were echoed onto the shell's
            # screen, and would be left there after the reader closes. They are read out
            # to know what the echo looks like (an Enter among them put it on two rows),
            # and handed to the input thread before what it reads.
            file = getattr(self, "_file", None)
            typed, controls = b"", True
            if hasattr(driver_class, "run_input_thread") and file is not None:
                typed, controls = take_typed_ahead(getattr(self, "fileno", None))
            self._typed_ahead = typed.decode("utf-8", errors="replace")
            erase = erase_echo(self._typed_ahead, _columns(file), 2 if controls else 0)
            if erase and file is not None:
                file.write(erase)
                file.flush()
            super().start_application_mode()

        def run_input_thread(self) -> None:
            typed, self._typed_ahead = self._typed_ahead, ""
            if typed:  # the keys typed ahead, read out of the terminal: before the rest
                parser = EscapeKeepingParser(self._debug)
                for event in [*parser.feed(typed), *parser.feed("")]:
                    self.process_message(event)
            super().run_input_thread()

        def _sigtstp_application(self, *args: Any) -> None:
            self._suspended = True
            super()._sigtstp_application(*args)

        def _sigcont_application(self, *args: Any) -> None:
            # A closed terminal sends SIGCONT after SIGHUP: Textual took it for the end of a
            # suspend and started the screen again on the dead terminal, with a second
            # writer thread, and the reader could hang instead of closing.
            if not self._suspended:
                return
            self._suspended = False
            super()._sigcont_application(*args)

    Squeezed.__name__ = Squeezed.__qualname__ = f"Squeezed{driver_class.__name__}"
    return Squeezed
