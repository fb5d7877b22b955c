"""A cell that looks like a list of strings but is not one (``['a'`` and a long run of
spaces before something that is no string) is read as text, as a cell that is no list
is; the pattern that tells a list had two runs of spaces side by side around its last
comma, so such a cell took time that grew with the square of its spaces."""

from __future__ import annotations

import pytest

from tuireader.ingest.formats.common import _LISTED_RE, listed_strings


def test_no_list_with_many_spaces_is_not_one():
    # 200,000 spaces: seconds for each 20,000 with two runs of spaces side by side
    cell = "['a'" + " " * 200_000 + "x]"
    assert _LISTED_RE.fullmatch(cell) is None
    assert listed_strings(cell) is None


@pytest.mark.parametrize(
    ("cell", "items"),
    [
        ("['a']", ["a"]),
        ("['a',]", ["a"]),
        ("['a' , ]", ["a"]),
        ("[ 'a' ,  'b' ,  ]", ["a", "b"]),
        ("['a', 'b']", ["a", "b"]),
        ('["A", "B"]', ["A", "B"]),
        ("[]", []),
        ("[ ]", []),
    ],
)
def test_lists_still_read(cell, items):
    assert _LISTED_RE.fullmatch(cell) is not None
    assert listed_strings(cell) == items


@pytest.mark.parametrize("cell", ["[,]", "['a',,]", "['a' 'b']", "['a'  x]", "[ , ]"])
def test_no_lists_still_not_read(cell):
    assert _LISTED_RE.fullmatch(cell) is None
