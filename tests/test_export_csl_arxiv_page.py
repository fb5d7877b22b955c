"""A CSL-JSON export read back keeps the id of a paper known by an arXiv page that is
not its first: "Improved Training of Wasserstein GANs", of a NeurIPS list (its page at
the proceedings) and of a Zotero library (its arXiv page), has the id its arXiv id
gives. The item gives both pages in its note's ``tuireader-links``, the arXiv page as a
further ``url``; read back, that page was taken for a project page, the paper had
another id, and the real lists read back had one paper less and one more; so too
from a Markdown export, which gives the arXiv page as a further ``url:``. The slices
are real (see tests/fixtures/csl_arxiv_page/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures" / "csl_arxiv_page"
LISTS = [HERE / "nips2017_slice.json", HERE / "zotero_biblatex_slice.bib"]


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("fmt", ["csl-json", "markdown", "ris", "json", "csv", "bibtex"])
def test_the_paper_keeps_its_id_read_back(tmp_path: Path, fmt: str, marked: bool) -> None:
    library = load_library(LISTS)
    (paper,) = library.papers
    assert paper.arxiv_id == "1704.00028" and len(paper.lists) == 2
    triage = Triage(paper.id, "kept", ("gan",)) if marked else Triage(paper.id)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(render_export([paper], {paper.id: triage}, fmt, library=library))
    (back,) = load_library([out]).papers
    assert (back.id, back.title, back.arxiv_id) == (paper.id, paper.title, "1704.00028")
