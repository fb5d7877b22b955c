"""A list's own code link comes before a repository its abstract merely mentions.

A Paper Copilot or OpenReview record gives the authors' repository in its ``github``
(or ``code``) field; its abstract may name another one, a baseline's. The abstract's
came first, so ``tuireader links``, ``u`` and the exports' ``code`` column gave the
baseline's repository as the paper's code.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.links import links_for, merge_links
from tuireader.model import Link

ABSTRACT = (
    "We build on the planner of https://github.com/baseline/planner and improve it. "
    "A project page is at https://ours.github.io/site."
)


def test_the_records_own_code_link_comes_before_one_its_abstract_mentions() -> None:
    links = links_for(
        ABSTRACT,
        url="https://openreview.net/forum?id=X",
        code_urls=["https://github.com/ours/robot"],
    )
    assert links == (
        Link("https://github.com/ours/robot", "code", "code_urls"),
        Link("https://github.com/baseline/planner", "code", "text"),
        Link("https://openreview.net/forum?id=X", "paper", "url"),
        Link("https://ours.github.io/site", "project", "text"),
    )


def test_a_list_records_github_field_is_the_papers_first_link(tmp_path: Path) -> None:
    record = {
        "id": "Xyz123",
        "title": "Learning to Walk on Stairs",
        "abstract": ABSTRACT,
        "github": "https://github.com/ours/robot",
        "site": "https://openreview.net/forum?id=Xyz123",
    }
    listed = tmp_path / "corl.json"
    listed.write_text(json.dumps([record]), encoding="utf-8")
    (paper,) = load_library([listed]).papers
    assert paper.code_links[0].url == "https://github.com/ours/robot"
    assert [link.url for link in paper.code_links] == [
        "https://github.com/ours/robot",
        "https://github.com/baseline/planner",
    ]


def test_merged_records_keep_their_own_code_links_first() -> None:
    mentioned = (Link("https://github.com/baseline/planner", "code", "text"),)
    own = (Link("https://github.com/ours/robot", "code", "code_urls"),)
    assert merge_links(mentioned, own) == own + mentioned


def test_mentioned_paper_and_project_links_keep_their_place() -> None:
    links = merge_links(
        (
            Link("https://arxiv.org/abs/1", "paper", "text"),
            Link("https://a.org/", "project", "text"),
        ),
        (
            Link("https://proceedings.mlr.press/v1/x.html", "paper", "url"),
            Link("https://b.org/", "project", "project_urls"),
        ),
    )
    assert [link.url for link in links] == [
        "https://arxiv.org/abs/1",
        "https://proceedings.mlr.press/v1/x.html",
        "https://a.org/",
        "https://b.org/",
    ]
