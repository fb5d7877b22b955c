"""Math written with spaces inside its delimiters (``\\( x \\)``, ``$$ x $$``, as MathJax
users write) goes into BibTeX as ``$x$``: ``$ x $`` is read back as two dollar signs,
and the entry no longer checks as sound."""

from __future__ import annotations

import pytest
from test_citations import validate_bibtex

from tuireader.model import Link, Paper
from tuireader.render.citations import format_citation


@pytest.mark.parametrize(
    ("written", "math"),
    [
        ("$$ 0$$", "$0$"),
        ("$$x^2 $$", "$x^2$"),
        ("\\( x_i \\)", "$x_i$"),
        ("\\[ \\alpha \\]", "$\\alpha$"),
    ],
)
@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_spaced_math_is_written_without_its_spaces(written: str, math: str, fmt: str) -> None:
    paper = Paper(
        id="h",
        title=f"Bounds for {written} in the limit",
        abstract=f"We show {written} holds.",
        authors=("Ann Lee",),
        venue=written,
        year=2024,
        links=(Link("https://example.org/", "paper", "url"),),
    )
    text = format_citation(paper, fmt, include_abstract=True).text
    assert validate_bibtex(text) == [], text
    assert f"{{Bounds for {math} in the limit}}" in text or f"Bounds for {math} in" in text
    assert f"We show {math} holds." in text
