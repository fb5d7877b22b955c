"""APA 7 references wrapped over lines, as a PDF gives them (about 90 columns, no
hanging indent). A reference whose first line held no year, after one that ended in its
DOI link, was swallowed by it (Brown et al. after the GPT-4 report: gone, no word said);
a line after a reference's year or title alone ("… Zoph, B. (2023)." / "GPT-4
technical report. …") and a line after a wrap within a list of names ("Kohl, S." /
"A. A., Ballard, A. J., …") each started a paper made of fragments. Each reference is
one paper, with its authors, title, venue and year."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

FIXTURE = Path(__file__).parent / "fixtures" / "text" / "apa7_wrapped_references.txt"

THREE = """\
References

Achiam, J., Adler, S., Agarwal, S., Ahmad, L., Akkaya, I., Aleman, F. L., Almeida, D.,
Altenschmidt, J., Altman, S., Anadkat, S., Avila, R., Babuschkin, I., Balaji, S., Balcom,
V., Baltescu, P., Bao, H., Bavarian, M., Belgum, J., Bello, I., . . . Zoph, B. (2023). GPT-4
technical report. arXiv. https://doi.org/10.48550/arXiv.2303.08774
Brown, T. B., Mann, B., Ryder, N., Subbiah, M., Kaplan, J., Dhariwal, P., Neelakantan, A.,
Shyam, P., Sastry, G., Askell, A., Agarwal, S., Herbert-Voss, A., Krueger, G., Henighan,
T., Child, R., Ramesh, A., Ziegler, D. M., Wu, J., Winter, C., . . . Amodei, D. (2020).
Language models are few-shot learners. In H. Larochelle, M. Ranzato, R. Hadsell, M. F.
Balcan, & H. Lin (Eds.), Advances in Neural Information Processing Systems (Vol. 33, pp.
1877–1901). Curran Associates.
Goodfellow, I., Bengio, Y., & Courville, A. (2016). Deep learning. MIT Press.
"""


def _read(tmp_path: Path, text: str):
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def test_a_reference_after_one_ending_in_its_doi_is_read(tmp_path: Path) -> None:
    result = _read(tmp_path, THREE)
    assert not result.problems
    assert [(r.title, r.venue, r.year) for r in result.records] == [
        ("GPT-4 technical report", None, 2023),
        (
            "Language models are few-shot learners",
            "Advances in Neural Information Processing Systems",
            2020,
        ),
        ("Deep learning", "MIT Press", 2016),
    ]
    gpt4, brown, _ = result.records
    assert gpt4.arxiv_id == "2303.08774" and gpt4.authors[-1] == "B. Zoph"
    assert brown.authors[0] == "T. B. Brown" and brown.authors[-1] == "D. Amodei"
    assert len(brown.authors) == 20


def test_thirty_wrapped_apa_references_are_thirty_papers() -> None:
    result = read_file(FIXTURE)
    assert not result.problems
    records = result.records
    assert len(records) == 30
    assert all(record.authors and record.year for record in records)
    by_first = {record.authors[0]: record for record in records}
    assert by_first["D. Silver"].title == (
        "Mastering the game of Go with deep neural networks and tree search"
    )
    assert (by_first["D. Silver"].venue, by_first["D. Silver"].doi) == (
        "Nature",
        "10.1038/nature16961",
    )
    assert by_first["S. Zhang"].title == "OPT: Open pre-trained transformer language models"
    assert by_first["S. Zhang"].authors[-4:] == (
        "P. S. Koura",
        "A. Sridhar",
        "T. Wang",
        "L. Zettlemoyer",
    )
    assert by_first["H. Touvron"].title.startswith("LLaMA")
    assert by_first["A. Chowdhery"].title == "PaLM: Scaling language modeling with pathways"
    assert by_first["A. Chowdhery"].authors[-1] == "N. Fiedel"
    jumper = by_first["J. Jumper"]
    assert jumper.title == "Highly accurate protein structure prediction with AlphaFold"
    assert "S. A. A. Kohl" in jumper.authors and jumper.venue == "Nature"
    assert by_first["L. Ouyang"].authors[-1] == "R. Lowe"
    assert [record.title.split(":")[0][:24] for record in records] == TITLES


#: the start of each title, in the fixture's order
TITLES = [
    *("GPT-4 technical report", "Pattern recognition and ", "Language models are few-"),
    *("PaLM", "BERT", "An image is worth 16x16 ", "Deep learning"),
    *("Generative adversarial n", "Deep residual learning f", "Denoising diffusion prob"),
    *("Long short-term memory", "Highly accurate protein ", "Scaling laws for neural "),
    *("Adam", "Auto-encoding variationa", "ImageNet classification "),
    *("Deep learning", "Human-level control thro", "Training language models"),
    *("Learning transferable vi", "Exploring the limits of ", "High-resolution image sy"),
    *("U-Net", "Proximal policy optimiza", "Mastering the game of Go"),
    *("Reinforcement learning", "LLaMA", "Attention is all you nee"),
    *("Chain-of-thought prompti", "OPT"),
]
