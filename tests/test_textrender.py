"""Abstracts shown as readable text: math in Unicode, emphasis as spans, nothing lost."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tuireader.render.textrender import (
    Rendered,
    Span,
    display_author,
    display_authors,
    display_title,
    math_to_unicode,
    plain,
    render,
    render_title,
    visible,
)

FIXTURE = Path(__file__).parent / "fixtures" / "text" / "icml2024_sample.jsonl"
RECORDS = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


def styled(rendered: Rendered) -> list[tuple[str, str]]:
    return [(rendered.text[s.start : s.end], s.style) for s in rendered.spans]


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        (r"\Omega(1/\epsilon^2)", "Ω(1/ε²)"),
        (r"\mathcal{S}", "𝒮"),
        (r"\mathbb{R}^d", "ℝᵈ"),
        (r"\tilde{O}(\sqrt{T})", "Õ(√T)"),
        (r"O(\sqrt{dT\log T})", "O(√(dT log T))"),
        (r"\frac{a+b}{2}", "(a+b)/2"),
        (r"\frac{1}{n}", "1/n"),
        (r"x \leq y \geq z \times 2 \cdot 3 \sim \approx", "x ≤ y ≥ z × 2 · 3 ∼ ≈"),
        (r"k \in \{1, \infty\}", "k ∈ {1, ∞}"),
        (r"O^T\theta = 0", "Oᵀθ = 0"),
        (r"x_{i+1}", "xᵢ₊₁"),
        (r"\sigma_{\textrm{max}}", "σₘₐₓ"),
        (r"2^{\Omega(n)}", "2^(Ω(n))"),
        (r"\mathcal{O}_{\mathrm{q}}", "𝒪_q"),
        (r"10\%", "10%"),
        (r"\$5", "$5"),
        (r"\foo{bar} + \unknowncommand", "foobar + unknowncommand"),
        (r"\left(\frac{a}{b}\right)^{2}", "(a/b)²"),
        (r"\text{aL\small{LM}4T\small{S}}", "aLLM4TS"),
    ],
)
def test_math_reads_as_unicode(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


def test_math_span_is_marked_and_text_around_it_kept() -> None:
    out = render(r"requires at least $\Omega(1/\epsilon^2)$ samples")
    assert out.text == "requires at least Ω(1/ε²) samples"
    assert styled(out) == [("Ω(1/ε²)", "math")]


def test_tex_dashes_in_prose_read_as_dashes_and_arrows_and_options_stay() -> None:
    text = "treewidth---the bound, pages 1--2, a -- b; run --help, a-->b, <!-- x, ----"
    assert plain(text) == (
        "treewidth\u2014the bound, pages 1\u20132, a \u2013 b; run --help, a-->b, <!-- x, ----"
    )


def test_percent_is_a_percent_sign_not_a_comment() -> None:
    text = "a margin of approximately 0.4% to 12.2% on average in terms of accuracy"
    assert plain(text) == text


@pytest.mark.parametrize(
    "text",
    ["costs $5 and $10 each", "under $20 USD, our attack", "from $5-$10", "a lone $ sign"],
)
def test_dollars_that_open_no_math_stay_literal(text: str) -> None:
    assert plain(text) == text


def test_adjacent_math_spans_are_not_display_math() -> None:
    assert plain(r"reduce up to $\sim$$30\%$ of the peak memory") == (
        "reduce up to ∼30% of the peak memory"
    )


def test_escaped_dollars() -> None:
    assert plain(r"cost under \\$2,000 and \$3") == "cost under $2,000 and $3"


def test_markdown_emphasis_becomes_spans_without_markers() -> None:
    out = render("We propose *Boximator*, with **41 days** to *hard box*.")
    assert out.text == "We propose Boximator, with 41 days to hard box."
    assert styled(out) == [("Boximator", "em"), ("41 days", "strong"), ("hard box", "em")]


@pytest.mark.parametrize("text", ["the A* search", "p* and q*", "x*y = 3", "C*-algebra", "a * b"])
def test_lone_stars_stay_literal(text: str) -> None:
    out = render(text)
    assert out.text == text
    assert out.spans == ()


def test_intraword_markdown_bold_joins_the_word() -> None:
    out = render("our predictor **FLAN**: **Fl**ow **A**ttention for **N**AS")
    assert out.text == "our predictor FLAN: Flow Attention for NAS"
    assert ("Fl", "strong") in styled(out)


def test_latex_text_commands_inside_and_outside_math() -> None:
    out = render(
        r"an \emph{important} \textbf{bold} and $\textit{action}$-unaffected \texttt{code}"
    )
    assert out.text == "an important bold and action-unaffected code"
    assert ("important", "em") in styled(out)
    assert ("bold", "strong") in styled(out)
    assert ("action", "em") in styled(out)
    assert ("code", "code") in styled(out)


def test_rendering_never_creates_markup_from_data() -> None:
    text = "[bold red]not markup[/] and \x1b[31m escape"
    assert plain(text) == text  # render leaves control characters to visible()


def test_visible_shows_control_characters_and_keeps_layout() -> None:
    assert visible("a\x1b[2Jb") == "a␛[2Jb"
    assert visible("line\nnext\tcol") == "line\nnext\tcol"
    assert visible("\x00\x07\x7f") == "␀␇␡"
    assert visible("\x9b31m") == "\\x9b31m"
    assert visible("plain ✓ Ω") == "plain ✓ Ω"


def _words_outside_math(source: str) -> list[str]:
    outside = re.sub(
        r"\$\$.*?\$\$|\$[^$]*\$|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", " ", source, flags=re.DOTALL
    )
    outside = re.sub(r"\\[A-Za-z]+", " ", outside).replace("*", "")
    return re.findall(r"[^\W_]+", outside)


@pytest.mark.parametrize("record", RECORDS, ids=[r["pmlr_key"] for r in RECORDS])
def test_no_word_of_a_real_abstract_is_lost(record: dict[str, str]) -> None:
    for source in (record["abstract"], record["title"]):
        out = render(source)
        missing = [word for word in _words_outside_math(source) if word not in out.text]
        assert missing == []
        assert not re.search(r"\\[A-Za-z]", out.text)  # no LaTeX command left raw
        for span in out.spans:
            assert 0 <= span.start < span.end <= len(out.text)


def test_real_abstract_reads_cleanly() -> None:
    charmer = next(r for r in RECORDS if "Charmer" in r["abstract"])
    text = plain(charmer["abstract"])
    assert "improves the ASR in 4.84% points and the USE similarity in 8% points" in text
    watermark = next(r for r in RECORDS if "watermark stealing" in r["abstract"])
    assert "average success rate of over 80%" in plain(watermark["abstract"])


def test_spans_are_sorted_and_plain_matches_render() -> None:
    text = RECORDS[0]["abstract"]
    out = render(text)
    assert plain(text) == out.text
    assert list(out.spans) == sorted(out.spans, key=lambda s: (s.start, -s.end, s.style))
    assert all(isinstance(s, Span) for s in out.spans)


def test_module_imports_no_ui_framework() -> None:
    code = "import sys, tuireader.render.textrender, tuireader.ingest.titles; print('textual' in sys.modules or 'rich' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


# --- titles and author names -------------------------------------------------------------

#: three records of the arXiv metadata snapshot (Kaggle JSON lines), names written in LaTeX
ARXIV = [
    json.loads(line)
    for line in (FIXTURE.parent / "arxiv_accented_names.jsonl")
    .read_text(encoding="utf-8")
    .splitlines()
]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        (r"$\ell_1$-regression", "ℓ₁-regression"),
        (
            r"Generating {{Random Instances}} of {RL} Tasks",
            "Generating Random Instances of RL Tasks",
        ),
        (r"On H\"{o}lderian Error Bounds", "On Hölderian Error Bounds"),
        (r"The \textit{x} Factor", "The x Factor"),
        (r"Na\"ive {B}ayes at {\'E}cole \& Stra\ss e", "Naïve Bayes at École & Straße"),
        ("A title\n   split over\tlines", "A title split over lines"),
        (r"Sets \{0, 1\} and $\{x\}$", "Sets {0, 1} and {x}"),
        ("*Transfer Function* Approach", "Transfer Function Approach"),
        (r"Pages 1\textendash 2 for \pounds{}5 {\textbackslash}n", "Pages 1–2 for £5 \\n"),
        # a tie between words is a space; a tilde meaning "about", or in a path, stays
        (
            "Random Instances of~Weighted Model Counting",
            "Random Instances of Weighted Model Counting",
        ),
        ("Fig.~3 and of~{W}eighted", "Fig. 3 and of Weighted"),
        ("A (~10%) faster ~1B model", "A (~10%) faster ~1B model"),
        (r"Pe\~{n}a at x.edu/~user", "Peña at x.edu/~user"),
    ],
)
def test_display_title_renders_latex_and_markup(title: str, expected: str) -> None:
    assert display_title(title) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (r"C. Bal\'azs", "C. Balázs"),
        (r"Gr{\o}tli", "Grøtli"),
        (r"C.~Bal{\'a}zs", "C. Balázs"),
        (r"Fran\c{c}ois {\L}ukasz Sm{\'\i}th", "François Łukasz Smíth"),
        (r"Tom\'a\v{s} Vina\v{r}", "Tomáš Vinař"),
        ("Ada Lovelace", "Ada Lovelace"),
    ],
)
def test_display_author_renders_accents_and_letters(name: str, expected: str) -> None:
    assert display_author(name) == expected


def test_real_arxiv_names_and_titles_read_as_text() -> None:
    authors = [a.strip() for record in ARXIV for a in record["authors"].split(",")]
    shown = [display_author(a) for a in authors]
    assert "C. Balázs" in shown and "Mikkel Øbro" in shown
    assert "Tomáš Vinař" in display_authors(authors)
    for text in shown + [display_title(r["title"]) for r in ARXIV]:
        assert not re.search(r"[\\{}]", text), text
        assert "\n" not in text and "  " not in text


def test_render_title_keeps_styles_over_the_shown_text() -> None:
    out = render_title(r"\textit{{RL} in $\mathbb{R}^d$} for G\"odel")
    assert out.text == "RL in ℝᵈ for Gödel"
    assert ("RL in ℝᵈ", "em") in styled(out)
    assert ("ℝᵈ", "math") in styled(out)


def test_abstracts_read_accents_too_but_keep_their_braces() -> None:
    text = r"the Gr\"obner basis of Koll\'ar and {\o}, with sets {a, b}"
    assert plain(text) == "the Gröbner basis of Kollár and ø, with sets {a, b}"
    assert plain(r"a \cc{} command and \~10 and \'{}") == "a cc command and ~10 and '{}"


# --- LaTeX as real exports carry it --------------------------------------------------------


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # a radicand of more than one term keeps its grouping
        (r"\sqrt{KT}", "√(KT)"),
        (r"\sqrt{H^3T}", "√(H³T)"),
        (r"\sqrt{KT}\log K", "√(KT) log K"),
        (r"\sqrt{T} + \sqrt{10} + \sqrt{\epsilon} + \sqrt{x_i}", "√T + √10 + √ε + √xᵢ"),
        (r"\sqrt{(a+b)}", "√(a+b)"),
        # the old \cal switch maps capitals only, and a brace after it is its argument
        (r"\cal{O}(\alpha_s^2)", "𝒪(αₛ²)"),
        (r"{\cal O}(\alpha_s^2)", "𝒪(αₛ²)"),
        (r"\cal O(\alpha_{s}^2)", "𝒪(αₛ²)"),
        (r"\mathcal{L}_s", "ℒₛ"),
        (r"{\rm d}{\bf r}\cdot{\bf v}({\bf r})", "dr·v(r)"),
        # BibTeX's spelling of ^ and _ inside math is still a superscript, a subscript
        (r"O(m{\textasciicircum}2(m + n)s)", "O(m²(m + n)s)"),
        (r"O(m\textasciicircum{}2)", "O(m²)"),
        (r"x{\textunderscore}i", "xᵢ"),
        (r"O(nm\textasciicircumd)", "O(nmᵈ)"),  # its braces lost on the way
        (r"a \textbar b \textless c", "a | b < c"),
    ],
)
def test_math_of_real_exports_keeps_its_grouping(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


def test_calligraphic_switch_leaves_scripts_readable() -> None:
    out = render(r"At the order $\cal{O}(\alpha_s^2)$, twist-four")
    assert out.text == "At the order 𝒪(αₛ²), twist-four"
    assert styled(out) == [("𝒪(αₛ²)", "math")]
