"""A paper's place of publication (RIS's ``CY``, CSL's ``publisher-place``) is written
by tuireader's JSON and CSV exports and read back from them, as its edition is: both
left it out. Zotero's CSV gives it in its "Place" column."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

RIS = (
    "TY  - BOOK\nTI  - Handbook of Satisfiability\nAU  - Biere, A.\nPY  - 2021\n"
    "PB  - IOS Press\nCY  - Amsterdam\nER  - \n"
)
CSL = [
    {
        "id": "abbott2015",
        "type": "book",
        "title": "Understanding Analysis",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "publisher": "Springer",
        "publisher-place": "New York",
        "issued": {"date-parts": [[2015]]},
    }
]


def _library(tmp_path: Path):
    ris = tmp_path / "books.ris"
    ris.write_text(RIS, encoding="utf-8")
    csl = tmp_path / "books.json"
    csl.write_text(json.dumps(CSL), encoding="utf-8")
    return load_library([ris, csl])


def _places(library) -> dict[str, str | None]:
    return {paper.id: paper.place for paper in library.papers}


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_export_read_back_keeps_the_place(tmp_path: Path, fmt: str) -> None:
    library = _library(tmp_path)
    before = _places(library)
    assert sorted(map(str, before.values())) == ["Amsterdam", "New York"]
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "kept") for p in papers}, fmt)
    if fmt == "json":
        assert sorted(str(row["place"]) for row in json.loads(text)) == ["Amsterdam", "New York"]
    else:
        rows = list(csv.DictReader(io.StringIO(text)))
        assert sorted(row["place"] for row in rows) == ["Amsterdam", "New York"]
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    assert _places(back) == before


def test_a_csv_of_zotero_gives_the_place(tmp_path: Path) -> None:
    path = tmp_path / "zotero.csv"
    path.write_text(
        '"Key","Item Type","Title","Author","Publisher","Place"\n'
        '"ABCD","book","Understanding Analysis","Abbott, Stephen","Springer","New York"\n',
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert paper.place == "New York"
