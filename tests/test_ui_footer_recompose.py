"""The footer composes its keys again only when the keys in force have changed."""

from __future__ import annotations

from e2e_util import ready, settle, sync
from test_ui_app import SAMPLE, make_app
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


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
