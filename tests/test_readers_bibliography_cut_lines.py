"""A bibliography pasted from a PDF, whose lines cut words and identifiers: a word
hyphenated at a line's end ("segmen-" / "tation") stayed two ("segmen- tation", which
a search for "segmentation" did not find), a DOI link cut after its "/" lost the DOI,
and an arXiv id cut after its full stop ("arXiv:1706." / "03762.") was lost, or made a
paper of its own titled "03762.". Within a reference, such lines are joined again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

CUT = """\
[1] O. Ronneberger, P. Fischer, and T. Brox, "U-Net: Convolutional networks for biomedical image segmen-
tation," in Proc. MICCAI, 2015, pp. 234–241.
[2] Y. LeCun, Y. Bengio, and G. Hinton, "Deep learning," Nature, vol. 521, pp. 436–444, 2015, https://doi.org/10.1038/
nature14539.
[3] A. Vaswani, N. Shazeer, and N. Parmar, "Attention is all you need," arXiv preprint arXiv:1706.
03762.
[4] K. He, X. Zhang, and J. Sun, "Deep residual learning for image recognition," in Proc. CVPR, 2016.
"""
UNNUMBERED = "".join(
    line[4:] + "\n" if line.startswith("[") else line + "\n" for line in CUT.splitlines()
)


@pytest.mark.parametrize("text", [CUT, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_words_and_identifiers_cut_at_a_line_end_are_joined(tmp_path: Path, text: str) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "U-Net: Convolutional networks for biomedical image segmentation",
        "Deep learning",
        "Attention is all you need",
        "Deep residual learning for image recognition",
    ]
    unet, nature, attention, _ = result.records
    assert unet.year == 2015 and unet.venue == "MICCAI"
    assert nature.doi == "10.1038/nature14539"
    assert attention.arxiv_id == "1706.03762"
    assert not result.problems


def test_a_compounds_hyphen_at_a_line_end_stays(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(
        '[1] A. Smith and B. Jones, "Self-supervised learning of state-\n'
        'of-the-art features," in Proc. ICML, 2020.\n'
        '[2] K. He, X. Zhang, and J. Sun, "Deep residual learning," in Proc. CVPR, 2016.\n',
        encoding="utf-8",
    )
    first = read_file(path).records[0]
    assert first.title == "Self-supervised learning of state-of-the-art features"
