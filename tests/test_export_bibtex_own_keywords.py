"""BibTeX and BibLaTeX exports read back as lists keep a paper's own keywords and TL;DR.

A paper whose source gave it an entry without keywords (OpenReview's, whose keywords
are the submission's) lost its keywords read back: the export's ``keywords`` held only
the triage (``{tuireader:kept, survey}``), and its TL;DR was written nowhere (on the
real lists 197 papers lost their keywords, 161 their TL;DR). The exports now give the
paper's keywords where its citation gives none, before the triage's, as for a paper
read from no entry of its own (``tuireader-list-keywords``), and its TL;DR in ``tldr``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.render.citations import format_citation
from tuireader.triage.carry import read_export
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

ENTRY = (
    "@inproceedings{liu2023alphamdf,\n"
    "title={An Attention-based Multimodal Differentiable Filter},\n"
    "author={Xiao Liu and Yifan Zhou},\n"
    "booktitle={7th Annual Conference on Robot Learning},\n"
    "year={2023},\n"
    "url={https://openreview.net/forum?id=0hQMcWfjG9}\n}"
)
PAPERS = [
    {
        "title": "An Attention-based Multimodal Differentiable Filter",
        "authors": ["Xiao Liu", "Yifan Zhou"],
        "venue": "CoRL 2023",
        "year": 2023,
        "keywords": ["Differentiable Filters", "Sensor Fusion"],
        "tldr": "An attention-based differentiable filter for robot state estimation.",
        "bibtex": ENTRY,
    }
]


def _library(tmp_path: Path) -> Library:
    source = tmp_path / "lists" / "corl2023.json"
    source.parent.mkdir()
    source.write_text(json.dumps(PAPERS), encoding="utf-8")
    return load_library([source])


def _export(tmp_path: Path, fmt: str, mark: Triage | None = None) -> tuple[Library, Path]:
    library = _library(tmp_path)
    papers = list(library.papers)
    marks = {p.id: mark or Triage(p.id) for p in papers}
    out = tmp_path / f"export-{fmt}{SUFFIXES[fmt]}"
    out.write_text(render_export(papers, marks, fmt, library=library), encoding="utf-8")
    return library, out


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_keywords_and_tldr_are_read_back(tmp_path: Path, fmt: str) -> None:
    library, out = _export(tmp_path, fmt)
    paper = library.papers[0]
    assert paper.source_entry is not None and paper.keywords and paper.tldr
    (back,) = load_library([out]).papers
    assert back.id == paper.id
    assert back.keywords == paper.keywords
    assert back.tldr == paper.tldr
    assert format_citation(back, fmt).text == format_citation(paper, fmt).text


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_triage_stays_the_triage(tmp_path: Path, fmt: str) -> None:
    library, _ = _export(tmp_path, fmt)
    paper_id = library.papers[0].id
    mark = Triage(paper_id, "kept", tags=["survey"], note="mine")
    out = tmp_path / f"marked{SUFFIXES[fmt]}"
    out.write_text(
        render_export(list(library.papers), {paper_id: mark}, fmt, library=library),
        encoding="utf-8",
    )
    text = out.read_text(encoding="utf-8")
    assert "keywords = {Differentiable Filters, Sensor Fusion, tuireader:kept, survey}" in text
    ((_, got),) = [(m.paper_id, m) for m in read_export(out)[1]]
    assert (got.state, list(got.tags), got.note) == ("kept", ["survey"], "mine")
    (back,) = load_library([out]).papers
    assert back.keywords == ("Differentiable Filters", "Sensor Fusion")


def test_an_older_export_is_read_as_before(tmp_path: Path) -> None:
    # written before: the keywords hold only the triage, and no tldr
    out = tmp_path / "older.bib"
    out.write_text(
        "@comment{tuireader export of 1 papers: each paper's state (tuireader:kept,\n"
        "tuireader:maybe, tuireader:skipped, tuireader:read, tuireader:new) and tags\n"
        "are in its keywords and its note in annote.}\n\n"
        + ENTRY[:-2]
        + ",\n  keywords = {tuireader:kept, survey}\n}\n",
        encoding="utf-8",
    )
    ((got),) = read_export(out)[1]
    assert (got.state, list(got.tags)) == ("kept", ["survey"])
    (back,) = load_library([out]).papers
    assert back.keywords == () and back.tldr is None
