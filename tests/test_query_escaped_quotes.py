"""A quote inside a quoted value is written with a backslash before it, as a shell's
double quotes and JSON take it: ``tag:"say \\"hi\\""`` finds the papers tagged
``say "hi"`` (the tag's first quote closed the value, and no query could name it), on
the index and on the scan without one; a backslash before anything else stays."""

from __future__ import annotations

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search import query as ql
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve
from tuireader.triage.filters import filter_resolver, unknown_tags
from tuireader.triage.store import Store

QUOTED_TAG = 'say "hi"'


def _tags(query: str) -> list[str]:
    return [node.value for node in ql.filters(ql.parse(query).root) if node.name == "tag"]


@pytest.mark.parametrize(
    ("query", "tag"),
    [
        (r'tag:"say \"hi\""', 'say "hi"'),
        (r'tag:"\"quoted\""', '"quoted"'),
        (r'tag:"a\\b"', "a\\b"),  # an escaped backslash
        (r'tag:"a\b"', "a\\b"),  # a backslash before a letter is itself
        (r'tag:"ends in \\"', "ends in \\"),
        ('tag:"to read"', "to read"),
    ],
)
def test_a_quoted_value_takes_escaped_quotes_and_backslashes(query, tag):
    parsed = ql.parse(query)
    assert _tags(query) == [tag.lower()]
    assert not parsed.problems


def test_a_phrase_with_an_escaped_quote_is_its_words():
    phrases = ql.words(ql.parse(r'"graph \"neural\" network" robots').root)
    assert [(type(word).__name__, word.text) for word in phrases] == [
        ("Phrase", 'graph "neural" network'),
        ("Term", "robots"),
    ]


def test_an_escaped_quote_leaves_the_quotation_open():
    parsed = ql.parse(r'tag:"say \"hi')
    assert _tags(r'tag:"say \"hi') == ['say "hi']
    assert any("unbalanced" in problem for problem in parsed.problems)


@pytest.fixture(scope="module")
def tagged(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    library = load_library([write_jsonl(folder / "papers.jsonl", many_records(30))])
    store = Store.open(tmp_path_factory.mktemp("state") / "triage.db")
    first, second = library.papers[3].id, library.papers[7].id
    store.add_tag(first, QUOTED_TAG)
    store.add_tag(second, "say")
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield (indexed, Engine(library, None)), filter_resolver(store), first, second
    indexed.close()
    store.close()


def test_a_tag_with_a_quote_is_found_on_both_paths(tagged):
    engines, resolver, first, second = tagged
    for engine in engines:
        found = engine.search(r'tag:"say \"hi\""', resolve=resolver, limit=None)
        assert [hit.paper.id for hit in found.hits] == [first]
        # and left out so, with words as any filter is
        without = engine.search(r'study -tag:"SAY \"HI\""', resolve=resolver, limit=None)
        assert {hit.paper.id for hit in without.hits} == {
            paper.id for paper in engine.library.papers if paper.id != first
        }
        # the tag "say" is another one
        found = engine.search("tag:say", resolve=resolver, limit=None)
        assert [hit.paper.id for hit in found.hits] == [second]


def test_a_tag_with_a_quote_is_not_said_to_be_unknown():
    assert unknown_tags(r'tag:"say \"hi\""', [QUOTED_TAG, "say"]) is None


@pytest.mark.parametrize(
    ("query", "tag"),
    [
        # a quote after a letter and before a vowel is a quote in a tag, not LaTeX's umlaut
        (r'tag:"q\"uote"', 'q"uote'),
        (r'-tag:"q\"uote"', 'q"uote'),
        (r'(tag:"a\"e" OR robots)', 'a"e'),
        (r'TAG:"q\"uote"', 'q"uote'),
    ],
)
def test_an_escaped_quote_in_a_tag_is_never_an_umlaut(query, tag):
    assert _tags(query) == [tag]


def test_latex_letters_elsewhere_in_a_query_with_such_a_tag_are_still_read():
    parsed = ql.parse(r'author:"Sch\"olkopf" tag:"q\"uote" Erd\H{o}s')
    assert _tags(r'author:"Sch\"olkopf" tag:"q\"uote"') == ['q"uote']
    said = [(type(word).__name__, word.text) for word in ql.words(parsed.root)]
    assert ("Phrase", "Schölkopf") in said and ("Term", "Erdős") in said


def test_a_tag_with_a_quote_given_to_triage_is_found_by_search(capsys):
    import json

    from tuireader.cli import main

    paper = "fhg466ju"  # a paper of the built-in seed lists
    assert main(["triage", paper, "--tag", 'q"uote']) == 0
    capsys.readouterr()
    assert main(["search", r'tag:"q\"uote"', "--json"]) == 0
    out, err = capsys.readouterr()
    assert [hit["id"] for hit in json.loads(out)["hits"]] == [paper], err
    assert main(["search", 'tag:q"uote']) == 1
    assert r'(in a query: tag:"q\"uote")' in capsys.readouterr().err


def test_a_tag_in_use_with_a_quote_is_shown_as_a_query_names_it():
    said = unknown_tags('tag:q"uote', ['q"uote', "robots"])
    assert said is not None and "no paper is tagged 'q'" in said
    assert r'q"uote (in a query: tag:"q\"uote")' in said and "robots" in said
    assert "(in a query" not in (unknown_tags("tag:nope", ["robots"]) or "")
