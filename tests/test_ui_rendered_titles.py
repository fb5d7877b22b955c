"""A title the list shows rendered (LaTeX, emphasis, ``--``) keeps its match highlights."""

from __future__ import annotations

import json

from e2e_util import ready, settle, sync
from test_ui_app import make_app

PAPERS = [
    {
        "title": "$\\alpha$-MDF: An Attention-based Multimodal Differentiable Filter",
        "abstract": "A filter for robots that fuses what several senses tell it.",
        "authors": ["Xiaoyu Liu"],
    },
    {
        "title": "Plain Attention for Filters",
        "abstract": "A filter of another kind, for comparison.",
        "authors": ["Ada Lovelace"],
    },
]


def runs(results, index: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The runs of row ``index`` as drawn: a highlighted word is a run of its own."""
    strip = results.render_line(index - round(results.scroll_offset.y))
    return [segment.text for segment in strip]


@sync
async def test_a_rendered_title_in_the_list_shows_its_matched_words(tmp_path):
    source = tmp_path / "latex.jsonl"
    source.write_text("".join(json.dumps(p) + "\n" for p in PAPERS), encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(100, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"attention")
        await settle(pilot)
        results = screen.results
        titles = [row.paper.title for row in results.rows]
        assert len(titles) == 2
        plain = titles.index("Plain Attention for Filters")
        rendered = 1 - plain
        # the plain title has its word highlighted; so has the one shown as "α-MDF: …"
        assert "Attention" in runs(results, plain), runs(results, plain)
        assert "α-MDF" in results.render_line(rendered).text
        assert "Attention" in runs(results, rendered), runs(results, rendered)


@sync
async def test_a_notice_names_a_paper_by_its_title_as_the_list_shows_it(tmp_path):
    # "Tagged 'filters': “$\alpha$-MDF: An Attention-based…”", the paper shown as "α-MDF: …"
    from e2e_util import notices

    source = tmp_path / "latex.jsonl"
    source.write_text(json.dumps(PAPERS[0]) + "\n", encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(100, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("t", *"filters", "enter")
        await settle(pilot)
        assert "α-MDF: An Attention-based" in screen.results.render_line(0).text
        assert notices(app) == [
            "Tagged 'filters': “α-MDF: An Attention-based Multimodal Differentiab…”"
        ]
