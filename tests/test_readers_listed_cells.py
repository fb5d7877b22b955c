"""A column of lists as pandas' ``to_csv`` writes it: each cell the list's Python text,
``"['John Smith', 'Anna Doe']"`` (or JSON's, ``["A", "B"]``), and the same text as a
JSON Lines field's string. The cell was split on its commas as names are: ``show``
printed the authors ``['John Smith'`` and ``'Anna Doe']``, APA cited "Smith', J., &
Doe'], A.", and the keywords were ``['deep learning'`` and ``'graphs']``. Such a cell is
read as the list it is, as text (nothing in it is run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.common import listed_strings
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation

TABLES = Path(__file__).parent / "fixtures" / "tables"

EXPECTED = [
    ("A Study of Things", ("John Smith", "Anna Doe"), ("deep learning", "graphs")),
    ("Another Study", ("Bo Li", "Ann Lee"), ("x", "y")),
    (
        "Names With Quotes",
        ("Seán O'Brien", "Zoë Li", 'Ann "Nan" O\'Hara', "Jane Smith"),
        ("a; b", "c"),
    ),
    ("No Authors Given", (), ()),
]


@pytest.mark.parametrize("name", ["pandas_lists.csv", "pandas_lists.jsonl"])
def test_a_list_written_out_in_a_cell_is_its_items(name: str) -> None:
    result = read_file(TABLES / name)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    assert [(r.title, r.authors, r.keywords) for r in result.records] == EXPECTED


def test_apa_cites_the_names_of_the_list() -> None:
    library = load_library([TABLES / "pandas_lists.csv"])
    paper = next(p for p in library.papers if p.title == "A Study of Things")
    assert format_citation(paper, "apa").text.startswith("Smith, J., & Doe, A. (n.d.).")


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("['A B', 'C D']", ["A B", "C D"]),
        ('["A B", "C D"]', ["A B", "C D"]),
        ("[ 'A' , ]", ["A"]),
        ("[]", []),
        ("['Ren\\xe9 Li', 'tab\\there']", ["René Li", "tab\there"]),
        ('["Ren\\u00e9 Li"]', ["René Li"]),
    ],
)
def test_a_list_of_quoted_strings_is_read(text: str, items: list[str]) -> None:
    assert listed_strings(text) == items


@pytest.mark.parametrize(
    "text",
    [
        "A B, C D",
        "[A B, C D]",  # no quotes: not a list written out
        "['A B', C]",
        "['A B'] and more",
        "[__import__('os').system('true')]",
        "['A', 1]",
    ],
)
def test_any_other_text_is_no_list(text: str) -> None:
    assert listed_strings(text) is None
