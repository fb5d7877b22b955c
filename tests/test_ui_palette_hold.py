"""The palette holds the keys typed after it in one way: what is typed in its box and
the Enter that picks a command both go through its ``_hold``; and the private name of
Textual's worker group that gathers its matches is read in one place."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual.command import CommandPalette

from tuireader.ui import palette
from tuireader.ui.palette import SEARCHING, ReaderPalette


def test_what_is_typed_holds_the_keys_through_the_palettes_hold() -> None:
    held: list[tuple[str, Any]] = []

    def searching() -> bool:
        return True

    box = SimpleNamespace(
        _hold=lambda reason, still=None: held.append((reason, still)), _searching=searching
    )
    ReaderPalette._typed(box, None)  # type: ignore[arg-type]
    assert held == [(SEARCHING, searching)]


def test_the_palettes_hold_asks_the_app_with_what_says_the_wait_goes_on() -> None:
    asked: list[tuple[str, Any]] = []

    def hold_keys(reason: str, seconds: float | None = None, still: Any = None) -> None:
        asked.append((reason, still))

    def searching() -> bool:
        return False

    box = SimpleNamespace(app=SimpleNamespace(hold_keys=hold_keys))
    ReaderPalette._hold(box, SEARCHING, still=searching)  # type: ignore[arg-type]
    ReaderPalette._hold(box, "palette command")  # type: ignore[arg-type]
    assert asked == [(SEARCHING, searching), ("palette command", None)]
    ReaderPalette._hold(SimpleNamespace(app=object()), SEARCHING)  # type: ignore[arg-type]


def test_textuals_private_name_of_the_search_worker_group_is_read_once() -> None:
    assert palette.GATHER_GROUP == CommandPalette._GATHER_COMMANDS_GROUP
    source = Path(palette.__file__).read_text(encoding="utf-8")
    assert source.count("_GATHER_COMMANDS_GROUP") == 1
