"""The command line's progress bar on the terminals people have."""

from __future__ import annotations

import io

import pytest

from tuireader import cli


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def shown(monkeypatch, columns: str, term: str = "xterm-256color") -> str:
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("TERM", term)
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    progress = cli._Progress("indexing")
    progress.started -= 1  # slow enough to be shown
    for done in (0, 250, 1_000, 99_000, 100_000):
        progress(done, 100_000)
    progress.close()
    return screen.getvalue()


@pytest.mark.parametrize("columns", [80, 40, 24, 12])
def test_each_update_fits_the_line_it_goes_back_to(monkeypatch, columns):
    # at COLUMNS=40 the bar and its counts wrapped, and each update (going back to the
    # start of the last line only) left a line behind
    updates = shown(monkeypatch, str(columns)).removesuffix("\n").split("\r")[1:]
    assert len(updates) == 5
    assert all(0 < len(update) < columns for update in updates), updates
    assert updates[-1].rstrip().endswith("100000/100000") or columns <= 20


def test_a_dumb_terminal_gets_no_bar(monkeypatch):
    assert shown(monkeypatch, "80", term="dumb") == ""
