"""A bibliography pasted as text whose references are wrapped over lines, as a PDF
gives them. A line that ended in a venue's abbreviation ("in Proc. 41st Int.") was read
as the end of its reference, and the next line ("Conf. Mach. Learn. (ICML), 2024, …")
as a paper of its own; the reference lost its venue and year. Such a line goes on with
the reference before it."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

WRAPPED_IEEE = """\
T. Ameen and B. Hajek, "Robust graph matching when nodes are corrupt," in Proc. 41st Int.
Conf. Mach. Learn. (ICML), 2024, pp. 120–129.
A. Vaswani, N. Shazeer, and N. Parmar, "Attention is all you need," in Proc. NeurIPS, 2017.
K. He, X. Zhang, and J. Sun, "Deep residual learning for image recognition," in Proc. CVPR, 2016.
"""


def _read(tmp_path: Path, text: str):
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def test_a_line_after_a_venue_abbreviation_goes_on_with_its_reference(tmp_path: Path) -> None:
    result = _read(tmp_path, WRAPPED_IEEE)
    assert [record.title for record in result.records] == [
        "Robust graph matching when nodes are corrupt",
        "Attention is all you need",
        "Deep residual learning for image recognition",
    ]
    assert [record.year for record in result.records] == [2024, 2017, 2016]
    assert result.records[0].authors == ("T. Ameen", "B. Hajek")
    assert result.records[0].venue is not None and "Machine Learning" in result.records[0].venue
    assert not result.problems


def test_a_numbered_reference_wrapped_after_an_abbreviation(tmp_path: Path) -> None:
    numbered = "".join(
        f"[{n}] {line}\n" if not line.startswith("Conf.") else f"{line}\n"
        for n, line in zip((1, 0, 2, 3), WRAPPED_IEEE.splitlines(), strict=True)
    )
    result = _read(tmp_path, numbered)
    assert [record.year for record in result.records] == [2024, 2017, 2016]
    assert not result.problems
