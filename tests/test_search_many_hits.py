"""Every hit of a common word is many new objects (at 100,000 papers, the 74,000 of
"learning", which the reader asks for after its first page): they are made without
the cyclic garbage collector, whose collections their number set off walked the
library again and again (a third of the search's time), and with the same hits in the
same order."""

from __future__ import annotations

import gc

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, Hit, open_engine
from tuireader.system.paths import resolve


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    library = load_library([write_jsonl(folder / "many.jsonl", many_records(3000))])
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed, Engine(library, None)
    indexed.close()


@pytest.fixture
def collections():
    """The collections the cyclic garbage collector makes while a test runs."""
    made: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start":
            made.append(info["generation"])

    assert gc.isenabled()
    gc.callbacks.append(seen)
    yield made
    gc.callbacks.remove(seen)


def test_every_hit_is_made_without_a_collection(engines, collections):
    for engine in engines:
        engine.search("study", limit=None)  # the scan reads the library's terms once
        collections.clear()
        result = engine.search("study", limit=None)
        assert result.total == len(result.hits) == 3000
        # at most the one that takes in what the search left, once it is done (one for
        # every 700 new objects, a dozen here, while they were made)
        assert len(collections) <= 1, collections
        assert gc.isenabled()  # as it was before the search


def test_the_collector_is_left_as_it_was(engines):
    gc.disable()
    try:
        for engine in engines:
            engine.search("study", limit=None)
            assert not gc.isenabled()
    finally:
        gc.enable()


def test_every_hit_is_the_hit_of_the_first_page_in_the_same_order(engines):
    for engine in engines:
        first = engine.search("privacy", limit=20)
        every = engine.search("privacy", limit=None)
        assert every.hits[:20] == first.hits
        assert len(every.hits) == every.total > 20


def test_a_hit_is_a_frozen_value():
    paper = object()
    hit = Hit(paper, 1.5)  # type: ignore[arg-type]
    assert (hit.paper, hit.score, hit.found, hit.typed) == (paper, 1.5, None, None)
    assert hit == Hit(paper, 1.5) and hash(hit) == hash(Hit(paper, 1.5))  # type: ignore[arg-type]
    assert hit != Hit(paper, 2.0)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        hit.score = 3.0  # type: ignore[misc]
