"""The reader names the authors a search looked for after "and N more" (``matched_authors``):
an author in Chinese, Japanese or Korean script found by the name spelled in Latin
letters (``author:zhang`` finds "张伟", as the key ``zhang2023…`` spells him) was not
named, as his name has no such word; now it is, and the name in its script as before."""

from __future__ import annotations

import pytest

from tuireader.ui.text import matched_authors

AUTHORS = [f"Author Number{n}" for n in range(1, 15)] + ["张伟", "山田 太郎", "김철수", "Wei Chen"]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("author:zhang", ["张伟"]),
        ("zhang", ["张伟"]),
        ('author:"zhang wei"', ["张伟"]),
        ('author:"Wei Zhang"', ["张伟"]),
        ("author:wei", ["张伟", "Wei Chen"]),
        ("author:shantian", ["山田 太郎"]),
        ("author:kim", ["김철수"]),
        ("author:gim", ["김철수"]),
        ("author:cheolsu", ["김철수"]),
        # as before
        ("author:张伟", ["张伟"]),
        ("author:chen", ["Wei Chen"]),
        ("author:yamada", []),
    ],
)
def test_an_author_found_by_the_spelled_name_is_named(query, found):
    assert matched_authors(AUTHORS, query) == found
