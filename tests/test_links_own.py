"""A link a record gives that its abstract mentions too stays the record's own.

ICML 2024's xu24l gives its arXiv page in its project links and ends its abstract
"[arXiv](https://arxiv.org/abs/2404.03830)": the abstract's mention took the link, as a
link the text only mentions, and the citation lost the eprint that a paper whose
abstract says nothing of its arXiv page gets. The fixture is the verbatim record.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import bibtexparser

from tuireader.ingest.library import load_library
from tuireader.ingest.links import links_for
from tuireader.model import Link, Paper
from tuireader.render.citations import format_citation

FIXTURE = Path(__file__).parent / "fixtures" / "links" / "icml2024_own_links_slice.jsonl"


def fields(paper: Paper) -> dict[str, str]:
    entry = bibtexparser.parse_string(format_citation(paper).text).entries[0]
    return {field.key: field.value for field in entry.fields}


def test_an_arxiv_page_the_record_gives_is_cited_though_the_abstract_mentions_it(
    tmp_path: Path,
) -> None:
    (paper,) = load_library([FIXTURE]).papers
    assert "arxiv.org/abs/2404.03830" in paper.abstract
    assert Link("https://arxiv.org/abs/2404.03830", "paper", "project_urls") in paper.links
    cited = fields(paper)
    assert (cited["eprint"], cited["archiveprefix"]) == ("2404.03830", "arXiv")
    # as it is cited when the abstract does not mention it
    record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    record["abstract"] = record["abstract"].split("[arXiv]")[0]
    quiet = tmp_path / "quiet.jsonl"
    quiet.write_text(json.dumps(record) + "\n", encoding="utf-8")
    (unmentioned,) = load_library([quiet]).papers
    assert fields(unmentioned)["eprint"] == cited["eprint"]


def test_a_records_own_page_its_abstract_mentions_is_its_citations_url() -> None:
    page = "https://proceedings.mlr.press/v235/lee24a.html"
    links = links_for(f"The paper is at {page}.", url=page)
    assert links == (Link(page, "paper", "url"),)
    paper = Paper(
        id="p", title="A Study", abstract="", authors=("Ann Lee",), year=2024, links=links
    )
    assert fields(paper)["url"] == page
    # a link the abstract alone mentions is never the citation's
    alone = replace(paper, links=links_for(f"The paper is at {page}."))
    assert "url" not in fields(alone)


def test_a_pdf_the_records_bibtex_puts_on_another_host_is_the_one_linked(tmp_path: Path) -> None:
    # Paper Copilot's NeurIPS 2017: a PDF on papers.nips.cc, and the proceedings' BibTeX
    # whose url is the same file on proceedings.neurips.cc, which a citation and "copy
    # link" give: a link the viewer and `tuireader links` did not show
    pdf = "https://proceedings.neurips.cc/paper_files/paper/2017/file/2612aa89-Paper.pdf"
    record = {
        "title": "Safe Model-based Reinforcement Learning",
        "site": "https://nips.cc/virtual/2017/poster/9095",
        "pdf": "https://papers.nips.cc/paper_files/paper/2017/file/2612aa89-Paper.pdf",
        "bibtex": "@inproceedings{NIPS2017_2612aa89, title = {Safe Model-based Reinforcement"
        f" Learning}}, author = {{Berkenkamp, Felix}}, url = {{{pdf}}}, year = {{2017}}}}",
        "author": "Felix Berkenkamp",
        "abstract": "Learning in the real world needs safety.",
    }
    path = tmp_path / "nips.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert [link.url for link in paper.links] == [record["site"], pdf]
    assert fields(paper)["url"] == pdf
    # another file the BibTeX names is no copy of the record's PDF
    record["bibtex"] = record["bibtex"].replace("2612aa89-Paper.pdf", "other.pdf")
    path.write_text(json.dumps([record]), encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert [link.url for link in paper.links] == [record["site"], record["pdf"]]
