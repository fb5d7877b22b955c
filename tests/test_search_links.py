"""``url:`` and ``link:`` find papers by their links: by a host (and the hosts under it),
by a whole address (scheme, ``www.``, a trailing slash, the fragment and case aside), by
the words of a link; a quoted value is searched, not raised. The index and a scan agree."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.links import address_terms, link_address
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures"

CHARMER = "tjzy5zid"  # ICML 2024, code at github.com/LIONS-EPFL/Charmer
ATARI = "w6hlwa5x"  # ICML 2024, a project page at pranaval.github.io
CONTACT = "alatg74m"  # CoRL 2023, code at github.com/ebianchi/dair_pll
CHAINED = "4qqeaohj"  # CoRL 2023, code at github.com/zhouxian/chained-diffuser
ICML = {CHARMER, ATARI, "e6livzmw", "hnrdxf5q", "mttiddaq"}  # all on proceedings.mlr.press
CORL = {CONTACT, CHAINED}
COLLAS = {"lwjibj5y", "d65vr6l5"}  # videos on youtu.be


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    shutil.copy(FIXTURES / "readers" / "icml2024_sample.jsonl", folder / "icml2024.jsonl")
    shutil.copy(FIXTURES / "queries" / "corl2023_links_slice.json", folder / "corl2023.json")
    shutil.copy(FIXTURES / "queries" / "collas2022_slice.bib", folder / "pmlr_v199_collas2022.bib")
    library = load_library([folder])
    assert {paper.id for paper in library.papers} == ICML | CORL | COLLAS
    return library


@pytest.fixture(scope="module", params=["indexed", "scanned"])
def engine(request, library, tmp_path_factory):
    if request.param == "scanned":
        yield Engine(library, None)  # no index: each paper read in turn
        return
    opened = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    yield opened
    opened.close()


def _ids(engine, query: str) -> set[str]:
    result = engine.search(query, limit=None)
    assert result.total == len(result.hits)
    return {hit.paper.id for hit in result.hits}


def test_a_host_finds_every_paper_with_a_link_there_and_on_hosts_under_it(engine):
    # url:github.com found 1 paper of 582 with GitHub links; url:openreview.net and
    # url:proceedings.mlr.press none
    assert _ids(engine, "url:github.com") == {CHARMER, CONTACT, CHAINED}
    assert _ids(engine, "url:openreview.net") == ICML | CORL
    assert _ids(engine, "url:proceedings.mlr.press") == ICML
    assert _ids(engine, "url:mlr.press") == ICML
    assert _ids(engine, "url:github.io") == {ATARI}
    assert _ids(engine, "link:youtu.be") == COLLAS
    assert _ids(engine, "url:GitHub.com/") == _ids(engine, "url:https://www.github.com")
    assert _ids(engine, "url:example.com") == set()


def test_a_whole_address_finds_the_paper_with_that_link(engine):
    # url:https://github.com/zhouxian/chained-diffuser found nothing
    for query in (
        "url:https://github.com/zhouxian/chained-diffuser",
        "url:http://www.github.com/zhouxian/chained-diffuser/",
        "url:github.com/ZhouXian/Chained-Diffuser#readme",
        "link:github.com/zhouxian",
        'url:"https://github.com/zhouxian/chained-diffuser"',
    ):
        assert _ids(engine, query) == {CHAINED}, query
    assert _ids(engine, "url:https://openreview.net/forum?id=AZWqXfM6z9") == {CHARMER}
    assert _ids(engine, "url:proceedings.mlr.press/v235/abe24a.html") == {"mttiddaq"}
    # an address no link has: the words the index keeps of a code link there
    assert _ids(engine, "url:github.com/zhouxian") == {CHAINED}
    assert _ids(engine, "url:https://github.com/LIONS-EPFL") == {CHARMER}
    assert _ids(engine, "url:https://github.com/zhouxian/act3d") == set()
    # excluded, and beside other words
    assert _ids(engine, "-url:github.com") == ICML - {CHARMER} | COLLAS
    assert _ids(engine, "url:mlr.press -url:github.com") == ICML - {CHARMER}
    assert _ids(engine, "url:github.com OR url:youtu.be") == {CHARMER, CONTACT, CHAINED} | COLLAS


def test_a_quoted_value_is_its_words_not_a_crash(engine):
    # url:"github.com" exited 2: "Phrase search: 'urls' field has no positions"
    assert _ids(engine, 'url:"github.com"') == _ids(engine, "url:github.com")
    assert _ids(engine, 'link:"github.com"') == _ids(engine, "url:github.com")
    assert _ids(engine, 'url:"a b"') == set()
    assert _ids(engine, 'link:"x y"') == set()
    assert _ids(engine, 'url:"lions epfl"') == {CHARMER}
    assert _ids(engine, 'url:"github.com lions"') == {CHARMER}
    assert _ids(engine, 'year:"2024"') == _ids(engine, "year:2024") == ICML


def test_words_of_links_and_has_find_what_they_found(engine):
    # a link's host names and a code link's owner and repository are words
    assert _ids(engine, "url:github") == {CHARMER, CONTACT, CHAINED, ATARI}
    assert _ids(engine, "url:LIONS-EPFL") == {CHARMER}
    assert _ids(engine, "url:zhouxian/chained-diffuser") == {CHAINED}
    assert _ids(engine, "has:code") == {CHARMER, CONTACT, CHAINED}


def test_plain_words_still_find_links_words(library, tmp_path):
    # (the scan reads plain words in the title, abstract and authors only)
    engine = open_engine(library, resolve(tmp_path / "data"))
    try:
        assert _ids(engine, "github") >= {CHARMER, CONTACT, CHAINED, ATARI}
        assert _ids(engine, "chained") == {CHAINED}
    finally:
        engine.close()


def test_a_link_is_indexed_by_its_hosts_and_its_address():
    assert address_terms("https://proceedings.mlr.press/v235/abe24a.html") == [
        "proceedings.mlr.press",
        "mlr.press",
        "proceedings.mlr.press/v235/abe24a.html",
    ]
    assert address_terms("https://openreview.net/forum?id=AZWqXfM6z9") == [
        "openreview.net",
        "openreview.net/forum?id=azwqxfm6z9",
    ]
    assert address_terms("http://www.cs.example.edu:8080/~me/x/") == [
        "cs.example.edu",
        "example.edu",
        "cs.example.edu/~me/x",
    ]
    assert address_terms("https://me.github.io") == ["me.github.io", "github.io"]
    assert address_terms("http://127.0.0.1/x") == ["127.0.0.1", "127.0.0.1/x"]
    for same in (
        "https://github.com/a/B",
        "http://github.com/a/b/",
        "https://www.GitHub.com/a/b#readme",
        "github.com/a/b",
        "https://user@github.com:443/a/b",
    ):
        assert link_address(same) == "github.com/a/b"


@pytest.mark.parametrize("scheme", ["url:http://", "url:https:", "link:https://www.", "url:www."])
def test_a_scheme_alone_is_any_link_and_is_said(engine, scheme):
    # url:http:// found no paper and said nothing: every link has a scheme, none is one
    result = engine.search(f"url:mlr.press {scheme}", limit=None)
    assert {hit.paper.id for hit in result.hits} == ICML
    assert "is any link" in (result.message or "")
    assert scheme.partition(":")[2] in (result.message or "")


@pytest.fixture(scope="module", params=["indexed", "scanned"])
def some_linked(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    papers = [
        {"title": "Linked Robots", "abstract": "Code.", "url": "https://github.com/a/b"},
        {"title": "Linked Proofs", "abstract": "Paper.", "url": "http://example.org/p.pdf"},
        {"title": "Unlinked Robots", "abstract": "No address at all."},
    ]
    (folder / "some.json").write_text(json.dumps(papers), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scanned":
        yield Engine(library, None)
        return
    opened = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    yield opened
    opened.close()


@pytest.mark.parametrize(
    "scheme", ["url:http://", "url:https://", "link:https:", "url:www.", "url:https", "url:HTTP"]
)
def test_a_scheme_alone_finds_the_papers_with_a_link(some_linked, scheme):
    # url:http:// listed every paper, those with no link too (114 of the 1,061 of the
    # real lists): a link's scheme does not matter, so every link has it
    titles = {hit.paper.title for hit in some_linked.search(scheme, limit=None).hits}
    assert titles == {"Linked Robots", "Linked Proofs"}
    without = some_linked.search(f"-{scheme}", limit=None)
    assert {hit.paper.title for hit in without.hits} == {"Unlinked Robots"}
    robots = some_linked.search(f"robots {scheme}", limit=None)
    assert {hit.paper.title for hit in robots.hits} == {"Linked Robots"}
    assert "is any link" in (robots.message or "")


def test_a_scheme_being_typed_waits_for_its_host_unsaid(engine):
    # the address is the next key: what the words before it find, as after "url:"
    for typed in (
        "url:mlr.press url:https://",
        "url:mlr.press url:https://www.",
        "url:mlr.press url:https",
    ):
        result = engine.search(typed, prefix=True, limit=None)
        assert {hit.paper.id for hit in result.hits} == ICML, typed
        assert result.message is None, typed
    typed = engine.search("url:https://github.c", prefix=True, limit=None)
    assert {hit.paper.id for hit in typed.hits} == {CHARMER, CONTACT, CHAINED}
