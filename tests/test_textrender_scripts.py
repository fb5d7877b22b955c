"""Sub- and superscripts as they read on screen, in math and in running text, over
sentences of real abstracts (ICML 2024, the arXiv metadata snapshot)."""

from __future__ import annotations

import pytest

from tuireader.render.textrender import display_title, math_to_unicode, plain, render


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


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # the arXiv snapshot writes scripts without $…$: "rho_h^{1/2}" and "M_{CDM}" were
        # shown as written, braces and all (a title, without its braces, read "rho_h^1/2")
        (
            r"-dM/dt = mu_ev ~ rho_h^{1/2}. In particular",
            "-dM/dt = mu_ev ~ rho_h^(1/2). In particular",
        ),
        (
            r"as mu_ev ~ rho_t^{1/2} or mu_ev ~ Sigma_t^{3/4}",
            "as mu_ev ~ rho_t^(1/2) or mu_ev ~ Sigma_t^(3/4)",
        ),
        (
            r"a total mass M_{CDM} = 1 x 10^{15}Msun of Cold DM",
            "a total mass M_CDM = 1 x 10¹⁵Msun of Cold DM",
        ),
        (r"can move with V_{gas}=4200km/s", "can move with V_gas=4200km/s"),
        (r"The groups G_{k,1} of Richard Thompson", "The groups G_(k,1) of Richard Thompson"),
        # what is no script stays as written: a link's, an empty or unclosed group
        (r"see https://a.org/x_{b}/ now", r"see https://a.org/x_{b}/ now"),
        (r"x_{} and x_{2 and a _{b}", r"x_{} and x_{2 and a _{b}"),
    ],
)
def test_a_braced_script_outside_math_reads_as_math(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # arXiv 0704.0106 lost the "$" that opens its math, and showed "𝒪(αₛ^2)$"
        (
            "systematically up to order \\cal{O}(\\alpha_{s}^2)$ in deeply inelastic",
            "systematically up to order 𝒪(αₛ²) in deeply inelastic",
        ),
        # arXiv 0704.0036: the formula runs on over a line break after its "\\pm"
        (
            (
                "$\\Delta\\beta_p=1.2\\mp 0.6$, \\Delta\\alpha_n=0.8\\pm\n1.7$ and "
                "$\\Delta\\beta_n=2.0\\mp 1.8$ are contributed"
            ),
            "Δβₚ=1.2∓0.6, Δαₙ=0.8±1.7 and Δβₙ=2.0∓1.8 are contributed",
        ),
        ("the order {\\cal O}(\\alpha_s^2)$.", "the order 𝒪(αₛ²)."),
        # a "$" after words that are no LaTeX is a dollar sign
        ("it costs 5$ and the rest$, in all", "it costs 5$ and the rest$, in all"),
        ("a \\textbf{bold}$ word", "a bold$ word"),
        ("price_list$ here", "price_list$ here"),
        # a "$" before a letter or a command opens math rather than closes it
        ("a \\alpha$b", "a α$b"),
    ],
)
def test_math_whose_opening_dollar_is_lost_reads_as_math(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_math_whose_opening_dollar_is_lost_is_styled_as_math() -> None:
    out = render("up to order \\cal{O}(\\alpha_{s}^2)$ in")
    assert out.text == "up to order 𝒪(αₛ²) in"
    assert [(out.text[s.start : s.end], s.style) for s in out.spans] == [("𝒪(αₛ²)", "math")]


def test_a_braced_script_in_a_title_keeps_its_grouping() -> None:
    assert display_title(r"Density rho_h^{1/2} of M_{CDM}") == "Density rho_h^(1/2) of M_CDM"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # Zotero's export of "we get $O(m^2(m + n)s)$ algorithms" with its dollars escaped:
        # the caret it spelled {\textasciicircum} read "m^2", where "m^2" reads "m²"
        (
            r"For example, we get \$O(m{\textasciicircum}2(m + n)s)\$ algorithms for",
            "For example, we get $O(m²(m + n)s)$ algorithms for",
        ),
        (r"10\textasciicircum{}{15} and 2\textasciicircum 8", "10¹⁵ and 2⁸"),
        # a power Unicode cannot raise, or a caret of a letter, reads as "^" would
        (r"x{\textasciicircum}{1/2}", "x^(1/2)"),
        (r"is shown to be O(nm{\textasciicircum}d), where", "is shown to be O(nm^d), where"),
        (r"from \{0, 1\}{\textasciicircum}n to", "from {0, 1}^n to"),
        (r"a {\textasciicircum} b", "a ^ b"),
    ],
)
def test_a_caret_spelled_as_bibtex_does_reads_as_a_caret_outside_math(
    source: str, expected: str
) -> None:
    assert plain(source) == expected
    assert display_title(source) == expected
