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
key after it, which the app splits the same way. Escape then ``b`` or ``f`` Textual reads as
a word jump (iTerm's Option+Left and Option+Right send them); with more text after it in
the same read, it is Escape then a word typed, and reads as such. Within a bracketed paste, an Escape is
text pasted (a colour code of text copied from a coloured terminal), never the start of a
key: Textual read the codes as keys and the text between them was lost.

Keys typed while the reader starts, before it takes the terminal, are echoed by the
terminal onto the shell's screen (the reader still reads them: they are the first query).
Textual offers no way to stop an echo that came before it; the driver erases it as it
takes the terminal (:func:`erase_echo`), so it is not left on the shell's screen after
the reader closes.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Iterable
from types import ModuleType
from typing import IO, Any

from rich.cells import cell_len
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.message import Message

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


#: what a bracketed paste begins and ends with, as the terminal sends it
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
#: what stands for an Escape inside a paste while Textual's parser reads it (a character
#: Unicode keeps for a program's own use, which no text carries)
_PASTED_ESCAPE = "\ufdd0"


#: an Escape then "b" or "f" with typed text after it in the same read: the first letter
#: of a word typed after an Escape (a query typed in one burst after Escape), which
#: Textual reads as a word jump (iTerm's "natural editing" keys send Escape then b or f
#: for Option+Left and Option+Right). A word jump comes alone, or before another key's
#: Escape; text after it in the same read is a word being typed.
_ESCAPE_THEN_WORD = re.compile("\x1b([bf])(?=[^\x00-\x1f\x7f])")
#: what stands for that "b" or "f" while Textual's parser reads it (kept for the program's
#: own use by Unicode, as :data:`_PASTED_ESCAPE`)
_WORD_LETTERS = {"b": "\ufdd1", "f": "\ufdd2"}
_LETTER_OF_WORD = {mark: letter for letter, mark in _WORD_LETTERS.items()}


#: Escape then "b" or "f" at the end of a read: the word may be on its way in the next
#: one (a burst cut by the terminal or the link), so it waits for it a moment
_WORD_JUMP_AT_END = re.compile("\x1b[bf]\\Z")
#: a word beginning with "b" or "f" at the start of a read, after an Escape that ended the
#: read before (the terminal wrote the Escape key on its own)
_WORD_AFTER_ESCAPE = re.compile("[bf](?=[^\x00-\x1f\x7f])")
#: how long an Escape then "b" or "f" at the end of a read waits for a word to follow it:
#: a word typed in one burst follows within milliseconds; the driver looks again at
#: least every tenth of a second, so a word jump comes at most that late
_WORD_WAIT = 0.05
#: seconds a reader continued in the background waits before it stops again: time for
#: the SIGTERM sent with the SIGCONT (``kill %1``) to be taken up first
BACKGROUND_WAIT = 0.2


def _typed_words(text: str) -> str:
    """``text`` with the letter after each Escape that begins a typed word masked, so the
    parser reads it as the alt of the letter (Escape then the letter), not a word jump."""
    return _ESCAPE_THEN_WORD.sub(lambda found: "\x1b" + _WORD_LETTERS[found[1]], text)


def _marker_start(text: str, marker: str) -> int:
    """How many characters at the end of ``text`` may begin ``marker`` (cut by a read)."""
    for size in range(min(len(text), len(marker) - 1), 0, -1):
        if marker.startswith(text[-size:]):
            return size
    return 0


#: the driver whose input thread this is (in that thread only), which the parser tells
#: when a read's keys are all handed on
_READING = threading.local()


class EscapeKeepingParser(XTermParser):
    """Textual's input parser, keeping the Escape typed before a key: Escape then any key
    reads as alt+key, which the app splits back (Textual keeps it before letters only, and
    reads Escape then Tab as shift+tab).

    It also keeps a bracketed paste whole: Textual's parser reads each Escape in a paste
    as the start of a key, so the text of a paste copied from a coloured terminal
    (``\x1b[31mred\x1b[0m policy``) was typed as keys, or lost, and the paste held what
    followed the last code alone ("[0m policy"). The Escapes of a paste reach the app in
    its text, where the search box drops the codes as the query language does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: inside a bracketed paste (its start read, not yet its end)
        self._pasting = False
        #: the last characters read outside a paste, where a paste's start cut by a read
        #: begins (they were handed on: an Escape alone must reach the parser at once)
        self._before = ""
        #: the end of what was read inside a paste that may begin its end: held back
        self._held = ""
        #: an Escape whose sequence was cut short by the next Escape (Escape, /, Escape in
        #: one burst): Textual reissues it as a "^"; it is the alt of the key after it.
        self._cut_escape = False
        #: Escape then "b" or "f" that ended a read (a word jump, or Escape then a word
        #: whose rest is in the next read: see :data:`_WORD_WAIT`), and when it was read
        self._jump = ""
        self._jump_at = 0.0
        #: what was handed on ended with an Escape outside a paste
        self._ended_with_escape = False

    def feed(self, data: str) -> Iterable[Message]:
        if not data:
            held = self._jump + self._held
            self._jump = self._held = ""
            yield from self._unmasked(super().feed(held) if held else ())
            yield from self._unmasked(super().feed(data))
            return
        jump, self._jump = self._jump, ""
        if (
            self._ended_with_escape
            and self._timeout_time is not None  # the Escape still waits for its sequence
            and _WORD_AFTER_ESCAPE.match(data)
        ):
            data = _WORD_LETTERS[data[0]] + data[1:]  # Escape, then a word: not a word jump
        masked = self._masked(jump + data)
        if masked:  # (all of it may be held back: "" would end the parser's input)
            self._ended_with_escape = masked.endswith("\x1b") and not self._pasting
            yield from self._unmasked(super().feed(masked))

    def tick(self) -> Iterable[Message]:
        if self._jump and time.monotonic() - self._jump_at >= _WORD_WAIT:
            jump, self._jump = self._jump, ""  # no word followed: a word jump
            yield from self._unmasked(super().feed(jump))
        yield from self._unmasked(super().tick())
        # The input thread ticks the parser after each read, once that read's keys are
        # handed on: they go to the app together (see ``send_read``).
        driver = getattr(_READING, "driver", None)
        if driver is not None:
            driver.send_read()

    def _masked(self, data: str) -> str:
        """``data`` with the Escapes inside a paste replaced by :data:`_PASTED_ESCAPE`."""
        text, self._held = self._held + data, ""
        out: list[str] = []
        at = 0
        while at < len(text):
            if self._pasting:
                end = text.find(PASTE_END, at)
                if end < 0:
                    keep = _marker_start(text[at:], PASTE_END)
                    out.append(text[at : len(text) - keep].replace("\x1b", _PASTED_ESCAPE))
                    self._held = text[len(text) - keep :]
                    break
                out += [text[at:end].replace("\x1b", _PASTED_ESCAPE), PASTE_END]
                at, self._pasting, self._before = end + len(PASTE_END), False, ""
                continue
            seen = self._before + text[at:]
            start = seen.find(PASTE_START)
            if start < 0:
                rest = text[at:]
                if _WORD_JUMP_AT_END.search(rest):
                    rest, self._jump, self._jump_at = rest[:-2], rest[-2:], time.monotonic()
                out.append(_typed_words(rest))
                self._before = seen[-(len(PASTE_START) - 1) :]
                break
            after = at + start + len(PASTE_START) - len(self._before)
            out.append(_typed_words(text[at:after]))
            at, self._pasting, self._before = after, True, ""
        return "".join(out)

    @staticmethod
    def _unmasked(read: Iterable[Message]) -> Iterable[Message]:
        for event in read:
            if isinstance(event, events.Paste) and _PASTED_ESCAPE in event.text:
                event = events.Paste(event.text.replace(_PASTED_ESCAPE, "\x1b"))
            yield event

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if sequence == "\x1b" and not alt:
            # Only a sequence cut short is reissued from its Escape on: keep it for the key
            # after it instead of the "^" Textual would type.
            self._cut_escape = True
            return
        alt = alt or self._cut_escape
        self._cut_escape = False
        if len(sequence) == 2 and sequence[1] in _LETTER_OF_WORD:
            letter = _LETTER_OF_WORD[sequence[1]]  # Escape then a word's first letter
            yield events.Key(f"alt+{letter}", letter)
            return
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
            #: the reader asked for the stop itself, its queued changes written
            self.stop_asked = False
            #: a stop asked from outside is waiting for the reader to take it up
            self._stop_pending = False
            #: the terminal was given back to the shell as the reader stopped
            self._given_back = False
            #: keys typed ahead, read out of the terminal as it became the reader's
            self._typed_ahead = ""
            #: the input thread, while it runs, and what it read not yet sent to the app
            self._reader_thread: int | None = None
            self._read: list[Message] = []
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
            self._reader_thread = threading.get_ident()
            _READING.driver = self
            try:
                typed, self._typed_ahead = self._typed_ahead, ""
                if typed:  # the keys typed ahead, read out of the terminal: before the rest
                    parser = EscapeKeepingParser(self._debug)
                    for event in [*parser.feed(typed), *parser.feed("")]:
                        self.process_message(event)
                    self.send_read()
                super().run_input_thread()
            finally:
                self.send_read()
                _READING.driver = None
                self._reader_thread = None

        def send_message(self, message: Message) -> None:
            """What the input thread reads goes to the app a read at a time
            (:meth:`send_read`); anything else at once."""
            if threading.get_ident() == self._reader_thread:
                self._read.append(message)
            else:
                super().send_message(message)

        def send_read(self) -> None:
            """Hand the app the keys of the read just parsed, all in one step.

            Sent one at a time, the first key of a paste the terminal typed key by key
            could reach the screen before the rest of the paste reached the app (the app
            runs between two of them on a loaded machine): "s" of "sparse models", with
            nothing seen behind it, kept the highlighted paper, and "parse models" was
            searched. In one step, the app has them all before it hands on the first,
            which then sees the rest of its burst (``KeyOrderedApp.held_text``)."""
            read, self._read = self._read, []
            if read:
                asyncio.run_coroutine_threadsafe(self._post_read(read), loop=self._loop)

        async def _post_read(self, read: list[Message]) -> None:
            for message in read:
                self._app.post_message(message)

        def _sigtstp_application(self, *args: Any) -> None:
            # A SIGTSTP from outside (kill -TSTP, a job control of its own) stopped the
            # reader on the spot, its queued triage changes unwritten: it goes the way of
            # Ctrl+Z instead, through the app, which writes them and then asks again.
            if not self.stop_asked and self._stop_from_outside():
                return
            self.stop_asked = False
            self._suspended = True
            super()._sigtstp_application(*args)

        def _stop_from_outside(self) -> bool:
            """Hand a stop from outside to the app's ``stop_from_outside`` (run by the
            event loop, not in the signal handler, which may have cut into anything);
            False if the app has none. Several signals before it runs stop it once: the
            second would stop it again as soon as ``fg`` brought it back."""
            take = getattr(getattr(self, "_app", None), "stop_from_outside", None)
            loop = getattr(self, "_loop", None)
            if take is None or loop is None or loop.is_closed():
                return False
            if not self._stop_pending:
                self._stop_pending = True
                loop.call_soon_threadsafe(self._take_stop, take)
            return True

        def _take_stop(self, take: Any) -> None:
            self._stop_pending = False
            take()

        def _sigcont_application(self, *args: Any) -> None:
            # A closed terminal sends SIGCONT after SIGHUP: Textual took it for the end of a
            # suspend and started the screen again on the dead terminal, with a second
            # writer thread, and the reader could hang instead of closing.
            if not self._suspended:
                return
            if not self._in_foreground():
                # Continued in the background: `kill %1` (SIGTERM, then SIGCONT) or `bg`.
                # Taking the terminal back stopped the reader again at once (SIGTTOU),
                # before the SIGTERM closed it: the job stayed stopped for good. It stays
                # off the terminal, closes if it was asked to, else stops again.
                loop = getattr(self, "_loop", None)
                if loop is not None and not loop.is_closed():
                    loop.call_soon_threadsafe(loop.call_later, BACKGROUND_WAIT, self._stop_again)
                return
            self._suspended = False
            super()._sigcont_application(*args)

        def _in_foreground(self) -> bool:
            """True unless the terminal is another process group's (the shell's)."""
            try:
                return os.tcgetpgrp(self.fileno) == os.getpgrp()
            except (AttributeError, OSError, ValueError):  # no terminal (closed): as before
                return True

        def _stop_again(self) -> None:
            """Stop again, continued in the background and not closing meanwhile; or go
            on, brought to the foreground meanwhile: ``fg`` on a job running sends no
            SIGCONT, and the reader stayed off its terminal."""
            if getattr(self._app, "_exit", False) or not self._suspended:
                return
            if self._in_foreground():
                self._suspended = False
                super()._sigcont_application()
                return
            os.kill(os.getpid(), signal.SIGSTOP)

        def suspend_application_mode(self) -> None:
            super().suspend_application_mode()
            self._given_back = True

        def resume_application_mode(self) -> None:
            self._given_back = False
            super().resume_application_mode()

        def stop_application_mode(self) -> None:
            # closing while stopped for the shell: the terminal, given back as the reader
            # stopped, is the shell's now (set as the reader found it); touched from the
            # background, it stops the reader (SIGTTOU) as it closes
            if not self._given_back:
                super().stop_application_mode()

        def disable_input(self) -> None:
            if not self._given_back:  # (its input was let go as the reader stopped)
                super().disable_input()

    Squeezed.__name__ = Squeezed.__qualname__ = f"Squeezed{driver_class.__name__}"
    return Squeezed
