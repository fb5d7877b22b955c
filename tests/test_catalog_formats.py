"""A catalog may be a file of any list format that carries titles (RIS, as EndNote,
Zotero and publishers export it, as well as JSON Lines, JSON, BibTeX and CSV), named
itself or found in a folder given as a catalog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.catalog import apply_catalogs, load_catalogs
from tuireader.ingest.library import load_library

SAMPLE = Path(__file__).parent / "fixtures" / "catalog" / "icml-sample.jsonl"
KEYS = ("wang24cr", "abad-rocamora24a")


def _records() -> list[dict]:
    records = {r["pmlr_key"]: r for r in map(json.loads, SAMPLE.read_text().splitlines())}
    return [records[key] for key in KEYS]


def _ris(records: list[dict]) -> str:
    lines: list[str] = []
    for record in records:
        lines += ["TY  - CPAPER", f"TI  - {record['title']}"]
        lines += [f"AU  - {author}" for author in record["authors"]]
        lines += [f"PY  - {record['year']}", f"AB  - {record['abstract']}", "ER  - ", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("in_folder", [False, True])
def test_a_ris_catalog_names_a_lists_papers(tmp_path: Path, in_folder: bool) -> None:
    records = _records()
    listed = tmp_path / "list.txt"
    listed.write_text(
        "Reading\n\n" + "\n\n".join(r["abstract"] for r in records) + "\n", encoding="utf-8"
    )
    folder = tmp_path / "catalogs"
    folder.mkdir()
    catalog = folder / "endnote.ris"
    catalog.write_text(_ris(records), encoding="utf-8")
    library = load_library([listed])
    catalogs, problems = load_catalogs([folder if in_folder else catalog])
    assert problems == []
    applied = apply_catalogs(library, catalogs)
    assert [paper.id for paper in applied] == [paper.id for paper in library]
    assert [paper.title for paper in applied] == [r["title"] for r in records]
    assert [paper.authors[0] for paper in applied] == [r["authors"][0] for r in records]
    assert not any(paper.title_derived for paper in applied)


def test_a_catalog_folder_leaves_plain_text_lists_out(tmp_path: Path) -> None:
    """A folder's notes and plain lists carry no titles: they are no catalogs."""
    folder = tmp_path / "catalogs"
    folder.mkdir()
    (folder / "endnote.ris").write_text(_ris(_records()), encoding="utf-8")
    (folder / "notes.txt").write_text("not a catalog\n", encoding="utf-8")
    (folder / "README.md").write_text("# Catalogs\n", encoding="utf-8")
    catalogs, problems = load_catalogs([folder])
    assert problems == []
    assert [(catalog.name, len(catalog.entries)) for catalog in catalogs] == [("endnote", 2)]


def test_a_csv_catalogs_et_al_is_said_after_the_names(tmp_path: Path) -> None:
    # as a CSV list's: "Alice Smith et al." was one person, "et al." alone an author
    catalog = tmp_path / "catalog.csv"
    catalog.write_text(
        "title,authors,year,doi\n"
        "A Study,Alice Smith et al.,2020,10.1000/a\n"
        "B Study,et al.,2021,10.1000/b\n",
        encoding="utf-8",
    )
    (loaded,), problems = load_catalogs([catalog])
    assert not [problem for problem in problems if problem.severity == "error"]
    assert [entry.authors for entry in loaded.entries] == [("Alice Smith", "et al."), ()]
