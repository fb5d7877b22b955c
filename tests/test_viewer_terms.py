"""The viewer highlights a paper from a search result's words, as it did from the query."""

from __future__ import annotations

import json

from e2e_util import settle, sync
from test_ui_app import SAMPLE, make_app, ready


def _marked(viewer) -> list[tuple[int, int]]:
    body = viewer.section("abstract")
    match = viewer.get_component_rich_style("viewer--match", partial=True)
    return [(s.start, s.end) for s in body.spans if s.style == match]


@sync
async def test_the_viewer_highlights_from_the_result_words_as_from_the_query():
    app = make_app(SAMPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        for query in ("quantization", "quantiz", "language mod"):
            await pilot.press(*query)
            await settle(pilot)
            viewer, engine = screen.viewer, screen.engine
            paper = viewer.paper
            assert paper is not None
            viewer.show_paper(paper, lambda plain, q=query, e=engine: e.term_spans(plain, q))
            await settle(pilot)
            by_query = _marked(viewer)
            viewer.show_paper(paper, engine.search(query, prefix=True).terms)
            await settle(pilot)
            assert by_query and _marked(viewer) == by_query
            await pilot.press(*["backspace"] * len(query))
            await settle(pilot)


@sync
async def test_the_viewer_highlights_a_hit_found_by_the_version_as_typed_as_its_row(tmp_path):
    # "gpt-3" being typed finds SceneCraft by "GPT-V" and "3D": its row highlighted those,
    # its abstract (highlighted with the finished "GPT-3", in no word of it) nothing
    papers = [
        {"title": "Tuning GPT-3 for Reading", "abstract": "We tune GPT-3 on papers."},
        {"title": "SceneCraft: Synthesizing 3D Scenes", "abstract": "With GPT-V as a critic."},
    ]
    source = tmp_path / "papers.json"
    source.write_text(json.dumps(papers), encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"gpt-3")
        await settle(pilot)
        rows = screen.results.rows
        index = next(i for i, row in enumerate(rows) if row.paper.title.startswith("Scene"))
        screen.results.select(index)
        await settle(pilot)
        viewer = screen.viewer
        assert viewer.paper is rows[index].paper
        abstract = viewer.paper.abstract
        assert [abstract[a:b] for a, b in _marked(viewer)] == ["GPT"]
        # a hit the finished version is in keeps it alone highlighted
        screen.results.select(1 - index)
        await settle(pilot)
        abstract = viewer.paper.abstract
        assert [abstract[a:b] for a, b in _marked(viewer)] == ["GPT", "3"]
