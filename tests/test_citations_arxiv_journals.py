"""A published arXiv paper is cited as the journal article its journal reference names,
where the reference reads unambiguously as journal, volume, pages (or article number)
and year ("Phys.Rev.D76:013009,2007", "Phys. Rev. B 75, 195116 (2007)", "J. Algebra 321
(2009), 3450-3468."): the journal is its venue, BibTeX's entry an ``@article`` that keeps
its eprint, RIS's a ``JOUR``, CSL's an ``article-journal``. A reference read only in part
(proceedings, lecture notes, an erratum after it, a volume run into its series letter)
is given as written, in a note, as before.

The fixture is a verbatim slice of the arXiv Kaggle metadata dump (the real list's
records 0704.0001, 0704.0002, 0704.0008, 0704.0009, 0704.0015, 0704.0038, 0704.0065,
0704.0093, 0704.0101, 0704.0184 and 0704.0194, then 0704.0067)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.journalref import names_a_journal, published_in
from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation
from tuireader.search.index import venue_text

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "arxiv_journals_slice.jsonl"


def papers() -> dict[str, Paper]:
    return {paper.arxiv_id or "": paper for paper in load_library([FIXTURE]).papers}


def ris_tags(text: str) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line[2:6] == "  - ":
            tags.setdefault(line[:2], []).append(line[6:])
    return tags


#: arXiv id → (journal, volume, pages, year) its journal reference names
ARTICLES = {
    "0704.0001": ("Phys. Rev. D", "76", "013009", 2007),
    "0704.0008": ("Journal of Applied Physics", "104", "073536", 2008),
    "0704.0009": ("Astrophys. J.", "663", "1149-1173", 2007),
    "0704.0015": ("JHEP", "05", "034", 2007),
    "0704.0065": ("J. Algebra", "321", "3450-3468", 2009),
    "0704.0093": ("Phys. Rev. B", "75", "195116", 2007),
}
#: arXiv id → the note its citation gives: the reference as written, none read from it
NOTES = {
    "0704.0038": "J.Quant.Spectrosc.Radiat.Transf. 106, 558-589 (2007); Erratum: "
    "J.Quant.Spectrosc.Radiat.Transf. 171, 82-83 (2016)",
    "0704.0101": "Lect. Notes Phys. 737, 59-118 (2008)",
    "0704.0184": "AIP Conf. Proc. 921, 19-23 (2007)",
    "0704.0194": "Phys. Rev. B77, 075325 (2008)",
}


@pytest.mark.parametrize(("arxiv_id", "published"), ARTICLES.items())
def test_the_journal_a_reference_names_is_the_papers_venue(arxiv_id, published) -> None:
    paper = papers()[arxiv_id]
    journal, volume, pages, year = published
    assert (paper.venue, paper.journal, paper.volume, paper.pages) == (
        journal,
        journal,
        volume,
        pages,
    )
    assert paper.year == year and paper.journal_ref  # the reference itself is kept


@pytest.mark.parametrize("arxiv_id", [*NOTES, "0704.0002"])
def test_a_reference_not_read_whole_names_no_venue(arxiv_id) -> None:
    paper = papers()[arxiv_id]
    assert (paper.venue, paper.journal, paper.volume, paper.pages) == (None,) * 4


@pytest.mark.parametrize(("arxiv_id", "published"), ARTICLES.items())
def test_bibtex_gives_an_article_that_keeps_its_eprint(arxiv_id, published) -> None:
    journal, volume, pages, _year = published
    paper = papers()[arxiv_id]
    for fmt in ("bibtex", "biblatex"):
        (entry,) = bibtexparser.parse_string(format_citation(paper, fmt).text).entries
        fields = {field.key: field.value for field in entry.fields}
        assert entry.entry_type == "article"
        assert fields.get("journal", fields.get("journaltitle")) == journal
        assert fields["volume"] == volume and fields["pages"] == pages.replace("-", "--")
        assert fields["eprint"] == arxiv_id and "note" not in fields
        if fmt == "bibtex":
            assert fields["archiveprefix"] == "arXiv" and fields["primaryclass"]


def test_ris_and_csl_give_a_journal_article() -> None:
    paper = papers()["0704.0009"]
    ris = ris_tags(format_citation(paper, "ris").text)
    assert ris["TY"] == ["JOUR"] and ris["T2"] == ["Astrophys. J."]
    assert (ris["VL"], ris["SP"], ris["EP"], ris["PY"]) == (["663"], ["1149"], ["1173"], ["2007"])
    assert "N1" not in ris
    (item,) = json.loads(format_citation(paper, "csl-json").text)
    assert item["type"] == "article-journal" and item["container-title"] == "Astrophys. J."
    assert (item["volume"], item["page"]) == ("663", "1149-1173")
    assert "note" not in item and "publisher" not in item


def test_styles_name_the_journal_and_its_volume() -> None:
    paper = papers()["0704.0001"]
    assert "LHC energies. Phys. Rev. D, 76, Article 013009. https://doi.org/" in (
        format_citation(paper, "apa").text
    )
    assert (
        "Phys. Rev. D, vol. 76, Art. no. 013009, 2007, doi:" in format_citation(paper, "ieee").text
    )
    assert "energies.” Phys. Rev. D 76: 013009. https://doi.org/" in (
        format_citation(paper, "chicago").text
    )
    assert '." Phys. Rev. D, vol. 76, 2007, 013009, https://doi.org/' in (
        format_citation(paper, "mla").text
    )


@pytest.mark.parametrize(("arxiv_id", "note"), NOTES.items())
def test_a_reference_not_read_whole_is_a_note_as_before(arxiv_id, note) -> None:
    paper = papers()[arxiv_id]
    entry = bibtexparser.parse_string(format_citation(paper, "bibtex").text).entries[0]
    assert entry.entry_type == "misc" and entry.fields_dict["note"].value == note
    ris = ris_tags(format_citation(paper, "ris").text)
    assert ris["TY"] == ["GEN"] and ris["N1"] == [note]


#: arXiv 0704.0067's reference, as a physicist's form: its author and title first
_SENTENCE = (
    "L. H. Friedman. Order of epitaxial self-assembled quantum dots: Linear analysis. "
    "Journal of Nanophotonics 1, 013513 (2007)"
)


@pytest.mark.parametrize(
    ("reference", "year"),
    [
        ("Phys.Rev.D76:013009,2008", 2007),  # its year another than the paper's
        ("JHEP 0705:034,2008", 2008),  # its volume (May 2007) another year than its own
        ("JHEP 0713:034,2007", 2007),  # no month 13: no issue to cite
        ("JCAP 0700:001,2007", 2007),
        ("Phys. Rev. D 76, 013009 (2007); Erratum: Phys. Rev. D 77, 019901 (2008)", 2007),
        ("J. Opt. Soc. Am. A 23(10): 2592-2601 (2006)", 2006),  # an issue
        ("Studia Math. 182 (2007) no. 3, 283-294", 2007),
        ("J. Phys. A 40 (2007) 1240-1234", 2007),  # a range backwards
        ("AIP Conf. Proc. 921, 19-23 (2007)", 2007),  # proceedings
        ("In: Workshop on Graphs 12, 1-9 (2007)", 2007),
        # an author and a title before the journal: a sentence, no journal's name
        (_SENTENCE, 2007),
        ("L. H. Friedman. Order of Epitaxial Quantum Dots. J. Nanophoton. 1, 013513 (2007)", 2007),
        ("L. H. Friedman. Order of dots. Phys.Rev.D76:013009,2007", 2007),
        ("L. Friedman and J. Doe. Phys. Rev. B 75, 195116 (2007)", 2007),
        ("Friedman et al. J. Algebra 321 (2007), 3450-3468.", 2007),
    ],
)
def test_a_reference_is_read_whole_or_not_at_all(reference: str, year: int) -> None:
    assert published_in(reference, year) is None


def test_a_monthly_journals_volume_is_its_issue_of_the_year() -> None:
    # "JHEP 0705": the year (2007) and its issue (05), as the DOI
    # 10.1088/1126-6708/2007/05/034 and INSPIRE cite it: volume 05, article 034
    assert published_in("JHEP 0705:034,2007", 2007) == ("JHEP", "05", "034", 2007)
    assert published_in("JHEP 0812:112,2008") == ("JHEP", "12", "112", 2008)
    assert published_in("JCAP 0902:007,2009") == ("JCAP", "02", "007", 2009)
    # the journal's name written out gives the same issue
    for name in ("J. High Energy Phys.", "Journal of High Energy Physics"):
        assert published_in(f"{name} 0705:034,2007") == (name, "05", "034", 2007)
    assert published_in("J. Cosmol. Astropart. Phys. 0902:007,2009")[1] == "02"
    paper = papers()["0704.0015"]
    assert "JHEP, vol. 05, Art. no. 034, 2007, doi:" in format_citation(paper, "ieee").text
    assert "0705" not in format_citation(paper, "bibtex").text


def test_a_monthly_journals_one_number_is_an_article_number() -> None:
    # JHEP numbers each issue's articles: "JHEP 0812:112,2008" (0704.0141) is article
    # 112, no page 112
    paper = papers()["0704.0015"]
    paper = dataclasses.replace(paper, journal="JHEP", venue="JHEP", volume="12", pages="112")
    paper = dataclasses.replace(paper, journal_ref="JHEP 0812:112,2008", year=2008)
    assert "JHEP, vol. 12, Art. no. 112, 2008" in format_citation(paper, "ieee").text


def test_styles_give_no_author_or_title_of_a_reference_as_its_journal() -> None:
    paper = papers()["0704.0002"]
    paper = dataclasses.replace(paper, journal_ref=_SENTENCE.replace("2007", str(paper.year)))
    for fmt in ("apa", "ieee", "chicago", "mla"):
        text = format_citation(paper, fmt).text
        assert "Friedman" not in text and "Order of" not in text, (fmt, text)
    assert "Journal of Nanophotonics, vol. 1, Art. no. 013513, 2007" in (
        format_citation(paper, "ieee").text
    )


def test_a_reference_opening_with_its_author_and_title_is_cited_from_its_journal() -> None:
    # 0704.0067: "L. H. Friedman. Order of epitaxial self-assembled quantum dots: Linear
    # analysis. Journal of Nanophotonics, 1(1):013513, 2007."
    paper = papers()["0704.0067"]
    assert (paper.venue, paper.journal, paper.volume, paper.pages) == (None,) * 4
    apa = format_citation(paper, "apa").text
    assert "Linear Analysis. Journal of Nanophotonics, 1(1):013513, 2007. https://" in apa
    assert apa.count("Friedman") == 1 and "Linear analysis." not in apa
    for fmt in ("ieee", "chicago", "mla"):
        text = format_citation(paper, fmt).text
        assert "Journal of Nanophotonics" in text and text.count("Friedman") == 1, (fmt, text)
    # the note keeps the reference as written, as before
    entry = bibtexparser.parse_string(format_citation(paper, "bibtex").text).entries[0]
    assert entry.fields_dict["note"].value.startswith("L. H. Friedman. Order of epitaxial")
    # venue: finds its journal, not its author
    venue = venue_text(paper)
    assert "Journal of Nanophotonics" in venue and "Friedman" not in venue


def test_authors_listed_before_a_journal_are_no_part_of_it() -> None:
    # 0704.0191: "P. Virnau, L. A. Mirny, M. Kardar, PLoS Comp Biol 2, 1074-1079 (2006)"
    paper = papers()["0704.0002"]
    listed = f"P. Virnau, L. A. Mirny, M. Kardar, PLoS Comp Biol 2, 1074-1079 ({paper.year})"
    paper = dataclasses.replace(paper, journal_ref=listed)
    for fmt in ("apa", "ieee", "chicago", "mla"):
        text = format_citation(paper, fmt).text
        assert "Virnau" not in text and "PLoS Comp Biol" in text, (fmt, text)
    assert "Virnau" not in venue_text(paper)
    note = bibtexparser.parse_string(format_citation(paper, "bibtex").text).entries[0]
    assert note.fields_dict["note"].value == listed  # as written, as before


def test_names_of_journals_are_read() -> None:
    for name in ("Bull. London Math. Soc.", "J. Phys.: Condens. Matter", "npj Quantum Inf."):
        assert names_a_journal(name), name
    assert published_in("eLife 5, e12345 (2016)") == ("eLife", "5", "e12345", 2016)
    assert published_in(
        "Modelling and Simulation in Materials Science and Engineering 15 (2007), 295"
    )


def test_a_reference_in_each_form_is_read() -> None:
    assert published_in("J. Phys. A 40 (2007) 1234-1240", 2007) == (
        "J. Phys. A",
        "40",
        "1234-1240",
        2007,
    )
    assert published_in("Phys.Rev.Lett.98:221801,2007") == (
        "Phys. Rev. Lett.",
        "98",
        "221801",
        2007,
    )
    assert published_in("Astrophys.J.663:1-9,2007", 2007) == ("Astrophys. J.", "663", "1-9", 2007)
    assert published_in("ActaPhys.Polon.B38:2869-2878,2007") == (
        "Acta Phys. Polon. B",
        "38",
        "2869-2878",
        2007,
    )
