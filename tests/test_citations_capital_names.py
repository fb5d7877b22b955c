"""A name a list writes in capitals is cited as names are written.

ICML 2024's list gives "AJAY KUMAR JAISWAL" and "Zhangheng LI", its PMLR BibTeX
"JAISWAL, AJAY KUMAR" and "BOUNOUA, Mustapha": the styles printed "JAISWAL, A. K." and
the BibTeX entries kept the capitals a style prints as they are. A name in capitals takes
the capitals a lower-case name takes (particles in lower case, initials and numerals as
written); a family name shouted beside given names that are not, likewise. The citation
key stays the one the name gave before.
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import capitalised_name, format_citation, validate_bibtex


@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ("AJAY KUMAR JAISWAL", "Ajay Kumar Jaiswal"),
        ("JAISWAL, AJAY KUMAR", "Jaiswal, Ajay Kumar"),
        ("VAN DER BERG, JAN", "van der Berg, Jan"),
        ("JAN VAN DER BERG", "Jan van der Berg"),
        ("OORD, AARON VAN DEN", "Oord, Aaron van den"),
        ("MARÍA DE LA CRUZ", "María de la Cruz"),
        ("SEAN O'BRIEN", "Sean O'Brien"),
        ("D'ALEMBERT, JEAN", "D'Alembert, Jean"),
        ("JEAN-MARC LE GALL", "Jean-Marc Le Gall"),
        # initials and numerals stay as written; a family name has no initials ("NG")
        ("J. R. R. TOLKIEN", "J. R. R. Tolkien"),
        ("J.R.R. TOLKIEN", "J.R.R. Tolkien"),
        ("TOLKIEN, JRR", "Tolkien, JRR"),
        ("ANDREW Y. NG", "Andrew Y. Ng"),
        ("NEAL J. EVANS II", "Neal J. Evans II"),
        ("SMITH, JR., JOHN", "Smith, Jr., John"),
        ("JOHN SMITH JR.", "John Smith Jr."),
        # no family name before the comma: the given names still read
        (", JAN SMITH", ", Jan Smith"),
        # a particle BibTeX reads only in lower case is a given name in capitals: the
        # family name is "Peng", as before
        ("XUE BIN PENG", "Xue Bin Peng"),
        # a family name in capitals beside given names that are not
        ("Jan VAN DER BERG", "Jan van der Berg"),
        ("Zhangheng LI", "Zhangheng Li"),
        ("Fei YE", "Fei Ye"),
        ("BOUNOUA, Mustapha", "Bounoua, Mustapha"),
        ("LI, Zhangheng", "Li, Zhangheng"),
        ("Justin C. I. CHUANG", "Justin C. I. Chuang"),
        # capitals that are no shouted name stay as written
        ("Yann LeCun", "Yann LeCun"),
        ("AJ Smith", "AJ Smith"),
        ("Smith AJ", "Smith AJ"),
        ("Meta AI", "Meta AI"),
        ("IBM Research", "IBM Research"),
        ("OPENAI Research", "OPENAI Research"),
        # a family name in capitals put before given names that are not
        ("ZHANG Wei", "Zhang, Wei"),
        ("LI Wei", "Li, Wei"),
        ("ZHANG Wei-Min", "Zhang, Wei-Min"),
        ("DE LA CRUZ María", "de la Cruz, María"),
        ("Wei ZHANG", "Wei Zhang"),
        # ... or before its initials, each with its full stop ("ZHANG W." was cited
        # "W., Z.": its family name taken for a given name)
        ("ZHANG W.", "Zhang, W."),
        ("LI X. Y.", "Li, X. Y."),
        ("ZHANG X.Y.", "Zhang, X.Y."),
        ("DE LA CRUZ M.", "de la Cruz, M."),
        # a letter without a full stop may be a family name's initial, as ICML writes
        # "Siddharth N": the name's order is as written
        ("Siddharth N", "Siddharth N"),
        ("SIDDHARTH N", "Siddharth N"),
        # a form's "first name unknown" is no family name (ICML 2024's "FNU Hairi")
        ("FNU Hairi", "FNU Hairi"),
        # an organisation's acronym before its name's other words is no family name
        ("NASA Ames", "NASA Ames"),
        ("IBM Watson", "IBM Watson"),
        ("MIT Lincoln", "MIT Lincoln"),
        ("CERN Geneva", "CERN Geneva"),
        ("ETH Zurich", "ETH Zurich"),
        ("IIIS Song Zuo", "IIIS Song Zuo"),
        ("LI Ames", "LI Ames"),
        ("LIU Yang", "Liu, Yang"),
        ("KIM Min-Jun", "Kim, Min-Jun"),
        ("ITO Hiroshi", "Ito, Hiroshi"),
        ("ONG Wei", "Ong, Wei"),
        # an organisation's name in capitals, whole or in part, is as written
        ("NASA AMES", "NASA AMES"),
        ("IBM RESEARCH", "IBM RESEARCH"),
        ("KAIST AI", "KAIST AI"),
        ("MIT CSAIL", "MIT CSAIL"),
        ("Google DEEPMIND", "Google DEEPMIND"),
        ("Intel LABS", "Intel LABS"),
        # an organisation's acronym after its name stays in capitals ("Meta Fair")
        ("Meta FAIR", "Meta FAIR"),
        ("Microsoft GSL", "Microsoft GSL"),
        ("Huawei SHEN", "Huawei Shen"),  # a given name, as an organisation's too
        ("JOHN AMES", "John Ames"),
        ("JAMES WATSON", "James Watson"),
        ("NVIDIA", "NVIDIA"),
        ("ATLAS COLLABORATION", "ATLAS COLLABORATION"),
        ("{JAISWAL}, AJAY", "{JAISWAL}, AJAY"),
    ],
)
def test_a_name_in_capitals_takes_the_capitals_of_a_name(written: str, cited: str) -> None:
    assert capitalised_name(written) == cited


def _only(tmp_path: Path, text: str, name: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return paper, library


def test_styles_cite_names_in_capitals_as_names(tmp_path: Path) -> None:
    record = {
        "title": "Sparse training of large models",
        "abstract": "We train sparse models.",
        "authors": ["AJAY KUMAR JAISWAL", "VAN DER BERG, JAN", "Zhangheng LI"],
        "venue": "ICML 2024",
        "year": 2024,
    }
    paper, library = _only(tmp_path, json.dumps(record) + "\n", "list.jsonl")
    citation = format_citation(paper, "bibtex", library=library)
    assert validate_bibtex(citation.text) == []
    entry = bibtexparser.parse_string(citation.text).entries[0]
    assert entry.fields_dict["author"].value == (
        "Jaiswal, Ajay Kumar and van der Berg, Jan and Li, Zhangheng"
    )
    assert citation.key == "jaiswal2024sparse"  # the key the name gave before
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Jaiswal, A. K., van der Berg, J., & Li, Z. (2024).")
    mla = format_citation(paper, "mla", library=library).text
    assert mla.startswith("Jaiswal, Ajay Kumar, et al.")
    markdown = format_citation(paper, "markdown", library=library).text
    assert "Ajay Kumar Jaiswal, Jan van der Berg, Zhangheng Li" in markdown


def test_a_copied_entrys_names_in_capitals_are_cited_as_names(tmp_path: Path) -> None:
    bib = (
        "@InProceedings{pmlr-v235-bounoua24a,\n"
        "  title = {Score-based Information Estimation},\n"
        "  author = {BOUNOUA, Mustapha and Franzese, Giulio and MICHIARDI, PIETRO},\n"
        "  booktitle = {Proceedings of the 41st International Conference on Machine Learning},\n"
        "  year = {2024}\n}\n"
    )
    paper, library = _only(tmp_path, bib, "list.bib")
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, library=library).text
        entry = bibtexparser.parse_string(text).entries[0]
        authors = entry.fields_dict["author"].value
        assert authors == "Bounoua, Mustapha and Franzese, Giulio and Michiardi, Pietro"
        assert "pmlr-v235-bounoua24a" in text


def test_a_groups_name_in_capitals_is_one_name(tmp_path: Path) -> None:
    # "GEMINI TEAM" was cited as a person, "TEAM, G.", where "Gemini Team" is one name
    record = {
        "title": "A report by a team",
        "abstract": "We report.",
        "authors": ["GEMINI TEAM", "ATLAS COLLABORATION"],
        "year": 2024,
    }
    paper, library = _only(tmp_path, json.dumps(record) + "\n", "list.jsonl")
    citation = format_citation(paper, "bibtex", library=library)
    assert "author = {{GEMINI TEAM} and {ATLAS COLLABORATION}}" in citation.text
    assert citation.key == "gemini2024report"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("GEMINI TEAM, & ATLAS COLLABORATION. (2024).")


def test_a_family_name_in_capitals_put_first_is_cited_as_the_family_name(
    tmp_path: Path,
) -> None:
    # "ZHANG Wei" was cited with "ZHANG" for the given name: "Wei, Z."
    record = {
        "title": "Sparse training of large models",
        "abstract": "We train sparse models.",
        "authors": ["ZHANG Wei", "Wei ZHANG", "GEMINI TEAM"],
        "year": 2024,
    }
    paper, library = _only(tmp_path, json.dumps(record) + "\n", "list.jsonl")
    citation = format_citation(paper, "bibtex", library=library)
    assert validate_bibtex(citation.text) == []
    entry = bibtexparser.parse_string(citation.text).entries[0]
    assert entry.fields_dict["author"].value == "Zhang, Wei and Zhang, Wei and {GEMINI TEAM}"
    assert citation.key == "zhang2024sparse"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Zhang, W., Zhang, W., & GEMINI TEAM. (2024).")
    markdown = format_citation(paper, "markdown", library=library).text
    assert "Wei Zhang, Wei Zhang, GEMINI TEAM" in markdown


def test_an_organisations_acronym_before_a_word_is_no_family_name(tmp_path: Path) -> None:
    # "NASA Ames" was cited as a person, "Nasa, Ames" ("Nasa, A." in APA); NeurIPS
    # 2017's "IIIS Song Zuo" as "Iiis, Song Zuo"
    record = {
        "title": "Flight data of a small aircraft",
        "abstract": "We fly.",
        "authors": ["NASA Ames", "IIIS Song Zuo", "ZHANG Wei"],
        "year": 2020,
    }
    paper, library = _only(tmp_path, json.dumps(record) + "\n", "list.jsonl")
    citation = format_citation(paper, "bibtex", library=library)
    entry = bibtexparser.parse_string(citation.text).entries[0]
    # as before the family name put first was read: the name's last word its family name
    assert entry.fields_dict["author"].value == "Ames, NASA and Zuo, IIIS Song and Zhang, Wei"
    apa = format_citation(paper, "apa", library=library).text
    assert "Nasa" not in apa and "Iiis" not in apa
    assert apa.startswith("Ames, N., Zuo, I. S., & Zhang, W. (2020).")


def test_a_family_name_in_capitals_before_initials_is_cited_first() -> None:
    from tuireader.model import Paper

    paper = Paper(id="z", title="T", abstract="", authors=("ZHANG W.", "LI X. Y."), year=2020)
    assert format_citation(paper, "apa").text.startswith("Zhang, W., & Li, X. Y. (2020).")
    assert format_citation(paper, "ieee").text.startswith("W. Zhang and X. Y. Li, ")
    assert "author = {Zhang, W. and Li, X. Y.}" in format_citation(paper, "bibtex").text
