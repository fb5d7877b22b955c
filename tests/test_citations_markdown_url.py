"""A Markdown citation links the paper's URL, the one every citation gives, never a link
its abstract mentions: ``cite --format markdown`` of a paper with no URL of its own but
"Code is available at https://github.com/foo/bar." in its abstract printed
``[Title](https://github.com/foo/bar)``, while ``--format url`` said the link was not
the paper's URL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.model import Link, Paper
from tuireader.render.citations import W_NO_LINK, W_NO_PAGE, best_link, format_citation

FIXTURES = Path(__file__).parent / "fixtures"
#: PMLR's entries, without a url, whose abstracts give another page and a code site
MENTIONING = FIXTURES / "roundtrip" / "pmlr_l4dc2020_links_in_abstracts_slice.bib"
#: lists whose papers have URLs of every kind: a DOI, a page, a PDF, none
LISTS = (
    MENTIONING,
    FIXTURES / "formats" / "pmlr_l4dc2020_slice.bib",
    FIXTURES / "formats" / "zotero_betterbibtex_howpublished_slice.bib",
    FIXTURES / "export_roundtrip" / "zotero_csl_slice.json",
    FIXTURES / "export_roundtrip" / "icml2024_slice.jsonl",
)

CODE = "https://github.com/foo/bar"


def _mentioning(**fields) -> Paper:
    return Paper(
        id="w",
        title="Wombat Networks",
        abstract=f"We plan burrows. Code is available at {CODE}.",
        authors=("Ann Lee",),
        year=2023,
        links=(Link(CODE, "code", "text"),),
        **fields,
    )


def test_markdown_gives_no_link_the_abstract_mentions() -> None:
    citation = format_citation(_mentioning(), "markdown")
    assert citation.text == "*Wombat Networks*. Ann Lee. 2023."
    assert W_NO_PAGE in citation.warnings  # said as the url format says it
    assert format_citation(_mentioning(), "url").warnings == citation.warnings
    # a code repository is no link to the paper, though its abstract gives it
    assert best_link(_mentioning()) is None


def test_markdown_gives_the_papers_url_beside_a_link_the_abstract_mentions() -> None:
    paper = _mentioning(doi="10.1000/wombat")
    assert format_citation(paper, "markdown").text == (
        "[Wombat Networks](https://doi.org/10.1000/wombat). Ann Lee. 2023."
    )


def test_a_paper_without_links_says_it_has_none() -> None:
    paper = Paper(id="n", title="Deep Things", abstract="", authors=("Ann Lee",), year=2020)
    assert W_NO_LINK in format_citation(paper, "markdown").warnings
    assert W_NO_PAGE not in format_citation(paper, "markdown").warnings


def test_markdown_links_what_the_url_format_gives() -> None:
    library = load_library(list(LISTS))
    assert len(library.papers) > 5
    for paper in library.papers:
        url = format_citation(paper, "url", library=library)
        markdown = format_citation(paper, "markdown", library=library)
        if url.text:
            assert markdown.text.startswith("["), (paper.title, markdown.text)
            assert f"]({url.text})." in markdown.text, (paper.title, markdown.text)
        else:
            assert "](" not in markdown.text and "http" not in markdown.text, markdown.text
        said = [w for w in url.warnings if w in (W_NO_LINK, W_NO_PAGE)]
        assert said == [w for w in markdown.warnings if w in (W_NO_LINK, W_NO_PAGE)]


@pytest.mark.parametrize("json_out", [False, True])
def test_cite_markdown_prints_no_abstracts_link(tmp_path: Path, capsys, json_out: bool) -> None:
    listed = tmp_path / "list.jsonl"
    record = {
        "title": "Wombat Networks for Burrow Planning",
        "authors": ["Ann Lee", "Bo Chen"],
        "year": 2023,
        "venue": "CoRL 2023",
        "abstract": f"We plan burrows. Code is available at {CODE}.",
    }
    listed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    args = ["cite", "--query", "wombat", "--format", "markdown", str(listed)]
    args += ["--data-dir", str(tmp_path / "data"), *(["--json"] if json_out else [])]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert CODE not in out and "*Wombat Networks for Burrow Planning*" in out
    assert "no page of its own" in (out if json_out else err)
