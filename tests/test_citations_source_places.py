"""The place of publication a BibTeX entry gives in ``address`` and a BibLaTeX entry in
``location`` is cited as a CSL source's ``publisher-place`` is: Chicago's "Berlin,
Heidelberg: Springer", RIS's ``CY``, CSL-JSON's ``publisher-place``, the braces that
protect its capitals (Zotero's ``New York, {NY}, {USA}``) taken off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

FIXTURES = Path(__file__).parent / "fixtures" / "citations" / "dates_places"
BIBLATEX = FIXTURES / "zotero_biblatex_dated_slice.bib"
BETTER_BIBTEX = FIXTURES / "zotero_betterbibtex_dated_slice.bib"


def _cited(path: Path, key: str, fmt: str) -> str:
    library = load_library([path])
    paper = next(p for p in library.papers if p.source_entry and p.source_entry.key == key)
    return format_citation(paper, fmt, library=library).text


def _item(text: str) -> dict[str, object]:
    (item,) = json.loads(text)
    assert isinstance(item, dict)
    return item


def test_a_bibtex_address_is_the_books_place() -> None:
    key = "bessierePrinciplesPracticeConstraint2007"
    chicago = _cited(BETTER_BIBTEX, key, "chicago")
    assert (
        "2007. Proceedings. Lecture Notes in Computer Science 4741. Berlin, Heidelberg: "
        "Springer. https://doi.org/"
    ) in chicago
    ieee = _cited(BETTER_BIBTEX, key, "ieee")
    assert (
        "2007. Proceedings, ser. Lecture Notes in Computer Science, vol. 4741. "
        "Berlin, Heidelberg: Springer, 2007, doi:"
    ) in ieee
    assert "PB  - Springer\nCY  - Berlin, Heidelberg\n" in _cited(BETTER_BIBTEX, key, "ris")
    assert _item(_cited(BETTER_BIBTEX, key, "csl-json"))["publisher-place"] == (
        "Berlin, Heidelberg"
    )
    # APA 7 names no place; the BibTeX entry keeps its address as it was
    assert "Berlin" not in _cited(BETTER_BIBTEX, key, "apa")
    assert "\n  address = {Berlin, Heidelberg},\n" in _cited(BETTER_BIBTEX, key, "bibtex")


def test_a_biblatex_location_is_the_place_without_its_braces() -> None:
    key = "tessler_calm_2023"
    ris = _cited(BIBLATEX, key, "ris")
    assert "PB  - Association for Computing Machinery\nCY  - New York, NY, USA\n" in ris
    assert _item(_cited(BIBLATEX, key, "csl-json"))["publisher-place"] == "New York, NY, USA"
    chicago = _cited(BIBLATEX, key, "chicago")
    assert "1\u20139. New York, NY, USA: Association for Computing Machinery. https:" in chicago
    assert "\n  location = {New York, {NY}, {USA}},\n" in _cited(BIBLATEX, key, "biblatex")


def _book(tmp_path: Path, place: str) -> list[str]:
    path = tmp_path / "list.bib"
    path.write_text(
        "@book{b, author = {Doe, Jane}, title = {A Placed Book}, year = {2020},\n"
        f"  publisher = {{Springer}}, {place}}}\n",
        encoding="utf-8",
    )
    library = load_library([path])
    (paper,) = library.papers
    return [format_citation(paper, f, library=library).text for f in ("chicago", "ris", "csl-json")]


@pytest.mark.parametrize(
    ("place", "shown"),
    [
        ("address = {Amsterdam}", "Amsterdam"),
        ("address = {{Cham}}", "Cham"),
        ("location = {Montr\\'{e}al, Qu\\'{e}bec}", "Montréal, Québec"),
        ("location = {Goslar, {DEU}}", "Goslar, DEU"),
        ("address = {Cham}, location = {Berlin}", "Berlin"),
    ],
)
def test_every_place_a_source_writes_is_cited(tmp_path: Path, place: str, shown: str) -> None:
    chicago, ris, csl = _book(tmp_path, place)
    assert f"A Placed Book. {shown}: Springer." in chicago
    assert f"\nCY  - {shown}\n" in ris
    assert _item(csl)["publisher-place"] == shown


@pytest.mark.parametrize("place", ["", "address = {[N.p.]}", "location = {[S.l.]}", "address = {}"])
def test_no_place_is_cited_where_the_source_gives_none(tmp_path: Path, place: str) -> None:
    chicago, ris, csl = _book(tmp_path, place)
    assert "A Placed Book. Springer." in chicago
    assert "\nCY  - " not in ris
    assert "publisher-place" not in _item(csl)


def test_a_bibtex_source_is_placed_as_the_same_csl_source(tmp_path: Path) -> None:
    bib = tmp_path / "list.bib"
    bib.write_text(
        "@book{a, author = {Doe, Jane}, title = {A Placed Book}, year = {2020},\n"
        "  publisher = {Springer}, address = {New York, {NY}}}\n",
        encoding="utf-8",
    )
    csl = tmp_path / "list.json"
    csl.write_text(
        json.dumps(
            [
                {
                    "id": "a",
                    "type": "book",
                    "title": "A Placed Book",
                    "author": [{"family": "Doe", "given": "Jane"}],
                    "publisher": "Springer",
                    "publisher-place": "New York, NY",
                    "issued": {"date-parts": [[2020]]},
                }
            ]
        ),
        encoding="utf-8",
    )
    for fmt in ("ieee", "chicago", "ris", "csl-json"):
        texts = []
        for path in (bib, csl):
            library = load_library([path])
            (paper,) = library.papers
            texts.append(format_citation(paper, fmt, key="a", library=library).text)
        assert texts[0] == texts[1]
