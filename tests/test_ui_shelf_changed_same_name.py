"""A list added to the library beside one of its name that a folder of the library
holds is named apart from it by the library (``zotero (x/zotero.jsonl)``), as
``tuireader lists`` names it; the reader's notice of the library changed said only
"zotero.jsonl added" (and "removed"), without the folder that tells the two apart."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ui.screens.main import shelf_changed_lines

ALPHA = {
    "title": "Alpha Sparse Attention for Long Documents",
    "authors": ["Ada Lovelace"],
    "abstract": "We make attention sparse so that long documents fit in memory.",
    "year": 2024,
}
BETA = {
    "title": "Beta Kernels for Small Tabular Data",
    "authors": ["Grace Hopper"],
    "abstract": "Kernel methods still win on small tabular data sets, we find.",
    "year": 2024,
}


def write(path: Path, records: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_list_named_apart_is_named_so_when_added_and_removed(tmp_path: Path) -> None:
    folder = tmp_path / "real"
    write(folder / "zotero.jsonl", [ALPHA])
    copy = write(tmp_path / "x" / "zotero.jsonl", [ALPHA, BETA])
    alone = load_library([folder])
    both = load_library([folder, copy])
    assert [pl.name for pl in both.lists] == ["zotero", "zotero (x/zotero.jsonl)"]
    added = shelf_changed_lines([folder], [folder, copy], alone, both)
    assert added == ["Library changed: zotero (x/zotero.jsonl) added (2 papers)"]
    removed = shelf_changed_lines([folder, copy], [folder], both, alone)
    assert len(removed) == 1
    assert removed[0].startswith("Library changed: zotero (x/zotero.jsonl) removed")


def test_a_list_of_a_name_of_its_own_is_named_by_its_file_as_before(tmp_path: Path) -> None:
    folder = tmp_path / "real"
    write(folder / "zotero.jsonl", [ALPHA])
    other = write(tmp_path / "x" / "other.jsonl", [BETA])
    alone = load_library([folder])
    both = load_library([folder, other])
    added = shelf_changed_lines([folder], [folder, other], alone, both)
    assert added == ["Library changed: other.jsonl added (1 paper)"]
