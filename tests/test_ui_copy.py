"""Pilot tests of copying: link and citation keys, menus, notices, the manual-copy dialog.

The clipboard chain is the real one with its outside world injected: a recorded tmux
runner, or an environment where nothing can be trusted (which falls back to a file).
"""

from __future__ import annotations

from pathlib import Path

from e2e_util import app_text, notices, ready, run_command, settle, sync

from tuireader.ingest.library import load_library
from tuireader.render.citations import validate_bibtex
from tuireader.search.engine import open_engine
from tuireader.system.clipboard import Clipboard, Environment
from tuireader.system.paths import resolve
from tuireader.ui.app import ReaderApp, Services
from tuireader.ui.commands import CopyToClipboard
from tuireader.ui.copying import primary_link
from tuireader.ui.screens.manual_copy import ManualCopyScreen
from tuireader.ui.screens.pick import PickScreen

SAMPLE = Path(__file__).parent / "fixtures" / "ui" / "copy_sample.jsonl"
#: a paper with hostile code, paper and project links beside safe ones, and one with
#: only hostile links (and a title with a bidi override and an escape sequence)
HOSTILE = Path(__file__).parent / "fixtures" / "ui" / "hostile_links.jsonl"
QUOKKA_CODE = "https://github.com/ok/quokka"
QUOKKA_PAPER = "https://openreview.net/forum?id=QUOKKA"
IGSG_CODE = "https://github.com/YujunZhou/IGSG"


class TmuxRecorder:
    """Stands in for the tmux command: records what load-buffer received."""

    def __init__(self) -> None:
        self.buffers: list[str] = []

    def __call__(self, args, input):  # type: ignore[no-untyped-def]
        if args[0] == "load-buffer":
            self.buffers.append(input)
        return 0, ""


def tmux_clipboard(tmp_path: Path) -> tuple[Clipboard, TmuxRecorder]:
    runner = TmuxRecorder()
    clipboard = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clip",
        environment=Environment(tmux=True),
        osc52="never",
        tmux_runner=runner,
    )
    return clipboard, runner


def make_app(clipboard: Clipboard, sample: Path = SAMPLE) -> ReaderApp:
    services = Services(
        load_library=lambda: load_library([sample]),
        open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
    )
    return ReaderApp(services, show_timings=False, clipboard=clipboard)


async def to_paper(pilot, title_word: str):  # type: ignore[no-untyped-def]
    """Search for ``title_word`` and move to the list, where the first hit is highlighted."""
    screen = await ready(pilot)
    await pilot.press(*title_word)
    await settle(pilot)
    await pilot.press("enter")
    await pilot.pause()
    return screen


@sync
async def test_u_copies_the_code_link_and_names_the_route(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    requests: list[CopyToClipboard] = []
    async with app.run_test(
        size=(120, 40),
        message_hook=lambda m: requests.append(m) if isinstance(m, CopyToClipboard) else None,
    ) as pilot:
        screen = await to_paper(pilot, "igsg")
        assert screen.current_paper.title.startswith("Attack-free")
        await pilot.press("u")
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE]
        assert [(r.text, r.what) for r in requests] == [(IGSG_CODE, "code link")]
        assert "Copied code link via tmux buffer" in notices(app)


@sync
async def test_a_key_repeated_in_a_burst_shows_its_notice_once(tmp_path, monkeypatch):
    # u ten times in a burst stacked ten alike notices over the whole screen at 80x24,
    # the search box and the list under them
    import tuireader.ui.app as app_module

    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_paper(pilot, "igsg")
        monkeypatch.setattr(app_module, "NOTICE_REPEAT", 600.0)  # however slow the test
        await pilot.press(*"u" * 10)
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE] * 10  # each key copied
        assert notices(app).count("Copied code link via tmux buffer") == 1
        await pilot.press("y")  # another notice is shown as ever
        await settle(pilot)
        assert "Copied BibTeX citation via tmux buffer" in notices(app)
        await pilot.press("y")
        await settle(pilot)
        assert notices(app).count("Copied BibTeX citation via tmux buffer") == 1
        monkeypatch.setattr(app_module, "NOTICE_REPEAT", 0.0)  # the same key a while later
        await pilot.press("y")
        await settle(pilot)
        # while the first is on screen: still one, its time renewed
        assert notices(app).count("Copied BibTeX citation via tmux buffer") == 1
        assert len(tmux.buffers) == 13  # each key copied all the same


@sync
async def test_u_without_code_copies_the_paper_page(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "mirror")
        await pilot.press("u")
        await settle(pilot)
        assert tmux.buffers == ["https://proceedings.mlr.press/v235/abe24a.html"]


@sync
async def test_typing_u_in_the_search_box_does_not_copy(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press("u", "y", "1")
        await settle(pilot)
        assert screen.search_query == "uy1"
        assert tmux.buffers == []


@sync
async def test_number_keys_copy_the_numbered_link_from_list_and_viewer(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "igsg")
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("enter")  # into the viewer
        await pilot.pause()
        assert screen.focused is screen.viewer
        await pilot.press("4")
        await settle(pilot)
        await pilot.press("9")  # there is no link 9: nothing copied, a warning
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE, "https://openreview.net/forum?id=8ERo4jph0A"]
        assert any("no link 9" in n for n in notices(app))


@sync
async def test_y_copies_a_valid_bibtex_entry(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("y")
        await settle(pilot)
        assert len(tmux.buffers) == 1
        entry = tmux.buffers[0]
        assert entry.startswith("@inproceedings{pmlr-v235-zhou24i,")
        assert validate_bibtex(entry) == []
        assert "Copied BibTeX citation via tmux buffer" in notices(app)


@sync
async def test_citation_without_authors_says_so(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "glimmer")
        await pilot.press("y")
        await settle(pilot)
        assert validate_bibtex(tmux.buffers[0]) == []
        notice = notices(app)[-1]
        assert notice.startswith("Copied BibTeX citation via tmux buffer — ")
        assert "authors unknown" in notice


@sync
async def test_U_opens_the_link_menu_and_a_number_picks(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        text = app_text(app)
        assert "1 code    https://github.com/YujunZhou/IGSG" in text
        assert "2 paper   https://proceedings.mlr.press/v235/zhou24i.html" in text
        await pilot.press("2")
        await settle(pilot)
        assert not isinstance(app.screen, PickScreen)
        assert tmux.buffers == ["https://proceedings.mlr.press/v235/zhou24i.html"]


@sync
async def test_link_menu_enter_picks_and_escape_cancels(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "glimmer")
        await pilot.press("U")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot)
        assert tmux.buffers == []
        await pilot.press("U")
        await pilot.pause()
        await pilot.press("down", "enter")
        await settle(pilot)
        assert tmux.buffers == ["https://glimmer.example.org"]


@sync
async def test_Y_menu_copies_the_chosen_format(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("Y")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert "3 APA 7" in app_text(app)
        await pilot.press("3")
        await settle(pilot)
        assert tmux.buffers and tmux.buffers[0].startswith("Zhou, Y., Han, Y.")
        assert "(2024)" in tmux.buffers[0]
        assert "Copied APA 7 citation via tmux buffer" in notices(app)


@sync
async def test_manual_outcome_opens_the_dialog_with_the_text(tmp_path):
    clipboard = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "clip",
        environment=Environment(),  # no tmux, no display, untrusted terminal
        osc52="never",
    )
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        text = app_text(app)
        assert IGSG_CODE in text
        fallback = tmp_path / "clip" / "last-copy.txt"
        assert fallback.read_text(encoding="utf-8") == IGSG_CODE
        assert "last-copy.txt" in text
        assert any(n.startswith("Code link shown for manual copy") for n in notices(app))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ManualCopyScreen)


@sync
async def test_notice_text_is_not_read_as_markup(tmp_path):
    clipboard = Clipboard(
        osc52_writer=None,
        fallback_dir=tmp_path / "[bold]clip",
        environment=Environment(),
        osc52="never",
    )
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        [notice] = [n for n in app._notifications if "manual copy" in str(n.message)]
        assert "[bold]clip" in notice.message and notice.markup is False
        shown = app.screen.query_one("#manual-path").render()
        assert "[bold]clip" in str(shown)


@sync
async def test_palette_copies_every_code_link_and_bibtex_of_the_results(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await run_command(pilot, "copy all code links")
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE + "\nhttps://github.com/example/glimmer"]
        await run_command(pilot, "copy all bibtex")
        await settle(pilot)
        bib = tmux.buffers[-1]
        assert bib.count("@") == 3 and validate_bibtex(bib) == []
        assert "Copied 3 BibTeX entries via tmux buffer" in notices(app)


@sync
async def test_palette_copies_for_the_kept_papers_only(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("s")  # keep the IGSG paper
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        await run_command(pilot, "code links of kept")
        await settle(pilot)
        assert tmux.buffers == [IGSG_CODE]


@sync
async def test_copy_keys_are_in_the_command_palette(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "igsg")
        await run_command(pilot, "copy citation as")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("5")  # Markdown
        await settle(pilot)
        title = "Attack-free Evaluating and Enhancing Adversarial Robustness on Categorical Data"
        assert tmux.buffers == [
            (
                f"[{title}](https://proceedings.mlr.press/v235/zhou24i.html). Yujun Zhou, "
                "Yufei Han, Haomin Zhuang et al. Proceedings of the 41st International "
                "Conference on Machine Learning, 2024."
            )
        ]


def test_primary_link_prefers_code_then_the_paper_page():
    papers = {p.title.split()[0]: p for p in load_library([SAMPLE]).papers}
    assert primary_link(papers["Attack-free"]).url == IGSG_CODE
    assert primary_link(papers["Adaptively"]).url.endswith("abe24a.html")


# --- hostile links ---------------------------------------------------------------------


def assert_clean(buffers: list[str]) -> None:
    for buffer in buffers:
        assert not any(ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) < 0xA0 for c in buffer)
        assert not any(c in buffer for c in "\u202a\u202b\u202c\u202d\u202e\u200b\u2066")
        assert "PWNED" not in buffer and "javascript:" not in buffer and "file:" not in buffer


@sync
async def test_hostile_links_are_never_offered_or_copied(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "quokka")
        assert [link.url for link in screen.current_paper.links] == [QUOKKA_CODE, QUOKKA_PAPER]
        await pilot.press("u", "1", "2", "3")
        await settle(pilot)
        assert tmux.buffers == [QUOKKA_CODE, QUOKKA_CODE, QUOKKA_PAPER]
        assert any("no link 3 (2 links)" in n for n in notices(app))
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        assert app.screen.choices == (f"code    {QUOKKA_CODE}", f"paper   {QUOKKA_PAPER}")
        await pilot.press("escape")
        await settle(pilot)
    assert_clean(tmux.buffers)


@sync
async def test_a_paper_with_only_hostile_links_has_none_to_copy(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, "wombat")
        assert screen.current_paper.links == ()
        await pilot.press("u", "1", "U")  # the DOI with a newline is no paper page either
        await settle(pilot)
        assert tmux.buffers == []
        said = [n for n in notices(app) if n.startswith("This paper has no links")]
        # not silently: the links the list gave are said to be left out, and why (once:
        # U says what u said, and that is still on screen)
        assert len(said) == 1
        assert all("4 links left out as unsafe (it is a data: address" in n for n in said)
        shown = app_text(app)
        assert "4 links left out as unsafe" in shown
        assert "PWNED" in shown and "\x1b" not in shown and "\u202e" not in shown


@sync
async def test_copy_all_code_links_of_a_hostile_list_is_one_safe_line(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        await run_command(pilot, "copy all code links")
        await settle(pilot)
        assert tmux.buffers == [QUOKKA_CODE]


@sync
async def test_a_citation_with_a_bidi_override_reaches_the_buffer_clean_and_says_so(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_paper(pilot, "wombat")
        await pilot.press("y")
        await settle(pilot)
        [entry] = tmux.buffers
        assert entry.startswith("@inproceedings{") and "evil" in entry
        assert_clean([entry.replace("PWNED", "")])  # the DOI's words are text, not a command
        assert any("unsafe characters removed" in n for n in notices(app))


@sync
async def test_a_link_copy_with_a_control_character_is_refused_with_a_notice(tmp_path):
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.post_message(
            CopyToClipboard(
                "https://github.com/ok/repo\ntouch PWNED\n#", "code link", one_line=True
            )
        )
        await settle(pilot)
        assert tmux.buffers == []
        assert "Did not copy the code link: it contains a line break" in notices(app)
        assert not isinstance(app.screen, ManualCopyScreen)


def test_the_manual_copy_dialog_never_holds_a_control_character():
    dialog = ManualCopyScreen("@a{k,\n  title = {X\x1b[2J\u202eY},\n}", "citation", None)
    assert dialog.text == "@a{k,\n  title = {X[2JY},\n}"


def test_primary_link_never_chooses_a_hostile_page():
    papers = {p.title.split()[0]: p for p in load_library([HOSTILE]).papers}
    assert primary_link(papers["Quokka:"]).url == QUOKKA_CODE
    assert primary_link(papers["Wombat"]) is None


@sync
async def test_back_from_copy_by_hand_at_80_columns_its_notice_names_the_file_whole(tmp_path):
    # closed, the dialog left its notice over the list, half the screen wide:
    # "…(saved to /tmp/…/clipboard/last-copy." then "txt)"
    folder = tmp_path / "clipboard"
    clipboard = Clipboard(
        osc52_writer=None,
        fallback_dir=folder,
        environment=Environment(),  # no tmux, no display, untrusted terminal
        osc52="never",
    )
    app = make_app(clipboard)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "igsg")
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ManualCopyScreen)
        await pilot.press("escape")
        for _ in range(5):
            await pilot.pause()
        assert not isinstance(app.screen, ManualCopyScreen)
        rows = app_text(app).splitlines()
        # the file's name whole on its row, the path whole when its rows are joined
        inside = [row.split("▌")[-1].strip(" │") for row in rows if "▌" in row]
        named = [row for row in inside if "last-copy.txt)" in row]
        assert named and (named[0].startswith("last-copy") or "/last-copy" in named[0])
        shown = "".join(inside)
        assert "Code link shown for manual copy (saved to" in inside, "\n".join(rows)
        assert f"{folder / 'last-copy.txt'}" in shown, "\n".join(rows)


@sync
async def test_the_same_notice_again_while_shown_is_shown_once_with_its_time_renewed(
    tmp_path, monkeypatch
):
    # u, then o a few seconds later, on a paper with no links stacked a second "This
    # paper has no links" under the first, which was still on screen
    from textual.widgets._toast import Toast

    import tuireader.ui.app as app_module

    monkeypatch.setattr(app_module, "NOTICE_REPEAT", 0.0)  # o comes after the burst window
    clipboard, _tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, HOSTILE)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_paper(pilot, "wombat")
        await pilot.press("u")
        await settle(pilot)
        (first,) = [n for n in app._notifications if n.message.startswith("This paper has")]
        await pilot.press("o")
        await settle(pilot)
        said = [n for n in app._notifications if n.message.startswith("This paper has")]
        assert len(said) == 1
        assert said[0].raised_at > first.raised_at  # its time runs again from the key
        toasts = [t for t in app.screen.query(Toast) if t._notification is said[0]]
        assert len(toasts) == 1 and len(app.screen.query(Toast)) == 1
        await pilot.press("y")  # another notice is shown beside it as ever
        await settle(pilot)
        assert len(app.screen.query(Toast)) == 2
