"""Style escapes rewritten as transitions: fewer bytes, the same screen.

The oracle is a small terminal of its own (below), written apart from the module: it
paints cells with the style in force and erases with the background in force, and both
streams must leave it the same, cell by cell.
"""

from __future__ import annotations

import io
import re
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from tuireader.render.sgr import DEFAULT, apply, squeeze, squeeze_from, transition
from tuireader.ui.driver import SqueezedOutput, squeezed

ESC = "\x1b"


class Terminal:
    """Just enough of a terminal: a cursor, styled cells, SGR, CUP, EL and LF."""

    FLAGS: ClassVar[dict[str, str]] = {
        "1": "b",
        "2": "d",
        "3": "i",
        "4": "u",
        "5": "k",
        "7": "r",
        "9": "s",
        "53": "o",
    }
    OFF: ClassVar[dict[str, str]] = {
        "22": "bd",
        "23": "i",
        "24": "u",
        "25": "k",
        "27": "r",
        "29": "s",
        "55": "o",
    }

    def __init__(self, width: int = 20, height: int = 4) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "", None, None)] * width for _ in range(height)]
        self.x = self.y = 0
        self.flags = ""
        self.fg: str | None = None
        self.bg: str | None = None

    def sgr(self, params: str) -> None:
        codes = params.split(";") if params else ["0"]
        i = 0
        while i < len(codes):
            c = str(int(codes[i]))
            i += 1
            if c == "0":
                self.flags, self.fg, self.bg = "", None, None
            elif c in self.FLAGS:
                self.flags = "".join(sorted(set(self.flags + self.FLAGS[c])))
            elif c in self.OFF:
                self.flags = "".join(f for f in self.flags if f not in self.OFF[c])
            elif c in ("38", "48"):
                n = 2 if codes[i] == "5" else 4
                value = ";".join(codes[i : i + n])
                i += n
                if c == "38":
                    self.fg = value
                else:
                    self.bg = value
            elif c == "39":
                self.fg = None
            elif c == "49":
                self.bg = None
            elif 30 <= int(c) <= 37:
                self.fg = c
            elif 40 <= int(c) <= 47:
                self.bg = c
            else:
                raise AssertionError(c)

    def feed(self, data: str) -> None:
        for m in re.finditer(r"\x1b\[([0-9;]*)([A-Za-z])|\n|\r|[^\x1b\n\r]", data):
            token = m.group()
            if m.group(2) == "m":
                self.sgr(m.group(1))
            elif m.group(2) == "H":
                row, col = (m.group(1) or "1;1").split(";")
                self.y, self.x = int(row) - 1, int(col) - 1
            elif m.group(2) == "K":
                for x in range(self.x, self.width):
                    self.cells[self.y][x] = (" ", "", None, self.bg)
            elif token == "\n":
                if self.y == self.height - 1:  # the bottom row: the screen scrolls
                    self.cells = [*self.cells[1:], [(" ", "", None, self.bg)] * self.width]
                else:
                    self.y += 1
            elif token == "\r":
                self.x = 0
            elif self.x < self.width:
                self.cells[self.y][self.x] = (token, self.flags, self.fg, self.bg)
                self.x += 1


def screen(data: str) -> list[list[tuple[str, str, str | None, str | None]]]:
    terminal = Terminal()
    terminal.feed(data)
    return terminal.cells


def textual(*runs: tuple[str, str]) -> str:
    """Runs of text as Textual writes them: each set in full, then reset."""
    return "".join(f"{ESC}[{style}m{text}{ESC}[0m" if style else text for style, text in runs)


def test_a_run_in_the_same_style_as_the_last_costs_nothing():
    data = textual(("38;5;253;48;5;234", "ab"), ("38;5;253;48;5;234", "cd"))
    assert squeeze(data) == f"{ESC}[38;5;253;48;5;234mabcd{ESC}[0m"


def test_a_new_background_costs_only_the_background():
    data = textual(("38;5;253;48;5;234", "ab"), ("38;5;253;48;5;23", "cd"))
    assert squeeze(data) == f"{ESC}[38;5;253;48;5;234mab{ESC}[48;5;23mcd{ESC}[0m"


def test_attributes_are_turned_off_and_on_as_needed():
    data = textual(("1;4;38;5;222", "a"), ("4;38;5;222", "b"), ("2;38;5;222", "c"))
    assert squeeze(data) == f"{ESC}[1;4;38;5;222ma{ESC}[22mb{ESC}[24;2mc{ESC}[0m"
    assert screen(squeeze(data)) == screen(data)


def test_a_style_waits_across_moves_but_not_across_erasing():
    data = f"{ESC}[48;5;23m{ESC}[0m{ESC}[2;3H{ESC}[48;5;23m{ESC}[K{ESC}[0mx"
    out = squeeze(data)
    assert out == f"{ESC}[2;3H{ESC}[48;5;23m{ESC}[K{ESC}[0mx"
    assert screen(out) == screen(data)


def test_an_escape_it_does_not_know_is_passed_on_and_the_style_is_then_unknown():
    data = f"{ESC}[38;5;1mA{ESC}[0m{ESC}[4:3mB{ESC}[0m{ESC}[38;5;1mC{ESC}[0m"
    out = squeeze(data)
    # passed on in its place; the next style is then written from a fresh start
    assert out == f"{ESC}[38;5;1mA{ESC}[0m{ESC}[4:3mB{ESC}[0;38;5;1mC{ESC}[0m"
    assert apply(DEFAULT, "4:3") is None and apply(DEFAULT, "38;5") is None


def test_the_style_is_carried_from_one_write_to_the_next():
    first, style = squeeze_from(f"{ESC}[38;5;1mA", DEFAULT)
    second, style = squeeze_from(f"{ESC}[0m{ESC}[38;5;1mB{ESC}[0m", style)
    assert first == f"{ESC}[38;5;1mA" and second == f"B{ESC}[0m" and style == DEFAULT


def test_the_shorter_of_a_change_and_a_fresh_start_is_written():
    many = apply(DEFAULT, "1;3;4;7;38;5;1;48;5;2")
    assert many is not None
    assert transition(many, DEFAULT) == f"{ESC}[0m"
    plain = apply(DEFAULT, "38;5;1")
    assert plain is not None
    assert transition(many, plain) == f"{ESC}[0;38;5;1m"


STYLES = st.lists(
    st.sampled_from(["1", "2", "3", "4", "7", "9", "53", "38;5;23", "38;5;253", "48;5;234",
                     "48;5;23", "31", "44", "38;2;1;2;3", "48;2;9;9;9", "22", "39", "49"]),
    min_size=0,
    max_size=4,
).map(";".join)  # fmt: skip
TOKENS = st.one_of(
    st.tuples(st.just("run"), STYLES, st.text("ab ─│", min_size=1, max_size=4)),
    st.tuples(st.just("move"), st.integers(1, 4), st.integers(1, 20)),
    st.tuples(st.just("erase"), STYLES, st.just("")),
    st.tuples(st.just("raw"), STYLES, st.sampled_from(["\r", "\n", "x"])),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=30), st.integers(0, 3))
def test_any_stream_leaves_the_same_screen_in_fewer_or_as_many_bytes(tokens, cut):
    parts = []
    for kind, a, b in tokens:
        if kind == "run":
            parts.append(textual((a, b)))
        elif kind == "move":
            parts.append(f"{ESC}[{a};{b}H")
        elif kind == "erase":
            parts.append(f"{ESC}[{a}m{ESC}[K")  # a style left set, as a stray write might
        else:
            parts.append(f"{ESC}[{a}m{b}")
    data = "".join(parts)
    out = squeeze(data)
    assert screen(out) == screen(data)
    assert screen(squeeze(data, rows=4)) == screen(data)  # the model terminal's height
    assert len(out) <= len(data) + 4 * data.count(ESC + "[")  # never much longer
    # Written in pieces (cut between tokens), with the style carried: the same screen.
    size = max(1, len(parts) // (cut + 1))
    style, pieces = DEFAULT, []
    for start in range(0, len(parts), size):
        piece, style = squeeze_from("".join(parts[start : start + size]), style)
        pieces.append(piece)
    assert screen("".join(pieces)) == screen(data)


def test_the_driver_writes_through_the_squeezer_and_keeps_the_rest_of_the_file():
    sink = io.StringIO()
    output = SqueezedOutput(sink)
    output.write(textual(("38;5;1", "a")) + f"{ESC}[38;5;1m")
    output.write(f"b{ESC}[0m")
    assert sink.getvalue() == f"{ESC}[38;5;1mab{ESC}[0m"
    assert output.getvalue() == sink.getvalue()  # everything else is the file's own

    from textual.drivers.linux_driver import LinuxDriver

    from tuireader.ui.app import ReaderApp

    driver = ReaderApp.get_driver_class(ReaderApp.__new__(ReaderApp))
    assert issubclass(driver, LinuxDriver) and driver is not LinuxDriver
    assert squeezed(LinuxDriver).__name__ == "SqueezedLinuxDriver"


def test_a_terminal_gone_away_drops_the_writes_instead_of_raising():
    # the writer thread died of EIO on a closed terminal, and the app's next writes
    # waited for it for ever: the reader never closed after a hang-up
    import errno

    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.EIO, "Input/output error")

        def flush(self) -> None:
            raise OSError(errno.EIO, "Input/output error")

    output = SqueezedOutput(Gone())
    assert output.write("abc") == 3
    output.flush()
    assert output.write(f"{ESC}[0mmore") == len(f"{ESC}[0mmore")


def test_only_a_suspend_is_resumed_by_sigcont():
    # a closed terminal sends SIGCONT after SIGHUP: it was taken for the end of a
    # suspend, and the screen started again on the dead terminal
    calls: list[str] = []

    class Base:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def _sigtstp_application(self, *args: object) -> None:
            calls.append("suspended")

        def _sigcont_application(self, *args: object) -> None:
            calls.append("resumed")

    driver = squeezed(Base)()  # type: ignore[arg-type]
    driver._sigcont_application()
    assert calls == []
    driver._sigtstp_application()
    driver._sigcont_application()
    driver._sigcont_application()  # once per suspend
    assert calls == ["suspended", "resumed"]


def test_a_cursor_position_nothing_is_painted_at_is_left_out():
    # Textual's rows: "…text", a move to the row's end, a line break, the next row's move.
    data = f"{ESC}[1;1Hab{ESC}[1;3H\r\n{ESC}[2;1Hcd{ESC}[2;3H"
    assert squeeze(data, rows=4) == f"{ESC}[1;1Hab{ESC}[2;1Hcd{ESC}[2;3H"
    assert screen(squeeze(data, rows=4)) == screen(data)
    # Without the height, a line break might have scrolled: it stays, and so does the
    # move it starts from.
    assert squeeze(data) == data
    # On the bottom row it would scroll: it stays, and so does the move it starts from.
    bottom = f"{ESC}[4;1Hab{ESC}[4;3H\r\n{ESC}[1;1Hcd"
    assert squeeze(bottom, rows=4) == bottom
    assert screen(squeeze(bottom, rows=4)) == screen(bottom)
    # A relative move needs the position before it.
    relative = f"{ESC}[2;2H{ESC}[1Ax"
    assert squeeze(relative, rows=4) == relative
