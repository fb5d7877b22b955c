"""``list:`` with a year: the lists whose names hold it, else a pointer to ``year:``.

A year in a list's name or file's name ("corl2023.json", "CoRL 2023") names that list,
as the README says; a year no list's name holds was answered with the year of another
list ("no list is named '2022'; did you mean list:2023?"), whose papers are not of 2022.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve


@pytest.fixture
def library(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    corl = [{"title": "Grasping with Diffusion Policies", "venue": "CoRL 2023", "year": 2023}]
    mine = [
        {"title": "Counting Tokens", "year": 2022},
        {"title": "Sparse Codes", "year": 2021},
    ]
    (folder / "corl2023.json").write_text(json.dumps(corl), encoding="utf-8")
    (folder / "reading.json").write_text(json.dumps(mine), encoding="utf-8")
    return load_library([folder])


@pytest.mark.parametrize("scan", [False, True], ids=["index", "scan"])
def test_a_year_no_list_is_named_by_points_to_year(library, tmp_path, scan):
    engine = Engine(library, None) if scan else open_engine(library, resolve(tmp_path / "data"))
    for typed in ("2022", "2020..2022"):
        result = engine.search(f"list:{typed}")
        assert result.total == 0
        assert result.message is not None
        assert result.message.startswith(
            f"no list is named “{typed}”; did you mean year:{typed}? (lists: "
        ), result.message
        assert engine.search(f"year:{typed}").total > 0
    # a year a list's name holds names that list
    found = engine.search("list:2023")
    assert [hit.paper.title for hit in found.hits] == ["Grasping with Diffusion Policies"]
    assert found.message is None
    # a name that is no year is still offered the list meant
    assert "did you mean list:corl2023?" in (engine.search("list:corl2024").message or "")
