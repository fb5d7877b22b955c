"""A BibTeX export read back gives each paper the links it had, each of the field it
came from: the citation writes a paper's DOI (or arXiv id) as its ``url`` too, and
read back that address was the paper's own page (``url``, first among its paper
links), before its ACM Digital Library page, where the paper had it of its DOI alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

DOI = "10.1145/3368089.3409729"
ACM = f"https://dl.acm.org/doi/{DOI}"

#: the same ACM paper as lists give it: a Zotero item with its DOI alone; a BibTeX
#: entry whose Digital Library page is in a note; one with its page in ``url``; a list
#: that gives the DOI's address as the paper's own page
LISTS = {
    "zotero.json": json.dumps(
        [
            {
                "id": "smithFuzzing2020",
                "type": "paper-conference",
                "title": "Fuzzing the Fuzzers",
                "author": [{"family": "Smith", "given": "Ann"}],
                "issued": {"date-parts": [[2020]]},
                "container-title": "Proceedings of ESEC/FSE 2020",
                "publisher": "ACM",
                "DOI": DOI,
            }
        ]
    ),
    "noted.bib": (
        "@article{smith2020, title = {Fuzzing the Fuzzers}, author = {Smith, Ann},"
        f" year = {{2020}}, journal = {{Commun. ACM}}, doi = {{{DOI}}},"
        f" note = {{\\url{{{ACM}}}}}}}\n"
    ),
    "page.bib": (
        "@inproceedings{smith2020, title = {Fuzzing the Fuzzers}, author = {Smith, Ann},"
        f" year = {{2020}}, booktitle = {{Proc. ESEC/FSE}}, doi = {{{DOI}}}, url = {{{ACM}}}}}\n"
    ),
    "doi_page.jsonl": json.dumps(
        {"title": "Fuzzing the Fuzzers", "authors": ["Ann Smith"], "year": 2020,
         "url": f"https://doi.org/{DOI}", "doi": DOI}
    ) + "\n",
    "arxiv.bib": (
        "@misc{smith2020, title = {Fuzzing the Fuzzers}, author = {Smith, Ann},"
        " year = {2020}, doi = {10.48550/arXiv.2001.00001}, eprint = {2001.00001},"
        " archiveprefix = {arXiv}}\n"
    ),
}  # fmt: skip


def _round_trip(tmp_path: Path, name: str) -> tuple[Library, Library]:
    listed = tmp_path / name
    listed.write_text(LISTS[name], encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, "bibtex", library=library)
    out = tmp_path / "back" / "export.bib"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    return library, load_library([out])


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_bibtex_export_read_back_gives_the_links_the_paper_had(tmp_path: Path, name: str) -> None:
    library, back = _round_trip(tmp_path, name)
    assert [(p.id, p.links) for p in back.papers] == [(p.id, p.links) for p in library.papers]


def test_the_dois_address_is_no_page_of_the_papers_own(tmp_path: Path) -> None:
    _, back = _round_trip(tmp_path, "noted.bib")
    (paper,) = back.papers
    assert [(link.url, link.origin) for link in paper.links] == [
        (f"https://doi.org/{DOI}", "doi"),
        (ACM, "project_urls"),
    ]
