"""A database's keywords are cited as BibLaTeX and reference managers read them:
Web of Science and Scopus write ``;`` between them (``Keywords = {ranking;
imbalance}``), but keywords are split at commas only, so "ranking; imbalance" was one
keyword in every citation made of such an entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

WOS = Path(__file__).parent / "fixtures" / "citations" / "bookkeeping" / "wos_full_record.bib"


def _keywords(text: str) -> list[str]:
    """The keywords of a citation's ``keywords`` field as biber splits them: at the
    commas outside braces."""
    found = re.search(r"^  keywords = \{(.*)\},?$", text, re.MULTILINE)
    assert found is not None, text
    words, depth, start = [], 0, 0
    value = found.group(1)
    for at, char in enumerate(value):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            words.append(value[start:at].strip())
            start = at + 1
    return [*words, value[start:].strip()]


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_web_of_sciences_keywords_are_cited_one_by_one(fmt: str) -> None:
    library = load_library([WOS])
    (paper,) = library.papers
    assert paper.keywords == ("ranking", "imbalance")
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    assert _keywords(text) == ["ranking", "imbalance"]


def test_a_keyword_holding_a_comma_stays_one(tmp_path: Path) -> None:
    bib = tmp_path / "scopus.bib"
    bib.write_text(
        "@ARTICLE{Doe2021,\n"
        "  author = {Doe, J.},\n"
        "  title = {Ranking under imbalance},\n"
        "  journal = {Machine Learning},\n"
        "  year = {2021},\n"
        "  keywords = {Learning, machine; {Ranking; imbalanced}; Sampling},\n"
        "  source = {Scopus}\n"
        "}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    text = format_citation(paper, "biblatex", library=library).text
    assert _keywords(text) == ["{Learning, machine}", "{Ranking; imbalanced}", "Sampling"]


def test_keywords_with_commas_are_kept_as_written(tmp_path: Path) -> None:
    bib = tmp_path / "zotero.bib"
    bib.write_text(
        "@article{doe2021,\n  title = {Ranking under imbalance},\n  author = {Doe, Jane},\n"
        "  year = {2021},\n  keywords = {Computer algorithms--Congresses,ranking}\n}\n",
        encoding="utf-8",
    )
    library = load_library([bib])
    (paper,) = library.papers
    text = format_citation(paper, "bibtex", library=library).text
    assert "  keywords = {Computer algorithms--Congresses,ranking}" in text
