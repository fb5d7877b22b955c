"""The viewer highlights a paper from a search result's words, as it did from the query."""

from __future__ import annotations

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
