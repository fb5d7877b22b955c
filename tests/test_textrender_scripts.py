"""Sub- and superscripts as they read on screen, in math and in running text, over
sentences of real abstracts (ICML 2024, the arXiv metadata snapshot)."""

from __future__ import annotations

import pytest

from tuireader.render.textrender import display_title, math_to_unicode, plain


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # ICML 2024: "a sequence of mappings $\phi_{i_1}, ..., \phi_{i_m} \in V$" read
        # "φ_i₁, ..., φ_iₘ", the subscript's own subscript as a second one in a row
        (
            r"is a sequence of mappings $\phi_{i_1}, ..., \phi_{i_m} \in V$",
            "is a sequence of mappings φ_(i₁), ..., φ_(iₘ) ∈ V",
        ),
        (r"$a_{b_c}$ and $x_{n^2}$", "a_(b_c) and x_(n²)"),
        # a subscript without one of its own is as before
        (r"$x_{t+1}$, $T_{\max}$, $\phi_{k}$, $\theta_{old}$", "xₜ₊₁, Tₘₐₓ, φₖ, θ_old"),
    ],
)
def test_a_subscript_with_a_subscript_of_its_own_is_set_apart(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_a_nested_subscript_reads_alike_in_math_and_in_a_title() -> None:
    assert math_to_unicode(r"\phi_{i_1}") == "φ_(i₁)"
    assert display_title(r"Mappings $\phi_{i_1}$") == "Mappings φ_(i₁)"
