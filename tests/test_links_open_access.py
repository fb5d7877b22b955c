"""A paper list's open-access page of a paper (Paper Copilot's ``oa``) is the paper's page.

NeurIPS 2017's records give ``site`` (the conference's poster page), ``pdf`` and ``oa``,
the proceedings' abstract page; ``oa`` was not read, so the paper's page was its PDF
(the proceedings' BibTeX names it) and the abstract page was no link at all. The fixture
is four verbatim records of the real list.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.formats.jsonfile import record_from_mapping
from tuireader.ingest.library import load_library
from tuireader.ingest.links import record_links

FIXTURE = (
    Path(__file__).parent / "fixtures" / "citations" / "papercopilot_nips2017_latex_slice.json"
)
HASH = "2612aa892d962d6f8056b195ca6e550d"
PAGE = f"https://proceedings.neurips.cc/paper_files/paper/2017/hash/{HASH}-Abstract.html"
PDF = f"https://proceedings.neurips.cc/paper_files/paper/2017/file/{HASH}-Paper.pdf"


def first_record() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))[0]


def test_the_abstract_page_is_the_papers_page_and_the_pdf_stays_its_pdf() -> None:
    paper = next(p for p in load_library([FIXTURE]).papers if HASH in p.links[0].url)
    links = [(link.url, link.kind, link.origin) for link in paper.links]
    assert links[0] == (PAGE, "paper", "url")  # on the host its own BibTeX cites
    assert (PDF, "paper", "pdf") in links
    # the conference's page for the poster is kept, beside the paper
    assert ("https://nips.cc/virtual/2017/poster/9095", "project", "project_urls") in links


def test_a_record_without_the_page_keeps_the_conference_page() -> None:
    data = first_record()
    del data["oa"]
    record = record_from_mapping(data)
    assert record is not None and record.url == "https://nips.cc/virtual/2017/poster/9095"


def test_an_open_access_pdf_or_other_text_is_no_page() -> None:
    for value in (PDF, "javascript:alert(1)", "see the proceedings"):
        data = first_record() | {"oa": value}
        record = record_from_mapping(data)
        assert record is not None and record.url == "https://nips.cc/virtual/2017/poster/9095"
        assert all("Abstract" not in link.url for link in record_links(record))


def test_a_page_on_another_site_keeps_its_host() -> None:
    page = "https://openaccess.thecvf.com/content/CVPR2023/html/x_paper.html"
    record = record_from_mapping(first_record() | {"oa": page})
    assert record is not None and record.url == page
