"""Helpers for the UI tests: read what is on screen, and drive a real terminal in tmux."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>'
)
_CELL = 12.2  # width of one cell in Textual's SVG export


def screen_text(svg: str) -> list[str]:
    """The lines of text in a Textual SVG screenshot, as a user would read them."""
    rows: dict[int, dict[int, str]] = {}
    for x, line, chunk in _TEXT.findall(svg):
        rows.setdefault(int(line), {})[round(float(x) / _CELL)] = html.unescape(chunk)
    lines = []
    for number in range(max(rows, default=-1) + 1):
        cells = rows.get(number, {})
        out = ""
        for column in sorted(cells):
            out = out.ljust(column) + cells[column]
        lines.append(out.replace("\xa0", " ").rstrip())
    return lines


def app_text(app) -> str:  # type: ignore[no-untyped-def]
    """Everything currently on the app's screen, one line per terminal row."""
    return "\n".join(screen_text(app.export_screenshot()))


# -- tmux ---------------------------------------------------------------------------------


def installed_command() -> Path | None:
    """The ``tuireader`` console script installed next to this Python, if any."""
    script = Path(sys.executable).parent / "tuireader"
    return script if script.exists() else None


#: How long a wait for the screen may last before the test fails (s). Only a bound for a
#: reader that never gets there, far above what any step takes on a machine busy with
#: other test runs: a wait is over as soon as its condition holds.
WAIT_LIMIT = 180.0


class Tmux:
    """A private tmux server with one pane running a shell command."""

    def __init__(self, width: int = 120, height: int = 40, env: dict[str, str] | None = None):
        self.socket = f"tuireader-test-{uuid.uuid4().hex[:10]}"
        self.width, self.height = width, height
        self.env = {**os.environ, **(env or {})}

    def _tmux(self, *args: str, stdin: str | None = None) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=self.env,
            check=True,
        )
        return result.stdout

    def buffers(self) -> str:
        """What tmux's paste buffers hold, as ``list-buffers`` says it ("" for none)."""
        return subprocess.run(
            ["tmux", "-L", self.socket, "list-buffers"],
            capture_output=True,
            text=True,
            env=self.env,
            check=False,
        ).stdout

    def start(self, shell_command: str, options: dict[str, str] | None = None) -> None:
        """Start ``shell_command`` in a new pane, with the server's ``options`` (and
        ``remain-on-exit``) set in the same call: the server runs them before it answers
        anyone, so the command never sees the options as they were before (set in a call
        of their own, a ``set-clipboard on`` came after a quick command had read it,
        on a busy machine)."""
        settings = {"remain-on-exit": "on", **(options or {})}
        chained: list[str] = []
        for name, value in settings.items():
            chained += [";", "set-option", "-g", name, value]
        self._tmux(
            "new-session", "-d", "-x", str(self.width), "-y", str(self.height),
            "sh", "-c", shell_command, *chained,
        )  # fmt: skip

    def send(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "0", *keys)

    def type(self, text: str) -> None:
        self._tmux("send-keys", "-t", "0", "-l", text)

    def paste(self, text: str, *, bracketed: bool = False) -> None:
        """Paste ``text`` as tmux does: typed key by key, as a terminal without bracketed
        paste sends it, or (``bracketed``) marked as one paste."""
        self._tmux("load-buffer", "-b", "test-paste", "-", stdin=text)
        mode = ["-p"] if bracketed else []
        self._tmux("paste-buffer", "-d", "-b", "test-paste", *mode, "-t", "0")

    def capture(self, escapes: bool = False) -> str:
        args = ["capture-pane", "-p", "-t", "0"]
        if escapes:
            args.append("-e")
        return self._tmux(*args)

    def wait_for(
        self, predicate: Callable[[str], bool], timeout: float = WAIT_LIMIT, escapes: bool = False
    ) -> str:
        """Poll the pane until ``predicate(text)`` holds; fail with the last screen if not.

        Put in ``predicate`` all that the screen must show before the test reads it: a
        frame is drawn in pieces, and a screen captured once one part of it holds may
        still show the rest of the frame before.
        """
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.capture(escapes)
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting; last screen:\n{screen}")

    def close(self) -> None:
        subprocess.run(
            ["tmux", "-L", self.socket, "kill-server"],
            capture_output=True,
            env=self.env,
            check=False,
        )


def index_settled(screen: str) -> bool:
    """The status line names an index state that stays: the index is ready, or searches
    scan without one (while it opens or builds, it writes to the data folder and may
    give back what it wrote)."""
    return any(
        f"index: {state}" in screen for state in ("ready", "text scan", "unavailable", "none")
    )


def notice_text(screen: str) -> str:
    """The text of the notices on ``screen``, their rows joined: a notice wraps its text
    as its width gives ("the disk may" then "be full" where it names a long path)."""
    return " ".join(line.split("▌")[-1].strip(" │") for line in screen.splitlines())


def tmux_available() -> bool:
    return shutil.which("tmux") is not None


def sync(test):  # type: ignore[no-untyped-def]
    """Run an ``async def`` test with asyncio (no async pytest plugin needed)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def run(*args, **kwargs):  # type: ignore[no-untyped-def]
        return asyncio.run(test(*args, **kwargs))

    return run


def widget_text(app, widget) -> str:  # type: ignore[no-untyped-def]
    """The on-screen text inside ``widget``'s region, wrapped lines joined by spaces."""
    region = widget.region
    lines = screen_text(app.export_screenshot())[region.y : region.bottom]
    inner = [line[region.x + 1 : region.right - 1].strip() for line in lines]
    return " ".join(part for part in inner if part)


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let the app's workers (and the triage writer) finish and the screen catch up."""
    import asyncio

    from tuireader.ui.screens.main import MainScreen

    # keys typed in a burst are handed over one at a time: let every one be handled
    for _ in range(1000):
        if not getattr(pilot.app, "keys_pending", False):
            break
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    for screen in pilot.app.screen_stack:
        if isinstance(screen, MainScreen):
            await asyncio.to_thread(screen.triage.flush)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()
    for screen in pilot.app.screen_stack:
        # changes that could not be saved are said together, a moment after they failed
        while isinstance(screen, MainScreen) and screen.saying_not_saved:
            await pilot.pause(0.05)


#: index states after which the engine will not change on its own.
_SETTLED_INDEX = ("ready", "text scan", "unavailable", "none")


async def ready(pilot, *, settled: bool = True):  # type: ignore[no-untyped-def]
    """Wait until the reader is ready for keys, and return its main screen.

    Ready: the library is shown (or its failure is), the search engine can answer (or
    never will), and the triage file is open; then the screen settles (unless not
    ``settled``: settling waits for every worker, a fit the test holds too).
    """
    screen = pilot.app.screen
    for _ in range(1000):
        if (
            screen.library is not None
            and screen.index_state in _SETTLED_INDEX
            and screen.triage.store is not None
        ):
            break
        await pilot.pause()
    else:
        raise AssertionError(f"the reader never got ready: index {screen.index_state!r}")
    if settled:
        await settle(pilot)
    return screen


async def until(pilot, done) -> None:  # type: ignore[no-untyped-def]
    """Wait (30 s at most) until ``done()`` is true, the app running meanwhile."""
    for _ in range(3000):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("never happened")


async def run_command(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """Open the command palette, type ``text`` and run the first match."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*text)
    await pilot.pause(0.3)
    await pilot.press("enter")


def notices(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The messages of the notifications shown so far."""
    return [str(n.message) for n in app._notifications]
