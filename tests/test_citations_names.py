"""Authors' names as the source splits them, and CSL-JSON citation keys, in citations."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser

from tuireader.ingest.formats.bibtex import parse_bibtex
from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import cite_keys, format_citation, name_parts

BIB = r"""@inproceedings{peng2018deepmimic,
  title = {DeepMimic},
  author = {Peng, Xue Bin and Bin Peng, Xue and Xi Chen, OpenAI and de la Cruz, Jr, Ana},
  booktitle = {SIGGRAPH},
  year = {2018}
}
"""


def bib_paper(tmp_path: Path) -> Paper:
    path = tmp_path / "list.bib"
    path.write_text(BIB, encoding="utf-8")
    (record,) = parse_bibtex(BIB, path).records
    # the record's authors are "Given Family" strings; the split is only in the source
    assert record.authors[0] == "Xue Bin Peng"
    return Paper(
        id="p1",
        title=record.title or "",
        abstract="",
        authors=record.authors,
        year=record.year,
        source_entry=record.source_entry,
        booktitle=record.booktitle,
    )


def test_a_bibtex_split_is_kept_in_every_format(tmp_path: Path) -> None:
    paper = bib_paper(tmp_path)
    apa = format_citation(paper, "apa").text
    assert apa.startswith("Peng, X. B., Bin Peng, X., Xi Chen, O., & de la Cruz, A., Jr. (2018).")
    mla = format_citation(paper, "mla").text
    assert mla.startswith("Peng, Xue Bin, et al.")
    # a paper without its own author list takes the source's, split the same way
    bare = Paper(id="p2", title="DeepMimic", abstract="", source_entry=paper.source_entry)
    assert format_citation(bare, "apa").text.startswith("Peng, X. B., Bin Peng, X.")


def test_a_plain_name_takes_a_capitalised_bin_as_a_given_name() -> None:
    assert name_parts("Xue Bin Peng") == ("Xue Bin", "Peng", "")
    assert name_parts("Ahmad bin Said") == ("Ahmad", "bin Said", "")
    assert name_parts("Christopher De Sa") == ("Christopher", "De Sa", "")
    paper = Paper(id="p", title="T", abstract="", authors=("Xue Bin Peng",), year=2023)
    assert format_citation(paper, "apa").text.startswith("Peng, X. B. (2023).")
    assert format_citation(paper, "mla").text.startswith("Peng, Xue Bin.")


CSL = [
    {
        "id": "abbottUnderstandingAnalysis2015",
        "citation-key": "abbottUnderstandingAnalysis2015",
        "type": "book",
        "title": "Understanding Analysis",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "issued": {"date-parts": [[2015]]},
    },
    {
        "id": "http://zotero.org/users/1/items/ABCD",
        "citation-key": "luxburgTutorial2007",
        "type": "article-journal",
        "title": "A Tutorial on Spectral Clustering",
        "author": [
            {"family": "Luxburg", "given": "Ulrike", "non-dropping-particle": "von"},
            {"family": "Peng", "given": "Xue Bin"},
            {"family": "Zubicaray", "given": "Greig I.", "dropping-particle": "de"},
            {"literal": "The Open Consortium"},
        ],
        "container-title": "Statistics and Computing",
        "issued": {"date-parts": [[2007]]},
    },
    {
        "id": "stein2003",
        "type": "book",
        "title": "Fourier Analysis",
        "author": [{"family": "Stein", "given": "Elias M."}],
        "issued": {"date-parts": [[2003]]},
    },
    {
        "id": "http://zotero.org/users/1/items/EFGH",
        "type": "book",
        "title": "Real Analysis",
        "author": [{"family": "Royden", "given": "H. L."}],
        "issued": {"date-parts": [[1988]]},
    },
    {
        "id": 42,
        "type": "book",
        "title": "Measure Theory",
        "author": [{"family": "Halmos", "given": "Paul"}],
        "issued": {"date-parts": [[1950]]},
    },
]


def csl_library(tmp_path: Path):
    path = tmp_path / "library.json"
    path.write_text(json.dumps(CSL), encoding="utf-8")
    library = load_library([path])
    return library, {paper.title: paper for paper in library}


def test_csl_citation_keys_are_the_papers_keys(tmp_path: Path) -> None:
    library, papers = csl_library(tmp_path)
    keys = cite_keys(library.papers, library)
    by_title = {title: keys[paper.id] for title, paper in papers.items()}
    assert by_title["Understanding Analysis"] == "abbottUnderstandingAnalysis2015"
    assert by_title["A Tutorial on Spectral Clustering"] == "luxburgTutorial2007"
    assert by_title["Fourier Analysis"] == "stein2003"  # an id that is a key
    assert by_title["Real Analysis"] == "royden1988real"  # a URL id is not a key
    assert by_title["Measure Theory"] == "halmos1950measure"  # nor is a number
    abbott = papers["Understanding Analysis"]
    assert format_citation(abbott, "pandoc", library=library).text == (
        "[@abbottUnderstandingAnalysis2015]"
    )
    assert format_citation(abbott, "cite").text == r"\cite{abbottUnderstandingAnalysis2015}"
    entry = bibtexparser.parse_string(format_citation(abbott, "bibtex").text).entries[0]
    assert entry.key == "abbottUnderstandingAnalysis2015"


def test_a_generated_key_never_takes_a_csl_key(tmp_path: Path) -> None:
    library, _papers = csl_library(tmp_path)
    taken = Paper(id="zz", title="Real Analysis", abstract="", authors=("H. L. Royden",))
    clash = Paper(id="aa", title="Other", abstract="", authors=("X Y",), cite_key="royden1988real")
    keys = cite_keys([taken, clash, *library.papers])
    assert keys["aa"] == "royden1988real"
    assert keys["zz"] != "royden1988real"


def test_csl_names_keep_their_split_in_every_format(tmp_path: Path) -> None:
    library, papers = csl_library(tmp_path)
    paper = papers["A Tutorial on Spectral Clustering"]
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith(
        "von Luxburg, U., Peng, X. B., de Zubicaray, G. I., & The Open Consortium. (2007)."
    )
    assert format_citation(paper, "mla", library=library).text.startswith(
        "von Luxburg, Ulrike, et al."
    )
    entry = bibtexparser.parse_string(format_citation(paper, "bibtex", library=library).text)
    author = next(f.value for f in entry.entries[0].fields if f.key == "author")
    assert author == (
        "von Luxburg, Ulrike and Peng, Xue Bin and de Zubicaray, Greig I. and {The Open Consortium}"
    )


def test_csl_display_names_keep_both_kinds_of_particle(tmp_path: Path) -> None:
    _library, papers = csl_library(tmp_path)
    paper = papers["A Tutorial on Spectral Clustering"]
    assert paper.authors == (
        "Ulrike von Luxburg",
        "Xue Bin Peng",
        "Greig I. de Zubicaray",
        "The Open Consortium",
    )


def test_a_groups_name_given_whole_is_cited_as_one_name() -> None:
    # arXiv's feeds and spreadsheets give "H1 Collaboration" as they give "Ann Lee": it
    # was cited as a person, "Collaboration, H."
    paper = Paper(
        id="p3",
        title="Multi-Electron Production at High Transverse Momenta",
        abstract="",
        authors=("H1 Collaboration",),
        year=2003,
    )
    assert format_citation(paper, "apa").text.startswith("H1 Collaboration. (2003).")
    assert "author = {{H1 Collaboration}}" in format_citation(paper, "bibtex").text
    assert format_citation(paper, "mla").text.startswith("H1 Collaboration. ")
    team = Paper(
        id="p4", title="Gemini", abstract="", authors=("Gemini Team", "Ann Lee"), year=2023
    )
    assert format_citation(team, "apa").text.startswith("Gemini Team, & Lee, A. (2023).")


def test_a_persons_name_that_ends_in_such_a_word_elsewhere_is_a_persons() -> None:
    paper = Paper(id="p5", title="T", abstract="", authors=("Ann Teamster",), year=2020)
    assert format_citation(paper, "apa").text.startswith("Teamster, A. (2020).")
