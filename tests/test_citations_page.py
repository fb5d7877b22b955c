"""The URL and the place in its volume a citation gives are the paper's: never its code's URL,
whatever field holds it, and its article's number where it has no pages."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import best_link, format_citation

MENDELEY = Path(__file__).parent / "fixtures" / "citations" / "mendeley_export.bib"


def test_a_code_repository_in_an_entrys_url_is_not_the_paper_cited() -> None:
    # Mendeley's entry gives the repository its PDF names in url: APA cited GitHub
    library = load_library([MENDELEY])
    (paper,) = library.papers
    assert paper.code_links[0].url == "https://github.com/hojonathanho/diffusion"
    assert best_link(paper) == "https://arxiv.org/abs/2006.11239"
    assert format_citation(paper, "apa", library=library).text.endswith(
        "Advances in Neural Information Processing Systems, 2020-Decem. "
        "https://arxiv.org/abs/2006.11239"
    )


def test_an_entrys_own_page_in_url_is_still_the_one_cited(tmp_path: Path) -> None:
    path = tmp_path / "list.bib"
    path.write_text(
        MENDELEY.read_text(encoding="utf-8").replace(
            "https://github.com/hojonathanho/diffusion",
            "https://proceedings.neurips.cc/paper/2020/hash/4c5bcfec-Abstract.html",
        ),
        encoding="utf-8",
    )
    (paper,) = load_library([path]).papers
    assert best_link(paper) == (
        "https://proceedings.neurips.cc/paper/2020/hash/4c5bcfec-Abstract.html"
    )


def test_an_acm_articles_number_is_cited_where_it_gives_no_pages() -> None:
    # the ACM's BibTeX gives a journal article's number in articleno: it was left out
    path = Path(__file__).parent / "fixtures" / "citations" / "acm_export.bib"
    library = load_library([path])
    paper = next(p for p in library if p.title == "Graph Neural Networks: A Review of Methods")
    assert format_citation(paper, "apa", library=library).text == (
        "Zhou, J., & Cui, G. (2021). Graph Neural Networks: A Review of Methods. ACM "
        "Comput. Surv., 54(2), Article 42. https://doi.org/10.1145/3439726"
    )


def test_semantic_scholars_bibtex_gives_the_arxiv_id_its_volume_names() -> None:
    # journal = {ArXiv}, volume = {abs/1706.03762}: no arXiv link, and "(Vol.
    # abs/1706.03762)" cited as the proceedings' volume
    path = Path(__file__).parent / "fixtures" / "citations" / "semantic_scholar_export.bib"
    library = load_library([path])
    (paper,) = library.papers
    assert best_link(paper) == "https://arxiv.org/abs/1706.03762"
    assert format_citation(paper, "apa", library=library).text == (
        "Vaswani, A., Shazeer, N. M., & Parmar, N. (2017). Attention is All you Need. "
        "In Neural Information Processing Systems. https://arxiv.org/abs/1706.03762"
    )
