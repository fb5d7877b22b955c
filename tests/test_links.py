"""Finding, trimming, deduplicating and classifying the URLs in a paper's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.links import classify, extract_urls, links_for, url_key
from tuireader.model import Link

FORMATS = Path(__file__).parent / "fixtures" / "formats"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Code: https://github.com/YujunZhou/IGSG.", ["https://github.com/YujunZhou/IGSG"]),
        ("see https://a.org/x, and more", ["https://a.org/x"]),
        ("see https://a.org/x; and more", ["https://a.org/x"]),
        ("at https://a.org/x: details", ["https://a.org/x"]),
        ("wow https://a.org/x!", ["https://a.org/x"]),
        ("really https://a.org/x?", ["https://a.org/x"]),
        ("quoted 'https://a.org/x'", ["https://a.org/x"]),
        ('quoted "https://a.org/x"', ["https://a.org/x"]),
        ("(code at https://github.com/a/b)", ["https://github.com/a/b"]),
        ("(code at https://github.com/a/b).", ["https://github.com/a/b"]),
        ("[code](https://github.com/a/b)", ["https://github.com/a/b"]),
        (r"\url{https://github.com/a/b}.", ["https://github.com/a/b"]),
        (r"(\url{https://saytap.github.io})", ["https://saytap.github.io"]),
        ("see {https://a.org/x}.", ["https://a.org/x"]),
        (r"\href{https://github.com/a/b}{our code}.", ["https://github.com/a/b"]),
        (r"\href{https://a.org/x}{https://a.org/x})", ["https://a.org/x"]),
        (r"\href {https://a.org/x} {https://b.org/y}", ["https://a.org/x"]),
        (r"\href{https://a.org/x}{here}, https://b.org/y", ["https://a.org/x", "https://b.org/y"]),
        ("<https://a.org/x>", ["https://a.org/x"]),
        ("*https://a.org/x*", ["https://a.org/x"]),
        (
            "see https://en.wikipedia.org/wiki/Set_(mathematics).",
            ["https://en.wikipedia.org/wiki/Set_(mathematics)"],
        ),
        (
            "(see https://en.wikipedia.org/wiki/Set_(mathematics))",
            ["https://en.wikipedia.org/wiki/Set_(mathematics)"],
        ),
        ("query https://a.org/search?q=1&x=2.", ["https://a.org/search?q=1&x=2"]),
        ("代码见https://github.com/c/d。谢谢", ["https://github.com/c/d"]),
        ("nothing here at all", []),
        ("an e-mail me@github.com is not a link", []),
    ],
)
def test_extract_urls_trims_what_belongs_to_the_sentence(text: str, expected: list[str]) -> None:
    assert extract_urls(text) == expected


def test_two_urls_in_one_abstract_keep_text_order() -> None:
    text = (
        "Project page: https://energy-based-model.github.io/decomp-diffusion. "
        "Code: https://github.com/a/b."
    )
    assert extract_urls(text) == [
        "https://energy-based-model.github.io/decomp-diffusion",
        "https://github.com/a/b",
    ]


def test_repeats_are_dropped_whatever_the_host_case_scheme_or_trailing_slash() -> None:
    text = (
        "https://github.com/a/b and https://GitHub.com/a/b/ and http://github.com/a/b "
        "and https://www.github.com/a/b. Another: https://github.com/a/B"
    )
    assert extract_urls(text) == ["https://github.com/a/b", "https://github.com/a/B"]
    assert url_key("https://GitHub.com/a/b/") == url_key("http://github.com/a/b")


def test_bare_addresses_are_found_and_made_openable() -> None:
    text = "Code at github.com/owner/repo, demo at www.example.org/demo."
    assert extract_urls(text) == ["https://github.com/owner/repo", "https://www.example.org/demo"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "accessible at https//github.com/ICML2024-code/PEOs .",
            ["https://github.com/ICML2024-code/PEOs"],
        ),
        ("see http//www.example.org/demo.", ["http://www.example.org/demo"]),
        ("(https//example.org/a)", ["https://example.org/a"]),
        ("https://github.com/a/b and https//github.com/a/b", ["https://github.com/a/b"]),
        ("https://x.org/go/http//y.org/z", ["https://x.org/go/http//y.org/z"]),
        ("xhttps//github.com/a/b", []),
        ("https// and http//localhost", []),
    ],
)
def test_an_address_whose_scheme_lost_its_colon_is_the_address_meant(
    text: str, expected: list[str]
) -> None:
    assert extract_urls(text) == expected


def test_a_papers_code_link_written_without_its_colon_is_found() -> None:
    # ICML 2024's lu24l: "publicly accessible at https//github.com/ICML2024-code/PEOs ."
    from tuireader.ingest.library import load_library

    (paper,) = load_library([FORMATS / "icml2024_link_without_colon_slice.jsonl"]).papers
    assert [link.url for link in paper.code_links] == ["https://github.com/ICML2024-code/PEOs"]


def test_www_inside_a_longer_address_is_not_a_second_link() -> None:
    assert extract_urls("https://www.example.org/x") == ["https://www.example.org/x"]


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://github.com/YujunZhou/IGSG", "code"),
        ("https://gitlab.com/group/project", "code"),
        ("https://gitlab.inria.fr/team/tool", "code"),
        ("https://bitbucket.org/team/repo", "code"),
        ("https://huggingface.co/datasets/x/y", "code"),
        ("https://colab.research.google.com/drive/abc", "code"),
        ("https://arxiv.org/abs/2401.00001", "paper"),
        ("https://doi.org/10.1000/xyz", "paper"),
        ("https://openreview.net/forum?id=AZWqXfM6z9", "paper"),
        ("https://proceedings.mlr.press/v235/abe24a.html", "paper"),
        ("https://example.org/files/paper.PDF", "paper"),
        (
            "https://raw.githubusercontent.com/mlresearch/v235/main/assets/abe24a/abe24a.pdf",
            "paper",
        ),
        ("https://energy-based-model.github.io/decomp-diffusion", "project"),
        ("https://sites.google.com/view/project", "project"),
        ("https://notgithub.com/a/b", "project"),
    ],
)
def test_classify_each_kind(url: str, kind: str) -> None:
    assert classify(url) == kind


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        # a repository on a code host, or a place inside one
        ("https://github.com/slundberg/shap", "code"),
        ("https://www.github.com/slundberg/shap.git", "code"),
        ("https://github.com/slundberg/shap/tree/master/notebooks", "code"),
        ("https://gist.github.com/karpathy/d4dee566867f8291f086", "code"),
        ("https://gitlab.com/group/subgroup/project", "code"),
        ("https://bitbucket.org/team/repo/src/main/", "code"),
        ("https://codeberg.org/owner/repo", "code"),
        ("https://gitee.com/owner/repo", "code"),
        ("https://git.sr.ht/~sircmpwn/scdoc", "code"),
        ("https://sourceforge.net/projects/tool/", "code"),
        ("https://huggingface.co/spaces/owner/demo", "code"),
        ("https://huggingface.co/models/owner/model", "code"),
        ("https://huggingface.co/owner/model", "code"),
        ("https://hf.co/owner/model", "code"),
        ("https://colab.research.google.com/github/owner/repo/blob/main/demo.ipynb", "code"),
        # a code host's pages that are no repository
        ("https://github.com/DLR-RM", "project"),
        ("https://github.com/", "project"),
        ("https://github.com/features/actions", "project"),
        ("https://github.com/orgs/DLR-RM/repositories", "project"),
        ("https://docs.github.com/en/pages", "project"),
        ("https://gitlab.com/owner", "project"),
        ("https://huggingface.co/owner", "project"),
        ("https://huggingface.co/spaces/owner", "project"),
        ("https://huggingface.co/docs/transformers", "project"),
        ("https://huggingface.co/blog/annotated-diffusion", "project"),
        ("https://huggingface.co/papers/2305.18290", "paper"),
        # project pages, wherever they are hosted
        ("https://m2-t2.github.io", "project"),
        ("https://cpmcorl2023.github.io/", "project"),
        ("https://xskill.cs.columbia.edu/", "project"),
        ("https://sites.google.com/corp/view/hydra-il-2023", "project"),
        ("https://owner.gitlab.io/project", "project"),
    ],
)
def test_only_a_code_hosts_repository_is_code(url: str, kind: str) -> None:
    assert classify(url) == kind


def test_a_code_field_holding_a_project_page_gives_a_project_link() -> None:
    links = links_for(
        "",
        code_urls=["https://m2-t2.github.io", "https://github.com/DLR-RM", "github.com/o/r"],
        project_urls=["https://github.com/owner/repo", "https://site.example.org/"],
    )
    assert links == (
        Link("https://github.com/o/r", "code", "code_urls"),
        Link("https://github.com/owner/repo", "code", "project_urls"),
        Link("https://m2-t2.github.io", "project", "code_urls"),
        Link("https://github.com/DLR-RM", "project", "code_urls"),
        Link("https://site.example.org/", "project", "project_urls"),
    )


def test_links_for_orders_code_then_paper_then_project_and_records_origin() -> None:
    text = (
        "Project page https://pranaval.github.io/DART/. See https://arxiv.org/abs/1 "
        "and code at https://github.com/LIONS-EPFL/Charmer."
    )
    links = links_for(
        text,
        url="https://proceedings.mlr.press/v235/x.html",
        pdf="https://example.org/x.pdf",
        openreview="https://openreview.net/forum?id=X",
        doi="10.1000/abc",
        code_urls=["https://github.com/LIONS-EPFL/Charmer", "https://huggingface.co/m/n"],
        project_urls=["https://pranaval.github.io/DART/"],
    )
    # a link the text mentions that a field gives too is the field's, in the text's place
    assert links == (
        Link("https://github.com/LIONS-EPFL/Charmer", "code", "code_urls"),
        Link("https://huggingface.co/m/n", "code", "code_urls"),
        Link("https://arxiv.org/abs/1", "paper", "text"),
        Link("https://proceedings.mlr.press/v235/x.html", "paper", "url"),
        Link("https://example.org/x.pdf", "paper", "pdf"),
        Link("https://openreview.net/forum?id=X", "paper", "openreview"),
        Link("https://doi.org/10.1000/abc", "paper", "doi"),
        Link("https://pranaval.github.io/DART/", "project", "project_urls"),
    )


def test_links_for_a_record_url_on_a_code_host_is_code() -> None:
    (link,) = links_for("", url="https://github.com/a/b")
    assert link == Link("https://github.com/a/b", "code", "url")


def test_links_for_ignores_empty_and_non_string_fields() -> None:
    assert links_for("plain text", url="", pdf=None, code_urls=["", 3], project_urls=None) == ()  # type: ignore[list-item]


def test_web_addresses_can_be_taken_out_of_a_text():
    from tuireader.ingest.links import without_urls

    text = "Code at https://github.com/a/b. See www.x.org/y and github.com/c/d, done."
    assert without_urls(text).split() == ["Code", "at", "See", "and", "done."]
    assert without_urls("no links here") == "no links here"


def test_an_ampersand_written_as_html_writes_it_is_the_ampersand() -> None:
    # lists scraped from web pages keep "&amp;" in the addresses of their abstracts
    found = links_for(
        "Data: https://example.org/get?id=7&amp;format=csv, code: "
        "https://github.com/a/b/issues?q=is%3Aopen&#38;page=2"
    )
    assert [link.url for link in found] == [
        "https://github.com/a/b/issues?q=is%3Aopen&page=2",
        "https://example.org/get?id=7&format=csv",
    ]
    # a field's address too, and what a shell would take as another command still is not
    assert links_for("", url="https://a.org/x?y=1&amp;z=2")[0].url == "https://a.org/x?y=1&z=2"
    assert links_for("", url="https://a.org/x&amp;&amp;id")[0].url == "https://a.org/x%26%26id"
