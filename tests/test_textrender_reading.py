"""Paper text as it reads on screen: the commands a paper defines for itself, TeX's dashes,
underscore emphasis, degrees and superscripts, over excerpts of real lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.render import textrender
from tuireader.render.textrender import (
    display_title,
    math_to_unicode,
    plain,
    render,
    visible,
)

#: sentences of real lists (the arXiv metadata snapshot, CoRL 2023, ICML 2024), one a line
#: with its list and id
EXCERPTS = {
    record["id"]: record["excerpt"]
    for record in map(
        json.loads,
        (Path(__file__).parent / "fixtures" / "text" / "reading_excerpts.jsonl")
        .read_text(encoding="utf-8")
        .splitlines(),
    )
}


def shown(paper: str) -> str:
    return " ".join(plain(EXCERPTS[paper]).split())


def styled(source: str) -> list[tuple[str, str]]:
    out = render(source)
    return [(out.text[s.start : s.end], s.style) for s in out.spans]


# --- commands a paper defines for itself ----------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "reads"),
    [
        # "\la r^2\ra^\pi_s" read "la r^2ra^π_s"
        ("0704.0039", "pion scalar radius, ⟨r^2⟩^π_s, plays"),
        # "$4500\kms$" read "4500 kms", "10^{15}\msun" "10¹⁵ msun"
        ("0704.0094", "a speed of 4500 km s⁻¹ is easily obtained"),
        ("0704.0094", "≤ 0.6×10¹⁵ M☉ and CDM model"),
        ("0704.0094", "≤ 1×10¹⁵ M☉ are barely"),
        ("0704.0059", "= 28.9 ± 1.0 km s⁻¹, gives a primary radius of R_A = 1.28 ± 0.04 R☉."),
        ("6a4sECAMCA", "restricted operational domains, i.e., without"),
    ],
)
def test_common_shorthands_read_as_what_they_stand_for(paper: str, reads: str) -> None:
    assert reads in shown(paper)


@pytest.mark.parametrize(
    ("paper", "reads"),
    [
        # "Hilbert $G$-$\cla$ module … algebra $\cla$" read "Hilbert G-cla module … algebra cla"
        ("0704.0110", r"Hilbert G-\cla module on a G-C^* algebra \cla admits"),
        ("0704.0110", r"a trivial G-\cla module"),
    ],
)
def test_a_command_of_the_papers_own_is_shown_as_a_command(paper: str, reads: str) -> None:
    assert reads in shown(paper)


@pytest.mark.parametrize(
    ("paper", "reads"),
    [
        # a mark of the paper's own around words (a revision's) reads as the words:
        # "real-worlddynamics" once, then "real-world \rebut{dynamics}"
        ("zvl2LuLTtgr", "from the real-world dynamics, yielding"),
        ("gFXVysXh48K", "in simulation with domain randomization. Subsequently"),
    ],
)
def test_a_mark_of_the_papers_own_reads_as_its_words(paper: str, reads: str) -> None:
    assert reads in shown(paper)


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"10^{15}\Msun", "10¹⁵ M☉"),
        (r"\Q(\sqrt{5}) \subset \R", "ℚ(√5) ⊂ ℝ"),
        (r"\psi = \OPT/\nnz{A}", "ψ = OPT/nnz(A)"),
        (r"\si_1\si_2", r"\si₁ \si₂"),
        (r"x\F y", r"x \F y"),
    ],
)
def test_paper_commands_in_math(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


def test_angle_bracket_shorthands_read_as_the_brackets() -> None:
    assert math_to_unicode(r"\la x\ra^2") == math_to_unicode(r"\langle x\rangle^2")
    assert math_to_unicode(r"\la x\ra^2").endswith("x⟩²")


def test_paper_commands_in_text() -> None:
    assert plain(r"see \etal. and \ie{} this, \eg, \cla and \cla{x}") == (
        r"see et al. and i.e. this, e.g., \cla and cla(x)"
    )
    assert plain(r"a mass of 2\msun") == "a mass of 2 M☉"
    # a title keeps a paper's command as written, braces and all
    assert display_title(r"Hilbert $G$-$\cla$ Modules and \foo{Bar}") == (
        r"Hilbert G-\cla Modules and Bar"
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # "\\eps" is ε and "\\cN" 𝒩 in near every paper that defines them
        (r"for every $\eps > 0$, an $\eps$-net", "for every ε > 0, an ε-net"),
        (r"noise $x \sim \cN(0, I)$ on $\cX \times \cY$", "noise x ∼ 𝒩(0, I) on 𝒳 × 𝒴"),
        (r"a class \cF of functions, \eps{}-good", "a class ℱ of functions, ε-good"),
        # a paper's own command with no such common reading stays as written: "\\lam" is
        # λ or a λ-term, "\\si" σ or a unit, "\\bx" bold x or not (arXiv 0704.0061, 0704.0199)
        (r"we call \lam-intersection bodies", r"we call \lam-intersection bodies"),
        (r"decompositions $c=\si_1\si_2$ of", r"decompositions c=\si₁ \si₂ of"),
        (r"a vector $\bx$ and \c{c}", r"a vector \bx and ç"),
    ],
)
def test_shorthands_with_a_near_universal_reading_read_so(source: str, expected: str) -> None:
    assert plain(source) == expected
    assert display_title(source) == expected


def test_commands_this_module_knows_keep_their_old_reading() -> None:
    # written without the argument it takes, a known command is its name, as before
    assert plain(r"the \sqrt rule and \frac 12") == "the sqrt rule and frac 12"
    assert plain(r"\emph{x} \textbf{y} G\"odel {\it z}") == "x y Gödel z"
    known_command = textrender.known_command
    assert all(map(known_command, ["emph", "textbf", "sqrt", "alpha", "o", "'", "it", "kms"]))
    assert not any(map(known_command, ["cla", "rebut", "F", "OPT"]))


def test_a_paper_command_is_data_never_markup_or_control() -> None:
    assert plain(r"\cla[bold]x[/]") == r"\cla[bold]x[/]"
    assert plain(r"\rebut{[b]x}") == r"\rebut{[b]x}"
    out = plain("\\cla\x1b[31m")
    assert out == "\\cla\x1b[31m" and visible(out) == "\\cla␛[31m"


# --- TeX's dashes -------------------------------------------------------------------------


def test_dashes_between_math_spans_read_as_a_dash() -> None:
    # "$L^p$--$L^q$" read "Lᵖ--L^q"
    assert "–" in shown("0704.0125") and "--" not in shown("0704.0125")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # the ways real abstracts write TeX's en dash, not only "1--2" and "a -- b"
        ("the Weisfeiler--Leman test", "the Weisfeiler–Leman test"),
        ("the trade--off between", "the trade–off between"),
        ("the model we consider-- we propose", "the model we consider– we propose"),
        ("The architecture --CARTE for Context", "The architecture –CARTE for Context"),
        ("neutrinos mixing --", "neutrinos mixing –"),
        ("Schr\\\"odinger's equations --, and", "Schrödinger's equations –, and"),
        ("a $5$--$10$ fold", "a 5–10 fold"),
        ("**Cost**---and", "Cost—and"),
        # an option, an arrow, a comment marker, a rule and a link stay as written
        # (a code span is code, its backticks gone)
        ("run --help or `--no-cache`", "run --help or --no-cache"),
        ("(--verbose) and a-->b, D0 --> K- e+, <-- x, <!-- y, ----", None),
        ("see https://a.org/x--y---z and www.b.org/p--q.", None),
    ],
)
def test_tex_dashes_read_as_dashes_outside_math_and_links(
    source: str, expected: str | None
) -> None:
    assert plain(source) == (source if expected is None else expected)


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        # Zotero's Better BibTeX: a book's title and a publisher (as APA and MLA cite it)
        (
            "Principles and {{Practice}} of {{Constraint Programming}} -- {{CP}} 2007",
            "Principles and Practice of Constraint Programming – CP 2007",
        ),
        (
            'Schloss Dagstuhl -- Leibniz-Zentrum f{\\"u}r Informatik',
            "Schloss Dagstuhl – Leibniz-Zentrum für Informatik",
        ),
        (
            "Anisotropic thermo-elasticity in 2D -- Part I",
            "Anisotropic thermo-elasticity in 2D – Part I",
        ),
        ("Pages 1--2 and Kahan---a {Note}", "Pages 1–2 and Kahan—a Note"),
        ("The {Davis--Kahan} theorem, `--flag`", "The Davis–Kahan theorem, `--flag`"),
    ],
)
def test_titles_read_tex_dashes_as_abstracts_do(title: str, expected: str) -> None:
    assert display_title(title) == expected


# --- underscore emphasis ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "text", "emphasis"),
    [
        # "the seminal _projected gradient descent_ (PGD)" was shown with its underscores
        (
            "CXZqGJonmt",
            "such as the seminal projected gradient descent (PGD) offer",
            ["projected gradient descent"],
        ),
        ("5x788rqbcj", "sentence shuffling) during pretraining. Without", ["during pretraining"]),
        ("JBaPBPrn93", "dubbed word sensitivity (WS), in", ["word sensitivity"]),
        (
            "o6N1Bqay0k",
            "terms: (i) the stability of the model",
            ["(i)", "stability", "(ii)", "feature alignment"],
        ),
    ],
)
def test_underscore_emphasis_reads_as_star_emphasis_does(
    paper: str, text: str, emphasis: list[str]
) -> None:
    assert text in shown(paper) and "_" not in shown(paper)
    assert styled(EXCERPTS[paper]) == [(words, "em") for words in emphasis]


def test_underscores_pair_as_commonmark_pairs_them() -> None:
    assert styled("an _emphasised_ word") == [("emphasised", "em")]
    assert styled("_Shūkai_'s ability, for _any_ rate.") == [("Shūkai", "em"), ("any", "em")]
    assert styled("both *star* and _underscore_") == [("star", "em"), ("underscore", "em")]
    # a star does not close an underscore: each pairs with its own kind
    assert styled("an _open* and *close_ x") == [("open* and *close", "em")]
    assert plain("an _open* and *close_ x") == "an open* and *close x"


@pytest.mark.parametrize(
    "text",
    [
        "set num_layers and num_heads to 2",  # snake_case, any number of words
        "call __init__ or __main__ here",  # a dunder is no strong emphasis
        "the a_b_c and _private names",
        "x_1, a _rate of M_1 = 1",  # LaTeX's subscripts outside math
        "a _rate of {x}_ here",
        "see https://a.org/_x_/y and www.b.org/_z_ now",  # a link's underscores
        "obj._cache_ and path/_dir_/x",  # an attribute, a path
        "a _ b _ c",  # underscores apart from words
    ],
)
def test_underscores_of_names_links_and_math_stay_as_written(text: str) -> None:
    out = render(text)
    assert out.text == text and out.spans == ()


def test_underscores_in_math_are_subscripts_not_emphasis() -> None:
    out = render(r"the _rate_ $x_i + y_j$ and $a_{b}$ _c_")
    assert out.text == "the rate xᵢ + yⱼ and a_b c"
    assert styled(r"the _rate_ $x_i + y_j$") == [("rate", "em"), ("xᵢ + yⱼ", "math")]


def test_a_subscript_escaped_for_markdown_in_math_is_a_subscript() -> None:
    # an ICML 2024 abstract (OpenReview) writes $p\_{Y|X}$ and $\hat{p}_{Y|X}^{\theta}$
    # for the same thing: "p_Y|X" read as p with an underscore, then "Y|X"
    source = (
        r"how much a model $\hat{p}\_{Y|X}^{\theta}$ knows about the stochastic real-world"
        r" process $p\_{Y|X}$ it was trained on, and the gaps between"
        r" $\hat{p}_{Y|X}^{\theta}$ and $p\_{Y|X}$"
    )
    assert plain(source) == (
        "how much a model p̂_(Y|X)ᶿ knows about the stochastic real-world process p_(Y|X)"
        " it was trained on, and the gaps between p̂_(Y|X)ᶿ and p_(Y|X)"
    )
    # an underscore of a name in math stays one
    assert math_to_unicode(r"\mathrm{max\_iter} + x\_i") == "max_iter + x_i"


def test_underscore_emphasis_in_a_title() -> None:
    assert display_title("On _Projected_ Descent of num_layers") == (
        "On Projected Descent of num_layers"
    )


# --- degrees --------------------------------------------------------------------------------


def test_a_degree_reads_as_a_degree_sign() -> None:
    # "0.25$^\circ$" read "0.25^∘", a ring raised where a degree sign was meant
    assert "observations at 0.25° (≈30km) resolution" in shown("vhMq3eAB34")


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"90^\circ", "90°"),
        (r"90^{\circ}", "90°"),
        (r"25^\circ C", "25°C"),
        (r"25^{\circ}\mathrm{C}", "25°C"),
        (r"25^\circ\,\mathrm{F}", "25°F"),
        (r"-40 ^{\circ} C.", "-40 °C."),
        (r"\theta = 30^\circ, C = 2", "θ = 30°, C = 2"),
        (r"30^\circ Cov", "30° Cov"),
        (r"10^{11} M_\odot", "10¹¹ M☉"),
        (r"M_{\odot}", "M☉"),
        # a ring that is a composition, or raised with more, is still a ring
        (r"f \circ g", "f ∘ g"),
        (r"f^{\circ n}", "f^(∘ n)"),
    ],
)
def test_degrees_and_the_sun_in_math(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


def test_a_degree_between_math_and_text() -> None:
    assert plain(r"at 25$^\circ$C and $90^{\circ}$ angles") == "at 25°C and 90° angles"


# --- superscripts Unicode has no letter for ----------------------------------------------


def test_an_expression_raises_its_superscripts_one_way() -> None:
    # "$L^p$--$L^q$" read "Lᵖ--L^q": ᵖ exists and no raised q does
    assert "prove L^p–L^q decay rates" in shown("0704.0125")


@pytest.mark.parametrize(
    ("title", "expected"),
    [("$x$—", "x—"), ("$x$--", "x–"), ("$x^q$ -- y", "x^q – y"), ("—$x$", "—x")],
)
def test_a_text_starting_with_math_before_a_dash_reads(title: str, expected: str) -> None:
    # the first math span took the text's last piece for the dash joining it to the
    # span before it, which there was none of: IndexError, and the title unshown
    assert display_title(title) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"L^p \to L^q", "L^p → L^q"),
        (r"x^2 + y^{q}", "x^2 + y^q"),
        (r"e^{-x^2} + 2^{\Omega(n)}", "e^(-x^2) + 2^(Ω(n))"),
        # a superscript no letters could raise leaves the others raised (ICML 2024)
        (r"\tilde O(\epsilon^{-2}\mathfrak{S}^{2/p})", "Õ(ε⁻²𝔖^(2/p))"),
        (r"x^2 \in \mathbb{R}^{n \times n}", "x² ∈ ℝ^(n × n)"),
        # all raised in Unicode, or none can be: as before
        (r"L^p \to L^r", "Lᵖ → Lʳ"),
        (r"x^2 + y^{-1}", "x² + y⁻¹"),
        (r"2^{\Omega(n)}", "2^(Ω(n))"),
        # subscripts and a root's index keep their own form
        (r"x_i^q + x_b^2", "xᵢ^q + x_b^2"),
    ],
)
def test_superscripts_of_one_math_span_are_written_alike(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("$L^p$--$L^q$ and $L^p$-$L^r$", "L^p–L^q and Lᵖ-Lʳ"),
        ("$L^p$/$L^q$ bounds", "L^p/L^q bounds"),
        # spans apart are expressions apart
        ("$L^p$ to $L^q$ and $L^p$, $L^q$", "Lᵖ to L^q and Lᵖ, L^q"),
    ],
)
def test_math_spans_joined_by_a_dash_are_one_expression(source: str, expected: str) -> None:
    assert plain(source) == expected
