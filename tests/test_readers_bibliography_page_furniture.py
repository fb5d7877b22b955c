"""A bibliography pasted from a PDF holds what its pages add between the references:
a page's number ("12") and the template's running head ("Under review as a conference
paper at ICLR 2025"). They were read as part of the reference before or after them:
its year became 2025, or the next reference was lost in one kept whole. Such lines are
left out, and said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

PAGES = """\
References
Ashish Vaswani, Noam Shazeer, and Niki Parmar. Attention is all you need. In Advances in
Neural Information Processing Systems, 2017.
Kaiming He, Xiangyu Zhang, and Jian Sun. Deep residual learning for image recognition. In
CVPR, 2016.
12
Under review as a conference paper at ICLR 2025
Yann LeCun, Yoshua Bengio, and Geoffrey Hinton. Deep learning. Nature, 521(7553):436–444,
2015.
Diederik P. Kingma and Jimmy Ba. Adam: A method for stochastic optimization. In ICLR,
2015.
13
Under review as a conference paper at ICLR 2025
Olaf Ronneberger, Philipp Fischer, and Thomas Brox. U-Net: Convolutional networks for
biomedical image segmentation. In MICCAI, 2015.
"""


def _numbered(text: str) -> str:
    lines, count = [], 0
    for line in text.splitlines():
        if line.split(" ", 1)[0] in ("Ashish", "Kaiming", "Yann", "Diederik", "Olaf"):
            count += 1
            line = f"[{count}] {line}"
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("numbered", [False, True], ids=["unnumbered", "numbered"])
def test_page_numbers_and_running_heads_are_no_part_of_a_reference(
    tmp_path: Path, numbered: bool
) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(_numbered(PAGES) if numbered else PAGES, encoding="utf-8")
    result = read_file(path)
    assert result.name == "References"
    assert [(record.title, record.year) for record in result.records] == [
        ("Attention is all you need", 2017),
        ("Deep residual learning for image recognition", 2016),
        ("Deep learning", 2015),
        ("Adam: A method for stochastic optimization", 2015),
        ("U-Net: Convolutional networks for biomedical image segmentation", 2015),
    ]
    assert result.records[1].venue == "CVPR"
    (said,) = result.problems
    assert said.severity == "warning"
    assert "left out 4 lines (6, 7, 12, 13)" in said.message


def test_a_year_alone_on_a_line_ends_its_reference(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text(
        '[1] A. Vaswani, N. Shazeer, and N. Parmar, "Attention is all you need," NeurIPS,\n'
        "2017\n"
        '[2] K. He, X. Zhang, and J. Sun, "Deep residual learning," in Proc. CVPR, 2016.\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [record.year for record in result.records] == [2017, 2016]
    assert not result.problems


def test_a_journals_running_head_that_recurs_is_left_out(tmp_path: Path) -> None:
    head = "Journal of Machine Learning Research 21 (2020) 1-67"
    path = tmp_path / "refs.txt"
    path.write_text(
        '[1] A. Vaswani and N. Shazeer, "Attention is all you need," in Proc. NeurIPS, 2017.\n'
        f"{head}\n"
        '[2] K. He and J. Sun, "Deep residual learning," in Proc. CVPR, 2016.\n'
        f"{head}\n"
        '[3] Y. LeCun and G. Hinton, "Deep learning," Nature, 2015.\n',
        encoding="utf-8",
    )
    result = read_file(path)
    assert [(record.title, record.year) for record in result.records] == [
        ("Attention is all you need", 2017),
        ("Deep residual learning", 2016),
        ("Deep learning", 2015),
    ]
    assert "left out 2 lines (2, 4)" in result.problems[0].message
