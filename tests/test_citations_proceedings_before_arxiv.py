"""A paper's page in the CVF's open access (CVPR, ICCV, WACV: openaccess.thecvf.com),
the ECVA's (ECCV), JMLR, AAAI's or IJCAI's proceedings is its address, as a PMLR,
NeurIPS proceedings or ACL Anthology page is: a CVF paper
known by its arXiv id too was cited with its arXiv page ("Segment Anything. In ICCV
2023. https://arxiv.org/abs/2304.02643"), its proceedings' page left out. Every
proceedings' page now comes before the arXiv page, in every format, and a
proceedings' PDF still after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import best_link, format_citation, paper_url

CVF = "https://openaccess.thecvf.com/content/ICCV2023/html/Kirillov_Segment_Anything_ICCV_2023_paper.html"
CVF_PDF = "https://openaccess.thecvf.com/content/ICCV2023/papers/Kirillov_Segment_Anything_ICCV_2023_paper.pdf"
ARXIV = "https://arxiv.org/abs/2304.02643"

#: a proceedings' page of each kind, each paper known by its arXiv id too
PAGES = {
    "cvf": CVF,
    "pmlr": "https://proceedings.mlr.press/v202/kirillov23a.html",
    "neurips": "https://proceedings.neurips.cc/paper_files/paper/2023/hash/0a1b-Abstract-Conference.html",
    "acl": "https://aclanthology.org/2023.acl-long.1/",
    "ecva": "https://www.ecva.net/papers/eccv_2022/papers_ECCV/html/1234_ECCV_2022_paper.php",
    "jmlr": "https://jmlr.org/papers/v24/22-1234.html",
    "aaai": "https://ojs.aaai.org/index.php/AAAI/article/view/25850",
    "ijcai": "https://www.ijcai.org/proceedings/2023/0001",
}


def _paper(tmp_path: Path, **fields: object):
    record = {
        "title": "Segment Anything",
        "authors": ["Alexander Kirillov", "Eric Mintun"],
        "year": 2023,
        "venue": "ICCV 2023",
        "arxiv_id": "2304.02643",
        **fields,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    (paper,) = load_library([path]).papers
    return paper


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_proceedings_page_is_the_address_before_the_arxiv_page(tmp_path: Path, page: str):
    url = PAGES[page]
    paper = _paper(tmp_path, url=url)
    assert paper_url(paper) == url
    assert best_link(paper) == url
    assert format_citation(paper, "apa").text.endswith(f" {url}")
    assert f"url = {{{url}}}" in format_citation(paper, "bibtex").text
    assert format_citation(paper, "ris").text.split("\nUR  - ")[1].startswith(url + "\n")
    (item,) = json.loads(format_citation(paper, "csl-json").text)
    assert item["URL"] == url
    # the arXiv id is still given as the eprint
    assert "eprint = {2304.02643}" in format_citation(paper, "bibtex").text


def test_a_cvf_paper_with_its_pdf_too_is_cited_with_its_page(tmp_path: Path) -> None:
    paper = _paper(tmp_path, url=CVF, pdf=CVF_PDF)
    assert format_citation(paper, "apa").text == (
        f"Kirillov, A., & Mintun, E. (2023). Segment Anything. In ICCV 2023. {CVF}"
    )


def test_a_proceedings_pdf_alone_still_comes_after_the_arxiv_page(tmp_path: Path) -> None:
    paper = _paper(tmp_path, pdf=CVF_PDF)
    assert paper_url(paper) == ARXIV
