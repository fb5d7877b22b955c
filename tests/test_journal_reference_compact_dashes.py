"""arXiv's compact journal reference with its pages written with "--"
("Astrophys.J.663:1149--1173,2007") is read alike as a record is loaded (its venue) and
as it is cited from the reference itself (BibTeX's note, IEEE's and Chicago's parts):
one reader of the compact form, where the citations read only "1149-1173" and gave
"--" references as written ("Astrophys.J.663:1149--1173,2007", "AIP
Conf.Proc.921:19--23,2007").

The records are arXiv's 0704.0009 and 0704.0184 (the real Kaggle metadata dump's), their
pages written with "--"."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser

from tuireader.ingest.journalref import published_in
from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import _reference_parts, _written_reference, format_citation

REFERENCE = "Astrophys.J.663:1149--1173,2007"
PROCEEDINGS = "AIP Conf.Proc.921:19--23,2007"


def _record(arxiv_id: str, authors: str, title: str, reference: str, doi: str) -> dict:
    return {
        "id": arxiv_id,
        "submitter": None,
        "authors": authors,
        "title": title,
        "comments": None,
        "journal-ref": reference,
        "doi": doi,
        "report-no": None,
        "categories": "astro-ph",
        "license": None,
        "abstract": "  An abstract.\n",
        "versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:41:34 GMT"}],
        "update_date": "2010-03-18",
    }


RECORDS = [
    _record(
        "0704.0009",
        "Paul Harvey, Bruno Merin, Tracy L. Huard",
        "The Spitzer c2d Survey of Large, Nearby, Insterstellar Clouds. IX",
        REFERENCE,
        "10.1086/518646",
    ),
    _record(
        "0704.0184",
        "P. Padovani (ESO)",
        "Gamma-ray emitting AGN and GLAST",
        PROCEEDINGS,
        "10.1063/1.2757258",
    ),
]


def _loaded(tmp_path: Path) -> dict[str, Paper]:
    path = tmp_path / "arxiv.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in RECORDS), encoding="utf-8")
    return {paper.arxiv_id or "": paper for paper in load_library([path]).papers}


def _note(paper: Paper) -> str:
    entry = bibtexparser.parse_string(format_citation(paper, "bibtex").text).entries[0]
    return entry.fields_dict["note"].value


def test_the_compact_form_with_dashed_pages_reads_alike_at_load_and_cite_time() -> None:
    assert published_in(REFERENCE, 2007) == ("Astrophys. J.", "663", "1149-1173", 2007)
    written = _written_reference(REFERENCE)
    assert written == "Astrophys. J. 663, 1149--1173 (2007)"
    assert _reference_parts(written, 2007) == ("Astrophys. J.", "663", "1149\u20131173", True)


def test_a_record_with_dashed_pages_gets_its_venue_and_is_cited_as_an_article(
    tmp_path: Path,
) -> None:
    paper = _loaded(tmp_path)["0704.0009"]
    assert (paper.venue, paper.journal, paper.volume, paper.pages) == (
        "Astrophys. J.",
        "Astrophys. J.",
        "663",
        "1149-1173",
    )
    ieee = format_citation(paper, "ieee").text
    assert "IX,\u201d Astrophys. J., vol. 663, pp. 1149\u20131173, 2007, doi:" in ieee
    entry = bibtexparser.parse_string(format_citation(paper, "bibtex").text).entries[0]
    assert entry.entry_type == "article"
    assert entry.fields_dict["pages"].value == "1149--1173"


def test_the_reference_alone_is_cited_with_its_journal_volume_and_pages() -> None:
    """A paper whose list gives the reference and no venue: cited from the reference, as
    the record that gets its venue from it is."""
    paper = Paper(
        id="a",
        title="The Serpens YSO Population",
        abstract="",
        authors=("Paul Harvey",),
        year=2007,
        journal_ref=REFERENCE,
    )
    ieee = format_citation(paper, "ieee").text
    assert "Population,\u201d Astrophys. J., vol. 663, pp. 1149\u20131173, 2007." in ieee
    chicago = format_citation(paper, "chicago").text
    assert "Population.\u201d Astrophys. J. 663: 1149\u20131173." in chicago
    assert _note(paper) == "Astrophys. J. 663, 1149--1173 (2007)"


def test_a_reference_no_venue_is_read_from_is_written_as_a_reference(tmp_path: Path) -> None:
    """Proceedings are no journal to load as the venue; their compact reference is
    written as physicists write it, as it is with "19-23"."""
    paper = _loaded(tmp_path)["0704.0184"]
    assert paper.venue is None
    assert _note(paper) == "AIP Conf. Proc. 921, 19--23 (2007)"
    ieee = format_citation(paper, "ieee").text
    assert "GLAST,\u201d AIP Conf. Proc., vol. 921, pp. 19\u201323, 2007, doi:" in ieee
    apa = format_citation(paper, "apa").text
    assert "GLAST. AIP Conf. Proc. 921, 19\u201323 (2007). https://doi.org/" in apa
