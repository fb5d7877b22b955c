"""Which words of an abstract are shaped as names, told quickly and as the rule says.

``citations._name_shaped`` is asked of every word of every abstract a BibTeX export
cites; it tells a word in lower case, or one without a hyphen, without splitting it.
These tests hold it to the rule it stands for (every part between hyphens a capital,
then lower case) on the words of real lists' abstracts and on words at its edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import _PROSE_TOKEN, _name_shaped

HERE = Path(__file__).parent / "fixtures"
LISTS = (
    HERE / "export_roundtrip" / "icml2024_slice.jsonl",
    HERE / "formats" / "papercopilot_corl2023_slice.json",
    HERE / "formats" / "arxiv_kaggle_slice.jsonl",
)
EDGES = [
    "",
    "-",
    "--",
    "-A",
    "A-",
    "A",
    "a",
    "AB",
    "Ab",
    "aB",
    "Fokker-Planck",
    "Fokker-planck",
    "fokker-Planck",
    "Ab-Cd-Ef",
    "Ab--Cd",
    "A-B",
    "Gaussian's",
    "Newton\u2019s",
    "H2",
    "Éric",
    "İstanbul",
    "\u01c5ungla",  # a titlecase letter first: no capital
    "Σίσυφος",
    "ß",
    "Straße",
    "McDonald",
]


def _rule(word: str) -> bool:
    return all(
        part.isalpha() and part[0].isupper() and (part[1:].islower() or not part[1:])
        for part in word.split("-")
    )


@pytest.mark.parametrize("word", EDGES)
def test_a_word_at_the_edges_is_name_shaped_as_the_rule_says(word):
    assert _name_shaped(word) == _rule(word)


def test_every_word_of_real_abstracts_is_name_shaped_as_the_rule_says():
    words = {
        word
        for path in LISTS
        for paper in load_library([path]).papers
        for word in _PROSE_TOKEN.findall(paper.abstract + " " + paper.title)
    }
    shaped = {word for word in words if _rule(word)}
    assert len(words) > 1000 and shaped and any("-" in word for word in shaped)
    assert {word for word in words if _name_shaped(word)} == shaped
