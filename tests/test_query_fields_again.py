"""A field named twice before its word, ``title:title:robot`` (a field typed before a
value pasted with its own), looked for the word "title:robot", which no title has: it
found nothing and said nothing. The word is searched in the last field named, and the
repair is said, as other repairs are."""

from __future__ import annotations

import pytest

from tuireader.search import query as ql


@pytest.mark.parametrize(
    ("query", "word", "said"),
    [
        ("title:title:robot", ql.Term("robot", "title"), "“title:title:”"),
        ("title:author:zhou", ql.Term("zhou", "authors"), "“title:author:”"),
        ("Title:TITLE:robot", ql.Term("robot", "title"), "“Title:TITLE:”"),
        ('abstract:title:"graph networks"', ql.Phrase("graph networks", "title"), "“abstract"),
        ("link:url:github.com", ql.Term("github.com", "urls"), "“link:url:”"),
    ],
)
def test_a_field_named_again_takes_the_word(query, word, said):
    parsed = ql.parse(query)
    assert parsed.root == word
    assert said in (parsed.message or "")
    assert "in one field" in (parsed.message or "")


def test_left_out_the_word_is_still_left_out():
    parsed = ql.parse("robot -title:title:grasp")
    assert parsed.root == ql.And((ql.Term("robot"), ql.Not(ql.Term("grasp", "title"))))


@pytest.mark.parametrize("query", ["title:robot", "title:Position: Rethinking", "is:kept"])
def test_a_field_once_is_no_repair(query):
    assert "in one field" not in (ql.parse(query).message or "")
