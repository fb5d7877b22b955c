"""Punctuation glued to an address's end in an abstract is the sentence's, not the link's.

A list that writes its abstracts as HTML (or a BibTeX copy of one) glues a character
reference to an address: "code at https://github.com/a/b&gt;" gave
``https://github.com/a/b%26gt``, a link to no page; so did a guillemet
("«https://github.com/a/b»"). An address's own characters stay: balanced parentheses
(a Wikipedia page), a query's ``&``, and anything unsafe percent-encoded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.links import extract_urls, links_for


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("code at https://github.com/a/b&gt;.", "https://github.com/a/b"),
        ("see &lt;github.com/a/b&gt;", "https://github.com/a/b"),
        ("the code (&quot;https://github.com/a/b&quot;) is public", "https://github.com/a/b"),
        ("code at https://github.com/a/b&#41; and more", "https://github.com/a/b"),
        ("code at https://github.com/a/b&#x27;;", "https://github.com/a/b"),
        ("code at https://github.com/a/b&rdquo;.", "https://github.com/a/b"),
        ("code at https://github.com/a/b&#59;", "https://github.com/a/b"),
        ("le code «https://github.com/a/b»", "https://github.com/a/b"),
        ("le code ‹https://github.com/a/b›;", "https://github.com/a/b"),
        ("see github.com/a/b;", "https://github.com/a/b"),
        ("see https://github.com/a/b);", "https://github.com/a/b"),
        (
            "(see https://en.wikipedia.org/wiki/Set_(mathematics)).",
            "https://en.wikipedia.org/wiki/Set_(mathematics)",
        ),
        ("query https://a.org/s?q=1&x=2.", "https://a.org/s?q=1&x=2"),
    ],
)
def test_what_is_glued_to_an_address_is_not_part_of_it(text: str, expected: str) -> None:
    assert extract_urls(text) == [expected]
    assert [link.url for link in links_for(text)] == [expected]


def test_an_unsafe_character_inside_an_address_stays_percent_encoded() -> None:
    (link,) = links_for("see https://x.org/a;b&c=1 here")
    assert link.url == "https://x.org/a%3Bb&c=1"


def test_a_bibtex_abstract_copied_from_html_gives_the_repositorys_link(tmp_path: Path) -> None:
    listed = tmp_path / "papers.bib"
    listed.write_text(
        "@article{a1,\n  title = {Walking on Stairs},\n  year = {2020},\n"
        "  abstract = {Our code is at https://github.com/ours/robot&gt; and the data at"
        " &quot;https://ours.github.io/data&quot;.}\n}\n",
        encoding="utf-8",
    )
    (paper,) = load_library([listed]).papers
    assert [link.url for link in paper.links] == [
        "https://github.com/ours/robot",
        "https://ours.github.io/data",
    ]
