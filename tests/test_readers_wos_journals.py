"""A journal Web of Science names in capitals (``SO NEURAL NETWORKS``, BibTeX's
``Journal = {JOURNAL OF ARTIFICIAL INTELLIGENCE RESEARCH}``) is shown and cited in the
case its readers know, which the same record's ISO abbreviation (``JI``,
``Journal-ISO``) gives: APA and MLA print the journal's name as it is read."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation

FIXTURES = Path(__file__).parent / "fixtures"
TAGGED = FIXTURES / "databases" / "wos_savedrecs_journals.txt"
BIBTEX = FIXTURES / "citations" / "bookkeeping" / "wos_full_record.bib"


def test_the_tagged_exports_journal_is_in_the_case_of_its_abbreviation() -> None:
    pami, physics = read_file(TAGGED).records
    assert pami.journal == "IEEE Transactions on Pattern Analysis and Machine Intelligence"
    assert physics.journal == "Physical Review A"


def test_the_bibtex_exports_journal_is_cited_in_that_case() -> None:
    library = load_library([BIBTEX])
    (paper,) = library.papers
    apa = format_citation(paper, "apa", library=library).text
    assert "Journal of Artificial Intelligence Research, 80, 10–35." in apa
    # the entry itself is the database's, as written
    bibtex = format_citation(paper, "bibtex", library=library).text
    assert "journal = {JOURNAL OF ARTIFICIAL INTELLIGENCE RESEARCH}" in bibtex


def test_a_journal_without_its_abbreviation_is_as_written() -> None:
    (record,) = read_file(FIXTURES / "databases" / "wos_savedrecs.txt").records
    assert record.journal == "NEURAL NETWORKS"
