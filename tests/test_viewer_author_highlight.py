"""The viewer highlights the searched words in the authors' line, as in the abstract: a
search by author ("bengio", "author:bengio") showed the names unmarked. A name is data,
never markup: "[bold]Ada Lovelace" is shown as written."""

from __future__ import annotations

import json

from e2e_util import ready, settle, sync
from test_ui_app import make_app

PAPER = {
    "title": "Deep Learning of Representations",
    "authors": ["[bold]Ada Lovelace", "Yoshua Bengio", "张伟", "Grace Hopper"],
    "abstract": "We learn representations with Bengio's method.",
    "venue": "ICML",
    "year": 2024,
}
# a paper of many authors whose searched one is named after "and N more"
MANY = {
    "title": "A Paper of Many Hands",
    "authors": [f"Author Number{n}" for n in range(1, 20)] + ["Maria Sklodowska"],
    "abstract": "Many hands make light work.",
    "venue": "ICML",
    "year": 2024,
}


def _marked(viewer) -> list[str]:
    header = viewer.section("header")
    match = viewer.get_component_rich_style("viewer--match", partial=True)
    return [header.plain[s.start : s.end] for s in header.spans if s.style == match]


async def _searched(pilot, screen, query: str):  # type: ignore[no-untyped-def]
    await pilot.press("escape", "slash", *query, "enter", "enter")
    await settle(pilot)
    assert screen.current_paper is not None
    return screen.viewer


@sync
async def test_the_searched_author_is_highlighted_in_the_authors_line(tmp_path):
    source = tmp_path / "papers.jsonl"
    lines = [json.dumps(PAPER), json.dumps(MANY)]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await ready(pilot)
        for query in ("bengio", "author:bengio"):
            viewer = await _searched(pilot, screen, query)
            assert viewer.paper.title == PAPER["title"]
            assert _marked(viewer) == ["Bengio"], query
            header = viewer.section("header").plain
            # the name that reads as markup is shown as written, nothing of it styled
            assert "[bold]Ada Lovelace, Yoshua Bengio, 张伟, Grace Hopper" in header
            assert "[bold]Ada Lovelace" in "\n".join(viewer.lines)
        viewer = await _searched(pilot, screen, "lovelace")
        assert _marked(viewer) == ["Lovelace"]
        # a name in Chinese script, found by its spelling in Latin letters: marked whole
        viewer = await _searched(pilot, screen, "author:zhang")
        assert _marked(viewer) == ["张伟"]
        # named after "and N more": highlighted there too
        viewer = await _searched(pilot, screen, "author:sklodowska")
        assert viewer.paper.title == MANY["title"]
        assert "among them Maria Sklodowska" in viewer.section("header").plain
        assert _marked(viewer) == ["Sklodowska"]
        # words of no author's name: the authors' line is not marked
        viewer = await _searched(pilot, screen, "representations")
        assert viewer.paper.title == PAPER["title"]
        assert _marked(viewer) == []
