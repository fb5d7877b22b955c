"""An organisation that signs a paper, in LNCS's style ("OpenAI: GPT-4 technical
report. …") or APA's ("OpenAI. (2023).", "American Psychological Association.
(2020)."), was read as no reference, kept whole as its paper's title; APA's "Meta AI.
(2024)." was read as a person, cited "AI., M. (2024)" and BibTeX "{AI., Meta}". Each
is read as the author, one name as a whole: BibTeX "{Meta AI}", APA "Meta AI.", as a
group among a database's authors is."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.formats.references import read_reference
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.citations import format_citation

LNCS = """\
8. Touvron, H., Lavril, T., Izacard, G., et al.: LLaMA: Open and efficient foundation language models. arXiv preprint arXiv:2302.13971 (2023)
9. OpenAI: GPT-4 technical report. arXiv preprint arXiv:2303.08774 (2023)
10. He, K., Zhang, X., Ren, S., Sun, J.: Deep residual learning for image recognition. In: CVPR. pp. 770–778 (2016)
"""

APA = """\
American Psychological Association. (2020). Publication manual of the American Psychological Association (7th ed.).
Google. (2023). Gemini: A family of highly capable multimodal models. arXiv. https://doi.org/10.48550/arXiv.2312.11805
Meta AI. (2024). The Llama 3 herd of models. arXiv. https://doi.org/10.48550/arXiv.2407.21783
OpenAI. (2023). GPT-4 technical report.
Vaswani, A., Shazeer, N., . . . Polosukhin, I. (2017). Attention is all you need. arXiv. https://doi.org/10.48550/arXiv.1706.03762
"""


def _read(tmp_path: Path, text: str):
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    return path, read_file(path)


def test_an_lncs_organisation_is_the_author(tmp_path: Path) -> None:
    _, result = _read(tmp_path, LNCS)
    assert not result.problems
    openai = result.records[1]
    assert (openai.authors, openai.title, openai.year, openai.arxiv_id) == (
        ("OpenAI",),
        "GPT-4 technical report",
        2023,
        "2303.08774",
    )
    assert result.records[0].title == "LLaMA: Open and efficient foundation language models"
    assert result.records[2].authors == ("K. He", "X. Zhang", "S. Ren", "J. Sun")


def test_apa_organisations_are_authors_each_one_name(tmp_path: Path) -> None:
    path, result = _read(tmp_path, APA)
    assert not result.problems
    assert [(r.authors, r.title, r.year) for r in result.records[:4]] == [
        (
            ("American Psychological Association",),
            "Publication manual of the American Psychological Association (7th ed.)",
            2020,
        ),
        (("Google",), "Gemini: A family of highly capable multimodal models", 2023),
        (("Meta AI",), "The Llama 3 herd of models", 2024),
        (("OpenAI",), "GPT-4 technical report", 2023),
    ]
    assert result.records[4].authors == ("A. Vaswani", "N. Shazeer", "I. Polosukhin")
    library = load_library([path])
    meta = next(paper for paper in library.papers if paper.title.startswith("The Llama 3"))
    assert format_citation(meta, "apa", library=library).text.startswith(
        "Meta AI. (2024). The Llama 3 herd of models."
    )
    assert "author = {{Meta AI}}" in format_citation(meta, "bibtex", library=library).text
    vaswani = next(paper for paper in library.papers if paper.title.startswith("Attention"))
    assert format_citation(vaswani, "apa", library=library).text.startswith("Vaswani, A., ")


def test_a_title_before_its_subtitle_is_no_lncs_organisation() -> None:
    record, _ = read_reference(
        "PlanDQ: Hierarchical Plan Orchestration via D-Conductor and Q-Performer. In ICML, 2024."
    )
    assert record.authors != ("PlanDQ",)
    assert record.title and record.title.startswith("PlanDQ: Hierarchical")
