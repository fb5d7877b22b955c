"""Fields the sources carry are searchable: venue short names, keywords, categories, status,
the authors' TL;DR."""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.venues import venue_aliases
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

RECORDS = [
    {
        "title": "Grasping with Diffusion Policies",
        "author": "Ada Lovelace;Alan Turing",
        "abstract": "We learn grasps with diffusion policies on a real robot arm.",
        "status": "Oral",
        "keywords": "robot learning;grasping",
        "primary_area": "robotics",
        "bibtex": "@inproceedings{lovelace2023grasping,\ntitle={Grasping with Diffusion Policies},"
        "\nbooktitle={7th Annual Conference on Robot Learning},\nyear={2023}\n}",
    },
    {
        "title": "Counting Tokens in Transformers",
        "author": "Grace Hopper",
        "abstract": "Transformers count tokens when trained on enough arithmetic.",
        "status": "Poster",
        "keywords": "transformers;interpretability",
        "tldr": "Walrus herds of tokens, counted by attention heads.",
        "bibtex": "@inproceedings{hopper2023counting,\ntitle={Counting Tokens in Transformers},"
        "\nbooktitle={7th Annual Conference on Robot Learning},\nyear={2023}\n}",
    },
]


@pytest.fixture
def engine(tmp_path):
    path = tmp_path / "corl2023.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return open_engine(load_library([path]), resolve(tmp_path / "data"))


def _titles(engine, query):
    return [hit.paper.title for hit in engine.search(query).hits]


def test_venue_short_names():
    assert venue_aliases("7th Annual Conference on Robot Learning") == ("CoRL",)
    assert venue_aliases("Advances in Neural Information Processing Systems") == (
        "NeurIPS",
        "NIPS",
    )
    assert venue_aliases(
        "Proceedings of the 41st International Conference on Machine Learning"
    ) == ("ICML",)
    assert venue_aliases("A Workshop Nobody Abbreviates", None) == ()


def test_venue_year_status_and_keywords_are_searchable(engine):
    assert len(_titles(engine, "venue:corl year:2023")) == 2
    assert _titles(engine, "status:oral") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "keyword:interpretability") == ["Counting Tokens in Transformers"]
    assert _titles(engine, "grasping area:robotics") == ["Grasping with Diffusion Policies"]
    assert _titles(engine, "interpretability") == ["Counting Tokens in Transformers"]


def test_the_tldr_is_searched_with_the_abstract(engine, tmp_path):
    # the TL;DR holds words the title and abstract do not
    assert _titles(engine, "walrus") == ["Counting Tokens in Transformers"]
    as_you_type = [hit.paper.title for hit in engine.search("walr", prefix=True).hits]
    assert as_you_type == ["Counting Tokens in Transformers"]
    assert _titles(engine, '"attention heads"') == ["Counting Tokens in Transformers"]
    assert _titles(engine, '"heads attention"') == []
    assert _titles(engine, "abstract:walrus") == ["Counting Tokens in Transformers"]
    # an index built before the TL;DR was read gets it once the lists give it
    path = tmp_path / "corl2023.json"
    before = [dict(record, tldr="") for record in RECORDS]
    data = resolve(tmp_path / "later")
    path.write_text(json.dumps(before), encoding="utf-8")
    assert _titles(open_engine(load_library([path]), data), "walrus") == []
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    assert _titles(open_engine(load_library([path]), data), "walrus") == [
        "Counting Tokens in Transformers"
    ]
