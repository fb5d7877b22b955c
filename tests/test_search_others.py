"""Searching a library in an index that still holds the papers of lists not open.

Opening one list after another keeps the first list's papers in the index (opening it
again writes nothing), and searches leave them out. The completions of a name being
typed were chosen by how many papers of the index have each: with the ICML 2024 list
opened before the CoRL 2023 list, ``author:zha`` found 34 CoRL papers where the same
search without the index finds 35, the names of ICML authors taking the places of the
CoRL ones.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve


def _write(path, records):
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


@pytest.fixture
def engines(tmp_path):
    """The index and the scan of a list opened after another, whose authors' names
    begin as this one's do, more often each."""
    folder = tmp_path / "lists"
    folder.mkdir()
    names = [f"Zha{a}{b}" for a in "bcdefg" for b in "bcdef"]  # 30 names, "zha…"
    before = _write(
        folder / "before.json",
        [
            {
                "title": f"Earlier paper {n}",
                "abstract": "Text.",
                "authors": [name],
                "url": f"https://github.com/zzb{n}/repo",
            }
            for n, name in enumerate(names * 2)
        ],
    )
    now = _write(
        folder / "now.json",
        [
            {
                "title": "Grasping by Touch",
                "abstract": "Hands.",
                "authors": ["Wei Zhang"],
                "url": "https://github.com/zzlab/grasp",
            },
            {"title": "Walking Robots", "abstract": "Legs.", "authors": ["Ann Lee"]},
        ],
    )
    paths = resolve(tmp_path / "data")
    open_engine(load_library([before]), paths).close()
    library = load_library([now])
    indexed = open_engine(library, paths)
    assert indexed._only is not None  # the index holds the papers of before.json too
    yield indexed, Engine(library, None)
    indexed.close()


@pytest.mark.parametrize("query", ["author:zha", "zha", "url:github.com/zz"])
def test_a_name_being_typed_completes_to_the_names_of_the_lists_open(engines, query):
    indexed, scanned = engines
    found = {hit.paper.title for hit in indexed.search(query, prefix=True, limit=None).hits}
    assert found == {"Grasping by Touch"}
    assert found == {hit.paper.title for hit in scanned.search(query, prefix=True).hits}
