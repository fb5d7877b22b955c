"""Abstracts given as markup (Crossref's JATS, HTML) read as the text their source meant,
math included."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.readers import read_file

SHAPES = Path(__file__).parent / "fixtures" / "other_shapes"


def test_a_crossref_abstracts_math_has_the_characters_jats_escapes() -> None:
    # Crossref's answer for a paper of APS: "$k &lt; n$" was shown as written
    (record,) = read_file(SHAPES / "crossref_work_math.json").records
    assert record.abstract == (
        "We prove that the gap closes for $k < n$ and stays open for $\\beta > 1$, "
        "where a < b holds."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<p>For $a &amp; b$ and \\(x &lt; y\\).</p>", "For $a & b$ and \\(x < y\\)."),
        # math keeps its tags: LaTeX, not HTML
        ("<p>For $a<b>c</b>$ &amp; $x &gt; 0$.</p>", "For $a<b>c</b>$ & $x > 0$."),
    ],
)
def test_references_in_math_within_markup_are_characters(text: str, expected: str) -> None:
    assert strip_markup(text) == expected
