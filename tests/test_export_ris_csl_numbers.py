"""RIS and CSL-JSON exports read back as lists keep a paper's volume, number and month.

Read back, an article whose entry names no journal lost its volume and number (its
citation wrote neither: ``VL``/``IS`` go with a journal), a book lost its number in
its series (Handbook of Satisfiability, "Frontiers in AI and Applications", v.336),
and a RIS record's month (``DA  - 2024/08/23``) was read as its year alone. The
exports now write the volume and number wherever the citation gives none, the RIS
reader reads the month and day of ``DA``, and a book's BibTeX citation gives its
number in its series.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

BIBTEX = r"""@article{porschen2020cnf,
  title = {CNF-Structure: Stabilizers, Orbits, Fibre-Transversals},
  author = {Porschen, Stefan},
  year = {2020},
  volume = {47},
  number = {2}
}

@book{biere2021handbook,
  title = {Handbook of Satisfiability},
  author = {Biere, Armin},
  year = {2021},
  series = {Frontiers in Artificial Intelligence and Applications},
  number = {v.336},
  publisher = {IOS Press}
}

@article{kaup2024review,
  title = {A Review of Nine Physics Engines},
  author = {Kaup, Michael},
  date = {2024-08-23}
}
"""


def _fields(paper: object) -> tuple[object, ...]:
    return tuple(getattr(paper, name) for name in ("volume", "number", "month", "day"))


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_volume_number_and_month_are_read_back(tmp_path: Path, fmt: str) -> None:
    bib = tmp_path / "mine.bib"
    bib.write_text(BIBTEX, encoding="utf-8")
    library = load_library([bib])
    papers = list(library.papers)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, fmt, library=library)
    out.write_text(text, encoding="utf-8")
    back = {p.id: p for p in load_library([out]).papers}
    given = {p.id: _fields(p) for p in papers}
    assert ("47", "2", None, None) in given.values()
    # the month and day the entry's date gives (its citation gives them too)
    dated = {p.id: (None, None, 8, 23) for p in papers if p.title.startswith("A Review")}
    assert {i: _fields(back[i]) for i in given} == given | dated


def test_a_ris_date_gives_its_month_and_day(tmp_path: Path) -> None:
    ris = tmp_path / "mine.ris"
    ris.write_text(
        "TY  - JOUR\nTI  - A Review of Nine Physics Engines\nAU  - Kaup, Michael\n"
        "PY  - 2024\nDA  - 2024/08/23\nER  - \n\n"
        "TY  - JOUR\nTI  - Another Review\nAU  - Roe, Jane\nPY  - 2023\nDA  - 2023/11/\n"
        "ER  - \n",
        encoding="utf-8",
    )
    papers = {p.title: p for p in load_library([ris]).papers}
    assert (
        papers["A Review of Nine Physics Engines"].month,
        papers["A Review of Nine Physics Engines"].day,
    ) == (8, 23)
    assert (papers["Another Review"].month, papers["Another Review"].day) == (11, None)


def test_a_books_citation_gives_its_number_in_its_series(tmp_path: Path) -> None:
    ris = tmp_path / "books.ris"
    ris.write_text(
        "TY  - BOOK\nTI  - Handbook of Satisfiability\nAU  - Biere, Armin\n"
        "T3  - Frontiers in Artificial Intelligence and Applications\nPY  - 2021\n"
        "IS  - v.336\nPB  - IOS Press\nER  - \n",
        encoding="utf-8",
    )
    (paper,) = load_library([ris]).papers
    assert paper.number == "v.336" and paper.source_entry is None
    assert "  number = {v.336},\n" in format_citation(paper, "bibtex").text
