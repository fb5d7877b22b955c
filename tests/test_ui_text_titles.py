"""Titles and author names read as people write them in the list row and the viewer."""

from __future__ import annotations

from rich.style import Style

from tuireader.model import Paper
from tuireader.ui.text import Palette, paper_header, result_line

PAPER = Paper(
    id="abcd2345",
    title=r"$\ell_1$-Regression for {RL} with \textit{Sparse} Rewards",
    abstract="We regress.",
    authors=(r"C. Bal\'azs", r"A. Gr{\o}tli"),
)


def test_a_row_shows_the_rendered_title():
    row = result_line(PAPER, Palette()).plain
    assert "ℓ₁-Regression for RL with Sparse Rewards" in row
    assert "\\" not in row and "$" not in row and "{" not in row


def test_the_viewer_header_renders_title_and_names():
    header = paper_header(PAPER, Palette()).plain
    assert "ℓ₁-Regression for RL with Sparse Rewards" in header
    assert "C. Balázs, A. Grøtli" in header


def test_a_plain_title_keeps_its_match_highlights():
    plain = Paper(id="efgh2345", title="Sparse  Rewards", abstract="x")
    row = result_line(plain, Palette(match=Style(bold=True)), title_spans=[(0, 6)])
    assert "Sparse Rewards" in row.plain
    assert row.spans, "the matched word is highlighted"


def test_a_bibtex_tie_in_a_title_reads_as_a_space_in_the_row_and_the_viewer():
    tied = Paper(id="ijkl2345", title="Random Instances of~Weighted Model Counting", abstract="x")
    assert "Random Instances of Weighted Model Counting" in result_line(tied, Palette()).plain
    assert "of Weighted" in paper_header(tied, Palette()).plain
