"""tuireader's BibTeX or JSON export of a list of abstracts that a catalog names (the
seed lists), read back alone, without the catalog: each paper has the id it had, which
the export gives (BibTeX's ``@comment{tuireader-id: KEY ID}`` lines, JSON's ``id``), not
the id of the PMLR key and OpenReview id the catalog gave it, so that ``show ID``, its
marks and its note still find it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader.ingest.catalog import apply_catalogs, load_catalog
from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.session import load_session
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

SAMPLE = Path(__file__).parent / "fixtures" / "catalog" / "icml-sample.jsonl"


def _seeds(tmp_path: Path) -> Library:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:3]
    abstracts = [json.loads(line)["abstract"] for line in lines]
    path = tmp_path / "seeds.txt"
    path.write_text("My seeds\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    catalog = replace(load_catalog(SAMPLE), lists=frozenset({"My seeds"}))
    library = apply_catalogs(load_library([path]), [catalog])
    assert all(paper.pmlr_key and paper.openreview_id for paper in library.papers)
    return library


def _export(tmp_path: Path, library: Library, fmt: str = "bibtex") -> Path:
    papers = list(library.papers)
    triage = {paper.id: Triage(paper.id, "kept", ("mine",), "a note") for paper in papers}
    export = tmp_path / f"export{SUFFIXES[fmt]}"
    export.write_text(render_export(papers, triage, fmt, library=library), encoding="utf-8")
    return export


@pytest.mark.parametrize("fmt", ["bibtex", "json"])
def test_a_seed_papers_export_read_back_alone_keeps_its_id(tmp_path: Path, fmt: str) -> None:
    seeds = _seeds(tmp_path)
    back = load_library([_export(tmp_path, seeds, fmt)])
    assert [(paper.id, paper.title) for paper in back.papers] == [
        (paper.id, paper.title) for paper in seeds.papers
    ]
    # the catalog's keys are still the paper's, to cite it by
    assert [paper.pmlr_key for paper in back.papers] == [paper.pmlr_key for paper in seeds.papers]


@pytest.mark.parametrize("fmt", ["bibtex", "json"])
def test_read_with_a_list_of_the_keys_the_id_it_had_is_an_alias(tmp_path: Path, fmt: str) -> None:
    """Read with a list that knows the paper by its PMLR key, the paper takes that key's
    id, as any paper two lists know by different keys does, and the id it had finds it."""
    seeds = _seeds(tmp_path)
    export = _export(tmp_path, seeds, fmt)
    both = load_library([export, SAMPLE])
    for paper in seeds.papers:
        (found,) = [p for p in both.papers if p.pmlr_key == paper.pmlr_key]
        assert paper.id in (found.id, *found.aliases)


def test_an_id_no_key_of_the_paper_gives_changes_nothing(tmp_path: Path) -> None:
    """An id comment the paper's keys, title and abstract cannot give (an edited file)
    leaves the paper the id its keys give."""
    seeds = _seeds(tmp_path)
    export = _export(tmp_path, seeds)
    given = seeds.papers[0].id
    text = export.read_text(encoding="utf-8")
    assert f" {given}}}" in text
    text = text.replace(f" {given}}}", " zzzzzzzz}")
    export.write_text(text, encoding="utf-8")
    stripped = export.with_name("bare.bib")
    stripped.write_text(
        "\n".join(line for line in text.splitlines() if "tuireader-id" not in line),
        encoding="utf-8",
    )
    assert load_library([export]).papers[0].id == load_library([stripped]).papers[0].id


def test_the_ids_hold_when_the_export_is_read_from_the_cache(tmp_path: Path) -> None:
    seeds = _seeds(tmp_path)
    export = _export(tmp_path, seeds)
    other = tmp_path / "other.txt"
    other.write_text("Other\n\nA paper about nothing in particular, for a list.\n", "utf-8")
    data = tmp_path / "data"
    first = load_session([export], data_dir=data).library
    # the export as the cache kept it, read with a list it has not seen
    second = load_session([export, other], data_dir=data).library
    ids = [paper.id for paper in seeds.papers]
    assert [paper.id for paper in first.papers] == ids
    assert [paper.id for paper in second.papers][:3] == ids
