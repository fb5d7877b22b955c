"""A title with the markup of HTML or JATS a list left in it (Crossref's ``Catalytic
splitting of H<sub>2</sub>O on <i>in situ</i> TiO<sub>2</sub>``) is shown "H₂O" and
"TiO₂", but was searched as written: "H2O" and "TiO2" found nothing, "sub" found it. Its
tags are now read as the reader shows them, in words and in phrases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

TITLE = "Catalytic splitting of H<sub>2</sub>O on <i>in situ</i> TiO<sub>2</sub>"


@pytest.fixture
def engine(tmp_path: Path):
    items = [
        {"id": "a", "type": "article-journal", "title": TITLE, "issued": {"date-parts": [[2022]]}},
        {"id": "b", "type": "article-journal", "title": "Other water", "abstract": "None."},
    ]
    path = tmp_path / "works.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return open_engine(load_library([path]), resolve(tmp_path / "data"))


@pytest.mark.parametrize("query", ["H2O", "H₂O", "TiO2", '"H2O on in situ"', "title:h2o"])
def test_a_tagged_title_is_found_as_shown(engine, query: str) -> None:
    assert [hit.paper.title for hit in engine.search(query).hits] == [TITLE], query


@pytest.mark.parametrize("query", ["sub", "title:sub", '"sub 2"'])
def test_a_tag_is_no_word_of_the_title(engine, query: str) -> None:
    assert not engine.search(query).hits, query
