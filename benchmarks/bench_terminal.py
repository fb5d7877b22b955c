"""What the reader costs at the terminal: bytes written per key, idle bytes, latency, first frame.

Runs the installed ``tuireader`` on the ICML 2024 papers (2,610) in a recording pseudo-terminal
(120×40, TERM=xterm-256color) and, beside it in the same run, ``fzf`` over the same titles and
``fzf --preview`` showing each abstract. Everything written to the terminal is recorded and fed to
a terminal emulator (pyte), so the clock stops on what is on screen, not on a guess:

* typing a query: bytes written per key, and the time from the key to the last frame that
  changed anything but the query line (the results, the status, the viewer) — p50/p95 —
  and to the last that changed the list (the left half of the screen, but the query line:
  the list and the status line; fzf's list beside its preview) — "list p50/p95";
* moving down one paper (``j`` in the reader; Down in fzf): bytes per key and latency;
* idle for 5 s, with the search box focused and with the list focused: bytes per second;
* start to the first frame that shows the papers, and (reader) to "index: ready"; beside
  it, a bare Textual app that reads the same file and lists the titles in an OptionList
  (the reader's first frame is also given as a multiple of the bare app's). Rounds of the
  two take turns, and ``--starts`` more starts of each, in turn, are timed to the first
  frame alone: the first-frame column is the median of all of them.

The reader answers the terminal's usual questions the way a modern terminal does (synchronised
output supported, cursor position), so frames arrive as they would in kitty, WezTerm or foot.

Run: ``python benchmarks/bench_terminal.py [--rounds 3] [--starts 10] [--size 100000] [--cmd "python -m tuireader"]``.
``--cmd`` runs another build (e.g. an older checkout on PYTHONPATH) for before/after numbers;
every program starts in the temporary folder, so ``python -m tuireader`` imports that build and
not a checkout in the folder the benchmark is run from.
Needs ``pyte`` (``pip install pyte``); fzf is skipped with a note when it is not installed.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import queue
import re
import shlex
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus

try:
    import pyte
except ImportError:  # pragma: no cover - a benchmark dependency
    raise SystemExit("bench_terminal needs pyte: pip install pyte") from None

COLS, ROWS = 120, 40
#: the reading thread waits at most this long (s) for the interpreter while the emulator's
#: thread parses, so a write is stamped when it arrives, not when parsing allows.
sys.setswitchinterval(0.0005)
#: the columns of the left half: the reader's list (and status line), apart from its viewer.
HALF = COLS // 2
QUERIES = ("diffusion model", "graph neural", "language")
MOVES = 20
#: after a key, how long to record what it caused.
KEY_WINDOW = 1.2
#: a write this small that changes only the query line is a cursor blink, not a render.
BLINK_BYTES = 300
#: announce 24-bit colour (COLORTERM=truecolor), as most terminals today do.
TRUECOLOR = False
#: where the programs measured keep their compiled bytecode (set by main).
PYCACHE: Path | None = None


_SGR = re.compile(rb"\x1b\[[0-9;:]*m")


@dataclass
class Event:
    """One read from the terminal: when, how many bytes, which screen rows changed."""

    at: float
    size: int
    rows: frozenset[int]
    #: bytes of it that are colour and style escapes (SGR).
    sgr: int = 0
    #: the rows of those whose change reaches into the left half of the screen (the
    #: reader's list and status line; fzf's list beside its preview)
    left: frozenset[int] = frozenset()


class _Screen(pyte.Screen):  # type: ignore[misc]
    """A pyte screen that answers cursor-position and device-attribute queries."""

    def __init__(self, columns: int, lines: int, reply: Callable[[bytes], None]) -> None:
        super().__init__(columns, lines)
        self._reply = reply

    def write_process_input(self, data: str) -> None:
        self._reply(data.encode())


def _lenient(name: str, takes: int) -> None:
    """Let ``_Screen.name`` ignore parameters past the ones pyte expects (fzf sends some)."""
    method = getattr(pyte.Screen, name)

    def call(self: _Screen, *args: object, **kwargs: object) -> None:
        method(self, *args[:takes], **kwargs)

    setattr(_Screen, name, call)


for _name in (
    "cursor_up",
    "cursor_down",
    "cursor_forward",
    "cursor_back",
    "cursor_up1",
    "cursor_down1",
    "cursor_to_column",
    "cursor_to_line",
    "insert_lines",
    "delete_lines",
    "insert_characters",
    "delete_characters",
    "erase_characters",
):
    _lenient(_name, 1)


class ScreenTimeout(TimeoutError):
    """The screen never showed what was waited for: the screen as emulated, and what the
    emulator failed on; ``terminal.keep_bytes()`` saves what was written, to replay."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        odd = terminal.odd
        failed = [f"(the emulator failed on {len(odd)} reads: {odd[:3]})"] if odd else []
        super().__init__("\n".join([*terminal.screen.display, *failed]))


@dataclass
class Terminal:
    """A program running in a recording pty, with an emulated screen."""

    argv: Sequence[str]
    env: dict[str, str]
    stdin: Path | None = None
    events: list[Event] = field(default_factory=list)
    raw: list[tuple[float, bytes]] = field(default_factory=list)
    #: what the emulator raised on, read by read (that read's rest is lost to the screen)
    odd: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.fd = master
        self.screen = _Screen(COLS, ROWS, self._answer)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Condition()
        self.started = time.perf_counter()
        stdin = open(self.stdin, "rb") if self.stdin else slave  # noqa: SIM115

        def controlling_tty() -> None:
            os.setsid()
            fcntl.ioctl(1, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            list(self.argv),
            # not the folder the benchmark runs in: ``python -m tuireader`` there would
            # import a checkout found in it before the build that ``--cmd`` puts on
            # PYTHONPATH, and a before/after run would measure one build twice
            cwd=tempfile.gettempdir(),
            stdin=stdin,
            stdout=slave,
            stderr=slave,
            env=self.env,
            preexec_fn=controlling_tty,  # noqa: PLW1509 - a single-threaded spawn
            close_fds=True,
        )
        os.close(slave)
        if self.stdin:
            stdin.close()  # type: ignore[union-attr]
        self._lines = self.screen.display
        #: what was read, stamped with when, for the emulator (None: the program ended)
        self._inbox: queue.SimpleQueue[tuple[float, bytes] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        self._parser = threading.Thread(target=self._parse, daemon=True)
        self._parser.start()

    def _answer(self, data: bytes) -> None:
        try:
            os.write(self.fd, data)
        except OSError:
            pass

    def _read(self) -> None:
        """Read what the program writes until its side of the pty is closed. Ours is closed
        by the parser once this thread has stopped reading and the rest is parsed: closed
        while this thread was between two reads, its number would be given to the next
        terminal's pty, and this thread would read (and lose) part of what that terminal's
        program writes."""
        try:
            self._read_until_closed()
        finally:
            self._inbox.put(None)  # the parser closes the pty: it may still answer on it

    def _read_until_closed(self) -> None:
        """Read and stamp each write as it arrives; the emulator parses on its own thread
        (pyte takes milliseconds a frame: parsed here, the next read and its time would
        wait for it, and the program would seem that much slower)."""
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                break
            if not data:
                break
            at = time.perf_counter()
            if b"\x1b[?2026$p" in data:  # synchronised output: supported, off
                self._answer(b"\x1b[?2026;2$y")
            self._inbox.put((at, data))

    def _parse(self) -> None:
        try:
            self._parse_until_closed()
        finally:
            os.close(self.fd)

    def _parse_until_closed(self) -> None:
        while (item := self._inbox.get()) is not None:
            at, data = item
            with self.lock:
                try:
                    self.stream.feed(data)
                except Exception as error:  # noqa: BLE001 - an odd sequence: go on reading
                    where = traceback.extract_tb(error.__traceback__)[-1]
                    self.odd.append(
                        f"{type(error).__name__}: {error} ({where.name}:{where.lineno})"
                    )
                lines = self.screen.display
                rows = frozenset(i for i, (a, b) in enumerate(zip(lines, self._lines)) if a != b)
                left = frozenset(i for i in rows if lines[i][:HALF] != self._lines[i][:HALF])
                self._lines = lines
                sgr = sum(len(m) for m in _SGR.findall(data))
                self.events.append(Event(at, len(data), rows, sgr, left))
                self.raw.append((at, data))
                self.lock.notify_all()

    def send(self, keys: str | bytes) -> float:
        data = keys.encode() if isinstance(keys, str) else keys
        at = time.perf_counter()
        os.write(self.fd, data)
        return at

    def text(self) -> list[str]:
        with self.lock:
            return list(self.screen.display)

    def wait_for(self, condition: Callable[[list[str]], bool], timeout: float = 120) -> float:
        """Wait until the screen satisfies ``condition``; the time of the write that did it."""
        deadline = time.perf_counter() + timeout
        with self.lock:
            while not condition(self.screen.display):
                left = deadline - time.perf_counter()
                if left <= 0 or self.process.poll() is not None:
                    raise ScreenTimeout(self)
                self.lock.wait(min(left, 0.2))
            return self.events[-1].at if self.events else time.perf_counter()

    def keep_bytes(self) -> Path:
        """Everything the program wrote so far, saved to a file (to replay it through an
        emulator: when a wait gives up, the screen may have lost track, not the program)."""
        kept = Path(tempfile.gettempdir()) / f"bench_terminal-{os.getpid()}-{id(self)}.bytes"
        kept.write_bytes(b"".join(data for _, data in self.raw))
        return kept

    def since(self, at: float, until: float | None = None) -> list[Event]:
        with self.lock:
            return [e for e in self.events if e.at >= at and (until is None or e.at < until)]

    def close(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        # the reader ends once every process holding the program's side has ended
        self._thread.join(timeout=10)
        self._parser.join(timeout=10)


@dataclass(frozen=True)
class KeyCost:
    """What one key caused at the terminal."""

    size: int
    sgr: int
    #: seconds to the last frame it caused (the viewer's, when it shows another paper)
    latency: float
    #: seconds to the last frame that changed the left half (the list and status line)
    list_latency: float


def key_cost(term: Terminal, key: str | bytes, input_row: int | None) -> KeyCost:
    """Send ``key``; return the bytes it caused, of them SGR, and the seconds to the last
    frame it caused and to the last one that changed the list.

    A frame that changes only the query line after the first is a cursor blink: neither
    counted nor timed (idle bytes are measured on their own).
    """
    sent = term.send(key)
    time.sleep(KEY_WINDOW)
    kept: list[Event] = []
    for event in term.since(sent):
        blink = kept and event.size < BLINK_BYTES and event.rows <= {input_row}
        if not blink:
            kept.append(event)
    if not kept:
        return KeyCost(0, 0, 0.0, 0.0)
    rendered = [e for e in kept if e.rows - {input_row}] or kept
    listed = [e for e in kept if e.left - {input_row}] or rendered
    return KeyCost(
        sum(e.size for e in kept),
        sum(e.sgr for e in kept),
        rendered[-1].at - sent,
        listed[-1].at - sent,
    )


@dataclass
class Result:
    name: str
    first_frame: float = float("nan")
    ready: float = float("nan")
    typing_bytes: list[int] = field(default_factory=list)
    typing_latency: list[float] = field(default_factory=list)
    typing_list_latency: list[float] = field(default_factory=list)
    move_bytes: list[int] = field(default_factory=list)
    move_latency: list[float] = field(default_factory=list)
    sgr: int = 0
    idle_search: float = float("nan")
    idle_list: float = float("nan")

    def typed(self, cost: KeyCost) -> None:
        """Count what a key typed into the query cost."""
        self.sgr += cost.sgr
        self.typing_bytes.append(cost.size)
        self.typing_latency.append(cost.latency)
        self.typing_list_latency.append(cost.list_latency)

    def moved(self, cost: KeyCost) -> None:
        """Count what a key that moved down one paper cost."""
        self.sgr += cost.sgr
        self.move_bytes.append(cost.size)
        self.move_latency.append(cost.latency)


def _row_with(lines: list[str], text: str) -> int | None:
    return next((i for i, line in enumerate(lines) if text in line), None)


def _idle(term: Terminal, seconds: float) -> float:
    time.sleep(0.6)  # let what the last key caused finish
    start = time.perf_counter()
    time.sleep(seconds)
    return sum(e.size for e in term.since(start)) / seconds


def _env(**extra: str) -> dict[str, str]:
    """The environment of a terminal like the one measured: 256 colours, or 24-bit.

    Programs run with their bytecode compiled, as installed copies do (a checkout run
    with PYTHONDONTWRITEBYTECODE would compile every module at every start): the .pyc
    files go to the run's work folder.
    """
    env = {**os.environ, "TERM": "xterm-256color", **extra}
    env.pop("NO_COLOR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if PYCACHE is not None:
        env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    if TRUECOLOR:
        env["COLORTERM"] = "truecolor"
    else:
        env.pop("COLORTERM", None)
    return env


#: the least a Textual reader could do: read the papers and list their titles in an
#: OptionList, with a status line like the reader's (the first frame is timed to it).
BARE_APP = """
import json, sys
from textual.app import App
from textual.widgets import OptionList, Static

class Bare(App):
    CSS = "OptionList { height: 1fr; } Static { dock: bottom; height: 1; }"

    def compose(self):
        yield OptionList()
        yield Static()

    def on_mount(self):
        with open(sys.argv[1], encoding="utf-8") as handle:
            titles = [json.loads(line)["title"] for line in handle if line.strip()]
        self.query_one(OptionList).add_options(titles)
        self.query_one(Static).update(f"{len(titles):,} / {len(titles):,} papers")

Bare().run()
"""


def run_bare(source: Path, result: Result, tries: int = 3) -> None:
    """The bare OptionList app's first frame with the papers (nothing else is measured).

    Now and then the emulated screen loses track of a frame (a sequence split oddly
    between reads) and the status line never shows: that run is started again.
    """
    for _ in range(tries):
        term = Terminal([sys.executable, "-c", BARE_APP, str(source)], _env())
        try:
            shown = term.wait_for(
                lambda lines: _row_with(lines, "2,610 / 2,610 papers") is not None, 30
            )
        except TimeoutError:
            continue
        finally:
            term.close()
        result.first_frame = result.ready = shown - term.started
        return


#: every paper listed: "2,610 / 2,610 papers" (a synthetic corpus repeats a few records,
#: which the reader merges: its count is the reader's to say); not "0 / 0" before loading.
EVERYTHING = re.compile(r"\b([1-9][\d,]*) / \1 papers\b")


def listed(lines: list[str]) -> bool:
    return any(EVERYTHING.search(line) for line in lines)


def reader_start(cmd: Sequence[str], source: Path, home: Path) -> float:
    """Seconds from start to the reader's first frame with every paper listed."""
    term = Terminal([*cmd, str(source)], _env(TUIREADER_HOME=str(home)))
    try:
        return term.wait_for(listed, 300) - term.started
    finally:
        term.close()


def run_reader(cmd: Sequence[str], source: Path, home: Path, result: Result) -> None:
    env = _env(TUIREADER_HOME=str(home))
    term = Terminal([*cmd, str(source)], env)
    try:
        shown = term.wait_for(listed, 300)
        result.first_frame = shown - term.started
        ready = term.wait_for(lambda lines: _row_with(lines, "index: ready") is not None)
        result.ready = ready - term.started
        input_row = _row_with(term.text(), "Search papers")
        result.idle_search = _idle(term, 5)
        for query in QUERIES:
            for char in query:
                result.typed(key_cost(term, char, input_row))
            term.send(b"\x15")  # ctrl+u: clear the query
            term.wait_for(listed)
        term.send(b"\r")  # to the list
        time.sleep(0.5)
        for _ in range(MOVES):
            result.moved(key_cost(term, "j", None))
        result.idle_list = _idle(term, 5)
    finally:
        term.close()


def run_fzf(lines: Path, preview: str | None, result: Result) -> None:
    env = _env(FZF_DEFAULT_OPTS="")
    argv = ["fzf", "--layout", "reverse", "--delimiter", "\t", "--with-nth", "2"]
    if preview:
        argv += ["--preview", preview, "--preview-window", "right:50%:wrap"]
    term = Terminal(argv, env, stdin=lines)
    try:
        shown = term.wait_for(lambda screen: _row_with(screen, "2610/2610") is not None)
        result.first_frame = shown - term.started
        result.ready = result.first_frame
        info_row = _row_with(term.text(), "2610/2610")
        input_row = None if info_row is None else info_row - 1  # reverse: prompt on top
        result.idle_search = _idle(term, 5)
        for query in QUERIES:
            for char in query:
                result.typed(key_cost(term, char, input_row))
            term.send(b"\x15")
            try:
                term.wait_for(lambda screen: _row_with(screen, "2610/2610") is not None, 10)
            except TimeoutError:
                term.send(b"\x0c")  # ctrl+l: fzf redraws the whole screen
                term.wait_for(lambda screen: _row_with(screen, "2610/2610") is not None, 20)
        time.sleep(0.5)
        for _ in range(MOVES):
            result.moved(key_cost(term, b"\x1b[B", None))
        result.idle_list = result.idle_search
    finally:
        term.close()


def _q(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _kb(values: Sequence[int]) -> str:
    return f"{statistics.median(values) / 1000:.1f}" if values else "-"


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value * 1000:.0f}"


def _share(r: Result) -> str:
    total = sum(r.typing_bytes) + sum(r.move_bytes)
    return f"{100 * r.sgr / total:.0f}%" if total else "-"


def table(results: list[Result]) -> str:
    head = (
        f"{'program':28} {'first':>6} {'ready':>6} {'type KB':>8} {'p50':>5} {'p95':>5}"
        f" {'list':>5} {'list':>5} {'j KB':>6} {'p50':>5} {'p95':>5} {'idle B/s':>9} {'list idle':>9} {'SGR':>5}"
    )
    units = (
        f"{'':28} {'ms':>6} {'ms':>6} {'/key':>8} {'ms':>5} {'ms':>5}"
        f" {'p50':>5} {'p95':>5} {'/key':>6} {'ms':>5} {'ms':>5} {'search':>9} {'B/s':>9} {'share':>5}"
    )
    out = [head, units]
    for r in results:
        out.append(
            f"{r.name:28} {_ms(r.first_frame):>6} {_ms(r.ready):>6} {_kb(r.typing_bytes):>8}"
            f" {_ms(_q(r.typing_latency, 0.5)):>5} {_ms(_q(r.typing_latency, 0.95)):>5}"
            f" {_ms(_q(r.typing_list_latency, 0.5)):>5}"
            f" {_ms(_q(r.typing_list_latency, 0.95)):>5}"
            f" {_kb(r.move_bytes):>6} {_ms(_q(r.move_latency, 0.5)):>5}"
            f" {_ms(_q(r.move_latency, 0.95)):>5} {r.idle_search:>9.0f} {r.idle_list:>9.0f}"
            f" {_share(r):>5}"
        )
    return "\n".join(out)


def _merge(runs: list[Result], starts: Sequence[float] = ()) -> Result:
    merged = Result(runs[0].name)
    merged.first_frame = statistics.median([*(r.first_frame for r in runs), *starts])
    merged.ready = statistics.median(r.ready for r in runs)
    merged.idle_search = statistics.median(r.idle_search for r in runs)
    merged.idle_list = statistics.median(r.idle_list for r in runs)
    for r in runs:
        merged.sgr += r.sgr
        merged.typing_bytes += r.typing_bytes
        merged.typing_latency += r.typing_latency
        merged.typing_list_latency += r.typing_list_latency
        merged.move_bytes += r.move_bytes
        merged.move_latency += r.move_latency
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each program")
    parser.add_argument(
        "--cmd", default="tuireader", help="how to start the reader (default: tuireader)"
    )
    parser.add_argument("--name", default="tuireader", help="its name in the table")
    parser.add_argument("--no-fzf", action="store_true", help="measure the reader only")
    parser.add_argument("--no-reader", action="store_true", help="measure fzf only")
    parser.add_argument("--json", type=Path, help="also write the raw numbers here")
    parser.add_argument(
        "--starts",
        type=int,
        default=10,
        help="more starts of the reader and the bare app, in turn, timed to the first"
        " frame only (the first-frame column is the median of every start)",
    )
    parser.add_argument(
        "--truecolor", action="store_true", help="COLORTERM=truecolor (default: 256 colours)"
    )
    parser.add_argument(
        "--size",
        type=int,
        default=0,
        help="papers: N synthetic ones recombined from ICML 2024 (default 0: ICML itself);"
        " the bare app lists ICML's 2,610 either way",
    )
    args = parser.parse_args()
    global TRUECOLOR
    TRUECOLOR = args.truecolor
    source = corpus.icml_path()
    if source is None:
        raise SystemExit("benchmark data not found (set TUIREADER_ICML)")
    icml = source
    records = corpus.load_records(source)
    if args.size:
        source = corpus.corpus_source(
            args.size, Path(tempfile.gettempdir()) / "bench_scale" / "corpora"
        )
        records = corpus.synthetic_records(records, args.size)
    cmd = shlex.split(args.cmd)
    work = Path(tempfile.mkdtemp(prefix="tuireader-bench-term-"))
    global PYCACHE
    PYCACHE = work / "pycache"
    try:
        home = work / "home"
        runs: dict[str, list[Result]] = {}
        #: first frames of the starts timed to it alone, by program
        starts: dict[str, list[float]] = {}

        def measure(run: Callable[[Result], None], name: str) -> None:
            """One round; a round the emulated screen lost track of is left out, said so."""
            result = Result(name)
            try:
                run(result)
            except ScreenTimeout as error:
                kept = error.terminal.keep_bytes()
                print(
                    f"{name}: a round left out (the screen never showed it; "
                    f"what was written is in {kept})",
                    file=sys.stderr,
                )
                return
            runs.setdefault(name, []).append(result)

        if not args.no_reader:
            # One untimed run first: the index and the caches are built, as for a user's
            # second start.
            run_reader(cmd, source, home, Result("warm-up"))
            run_bare(icml, Result("warm-up"))  # its bytecode compiled too
            # Side by side: a round of each in turn, so that the machine's slow spells
            # fall on both alike.
            for _ in range(args.rounds):
                measure(lambda result: run_reader(cmd, source, home, result), args.name)
                measure(lambda result: run_bare(icml, result), "bare OptionList app")
            for _ in range(args.starts):
                starts.setdefault(args.name, []).append(reader_start(cmd, source, home))
                bare_start = Result("start")
                run_bare(icml, bare_start)
                if not math.isnan(bare_start.first_frame):
                    starts.setdefault("bare OptionList app", []).append(bare_start.first_frame)
        if args.no_fzf:
            pass
        elif shutil.which("fzf") is None:
            print("fzf is not installed (apt-get install -y fzf): compared with nothing")
        else:
            lines = work / "titles.tsv"
            abstracts = work / "abstracts"
            abstracts.mkdir()
            with lines.open("w", encoding="utf-8") as out:
                for number, record in enumerate(records):
                    title = " ".join(str(record.get("title", "")).split())
                    out.write(f"{number}\t{title}\n")
                    (abstracts / str(number)).write_text(
                        f"{title}\n\n{record.get('abstract', '')}\n", encoding="utf-8"
                    )
            preview = f"cat {shlex.quote(str(abstracts))}/{{1}}"
            for _ in range(args.rounds):
                for name, shows in (("fzf", None), ("fzf --preview (abstract)", preview)):
                    measure(lambda result, shows=shows: run_fzf(lines, shows, result), name)
        merged = [_merge(r, starts.get(name, [])) for name, r in runs.items()]
        colours = "24-bit" if TRUECOLOR else "256"
        print(
            f"Terminal cost at {COLS}x{ROWS} ({colours} colours), {len(records):,} papers,"
            f" {args.rounds} rounds;"
            f" typing {', '.join(QUERIES)}; {MOVES} moves down (j / Down)"
        )
        print(table(merged))
        named = {r.name: r for r in merged}
        bare_result = named.get("bare OptionList app")
        if bare_result is not None and args.name in named and bare_result.first_frame:
            ratio = named[args.name].first_frame / bare_result.first_frame
            print(f"first frame: {args.name} {ratio:.2f}x the bare OptionList app")
        if args.json:
            args.json.write_text(
                json.dumps([r.__dict__ for r in merged], indent=1, default=str), encoding="utf-8"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
