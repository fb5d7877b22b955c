"""A BibTeX ``keywords`` value is split where its writer separates the keywords:
reference managers at commas, Web of Science and Scopus at ``;``. In a value written
with ``;`` a keyword may hold a comma ("Learning, machine"), and is one keyword."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library

ENTRY = """@article{{one,
  title = {{Robots that learn}},
  author = {{Doe, Jane}},
  year = {{2020}},
  {field} = {{{keywords}}}
}}
"""


def _keywords(tmp_path: Path, keywords: str, field: str = "keywords") -> tuple[str, ...]:
    bib = tmp_path / "savedrecs.bib"
    bib.write_text(ENTRY.format(field=field, keywords=keywords), encoding="utf-8")
    (paper,) = load_library([bib]).papers
    return paper.keywords


@pytest.mark.parametrize("field", ["keywords", "author_keywords"])
def test_a_semicolon_list_keeps_a_keyword_with_a_comma(tmp_path: Path, field: str) -> None:
    assert _keywords(tmp_path, "Learning, machine; Robots", field) == (
        "Learning, machine",
        "Robots",
    )


def test_a_comma_list_is_split_at_commas(tmp_path: Path) -> None:
    assert _keywords(tmp_path, "SAT,Model counting, Treewidth") == (
        "SAT",
        "Model counting",
        "Treewidth",
    )


def test_a_braced_keyword_keeps_its_comma(tmp_path: Path) -> None:
    """As the citations write a keyword that holds a comma, for readers that split at
    commas only."""
    assert _keywords(tmp_path, "{Learning, machine}, Robots") == ("Learning, machine", "Robots")


def test_each_field_is_split_by_its_own_separator(tmp_path: Path) -> None:
    """Scopus: the authors' keywords and its index terms, each list as it is written."""
    bib = tmp_path / "scopus.bib"
    bib.write_text(
        "@article{one, title = {Robots that learn}, year = {2020},\n"
        "  author_keywords = {Learning, machine; Robots},\n"
        "  keywords = {Robotics, Deep learning}}\n",
        encoding="utf-8",
    )
    (paper,) = load_library([bib]).papers
    assert paper.keywords == ("Learning, machine", "Robots", "Robotics", "Deep learning")
