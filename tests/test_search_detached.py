"""``is:detached`` in the reader's search box: the marks on papers of none of the lists
are no papers the reader shows, so the filter matches none, and says where they are
listed, where it was left out and the query's other words found papers of the lists
("is:detached ViNT" found the ViNT paper of the lists, saying "is:detached needs
triage data, which is not open")."""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.search.terms import DETACHED_ELSEWHERE
from tuireader.system.paths import resolve
from tuireader.ui.triage import snapshot_resolver

PAPERS = [
    {"title": "ViNT: A Foundation Model for Visual Navigation", "abstract": "Robots move."},
    {"title": "Graph Networks for Molecules", "abstract": "Molecules as graphs."},
]


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "papers.json").write_text(json.dumps(PAPERS), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    yield indexed
    indexed.close()


@pytest.mark.parametrize("query", ["is:detached", "is:detached ViNT", "ViNT is:detached"])
def test_is_detached_in_the_reader_finds_no_paper_of_the_lists_and_says_why(engine, query):
    reader = snapshot_resolver({}, {}, {})  # what the reader answers filters with
    result = engine.search(query, resolve=reader, limit=None)
    assert result.total == 0 and not result.hits
    assert result.message == DETACHED_ELSEWHERE
    assert "tuireader search is:detached" in result.message


def test_every_paper_of_the_lists_is_not_detached(engine):
    reader = snapshot_resolver({}, {}, {})
    result = engine.search("-is:detached ViNT", resolve=reader, limit=None)
    assert [hit.paper.title for hit in result.hits] == [PAPERS[0]["title"]]
