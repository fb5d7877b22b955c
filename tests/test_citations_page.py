"""The URL a citation gives is the paper's: never its code's, whatever field holds it."""

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
