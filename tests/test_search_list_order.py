"""A search in list order (``search --sort list``) gives the first hits in the lists'
order, and reads only the papers it gives: at 100,000 papers ``search learning --sort
list --limit 20`` read every hit's record from the list cache (1.8 s) to order them by
their place in the lists, which the index knows without them."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest import cache as cache_module
from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.session import load_session
from tuireader.system.paths import resolve

QUERIES = [
    "diffusion",
    "study",
    "benchmark 7",
    '"study number"',
    "study -privacy",
    "seed OR vision",
]


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = many_records(90)
    write_jsonl(folder / "b.jsonl", records[:45])
    write_jsonl(folder / "a.jsonl", records[45:])
    library = load_library([folder / "b.jsonl", folder / "a.jsonl"])
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed, Engine(library, None)
    indexed.close()


@pytest.mark.parametrize("query", QUERIES)
def test_the_first_hits_in_list_order_are_those_of_every_hit_ordered(engines, query):
    for engine in engines:
        every = engine.search(query, limit=None)
        assert every.total > 4, query
        expected = sorted(every.hits, key=lambda hit: hit.paper.order)[:4]
        listed = engine.search(query, limit=4, order="list")
        assert [hit.paper.id for hit in listed.hits] == [hit.paper.id for hit in expected]
        assert listed.total == every.total
        assert listed.terms == every.terms


def test_a_search_in_list_order_reads_only_the_papers_it_shows(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "many.jsonl", many_records(120))
    whole = load_session([source], data_dir=tmp_path / "data").library
    expected = [p.id for p in whole.papers if "diffusion" in p.title.lower()][:3]
    # the first open finds the index current and says so for the next (``snapshot``)
    load_session([source], data_dir=tmp_path / "data", lazy=True).engine(quick=True).close()
    session = load_session([source], data_dir=tmp_path / "data", lazy=True)
    lazy = session.library
    assert isinstance(lazy, cache_module.LazyLibrary)
    engine = session.engine(quick=True)
    for query in ("diffusion", "diffusion OR nothingness"):  # the fast path, and Whoosh's
        result = engine.search(query, limit=3, order="list")
        assert [hit.paper.id for hit in result.hits] == expected
        assert result.total == 15
        assert len(lazy._read) <= 3, query
    engine.close()
    assert lazy._whole is None  # the entry is not read whole


class _Hits(dict):
    """A search's hits (document: score) that count the times they are gone through."""

    walked = 0

    def __iter__(self):
        type(self).walked += 1
        return super().__iter__()


def test_the_first_page_in_list_order_looks_at_the_documents_it_needs_only(engines):
    # "learning sort:list" at 100,000 papers sorted its 74,000 hits by score, then by
    # their places in the lists, to show 100: 150 ms for its first page, where
    # relevance took 11
    indexed, _ = engines
    documents = indexed._context.documents
    every = [doc for doc in range(len(documents.positions())) if doc % 3]
    hits = _Hits((doc, 1.0) for doc in every)
    first = documents.in_list_order(hits, 4)
    assert _Hits.walked == 0
    places = documents.positions()
    assert first == sorted(every, key=lambda doc: places[doc])[:4]
    assert documents.in_list_order(set(every), None) == sorted(every, key=lambda d: places[d])


def test_a_search_in_list_order_ranks_no_hit_by_score(engines, monkeypatch):
    from tuireader.search import plan

    def ranked(*args):
        raise AssertionError("every hit ranked by score")

    monkeypatch.setattr(plan, "evaluate", ranked)
    indexed, _ = engines
    every = indexed.search("study", limit=None, order="list")
    listed = indexed.search("study", limit=4, order="list")
    assert [hit.paper.id for hit in listed.hits] == [hit.paper.id for hit in every.hits][:4]
    assert listed.total == every.total > 4
