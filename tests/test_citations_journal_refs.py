"""arXiv's journal references in citations: the compact form of its older records
("Phys.Rev.D76:054502,2007", SPIRES's) written as physicists write a reference, "Phys.
Rev. D 76, 054502 (2007)", in BibTeX's note and where APA and MLA name the published
version, where no journal is read from it whole (a part of several: see
test_citations_arxiv_journals.py for a reference read as the paper's journal); a reference
the authors wrote in any other form is given as they wrote it.

The fixture is a verbatim slice of the arXiv Kaggle metadata dump (the real list's
records 0704.0092, 0704.0143, 0704.0005 and 0704.0021)."""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "arxiv_journal_refs_slice.jsonl"


def cited() -> dict[str, Paper]:
    library = load_library([FIXTURE])
    return {paper.arxiv_id or "": paper for paper in library.papers}


@pytest.mark.parametrize(
    ("arxiv_id", "note"),
    [
        # a part in another form (the Russian edition's) is left as written
        (
            "0704.0143",
            "Phys. Part. Nucl. Lett. 4, 11-17 (2007); PismaFiz.Elem.Chast.Atom.Yadra2007N1:25-35,2007",
        ),
        # written by the authors: as they wrote it
        ("0704.0005", "Illinois J. Math. 52 (2008) no.2, 681-689"),
    ],
)
def test_a_journal_reference_is_written_as_a_reference(arxiv_id: str, note: str) -> None:
    paper = cited()[arxiv_id]
    for fmt in ("bibtex", "biblatex"):
        entry = bibtexparser.parse_string(format_citation(paper, fmt).text).entries[0]
        assert entry.fields_dict["note"].value == note
    assert f". {note}. https://" in format_citation(paper, "apa").text
    assert f'." {note}, https://' in format_citation(paper, "mla").text
