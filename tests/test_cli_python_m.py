"""``python -m tuireader``: a Ctrl-C as it loads ends it with 130, no traceback."""

from __future__ import annotations

import importlib.abc
import runpy
import sys

import pytest


class _InterruptedLaunch(importlib.abc.MetaPathFinder):
    """Stands for a Ctrl-C landing while ``python -m tuireader`` loads its first step."""

    def find_spec(self, name, path=None, target=None):
        if name == "tuireader.launch":
            raise KeyboardInterrupt


def test_a_ctrl_c_as_python_m_loads_its_first_step_ends_with_130(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "tuireader.launch", raising=False)
    monkeypatch.delitem(sys.modules, "tuireader.__main__", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptedLaunch(), *sys.meta_path])
    try:
        runpy.run_module("tuireader", run_name="__main__")
    except SystemExit as stop:
        assert stop.code == 130
    except KeyboardInterrupt:
        pytest.fail("the Ctrl-C went on as a KeyboardInterrupt: Python prints its traceback")
    else:
        pytest.fail("python -m tuireader ended without an exit code")


def test_python_m_runs_the_command(monkeypatch, capsys) -> None:
    monkeypatch.delitem(sys.modules, "tuireader.__main__", raising=False)
    monkeypatch.setattr(sys, "argv", ["tuireader", "--version"])
    with pytest.raises(SystemExit) as stop:
        runpy.run_module("tuireader", run_name="__main__")
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith("tuireader")
