"""A name a list writes all in lower case is cited with capitals, as a style writes names.

CoRL 2023's "How to Learn and Generalize From Three Minutes of Data" gives "ufuk topcu"
(in its list and in its BibTeX), ICML 2024's akbarian24a "sujay sanghavi": APA printed
"topcu, u." and the BibTeX entries kept the lower case a style prints as it is. The
fixtures are the verbatim records of the real lists.
"""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import capitalised_name, format_citation, validate_bibtex

FIXTURES = Path(__file__).parent / "fixtures" / "citations" / "lower_case_names"


def only_paper(name: str) -> tuple[Paper, object]:
    library = load_library([FIXTURES / name])
    (paper,) = library.papers
    return paper, library


def bibtex_authors(text: str) -> str:
    assert validate_bibtex(text) == []
    entry = bibtexparser.parse_string(text).entries[0]
    return entry.fields_dict["author"].value


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_copied_entrys_lower_case_name_is_capitalised(fmt: str) -> None:
    paper, library = only_paper("papercopilot_corl2023_slice.json")
    assert "ufuk topcu" in paper.authors  # the list's data stays as written
    text = format_citation(paper, fmt, library=library).text
    assert bibtex_authors(text) == "Franck Djeumou and Cyrus Neary and Ufuk Topcu"
    assert "djeumou2023how" in text  # the rest of the entry as the list gives it


def test_styles_name_the_author_with_capitals() -> None:
    paper, library = only_paper("papercopilot_corl2023_slice.json")
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Djeumou, F., Neary, C., & Topcu, U. (2023).")
    mla = format_citation(paper, "mla", library=library).text
    assert mla.startswith("Djeumou, Franck, et al.")
    paper, library = only_paper("icml2024_slice.jsonl")
    assert "Sanghavi, S., & Ho, N. (2024)" in format_citation(paper, "apa", library=library).text
    assert "Sanghavi, Sujay and Ho, Nhat" in bibtex_authors(format_citation(paper).text)


@pytest.mark.parametrize(
    ("written", "cited"),
    [
        ("yann lecun", "Yann Lecun"),
        ("huang, win-bin", "Huang, Win-Bin"),
        ("jae-joon kim", "Jae-Joon Kim"),
        ("jan van der berg", "Jan van der Berg"),
        ("van der berg, jan", "van der Berg, Jan"),
        ("oord, aaron van den", "Oord, Aaron van den"),
        ("maría de la cruz", "María de la Cruz"),
        # a particle's word as the family or given name itself is a name
        ("quoc v. le", "Quoc V. Le"),
        ("wei du", "Wei Du"),
        ("de, wei", "De, Wei"),
        ("neal j. evans ii", "Neal J. Evans II"),
        ("sean o'brien", "Sean O'Brien"),
        ("ann d'souza", "Ann D'Souza"),
        # the particles BibTeX reads only in lower case stay so, and the name splits as
        # before ("al Mamun" its family name)
        ("abdullah al mamun", "Abdullah al Mamun"),
        ("joão da silva", "João da Silva"),
        # a numeral ends a name, it never begins one
        ("vi tran", "Vi Tran"),
        ("john smith iii", "John Smith III"),
        # a name with any capital is the author's own spelling
        ("Yann LeCun", "Yann LeCun"),
        ("danah Boyd", "danah Boyd"),
        ("Ludwig von Mises", "Ludwig von Mises"),
        # braces, LaTeX commands and "et al." are not a name to mend
        ("{the babar collaboration}", "{the babar collaboration}"),
        ("\\emph{jose} silva", "\\emph{jose} silva"),
        # TeX's accents are a name's letters, kept as written
        ("jos{\\'e} silva", "Jos{\\'e} Silva"),
        ("et al.", "et al."),
        # BibLaTeX's extended format names its parts, in lower case: as written
        ("family=oord, given=aaron, prefix=van den", "family=oord, given=aaron, prefix=van den"),
    ],
)
def test_a_lower_case_name_takes_capitals_and_keeps_its_particles(written: str, cited: str) -> None:
    assert capitalised_name(written) == cited


def test_a_name_with_capitals_in_a_copied_entry_is_as_written(tmp_path: Path) -> None:
    bib = tmp_path / "list.bib"
    bib.write_text(
        "@article{a, title = {T}, author = {danah boyd and {the h1 collaboration}"
        " and Ludwig von Mises and de Vries, Jan}, journal = {J}, year = {2020}}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    authors = bibtex_authors(format_citation(paper, library=library).text)
    assert authors == "Danah Boyd and {the h1 collaboration} and Ludwig von Mises and de Vries, Jan"


def test_a_lower_case_name_keeps_the_key_it_had(tmp_path: Path) -> None:
    # capitals must not change where the family name begins: the key a document
    # already cites (almamun2023graph) stays
    jsonl = tmp_path / "list.jsonl"
    jsonl.write_text(
        '{"title": "Graph learning", "authors": ["abdullah al mamun", "jo\\u00e3o da silva"],'
        ' "year": 2023, "abstract": "We learn graphs."}\n',
        encoding="utf-8",
    )
    paper, library = only_paper_at(jsonl)
    citation = format_citation(paper, "bibtex", library=library)
    assert citation.key == "almamun2023graph"
    assert bibtex_authors(citation.text) == "al Mamun, Abdullah and da Silva, João"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("al Mamun, A., & da Silva, J.")


def only_paper_at(path: Path) -> tuple[Paper, object]:
    library = load_library([path])
    (paper,) = library.papers
    return paper, library
