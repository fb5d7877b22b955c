"""The command's first step: a Ctrl-C while the program loads ends it with 130, no traceback."""

from __future__ import annotations

import importlib.abc
import sys

import pytest

from tuireader import launch


class _InterruptedLoad(importlib.abc.MetaPathFinder):
    """Stands for a Ctrl-C landing while ``tuireader.cli`` is imported."""

    def find_spec(self, name, path=None, target=None):
        if name == "tuireader.cli":
            raise KeyboardInterrupt


def test_a_ctrl_c_while_the_command_line_loads_ends_with_130(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "tuireader.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptedLoad(), *sys.meta_path])
    assert launch.main() == 130


def test_the_command_runs_once_loaded(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["tuireader", "--version"])
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(launch.main())
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip().startswith("tuireader")


def test_an_error_a_clean_up_raises_under_a_ctrl_c_ends_with_130(monkeypatch) -> None:
    """argparse stopped half way through ``parse_intermixed_args`` raised AttributeError
    from its ``finally``: a traceback where the user pressed Ctrl-C."""
    from tuireader import cli

    def interrupted(argv):
        try:
            raise KeyboardInterrupt
        finally:
            raise AttributeError("'_StoreAction' object has no attribute 'save_nargs'")

    monkeypatch.setattr(cli, "_main", interrupted)
    assert cli.main(["search", "x"]) == 130


def test_an_error_of_its_own_is_no_ctrl_c(monkeypatch) -> None:
    from tuireader import cli

    def failing(argv):
        raise AttributeError("a bug")

    monkeypatch.setattr(cli, "_main", failing)
    with pytest.raises(AttributeError):
        cli.main(["search", "x"])
