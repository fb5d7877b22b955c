"""Copy text to wherever the user can paste it: the one clipboard chain.

Users run tuireader on their own machine, over SSH, inside tmux, with or without an X
display. No single mechanism works everywhere, so :meth:`Clipboard.copy` tries these
routes in order and reports which ones carried the text:

1. **tmux** (``$TMUX`` set): tmux is first asked for its ``set-clipboard`` option,
   which also tells whether its server is there at all: a ``$TMUX`` left behind by a
   closed session (a dead socket, or an SSH session that inherited it) fails at once,
   and the session is then treated as not inside tmux. ``tmux load-buffer -w -`` fills
   tmux's paste buffer and forwards the text to the outer terminal's clipboard where
   tmux and the terminal allow it. tmux older than 3.2 has no ``-w``; the command is
   retried without it.
2. **OSC 52**: the escape sequence asks the terminal itself to set the clipboard. It is
   the only route that crosses SSH to the user's own machine. It cannot be confirmed,
   so it counts only when it can be trusted (see :func:`osc52_trust`), the notice says
   it was sent rather than copied, and it is not sent when its base64 payload exceeds
   ``osc52_limit`` (many terminals drop or cut longer sequences; a truncated copy would
   be worse than none). Inside tmux it is sent only when ``set-clipboard`` is ``on``
   (with ``external`` or ``off`` tmux swallows it) and ``load-buffer -w`` failed: tmux
   keeps every OSC 52 a program sends as a paste buffer of its own, so after a
   ``load-buffer -w`` (which passes the text on itself) it would only make a second,
   identical buffer.
3. **system**: the local clipboard through pyperclip (xclip/xsel, wl-copy, pbcopy,
   Windows). Used only when no earlier route carried the text, or on a local session
   when OSC 52 was the only (unconfirmed) route or only tmux's own buffer has the text
   (``set-clipboard off``, or a tmux without ``-w``). A copy counts only when reading
   the clipboard back returns the text, which catches a stale ``$DISPLAY``, where xclip
   fails without an error. Over SSH the X display belongs to the remote host (or to a
   fragile X forwarding), so once OSC 52 has carried the text it is not used.
   pyperclip is never consulted on Linux without ``$DISPLAY``/``$WAYLAND_DISPLAY``, and
   the whole step runs in a thread with a timeout so a hung helper cannot freeze the UI.
4. **file**: every copy is written to ``<fallback_dir>/last-copy.txt`` (replaced each
   time, so the folder never grows), whatever carried it: OSC 52 cannot be confirmed,
   and a copy a terminal or tmux dropped is still there to be shown (:attr:`CopyOutcome.saved`).
   When nothing trustworthy carried the text, the file is the route, and the outcome
   asks the caller to show the text for manual copying (``manual=True``).

Before any route, the text is made safe to paste (:func:`clipboard_text`): lone
surrogates become U+FFFD so every route gets valid UTF-8; in multi-line text (citations)
control characters other than newline and tab, bidi overrides and invisible characters
are removed (the terminal's rule, :func:`tuireader.render.safetext.is_unsafe`), and the
notice says so; a one-line copy (a link) holding any of them, a line break, a tab or any
other character no link may hold is refused, with a notice, and reaches no route at all.
The fallback file is readable by the user only.

This module imports neither Textual nor Rich: the OSC 52 write is done by a function
the caller injects (a Textual app passes ``app.copy_to_clipboard``; a command-line
caller can pass :func:`write_osc52_to_tty`).
"""

from __future__ import annotations

import base64
import dataclasses
import os
import re
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal, Protocol, TypeVar

from tuireader.render.safetext import is_unsafe_at, unsafe_in_link_beyond_ascii

Osc52Mode = Literal["auto", "always", "never"]
OSC52_MODES: tuple[str, ...] = ("auto", "always", "never")

#: Default cap on the base64 payload of one OSC 52 sequence. Several terminals refuse or
#: cut sequences beyond roughly 100 KB (tmux's own limit and xterm's default are lower).
DEFAULT_OSC52_LIMIT = 100_000

#: Name of the file written when no route could be trusted.
FALLBACK_FILENAME = "last-copy.txt"

#: ``$TERM_PROGRAM`` values of terminals that honour OSC 52 writes by default.
#: VS Code's terminal is left out on purpose: whether it honours OSC 52 depends on its
#: version and settings. Users of such terminals can set ``osc52 = "always"``.
#: iTerm2 honours OSC 52 once "Applications in terminal may access clipboard" is on.
OSC52_TERM_PROGRAMS: frozenset[str] = frozenset({"iTerm.app", "WezTerm", "ghostty", "rio", "tmux"})

#: ``$TERM`` values of terminals that honour OSC 52 writes by default.
OSC52_TERMS: frozenset[str] = frozenset(
    {"xterm-kitty", "alacritty", "foot", "foot-extra", "xterm-ghostty", "wezterm", "contour"}
)

_TMUX_LABEL = "tmux buffer"
_OSC52_LABEL = "OSC 52"
_FILE_LABEL = "file"
#: The tmux route's detail when tmux took the text with ``-w`` (to pass it on).
_TMUX_FORWARDED = "tmux load-buffer -w"

#: What to do when a copy sent only by OSC 52 (which cannot be confirmed) does not paste.
OSC52_HINT = 'if it doesn\'t paste, set osc52 = "never" in config.toml to copy it by hand'

#: pyperclip's copy functions, by ``__name__``, and what to call them in a notice.
_PYPERCLIP_LABELS: dict[str, str] = {
    "copy_xclip": "X clipboard",
    "copy_xsel": "X clipboard",
    "copy_klipper": "KDE clipboard",
    "copy_wl": "Wayland clipboard",
    "copy_osx_pbcopy": "macOS clipboard",
    "copy_osx_pyobjc": "macOS clipboard",
    "copy_windows": "Windows clipboard",
    "copy_wsl": "Windows clipboard",
    "copy_dev_clipboard": "Windows clipboard",
}


@dataclass(frozen=True)
class RouteAttempt:
    """One route of the chain: whether it carried the text, and why (not)."""

    route: str  # "tmux", "osc52", "system" or "file"
    ok: bool
    detail: str
    #: how a notice names the route: "tmux buffer", "OSC 52", "X clipboard", ...
    label: str = ""


@dataclass(frozen=True)
class CopyOutcome:
    """What became of one copy; ``notice`` is the line to show the user."""

    text: str
    what: str
    routes: tuple[str, ...]
    attempts: tuple[RouteAttempt, ...]
    manual: bool
    fallback_path: Path | None
    #: why the text was not copied at all (it was not safe to paste), or ""
    refused: str = ""
    #: how many unsafe characters were removed or replaced before copying
    cleaned: int = 0

    #: what to do when the text does not paste, or "" (see :attr:`hint`)
    hint: str = ""
    #: the file the text was saved to (every copy is), None when it could not be
    saved: Path | None = None

    @property
    def notice(self) -> str:
        """The line for the user: which way the text went, then :attr:`hint` if any."""
        if self.refused:
            return f"Did not copy the {self.what}: {self.refused}"
        return self.headline + (f"; {self.hint}" if self.hint else "")

    @property
    def headline(self) -> str:
        """Which way the text went, and how many unsafe characters were removed."""
        return self._route_notice() + (
            f" ({self.cleaned} unsafe character{'s' if self.cleaned != 1 else ''} removed)"
            if self.cleaned
            else ""
        )

    def _route_notice(self) -> str:
        if self.manual:
            subject = self.what[:1].upper() + self.what[1:]
            if self.fallback_path is not None:
                return f"{subject} shown for manual copy (saved to {self.fallback_path})"
            return f"{subject} shown for manual copy (could not save it to a file)"
        carried = [a for a in self.attempts if a.ok]
        if not carried:
            return "Nothing to copy"
        # Only a confirmed route is said to have copied; OSC 52 was only sent.
        confirmed = [a.label or a.route for a in carried if a.route != "osc52"]
        sent = len(confirmed) < len(carried)
        if not confirmed:
            return f"Sent {self.what} to the terminal (OSC 52)"
        copied = f"Copied {self.what} via " + " + ".join(confirmed)
        return copied + ("; also sent to the terminal (OSC 52)" if sent else "")

    @property
    def explanation(self) -> str:
        """Why routes did not carry the text, one ``route: reason`` per line."""
        return "\n".join(f"{a.route}: {a.detail}" for a in self.attempts if not a.ok)


@dataclass(frozen=True)
class Environment:
    """The facts about the session that decide which routes can work."""

    tmux: bool = False
    ssh: bool = False
    display: bool = False
    wayland: bool = False
    platform: str = "linux"
    term_program: str | None = None
    term: str | None = None
    #: Windows Terminal (``$WT_SESSION``), which honours OSC 52.
    windows_terminal: bool = False
    #: Windows Subsystem for Linux, where pyperclip reaches the Windows clipboard.
    wsl: bool = False

    @classmethod
    def from_os(
        cls, environ: Mapping[str, str] | None = None, platform: str | None = None
    ) -> Environment:
        env = os.environ if environ is None else environ
        return cls(
            tmux=bool(env.get("TMUX")),
            ssh=bool(env.get("SSH_CONNECTION") or env.get("SSH_TTY") or env.get("SSH_CLIENT")),
            display=bool(env.get("DISPLAY")),
            wayland=bool(env.get("WAYLAND_DISPLAY")),
            platform=sys.platform if platform is None else platform,
            term_program=env.get("TERM_PROGRAM") or None,
            term=env.get("TERM") or None,
            windows_terminal=bool(env.get("WT_SESSION")),
            wsl=bool(env.get("WSL_DISTRO_NAME") or env.get("WSL_INTEROP")),
        )

    @property
    def may_have_local_clipboard(self) -> bool:
        """False on a display-less Linux/BSD session, where no clipboard tool can work."""
        if self.platform == "darwin" or self.platform.startswith(("win", "cygwin")):
            return True
        return self.display or self.wayland or self.wsl


def outside_tmux(env: Environment) -> Environment:
    """``env`` without what a tmux session left in it: for a ``$TMUX`` whose server is
    gone, where ``$TERM_PROGRAM=tmux`` (set by tmux in its panes) is stale too."""
    term_program = None if env.term_program == "tmux" else env.term_program
    return dataclasses.replace(env, tmux=False, term_program=term_program)


def osc52_trust(env: Environment, mode: str = "auto") -> tuple[bool, str]:
    """Whether an OSC 52 write can be counted as a copy here, and why."""
    if mode == "always":
        return True, 'osc52 = "always" in the configuration'
    if mode == "never":
        return False, 'osc52 = "never" in the configuration'
    if env.ssh:
        return True, "over SSH, the terminal on your machine receives it"
    if env.tmux:
        return True, "inside tmux"
    if env.term_program in OSC52_TERM_PROGRAMS:
        return True, f"{env.term_program} handles OSC 52"
    if env.term in OSC52_TERMS:
        return True, f"TERM={env.term} handles OSC 52"
    if env.windows_terminal:
        return True, "Windows Terminal handles OSC 52"
    return False, "this terminal is not known to handle OSC 52"


def osc52_payload_size(text: str) -> int:
    """Length of the base64 payload an OSC 52 sequence for ``text`` carries."""
    return 4 * ((len(_utf8(text)) + 2) // 3)


def osc52_sequence(text: str) -> str:
    """The OSC 52 escape that sets the clipboard ("c") to ``text``.

    The text travels base64-encoded, so nothing in it can end or escape the sequence
    (the payload's alphabet holds no ESC, BEL or ST); a lone surrogate becomes U+FFFD.
    """
    payload = base64.b64encode(_utf8(text)).decode("ascii")
    return f"\x1b]52;c;{payload}\x07"


def write_osc52_to_tty(text: str, tty: str | os.PathLike[str] = "/dev/tty") -> None:
    """An OSC 52 writer for command-line use: writes the escape to the controlling tty."""
    with open(tty, "w", encoding="ascii") as stream:
        stream.write(osc52_sequence(text))
        stream.flush()


# --- safe to paste ---------------------------------------------------------------------

# Characters that may need a look: everything but printable ASCII, newline and tab.
_SUSPECT_RE = re.compile(r"[^\x20-\x7e\n\t]")
# The same for one line, where newline and tab need a look too.
_SUSPECT_IN_LINE_RE = re.compile(r"[^\x20-\x7e]")
# Line breaks that become a newline in multi-line text.
_BREAKS = frozenset("\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")

_NAMES = {
    "\n": "a line break",
    "\r": "a carriage return",
    "\t": "a tab",
    "\x1b": "an escape character",
    "\x07": "a bell character",
}


_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def _utf8(text: str) -> bytes:
    """``text`` as UTF-8, each lone surrogate (which UTF-8 cannot hold) as U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE_RE.sub("\ufffd", text).encode("utf-8")


def _unsafe_in_line(char: str) -> bool:
    """True for a character a one-line copy (a link) must not hold.

    Stricter than multi-line text: any ASCII control (newline and tab included) and,
    beyond ASCII, every character no link may hold (:func:`web_url`'s rule), spaces and
    U+FFFD among them.
    """
    if char.isascii():
        return char < " " or char == "\x7f"
    return unsafe_in_link_beyond_ascii(char)


def _describe(char: str) -> str:
    if char in _NAMES:
        return _NAMES[char]
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF or code == 0xFFFD:
        return f"an invalid character (U+{code:04X})"
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"a control character (U+{code:04X})"
    if unicodedata.category(char) == "Zs":
        return f"a space (U+{code:04X})"
    return f"an invisible or direction-changing character (U+{code:04X})"


def clipboard_text(text: str, *, one_line: bool = False) -> tuple[str | None, int, str]:
    """``text`` made safe to paste: ``(text or None when refused, characters changed, why)``.

    A one-line copy (a link) must hold no line break, tab, control, bidi or invisible
    character: one such character refuses the whole copy (None, with the reason), since
    a link with a piece cut out is a different link. Multi-line text (a citation) keeps
    newlines and tabs; Windows line ends become newlines; other line breaks become
    newlines, lone surrogates U+FFFD, and every other control, bidi or invisible
    character is removed (but a non-joiner between two letters of a script that uses
    it, which the screen shows too); the count of such changes is returned.
    """
    if one_line:
        for match in _SUSPECT_IN_LINE_RE.finditer(text):
            char = match.group()
            if _unsafe_in_line(char):
                return None, 0, f"it contains {_describe(char)}"
        return text, 0, ""
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    changed = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal changed
        char = match.group()
        # the terminal's rule (newline and tab are never unsafe, nor a non-joiner inside
        # a Persian word: it is part of the word's spelling)
        if not is_unsafe_at(match.string, match.start()):
            return char
        changed += 1
        if char in _BREAKS:
            return "\n"
        if 0xD800 <= ord(char) <= 0xDFFF:
            return "\ufffd"
        return ""

    cleaned = _SUSPECT_RE.sub(replace, text)
    return cleaned, changed, ""


# --- back-ends -------------------------------------------------------------------------

#: Runs ``tmux <args>`` with ``input`` on stdin; returns (exit status, what it printed:
#: its standard output, then its error output).
TmuxRunner = Callable[[Sequence[str], str], tuple[int, str]]

#: tmux's error output when no server answers on the socket ``$TMUX`` names.
_NO_TMUX_SERVER = ("no server running", "error connecting to", "lost server", "server exited")

#: How ``set-clipboard`` values are read: "on" passes a program's OSC 52 on to the outer
#: terminal; "external" and "off" swallow it; "off" also keeps tmux's own copies (and,
#: per tmux's manual, ``load-buffer -w``) from the terminal's clipboard.
TMUX_CLIPBOARD_SETTINGS = ("on", "external", "off")


@dataclass(frozen=True)
class TmuxCommand:
    """The real tmux runner: a subprocess with a timeout (raises TimeoutExpired)."""

    executable: str = "tmux"
    #: ``-L`` socket name; None means the server named by ``$TMUX``.
    socket_name: str | None = None
    timeout: float = 3.0

    def __call__(self, args: Sequence[str], input: str) -> tuple[int, str]:
        command = [self.executable]
        if self.socket_name:
            command += ["-L", self.socket_name]
        proc = subprocess.run(
            [*command, *args],
            input=input.encode("utf-8"),
            capture_output=True,
            timeout=self.timeout,
            check=False,
        )
        printed = proc.stdout + proc.stderr
        return proc.returncode, printed.decode("utf-8", "replace").strip()


class SystemClipboard(Protocol):
    """A local clipboard that can be written and read back."""

    @property
    def name(self) -> str:
        """How a notice names it: "X clipboard", "macOS clipboard", ..."""
        ...

    def copy(self, text: str) -> None: ...

    def paste(self) -> str: ...


#: Builds the local clipboard for an environment, or None when there is none.
SystemBackendFactory = Callable[[Environment], "SystemClipboard | None"]


@dataclass(frozen=True)
class PyperclipClipboard:
    """A clipboard mechanism chosen by pyperclip."""

    name: str
    copy_fn: Callable[[str], object]
    paste_fn: Callable[[], str]

    def copy(self, text: str) -> None:
        self.copy_fn(text)

    def paste(self) -> str:
        return self.paste_fn()


#: Command-line clipboard tools pyperclip may choose, run here with their error output
#: silenced: pyperclip lets e.g. xclip's "Can't open display" land on the terminal,
#: right over the reader's screen.
_QUIET_TOOLS: dict[str, tuple[list[str], list[str]]] = {
    "copy_xclip": (
        ["xclip", "-selection", "clipboard"],
        ["xclip", "-selection", "clipboard", "-o"],
    ),
    "copy_xsel": (["xsel", "--clipboard", "--input"], ["xsel", "--clipboard", "--output"]),
    "copy_wl": (["wl-copy"], ["wl-paste", "--no-newline"]),
    "copy_osx_pbcopy": (["pbcopy"], ["pbpaste"]),
}


@dataclass(frozen=True)
class CommandClipboard:
    """A clipboard tool run as a command, quietly (its stderr never reaches the terminal)."""

    name: str
    copy_cmd: tuple[str, ...]
    paste_cmd: tuple[str, ...]
    timeout: float = 3.0

    def copy(self, text: str) -> None:
        subprocess.run(
            self.copy_cmd,
            input=text.encode("utf-8"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=self.timeout,
            check=True,
        )

    def paste(self) -> str:
        done = subprocess.run(
            self.paste_cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=self.timeout,
            check=True,
        )
        return done.stdout.decode("utf-8", "replace")


class NoSystemClipboard(Exception):
    """No usable local clipboard mechanism; the message says why."""


def pyperclip_backend(env: Environment) -> SystemClipboard:
    """The local clipboard pyperclip finds, or raise :class:`NoSystemClipboard`.

    Asks ``pyperclip.determine_clipboard()`` rather than ``pyperclip.is_available()``,
    which answers False in a fresh process and True after a failed copy. A Qt clipboard
    is refused: it needs a QApplication on the main thread, which a terminal program
    running this in a worker thread does not have.
    """
    import pyperclip

    copy_fn, paste_fn = pyperclip.determine_clipboard()
    name = getattr(copy_fn, "__name__", "")
    if not copy_fn or not name:
        raise NoSystemClipboard("no clipboard tool found (install xclip, xsel or wl-clipboard)")
    if name == "copy_qt":
        raise NoSystemClipboard("only a Qt clipboard is available; install xclip or xsel")
    label = _PYPERCLIP_LABELS.get(name, "system clipboard")
    if name in _QUIET_TOOLS:
        copy_cmd, paste_cmd = _QUIET_TOOLS[name]
        return CommandClipboard(label, tuple(copy_cmd), tuple(paste_cmd))
    return PyperclipClipboard(label, copy_fn, paste_fn)


_T = TypeVar("_T")


class _TimedOut(Exception):
    pass


def _call_with_timeout(fn: Callable[[], _T], timeout: float) -> _T:
    """Run ``fn`` in a daemon thread; raise _TimedOut if it has not returned in time.

    A helper that never returns (xclip waiting on an unreachable display) keeps its
    daemon thread, which does not block the program from exiting.
    """
    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller below
            box["error"] = exc

    worker = threading.Thread(target=target, name="tuireader-clipboard", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise _TimedOut
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]


def _same_text(read_back: str, text: str) -> bool:
    """Read-back equality, tolerating CRLF conversion and a trailing newline change."""

    def norm(s: str) -> str:
        return s.replace("\r\n", "\n").rstrip("\n")

    return read_back == text or norm(read_back) == norm(text)


def _first_line(exc: BaseException) -> str:
    message = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {message[0]}" if message else type(exc).__name__


# --- the chain -------------------------------------------------------------------------


class Clipboard:
    """The clipboard chain. Build one per application; call :meth:`copy` for each copy.

    ``copy`` may block for up to ``tmux_timeout`` + ``system_timeout`` seconds, so a UI
    should call it from a worker thread (and then pass an ``osc52_writer`` that is safe
    to call from that thread).
    """

    def __init__(
        self,
        *,
        osc52_writer: Callable[[str], None] | None,
        fallback_dir: Path,
        environment: Environment | None = None,
        osc52: str = "auto",
        osc52_limit: int = DEFAULT_OSC52_LIMIT,
        tmux_runner: TmuxRunner | None = None,
        system_backend: SystemBackendFactory | None = None,
        tmux_timeout: float = 3.0,
        system_timeout: float = 3.0,
    ) -> None:
        if osc52 not in OSC52_MODES:
            raise ValueError(f"osc52 must be one of {', '.join(OSC52_MODES)}, not {osc52!r}")
        self.osc52_writer = osc52_writer
        self.fallback_dir = Path(fallback_dir)
        self.environment = environment if environment is not None else Environment.from_os()
        self.osc52 = osc52
        self.osc52_limit = osc52_limit
        self.tmux_runner: TmuxRunner = (
            tmux_runner if tmux_runner is not None else TmuxCommand(timeout=tmux_timeout)
        )
        # The default is pyperclip, imported and probed only when the chain reaches it.
        self.system_backend: SystemBackendFactory = (
            system_backend if system_backend is not None else pyperclip_backend
        )
        self.system_timeout = system_timeout

    @property
    def fallback_path(self) -> Path:
        return self.fallback_dir / FALLBACK_FILENAME

    def copy(
        self, text: str, what: str = "text", *, one_line: bool = False, keep: bool = True
    ) -> CopyOutcome:
        """Run the chain for ``text``; never raises.

        Every route gets the text :func:`clipboard_text` makes safe; ``one_line`` (a
        link) refuses, rather than cleans, a text with a line break or control character.
        Not ``keep``: the last-copy file is left as it is (a part of the text it holds,
        copied again from where it is shown).
        """
        safe_text, cleaned, refused = clipboard_text(text, one_line=one_line)
        if safe_text is None:
            return CopyOutcome(
                text, what, (), (), manual=False, fallback_path=None, refused=refused
            )
        text = safe_text
        if not text:
            return CopyOutcome(text, what, (), (), manual=False, fallback_path=None)
        attempts: list[RouteAttempt] = []
        env = self.environment
        # tmux's set-clipboard: "on", "external", "off"; "" when not known
        tmux_clipboard = ""
        # whether tmux passes the text on to the terminal's clipboard (not known: yes)
        tmux_forwards = True
        if env.tmux:
            tmux_clipboard, gone = self._tmux_clipboard()
            if gone:
                # $TMUX names no live server: a closed session's leftover. Nothing there
                # to copy into, and nothing about this terminal can be read from it.
                attempts.append(RouteAttempt("tmux", False, gone, _TMUX_LABEL))
                env = outside_tmux(env)
            else:
                tmux_attempt = self._guard("tmux", _TMUX_LABEL, self._copy_tmux, text)
                attempts.append(tmux_attempt)
                tmux_forwards = tmux_clipboard != "off" and tmux_attempt.detail == _TMUX_FORWARDED
        if tmux_clipboard in ("external", "off"):
            attempts.append(
                RouteAttempt(
                    "osc52",
                    False,
                    f"not sent: tmux's set-clipboard is {tmux_clipboard}, so tmux would "
                    "not pass it on to the terminal",
                    _OSC52_LABEL,
                )
            )
        elif tmux_forwards and any(a.ok and a.detail == _TMUX_FORWARDED for a in attempts):
            # tmux took the text with -w and passes it on itself; OSC 52 would go through
            # the same tmux, which (set-clipboard on) keeps it as a second paste buffer
            attempts.append(
                RouteAttempt(
                    "osc52",
                    False,
                    "not sent: tmux load-buffer -w passes the text on to the terminal "
                    "(through tmux, it would make a second tmux buffer)",
                    _OSC52_LABEL,
                )
            )
        else:
            attempts.append(
                self._guard("osc52", _OSC52_LABEL, partial(self._copy_osc52, env=env), text)
            )
        carried = {a.route for a in attempts if a.ok}
        only_in_tmux = carried == {"tmux"} and not tmux_forwards
        if not carried or ((carried == {"osc52"} or only_in_tmux) and not env.ssh):
            attempts.append(self._guard("system", "system clipboard", self._copy_system, text))
        elif carried == {"osc52"}:
            attempts.append(
                RouteAttempt(
                    "system",
                    False,
                    "skipped: over SSH the local display belongs to the remote host; "
                    "OSC 52 reaches your own terminal",
                )
            )
        else:
            attempts.append(RouteAttempt("system", False, "skipped: the tmux buffer has it"))

        fallback_path: Path | None = None
        manual = not any(a.ok for a in attempts)
        # every copy is saved: one a terminal or tmux dropped can still be shown
        saved = (
            self._guard("file", _FILE_LABEL, self._copy_file, text)
            if keep
            else RouteAttempt("file", False, "not saved: the file keeps the text shown")
        )
        if manual:
            attempts.append(saved)
            if saved.ok:
                fallback_path = self.fallback_path
        carried = {a.route for a in attempts if a.ok}
        hint = ""
        if carried == {"osc52"}:
            hint = OSC52_HINT
        elif carried == {"tmux"} and not tmux_forwards:
            hint = (
                "paste it inside tmux (prefix ]): tmux's set-clipboard is off"
                if tmux_clipboard == "off"
                else "paste it inside tmux (prefix ]): this tmux does not pass it on"
            )
        return CopyOutcome(
            text=text,
            what=what,
            routes=tuple(a.route for a in attempts if a.ok),
            attempts=tuple(attempts),
            manual=manual,
            fallback_path=fallback_path,
            cleaned=cleaned,
            hint=hint,
            saved=self.fallback_path if saved.ok else None,
        )

    @staticmethod
    def _guard(
        route: str, label: str, step: Callable[[str], RouteAttempt], text: str
    ) -> RouteAttempt:
        try:
            return step(text)
        except Exception as exc:  # noqa: BLE001 - a route that breaks did not copy
            return RouteAttempt(route, False, _first_line(exc), label)

    def _tmux_clipboard(self) -> tuple[str, str]:
        """tmux's ``set-clipboard`` ("" when not known), and why tmux is not there at all
        ("" when it answered).

        The question costs one quick command; a ``$TMUX`` whose server is gone fails it
        at once (a stopped server within the runner's timeout), so the copy itself is
        never tried there.
        """
        try:
            status, printed = self.tmux_runner(["show-options", "-gv", "set-clipboard"], "")
        except subprocess.TimeoutExpired:
            return "", "tmux did not answer in time"
        except FileNotFoundError:
            return "", "$TMUX is set but tmux is not installed"
        except Exception:  # noqa: BLE001 - not known; the copy itself will tell
            return "", ""
        if status == 0:
            value = printed.strip().splitlines()[0] if printed.strip() else ""
            return (value if value in TMUX_CLIPBOARD_SETTINGS else ""), ""
        if any(sign in printed for sign in _NO_TMUX_SERVER):
            return "", f"no tmux server answers at $TMUX (a closed session?): {printed}"
        return "", ""

    def _copy_tmux(self, text: str) -> RouteAttempt:
        try:
            status, err = self.tmux_runner(["load-buffer", "-w", "-"], text)
            if status == 0:
                return RouteAttempt("tmux", True, _TMUX_FORWARDED, _TMUX_LABEL)
            # tmux before 3.2 has no -w: fill the buffer without forwarding.
            status2, err2 = self.tmux_runner(["load-buffer", "-"], text)
        except subprocess.TimeoutExpired:
            return RouteAttempt("tmux", False, "tmux did not answer in time", _TMUX_LABEL)
        except FileNotFoundError:
            return RouteAttempt(
                "tmux", False, "$TMUX is set but tmux is not installed", _TMUX_LABEL
            )
        if status2 == 0:
            return RouteAttempt(
                "tmux",
                True,
                f"tmux load-buffer without -w ({err or 'exit ' + str(status)}): "
                "buffer filled, not forwarded to the terminal",
                _TMUX_LABEL,
            )
        return RouteAttempt(
            "tmux", False, f"tmux load-buffer failed (exit {status2}): {err2 or err}", _TMUX_LABEL
        )

    def _copy_osc52(self, text: str, env: Environment | None = None) -> RouteAttempt:
        if self.osc52 == "never":
            return RouteAttempt("osc52", False, 'disabled (osc52 = "never")', _OSC52_LABEL)
        if self.osc52_writer is None:
            return RouteAttempt("osc52", False, "no terminal to write to", _OSC52_LABEL)
        if (self.environment if env is None else env).term == "dumb" and self.osc52 != "always":
            # Emacs's shell and such print an escape sequence as text: the link would
            # come with a line of base64 in the middle of the output, and copy nothing
            return RouteAttempt(
                "osc52",
                False,
                'not sent: TERM=dumb shows escape sequences as text (osc52 = "always" sends it)',
                _OSC52_LABEL,
            )
        size = osc52_payload_size(text)
        if size > self.osc52_limit:
            return RouteAttempt(
                "osc52",
                False,
                f"not sent: {size:,} bytes of base64 exceed the {self.osc52_limit:,}-byte "
                "limit many terminals put on OSC 52",
                _OSC52_LABEL,
            )
        trusted, why = osc52_trust(self.environment if env is None else env, self.osc52)
        self.osc52_writer(text)
        if trusted:
            return RouteAttempt("osc52", True, f"sent, unconfirmed ({why})", _OSC52_LABEL)
        return RouteAttempt("osc52", False, f"sent, but {why}", _OSC52_LABEL)

    def _copy_system(self, text: str) -> RouteAttempt:
        env = self.environment
        if not env.may_have_local_clipboard:
            return RouteAttempt(
                "system", False, "no $DISPLAY or $WAYLAND_DISPLAY: no local clipboard"
            )

        def attempt() -> RouteAttempt:
            try:
                backend = self.system_backend(env)
            except NoSystemClipboard as exc:
                return RouteAttempt("system", False, str(exc))
            if backend is None:
                return RouteAttempt("system", False, "no local clipboard")
            backend.copy(text)
            if not _same_text(backend.paste(), text):
                return RouteAttempt(
                    "system",
                    False,
                    f"the {backend.name} did not keep the text (a stale display?)",
                    backend.name,
                )
            return RouteAttempt("system", True, "confirmed by reading it back", backend.name)

        try:
            return _call_with_timeout(attempt, self.system_timeout)
        except _TimedOut:
            return RouteAttempt(
                "system",
                False,
                f"the local clipboard did not answer within {self.system_timeout:g} s",
            )

    def _copy_file(self, text: str) -> RouteAttempt:
        """Save ``text`` to the fallback file, readable by the user only (0600 in 0700)."""
        path = self.fallback_path
        folder = path.parent
        if not folder.is_dir():
            folder.parent.mkdir(parents=True, exist_ok=True)
            try:
                folder.mkdir(mode=0o700)
            except FileExistsError:
                pass
            else:
                os.chmod(folder, 0o700)  # the umask may have taken bits from mode
        partial = path.with_name(path.name + ".partial")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        try:
            descriptor = os.open(partial, flags, 0o600)
            with os.fdopen(descriptor, "wb") as stream:
                if hasattr(os, "fchmod"):
                    os.fchmod(stream.fileno(), 0o600)  # whatever the umask, or an old file
                stream.write(_utf8(text))
            os.replace(partial, path)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return RouteAttempt("file", True, f"saved to {path}", _FILE_LABEL)
