"""A bracket or a colon typed into a BibTeX field's name ("abstra:ct") is kept in it by
the parser: the field was passed over as one no reader knows, and the paper lost its
abstract without a word. It is read as the field it stands for, and said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file


def _entry(key: str, abstract_name: str = "abstract") -> str:
    return (
        f"@article{{{key},\n  title = {{Portfolio-based Selection {key}}},\n"
        f"  author = {{Xu, Lin and Hutter, Frank}},\n  year = {{2008}},\n"
        f"  {abstract_name} = {{It has been widely observed {key}.}},\n}}\n"
    )


@pytest.mark.parametrize("name", ["abstra:ct", "abs[tract", "abstract]"])
def test_a_bracket_or_colon_in_a_fields_name_is_left_out(tmp_path: Path, name: str) -> None:
    path = tmp_path / "list.bib"
    path.write_text("\n".join([_entry("one"), _entry("two", name), _entry("three")]))
    result = read_file(path)
    assert [record.abstract for record in result.records] == [
        f"It has been widely observed {key}." for key in ("one", "two", "three")
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f"1 entry has a field whose name holds a bracket or a colon (“{name}”); read as "
        "the field named without it, check that entry (two)"
    )


def test_a_name_no_other_entry_has_is_left_as_it_is(tmp_path: Path) -> None:
    # "bdsk:url" stands for no field of the file: it may be a program's own
    path = tmp_path / "list.bib"
    path.write_text(_entry("one").replace("  year", "  bdsk:url = {x},\n  year"))
    result = read_file(path)
    assert len(result.records) == 1
    assert result.problems == ()
