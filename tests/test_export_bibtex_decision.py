"""The BibTeX and BibLaTeX exports keep the decision that accepted a paper ("Oral",
"Poster", "Spotlight", "Accept (Poster)"), as the RIS, CSL-JSON, JSON and CSV ones do.

Read back as a list, the paper had lost it: its citation leaves it out, and the
exports wrote it nowhere (on the nine real lists, 497 of 1,060 papers). They now write
it in ``note``, where a citation gives a submission's status ("Submitted to ICLR 2024
(Reject)"), the last of its parts where the entry has a note of its own; read back, the
paper has it again and its entry's note is its own, so it is cited as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

PAPERS = [
    {
        "title": "Sparse Attention Without Tears",
        "authors": ["Ada Lovelace", "Alan Turing"],
        "abstract": "We make attention sparse with no loss on long documents.",
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/lovelace24a.html",
        "status": "Oral",
    },
    {
        "title": "Graphs That Learn Their Own Edges",
        "authors": ["Grace Hopper"],
        "abstract": "We learn the edges of a graph with its node features.",
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/hopper24b.html",
        "status": "Spotlight",
    },
    {
        "title": "Rewards From Preferences at Scale",
        "authors": ["Edsger Dijkstra"],
        "abstract": "We learn rewards from many preferences of many people.",
        "year": 2023,
        "venue": "ICLR 2023",
        "url": "https://openreview.net/forum?id=Pr3f0001",
        "status": "Accept (Poster)",
    },
    {
        "title": "An Unremarkable Paper With No Decision",
        "authors": ["Barbara Liskov"],
        "abstract": "We say nothing of note about anything.",
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/liskov24a.html",
    },
]

#: an entry of a BibTeX list with a note of its own, and the same paper in a list that
#: gives its decision
NOTED_BIB = """@inproceedings{knuth2024sorting,
  title = {Sorting Networks Revisited},
  author = {Knuth, Donald},
  booktitle = {Proceedings of the 41st International Conference on Machine Learning},
  year = {2024},
  doi = {10.5555/sorting.2024},
  note = {Code at the author's page}
}
"""
NOTED_JSON = [
    {
        "title": "Sorting Networks Revisited",
        "authors": ["Donald Knuth"],
        "year": 2024,
        "venue": "ICML 2024",
        "doi": "10.5555/sorting.2024",
        "status": "Poster",
    }
]


def _round_trip(tmp_path: Path, sources: list[Path], fmt: str):
    library = load_library(sources)
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, fmt, library=library)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(text, encoding="utf-8")
    return library, load_library([out]), text


def _list(tmp_path: Path) -> Path:
    path = tmp_path / "accepted.json"
    path.write_text(json.dumps(PAPERS), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_paper_read_back_keeps_the_decision_that_accepted_it(tmp_path, fmt):
    library, back, _text = _round_trip(tmp_path, [_list(tmp_path)], fmt)
    assert [p.status for p in library.papers] == ["Oral", "Spotlight", "Accept (Poster)", None]
    assert [(p.id, p.status) for p in back.papers] == [(p.id, p.status) for p in library.papers]


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_decision_is_in_the_note_and_the_paper_is_cited_as_before(tmp_path, fmt):
    library, back, text = _round_trip(tmp_path, [_list(tmp_path)], fmt)
    assert "  note = {Oral}," in text and "  note = {Accept (Poster)}," in text
    assert text.count("  note = {") == 3  # the paper with no decision has none
    for style in ("bibtex", "biblatex", "apa"):
        before = [format_citation(p, style, library=library).text for p in library.papers]
        assert [format_citation(p, style, library=back).text for p in back.papers] == before


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_an_entrys_own_note_comes_first_and_stays_its_own(tmp_path, fmt):
    bib = tmp_path / "mine.bib"
    bib.write_text(NOTED_BIB, encoding="utf-8")
    decided = tmp_path / "decided.json"
    decided.write_text(json.dumps(NOTED_JSON), encoding="utf-8")
    library, back, text = _round_trip(tmp_path, [bib, decided], fmt)
    [paper] = library.papers
    assert paper.status == "Poster"
    assert "  note = {Code at the author's page; Poster}," in text
    [again] = back.papers
    assert (again.id, again.status) == (paper.id, "Poster")
    assert again.source_entry is not None
    assert again.source_entry.get("note") == "Code at the author's page"
    assert format_citation(again, "bibtex").text == format_citation(paper, "bibtex").text
