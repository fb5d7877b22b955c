"""Every line of a Markdown bibliography has one shape, ``[Title](url). Authors. Venue,
Year.``: a paper with a URL of its own had only ``[Title](url)``, where one without had
``*Title*. Authors. Venue, Year.``, its title in italics."""

from __future__ import annotations

from tuireader.model import Link, Paper
from tuireader.render.citations import format_citation


def _paper(*links: Link) -> Paper:
    return Paper(
        id="p",
        title="Deep Things",
        abstract="",
        authors=("Ann Lee", "Bo Chen"),
        venue="ICML 2024",
        links=links,
    )


def test_a_linked_title_is_followed_by_who_where_and_when() -> None:
    linked = format_citation(_paper(Link("https://example.org/p", "paper", "url")), "markdown")
    assert linked.text == (
        "[Deep Things](https://example.org/p). Ann Lee, Bo Chen. "
        "Proceedings of the 41st International Conference on Machine Learning, 2024."
    )


def test_a_paper_with_a_link_and_one_without_differ_only_in_the_title() -> None:
    linked = format_citation(_paper(Link("https://example.org/p", "paper", "url")), "markdown")
    alone = format_citation(_paper(), "markdown")
    assert alone.text.startswith("*Deep Things*. ")
    assert linked.text.startswith("[Deep Things](https://example.org/p). ")
    assert linked.text.partition("). ")[2] == alone.text.partition("*. ")[2] != ""
