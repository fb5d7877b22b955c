"""A BibTeX field whose name is misspelt (``jounral``, ``yaer``, ``abstarct``) is a name
the parser keeps and no reader knows: the paper lost its venue, year or abstract without
a word. It is said, with the field it looks meant as, and the entries to check; fields
of their own that are one letter from a field read are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.bibtex import _one_edit
from tuireader.ingest.readers import read_file


def _entry(key: str, **fields: str) -> str:
    body = {"title": f"Deep Things {key}", "author": "Smith, John", **fields}
    lines = "".join(f"  {name} = {{{value}}},\n" for name, value in body.items())
    return f"@article{{{key},\n{lines}}}\n"


def test_misspelt_fields_are_said_with_what_they_look_meant_as(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        _entry("one", jounral="Nature", yaer="2020", abstarct="We study things.")
        + _entry("two", journal="Science", year="2021")
    )
    result = read_file(path)
    assert [(r.venue, r.year, r.abstract) for r in result.records] == [
        (None, None, ""),
        ("Science", 2021, ""),
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "1 entry has a field whose name looks misspelt (“jounral” (journal?), "
        "“yaer” (year?), “abstarct” (abstract?)), not read; check that entry (one)"
    )


def test_many_entries_are_said_in_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        "".join(
            f"@misc{{k{n},\n  title = {{Paper {n}}},\n  authors = {{Lee, Ann}},\n"
            f"  pubisher = {{ACM}},\n}}\n"
            for n in range(7)
        )
    )
    (message,) = [problem.message for problem in read_file(path).problems]
    assert message == (
        "7 entries have fields whose name looks misspelt (“authors” (author?), "
        "“pubisher” (publisher?)), not read; check those entries (k0, k1, k2, k3, k4, …)"
    )


@pytest.mark.parametrize(
    "fields",
    [
        # the field meant is there: a field of a program's own
        {"authors": "Lee, Ann"},
        # fields of their own, one letter from a field read
        {"editora": "Doe, Jane", "published": "2020-07-31", "urldate": "2024-01-02"},
        {"volumes": "3"},  # BibLaTeX's number of volumes, Zotero's "# of Volumes"
        # names far from any field read, and short ones
        {"timestamp": "x", "biburl": "x", "langid": "english", "file": "a.pdf", "day": "3"},
    ],
)
def test_fields_of_their_own_are_not_said(tmp_path: Path, fields: dict[str, str]) -> None:
    path = tmp_path / "list.bib"
    path.write_text(_entry("one", **fields))
    result = read_file(path)
    assert len(result.records) == 1
    assert result.problems == ()


def test_a_keyword_field_in_the_singular_is_read_as_keywords(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(_entry("one", keyword="robots, grasping"))
    result = read_file(path)
    assert result.records[0].keywords == ("robots", "grasping")
    assert result.problems == ()


@pytest.mark.parametrize(
    ("name", "field", "near"),
    [
        ("jounral", "journal", True),  # two neighbours swapped
        ("adress", "address", True),  # a letter left out
        ("tittle", "title", True),  # a letter added
        ("yeer", "year", True),  # a letter changed
        ("journal", "journal", False),
        ("jorunla", "journal", False),
        ("urldate", "date", False),
        ("abstract", "address", False),
    ],
)
def test_one_edit(name: str, field: str, near: bool) -> None:
    assert _one_edit(name, field) is near
