"""Quotation marks as they read on screen, over sentences of real abstracts (ICML 2024,
NeurIPS 2017 from Paper Copilot, the arXiv metadata snapshot)."""

from __future__ import annotations

import pytest

from tuireader.render.textrender import display_title, plain, render


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # ICML 2024 opens quotations with two apostrophes, or a straight quote, and
        # closes them TeX's way: they read ''yes'' and "global'' on screen
        (
            (
                r"if a model answers ''$\textit{yes}$'' to the input question"
                r" ''$\textit{Can eagles fly?}$'' with"
            ),
            "if a model answers \u201cyes\u201d to the input question \u201cCan eagles fly?\u201d with",
        ),
        (
            "seamlessly integrates \"global'' and \"local'' perspectives into the BIQA",
            "seamlessly integrates \u201cglobal\u201d and \u201clocal\u201d perspectives into the BIQA",
        ),
        (
            "to answer both ''where\" and ''what\", but often",
            "to answer both \u201cwhere\u201d and \u201cwhat\u201d, but often",
        ),
        (
            "which we refer to as ''generalized state space models'' (GSSMs).",
            "which we refer to as \u201cgeneralized state space models\u201d (GSSMs).",
        ),
        # NeurIPS 2017 opens one with a single backquote
        (
            "we introduce the `Fr\u00e9chet Inception Distance'' (FID) which",
            "we introduce the \u201cFr\u00e9chet Inception Distance\u201d (FID) which",
        ),
        # ICML 2024 closes one TeX's way in curly apostrophes
        (
            "the density of so-called ``linear regions\u2019\u2019 (aka, spline",
            "the density of so-called \u201clinear regions\u201d (aka, spline",
        ),
    ],
)
def test_a_quotation_tex_closes_reads_in_curly_quotes_however_opened(
    source: str, expected: str
) -> None:
    assert plain(source) == expected


def test_a_quotation_opened_loosely_keeps_its_styles_and_reads_alike_in_a_title() -> None:
    out = render(r"answers ''$\textit{yes}$'' to")
    assert [(out.text[s.start : s.end], s.style) for s in out.spans if s.style == "em"] == [
        ("yes", "em")
    ]
    assert display_title("A Bit-String-Driven ''Recipe Theory'' for Infinite-Dimensional") == (
        "A Bit-String-Driven \u201cRecipe Theory\u201d for Infinite-Dimensional"
    )


@pytest.mark.parametrize(
    "text",
    [
        "$f''(x)$ and $''x''$",  # primes in math
        "a 1.5'' arcsec and 3'' of arc",  # seconds of arc
        "the \"a\" and b'' c",  # a straight quote closed by a straight quote
        "use ``x`` here",  # a markdown code span
        "''one.\n\nTwo''",  # not across paragraphs
    ],
)
def test_what_is_no_quotation_stays_as_written(text: str) -> None:
    assert "\u201c" not in plain(text) and "\u201d" not in plain(text)


def test_a_code_span_in_double_backquotes_reads_as_code():
    # ICML 2024 writes a library's name as Markdown's code in two backquotes, which read
    # "``DoWhy``" on screen
    out = render("implemented as part of the Python library ``DoWhy`` (Sharma & Kiciman, 2020;")
    assert out.text == "implemented as part of the Python library DoWhy (Sharma & Kiciman, 2020;"
    assert [(out.text[s.start : s.end], s.style) for s in out.spans] == [("DoWhy", "code")]
    # a TeX quotation is still one, and backquotes that close nothing stay as written
    assert plain("a ``quoted'' b") == "a \u201cquoted\u201d b"
    assert plain("open ``and never closed") == "open ``and never closed"
    assert plain("a ``b``` c") == "a ``b``` c"
