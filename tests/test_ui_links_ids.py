"""Pilot tests of ids in the viewer (shown, copied with ``i``) and of opening links with
``o`` / ``O``: in the browser on a local desktop, copied (and said so) everywhere else.

``webbrowser`` is stubbed: no test ever starts a browser.
"""

from __future__ import annotations

import webbrowser

import pytest
from e2e_util import notices, settle, sync, widget_text
from test_ui_copy import (
    HOSTILE,
    IGSG_CODE,
    make_app,
    tmux_clipboard,
    to_paper,
)

from tuireader.ui.commands import CopyToClipboard
from tuireader.ui.copying import no_browser_reason
from tuireader.ui.screens.pick import PickScreen


class FakeBrowser(webbrowser.BackgroundBrowser):
    """What ``webbrowser.get()`` finds on a desktop (a browser started in the background)."""

    def __init__(self) -> None:
        super().__init__("firefox")


@pytest.fixture
def opened(monkeypatch):  # type: ignore[no-untyped-def]
    """The URLs ``webbrowser.open`` was asked to open (none is)."""
    urls: list[str] = []

    def fake_open(url, new=0, autoraise=True):  # type: ignore[no-untyped-def]
        urls.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", fake_open)
    monkeypatch.setattr(webbrowser, "get", lambda using=None: FakeBrowser())
    return urls


@pytest.fixture
def desktop(monkeypatch, opened):  # type: ignore[no-untyped-def]
    """A local X11 desktop with a browser."""
    monkeypatch.setenv("DISPLAY", ":0")
    return opened


# -- ids ----------------------------------------------------------------------------------


@sync
async def test_the_viewer_shows_the_id_and_i_copies_it(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "igsg")
        paper = screen.current_paper
        assert f"id {paper.id}" in widget_text(app, screen.viewer)
        await pilot.press("i")
        await settle(pilot)
        assert tmux.buffers == [paper.id]
        assert "Copied paper id via tmux buffer" in notices(app)


# -- opening links ------------------------------------------------------------------------


@sync
async def test_o_opens_the_primary_link_on_a_local_desktop(tmp_path, desktop):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("o")
        await settle(pilot)
        assert desktop == [IGSG_CODE]
        assert tmux.buffers == []  # opened, not copied
        assert any("Opened the code link in the browser" in n for n in notices(app))


@sync
async def test_shift_o_picks_the_link_to_open(tmp_path, desktop):
    clipboard, _tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "igsg")
        links = screen.current_paper.links
        await pilot.press("O")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("2")
        await settle(pilot)
        assert desktop == [links[1].url]


@pytest.mark.parametrize(
    ("env", "why"),
    [
        ({"DISPLAY": ":0", "SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"}, "over SSH"),
        ({"WAYLAND_DISPLAY": "wayland-0", "SSH_TTY": "/dev/pts/3"}, "over SSH"),
        ({}, "no display"),
    ],
)
@sync
async def test_without_a_local_browser_o_copies_the_link_and_says_so(
    tmp_path, monkeypatch, opened, env, why
):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    requests: list[CopyToClipboard] = []
    async with app.run_test(
        size=(120, 40),
        message_hook=lambda m: requests.append(m) if isinstance(m, CopyToClipboard) else None,
    ) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("o")
        await settle(pilot)
        assert opened == []
        assert tmux.buffers == [IGSG_CODE]  # through the one clipboard path
        assert [r.text for r in requests] == [IGSG_CODE]
        notice = notices(app)[-1]
        assert "Copied code link via tmux buffer" in notice
        assert f"not opened in a browser ({why})" in notice


@sync
async def test_a_browser_that_fails_to_start_means_the_link_is_copied(
    tmp_path, monkeypatch, desktop
):
    monkeypatch.setattr(webbrowser, "open", lambda url, new=0, autoraise=True: False)
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("o")
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE]
        assert "the browser did not start" in notices(app)[-1]


@sync
async def test_a_paper_with_only_hostile_links_opens_nothing(tmp_path, desktop):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "wombat")
        assert screen.current_paper.title.startswith("Wombat")
        await pilot.press("o")
        await settle(pilot)
        assert desktop == [] and tmux.buffers == []
        # the links the list gave were left out as unsafe, and the notice says so
        assert notices(app)[-1].startswith(
            "This paper has no links; 4 links left out as unsafe (it is a data: address"
        )


def test_only_safe_web_addresses_are_opened():
    from tuireader.model import Link, Paper
    from tuireader.ui.copying import open_link_target

    paper = Paper(
        id="p",
        title="T",
        abstract="A",
        links=(
            Link("javascript:alert(1)", "paper", "url"),
            Link("https://github.com/ok/\u202etabmow", "code", "text"),
            Link("https://ok.example.org/x", "project", "url"),
            Link("doi:10.1000/xyz", "paper", "doi"),
        ),
    )
    assert "not a plain web address" in str(open_link_target(paper, 1))
    assert "not a plain web address" in str(open_link_target(paper, 2))
    assert open_link_target(paper, 3) == paper.links[2]
    doi = open_link_target(paper, 4)
    assert not isinstance(doi, str) and doi.url == "https://doi.org/10.1000/xyz"
    assert "no link 5" in str(open_link_target(paper, 5))


def test_no_browser_reason_follows_the_environment(monkeypatch):
    monkeypatch.setattr(webbrowser, "get", lambda using=None: FakeBrowser())
    assert no_browser_reason({"DISPLAY": ":0"}, "linux") is None
    assert no_browser_reason({}, "darwin") is None
    assert no_browser_reason({"SSH_CONNECTION": "x"}, "darwin") == "over SSH"
    assert no_browser_reason({}, "linux") == "no display"


def test_a_browser_that_runs_in_the_terminal_is_not_used(monkeypatch):
    monkeypatch.setattr(webbrowser, "get", lambda using=None: webbrowser.GenericBrowser("lynx"))
    assert "terminal" in (no_browser_reason({"DISPLAY": ":0"}, "linux") or "")

    def none(using=None):  # type: ignore[no-untyped-def]
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setattr(webbrowser, "get", none)
    assert no_browser_reason({"DISPLAY": ":0"}, "linux") == "no web browser found"
