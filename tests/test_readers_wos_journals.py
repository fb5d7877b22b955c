"""A journal Web of Science names in capitals (``SO NEURAL NETWORKS``, BibTeX's
``Journal = {JOURNAL OF ARTIFICIAL INTELLIGENCE RESEARCH}``) is shown and cited in the
case its readers know, which the same record's ISO abbreviation (``JI``,
``Journal-ISO``) gives: APA and MLA print the journal's name as it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.common import journal_case
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


def _journal(tmp_path: Path, name: str, iso: str) -> str | None:
    path = tmp_path / "savedrecs.txt"
    path.write_text(
        "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU Doe, J\nAF Doe, Jane\n"
        f"TI A study\nSO {name}\nJI {iso}\nPY 2020\nVL 1\nBP 1\nEP 9\nER\n\nEF\n",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    return record.journal


def test_a_french_elision_keeps_its_particle_small_and_its_word_capital(tmp_path: Path) -> None:
    # it was "Journal D'analyse Mathematique"
    assert (
        _journal(tmp_path, "JOURNAL D'ANALYSE MATHEMATIQUE", "J. Anal. Math.")
        == "Journal d'Analyse Mathematique"
    )
    assert (
        _journal(tmp_path, "ANNALES DE L'INSTITUT FOURIER", "Ann. Inst. Fourier")
        == "Annales de l'Institut Fourier"
    )
    assert (
        _journal(tmp_path, "L'ENSEIGNEMENT MATHEMATIQUE", "Enseign. Math.")
        == "L'Enseignement Mathematique"
    )


def test_an_english_apostrophe_is_cased_as_english(tmp_path: Path) -> None:
    assert _journal(tmp_path, "WOMEN'S STUDIES QUARTERLY", "Womens Stud. Q.") == (
        "Women's Studies Quarterly"
    )
    assert _journal(tmp_path, "O'REILLY REVIEWS OF MEDIA", "OReilly Rev. Media") == (
        "O'Reilly Reviews of Media"
    )


def test_an_english_contraction_keeps_its_letter_small(tmp_path: Path) -> None:
    assert _journal(tmp_path, "I'M A JOURNAL OF NOTES", "J. Notes") == "I'm A Journal of Notes"


@pytest.mark.parametrize("name", ["DNA REPAIR", "IT PROFESSIONAL", "AIDS", "CELL REPORTS"])
def test_a_journal_without_its_abbreviation_stays_in_capitals(name: str) -> None:
    # nothing tells its acronyms from its words: "Dna Repair" would cite it wrongly
    assert journal_case(name, None) == name
    assert journal_case(name, name) == name  # an abbreviation in capitals tells nothing


def test_a_journal_with_its_abbreviation_takes_its_acronyms_from_it() -> None:
    assert journal_case("DNA REPAIR", "DNA Repair") == "DNA Repair"
