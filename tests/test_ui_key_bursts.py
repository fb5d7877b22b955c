"""Keys in a burst that move the focus: each key goes where the keys before it left the focus.

Every key of a burst is queued before the first is handled (as a terminal delivers a
paste or a fast typist over ssh). Textual alone would hand all of them to the widget
focused when the burst arrived; the reader hands each over only after the one before it
has been handled.
"""

from __future__ import annotations

import pytest
from e2e_util import app_text, notices, ready, settle, sync, until
from test_ui_app import SAMPLE, make_app
from test_ui_keys_in_order import burst
from test_ui_triage import ids, open_editor, saved, start, triage_app

from tuireader.ui.screens.edit import NoteEditor, TagEditor


@sync
async def test_slash_then_a_query_in_one_burst_searches_for_it():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.pause()
        await burst(pilot, ["slash", *"diffusion"])
        assert app.focused is screen.search_box
        assert screen.search_query == "diffusion"
        assert "2 of 11 papers match" in app_text(app)


async def typed(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """``text`` typed in one burst, each "/" as a terminal sends it (the key "slash")."""
    from textual import events

    app = pilot.app
    for character in text:
        event = events.Key("slash" if character == "/" else character, character)
        event.set_sender(app)
        app._driver.send_message(event)
    await burst(pilot, [])


@sync
async def test_slash_in_the_empty_search_box_selects_and_is_not_typed():
    # a habitual "/" before "list:icml …" in the search box went into the query: the
    # filter became the words "/list" and "icml"
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        box = screen.search_box
        assert app.focused is box and box.value == ""
        await typed(pilot, "/diffusion")
        assert box.value == "diffusion"
        assert "2 of 11 papers match" in app_text(app)
        # the query all selected (as / elsewhere leaves it): / keeps it selected, and the
        # words typed after it take its place
        box.select_all()
        await typed(pilot, "/bayes")
        assert box.value == "bayes"
        # inside a query, / is typed, also in one burst
        box.value = ""
        await typed(pilot, "TCP/IP w/o")
        assert box.value == "TCP/IP w/o"
        box.cursor_position = 0
        await typed(pilot, "/")
        assert box.value == "/TCP/IP w/o"  # the cursor before a query: typed as ever


@sync
async def test_a_query_enter_and_list_keys_in_one_burst_move_in_the_results():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await burst(pilot, [*"learning", "enter", "j", "j"])
        assert screen.search_query == "learning"
        assert app.focused is screen.results
        assert screen.results.highlighted == 2


@sync
async def test_a_newline_after_a_query_is_enter_and_the_keys_after_it_act_on_its_results():
    # Enter typed as the reader starts, before the terminal is in raw mode, reaches it
    # as a newline (the line discipline's icrnl): it was dropped and the "s" after it
    # typed into the query
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        wanted = screen.engine.search("learning games", prefix=True).hits[0].paper.id
        await burst(pilot, [*"learning games", "ctrl+j", "s"])
        assert screen.search_query == "learning games"
        assert app.focused is screen.results
        assert saved(wanted).state == "kept"

    from textual import events

    from tuireader.ui.keys import newline_as_enter

    assert newline_as_enter(events.Key("ctrl+j", "\n")).key == "enter"
    kept = newline_as_enter(events.Key("ctrl+j", "\n"), frozenset({"ctrl+j"}))
    assert kept.key == "ctrl+j"  # given to a binding in the [keys] table: as typed


@sync
async def test_n_then_text_in_one_burst_writes_the_note():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await burst(pilot, ["n", *"read later", "ctrl+s"])
        assert not isinstance(app.screen, NoteEditor)
        assert saved(first).note == "read later"
        assert saved(first).state == "new"  # the "r" went into the note, not to triage


@sync
async def test_t_then_tags_in_one_burst_tags_the_paper():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await burst(pilot, ["t", *"cheap, fast", "enter"])
        assert not isinstance(app.screen, TagEditor)
        assert saved(first).tags == ("cheap", "fast")
        assert saved(first).state == "new"  # "s" and "m" were tag letters, not keys


@sync
async def test_enter_in_the_tag_editor_then_a_note_in_one_burst_writes_both():
    # the keys after the tag editor's Enter went into the editor as it closed: lost
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await burst(pilot, ["t", *"rl", "enter", "n", *"read later", "ctrl+s", "j", "s"])
        assert not isinstance(app.screen, (TagEditor, NoteEditor))
        assert saved(first).tags == ("rl",)
        assert saved(first).note == "read later"
        assert saved(second).state == "kept"


@sync
async def test_escape_out_of_the_tag_editor_then_q_in_one_burst_quits():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        await open_editor(pilot, "t", TagEditor)
        await burst(pilot, ["escape", "q"], wait=False)
        # both keys handled (or the reader stopped), however slow the machine
        await until(pilot, lambda: not (app.is_running and app.keys_pending))
        assert app.return_code is not None, "the q went into the tag editor"
    assert saved(first).tags == ()


@sync
async def test_escape_out_of_the_note_editor_then_keys_in_one_burst_act_on_the_list():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await burst(pilot, ["n", *"draft", "escape", "s"])
        assert not isinstance(app.screen, NoteEditor)
        assert saved(first).note == ""
        assert saved(first).state == "kept"
        assert screen.current_paper.id == second


@sync
async def test_escape_and_a_letter_read_as_one_alt_key_are_the_two_keys():
    from textual import events

    from tuireader.ui.keys import split_alt
    from tuireader.ui.screens.help import HelpScreen

    # A terminal reads Escape then j, arriving together, as alt+j (shift: alt+shift+j).
    escape, j = split_alt(events.Key("alt+j", "j"))
    assert (escape.key, j.key, j.character) == ("escape", "j", "j")
    assert [k.key for k in split_alt(events.Key("alt+shift+j", "J"))] == ["escape", "J"]
    assert [k.key for k in split_alt(events.Key("alt+j", "j"), frozenset({"alt+j"}))] == ["alt+j"]
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first, second = ids(screen)[:2]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        event = events.Key("alt+s", "s")  # Escape (close help), then s (keep)
        event.set_sender(app)
        app._driver.send_message(event)
        await burst(pilot, [])
        assert not isinstance(app.screen, HelpScreen)
        assert saved(first).state == "kept" and screen.current_paper.id == second


def test_escape_before_punctuation_is_kept_by_the_terminal_parser():
    import asyncio

    from textual import events
    from textual._xterm_parser import XTermParser
    from textual.app import App
    from textual.drivers import linux_driver

    from tuireader.ui.driver import EscapeKeepingParser, squeezed
    from tuireader.ui.keys import split_alt

    def keys(parser: XTermParser, data: str) -> list[tuple[str, str | None]]:
        read = [*parser.feed(data), *parser.feed("")]
        return [(event.key, event.character) for event in read]

    # Textual drops the Escape before punctuation: Escape then "/" reads as "/" alone.
    assert keys(XTermParser(), "\x1b/") == [("slash", "/")]
    assert keys(EscapeKeepingParser(), "\x1b/") == [("alt+slash", "/")]
    assert keys(EscapeKeepingParser(), "\x1b?") == [("alt+question_mark", "?")]
    assert keys(EscapeKeepingParser(), "\x1b ") == [("alt+space", " ")]
    assert keys(XTermParser(), "\x1b\r") == [("enter", "\r")]
    assert keys(EscapeKeepingParser(), "\x1b\r") == [("alt+enter", "\r")]
    assert keys(XTermParser(), "\x1b\t") == [("shift+tab", None)]
    assert keys(EscapeKeepingParser(), "\x1b\t") == [("alt+tab", "\t")]
    assert keys(EscapeKeepingParser(), "\x1b[Z") == [("shift+tab", None)]  # shift+tab itself
    # Escape, "/", Escape in one burst: Textual types "^/" (the first Escape's sequence is
    # cut short by the second Escape and reissued with a "^" for the Escape).
    assert keys(XTermParser(), "\x1b/\x1b\r") == [
        ("circumflex_accent", "^"),
        ("slash", "/"),
        ("enter", "\r"),
    ]
    assert keys(EscapeKeepingParser(), "\x1b/\x1b\r") == [("alt+slash", "/"), ("alt+enter", "\r")]
    # Escape then a word beginning with "b" or "f" in one read: Textual reads "\x1bb" and
    # "\x1bf" as word jumps (iTerm's Option+Left and Option+Right), and the first letter
    # of the word is lost.
    assert keys(XTermParser(), "\x1bbayes")[0] == ("ctrl+left", None)
    assert keys(EscapeKeepingParser(), "\x1bbayes")[:2] == [("alt+b", "b"), ("a", "a")]
    assert keys(EscapeKeepingParser(), "/\x1bfrom")[:3] == [
        ("slash", "/"),
        ("alt+f", "f"),
        ("r", "r"),
    ]
    # A word jump comes alone, or before another key's Escape: it stays a word jump.
    assert keys(EscapeKeepingParser(), "\x1bb") == [("ctrl+left", None)]
    assert keys(EscapeKeepingParser(), "\x1bf\x1bf") == [("ctrl+right", None)] * 2
    # The burst cut by a read after the "b": the word follows in the next read.
    parser = EscapeKeepingParser()
    read = [*parser.feed("\x1bb"), *parser.tick(), *parser.feed("ayes"), *parser.feed("")]
    assert [(event.key, event.character) for event in read][:2] == [("alt+b", "b"), ("a", "a")]
    # The Escape key written on its own, the word in the next read (tmux's send-keys
    # Escape, then the word): Textual joined them into the word jump.
    parser = EscapeKeepingParser()
    read = [*parser.feed("\x1b"), *parser.feed("bayes"), *parser.feed("")]
    assert [(event.key, event.character) for event in read][:2] == [("alt+b", "b"), ("a", "a")]
    # Everything else reads as Textual reads it.
    assert keys(EscapeKeepingParser(), "\x1bj") == [("alt+j", "j")]
    assert keys(EscapeKeepingParser(), "/") == [("slash", "/")]
    assert keys(EscapeKeepingParser(), "\x1b[A") == [("up", None)]
    assert [key for key, _ in keys(EscapeKeepingParser(), "\x1b\x1b/")] == ["escape", "alt+slash"]
    # ... and the app splits the alt key back into the two keys typed.
    escape, slash = split_alt(events.Key("alt+slash", "/"))
    assert (escape.key, slash.key, slash.character) == ("escape", "slash", "/")
    assert [(k.key, k.character) for k in split_alt(events.Key("alt+enter", "\r"))] == [
        ("escape", "\x1b"),
        ("enter", "\r"),
    ]
    assert [(k.key, k.character) for k in split_alt(events.Key("alt+tab", "\t"))] == [
        ("escape", "\x1b"),
        ("tab", "\t"),
    ]

    # The terminal's driver reads its input with the escape-keeping parser.
    async def make_driver() -> None:
        squeezed(linux_driver.LinuxDriver)(App())

    original = linux_driver.XTermParser
    try:
        asyncio.run(make_driver())
        assert linux_driver.XTermParser is EscapeKeepingParser
    finally:
        linux_driver.XTermParser = original


def pasted_text(length: int) -> str:
    """Text as a user pastes it: the sample's abstracts on one line, cut at a word."""
    import json

    abstracts = [json.loads(line)["abstract"] for line in SAMPLE.read_text().splitlines()]
    text = " ".join(" ".join(abstracts).split())
    return text[:length].rsplit(" ", 1)[0]


def searches(monkeypatch, screen) -> list[str]:  # type: ignore[no-untyped-def]
    """From now on, the queries the screen's engine is asked to search."""
    asked: list[str] = []
    engine = type(screen.engine)
    search = engine.search

    def counted(self, query, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(query)
        return search(self, query, *args, **kwargs)

    monkeypatch.setattr(engine, "search", counted)
    return asked


def query_changes(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """From now on, each text the search box's query took."""
    from tuireader.ui.screens.main import MainScreen

    seen: list[str] = []
    watch = MainScreen.watch_search_query

    def counted(self):  # type: ignore[no-untyped-def]
        seen.append(self.search_query)
        watch(self)

    monkeypatch.setattr(MainScreen, "watch_search_query", counted)
    return seen


@sync
async def test_a_long_text_typed_in_one_burst_is_searched_once_and_keys_after_act_on_it(
    monkeypatch,
):
    # A paste the terminal types key by key (no bracketed paste): each key was searched
    # and drawn on its own, 5,700 characters a minute with the reader frozen.
    text = pasted_text(500)
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        wanted = screen.engine.search(text, prefix=True).hits[0].paper.id
        asked = searches(monkeypatch, screen)
        changes = query_changes(monkeypatch)
        await burst(pilot, [*text, "enter", "s"])
        assert screen.search_query == screen.displayed_query == text
        # the box took the text in a step or two, and only the whole text was searched
        assert 1 <= len(changes) <= 3, len(changes)
        assert asked and set(asked) == {text}, [len(query) for query in asked]
        assert app.focused is screen.results
        assert saved(wanted).state == "kept"


def note_changes(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """From now on, each text the note editor's text area took."""
    seen: list[str] = []
    changed = NoteEditor.on_text_area_changed

    def counted(self, event):  # type: ignore[no-untyped-def]
        seen.append(event.text_area.text)
        changed(self, event)

    monkeypatch.setattr(NoteEditor, "on_text_area_changed", counted)
    return seen


@sync
async def test_a_long_note_typed_in_one_burst_is_written_in_a_step_or_two(monkeypatch):
    # A note pasted without bracketed paste (or typed over a slow link): each key waited
    # for a frame of its own, 1,000 characters 11 seconds before they all showed.
    first_line, rest = pasted_text(300), pasted_text(700)[320:]
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        changes = note_changes(monkeypatch)
        await burst(pilot, ["n", *first_line, "enter", *rest, "ctrl+s", "s"])
        assert not isinstance(app.screen, NoteEditor)
        assert saved(first).note == f"{first_line}\n{rest}".rstrip()
        # the text area took the text in a step or two, the line break with it
        assert 1 <= len(changes) <= 3, len(changes)
        assert saved(first).state == "kept"  # the key after Ctrl+S acted on the list


@sync
async def test_a_key_a_priority_binding_has_ends_a_run_of_text_in_a_text_area():
    # Enter writes a line break in a text area, unless a priority binding takes it:
    # then the text typed before it is in the area when it runs, the rest after.
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.widgets import TextArea

    from tuireader.ui.keys import KeyOrderedApp

    class Area(KeyOrderedApp):
        BINDINGS = [Binding("enter", "mark", priority=True)]  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__()
            self.marks: list[str] = []

        def compose(self) -> ComposeResult:
            yield TextArea(id="area")

        def action_mark(self) -> None:
            self.marks.append(self.query_one(TextArea).text)

    app = Area()
    async with app.run_test(size=(40, 6)) as pilot:
        area = app.query_one(TextArea)
        area.focus()
        await pilot.pause()
        await burst(pilot, [*"abc", "enter", *"def"])
        assert app.marks == ["abc"]
        assert area.text == "abcdef"
        area.read_only = True
        await burst(pilot, [*"ghi"])
        assert area.text == "abcdef"


@sync
async def test_a_query_changed_with_keys_typed_ahead_is_searched_once_they_are_handled(
    monkeypatch,
):
    # A query changed while more text was on its way is not searched then; should the
    # text never come (the focus moved under it), the query is searched all the same
    # once the keys are handled.
    from tuireader.ui.app import ReaderApp

    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        monkeypatch.setattr(ReaderApp, "typing_ahead", property(lambda app: True))
        await burst(pilot, [*"diffusion"])
        assert screen.search_query == screen.displayed_query == "diffusion"
        assert "2 of 11 papers match" in app_text(app)


@sync
async def test_a_burst_into_a_box_that_checks_its_text_goes_key_by_key():
    # A box with a longest length takes the characters that fit, typed one by one; as
    # one paste, the whole text would be turned away.
    from textual.app import ComposeResult
    from textual.widgets import Input

    from tuireader.ui.keys import KeyOrderedApp

    class Short(KeyOrderedApp):
        def compose(self) -> ComposeResult:
            yield Input(id="short", max_length=3)
            yield Input(id="long")

    app = Short()
    async with app.run_test(size=(40, 6)) as pilot:
        app.bell = lambda: None  # type: ignore[method-assign]
        short, long = app.query_one("#short", Input), app.query_one("#long", Input)
        short.focus()
        await pilot.pause()
        await burst(pilot, [*"abcdef"])
        assert short.value == "abc"
        long.focus()
        await pilot.pause()
        await burst(pilot, [*"abcdef"])
        assert long.value == "abcdef"


@sync
async def test_keys_after_more_like_this_act_on_the_papers_like_it(monkeypatch):
    # M then j s in one burst: j and s acted on the list shown before the similar
    # papers came, keeping the second paper of the query's results
    import threading

    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        engine = screen.engine
        real_similar = engine.similar
        asked = threading.Event()
        go = threading.Event()

        def slow_similar(paper_id, **kwargs):  # type: ignore[no-untyped-def]
            asked.set()
            go.wait(600)  # (released below, whatever happens)
            return real_similar(paper_id, **kwargs)

        monkeypatch.setattr(engine, "similar", slow_similar)
        listed = ids(screen)
        try:
            await burst(pilot, ["M", "j", "s"], wait=False)
            for _ in range(200):
                if asked.is_set():
                    break
                await pilot.pause(0.01)
        finally:
            go.set()
        like = [hit.paper.id for hit in real_similar(listed[0]).hits]
        await burst(pilot, [])
        assert ids(screen) == like
        assert saved(like[1]).state == "kept"
        assert like[1] == listed[1] or saved(listed[1]).state == "new"


@sync
async def test_slash_escape_then_a_query_in_one_burst_types_the_query_and_decides_nothing():
    # "/", Escape (the empty box left) and "robot" arrived together: "r" marked the
    # highlighted paper read, "o" opened its link, and "bot" began a search
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        first = ids(screen)[0]
        assert screen.search_box.value == ""
        await burst(pilot, ["slash", "escape", *"robot"])
        assert saved(first).state == "new"
        assert app.focused is screen.search_box
        assert screen.search_box.value == "robot"
        # alone, Escape in the empty box still goes to the list
        await pilot.press(*["backspace"] * 5)
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is screen.results


def test_a_bracketed_paste_keeps_its_escapes_however_the_reads_cut_it():
    # Textual's parser reads an Escape inside a paste as the start of a key: the colour
    # codes of text copied from a coloured terminal were typed as keys, and the paste
    # held what followed the last code alone
    from tuireader.ui.driver import EscapeKeepingParser

    pasted = "\x1b[31mred\x1b[0m policy\r\nnext \x1b]0;title\x07line"
    data = f"a\x1b[200~{pasted}\x1b[201~b"
    for cut in range(len(data) + 1):
        parser = EscapeKeepingParser()
        read = [*parser.feed(data[:cut])] if cut else []
        read += [*parser.feed(data[cut:])] if cut < len(data) else []
        read += [*parser.feed("")]
        said = [getattr(event, "key", None) or ("paste", event.text) for event in read]
        assert said == ["a", ("paste", pasted), "b"], cut
    # an Escape typed alone still reads as Escape once its moment has passed
    parser = EscapeKeepingParser()
    assert [*parser.feed("\x1b")] == []
    import time

    time.sleep(0.2)
    assert [event.key for event in parser.tick()] == ["escape"]


def test_a_word_jump_at_the_end_of_a_read_is_a_word_jump_once_no_word_follows(monkeypatch):
    # Option+Left on macOS sends "\x1bb" alone: once the driver looks again and nothing
    # followed, it is the word jump, not Escape and a "b"
    from tuireader.ui import driver
    from tuireader.ui.driver import EscapeKeepingParser

    monkeypatch.setattr(driver, "_WORD_WAIT", 0.0)
    parser = EscapeKeepingParser()
    assert [*parser.feed("\x1bb")] == []
    jumped = [(event.key, event.character) for event in parser.tick()]
    assert jumped == [("ctrl+left", None)]
    typed = [(event.key, event.character) for event in [*parser.feed("a"), *parser.feed("")]]
    assert typed == [("a", "a")]


@pytest.mark.parametrize(
    "text",
    [
        *("sparse models", "quantization", "zero-shot RL", "mix of experts", "1706.03762"),
        # a word beginning with a menu's key and a choice's key ("Y" then "a")
        *("Yang", "Ubuntu", "Obama"),
        # a word with the tag or note editor's key after another key: "s" kept the
        # paper and "t" opened the tag editor on the next, "ochastic" its tag; "sort:fit
        # is:new" saved the tag ":fit is:new"; "ontology" opened a link and a note
        *("stochastic", "sort:fit is:new", "ontology"),
    ],
)
@sync
async def test_words_typed_into_the_list_in_one_burst_are_a_query_not_keys(text):
    # a paste the terminal types key by key (no bracketed paste) into the list: "sparse"
    # kept the highlighted paper, unnoticed, and searched "parse models"; "quantization"
    # quit the reader; "zero-shot" undid the last decision; an arXiv id copied the
    # paper's first link over the clipboard and searched "06.03762"
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await burst(pilot, ["s", "j"])  # a decision, for "z" to undo
        listed = ids(screen)
        before = [saved(paper_id).state for paper_id in listed]
        await burst(pilot, list(text))
        assert app.is_running
        assert screen.search_query == text
        assert app.focused is screen.search_box
        assert [saved(paper_id).state for paper_id in listed] == before


@sync
async def test_keys_of_the_list_in_one_burst_still_act_as_keys():
    # over ssh a typist's keys arrive in one packet: all of them keys, they decide papers
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        listed = ids(screen)
        await burst(pilot, "sjsxjxjm")
        assert [saved(paper_id).state for paper_id in listed[:9]] == [
            *("kept", "new", "kept", "skip", "new", "skip", "new", "maybe", "new")
        ]
        assert screen.search_query == ""
        assert app.focused is screen.results


@sync
async def test_words_typed_into_the_list_after_a_space_in_one_burst_mark_no_paper():
    # text copied with the blank before it: the space marked the highlighted paper, and
    # the next "s" kept that paper, unseen, instead of the one highlighted
    app = triage_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        await burst(pilot, [" ", *"diffusion"])
        assert screen.search_query == "diffusion"
        assert not screen.marked
        # a space alone still marks
        await burst(pilot, ["enter"])
        await burst(pilot, [" "])
        assert len(screen.marked) == 1


@sync
async def test_a_paste_typed_key_by_key_that_tags_the_paper_names_the_tag_and_the_paper():
    # "t" then the rest of a paste and its line break, as a terminal without bracketed
    # paste types "transformers are rnns" copied with its newline: the tag editor takes
    # it as "t", a tag and Enter (the same keys as a tag typed quickly), and tagged the
    # highlighted paper "ransformers are rnns" with no more than "Tags saved"
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        paper = screen.current_paper
        await burst(pilot, [*"transformers are rnns", "enter"])
        assert saved(paper.id).tags == ("ransformers are rnns",)
        said = notices(app)[-1]
        assert "'ransformers are rnns'" in said, said
        assert paper.title[:20] in said, said
        await pilot.press("z")  # taken back
        await settle(pilot)
        assert saved(paper.id).tags == ()


@sync
async def test_keys_that_move_or_mark_before_the_note_or_tag_key_still_open_its_editor():
    # a decision, a move and a note in one packet, and two marks and tags: the text after
    # "n" or "t" is the editor's, as it was, where a word with "t" after another key is
    # searched (above)
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot)
        listed = ids(screen)
        await burst(pilot, [*"sjn", *"read later", "ctrl+s"])
        assert saved(listed[0]).state == "kept"
        assert saved(listed[2]).note == "read later"
        assert screen.search_query == ""
        await burst(pilot, ["space", "space", "t", *"rl", "enter"])
        marked = [saved(paper_id).tags for paper_id in listed[2:4]]
        assert marked == [("rl",), ("rl",)]


def test_the_keys_of_one_read_reach_the_app_in_one_step():
    # sent one at a time, the first key of a paste the terminal typed key by key could
    # reach the screen before the rest of it reached the app: "s" of "sparse models" kept
    # the highlighted paper, with nothing seen behind it, and "parse models" was searched
    import asyncio
    import os
    import threading

    from textual import events
    from textual.drivers import linux_driver

    from tuireader.ui.driver import squeezed

    #: each key, and the task of the app's loop that handed it over: between two tasks
    #: the app may run, and handle the first key before the second is there
    posted: list[tuple[str, object]] = []

    class App:
        def post_message(self, message) -> bool:  # type: ignore[no-untyped-def]
            if isinstance(message, events.Key):
                posted.append((message.key, asyncio.current_task()))
            return True

        async def _post_message(self, message) -> bool:  # type: ignore[no-untyped-def]
            return self.post_message(message)

    async def read(data: list[bytes]) -> None:
        original = linux_driver.XTermParser
        driver = squeezed(linux_driver.LinuxDriver)(App())  # type: ignore[arg-type]
        reading, typing = os.pipe()
        driver.fileno = reading
        thread = threading.Thread(target=driver.run_input_thread, daemon=True)
        thread.start()
        try:
            for chunk in data:
                wanted = len(posted) + len(chunk)
                os.write(typing, chunk)
                for _ in range(20_000):  # (the loop runs meanwhile, as the app's does)
                    if len(posted) >= wanted:
                        break
                    await asyncio.sleep(0.001)
        finally:
            driver.exit_event.set()
            os.close(typing)
            await asyncio.to_thread(thread.join)
            os.close(reading)
            linux_driver.XTermParser = original

    asyncio.run(read([b"sparse", b"models"]))
    assert [key for key, _ in posted] == list("sparsemodels")
    # each read's keys handed over in one step, all of them before any is handled
    assert len({id(task) for _, task in posted[:6]}) == 1
    assert len({id(task) for _, task in posted[6:]}) == 1
