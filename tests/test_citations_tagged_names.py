"""An author's name a page left tags or footnote marks on is cited as the name alone.

Lists scraped from conference pages give "Min Lee<sup>1</sup>", "Soo Kim<sup>*</sup>",
"Ann Roe<sup>1,2</sup>" and "<b>Jane Doe</b>": BibTeX wrote
``Lee\\textsuperscript{1}, Min`` and ``Doe</b>, <b>Jane``, the key was "leesupsup", and
the comma of "1,2" split "Ann Roe<sup>1" from "2</sup>" as "Family, Given".
"""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

AUTHORS = [
    "Min Lee<sup>1</sup>",
    "Soo Kim<sup>*</sup>",
    "<b>Jane Doe</b>",
    "Ann Roe<sup>1,2</sup>",
    "Bo Li<SUP>†</SUP>",
    "José<sup>a,b</sup> Silva",
    "Wei Chen*",
    "Yu Sun¹,²",
]


@pytest.fixture
def cited(tmp_path: Path):
    record = {
        "title": "Tagged authors in a scraped list",
        "abstract": "We scrape a list.",
        "authors": AUTHORS,
        "venue": "ICLR 2024",
        "year": 2024,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers

    def cite(fmt: str):
        return format_citation(paper, fmt, library=library)

    return cite


def test_bibtex_names_the_authors_without_tags_or_marks(cited) -> None:
    citation = cited("bibtex")
    assert validate_bibtex(citation.text) == []
    assert citation.key == "lee2024tagged"
    authors = bibtexparser.parse_string(citation.text).entries[0].fields_dict["author"].value
    assert authors == (
        "Lee, Min and Kim, Soo and Doe, Jane and Roe, Ann and Li, Bo and Silva, José"
        " and Chen, Wei and Sun, Yu"
    )


@pytest.mark.parametrize("fmt", ["apa", "mla", "markdown", "biblatex"])
def test_no_format_shows_the_tags_or_marks(cited, fmt: str) -> None:
    text = cited(fmt).text
    marks = ("Kim*", "Kim\\*", "Chen*", "Chen\\*", "†", "¹", "1,2", "a,b")
    for left in ("sup", "<", "textsuperscript", *marks):
        assert left not in text, (left, text)


def test_styles_name_each_author_once(cited) -> None:
    apa = cited("apa").text
    assert apa.startswith(
        "Lee, M., Kim, S., Doe, J., Roe, A., Li, B., Silva, J., Chen, W., & Sun, Y. (2024)."
    )


def test_the_editors_of_proceedings_are_cited_as_the_styles_name_them(tmp_path: Path) -> None:
    # BibTeX named the editors as the list wrote them, where APA named them with capitals
    record = {
        "title": "Edited volume paper",
        "abstract": "We edit a volume.",
        "authors": ["Jane Doe"],
        "editors": ["JOHN SMITH", "mary roe<sup>1</sup>"],
        "venue": "Proceedings of the Workshop on Things",
        "year": 2021,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    editors = bibtexparser.parse_string(text).entries[0].fields_dict["editor"].value
    assert editors == "Smith, John and Roe, Mary"
    apa = format_citation(paper, "apa", library=library).text
    assert "In J. Smith & M. Roe (Eds.), Proceedings of the Workshop on Things." in apa


def test_affiliation_numbers_written_onto_names_are_no_part_of_them(tmp_path: Path) -> None:
    """ "Alice Smith1", "Bob Jones2*", "Carol White1,2" (not raised): BibTeX wrote
    "Smith1, Alice" and "Carol White1, 2", its comma read as "Family, Given"."""
    record = {
        "title": "Numbered authors in a scraped list",
        "abstract": "We scrape a list.",
        "authors": ["Alice Smith1", "Bob Jones2*", "Carol White1,2", "Artoo D2"],
        "year": 2024,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    entry = format_citation(paper, "bibtex", library=library).text
    authors = bibtexparser.parse_string(entry).entries[0].fields_dict["author"].value
    assert authors == "Smith, Alice and Jones, Bob and White, Carol and D2, Artoo"
    apa = format_citation(paper, "apa", library=library).text
    assert apa.startswith("Smith, A., Jones, B., White, C., & D2, A. (2024).")
