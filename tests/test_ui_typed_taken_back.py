"""A letter typed by mistake in the list or the viewer is taken back by Esc.

On ICML 2024: ``regret bound``, Enter, ``j j Enter`` to open a paper, then ``a`` (no key
of the viewer): the query became "regret bound a" (74 → 37 matches) and the viewer
closed; Esc then cleared the whole query, every paper in list order. Esc in the search
box after typing that began from the list or the viewer now brings back the query, its
results, the paper highlighted and the one open as they were before that typing; a
second Esc clears the query, as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_util import ready, settle, sync
from test_ui_app import make_app


def papers(folder: Path) -> Path:
    path = folder / "walrus.jsonl"
    records = (
        [{"title": f"Paper {n:02d} on walrus control", "year": 2024} for n in range(1, 21)]
        + [
            {"title": f"Paper {n:02d} on walrus abundance", "abstract": "a survey", "year": 2024}
            for n in range(21, 26)
        ]
        + [{"title": f"Paper {n:02d} on seal habitats", "year": 2024} for n in range(26, 41)]
    )
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


async def _searched(pilot, screen, query: str) -> None:  # type: ignore[no-untyped-def]
    screen.search_box.focus()
    await pilot.press(*query, "enter")
    await settle(pilot)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["wide", "narrow"])
@sync
async def test_esc_takes_back_a_letter_typed_in_the_viewer(tmp_path, size):
    app = make_app(papers(tmp_path))
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        await _searched(pilot, screen, "walrus")
        assert screen.matched == 25
        await pilot.press("j", "j", "enter")
        await settle(pilot)
        assert screen.mode == "viewer"
        opened = screen.current_paper
        assert opened is not None
        highlighted, elapsed = screen.results.highlighted, screen.elapsed_ms
        await pilot.press("a")
        await settle(pilot)
        assert screen.search_box.value == "walrus a" and screen.matched == 5
        assert screen.mode == "search"
        await pilot.press("escape")
        await settle(pilot)
        # the query, its results, the place and the paper open, as they were
        assert screen.search_box.value == screen.search_query == "walrus"
        assert screen.matched == 25 and screen.elapsed_ms == elapsed
        assert screen.results.highlighted == highlighted
        assert screen.current_paper is not None and screen.current_paper.id == opened.id
        assert screen.viewer.display and screen.viewer.region.width > 0
        assert screen.viewer.paper is not None and screen.viewer.paper.id == opened.id
        # Enter goes back to the paper; a second Esc in the box clears, as before
        await pilot.press("enter")
        await settle(pilot)
        assert screen.mode == "viewer" and screen.current_paper.id == opened.id
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert screen.search_box.value == "" and len(screen.results.rows) == 40


@sync
async def test_esc_takes_back_words_typed_in_the_list(tmp_path):
    app = make_app(papers(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await _searched(pilot, screen, "walrus")
        await pilot.press("j", "j", "j")
        await settle(pilot)
        highlighted, paper = screen.results.highlighted, screen.current_paper
        await pilot.press("a", "space", "s", "u", "r")
        await settle(pilot)
        assert screen.search_box.value.startswith("walrus a")
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == "walrus" and screen.matched == 25
        assert screen.results.highlighted == highlighted
        assert screen.current_paper is paper
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == ""


@sync
async def test_esc_after_typing_begun_in_the_box_clears_as_before(tmp_path):
    app = make_app(papers(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await _searched(pilot, screen, "walrus")
        await pilot.press("a")  # from the list: taken back by Esc
        await settle(pilot)
        await pilot.press("enter")  # the query is kept: the typing is done
        await settle(pilot)
        screen.search_box.focus()
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == ""


def worded(folder: Path) -> Path:
    """Papers with text enough to compare ("More like this")."""
    path = folder / "worded.jsonl"
    topics = ["walrus control policy", "walrus population census", "seal habitat survey"]
    records = [
        {
            "title": f"Paper {n:02d} on {topics[n % 3]}",
            "abstract": f"We study {topics[n % 3]} with field data, models and "
            f"observations from season {n}; the {topics[n % 3]} results hold broadly.",
            "year": 2024,
        }
        for n in range(1, 31)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@sync
async def test_esc_takes_back_a_letter_typed_in_more_like_this(tmp_path):
    """``walrus`` Enter, ``j M j j`` (the cursor on a paper like it), ``a``, Esc: the
    papers like it came back as they were, never the query's results with the cursor
    on their first row (where ``s`` or ``m`` would decide another paper)."""
    app = make_app(worded(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await _searched(pilot, screen, "walrus")
        matched = screen.matched
        await pilot.press("j", "M")
        await settle(pilot)
        assert screen.similar_to is not None
        like = screen.similar_to
        await pilot.press("j", "j")
        await settle(pilot)
        rows = [row.paper.id for row in screen.results.rows]
        highlighted, paper = screen.results.highlighted, screen.current_paper
        assert paper is not None and highlighted
        await pilot.press("a")
        await settle(pilot)
        assert screen.similar_to is None
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == "walrus"
        assert screen.similar_to is like
        assert [row.paper.id for row in screen.results.rows] == rows
        assert screen.results.highlighted == highlighted
        assert screen.current_paper is not None and screen.current_paper.id == paper.id
        await pilot.press("enter")
        await settle(pilot)
        assert screen.mode == "results" and screen.current_paper.id == paper.id
        assert screen.similar_to is like
        # Esc in the list still goes back from the papers like it
        await pilot.press("escape")
        await settle(pilot)
        assert screen.similar_to is None and screen.matched == matched


@sync
async def test_retyped_query_after_taking_back_goes_to_the_list(tmp_path):
    """A paper open, ``a``, Esc (taken back), Esc (cleared), the same query and Enter:
    Enter goes to the results, as it does without the taking back, never to the paper
    that was open."""
    app = make_app(papers(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await _searched(pilot, screen, "walrus")
        await pilot.press("j", "j", "enter")
        await settle(pilot)
        assert screen.mode == "viewer"
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == "walrus"
        await pilot.press("escape")
        await settle(pilot)
        assert screen.search_box.value == ""
        await pilot.press(*"walrus", "enter")
        await settle(pilot)
        assert screen.mode == "results"
        assert screen.focused is screen.results
