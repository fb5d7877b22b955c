"""A reference signed by an organisation alone ("OpenAI. GPT-4 technical report. arXiv
preprint arXiv:2303.08774, 2023.") was read as no reference, one name without an
initial being no list of authors: it was kept whole as its paper's title. The
organisation is read as the author and the title after it; a capitalised word before
prose is still no author."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.formats.references import read_reference
from tuireader.ingest.readers import read_file

REFERENCES = """\
[1] OpenAI. GPT-4 technical report. arXiv preprint arXiv:2303.08774, 2023.
[2] Gemini Team. Gemini: A family of highly capable multimodal models. arXiv preprint arXiv:2312.11805, 2023.
[3] NVIDIA. CUDA C++ programming guide. https://docs.nvidia.com/cuda/cuda-c-programming-guide/, 2023.
[4] Hugo Touvron, Thibaut Lavril, Gautier Izacard, et al. LLaMA: Open and efficient foundation language models. arXiv preprint arXiv:2302.13971, 2023.
[5] OpenAI (2023). GPT-4 Technical Report.
"""


def test_an_organisation_alone_is_the_author(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(REFERENCES, encoding="utf-8")
    result = read_file(path)
    assert not result.problems
    assert [(r.authors, r.title, r.year) for r in result.records] == [
        (("OpenAI",), "GPT-4 technical report", 2023),
        (("Gemini Team",), "Gemini: A family of highly capable multimodal models", 2023),
        (("NVIDIA",), "CUDA C++ programming guide", 2023),
        (
            ("Hugo Touvron", "Thibaut Lavril", "Gautier Izacard", "et al."),
            "LLaMA: Open and efficient foundation language models",
            2023,
        ),
        (("OpenAI",), "GPT-4 Technical Report", 2023),
    ]
    assert [r.arxiv_id for r in result.records[:2]] == ["2303.08774", "2312.11805"]
    assert result.records[2].url == "https://docs.nvidia.com/cuda/cuda-c-programming-guide/"


def test_a_word_before_prose_is_no_organisation() -> None:
    _, read = read_reference("Introduction. We present a model that was tested in Nature, 2019.")
    assert not read
