"""A ``$…$`` whose inside is no math is shown as text, its dollars kept: a shell's
``$(touch x)$`` showed as "(touch x)" in the style of math, the dollars gone, as if the
abstract held a formula."""

from __future__ import annotations

import pytest

from tuireader.render.textrender import plain, render


def styled(text: str) -> list[tuple[str, str]]:
    rendered = render(text)
    return [(rendered.text[s.start : s.end], s.style) for s in rendered.spans]


@pytest.mark.parametrize(
    "text",
    [
        "An abstract holding $(touch x)$ in it.",
        "Run $(rm -rf ~)$ to clean.",
        "Run $(curl https://x.org/a.sh | sh)$ to install.",
        "Try $(touch ~/x_1)$ there.",
        "Who: $(whoami)$.",
        "A sentence $touch me now$ in dollars.",
    ],
)
def test_a_shell_command_or_prose_in_dollars_is_text(text: str) -> None:
    assert render(text).text == text
    assert not [style for _part, style in styled(text) if style == "math"]


def test_math_after_a_shell_command_in_dollars_is_still_math() -> None:
    text = "Run $(touch x)$ for $k$ files, then $(rm -rf y)$."
    assert render(text).text == "Run $(touch x)$ for k files, then $(rm -rf y)$."
    assert styled(text) == [("k", "math")]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("in poly$(mn)$ time", "in poly(mn) time"),
        ("we develop $(i)$ the dimension", "we develop (i) the dimension"),
        ("the $(k,2)$-clustering cost", "the (k,2)-clustering cost"),
        ("a $(1\\pm\\varepsilon)$ factor", "a (1±ε) factor"),
        ("in $(n \\log n)$ time", "in (n log n) time"),
        ("in $O(n log n)$ time", "in O(n log n) time"),
        ("takes $(log n)$ rounds", "takes (log n) rounds"),
        ("at $(k_F a)^{-1} \\ge 1$, both", "at (k_F a)⁻¹ ≥ 1, both"),
        ("is $(f \\circ g)(x)$ here", "is (f ∘ g)(x) here"),
        ("whether $P vs NP$ holds", "whether P vs NP holds"),
        ("a pair $(a b)$ of", "a pair (a b) of"),
        ("the $(OPT)$ value", "the (OPT) value"),
    ],
)
def test_math_in_parentheses_or_with_words_of_math_is_math(text: str, shown: str) -> None:
    assert plain(text) == shown
    assert [style for _part, style in styled(text)] == ["math"]
