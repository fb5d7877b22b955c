"""A query of filters only (``list:zotero``, ``is:new``, ``has:paper``, ``year:2017..2019``)
gives its hits in list order, as no query and ``--sort list`` do. Every hit matches it
alike: ranked by relevance, they came in the order of the index's documents, and after a
list was read again (a Zotero export written again, in the other order, three abstracts
edited) ``search list:zotero`` gave the old order, the three edited papers last. A query
with words is still ranked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.search.engine import open_engine
from tuireader.search.ranking import ranks_text
from tuireader.system.paths import resolve

#: twelve papers of a real Zotero export (Better CSL JSON), unedited
SLICE = Path(__file__).parent / "fixtures" / "list_order" / "zotero_csl_twelve.json"

FILTERS = [
    "list:zotero",
    "is:new",
    "has:paper",
    "year:2017..2019",
    "list:zotero is:new",
    "list:zotero OR year:2019",
    "has:paper -year:2007",
]


def rescraped(path: Path) -> list[str]:
    """Write the list at ``path`` again as a new export would: its records in the other
    order, and three abstracts edited; the titles of those three."""
    records = json.loads(path.read_text(encoding="utf-8"))
    records.reverse()
    edited = [record for record in records if record.get("abstract")][:3]
    for record in edited:
        record["abstract"] += " Revised."
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    return [record["title"] for record in edited]


def searched(capsys, query: str, *more: str) -> list[dict]:
    code = main(["search", query, "--json", "--limit", "50", *more])
    hits = json.loads(capsys.readouterr().out)["hits"]
    assert code == (0 if hits else 1)
    return hits


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "zotero.json"
    shutil.copyfile(SLICE, path)
    path.chmod(0o644)
    return path


def test_a_query_of_filters_is_in_list_order_after_its_list_was_read_again(capsys, source):
    assert main(["add", str(source)]) == 0
    capsys.readouterr()
    before = [hit["title"] for hit in searched(capsys, "list:zotero")]
    edited = rescraped(source)
    every = [hit["title"] for hit in searched(capsys, "")]
    assert every == before[::-1]  # the lists' order now: the file's
    for query in FILTERS:
        listed = [hit["title"] for hit in searched(capsys, query, "--sort", "list")]
        assert listed == [title for title in every if title in listed], query
        assert [hit["title"] for hit in searched(capsys, query)] == listed, query
    # the papers edited are the first three of the list, not its last
    assert [hit["title"] for hit in searched(capsys, "list:zotero")][:3] == edited


def test_a_query_with_words_beside_filters_is_still_ranked(capsys, source):
    assert main(["add", str(source)]) == 0
    capsys.readouterr()
    rescraped(source)
    for query in ("brain", "brain list:zotero", "graph year:2017..2019", "network -year:2007"):
        hits = searched(capsys, query)
        scores = [hit["score"] for hit in hits]
        assert scores == sorted(scores, reverse=True), query
        listed = [hit["title"] for hit in searched(capsys, query, "--sort", "list")]
        assert [hit["title"] for hit in hits] != listed, query  # ranked, not listed


def test_the_engine_gives_a_query_of_filters_its_first_hits_in_list_order(source, tmp_path):
    paths = resolve(tmp_path / "data").ensure()
    open_engine(load_library([source]), paths).close()
    rescraped(source)
    library = load_library([source])
    engine = open_engine(library, paths)
    try:
        for query in ("list:zotero", "has:paper", "year:2017..2019", "-year:2007"):
            for limit in (3, None):
                found = engine.search(query, limit=limit)
                listed = engine.search(query, limit=limit, order="list")
                ids = [hit.paper.id for hit in found.hits]
                assert ids == [hit.paper.id for hit in listed.hits], (query, limit)
                assert found.total == listed.total > 3, query
                # typed in the reader, the last word a prefix, the same
                typed = engine.search(query, limit=limit, prefix=True)
                assert [hit.paper.id for hit in typed.hits] == ids, (query, limit)
    finally:
        engine.close()


@pytest.mark.parametrize(
    ("query", "ranked"),
    [
        ("", False),
        ("sort:relevance", False),
        ("list:zotero", False),
        ('list:"zotero export"', False),
        ("year:2020..2024 has:code", False),
        ("is:new OR tag:later", False),
        ("-robot", False),
        ("-(grasp OR push) is:kept", False),
        ("robot", True),
        ("robot list:zotero", True),
        ('"graph neural" year:2023', True),
        ("author:smith", True),
        ("venue:corl", True),
        ("list:zotero OR robot", True),
    ],
)
def test_a_query_ranks_its_hits_when_it_looks_for_words(query, ranked):
    assert ranks_text(query) is ranked
    assert ranks_text(query, prefix=True) is ranked


def answered(capsys, query: str, *more: str) -> dict:
    main(["search", query, "--json", "--limit", "50", *more])
    return json.loads(capsys.readouterr().out)


def test_the_json_says_the_order_its_hits_are_in(capsys, source):
    # a query of filters only said "sort": "relevance" over hits in list order
    assert main(["add", str(source)]) == 0
    capsys.readouterr()
    for query in ("", "list:zotero", "has:paper", "year:2017..2019 -year:2018"):
        answer = answered(capsys, query)
        assert answer["sort"] == "list", query
        assert answer["message"] is None, query  # none asked for: nothing to say
    assert answered(capsys, "brain")["sort"] == "relevance"
    assert answered(capsys, "brain", "--sort", "list")["sort"] == "list"


def test_relevance_asked_of_a_query_without_words_says_why_the_order_is_the_lists(capsys, source):
    assert main(["add", str(source)]) == 0
    capsys.readouterr()
    said = "order: list (relevance needs words)"
    for query, more in (
        ("sort:relevance list:zotero", ()),
        ("list:zotero", ("--sort", "relevance")),
    ):
        answer = answered(capsys, query, *more)
        assert answer["sort"] == "list" and answer["message"] == said, query
        assert main(["search", query, "--limit", "3", *more]) == 0
        assert said in capsys.readouterr().err, query
    answer = answered(capsys, "brain sort:relevance")
    assert answer["sort"] == "relevance" and answer["message"] is None
    assert main(["search", "brain", "--sort", "relevance"]) == 0
    assert "order:" not in capsys.readouterr().err


def test_fit_without_decisions_says_it_shows_list_order_for_a_query_without_words(capsys, source):
    # it said "showing relevance order" over hits in list order
    assert main(["add", str(source)]) == 0
    capsys.readouterr()
    answer = answered(capsys, "list:zotero sort:fit")
    assert answer["sort"] == "list"
    assert answer["message"].endswith("; showing list order")
    answer = answered(capsys, "brain sort:fit")
    assert answer["sort"] == "relevance"
    assert answer["message"].endswith("; showing relevance order")
