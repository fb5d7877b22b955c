"""Semantic Scholar's API answers: its page of a paper is a catalogue's, after the
paper's own pages (its DOI's, arXiv's, its PDF), so that link [1] is the paper's.

The fixture is a ``/graph/v1/paper/search`` answer asking for ``url``, ``externalIds``
and ``openAccessPdf``: ResNet (DOI, arXiv id and PDF) and a paper with none of them.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.model import Paper

ANSWER = Path(__file__).parent / "fixtures" / "other_shapes" / "semantic_scholar_search_links.json"
GRAPH = ANSWER.with_name("semantic_scholar_graph.json")
S2 = "https://www.semanticscholar.org/paper/"


def papers() -> dict[str, Paper]:
    return {paper.title: paper for paper in load_library([ANSWER])}


def test_the_papers_own_pages_come_before_semantic_scholars() -> None:
    resnet = papers()["Deep Residual Learning for Image Recognition"]
    urls = [link.url for link in resnet.links]
    assert urls == [
        "https://doi.org/10.1109/cvpr.2016.90",
        "https://arxiv.org/pdf/1512.03385",
        "https://arxiv.org/abs/1512.03385",
        S2 + "2c03df8b48bf3fa39054345bafabfeff15bfd11d",
    ]
    assert resnet.links[0].kind == "paper"  # the key 1 copies the paper's DOI page


def test_a_paper_without_a_doi_has_its_arxiv_page_first() -> None:
    # the GPT-4 report and the Transformer give an arXiv id and no DOI
    found = {paper.title: paper for paper in load_library([GRAPH])}
    for title, arxiv in (
        ("GPT-4 Technical Report", "2303.08774"),
        ("Attention is All you Need", "1706.03762"),
    ):
        links = found[title].links
        assert links[0].url == f"https://arxiv.org/abs/{arxiv}"
        assert links[-1].url.startswith(S2)


def test_the_ids_stay_as_they_were() -> None:
    # the ids come from the DOI, the arXiv id or the paper's id, not from its page
    assert {paper.title: paper.id for paper in load_library([GRAPH])} == {
        "Deep learning": "35cklfxz",
        "GPT-4 Technical Report": "vfpbcers",
        "Attention is All you Need": "655ix67b",
    }


def test_semantic_scholars_page_stays_the_link_of_a_paper_with_no_other() -> None:
    note = papers()["A Workshop Note on Residual Blocks"]
    assert [(link.url, link.kind) for link in note.links] == [
        (S2 + "5d9f1e0bb8d44bb7a9c2e4c3c1d2a6f7e8b9c0d1", "paper")
    ]
