"""BibLaTeX's own types of a work that stands alone (``@report``, the multi-volume
``@mvbook``, ``@mvcollection`` and ``@mvproceedings``, ``@reference``) are cited as the
book or report they are: MLA sets the title alone, as a book's, where it quoted it as the
title of a paper in a container."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation


def _mla(tmp_path: Path, entry: str) -> str:
    path = tmp_path / "works.bib"
    path.write_text(entry, encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, "mla", library=library).text


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("report", "author = {Doe, Jane}, institution = {MIT}"),
        ("mvbook", "author = {Doe, Jane}, publisher = {IOS Press}"),
        ("mvcollection", "editor = {Doe, Jane}, publisher = {IOS Press}"),
        ("mvproceedings", "editor = {Doe, Jane}, publisher = {IOS Press}"),
        ("reference", "editor = {Doe, Jane}, publisher = {IOS Press}"),
    ],
)
def test_a_work_that_stands_alone_is_not_quoted(tmp_path: Path, kind: str, names: str) -> None:
    mla = _mla(tmp_path, f"@{kind}{{w, title = {{A Whole Work}}, {names}, date = {{2021}}}}\n")
    assert "A Whole Work." in mla
    assert '"A Whole Work."' not in mla


def test_an_entry_in_a_reference_work_is_still_quoted(tmp_path: Path) -> None:
    mla = _mla(
        tmp_path,
        "@inreference{w, title = {An Entry}, author = {Doe, Jane},"
        " booktitle = {The Encyclopedia}, publisher = {IOS Press}, date = {2021}}\n",
    )
    assert '"An Entry."' in mla
