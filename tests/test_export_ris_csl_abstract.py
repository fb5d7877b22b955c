"""RIS and CSL-JSON exports read back as lists keep each paper's abstract and TL;DR.

Read back, a paper of a RIS or CSL-JSON export had no abstract and no TL;DR (on the
real lists, 3,610 papers showed "(no abstract)" and 161 TL;DRs were gone), while the
BibTeX, JSON and CSV exports kept them. The exports now write the abstract where
Zotero's do (RIS ``AB``, CSL ``abstract``) and the TL;DR as a line of tuireader's own
(``tuireader-tldr: …``, an ``N1`` of its own, a line of the item's ``note``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

PAPERS = [
    {
        "title": "Attention Filters for Robot State Estimation",
        "authors": ["Ann One", "Bob Two"],
        "abstract": "We estimate the state of soft robots with attention.",
        "tldr": "An attention-based differentiable filter for robots.",
        "venue": "CoRL 2023",
        "year": 2023,
    },
    {
        "title": "A Paper Without a Summary",
        "authors": ["Cy Three"],
        "abstract": "Only an abstract, over\ntwo lines.",
        "venue": "CoRL 2023",
        "year": 2023,
    },
]


def _round_trip(tmp_path: Path, fmt: str, note: str = "") -> tuple[Library, Path]:
    source = tmp_path / "lists" / "corl2023.json"
    source.parent.mkdir()
    source.write_text(json.dumps(PAPERS), encoding="utf-8")
    library = load_library([source])
    papers = list(library.papers)
    marks = {p.id: Triage(p.id, "kept" if note else "new", note=note) for p in papers}
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(render_export(papers, marks, fmt, library=library), encoding="utf-8")
    return library, out


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_abstract_and_tldr_are_read_back(tmp_path: Path, fmt: str) -> None:
    library, out = _round_trip(tmp_path, fmt)
    back = {p.id: p for p in load_library([out]).papers}
    assert set(back) == {p.id for p in library.papers}
    for paper in library.papers:
        assert " ".join(back[paper.id].abstract.split()) == " ".join(paper.abstract.split())
        assert back[paper.id].tldr == paper.tldr
    assert any(p.tldr for p in library.papers)


def test_the_exports_write_them_where_zotero_does(tmp_path: Path) -> None:
    _, out = _round_trip(tmp_path, "ris")
    ris = out.read_text(encoding="utf-8")
    assert "AB  - We estimate the state of soft robots with attention.\n" in ris
    assert "N1  - tuireader-tldr: An attention-based differentiable filter for robots.\n" in ris
    items = json.loads(render_export(*_csl(tmp_path)))
    assert items[0]["abstract"] == "We estimate the state of soft robots with attention."
    assert (
        "tuireader-tldr: An attention-based differentiable filter for robots.\n"
        in (items[0]["note"])
    )


def _csl(tmp_path: Path) -> tuple[list, dict, str]:
    source = tmp_path / "csl" / "corl2023.json"
    source.parent.mkdir()
    source.write_text(json.dumps(PAPERS), encoding="utf-8")
    papers = list(load_library([source]).papers)
    return papers, {p.id: Triage(p.id) for p in papers}, "csl-json"


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_the_tldr_line_is_no_note_of_the_users(tmp_path: Path, fmt: str) -> None:
    from tuireader.triage.carry import read_export

    _, out = _round_trip(tmp_path, fmt, note="mine")
    assert {mark.note for mark in read_export(out)[1]} == {"mine"}


def test_cite_gives_the_abstract_only_on_request(tmp_path: Path) -> None:
    library, _ = _round_trip(tmp_path, "ris")
    paper = library.papers[0]
    for fmt in ("ris", "csl-json"):
        assert "soft robots" not in format_citation(paper, fmt).text
        assert "tuireader-tldr" not in format_citation(paper, fmt).text
