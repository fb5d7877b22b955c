"""Addresses written without a scheme: project pages and repositories offered as links.

Researchers end abstracts with "The project is available at alpha-mdf.github.io" or
"Website at clvrai.com/boss.": such a page is one of the paper's links, opened with
``https://``. Only names plainly meant as addresses count, never an abbreviation, a file
name, a version or an arXiv id. The fixture holds three verbatim records of Paper
Copilot's CoRL 2023 list.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.links import bare_urls, extract_urls, links_for, without_urls
from tuireader.model import Link

FIXTURES = Path(__file__).parent / "fixtures" / "links"


def test_a_corl_papers_bare_project_pages_are_among_its_links() -> None:
    library = load_library([FIXTURES / "papercopilot_corl2023_bare_links_slice.json"])
    links = {paper.title.split(":")[0]: paper.links for paper in library.papers}
    # "The project is available at alpha-mdf.github.io and the codebase is at
    # github.com/ir-lab/alpha-MDF": the code first, as always, then the project's page
    first = links["$\\alpha$-MDF"][0]
    assert (first.url, first.kind) == ("https://github.com/ir-lab/alpha-MDF", "code")
    assert Link("https://alpha-mdf.github.io", "project", "text") in links["$\\alpha$-MDF"]
    boss = links["Bootstrap Your Own Skills"]
    assert Link("https://clvrai.com/boss", "project", "text") in boss
    # the list's github field gives M2T2's page, which its abstract names bare too: the
    # field's link, once
    m2t2 = [link for link in links["M2T2"] if "m2-t2" in link.url]
    assert m2t2 == [Link("https://m2-t2.github.io", "project", "code_urls")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Samples at google-research.github.io/seanet/musiclm/rlhf/.",
            ["https://google-research.github.io/seanet/musiclm/rlhf/"],
        ),
        (
            "The page is lab.gitlab.io, the docs at tool.readthedocs.io.",
            [
                "https://lab.gitlab.io",
                "https://tool.readthedocs.io",
            ],
        ),
        (
            "Code: codeberg.org/owner/repo; demo: sites.google.com/view/demo",
            [
                "https://codeberg.org/owner/repo",
                "https://sites.google.com/view/demo",
            ],
        ),
        ("see (example.ai/demo).", ["https://example.ai/demo"]),
        (r"\url{team.github.io/x}", ["https://team.github.io/x"]),
    ],
)
def test_bare_addresses_plainly_meant_are_found(text: str, expected: list[str]) -> None:
    assert extract_urls(text) == expected
    assert bare_urls(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "as in prior work, e.g. Smith et al., i.e. the same",
        "run model.py with config.yaml and utils/data.py",
        "version v1.2.3 and 3.5/5 of the runs",
        "see arXiv:2101.00001 and doi 10.1000/abc.def",
        "written in Node.js on ASP.NET/Core, PyTorch.org is its home",
        "a site alone: example.org, example.ai or github.com",
        "mail me@lab.org/x or user@team.github.io",
    ],
)
def test_what_is_no_address_gives_no_link(text: str) -> None:
    assert extract_urls(text) == []
    assert bare_urls(text) == []


def test_an_address_written_bare_and_in_full_is_given_as_written_in_full() -> None:
    # ICML 2024: "[adaptive-intelligent-robotics.github.io/QDAC](https://...QDAC/)"
    text = (
        "[adaptive-intelligent-robotics.github.io/QDAC]"
        "(https://adaptive-intelligent-robotics.github.io/QDAC/)"
    )
    assert extract_urls(text) == ["https://adaptive-intelligent-robotics.github.io/QDAC/"]
    assert bare_urls(text) == []


def test_bare_pages_are_projects_after_code_and_papers() -> None:
    text = "Page: my-lab.github.io/proj. Paper: https://arxiv.org/abs/2401.00001. Code: github.com/a/b."
    assert [(link.url, link.kind) for link in links_for(text)] == [
        ("https://github.com/a/b", "code"),
        ("https://arxiv.org/abs/2401.00001", "paper"),
        ("https://my-lab.github.io/proj", "project"),
    ]


def test_text_without_addresses_keeps_bare_site_names() -> None:
    # what the taste model learns from: addresses with a scheme and code hosts' paths go,
    # a site's bare name stays for it to take out on its own
    text = "Page at alpha-mdf.github.io, code at github.com/a/b and https://x.org/y."
    assert without_urls(text).split() == ["Page", "at", "alpha-mdf.github.io,", "code", "at", "and"]
