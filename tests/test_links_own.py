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
