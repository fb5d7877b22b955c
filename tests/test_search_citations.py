"""A citation's "et al." is no word "al": ``al`` finds AL (active learning) and Al.

Of the 2,610 papers of ICML 2024, ``al`` found 88, 84 of them through an abstract that
cites "Smith et al."; one wrote "al" otherwise (the others are authors named Al). In the
real lists AL is active learning (CoLLAs 2022) and Al aluminium (arXiv).
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

PAPERS = [
    {"title": "Active Learning (AL) under Budgets", "abstract": "AL picks what to label."},
    {"title": "Alloys of Al and Cu", "abstract": "Metals that bend."},
    {"title": "Sparse Codes", "abstract": "As Smith et al. (2020) showed; see Lee et al., 2021."},
    {"title": "Dense Codes", "abstract": "Following Jones et. al, and Et Al. too."},
]
AL = {"Active Learning (AL) under Budgets", "Alloys of Al and Cu"}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{**paper, "authors": ["B. Author"], "year": 2024} for paper in PAPERS]
    (folder / "cited.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


@pytest.mark.parametrize("query", ["al", "AL", "Al"])
def test_al_finds_no_citation(engine, query):
    assert _titles(engine, query) == AL


def test_al_in_the_abstract_is_no_citation(engine):
    assert _titles(engine, "abstract:al") == {"Active Learning (AL) under Budgets"}


def test_a_cited_name_is_still_found(engine):
    assert _titles(engine, "smith") == {"Sparse Codes"}
    assert _titles(engine, "jones codes") == {"Dense Codes"}
    # quoted, the citation is found as written
    assert _titles(engine, '"smith et al"') == {"Sparse Codes"}


def test_a_citation_being_typed_is_found(engine):
    assert _titles(engine, '"smith et al', prefix=True) == {"Sparse Codes"}
    assert _titles(engine, '"smith et al"', prefix=True) == {"Sparse Codes"}


def test_al_marks_no_citation(engine):
    # a paper found by AL does not show the "al" of its citations marked as if found
    result = engine.search("al", limit=None)
    text = "Active learning (AL), as Lee et al. and Kim et. al showed, with Al."
    marked = [text[start:end] for start, end in spans_of(text, result.terms)]
    assert marked == ["AL", "Al"]
    # the citation typed is marked
    marked = [text[start:end] for start, end in spans_of(text, {"lee", "et", "al"})]
    assert marked == ["AL", "Lee", "et", "al", "et", "al", "Al"]
