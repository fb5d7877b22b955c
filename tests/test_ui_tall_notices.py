"""A notice taller than the rows a small screen leaves it shows its title and its start,
cut at its end with "…": at 40×12 the notice of a triage file damaged under the reader
showed its last rows, its title and what it was about cut off above the screen."""

from __future__ import annotations

from e2e_util import app_text, notices, settle, sync
from test_ui_triage import start, triage_app
from textual.widgets._toast import Toast

from tuireader.system.paths import resolve
from tuireader.triage.store import Store


def _notice_rows(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The rows of the notices on the screen, their text only."""
    rows = app_text(app).splitlines()
    return [row.split("▌")[-1].strip(" │─╯") for row in rows if "▌" in row]


async def _damage_under_the_reader(pilot, screen) -> str:  # type: ignore[no-untyped-def]
    """Damage the triage file in place, as a sync writing into it would, and let the
    reader find it: the notice it gives. The notice stays up while the test looks at it:
    on a loaded machine the looks and the reader's letting go of the file took longer
    than a notice's few seconds, and it was gone (found, said, and expired) when read."""
    pilot.app.NOTIFICATION_TIMEOUT = 3600
    path = resolve().state_db
    whole = path.read_bytes()
    path.write_bytes(whole[:4096] + b"\xa5" * 4096 * 4 + whole[4096 * 5 :])
    for _ in range(3):
        screen.poll_triage()
        await settle(pilot)
        said = [text for text in notices(pilot.app) if "was damaged while" in text]
        if said:
            return said[0]
    raise AssertionError(notices(pilot.app))


def _triage_file_with_pages() -> None:
    with Store.open(resolve().ensure().state_db) as store:  # a file of several pages
        for i in range(100):
            store.set_state(f"other{i:03d}", "skip")
            store.set_note(f"other{i:03d}", "a note to keep " * 20)


@sync
async def test_at_40_by_12_the_damaged_triage_file_notice_shows_its_title_and_start():
    _triage_file_with_pages()
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        screen = await start(pilot)
        await pilot.press("s")
        await settle(pilot)
        said = await _damage_under_the_reader(pilot, screen)
        rows = _notice_rows(app)
        assert rows[:2] == ["Triage file", "The triage file"], app_text(app)
        assert rows[-1].endswith("…"), app_text(app)
        # its rows in order from the first (a path broken after a "/" between two)
        shown = "".join("".join(rows[1:]).removesuffix("…").split())
        assert "".join(said.split()).startswith(shown) and "wasdamaged" in shown, rows
        # the status line and the footer still shown under it
        assert "1 kept" in app_text(app).splitlines()[-2], app_text(app)
        (toast,) = [toast for toast in app.screen.query(Toast) if toast.region.height]
        assert toast.region.y >= 0 and toast.region.bottom <= 10


@sync
async def test_at_40_by_12_a_tall_notice_over_a_menu_shows_its_title_and_start():
    app = triage_app()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        await start(pilot)
        await pilot.press("U")
        await settle(pilot)
        text = "First words of the notice. " + "More of what it says. " * 12
        app.notify(text, title="Triage file", severity="error", markup=False)
        await settle(pilot)
        rows = _notice_rows(app)
        assert rows[:2] == ["Triage file", "First words of the notice. More of"], app_text(app)
        assert rows[-1].endswith("…"), app_text(app)
        # a title longer than a row takes one, cut, and leaves the text its rows
        title = "Not saved: “Revisiting Character-level Adversarial Attacks for Language…”"
        app.notify(text, title=title, severity="error", markup=False)
        await settle(pilot)
        rows = _notice_rows(app)
        assert rows[0].startswith("Not saved: “Revisiting Char") and rows[0].endswith("…")
        assert rows[1:3] == [
            "First words of the notice. More of",
            "what it says. More of what it says.",
        ]
        assert len(rows) == 4 and rows[-1].endswith("…"), app_text(app)


@sync
async def test_at_80_by_24_a_notice_that_fits_is_whole():
    app = triage_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot)
        text = "First words of the notice. " + "More of what it says. " * 12
        screen.notify(text, title="Triage file", markup=False)
        await settle(pilot)
        rows = _notice_rows(app)
        assert " ".join(" ".join(rows).split()) == "Triage file " + " ".join(text.split())
        assert "…" not in "".join(rows)
