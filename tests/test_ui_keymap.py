"""Keys people change: the ``[keys]`` table of config.toml, applied through Textual's
keymap, shown in help, footer and palette; conflicts reported one line each and ignored."""

from __future__ import annotations

from e2e_util import notices, ready, settle, sync
from test_ui_app import SAMPLE
from test_ui_triage import ids, saved, start
from textual.widgets._footer import FooterKey

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.config import load_config
from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.app import ReaderApp, Services, binding_places, keymap_groups
from tuireader.ui.bindings import declared_bindings, normalize_key, resolve_keymap, valid_key
from tuireader.ui.screens.edit import NoteEditor
from tuireader.ui.screens.help import HelpScreen


def keyed_app(keys_toml: str) -> ReaderApp:
    """The reader with ``keys_toml`` as the [keys] table of its config.toml."""
    paths = resolve().ensure()
    paths.config_file.write_text("[keys]\n" + keys_toml, encoding="utf-8")
    services = Services(
        load_library=lambda: load_library([SAMPLE]),
        open_engine=lambda library, progress: open_engine(library, resolve().ensure()),
        open_store=lambda: Store.open(paths.state_db),
    )
    return ReaderApp(services, show_timings=False, config=load_config(paths))


GROUPS = [declared_bindings(cls) for cls in binding_places()]


@sync
async def test_a_changed_key_acts_and_is_shown_in_footer_help_and_palette():
    app = keyed_app('"triage.keep" = "K"\n"reader.help" = "h"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        assert app.key_problems == []
        footer = {(key.key_display, key.description) for key in app.screen.query(FooterKey)}
        assert ("K", "Keep") in footer and ("s", "Keep") not in footer
        assert ("?", "Help") not in footer
        await pilot.press("s")  # the old key is a letter like any other: it starts a search
        await settle(pilot)
        assert saved(first).state == "new" and screen.search_query == "s"
        await pilot.press("escape", "escape", "K")
        await settle(pilot)
        assert saved(first).state == "kept" and screen.current_paper.id == second
        commands = {c.title: c.help for c in app.get_system_commands(screen)}
        assert commands["Keep"].endswith(": K")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = str(app.screen.query_one("#help-text").content)
        keep_line = next(line for line in help_text.splitlines() if " Keep  " in line)
        assert keep_line.split() == ["K", "Keep", "triage.keep"]  # the key and its id


@sync
async def test_swapping_two_keys_is_not_a_conflict():
    app = keyed_app('"triage.keep" = "m"\n"triage.maybe" = "s"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        assert app.key_problems == []
        await pilot.press("m")
        await settle(pilot)
        assert saved(first).state == "kept"


@sync
async def test_conflicts_are_reported_one_line_each_and_ignored():
    app = keyed_app(
        '"triage.keep" = "m"\n'  # m stays with triage.maybe
        '"nope.nothing" = "z"\n'  # no such binding
        '"copy.id" = "ctrl+nonsense"\n'  # no such key
        '"link.open" = "I"\n"copy.citation" = "I"\n'  # two ids on one key
        '"triage.skip" = "X"\n'  # fine
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        problems = app.key_problems
        assert len(problems) == 4 and all("\n" not in line for line in problems)
        text = "\n".join(problems)
        assert "'m' stays with triage.maybe; triage.keep ignored" in text
        assert "unknown binding id 'nope.nothing'" in text
        assert "copy.id = 'ctrl+nonsense' is not a key a terminal sends" in text
        assert "'I' is given to link.open and copy.citation" in text
        assert app.keymap == {"triage.skip": "X"}
        shown = "\n".join(notices(app))
        assert all(line in shown for line in problems)
        screen.action_focus_results()
        await pilot.pause()
        first = ids(screen)[0]
        await pilot.press("s")  # triage.keep kept its key
        await settle(pilot)
        assert saved(first).state == "kept"


def test_keys_are_normalized_and_checked():
    assert normalize_key("?") == "question_mark"
    assert normalize_key("ctrl+F") == "ctrl+f"
    assert normalize_key("F5") == "f5"
    assert all(
        valid_key(normalize_key(k)) for k in ("a", "K", "?", "ctrl+o", "f1", "escape", "space")
    )
    assert not any(valid_key(normalize_key(k)) for k in ("ctrl+nonsense", "hyperspace", "cmd+x"))


def test_keys_a_terminal_sends_under_another_name_or_no_key_types_are_not_keys():
    # "return" bound Enter to nothing (a terminal sends "enter"), and "banana" is 🍌
    # Ctrl+I, Ctrl+M and Ctrl+H are keys of their own with the kitty keyboard protocol,
    # and ° (Shift+^ on a German keyboard) is a key
    good = ("enter", "tab", "pound_sign", "full_stop", "ctrl+i", "ctrl+m", "ctrl+h")
    assert all(valid_key(normalize_key(k)) for k in (*good, "degree_sign", "section_sign"))
    bad = ("return", "ctrl+return", "banana", "snowman")
    assert not [k for k in bad if valid_key(normalize_key(k))]
    keymap, problems = resolve_keymap(
        [("link.open", ("return",)), ("copy.link", ("banana",))], keymap_groups()
    )
    assert keymap == {}
    assert problems == [
        (
            "keys: link.open = 'return' is not a key a terminal sends (it sends 'return' as"
            " 'enter'); ignored"
        ),
        "keys: copy.link = 'banana' is not a key a terminal sends; ignored",
    ]


def test_resolve_keymap_takes_what_it_can():
    keymap, problems = resolve_keymap(
        [("copy.link", ("c",)), ("list.next", ("down", "J"))], keymap_groups()
    )
    assert keymap == {"copy.link": "c", "list.next": "down,J"}
    assert problems == []


def test_a_screen_key_given_a_key_the_focused_list_uses_is_a_conflict():
    # Each place alone, "k" is free among the screen's keys; but while the list (or the
    # viewer) has the focus, its "k" moves up and the screen's keep would never run.
    assert resolve_keymap([("triage.keep", ("k",))], GROUPS) == ({"triage.keep": "k"}, [])
    keymap, problems = resolve_keymap(
        [("triage.keep", ("k",)), ("list.next", ("down", "n"))], keymap_groups()
    )
    assert keymap == {}
    assert problems == [
        "keys: 'n' stays with triage.note; list.next ignored",
        "keys: 'k' stays with list.previous; triage.keep ignored",
    ]
    # Moving the list's key away first frees it for the screen.
    keymap, problems = resolve_keymap(
        [("triage.keep", ("k",)), ("list.previous", ("up",)), ("viewer.up", ("up",))],
        keymap_groups(),
    )
    assert problems == [] and keymap["triage.keep"] == "k"


@sync
async def test_keep_given_the_lists_up_key_is_reported_and_keep_still_works():
    app = keyed_app('"triage.keep" = "k"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        assert app.key_problems == ["keys: 'k' stays with list.previous; triage.keep ignored"]
        await pilot.press("s")
        await settle(pilot)
        assert saved(first).state == "kept"


@sync
async def test_key_problems_are_listed_under_the_config_not_the_lists():
    from tuireader.ui.screens.problems import ProblemsScreen

    app = keyed_app('"triage.keep" = "k"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        text = str(app.screen.query_one("#problems-text").render())
        assert "1 problem in config.toml [keys]" in text
        assert "reading the lists" not in text
        assert "'k' stays with list.previous" in text


@sync
async def test_a_bad_setting_is_listed_under_the_config_not_the_lists(tmp_path):
    from tuireader.ui.app import build_app
    from tuireader.ui.screens.problems import ProblemsScreen

    paths = resolve(tmp_path / "data").ensure()
    paths.config_file.write_text('theme = "nosuch"\n', encoding="utf-8")
    app = build_app([SAMPLE], paths, show_timings=False, default_catalogs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        assert any("1 load warning in config.toml" in text for text in notices(app))
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        text = str(app.screen.query_one("#problems-text").render())
        assert "1 problem in config.toml\n" in text and "theme = 'nosuch'" in text
        assert "reading the lists" not in text


@sync
async def test_the_help_key_moved_opens_the_help_over_an_editor_and_is_kept_there():
    # the help key works over the dialogs too: moved, it moves there; a dialog's key
    # given to it would never run (the help key comes first) and is refused
    app = keyed_app('"reader.help_anywhere" = "f2"\n')
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        assert app.key_problems == []
        await pilot.press("n", *"draft", "f1")
        await pilot.pause()
        assert isinstance(app.screen, NoteEditor)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.help_text().plain
        note = text[text.index("\nNote editor") :]
        assert "f2  " in note[: note.index("\n\n")]
    keymap, problems = resolve_keymap([("note.save", ("f1",))], keymap_groups())
    assert keymap == {}
    assert problems == ["keys: 'f1' stays with reader.help_anywhere; note.save ignored"]
    assert resolve_keymap([("help.close", ("f1", "escape"))], keymap_groups())[1] == []
