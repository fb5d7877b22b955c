"""``sort:fit|relevance|list`` in the query language: a directive carried on the parsed
query, not a filter, repaired with a message when its value is wrong."""

from __future__ import annotations

import pytest

from tuireader.search.query import SORTS, And, Term, parse


@pytest.mark.parametrize("order", ["fit", "relevance", "list"])
def test_sort_is_carried_on_the_query_and_left_out_of_the_tree(order):
    parsed = parse(f"diffusion sort:{order} models")
    assert parsed.sort == order
    assert parsed.root == And((Term("diffusion"), Term("models")))
    assert parsed.message is None


def test_sort_alone_leaves_an_empty_query_and_case_does_not_matter():
    parsed = parse("sort:FIT")
    assert (parsed.root, parsed.sort, parsed.message) == (None, "fit", None)
    assert parse("diffusion").sort is None
    assert SORTS == ("fit", "relevance", "list")


def test_the_last_sort_wins():
    assert parse("sort:list a sort:fit").sort == "fit"


def test_a_quoted_sort_is_the_order_it_names():
    # 'sort:"fit" robot' said "'sort:' needs a value" and searched the phrase "fit"
    parsed = parse('sort:"fit" robot')
    assert (parsed.sort, parsed.root, parsed.message) == ("fit", Term("robot"), None)
    parsed = parse('robot sort:"best"')
    assert parsed.sort is None and parsed.root == Term("robot")
    assert parsed.message is not None and "ignored “sort:best”" in parsed.message


@pytest.mark.parametrize(
    ("text", "root", "problem"),
    [
        ("diffusion sort:best", Term("diffusion"), "ignored “sort:best”"),
        ("sort: diffusion", Term("diffusion"), "'sort:' needs a value"),
        ("sort:", None, "fit, relevance, list"),
    ],
)
def test_a_bad_sort_is_repaired_with_a_message(text, root, problem):
    parsed = parse(text)
    assert parsed.sort is None
    assert parsed.root == root
    assert parsed.message is not None and problem in parsed.message


def test_a_negated_sort_still_sorts_and_says_so():
    parsed = parse("-sort:relevance a")
    assert parsed.sort == "relevance" and parsed.root == Term("a")
    assert parsed.message is not None and "'-'" in parsed.message


def test_live_search_does_not_take_the_word_before_sort_as_unfinished():
    assert parse("diffusion sort:fit", prefix=True).root == Term("diffusion")
    assert parse("sort:fit diffu", prefix=True).root == Term("diffu", prefix=True)


def test_an_unknown_field_lists_sort_among_the_fields():
    message = parse("foo:bar").message
    assert message is not None and "sort" in message
