"""Author names as bibliographic databases export them (Scopus's sheets, PubMed's
MEDLINE, Web of Science's tagged export): one name each, its family name as written.

The fixtures in tests/fixtures/database_names/ are written in each database's layout.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

HERE = Path(__file__).parent / "fixtures" / "database_names"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def apa_authors(path: Path) -> dict[str, str]:
    """Each paper's APA citation up to its year, by title."""
    library = load_library([path])
    return {
        paper.title: format_citation(paper, "apa", library=library).text.partition(" (")[0]
        for paper in library
    }


def test_scopus_full_names_of_several_words_are_one_author_each() -> None:
    # "García Márquez, Gabriel José (57200000002)" was two authors, "García Márquez"
    # and "Gabriel José", wherever both names are of two words or more
    records = by_title(HERE / "scopus_full_names.csv")
    assert records["A Title About Graphs"].authors == (
        "Elias Abad Rocamora",
        "Gabriel José García Márquez",
    )
    assert records["A Paper With One Author"].authors == ("Gabriel José García Márquez",)


def test_family_names_of_several_words_are_cited_whole() -> None:
    # "Abad Rocamora, Elias" was cited "Rocamora, E. A.", Scopus's "Abad Rocamora E."
    # "E., A. R.": a family name written first is the family name, all its words
    cited = apa_authors(HERE / "authors_family_first.csv")
    assert cited == {
        "Scopus initials after the family name": "Abad Rocamora, E., & García Márquez, G. J.",
        "Family names first with initials": "García Márquez, G., & Wu, Y.",
        "One author family name first": "Abad Rocamora, E.",
        "A suffix taken for a family name": "Susskind, Z., & Breternitz, M., Jr.",
        "Names given first": "He, K., & Zhang, X.",
    }
    full = apa_authors(HERE / "scopus_full_names.csv")
    assert full["A Title About Graphs"] == "Abad Rocamora, E., & García Márquez, G. J."


def test_scopus_older_authors_joined_with_commas_are_cited_family_name_first() -> None:
    # Scopus's older "Abad Rocamora E., Wu Y." was cited "E., A. R., Y., W."
    cited = apa_authors(HERE / "scopus_older_authors.csv")
    assert cited == {
        "Revisiting Character-level Adversarial Attacks for Language Models": (
            "Abad Rocamora, E., Wu, Y., Liu, F., Chrysos, G., & Cevher, V."
        ),
        "Dense Reward for Free": "van der Schaar, M., & Chan, A. J.",
    }


def test_scopus_no_author_name_available_is_no_author(tmp_path: Path) -> None:
    # Scopus's "[No author name available]" was an author, cited "available], N. a. n."
    records = by_title(HERE / "scopus_no_author.csv")
    editorial = records["Editorial: Machine learning in 2024"]
    assert (editorial.authors, editorial.author_names) == ((), ())
    assert records["Another paper on graphs"].authors == ("John Smith",)
    cited = apa_authors(HERE / "scopus_no_author.csv")
    assert cited["Editorial: Machine learning in 2024"] == "Editorial: Machine learning in 2024."
    # and so it is in Scopus's BibTeX and RIS
    bib = tmp_path / "scopus.bib"
    bib.write_text(
        "@ARTICLE{X2024,\n\tauthor = {[No author name available]},\n"
        "\ttitle = {Editorial: Machine learning in 2024},\n\tyear = {2024},\n"
        "\tjournal = {Nature},\n\tsource = {Scopus}\n}\n",
        encoding="utf-8",
    )
    ris = tmp_path / "scopus.ris"
    ris.write_text(
        "TY  - JOUR\nAU  - [No author name available]\n"
        "TI  - Editorial: Machine learning in 2024\nPY  - 2024\nT2  - Nature\n"
        "DB  - Scopus\nER  - \n",
        encoding="utf-8",
    )
    for path in (bib, ris):
        assert by_title(path)["Editorial: Machine learning in 2024"].authors == ()
        assert apa_authors(path) == {
            "Editorial: Machine learning in 2024": "Editorial: Machine learning in 2024."
        }


def citations(path: Path, style: str) -> dict[str, str]:
    library = load_library([path])
    return {paper.title: format_citation(paper, style, library=library).text for paper in library}


def test_pubmed_and_web_of_science_group_authors_are_authors() -> None:
    # MEDLINE's "CN" and Web of Science's "CA" were left out: a paper whose only author
    # is a group was of authors unknown ("note = {Authors unknown}")
    pubmed = HERE / "pubmed_group_authors.nbib"
    records = by_title(pubmed)
    assert records["Consensus statement on reporting of AI trials"].authors == (
        "María José García-López",
        "Jan van der Berg",
        "SPIRIT-AI and CONSORT-AI Working Group",
    )
    assert records["[Artificial intelligence in radiology]"].authors == (
        "Deutsche Röntgengesellschaft",
    )
    assert apa_authors(pubmed) == {
        "Consensus statement on reporting of AI trials": (
            "García-López, M. J., van der Berg, J., & SPIRIT-AI and CONSORT-AI Working Group."
        ),
        "[Artificial intelligence in radiology]": "Deutsche Röntgengesellschaft.",
    }
    bibtex = citations(pubmed, "bibtex")
    # in braces, one name as a whole: BibTeX splits neither at its "and" nor its words
    assert (
        "author = {García-López, María José and van der Berg, Jan and "
        "{SPIRIT-AI and CONSORT-AI Working Group}},"
    ) in bibtex["Consensus statement on reporting of AI trials"]
    radiology = bibtex["[Artificial intelligence in radiology]"]
    assert "author = {{Deutsche Röntgengesellschaft}}," in radiology
    assert "Authors unknown" not in radiology

    wos = HERE / "wos_group_authors.txt"
    assert apa_authors(wos) == {
        "A group paper": "Smith, J., & ATLAS Collaboration.",
        "A group only paper": "CMS Collaboration.",
    }
    bibtex = citations(wos, "bibtex")
    assert "author = {Smith, John and {ATLAS Collaboration}}," in bibtex["A group paper"]
    assert "author = {{CMS Collaboration}}," in bibtex["A group only paper"]
    assert "Authors unknown" not in bibtex["A group only paper"]


def test_web_of_science_tab_delimited_group_authors_are_authors() -> None:
    # its "CA" column was not read: a paper whose only author is a group was of
    # authors unknown
    path = HERE / "wos_group_authors_tab.txt"
    assert by_title(path)["A group paper"].authors == ("John Smith", "ATLAS Collaboration")
    assert apa_authors(path) == {
        "A group paper": "Smith, J., & ATLAS Collaboration.",
        "A group only paper": "CMS Collaboration.",
    }
    bibtex = citations(path, "bibtex")
    assert "author = {Smith, John and {ATLAS Collaboration}}," in bibtex["A group paper"]
    assert "author = {{CMS Collaboration}}," in bibtex["A group only paper"]
    assert "Authors unknown" not in bibtex["A group only paper"]
