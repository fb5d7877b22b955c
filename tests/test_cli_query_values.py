"""A query whose field, filter or order is given no value it can take is a usage error
on the command line, with nothing written; live search still reads it as it is typed."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.search.query import parse


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo(tmp_path):
    return str(write_jsonl(tmp_path / "demo.jsonl", RECORDS))


REFUSED = [
    ("is:", "'is:' needs a value, e.g. is:kept (is: takes new, kept, maybe, skip, read)"),
    (
        "has:",
        "'has:' needs a value, e.g. has:code (has: takes code, paper, project, video, slides, poster, note)",
    ),
    ("tag:", "'tag:' needs a value, e.g. tag:to-read"),
    ('tag:""', "'tag:' needs a value, e.g. tag:to-read"),
    ("is: kept", "'is:' needs a value right after its colon, with no space: is:kept"),
    ("language -is:", "'is:' needs a value"),
    ("year:abc", "year:abc names no year: a year is a number, e.g. year:2023"),
    ("year:20x3", "year:20x3 names no year"),
    ("language year:20x3", "year:20x3 names no year"),
    ("language sort:best", "sort:best is no order (sort: takes fit, relevance, list)"),
    ("title:*", "“title:*” has no letters or digits to search for, e.g. title:word"),
    ('language author:","', '“author:","” has no letters or digits to search for'),
    # a quote opened after the colon and closing nothing is no value either (it listed
    # every paper, "closed an unbalanced quote")
    ('venue:"', "'venue:' needs a value, e.g. venue:word"),
    ('language author:"', "'author:' needs a value"),
    ('title:"  ', "'title:' needs a value"),
    ('tag:"', "'tag:' needs a value, e.g. tag:to-read"),
    ('note:"', "'note:' needs a value"),
    ('list:"', "'list:' needs a value"),
    ('has:"', "'has:' needs a value, e.g. has:code (has: takes"),
    ('language -is:"', "'is:' needs a value, e.g. is:kept (is: takes"),
]


@pytest.mark.parametrize(("query", "said"), REFUSED)
@pytest.mark.parametrize("command", [("search",), ("cite", "--query"), ("copy",)])
def test_a_value_a_filter_cannot_take_is_a_usage_error(capsys, demo, query, said, command):
    # 'search is:' and 'search year:abc' listed every paper of the lists, exit 0
    code, out, err = run(capsys, *command, query, demo)
    assert code == 2 and out == ""
    assert said in err and "no papers match" not in err


@pytest.mark.parametrize(("query", "said"), REFUSED)
def test_an_export_of_such_a_query_writes_nothing(capsys, demo, tmp_path, query, said):
    # 'export --query "year:abc"' wrote the whole library; 'is: kept' the papers that
    # hold the word "kept"
    target = tmp_path / "out.csv"
    argv = ("export", "--query", query, "--format", "csv", "-o", str(target), demo)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err
    assert not target.exists() and "wrote" not in err


def test_a_json_answer_says_it_as_a_usage_error(capsys, demo):
    code, out, _err = run(capsys, "search", "year:abc", "--json", demo)
    answer = json.loads(out)
    assert code == 2 and answer["error"] == "usage" and answer["hits"] == []
    assert "year:abc names no year" in answer["message"]
    code, out, _ = run(capsys, "export", "--query", "is:", "--format", "json", demo)
    assert code == 2 and "'is:' needs a value" in json.loads(out)["message"]


def test_values_still_being_typed_are_searched_with_prefix(capsys, demo):
    # search --prefix reads the query as the reader's search box does: 'is:' on the way
    # to 'is:kept', 'year:20' to 'year:2024' are no error yet
    for query in ("language is:", "language year:20", "language sort:fi"):
        code, _out, err = run(capsys, "search", "--prefix", query, demo)
        assert code == 0, (query, err)
    code, _out, err = run(capsys, "search", "--prefix", "language year:20x3", demo)
    assert code == 2 and "year:20x3 names no year" in err


def test_live_search_still_reads_such_a_query_without_them():
    # the reader goes on as it did: the value left out, said, and no error while typed
    assert parse("is:", prefix=True).problems == () and parse("is:", prefix=True).refused == ()
    assert parse("is:").problems == ("'is:' needs a value, e.g. is:kept",)
    assert parse("year:abc").root is None
    assert parse("year:abc").problems[0].startswith("year:abc was ignored")
    assert parse("year:20", prefix=True).refused == ()
    assert parse("robot is:kept year:2023 sort:fit").refused == ()
    # a word of no letters alone is no field's value: "*" searches nothing, every paper
    assert parse("*").refused == () and parse("*").root is None


def test_a_query_of_no_words_still_lists_every_paper(capsys, demo):
    code, out, err = run(capsys, "search", "--limit", "100", "--", "*", demo)
    assert code == 0 and len(out.splitlines()) == len(RECORDS), err


@pytest.mark.parametrize("name", ["venue", "author", "title", "tag", "note", "list", "has", "is"])
def test_an_empty_quote_after_a_field_is_said_as_its_bare_colon_is(name):
    # the reader's search box reads the query with prefix, the command line without
    for prefix in (False, True):
        quoted, bare = parse(f'{name}:"', prefix=prefix), parse(f"{name}:", prefix=prefix)
        assert quoted.problems == bare.problems and quoted.refused == bare.refused
        assert quoted.root is None
        assert "closed an unbalanced quote" not in quoted.problems


def test_a_year_range_written_from_its_last_year_is_said():
    said = "read “year:2023..2020” as year:2020..2023 (a range is written from its first year)"
    for prefix in (False, True):
        parsed = parse("robots year:2023..2020", prefix=prefix)
        assert said in parsed.problems and parsed.refused == ()
    assert parse("year:2020..2023").problems == ()
    assert parse("-year:2024..2019").problems == (
        "read “year:2024..2019” as year:2019..2024 (a range is written from its first year)",
    )
    assert parse("year:2023..202", prefix=True).problems == ()  # still being typed


def test_a_reversed_year_range_is_said_on_the_command_line(capsys, demo):
    code, out, err = run(capsys, "search", "year:2030..1990", demo)
    assert code == 0 and out
    assert "read “year:2030..1990” as year:1990..2030" in err
