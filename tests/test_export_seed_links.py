"""A CSV export of papers known by their abstract alone (the seed lists, titled by a
catalog), read back without the catalog, keeps the links their abstracts mention.

The export leaves such a paper's abstract out (read with its list, the abstract would
give it another id) and writes the abstract's links apart ("text https://…"); read
back, they were dropped as links the abstract would give again, and the paper had lost
its code link. They are the abstract's links still: never a page of the paper's own.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from tuireader.ingest.catalog import apply_catalogs, load_catalog
from tuireader.ingest.library import load_library
from tuireader.model import Library, Link
from tuireader.render.citations import format_citation
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

SAMPLE = Path(__file__).parent / "fixtures" / "catalog" / "icml-sample.jsonl"
CHARMER = "https://github.com/LIONS-EPFL/Charmer"


def _seeds(tmp_path: Path, *, code: bool = False) -> Library:
    """The first two seed papers, titled by a catalog that gives their code links as
    fields (``code``) or not: then the links are the abstracts' alone."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:2]
    records = [json.loads(line) for line in lines]
    path = tmp_path / "seeds.txt"
    text = "\n\n".join(record["abstract"] for record in records)
    path.write_text("My seeds\n\n" + text + "\n", encoding="utf-8")
    if not code:
        for record in records:
            record.pop("code_urls", None)
    catalog_file = tmp_path / "catalog.jsonl"
    catalog_file.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    catalog = replace(load_catalog(catalog_file), lists=frozenset({"My seeds"}))
    return apply_catalogs(load_library([path]), [catalog])


def _back(tmp_path: Path, library: Library) -> Library:
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "kept") for p in papers}, "csv")
    assert f"text {CHARMER}" in text
    export = tmp_path / "export.csv"
    export.write_text(text, encoding="utf-8")
    return load_library([export])


def test_a_seed_papers_abstract_links_are_kept_read_back_alone(tmp_path: Path) -> None:
    seeds = _seeds(tmp_path)
    (charmer,) = (p for p in seeds.papers if p.title.startswith("Revisiting"))
    assert Link(CHARMER, "code", "text") in charmer.links
    back = _back(tmp_path, seeds)
    assert not any(paper.abstract for paper in back.papers)  # the export leaves it out
    assert {p.title: p.links for p in back.papers} == {p.title: p.links for p in seeds.papers}


def test_the_kept_links_are_still_the_abstracts(tmp_path: Path) -> None:
    back = _back(tmp_path, _seeds(tmp_path))
    (charmer,) = (p for p in back.papers if p.title.startswith("Revisiting"))
    assert [link for link in charmer.links if link.url == CHARMER] == [
        Link(CHARMER, "code", "text")
    ]
    cited = format_citation(charmer, "bibtex").text
    assert "LIONS-EPFL" not in cited


def test_a_code_link_the_catalog_gives_is_the_papers_own_read_back(tmp_path: Path) -> None:
    # the catalog gives the repository the abstract names as the paper's code: a field's
    # link, in the text's place, and so read back
    seeds = _seeds(tmp_path, code=True)
    (charmer,) = (p for p in seeds.papers if p.title.startswith("Revisiting"))
    assert [link for link in charmer.links if link.url == CHARMER] == [
        Link(CHARMER, "code", "code_urls")
    ]
    papers = list(seeds.papers)
    text = render_export(papers, {p.id: Triage(p.id, "kept") for p in papers}, "csv")
    export = tmp_path / "export.csv"
    export.write_text(text, encoding="utf-8")
    back = load_library([export])
    assert {p.title: p.links for p in back.papers} == {p.title: p.links for p in seeds.papers}
