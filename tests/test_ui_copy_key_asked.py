"""The reader copies the citation of a paper found by one of its keys by that key.

A work exported twice (``sahaRarePathGuided2023`` and ``sahaRarePathGuided2023a``, one
DOI) is one paper; typed in the search box, either key brings it up, and ``y`` copied
it as ``sahaRarePathGuided2023`` whichever key was typed."""

from __future__ import annotations

from pathlib import Path

import bibtexparser
from e2e_util import settle, sync
from test_ui_copy import make_app, tmux_clipboard, to_paper

TWICE_BIB = (
    Path(__file__).parent / "fixtures" / "citations" / "zotero_betterbibtex_duplicate_doi_slice.bib"
)
FIRST, SECOND = "sahaRarePathGuided2023", "sahaRarePathGuided2023a"


async def _copied(tmp_path: Path, typed: str) -> str:
    clipboard, tmux = tmux_clipboard(tmp_path)
    app = make_app(clipboard, TWICE_BIB)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_paper(pilot, typed)
        assert [row.paper.title for row in screen.results.rows] == ["Rare Path Guided Fuzzing"]
        await pilot.press("y")
        await settle(pilot)
    [copied] = tmux.buffers
    return copied


@sync
async def test_y_copies_the_entry_by_the_key_typed(tmp_path: Path) -> None:
    [entry] = bibtexparser.parse_string(await _copied(tmp_path / "a", SECOND)).entries
    assert (entry.key, entry["ids"]) == (SECOND, FIRST)
    [entry] = bibtexparser.parse_string(await _copied(tmp_path / "b", FIRST)).entries
    assert (entry.key, entry["ids"]) == (FIRST, SECOND)
    # found by words, the paper keeps its own key
    [entry] = bibtexparser.parse_string(await _copied(tmp_path / "c", "rare path")).entries
    assert entry.key == FIRST
