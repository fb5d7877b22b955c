"""A list of abstracts that a catalog names (the seed lists): its export, read back, still
finds each paper by the id it had.

A paper of such a list is known by its abstract, the only thing its list gives; the
catalog gives it a title, authors and identifiers (its PMLR key). A CSV or BibTeX export
writes those but no abstract, so the export, read back, knows the paper by its PMLR key:
the id it had must still find it, as a changed id does everywhere.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader.ingest.catalog import apply_catalogs, load_catalog
from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

SAMPLE = Path(__file__).parent / "fixtures" / "catalog" / "icml-sample.jsonl"


def with_catalog(path: Path, *scope: str) -> Library:
    """The library of ``path`` with the sample catalog, which describes the lists named in
    ``scope`` (as the shipped catalog describes the seed lists) and matches the papers of
    any other list by an exact key only."""
    catalog = replace(load_catalog(SAMPLE), lists=frozenset(scope))
    return apply_catalogs(load_library([path]), [catalog])


def kept(papers: list[Paper]) -> dict[str, Triage]:
    return {paper.id: Triage(paper.id, "kept", (), "") for paper in papers}


@pytest.fixture
def seeds(tmp_path: Path) -> Library:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:3]
    abstracts = [json.loads(line)["abstract"] for line in lines]
    path = tmp_path / "seeds.txt"
    path.write_text("My seeds\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    library = with_catalog(path, "My seeds")
    assert all(not paper.title_derived and paper.pmlr_key for paper in library.papers)
    return library


@pytest.mark.parametrize("fmt", ["csv", "bibtex", "json"])
def test_an_export_of_a_catalogued_list_of_abstracts_still_finds_its_ids(
    seeds: Library, tmp_path: Path, fmt: str
) -> None:
    papers = list(seeds.papers)
    export = tmp_path / f"export{SUFFIXES[fmt]}"
    export.write_text(render_export(papers, kept(papers), fmt, library=seeds), encoding="utf-8")
    back = with_catalog(export, "My seeds")
    found = {paper.title: (paper.id, *paper.aliases) for paper in back.papers}
    assert {paper.title for paper in papers} == set(found)
    for paper in papers:
        assert paper.id in found[paper.title], paper.title


def test_an_id_another_paper_has_is_no_alias(seeds: Library, tmp_path: Path) -> None:
    # the export read with the list it came from: each paper once, under its own id
    papers = list(seeds.papers)
    export = tmp_path / "export.csv"
    export.write_text(render_export(papers, kept(papers), "csv", library=seeds), encoding="utf-8")
    source = seeds.lists[0].path
    catalog = replace(load_catalog(SAMPLE), lists=frozenset({"My seeds"}))
    both = apply_catalogs(load_library([source, export]), [catalog])
    ids = [paper.id for paper in both.papers]
    aliases = [alias for paper in both.papers for alias in paper.aliases]
    assert sorted(ids) == sorted(paper.id for paper in papers)
    assert not set(ids) & set(aliases)
