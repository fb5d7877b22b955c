"""A word beginning with the tag or note key, pasted with Enter in the list.

A terminal without bracketed paste (tmux's ``send-keys``, an old terminal) types a paste
key by key, as one burst. A burst beginning with ``t`` or ``n`` is that editor's text,
as a tag or note typed quickly is; but "transformer" and Enter, a word pasted, opened
the tag editor with "ransformer" and Enter saved it, a tag the user never meant on the
highlighted paper, and "neural" and Enter left "eural" in a note being written. When the
whole text is a word a query finds papers by, it is searched, as any other such word is;
"ttheory" and Enter (no word of the papers) still tags, "nlater" and Ctrl+S still notes.
"""

from __future__ import annotations

from e2e_util import settle, sync
from test_ui_decision_then_editor_burst import query_then_list
from test_ui_keys_in_order import burst
from test_ui_triage import ids, saved, triage_app

from tuireader.system.paths import resolve
from tuireader.triage.store import Store
from tuireader.ui.screens.edit import NoteEditor, TagEditor


@sync
async def test_a_word_of_the_papers_beginning_with_t_and_enter_is_searched():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 1 and screen.engine.knows("transformer")
        await burst(pilot, [*"transformer", "enter"])
        assert [saved(paper_id).tags for paper_id in listed] == [()] * len(listed)
        assert not isinstance(app.screen, TagEditor)
        assert app.screen is screen
        assert screen.search_query == "learning transformer"


@sync
async def test_a_word_of_the_papers_beginning_with_n_and_enter_is_searched():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 1 and screen.engine.knows("neural")
        await burst(pilot, [*"neural", "enter"])
        assert not isinstance(app.screen, NoteEditor)
        assert app.screen is screen
        assert [saved(paper_id).note for paper_id in listed] == [""] * len(listed)
        assert screen.search_query == "learning neural"


@sync
async def test_a_word_of_a_tag_in_use_beginning_with_t_and_enter_is_searched():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert len(listed) > 1 and not screen.engine.knows("tabular")
        with Store.open(resolve().state_db) as other:
            other.set_tags(listed[-1], ["tabular data"])
        screen.poll_triage()
        await settle(pilot)
        await burst(pilot, [*"tabular", "enter"])
        assert [saved(paper_id).tags for paper_id in listed[:-1]] == [()] * (len(listed) - 1)
        assert app.screen is screen
        assert screen.search_query == "learning tabular"


@sync
async def test_t_and_a_tag_no_word_of_the_papers_and_enter_still_tag():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert not screen.engine.knows("ttheory")
        await burst(pilot, ["t", *"theory", "enter"])
        assert saved(listed[0]).tags == ("theory",)
        assert app.screen is screen
        assert screen.search_query == "learning"


@sync
async def test_n_and_a_note_and_its_save_key_still_note():
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        listed = ids(screen)
        assert not screen.engine.knows("nlater")
        await burst(pilot, ["n", *"later", "ctrl+s"])
        assert saved(listed[0]).note == "later"
        assert app.screen is screen
        assert screen.search_query == "learning"


@sync
async def test_t_and_a_word_of_the_papers_without_enter_is_the_tag_editors_text():
    # no Enter after it: the editor's text, as a tag typed quickly is
    app = triage_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await query_then_list(pilot, "learning")
        await burst(pilot, [*"transformer"])
        assert isinstance(app.screen, TagEditor)
        assert screen.search_query == "learning"
