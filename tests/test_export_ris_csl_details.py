"""RIS and CSL-JSON exports read back as lists keep what a paper's citation leaves out.

Read back, a paper had lost its arXiv primary class and its journal reference (an arXiv
paper was cited without its ``primaryclass``, and a journal reference given as a note
was gone), the editors of a journal's article and the series of a paper in proceedings,
and the decision that accepted it ("Oral", "Poster", "Spotlight"): on the real lists,
RIS and CSL-JSON gave other BibTeX citations for 1,028 and 926 of 1,060 papers. Now the
exports write them where each format has a field for them (RIS's ``ED``, ``T3`` and
``M3``, CSL's ``editor``, ``collection-title`` and ``genre``, where a submission's status
goes), and the rest as lines of tuireader's own (``tuireader-arxiv-class: hep-ph``, in an
``N1`` each and in the item's ``note``), which the readers read back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

ARXIV = Path(__file__).parent / "fixtures" / "citations" / "arxiv_journal_refs_slice.jsonl"

BIBTEX = r"""@inproceedings{kim2023neural,
  title = {Neural Rendering of Soft Shadows},
  author = {Kim, Dana and Lee, Min},
  booktitle = {ACM SIGGRAPH 2023 Conference Proceedings},
  series = {SIGGRAPH '23},
  editor = {Smith, Jane and Doe, John},
  publisher = {ACM},
  year = {2023}
}

@article{gallant2020brains,
  title = {Brains and Machines Alike},
  author = {Gallant, Jack L},
  journal = {Neural Computation},
  editor = {Roe, Anna},
  volume = {32},
  pages = {1--20},
  year = {2020}
}

@book{axler2015linear,
  title = {Linear Algebra Done Right},
  author = {Axler, Sheldon},
  series = {Undergraduate Texts in Mathematics},
  publisher = {Springer},
  year = {2015}
}
"""

DECIDED = [
    {"title": "An Oral Paper on Robots", "authors": ["Ann One"], "status": "Oral"},
    {"title": "A Poster Paper on Robots", "authors": ["Bob Two"], "status": "Poster"},
    {"title": "A Spotlight Paper on Robots", "authors": ["Cy Three"], "status": "Spotlight"},
    {"title": "An Accepted Paper on Robots", "authors": ["Di Four"], "status": "Accept"},
]


def _lists(tmp_path: Path) -> list[Path]:
    bib = tmp_path / "lists" / "books.bib"
    bib.parent.mkdir()
    bib.write_text(BIBTEX, encoding="utf-8")
    decided = tmp_path / "lists" / "corl2023.json"
    records = [{**record, "venue": "CoRL 2023", "year": 2023} for record in DECIDED]
    decided.write_text(json.dumps(records), encoding="utf-8")
    return [ARXIV, bib, decided]


def _round_trip(tmp_path: Path, fmt: str) -> tuple[Library, Library]:
    library = load_library(_lists(tmp_path))
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, fmt, library=library)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(text, encoding="utf-8")
    return library, load_library([out])


def _people(names: tuple[str, ...]) -> list[list[str]]:
    """Names as sets of their words: "Roe, Anna" and "Anna Roe" are one person."""
    return [sorted(name.replace(",", " ").split()) for name in names]


def _field(library: Library, name: str) -> dict[str, object]:
    if name == "editor":
        return {p.id: _people(p.editor) for p in library.papers}
    if name == "series":  # a BibTeX paper's is its entry's
        return {
            p.id: p.series or (p.source_entry and p.source_entry.get("series"))
            for p in library.papers
        }
    return {p.id: getattr(p, name) for p in library.papers}


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
@pytest.mark.parametrize("name", ["arxiv_class", "journal_ref", "editor", "series", "status"])
def test_each_field_is_read_back(tmp_path: Path, fmt: str, name: str) -> None:
    library, back = _round_trip(tmp_path, fmt)
    given = _field(library, name)
    assert any(given.values()), name  # the lists give it
    assert _field(back, name) == given


def _cited(paper: Paper) -> str:
    """The paper's BibTeX citation but its title, whose LaTeX neither format keeps."""
    text = format_citation(paper, "bibtex").text
    return "\n".join(line for line in text.splitlines() if not line.startswith("  title = "))


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_the_papers_are_cited_as_before(tmp_path: Path, fmt: str) -> None:
    library, back = _round_trip(tmp_path, fmt)
    before = {p.id: _cited(p) for p in library.papers}
    after = {p.id: _cited(p) for p in back.papers}
    arxiv = [p.id for p in library.papers if p.arxiv_id]
    assert arxiv and all("primaryclass = {" in before[paper_id] for paper_id in arxiv)
    assert any("note = {" in before[paper_id] for paper_id in arxiv)  # a journal reference
    assert {i: after.get(i) for i in arxiv} == {i: before[i] for i in arxiv}
    series = [p.id for p in library.papers if p.series]
    assert {i: after.get(i) for i in series} == {i: before[i] for i in series}


def test_the_exports_write_them_where_each_format_has_a_field(tmp_path: Path) -> None:
    library = load_library(_lists(tmp_path))
    papers = list(library.papers)
    marks = {p.id: Triage(p.id) for p in papers}
    ris = render_export(papers, marks, "ris", library=library)
    assert "ED  - Roe, Anna\n" in ris
    assert "T3  - SIGGRAPH '23\n" in ris
    assert "M3  - Spotlight\n" in ris
    assert "N1  - tuireader-arxiv-class: math.CA\n" in ris
    items = json.loads(render_export(papers, marks, "csl-json", library=library))
    assert {"family": "Roe", "given": "Anna"} in [
        name for item in items for name in item.get("editor", [])
    ]
    assert "SIGGRAPH '23" in [item.get("collection-title") for item in items]
    assert {"Oral", "Poster", "Spotlight", "Accept"} <= {item.get("genre") for item in items}
    assert any("\ntuireader-arxiv-class: math.CA\n" in item.get("note", "") for item in items)


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_the_lines_are_no_note_of_the_users(tmp_path: Path, fmt: str) -> None:
    # imported as marks, the lines that give the arXiv class and the journal reference
    # are the record's own, not the user's note
    from tuireader.triage.carry import read_export

    library = load_library(_lists(tmp_path))
    papers = list(library.papers)
    marks = {p.id: Triage(p.id, "kept", note="mine") for p in papers}
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(render_export(papers, marks, fmt, library=library), encoding="utf-8")
    notes = {mark.note for mark in read_export(out)[1]}
    assert notes == {"mine"}
