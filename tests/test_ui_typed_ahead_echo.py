"""What erases the echo of keys typed while the reader starts: as many rows as the echo
took, no more (the rows above it are the shell's)."""

from __future__ import annotations

import pyte
import pytest

from tuireader.ui.driver import erase_echo


def shell_screen(typed: str, width: int = 20, control_cells: int = 2) -> pyte.Screen:
    """A terminal ``width`` wide showing a command line, then the echo of ``typed`` as
    a terminal in line mode echoes it (a newline starts a row, a control key shows as
    "^X"), then what erases it."""
    screen = pyte.Screen(width, 8)
    stream = pyte.Stream(screen)
    stream.feed("$ tuireader\r\n")
    for char in typed:
        if char == "\n":
            stream.feed("\r\n")
        elif char < " ":
            stream.feed(f"^{chr(ord(char) + 64)}" if control_cells else "")
        else:
            stream.feed(char)
    stream.feed(erase_echo(typed, width, control_cells))
    return screen


@pytest.mark.parametrize(
    "typed",
    [
        "diffusion",
        "diffusion\nx",
        "a\nb\nc",
        "diffusion\n",
        "a long query wrapping over rows",
        "x\x1b[A\x1b[Ay",  # up arrows, echoed "^[[A"
        "twenty-chars-exact!\nx",
    ],
)
def test_the_echo_is_erased_and_the_shells_rows_above_it_stay(typed):
    screen = shell_screen(typed)
    assert [line.rstrip() for line in screen.display] == ["$ tuireader"] + [""] * 7
    assert screen.cursor.y == 1 and screen.cursor.x == 0


def test_nothing_typed_writes_nothing():
    assert erase_echo("", 80) == ""


def test_control_keys_not_echoed_as_two_cells_take_none():
    screen = shell_screen("ab\x01\x02\x03\x04\x05\x06\x07\x0bcd", width=12, control_cells=0)
    assert [line.rstrip() for line in screen.display][:2] == ["$ tuireader", ""]
