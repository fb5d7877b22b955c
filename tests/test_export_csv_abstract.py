"""A CSV export gives each paper's abstract, and read back as a list the paper has it
again.

The export wrote an abstract only where it told a paper from a twin or gave the links
it mentions: read back, 954 of the real lists' 1,060 papers had lost theirs (and the
words of it that say which of a title's words are names). A paper its list knows by its
abstract alone (a seed, titled by a catalog) is still written without it: read with that
list, its abstract would give it another id.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

REAL = Path(__file__).parent / "fixtures" / "real_lists"
LISTS = [REAL / "corl2023_slice.json", REAL / "l4dc2020_slice.bib", REAL / "arxiv_slice.jsonl"]


def test_a_csv_export_read_back_keeps_every_abstract(tmp_path: Path) -> None:
    library = load_library(LISTS)
    papers = list(library.papers)
    given = {paper.id: paper.abstract for paper in papers}
    assert all(given.values())
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, "csv", library=library)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {row["id"]: row["abstract"] for row in rows} == given
    out = tmp_path / "export.csv"
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    assert {paper.id: paper.abstract for paper in back.papers} == given
