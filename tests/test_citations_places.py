"""A book's place of publication is cited only where it names one: Zotero takes a
library catalogue's "no place" (``[N.p.]``, ``[S.l.]``) for the place, as in the
Biere Handbook entry of the real Better BibTeX export, and BibTeX styles would print it
as a city ("[N.p.]: IOS Press")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

#: the Better BibTeX entry of the real export, its place as the test gives it
ENTRY = """@book{{biere{n},
  title = {{Handbook of {{{{Satisfiability}}}} : {{{{Second Edition}}}} {n}}},
  author = {{{{A. Biere}} and {{M. Heule}} and {{H. van Maaren}}}},
  year = {{2021}},
  publisher = {{IOS Press}},
  address = {{{place}}},
  isbn = {{978-1-64368-160-3}}
}}
"""


def _cited(tmp_path: Path, place: str, fmt: str) -> str:
    bib = tmp_path / "zotero.bib"
    bib.write_text(ENTRY.format(n=1, place=place), encoding="utf-8")
    library = load_library([bib])
    (paper,) = library.papers
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    return text


@pytest.mark.parametrize(
    "place",
    ["[N.p.]", "N.p.", "[n.p.]", "[S.l.]", "s.l.", "[Place of publication not identified]"],
)
@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_no_place_is_not_cited_as_a_place(tmp_path: Path, place: str, fmt: str) -> None:
    text = _cited(tmp_path, place, fmt)
    assert "address" not in text and "location" not in text
    assert "publisher = {IOS Press}" in text


@pytest.mark.parametrize(("fmt", "field"), [("bibtex", "address"), ("biblatex", "location")])
def test_a_place_is_cited(tmp_path: Path, fmt: str, field: str) -> None:
    for place in ("Amsterdam", "[Amsterdam]", "Nápoles"):
        assert f"  {field} = {{{place}}}" in _cited(tmp_path, place, fmt)


#: the same book as a RIS record gives it, without a source entry to cite from
RIS = """TY  - BOOK
TI  - Handbook of Satisfiability
AU  - Biere, A.
PY  - 2021
PB  - {publisher}
CY  - Amsterdam
ER  - 
"""


@pytest.mark.parametrize("publisher", ["[s.n.]", "[S.n.]", "s.n.", "[publisher not identified]"])
@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "apa", "mla"])
def test_no_publisher_is_not_cited_as_a_publisher(tmp_path: Path, publisher: str, fmt: str) -> None:
    for name, text in (
        ("zotero.bib", ENTRY.replace("{{IOS Press}}", "{{" + publisher + "}}")),
        ("zotero.ris", RIS.format(publisher=publisher)),
    ):
        path = tmp_path / name
        path.write_text(text.format(n=1, place="Amsterdam"), encoding="utf-8")
        library = load_library([path])
        (paper,) = library.papers
        cited = format_citation(paper, fmt, library=library).text
        assert publisher.lower() not in cited.lower(), (name, cited)
        assert "publisher =" not in cited
        assert "2021" in cited and "Satisfiability" in cited


@pytest.mark.parametrize("fmt", ["bibtex", "apa", "mla"])
def test_a_publisher_named_like_one_is_cited(tmp_path: Path, fmt: str) -> None:
    """Only the whole value says "no publisher": a press whose name holds the letters is one."""
    bib = tmp_path / "zotero.bib"
    entry = ENTRY.replace("{{IOS Press}}", "{{S.N. Press}}")
    bib.write_text(entry.format(n=1, place="Amsterdam"), encoding="utf-8")
    library = load_library([bib])
    (paper,) = library.papers
    assert "S.N. Press" in format_citation(paper, fmt, library=library).text


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "apa", "mla"])
def test_a_report_of_no_institution_names_none(tmp_path: Path, fmt: str) -> None:
    """A report's institution is who published it: "[s.n.]" there is no one either."""
    bib = tmp_path / "report.bib"
    bib.write_text(
        "@techreport{doe2020, title = {A Report on Reports}, author = {Doe, Jane},\n"
        "  year = {2020}, institution = {[s.n.]}, number = {7}}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    cited = format_citation(paper, fmt, library=library).text
    assert "s.n." not in cited and "A Report on Reports" in cited


@pytest.mark.parametrize(("fmt", "field"), [("bibtex", "address"), ("biblatex", "location")])
def test_a_ris_records_place_is_cited(tmp_path: Path, fmt: str, field: str) -> None:
    """RIS gives the place as ``CY``: it was left out, where the .bib of the same book
    cited it ("Amsterdam: IOS Press")."""
    path = tmp_path / "zotero.ris"
    conference = (
        "TY  - CONF\nTI  - A paper at a meeting\nAU  - Doe, Jane\nPY  - 2020\n"
        "T2  - Proceedings of the Meeting\nPB  - ACM\nCY  - New York, NY, USA\nER  - \n"
    )
    article = "TY  - JOUR\nTI  - A paper in a journal\nAU  - Roe, Ann\nPY  - 2020\n"
    article += "T2  - Journal of Things\nCY  - London\nER  - \n"
    path.write_text("\n".join((RIS.format(publisher="IOS Press"), conference, article)))
    library = load_library([path])
    cited = {
        paper.title: format_citation(paper, fmt, library=library).text for paper in library.papers
    }
    assert all(validate_bibtex(text) == [] for text in cited.values())
    assert f"  {field} = {{Amsterdam}}" in cited["Handbook of Satisfiability"]
    assert f"  {field} = {{New York, NY, USA}}" in cited["A paper at a meeting"]
    # a journal's place is no part of an article's citation
    assert field not in cited["A paper in a journal"]


@pytest.mark.parametrize("place", ["[S.l.]", "[Place of publication not identified]"])
def test_a_ris_records_no_place_is_not_cited(tmp_path: Path, place: str) -> None:
    path = tmp_path / "zotero.ris"
    path.write_text(RIS.format(publisher="IOS Press").replace("Amsterdam", place))
    library = load_library([path])
    (paper,) = library.papers
    for fmt in ("bibtex", "biblatex"):
        text = format_citation(paper, fmt, library=library).text
        assert "address" not in text and "location" not in text and "IOS Press" in text


#: two items of the real Zotero Better CSL JSON export, as it gives them
CSL = [
    {
        "id": "abbottUnderstandingAnalysis2015",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "citation-key": "abbottUnderstandingAnalysis2015",
        "collection-title": "Undergraduate Texts in Mathematics",
        "edition": "2",
        "event-place": "New York",
        "ISBN": "978-1-4939-2711-1",
        "issued": {"date-parts": [[2015]]},
        "language": "en",
        "publisher": "Springer-Verlag",
        "publisher-place": "New York",
        "source": "www.springer.com",
        "title": "Understanding Analysis",
        "type": "book",
        "URL": "https://www.springer.com/us/book/9781493927111",
    },
    {
        "id": "brinAnatomyLargeScaleHypertextual1998",
        "author": [{"family": "Brin", "given": "S."}, {"family": "Page", "given": "L."}],
        "citation-key": "brinAnatomyLargeScaleHypertextual1998",
        "event-place": "Brisbane, Australia",
        "event-title": "Seventh International World-Wide Web Conference (WWW 1998)",
        "issued": {"date-parts": [[1998]]},
        "publisher-place": "Brisbane, Australia",
        "title": "The Anatomy of a Large-Scale Hypertextual Web Search Engine",
        "type": "paper-conference",
        "URL": "http://ilpubs.stanford.edu:8090/361/",
    },
]


@pytest.mark.parametrize(("fmt", "field"), [("bibtex", "address"), ("biblatex", "location")])
def test_a_csl_items_place_is_cited(tmp_path: Path, fmt: str, field: str) -> None:
    """CSL gives the place as ``publisher-place``: it was left out."""
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps(CSL), encoding="utf-8")
    library = load_library([path])
    cited = {
        paper.title: format_citation(paper, fmt, library=library).text for paper in library.papers
    }
    assert all(validate_bibtex(text) == [] for text in cited.values())
    book = cited["Understanding Analysis"]
    assert f"  publisher = {{Springer-Verlag}},\n  {field} = {{New York}},\n" in book
    paper = cited["The Anatomy of a Large-Scale Hypertextual Web Search Engine"]
    assert f"  {field} = {{Brisbane, Australia}}" in paper
