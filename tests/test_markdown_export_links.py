"""tuireader's Markdown export gives every link of a paper, in the order ``tuireader
links`` gives them (code first), each beneath the paper after the word the CSV and
BibTeX exports give it; it gave the best link and the first code link alone, and a
project page or a PDF was left out. Read back, each paper has the links it had."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

PAPERS = [
    {
        "title": "Interpolated Policy Gradient",
        "authors": ["Shixiang (Shane) Gu", "Timothy Lillicrap"],
        "venue": "NeurIPS",
        "year": 2017,
        "url": "https://proceedings.neurips.cc/paper/2017/hash/a1d7-Abstract.html",
        "pdf": "https://proceedings.neurips.cc/paper/2017/file/a1d7-Paper.pdf",
        "openreview": "https://openreview.net/forum?id=abc123XYZ",
        "doi": "10.5555/3295222.3295383",
        "arxiv_id": "1706.00387",
        "code_urls": ["https://github.com/someone/ipg", "https://github.com/other/ipg-jax"],
        "project_urls": ["https://sites.google.com/view/ipg", "https://youtu.be/xyz"],
    },
    {
        "title": "A Paper With Its Code Alone",
        "authors": ["Ann Lee"],
        "year": 2020,
        "code_urls": ["https://github.com/ann/alone"],
    },
    {"title": "A Paper Without Any Link", "authors": ["Bo Chen"], "year": 2021},
]


def _links(library) -> dict[str, list[tuple[str, str]]]:
    return {
        paper.title: [(link.url, link.kind) for link in paper.links] for paper in library.papers
    }


def test_every_link_is_exported_and_read_back(tmp_path: Path) -> None:
    source = tmp_path / "list.json"
    source.write_text(json.dumps(PAPERS), encoding="utf-8")
    library = load_library([source])
    before = _links(library)
    assert len(before["Interpolated Policy Gradient"]) == 9
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, "markdown")
    for paper in papers:
        for link in paper.links:
            assert f": <{link.url}>" in text
    item = text.split("\n\n")[0].splitlines()
    code = [line for line in item if line.startswith("  code: ")]
    assert item[3:5] == code  # code first, after the authors and the venue
    (tmp_path / "back").mkdir()
    out = tmp_path / "back" / "reading.md"
    out.write_text(text, encoding="utf-8")
    assert _links(load_library([out])) == before


def test_an_export_made_before_still_gives_its_page_and_code(tmp_path: Path) -> None:
    # the title's link and the first code link, as the export wrote them before
    path = tmp_path / "older.md"
    path.write_text(
        "- [A Paper](https://proceedings.mlr.press/v1/a.html)\n"
        "  Ann Lee\n  ICML (2020)\n  code: <https://github.com/ann/a>\n  state: kept\n",
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert [(link.url, link.kind) for link in paper.links] == [
        ("https://github.com/ann/a", "code"),
        ("https://proceedings.mlr.press/v1/a.html", "paper"),
    ]
