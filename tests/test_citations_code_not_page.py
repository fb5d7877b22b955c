"""A paper's code repository is never its web address: a paper whose only link is its
code is cited with no URL in every format, ``export --format urls`` says it has no web
page, and a Markdown export leaves its title unlinked; the repository is still given
where a format has a place for code (the Markdown export's ``code:`` line, BibTeX's
``tuireader-links``, CSL-JSON's ``tuireader-links:`` note line, RIS's ``L4``, beside no
``UR``, CSV's ``code``)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS, best_link, format_citation, paper_url
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "code_only.jsonl"
REPO = "https://github.com/o/r"


@pytest.fixture(scope="module")
def library():
    return load_library([FIXTURE])


def by_id(library, source_id: str):
    return next(paper for paper in library.papers if paper.source_id == source_id)


def test_a_repository_is_no_address(library) -> None:
    paper = by_id(library, "code1")
    assert [link.url for link in paper.code_links] == [REPO]
    assert paper_url(paper) is None
    assert best_link(paper) is None


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_no_format_cites_the_repository(library, fmt) -> None:
    text = format_citation(by_id(library, "code1"), fmt, library=library).text
    assert "github.com" not in text, text


def test_a_project_page_is_still_the_last_resort(library) -> None:
    paper = by_id(library, "proj1")
    assert paper_url(paper) == "https://o.github.io/s/"
    assert "url = {https://o.github.io/s/}" in format_citation(paper, "bibtex").text


def test_exports_give_the_repository_only_as_code(library) -> None:
    papers = [by_id(library, "code1")]
    triage = {paper.id: Triage(paper.id) for paper in papers}
    assert render_export(papers, triage, "urls", library=library) == ""
    markdown = render_export(papers, triage, "markdown", library=library)
    assert markdown.startswith("- Only a repository link\n")
    assert f"  code: <{REPO}>" in markdown
    bibtex = render_export(papers, triage, "bibtex", library=library)
    assert f"url = {{{REPO}}}" not in bibtex
    assert f"tuireader-links = {{code {REPO}}}" in bibtex
    ris = render_export(papers, triage, "ris", library=library)
    assert "UR  - " not in ris and f"\nL4  - {REPO}\n" in ris
    (item,) = json.loads(render_export(papers, triage, "csl-json", library=library))
    assert "URL" not in item
    assert f"tuireader-links: code {REPO}" in item["note"].splitlines()
    (row,) = csv.DictReader(io.StringIO(render_export(papers, triage, "csv", library=library)))
    assert row["url"] == ""
    assert row["code"] == REPO
