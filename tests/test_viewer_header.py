"""The viewer's header at 80×24: the paper's id stays on the row of its label."""

from __future__ import annotations

import json

from e2e_util import app_text, ready, settle, sync
from test_ui_app import make_app

# A venue whose line, with its year and decision, leaves too little room on the row for
# "id" and the id together: wrapped by spaces, the row ended "· id" and the id went alone
# to the next row.
NEURIPS = {
    "title": "Attention Is All You Need",
    "authors": ["Ashish Vaswani", "Noam Shazeer"],
    "abstract": "The dominant sequence transduction models are recurrent networks.",
    "venue": "Advances in Neural Information Processing Systems",
    "year": 2017,
    "status": "Poster",
}


@sync
async def test_at_80_columns_the_id_stays_with_its_label(tmp_path):
    source = tmp_path / "neurips.jsonl"
    source.write_text(json.dumps(NEURIPS) + "\n", encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        screen.action_focus_results()
        await pilot.press("enter")
        await settle(pilot)
        paper = screen.current_paper
        assert paper is not None
        rows = [row.strip(" │▎▊▌▐") for row in app_text(app).splitlines()]
        where = [row for row in rows if "Advances in Neural" in row]
        assert where and "2017" in where[0], "\n".join(rows)
        assert any(
            row.startswith(f"id {paper.id}") or row.endswith(f"id {paper.id}") for row in rows
        ), "\n".join(rows)
        assert not any(row.endswith("id") for row in rows), "\n".join(rows)


# A paper of many authors whose last one is the one searched for: the viewer counted him
# among "and N more", and nothing on it showed why the paper was found.
MANY = {
    "title": "A Paper of Many Hands",
    "authors": [f"Author Number{n}" for n in range(1, 20)] + ["Yoshua Bengio"],
    "abstract": "Many hands make light work.",
    "venue": "ICML",
    "year": 2024,
}


@sync
async def test_an_author_searched_for_is_named_after_and_n_more(tmp_path):
    source = tmp_path / "many.jsonl"
    source.write_text(json.dumps(MANY) + "\n", encoding="utf-8")
    app = make_app(source)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press(*"author:bengio", "enter", "enter")
        await settle(pilot)
        assert screen.current_paper is not None
        text = " ".join(" ".join(row.strip(" │▎▊▌▐") for row in app_text(app).splitlines()).split())
        assert "more, among them Yoshua Bengio" in text, text
        await pilot.press("escape", "slash", *"hands", "enter", "enter")  # no author asked
        await settle(pilot)
        text = " ".join(app_text(app).split())
        assert "among them" not in text and "more" in text, text
