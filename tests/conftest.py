"""Test isolation: no test touches the user's data folders or clipboard."""

from __future__ import annotations

import gc

import pytest


@pytest.fixture(autouse=True)
def _collectable():
    """The reader moves what it holds out of the collector's reach once its index is
    open; each test's objects are put back within reach after it, so they can be freed."""
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """Point every data, config and cache folder into a temporary directory.

    Also removes what would let a test reach a real clipboard (X/Wayland displays,
    tmux) and stubs pyperclip, so a copy in a test can never land anywhere real.
    """
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TUIREADER_HOME", str(home / "tuireader"))
    monkeypatch.setenv("HOME", str(home))
    for var, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_STATE_HOME", "state"),
    ):
        monkeypatch.setenv(var, str(home / sub))
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "TMUX", "TMUX_PANE", "SSH_CONNECTION", "SSH_TTY"):
        monkeypatch.delenv(var, raising=False)
    # Starting the reader sets Textual's frame rate when it is unset: set and removed
    # here, the variable is put back as it was after each test (absent, or the user's).
    monkeypatch.setenv("TEXTUAL_FPS", "")
    monkeypatch.delenv("TEXTUAL_FPS")
    try:
        import pyperclip
    except ImportError:  # pragma: no cover - pyperclip is a dependency
        return home

    def _refuse(*_args, **_kwargs):
        raise AssertionError("a test tried to reach the real clipboard through pyperclip")

    monkeypatch.setattr(pyperclip, "copy", _refuse)
    monkeypatch.setattr(pyperclip, "paste", _refuse)
    monkeypatch.setattr(pyperclip, "determine_clipboard", _refuse)
    return home


@pytest.fixture
def osc52(monkeypatch):
    """The command line's OSC 52 writes land in this list instead of a terminal."""
    from tuireader import cli

    sent: list[str] = []
    monkeypatch.setattr(cli, "_osc52_writer", lambda: sent.append)
    return sent


@pytest.fixture
def over_ssh(monkeypatch, osc52, tmp_path):
    """A command line session over SSH without tmux: only OSC 52 can carry the text."""
    from tuireader import cli
    from tuireader.system.clipboard import Clipboard, Environment

    def clipboard(session):  # type: ignore[no-untyped-def]
        return Clipboard(
            osc52_writer=cli._osc52_writer(),
            fallback_dir=tmp_path / "clip",
            environment=Environment(ssh=True),
            osc52=session.config.osc52,
        )

    monkeypatch.setattr(cli, "_clipboard", clipboard)
    return osc52
