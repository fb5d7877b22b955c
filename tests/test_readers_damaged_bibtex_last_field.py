"""A "{" left open in an entry's last field takes the entry's own "}" for its own: no
field follows to close it before, and the entry ran on to the next one. It is read with
the field closed where the entry ends, and said, as a "{" left open in a field before
others is read up to the next field; the entry is no longer skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

NEXT = "@article{a2,\n  title = {Beta paper on beavers},\n  author = {Roe, Rick},\n  year = {2020}\n}\n"


@pytest.mark.parametrize(
    ("last_field", "abstract"),
    [
        # the "}" on its own line closes the inner "{", not the entry
        ("  abstract = {Otters {swim in rivers.\n}\n", "Otters swim in rivers."),
        # the entry's own "}" left out too
        ("  abstract = {Otters {swim\n  in rivers.\n", "Otters swim in rivers."),
    ],
)
def test_a_brace_left_open_in_the_last_field_keeps_the_paper(
    tmp_path: Path, last_field: str, abstract: str
) -> None:
    first = (
        "@article{a1,\n  title = {Alpha paper on otters},\n  author = {Doe, Jane},\n" + last_field
    )
    path = tmp_path / "broken.bib"
    path.write_text(first + "\n" + NEXT, encoding="utf-8")
    result = read_file(path)
    alpha, beta = result.records
    assert (alpha.source_id, alpha.title, alpha.authors) == (
        "a1",
        "Alpha paper on otters",
        ("Jane Doe",),
    )
    assert " ".join(alpha.abstract.split()) == abstract
    assert (beta.source_id, beta.title, beta.year) == ("a2", "Beta paper on beavers", 2020)
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert problem.message == (
        "the entry at line 1, key a1, has a “{” not closed in its abstract field; read that "
        "field up to the entry's end, check that entry"
    )


def test_the_last_entry_of_a_file_cut_short_in_a_value_is_still_skipped(tmp_path: Path) -> None:
    # with no next entry, a file that ends inside a value may be one being written
    path = tmp_path / "cut.bib"
    path.write_text(
        NEXT + "\n@article{a1,\n  title = {Alpha},\n  abstract = {Otters {swim in rivers.\n}\n",
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.source_id for record in result.records] == ["a2"]
    (problem,) = result.problems
    assert "the file ends inside it; skipped it" in problem.message
