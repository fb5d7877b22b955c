"""What a move of the focus costs: the footer composes its keys again only when the keys
in force have changed, and the screen is restyled once for the new mode."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_app import SAMPLE, make_app
from textual.app import App
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tuireader.ui.screens.main import MainScreen


def shown(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [f"{key.key_display} {key.description}" for key in app.screen.query(FooterKey)]


@sync
async def test_moving_the_focus_composes_the_footer_once_per_change_of_keys(monkeypatch):
    # Enter into the viewer, Escape back and Tab each updated the bindings twice, and the
    # footer removed and mounted every key for each: a layout and a frame more per key
    composed: list[list[str]] = []
    recompose = Footer.recompose  # Textual's own, which the reader's footer calls

    async def counted(self) -> None:  # type: ignore[no-untyped-def]
        await recompose(self)
        composed.append([str(key.description) for key in self.query(FooterKey)])

    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        monkeypatch.setattr(Footer, "recompose", counted)
        for key in ("tab", "enter", "escape", "j", "tab"):
            composed.clear()
            before = shown(app)
            await pilot.press(key)
            await settle(pilot)
            after = shown(app)
            # keys changed: composed once; unchanged (j): not at all
            assert len(composed) == (1 if after != before else 0), (key, composed)
        assert "Help" in " ".join(shown(app))


@sync
async def test_a_move_of_the_focus_restyles_the_screen_once(monkeypatch):
    # the mode's class off the screen and the new one on, each on its own, restyled every
    # widget on the screen twice for each Tab
    restyled: list[str] = []
    update_styles = App.update_styles

    def counted(self, node, animate=True):  # type: ignore[no-untyped-def]
        if isinstance(node, MainScreen):
            restyled.append(node.mode)
        update_styles(self, node, animate=animate)

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        monkeypatch.setattr(App, "update_styles", counted)
        for key, mode in (("tab", "results"), ("tab", "viewer"), ("tab", "search")):
            restyled.clear()
            await pilot.press(key)
            await settle(pilot)
            assert screen.mode == mode and screen.has_class(f"-mode-{mode}")
            assert len(restyled) == 1, (key, restyled)


@sync
async def test_enter_into_the_viewer_and_back_at_80x24_restyle_the_screen_once(monkeypatch):
    # at 80 columns the viewer takes the whole screen: its reading class went on (and off)
    # on its own, then the mode's with the focus, and the whole screen was restyled twice
    restyled: list[str] = []
    update_styles = App.update_styles

    def counted(self, node, animate=True):  # type: ignore[no-untyped-def]
        if isinstance(node, MainScreen):
            restyled.append(node.mode)
        update_styles(self, node, animate=animate)

    app = make_app(SAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("tab")
        await settle(pilot)
        monkeypatch.setattr(App, "update_styles", counted)
        for key, mode, reading in (("enter", "viewer", True), ("escape", "results", False)):
            restyled.clear()
            await pilot.press(key)
            await settle(pilot)
            assert screen.mode == mode and screen.has_class(f"-mode-{mode}")
            assert screen.reading is reading and screen.has_class("-reading") is reading
            assert len(restyled) == 1, (key, restyled)
