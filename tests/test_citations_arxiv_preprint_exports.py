"""An arXiv preprint in RIS and CSL-JSON, as Zotero writes its "preprint" items: a
generic RIS record (``TY  - GEN``) with arXiv as its repository (``PB  - arXiv``), a
CSL ``article`` with arXiv its ``publisher`` and its id its ``number``
("arXiv:0704.0002"); a preprint whose DOI is another publisher's names no repository.
tuireader reads both back as the same preprint.

The fixture is the verbatim slice of the arXiv Kaggle metadata dump of
test_citations_arxiv_journals.py."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "arxiv_journals_slice.jsonl"


def papers() -> dict[str, Paper]:
    return {paper.arxiv_id or "": paper for paper in load_library([FIXTURE]).papers}


def ris_tags(text: str) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line[2:6] == "  - ":
            tags.setdefault(line[:2], []).append(line[6:])
    return tags


def test_a_preprint_names_arxiv_as_its_repository_in_ris_and_csl() -> None:
    paper = papers()["0704.0002"]
    ris = ris_tags(format_citation(paper, "ris").text)
    assert ris["TY"] == ["GEN"] and ris["PB"] == ["arXiv"]
    assert ris["UR"] == ["https://arxiv.org/abs/0704.0002"]
    (item,) = json.loads(format_citation(paper, "csl-json").text)
    assert item["type"] == "article" and item["publisher"] == "arXiv"
    assert item["number"] == "arXiv:0704.0002"


def test_a_preprint_whose_doi_is_a_journals_names_no_repository() -> None:
    paper = papers()["0704.0194"]  # its reference not read, its DOI the journal's
    ris = ris_tags(format_citation(paper, "ris").text)
    assert ris["TY"] == ["GEN"] and "PB" not in ris


def test_the_exports_read_back_as_the_same_preprint(tmp_path: Path) -> None:
    paper = papers()["0704.0002"]
    bibtex = format_citation(paper, "bibtex").text
    for fmt, suffix in (("ris", ".ris"), ("csl-json", ".json")):
        path = tmp_path / f"preprint{suffix}"
        path.write_text(format_citation(paper, fmt).text, encoding="utf-8")
        (read,) = load_library([path]).papers
        assert (read.arxiv_id, read.venue, read.journal) == ("0704.0002", None, None)
        again = format_citation(read, "bibtex").text
        assert again.startswith("@misc{streinu2007sparsity,") and "eprint = {0704.0002}" in again
        assert "publisher" not in again and "publisher" not in bibtex
        ris = ris_tags(format_citation(read, "ris").text)
        assert ris["TY"] == ["GEN"] and ris["PB"] == ["arXiv"], fmt
