"""Abstracts shown as readable text: math in Unicode, emphasis as spans, nothing lost."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuireader.render import textrender
from tuireader.render.safetext import is_unsafe
from tuireader.render.textrender import (
    Rendered,
    Span,
    display_author,
    display_authors,
    display_title,
    known_command,
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
        # a command of the paper's own is shown as written, its name no word of the text
        (r"\foo{bar} + \unknowncommand", r"bar + \unknowncommand"),
        (r"\left(\frac{a}{b}\right)^{2}", "(a/b)²"),
        (r"\text{aL\small{LM}4T\small{S}}", "aLLM4TS"),
        # the space that ends a command's name is not the formula's: a line broke in
        # "0<p≤ 1"; spaces the author put on both sides stay
        (r"0<p\le 1, 0<q\le \infty", "0<p≤1, 0<q≤∞"),
        (r"x\to 0 \text{ and } a \le b", "x→0 and a ≤ b"),
        (r"f\colon X \to Y", "f: X → Y"),
        # a space before a script: TeX sets the script on what comes before
        (r"(k^2/\epsilon ^2)\mathrm{polylog}(d/\epsilon)", "(k²/ε²)polylog(d/ε)"),
        (r"f(z) := \sum_{n=0}^{\infty} a_f(n)q ^n", "f(z) := ∑ₙ₌₀^∞ a_f(n)qⁿ"),
        (r"(\Delta -1) ^{-1/2}", "(Δ - 1)^(-1/2)"),
        # an operator is a word apart from a term written as a command or in a group
        (r"\mathcal{O}(\sqrt{T \log{K}})", "𝒪(√(T log K))"),
        (r"\mathcal{O}(\epsilon^{-3}\ln\epsilon^{-1})", "𝒪(ε⁻³ ln ε⁻¹)"),
        (r"O\big(s\log\log\frac ds\big)", "O(s log log d/s)"),
        (
            r"\log\left(\frac{1}{\delta}\right) + \log{(n)} + \min\{a,b\}",
            "log(1/δ) + log(n) + min{a,b}",
        ),
        # the space after an operator's name before a bracket is TeX's, not the formula's
        # (ICML 2024, Dᵅ seeding; the space after "\\log" stays before its term)
        (
            r"(g_\alpha \cdot \min \lbrace\ell,\log k\rbrace)^{2/\alpha}",
            "(g_α · min{ℓ,log k})^(2/α)",
        ),
        (r"\max (a) \le \min \lbrace a, b\rbrace", "max(a) ≤ min{a, b}"),
        # a bracket written as a command opens on what it holds and closes before the
        # space its author left before a relation: "{ a, b}= c" was shown
        (r"\lbrace a, b\rbrace = c", "{a, b} = c"),
        (r"\langle x, y\rangle = 0 \le \lfloor x\rfloor + 1", "⟨x, y⟩ = 0 ≤ ⌊x⌋ + 1"),
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


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # LaTeX's tie between words, as abstracts of CoRL 2023 and ICML 2024 write it
        (
            "robust to external tugging forces via Reinforcement Learning~(RL), and",
            "robust to external tugging forces via Reinforcement Learning (RL), and",
        ),
        (
            "in the dimension (i.e.~the number of nodes)",
            "in the dimension (i.e. the number of nodes)",
        ),
        ("structure (e.g.~homogeneity, affinity)", "structure (e.g. homogeneity, affinity)"),
        (
            "where multiple~(possibly conflicting) tasks",
            "where multiple (possibly conflicting) tasks",
        ),
        (r"the algorithm~\cite{lange1995gradient} for", "the algorithm [lange1995gradient] for"),
        # a tilde meaning "about" or "distributed as", and one in an address, stays
        (
            "velocities of ~500 km/s (z~2.56, ~6,000 scans)",
            "velocities of ~500 km/s (z~2.56, ~6,000 scans)",
        ),
        ("noise X~N(0,1) or eps~Uniform", "noise X~N(0,1) or eps~Uniform"),
        (
            "at https://www.cs.columbia.edu/~huy/scalingup/ and a.edu/ab~cd or me@ab~cd",
            "at https://www.cs.columbia.edu/~huy/scalingup/ and a.edu/ab~cd or me@ab~cd",
        ),
    ],
)
def test_a_tie_between_words_is_a_space(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # superscripts of arXiv abstracts written without $…$, raised as in math
        (
            r"improves the convergence rate from O((1-\mu/L)^{k}) to O((1-\sqrt{\mu/L})^{k}).",
            "improves the convergence rate from O((1-μ/L)ᵏ) to O((1-√(μ/L))ᵏ).",
        ),
        (
            r"problems from O(1/k) to O(1/k^{2}). Finally",
            "problems from O(1/k) to O(1/k²). Finally",
        ),
        (r"linear convergence (O(e^{-t})) on", "linear convergence (O(e⁻ᵗ)) on"),
        (r"a total mass M_{CDM} = 1 x 10^{15}Msun", "a total mass M_CDM = 1 x 10¹⁵Msun"),
        # one Unicode cannot raise reads as math writes it
        (
            r"approximated by -dM/dt = mu_ev ~ rho_h^{1/2}.",
            "approximated by -dM/dt = mu_ev ~ rho_h^(1/2).",
        ),
        # one not written as a superscript stays as written
        (r"a ^{2} and x^{2 and x^{}", r"a ^{2} and x^{2 and x^{}"),
    ],
)
def test_a_braced_superscript_outside_math_is_raised(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # powers of arXiv abstracts and titles written without $…$
        (
            r"obtains \la r^2\ra^\pi_s=0.75\pm 0.07 fm^2. This value",
            "obtains ⟨r^2⟩^π_s=0.75± 0.07 fm². This value",
        ),
        (
            "we find a mass dependent, 1/r^7 correction to the Newtonian potential",
            "we find a mass dependent, 1/r⁷ correction to the Newtonian potential",
        ),
        (
            "Some aspects of the nonperturbative renormalization of the phi^4 model",
            "Some aspects of the nonperturbative renormalization of the phi⁴ model",
        ),
        ("would require O(n^2) interventions", "would require O(n²) interventions"),
        # more than one digit, a power not of a word, or in a link, stays as written
        ("2^10 = 1024, x^2y, a ^2 b, 10^-3", "2^10 = 1024, x^2y, a ^2 b, 10^-3"),
        ("see https://x.org/a^2 now", "see https://x.org/a^2 now"),
        # as in math, a term's powers are raised alike or not at all
        ("the L^2-L^p bound and the L^2-L^4 bound", "the L^2-L^p bound and the L²-L⁴ bound"),
    ],
)
def test_a_power_of_one_digit_outside_math_is_raised(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_markdown_code_spans_read_as_code_without_backticks() -> None:
    # ICML 2024 abstracts (OpenReview) name their methods in Markdown's code spans
    out = render(
        "a player that can choose to either `listen`, `broadcast`, `listen and broadcast`,"
        " or to `isolate`. An outlier-efficient attention mechanism (`Softmax_1`) and a"
        " `$x$` and `*b*`"
    )
    assert out.text == (
        "a player that can choose to either listen, broadcast, listen and broadcast,"
        " or to isolate. An outlier-efficient attention mechanism (Softmax_1) and a $x$ and *b*"
    )
    assert styled(out) == [
        ("listen", "code"),
        ("broadcast", "code"),
        ("listen and broadcast", "code"),
        ("isolate", "code"),
        ("Softmax_1", "code"),
        ("$x$", "code"),
        ("*b*", "code"),
    ]
    # backticks that open no code span stay as written, and TeX's single quotes are
    # quotation marks (see test_tex_single_quotation_marks_read_as_curly_quotes)
    for text in ['`teacher NN" that', "a`b` and ` x `"]:
        assert plain(text) == text
    assert plain("the `tight nodes'), while the `noninformative' ones") == (
        "the \u2018tight nodes\u2019), while the \u2018noninformative\u2019 ones"
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # arXiv 0704.0028 and ICML 2024 abstracts open and close quotations TeX's way
        (
            "(sometimes called the `real linear polarization constant' problem).",
            "(sometimes called the \u2018real linear polarization constant\u2019 problem).",
        ),
        (
            "we show that such a `flat' prior over",
            "we show that such a \u2018flat\u2019 prior over",
        ),
        (
            "referred to as `the sinc phenomenon.' It",
            "referred to as \u2018the sinc phenomenon.\u2019 It",
        ),
        # an apostrophe within a word closes nothing; a backquote in math or closed by
        # nothing near stays as written, and so does an accent
        ("`don't do it' he said", "\u2018don't do it\u2019 he said"),
        ("$f'(x)$ is `x and y", "f'(x) is `x and y"),
        ("G\\`odel", "G\u00f2del"),
    ],
)
def test_tex_single_quotation_marks_read_as_curly_quotes(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_html_entities_of_markdown_abstracts_read_as_their_characters() -> None:
    # a CoRL 2023 abstract (OpenReview): "Latent Models&nbsp; (CALM)"
    assert plain("we present Conditional Adversarial Latent Models&nbsp; (CALM), an approach") == (
        "we present Conditional Adversarial Latent Models\u00a0 (CALM), an approach"
    )
    assert plain("R&amp;D, a &lt; b &gt; c, &quot;q&quot;") == 'R&D, a < b > c, "q"'
    # one this module does not know, one in a link and a bare ampersand stay as written
    text = "&copy; at https://x.org/?a=1&amp;b=2 by AT&T; &nbsp"
    assert plain(text) == text


def test_percent_is_a_percent_sign_not_a_comment() -> None:
    text = "a margin of approximately 0.4% to 12.2% on average in terms of accuracy"
    assert plain(text) == text


@pytest.mark.parametrize(
    "text",
    ["costs $5 and $10 each", "under $20 USD, our attack", "from $5-$10", "a lone $ sign"],
)
def test_dollars_that_open_no_math_stay_literal(text: str) -> None:
    assert plain(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (r"costs 5$ and \alpha-nets $x$.", "costs 5$ and α-nets x."),
        (r"pay 10$ a month for $k$ seats", "pay 10$ a month for k seats"),
        # or before the punctuation that ends a clause, or a bracket
        (r"costs 5$. Then \alpha-nets $x$ grow", "costs 5$. Then α-nets x grow"),
        (r"costs 5$, and \alpha-nets $x$.", "costs 5$, and α-nets x."),
        (r"costs 5$ (per run) and \alpha $x$.", "costs 5$ (per run) and α x."),
        # math after a number, its command or symbol after a space, is still math
        (r"runs 2$ \times$ faster on $n$ nodes", "runs 2× faster on n nodes"),
        (r"about 5$\times$ and $x$", "about 5× and x"),
        (r"the 2$^{nd}$ and $x$", "the 2ⁿᵈ and x"),
    ],
)
def test_a_price_after_its_number_opens_no_math(text: str, shown: str) -> None:
    # the "$" after a digit and before a word is a price: it does not pair with the
    # "$" that opens later math, which made "costs 5and α-netsx$."
    assert plain(text) == shown


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


def test_math_commands_written_outside_math_read_as_math() -> None:
    # a NeurIPS 2017 abstract: "from O((1-\mu/L)^{k}) to O((1-\sqrt{\mu/L})^{k})"
    # read "O((1-sqrtμ/L)^{k})", the root lost in a word
    out = render(r"to O((1-\sqrt{\mu/L})^{k}) and a \sqrt[3]{x} or \frac{1}{2} of \mathcal{O}")
    assert out.text == "to O((1-√(μ/L))ᵏ) and a ∛x or 1/2 of 𝒪"
    # written without its argument, as an unknown command is: its name kept
    assert render(r"the \sqrt rule and \frac 12").text == "the sqrt rule and frac 12"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # arXiv abstracts that write math without $…$: an accent read "barθ", an operator
        # glued to the letter before it
        (
            r"a pair of Grassmannian variables \theta and \bar\theta. One of the key results",
            "a pair of Grassmannian variables θ and θ̄. One of the key results",
        ),
        (
            r"the mean \bar{x}, the estimate \hat{p} and \tilde{O}(n)",
            "the mean x̄, the estimate p̂ and Õ(n)",
        ),
        (
            r"learn the observable graph using O(d\log^2 n) interventions",
            "learn the observable graph using O(d log² n) interventions",
        ),
        # without an argument of its own, an accent or operator keeps its name as a word
        (
            r"the \bar rule, the \hat{} mark, the \log rule",
            "the bar rule, the hat mark, the log rule",
        ),
    ],
)
def test_accents_and_operators_written_outside_math_read_as_math(
    source: str, expected: str
) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize("name", sorted(textrender.ACCENTS))
def test_an_accent_over_nothing_is_no_mark_on_the_letter_before(name: str) -> None:
    # a combining mark alone would sit on the letter shown before it: "x" and "$\hat{}$"
    # read "x̂", an x with a hat
    for source in (f"x$\\{name}{{}}$ and $\\{name}$", f"x $\\{name}{{}}$"):
        shown = plain(source)
        assert not any(unicodedata.combining(ch) for ch in shown), (source, shown)
    assert plain(f"$\\{name}{{x}}$") == unicodedata.normalize("NFC", "x" + textrender.ACCENTS[name])


def test_rendering_never_creates_markup_from_data() -> None:
    text = "[bold red]not markup[/] and \x1b[31m escape"
    assert plain(text) == text  # render leaves control characters to visible()


def test_a_hyphen_a_pdf_left_as_a_control_character_reads_as_a_hyphen() -> None:
    # CoRL 2023 (SCONE), its abstract taken from the PDF: "state-of-the\x02art" showed "␂"
    source = "levels, surpassing state-of-the\x02art methods. This enhanced"
    assert plain(source) == "levels, surpassing state-of-the-art methods. This enhanced"
    assert display_title("A State-of-the\x02Art Planner") == "A State-of-the-Art Planner"
    # not between two letters or digits, nor any other control character: what it stands
    # for is not clear, and it is shown as a symbol
    assert visible(plain("a \x02 b, end\x02 and e\x0bect")) == "a ␂ b, end␂ and e␋ect"


def test_a_soft_hyphen_is_no_character_of_the_text() -> None:
    # Zotero CSL-JSON (Understanding Analysis): a soft hyphen between two spaces showed
    # as "Approximation - Theorem" or "Approximation  Theorem", by the terminal
    source = "Weierstrass Approximation \u00ad Theorem, and the gamma function"
    assert plain(source) == "Weierstrass Approximation Theorem, and the gamma function"
    assert display_title("Hy\u00adphen\u00ad ation") == "Hyphen ation"


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
        # an arXiv title: a tilde after a letter alone, before a number, means "about"
        (
            "PAH emission and star formation in the host of the z~2.56 Cloverleaf QSO",
            "PAH emission and star formation in the host of the z~2.56 Cloverleaf QSO",
        ),
        ("A~Note on~2 Parts of Type~II", "A Note on 2 Parts of Type II"),
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
    assert plain(r"a \cc{} command and \~10 and \'{}") == r"a \cc{} command and ~10 and '{}"


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


@pytest.mark.parametrize(
    ("source", "text", "spans"),
    [
        (r"in {\it sublinear time}.", "in sublinear time.", [("sublinear time", "em")]),
        (r"for {\em entity resolution}", "for entity resolution", [("entity resolution", "em")]),
        (
            r"consider {\em{weakly stable}} parts",
            "consider weakly stable parts",
            [("weakly stable", "em")],
        ),
        (
            r"to {\em     eigenvalue decay} of",
            "to eigenvalue decay of",
            [("eigenvalue decay", "em")],
        ),
        (r"Lett. {\bf 98}, 227202", "Lett. 98, 227202", [("98", "strong")]),
        (r"These results {\sl do not} require", "These results do not require", [("do not", "em")]),
        (r"run {\tt make} now", "run make now", [("make", "code")]),
        (r"{\rm plain}, {\sc Caps} and {\sf sans}", "plain, Caps and sans", []),
        (r"a given {\cal K}-invariant class", "a given 𝒦-invariant class", [("𝒦", "math")]),
        (r"an \em{inline} one", "an inline one", [("inline", "em")]),
        (r"{\bf bold \it both} x", "bold both x", [("bold both", "strong"), ("both", "em")]),
        (r"{\it word\/} and", "word and", [("word", "em")]),
        # a switch in no group of its own cannot say where it ends: the text stays plain
        (r"naive \em Joint replay of the data", "naive Joint replay of the data", []),
    ],
)
def test_old_font_switches_style_their_group(
    source: str, text: str, spans: list[tuple[str, str]]
) -> None:
    out = render(source)
    assert out.text == text
    assert styled(out) == spans


@pytest.mark.parametrize(
    ("source", "text", "spans"),
    [
        # ICML 2024: the vectors of "p(y|x)" and "(1-α)θ₀ + αθ_F" read as scalars
        (
            r"$p(\boldsymbol{y}|\boldsymbol{x})$",
            "p(y|x)",
            [("p(y|x)", "math"), ("y", "strong"), ("x", "strong")],
        ),
        (r"$f_t(\mathbf{x}_t)$", "fₜ(xₜ)", [("fₜ(xₜ)", "math"), ("x", "strong")]),
        (r"$\mathbf m$", "m", [("m", "math"), ("m", "strong")]),
        (r"$\bm{\theta}_0$", "θ₀", [("θ₀", "math"), ("θ", "strong")]),
        # as an old switch's bold is
        (r"${\bf L}$", "L", [("L", "math"), ("L", "strong")]),
        # an arrow over a vector stays an arrow
        (r"$\vec{u}$", "u⃗", [("u⃗", "math")]),
    ],
)
def test_bold_math_is_shown_bold(source: str, text: str, spans: list[tuple[str, str]]) -> None:
    out = render(source)
    assert out.text == text
    assert styled(out) == spans


def test_old_font_switches_in_titles_and_names() -> None:
    assert display_title(r"On {\it Sublinear} Time {\bf Algorithms}") == (
        "On Sublinear Time Algorithms"
    )
    assert display_author(r"{\sc Ada} Lovelace") == "Ada Lovelace"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # Markdown links of ICML 2024 abstracts (OpenReview), read as \\href's are
        (
            "Our code is available at [this URL](https://github.com/taufeeque9/codebook-features).",
            "Our code is available at this URL (https://github.com/taufeeque9/codebook-features).",
        ),
        (
            "Code: [https://github.com/likenneth/q_probe](https://github.com/likenneth/q_probe).",
            "Code: https://github.com/likenneth/q_probe.",
        ),
        (
            "See [adaptive-horizon-actor-critic.github.io](https://adaptive-horizon-actor-critic.github.io/)",
            "See https://adaptive-horizon-actor-critic.github.io/",
        ),
        (
            "our [*GitHub* repo](https://github.com/a_b/c_d)",
            "our GitHub repo (https://github.com/a_b/c_d)",
        ),
        # what is no web link stays as written
        (
            "at [github.com/MadryLab/modelcomponents]([https://github.com/MadryLab/modelcomponents])",
            "at [github.com/MadryLab/modelcomponents]([https://github.com/MadryLab/modelcomponents])",
        ),
        (
            "[x](javascript:alert(1)) and [a] (b) and [k](http://a b)",
            "[x](javascript:alert(1)) and [a] (b) and [k](http://a b)",
        ),
    ],
)
def test_markdown_links_read_as_text_and_address(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"tasks. (\url{https://saytap.github.io})", "tasks. (https://saytap.github.io)"),
        (r"at \url{https://x.org/a\_b\%20c\#d}", "at https://x.org/a_b%20c#d"),
        (
            r"hand. \href{https://sites.google.com/view/reboot}{https://sites.google.com/view/reboot})",
            "hand. https://sites.google.com/view/reboot)",
        ),
        (r"see \href{https://a.org/p}{our \emph{site}}.", "see our site (https://a.org/p)."),
        (
            r"of $\widetilde O(1/\epsilon)$\footnote{$\widetilde O()$ hides a log factor.} in",
            "of Õ(1/ε) (Õ() hides a log factor.) in",
        ),
        (r"a bound \footnote{Tight.} holds", "a bound (Tight.) holds"),
        (r"defined in \cite{hajac} and \citep[p.~3]{a, b}", "defined in [hajac] and [a, b]"),
        (r"Eq.~\eqref{eq:main} and Section~\ref{sec:x}", "Eq. (eq:main) and Section sec:x"),
        (r"the 4\textsuperscript{th} and H\textsubscript{2}O", "the 4ᵗʰ and H₂O"),
    ],
)
def test_links_footnotes_and_references_read_as_text(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"O(nm{\textasciicircum}d)", "O(nm^d)"),
        (r"\{0, 1\}{\textasciicircum}n", "{0, 1}^n"),
        (r"{\textbackslash}n and {\textbackslash}cla", r"\n and \cla"),
        (r"Overview {\textbar} {{ScienceDirect}}", "Overview | {{ScienceDirect}}"),
        (r"a \textbar{} b, a \textbar b, a\textbar b", "a | b, a | b, a|b"),
        (r"1\textendash 2, a \textemdash{} b", "1\u20132, a \u2014 b"),
        (r"{\textless}tag{\textgreater} \textasciitilde x \textunderscore{}y", "<tag> ~x _y"),
        (r"it{\textquoteright}s \textquotedblleft q\textquotedblright", "it\u2019s \u201cq\u201d"),
        (r"\textsection 2, 5\textdegree{}C, \texteuro 3", "§ 2, 5°C, €3"),
        (r"\$5 \{a\} 10\% R\&D \#SAT snake\_case", "$5 {a} 10% R&D #SAT snake_case"),
        # what is left once a converter dropped the braces: "{\textasciicircum}d"
        (r"O(nm\textasciicircumd)", "O(nm^d)"),
    ],
)
def test_text_symbols_and_escapes_read_as_characters(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_a_command_a_zotero_user_typed_reads_as_the_command() -> None:
    # Better BibTeX escapes the backslash and braces of "\emph{tilt}" typed into Zotero's
    # abstract field (pasted from arXiv): it showed "\emph{tilt}" and "{\NP}-oracle"
    source = (
        r"We identify a novel parameter,{\textbackslash}emph\{tilt\}, which is the ratio "
        r"and requires only an \{{\textbackslash}NP\}-oracle (in practice, a "
        r"\{{\textbackslash}SAT\}-solver) or (\{{\textbackslash}MPE\}) queries"
    )
    shown = render(source)
    assert shown.text == (
        "We identify a novel parameter,tilt, which is the ratio and requires only an "
        "NP-oracle (in practice, a SAT-solver) or (MPE) queries"
    )
    assert [shown.text[span.start : span.end] for span in shown.spans] == ["tilt"]
    assert shown.spans[0].style == "em"
    assert display_title(r"{\textbackslash}textit\{In vivo\} tracking") == "In vivo tracking"
    # a backslash before a name no command has stays one, as the user typed it
    assert plain(r"a \{{\textbackslash}cla\} module and {\textbackslash}n") == (
        r"a {\cla} module and \n"
    )


def test_the_rich_text_of_a_csl_json_title_reads_as_styles_not_tags() -> None:
    # CSL-JSON (Zotero's export among them) writes a title's italics, scripts and
    # protected case as tags, which were shown: "Growth of <i>E. coli</i> in H<sub>2</sub>O"
    title = render_title(
        "Growth of <i>E. coli</i> in H<sub>2</sub>O at 10<sup>5</sup> cells, "
        '<b>fast</b>, on <span class="nocase">iPhone</span> and '
        '<span style="font-variant:small-caps;">Lisp</span>'
    )
    assert title.text == "Growth of E. coli in H₂O at 10⁵ cells, fast, on iPhone and Lisp"
    assert [(title.text[s.start : s.end], s.style) for s in title.spans] == [
        ("E. coli", "em"),
        ("fast", "strong"),
    ]
    # Crossref's titles, JATS's tags and Wiley's small capitals among them
    crossref = render_title("<scp>Lisp</scp> and <jats:italic>in vivo</jats:italic> CO<sub>2</sub>")
    assert crossref.text == "Lisp and in vivo CO₂"
    assert [crossref.text[s.start : s.end] for s in crossref.spans] == ["in vivo"]
    # what is not certainly markup stays as written
    assert display_title("When a<b and c>d, or <i>x</b>") == "When a<b and c>d, or <i>x</b>"


def test_a_text_symbol_between_words_keeps_the_spaces_in_titles() -> None:
    assert display_title(r"Unit Propagation - an Overview \textbar ScienceDirect Topics") == (
        "Unit Propagation - an Overview | ScienceDirect Topics"
    )
    assert display_title(r"an Overview {\textbar} {{ScienceDirect Topics}}") == (
        "an Overview | ScienceDirect Topics"
    )


#: sentences around LaTeX markup in real lists (CoRL 2023 and NeurIPS 2017 from Paper
#: Copilot, the arXiv metadata snapshot), one per line with its list and id
EXCERPTS = {
    record["id"]: record["excerpt"]
    for record in map(
        json.loads,
        (FIXTURE.parent / "latex_markup_excerpts.jsonl").read_text(encoding="utf-8").splitlines(),
    )
}


@pytest.mark.parametrize(
    ("paper", "shown"),
    [
        ("7TYeO2XVqI", "tasks out of a total of 30 tasks. (https://saytap.github.io)"),
        ("ckeT8cMz_A", "robotic hand. https://sites.google.com/view/reboot-dexterous)"),
        ("8919", "Õ(1/ε¹⁻ᶿ) (Õ() suppresses a logarithmic factor.) in the deterministic"),
        ("9433", "approximation in sublinear time, which"),
        ("8997", "These results do not require"),
        ("9399", "order √(KT) log K without"),
        ("9352", "crowdsourcing for entity resolution, a fundamental"),
        ("9007", "corresponding to eigenvalue decay of"),
        ("0704.0094", "Marginally consistent CDM"),
        ("0704.0106", "At the order 𝒪(αₛ²), twist-four"),
        ("0704.0114", "Phys. Rev. Lett. 98, 227202 (2007).)"),
        ("0704.0115", "a given 𝒦-invariant class"),
        ("0704.0164", "consider weakly stable components"),
    ],
)
def test_real_markup_reads_as_text(paper: str, shown: str) -> None:
    text = " ".join(plain(EXCERPTS[paper]).split())
    assert shown in text
    assert not re.search(r"\{(it|em|bf|sl|cal)\b|\b(url|href|footnote)\b", text)
    # no command left raw but those of the paper's own ("\\F" for its foliation)
    assert not [name for name in re.findall(r"\\([A-Za-z]+)", text) if known_command(name)]
    calligraphic = re.sub(r"\\cal\{\w+\}|\{\\cal \w+\}", " ", EXCERPTS[paper])  # 𝒦, not K
    # 0704.0106 lost the "$" opening "\\cal{O}(\\alpha_{s}^2)$": it reads as math, "2" raised
    calligraphic = calligraphic.replace("(\\alpha_{s}^2)$", " ")
    missing = [word for word in _words_outside_math(calligraphic) if word not in text]
    assert missing == []


def test_tex_quotation_marks_read_as_curly_quotes() -> None:
    # ICML 2024's "Junk DNA Hypothesis" title opens its quotes TeX's way and closes
    # them with a straight quote; CoRL 2023 abstracts close them TeX's way
    junk = (
        "Junk DNA Hypothesis: Pruning Small Pre-Trained Weights $\\textit{Irreversibly}$ "
        'and $\\textit{Monotonically}$ Impairs ``Difficult" Downstream Tasks in LLMs'
    )
    assert display_title(junk).endswith("Impairs \u201cDifficult\u201d Downstream Tasks in LLMs")
    corl = "General-purpose pre-trained models (``foundation models'') have enabled"
    assert (
        plain(corl)
        == "General-purpose pre-trained models (\u201cfoundation models\u201d) have enabled"
    )
    assert render_title("a ``$\\alpha$-test'' b").text == "a \u201c\u03b1-test\u201d b"
    # what is not a quotation stays as written: a prime in math, a markdown code span,
    # quotes that never close, an accent's quote mark, seconds of arc
    assert plain("a ``$f''(x)$'' b").startswith("a \u201c") and "''(x)" in plain("$f''(x)$")
    for text in ("use ``x`` here", "open ``and never closed", "1.5'' arcsec", 'G\\"odel'):
        assert "\u201c" not in plain(text) and "\u201d" not in plain(text)
    assert display_title('``G\\"odel" numbers') == "\u201cG\u00f6del\u201d numbers"
    assert plain("``one.\n\nTwo''") == "``one.\n\nTwo''"  # not across paragraphs


MARKUP = st.sampled_from(
    [
        "{", "}", "\\", "$", "\\it ", "{\\em ", "\\bf", "{\\cal ", "\\url{", "\\href{", "}{",
        "\\footnote{", "\\cite{", "\\textbar", "{\\textasciicircum}", "\\textasciicircumd",
        "\\sqrt{", "\\cal{", "^", "_", "\\$", "\\{", "\\}", " ", "a", "Kx", "\n\n",
        "\x1b[31m", "\x07", "\u202e", "\u200b", "*", "~", "\\cla", "\\la ", "\\kms", "\\ie",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(MARKUP, max_size=30).map("".join))
def test_rendering_adds_no_character_that_acts_on_a_terminal(text: str) -> None:
    for out in (render(text), render_title(text)):
        made = {ch for ch in out.text if is_unsafe(ch)} - set(text)
        assert made == set()
        assert all(0 <= s.start < s.end <= len(out.text) for s in out.spans)
        assert "\x1b" not in visible(out.text)


def test_scripts_nested_by_the_thousand_render_without_exhausting_the_stack():
    # each \textsuperscript rendered its argument in turn: a RecursionError
    for name in ("textsuperscript", "textsubscript"):
        text = f"\\{name}{{" * 3000 + "deep" + "}" * 3000
        assert "deep" in plain(text) or "ᵈᵉᵉᵖ" in plain(text)
        display_title(text)
    assert plain("5\\textsuperscript{th} and H\\textsubscript{2}O") == "5ᵗʰ and H₂O"
    assert plain("x\\textsuperscript{n\\textsuperscript{2}}") == "xⁿ²"


@pytest.mark.parametrize(
    "text",
    [
        "\\emph{" * 5000 + "deep" + "}" * 5000,
        "\\textbf{\\textit{" * 3000 + "deep" + "}}" * 3000,
        "\\href{https://a.example}{" * 3000 + "deep" + "}" * 3000,
        "\\footnote{" * 3000 + "deep" + "}" * 3000,
        "{\\bf " * 5000 + "deep" + "}" * 5000,
    ],
    ids=["emph", "textbf-textit", "href", "footnote", "bf-switch"],
)
def test_commands_nested_by_the_thousand_render_without_exhausting_the_stack(text):
    # a hostile list took the reader down with a RecursionError (and `show` with it)
    shown = render(text).text
    assert "deep" in shown
    assert "deep" in display_title(text)
    shallow = "\\emph{" * 20 + "deep" + "}" * 20
    assert render(shallow).text == "deep"  # nesting people write is still rendered


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # TeX sets no space between a term (or an operator's limits) and a bracket after
        # it: arXiv 0704.0010, ICML 2024 and L4DC 2020 abstracts were shown "ρ (φ, t)",
        # "𝒪 (ε⁻⁴)", "Õ (DS√(AT))" and "∑ᵢ₌₁ᵈ (θ)ᵢPᵢ"
        (r"function $\rho (\phi, t)$ survives", "function ρ(φ, t) survives"),
        (r"to $\mathcal{O} (\epsilon^{-4})$. Our", "to 𝒪(ε⁻⁴). Our"),
        (r"component of $\tilde{O} (DS\sqrt{AT})$ for", "component of Õ(DS√(AT)) for"),
        (r"$P = \sum_{i=1}^{d} (\theta)_{i}P_{i}$. This", "P = ∑ᵢ₌₁ᵈ(θ)ᵢPᵢ. This"),
        (r"$\max_{i} (a_i)$ and $\min_{x} \{f\}$", "maxᵢ(aᵢ) and minₓ{f}"),
        (r"$f (x)$ and $x^2 (y)$ and $\hat{x} (t)$", "f(x) and x²(y) and x̂(t)"),
        # after a relation, a sign or a comma the space stays, as TeX gives one there
        (r"$x = (a)$, $a + (b)$, $(a, (b))$", "x = (a), a + (b), (a, (b))"),
        # words written in math are spaced as words (CoRL 2023)
        (
            r"$\textbf{Semantic-Geometric Representation} (\textbf{SGR})$, a",
            "Semantic-Geometric Representation (SGR), a",
        ),
    ],
)
def test_math_sets_a_bracket_against_the_term_before_it(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"the {\alpha}-test and {\epsilon}-greedy", "the α-test and ε-greedy"),
        (r"a value {\leq} 1", "a value ≤ 1"),
        # a brace escaped is a brace shown
        (r"the set \{\alpha\}", "the set {α}"),
    ],
)
def test_a_symbol_in_braces_of_its_own_outside_math_loses_them(source: str, expected: str) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "ρ < 1/2L" and "S²AH⁴/ε²τ²" read as (1/2)L and (S²AH⁴/ε²)τ²
        (r"\rho < \frac{1}{2L}", "ρ < 1/(2L)"),
        (r"\frac{S^2AH^4}{\epsilon^2\tau^2}", "S²AH⁴/(ε²τ²)"),
        (r"\frac{p\sqrt{d}}{K\epsilon}", "(p√d)/(Kε)"),
        # a denominator of one symbol, with its scripts, or a number needs none
        (
            r"\frac{1}{L} + \frac{1}{\epsilon^2} + \frac{a}{x_i} + \frac{1}{10}",
            "1/L + 1/ε² + a/xᵢ + 1/10",
        ),
    ],
)
def test_a_denominator_of_several_symbols_is_kept_whole(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # the space that ends a letter's name is none of the formula's: arXiv and ICML
        # 2024 abstracts showed "δ V(φ)", "q=aπ /3", "Δ I=3/2", "Δ W" and "u|_(∂ Hᵐ)"
        (r"$V(\phi)=V_{0}+\delta V(\phi)$", "V(φ)=V₀+δV(φ)"),
        (r"peaks at $q=a\pi /3$ and $2\pi /3$", "peaks at q=aπ/3 and 2π/3"),
        (r"in the $\Delta I=3/2$ amplitudes", "in the ΔI=3/2 amplitudes"),
        (r"treats $\Delta W$ as a matrix", "treats ΔW as a matrix"),
        (r"and $u|_{\partial H^m}=(f^1,\epsilon)$", "and u|_(∂Hᵐ)=(f¹,ε)"),
        # before a relation, a sign or a number it stays
        (r"$\epsilon > 0$, $(\Delta - 1)$, $\alpha = 1$, $\pi 2$", "ε > 0, (Δ - 1), α = 1, π 2"),
    ],
)
def test_the_space_ending_a_letters_name_is_no_space_of_the_formula(
    source: str, expected: str
) -> None:
    assert plain(source) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "Ω(H/(log_AK)+log log K)" and "O(log^(2/α)k)", where the operator's
        # scripts ran into the term after them
        (r"\Omega(\frac{H}{\log_{A}K}+\log\log K)", "Ω(H/(log_A K)+log log K)"),
        (r"O(\log^{2/\alpha}k)", "O(log^(2/α) k)"),
        (r"\max_{i}x_i + \sum_{i=1}^{n}x_i", "maxᵢ xᵢ + ∑ᵢ₌₁ⁿ xᵢ"),
        (r"\log^2n", "log² n"),
        # a bracket after them stays against them, and so does any other script
        (r"\max_{i}(a_i) + x_i^2y", "maxᵢ(aᵢ) + xᵢ²y"),
    ],
)
def test_an_operators_scripts_are_set_apart_from_the_term_after_them(
    latex: str, expected: str
) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # TeX sets no space inside brackets: ICML 2024 showed "O ( n/ε )", "𝒪̃( ε⁻³ )"
        # and "[ 0.3,0.9 ]" (arXiv 0704.0073)
        (r"O \left( \frac{n}{\epsilon} \right) + 1", "O(n/ε) + 1"),
        (r"\tilde{\mathcal{O}}\left( \epsilon^{-3} \right)", "𝒪̃(ε⁻³)"),
        (r"[ {0.3,0.9} ]", "[0.3,0.9]"),
        (r"O(n^{\lfloor d/2 \rfloor})", "O(n^(⌊d/2⌋))"),
        # between terms and around relations and signs the author's spaces stay
        (r"( a + b ) = c", "(a + b) = c"),
        # a norm escaped for Markdown's sake, as a brace is ("\\{")
        (r"growth function of \\|x\\|", "growth function of ‖x‖"),
    ],
)
def test_math_sets_no_space_inside_brackets(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "√rn^(3/2)", "O(√nε⁻²)" and "D√Kpolylog(T)" read as roots of rn,
        # nε⁻² and Kpolylog(T); "O(1/(√T))" had parentheses it needs not
        (r"\sqrt{r}n^{\frac{3}{2}}", "√(r)n^(3/2)"),
        (r"O(\sqrt{n}\epsilon^{-2})", "O(√(n)ε⁻²)"),
        (r"O(\frac{1}{\sqrt{T}})", "O(1/√T)"),
        (r"\frac{a}{\sqrt{2n}}", "a/√(2n)"),
        # a root of one term followed by a space, an operator or a sign needs none
        (r"\sqrt{T}\log K + \sqrt{x} y", "√T log K + √x y"),
    ],
)
def test_a_root_of_one_term_is_told_from_the_term_after_it(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "1/2k(k-1)", "f(x)≜1/n∑ᵢ₌₁ⁿ fᵢ(x)" and "O(1/(1-2ε)√(d/n))" read
        # as 1/(2k(k-1)), 1/(n∑…) and 1/((1-2ε)√(d/n))
        (r"\tfrac12k(k-1)", "(1/2)k(k-1)"),
        (r"f(x)\triangleq \frac{1}{n}\sum_{i=1}^n f_i(x)", "f(x)≜(1/n)∑ᵢ₌₁ⁿ fᵢ(x)"),
        (r"O(\frac{1}{1-2\epsilon}\sqrt{\frac{d}{n}})", "O((1/(1-2ε))√(d/n))"),
        (r"\frac{m+n}{\varepsilon^2}\log(1/\delta)", "((m+n)/ε²) log(1/δ)"),
        (r"\frac{a}{b} (c) + \frac{1}{2}\|x\|^2", "(a/b)(c) + (1/2)‖x‖²"),
        # a fraction a sign, a relation or the end follows needs none
        (r"\frac{1}{2} + x = \frac{a}{b}", "1/2 + x = a/b"),
        # and a letter after a Greek one is set against it, in bold too (ICML 2024)
        (r"(1-\alpha)\boldsymbol{\theta}_0 + \alpha \boldsymbol{\theta}_F", "(1-α)θ₀ + αθ_F"),
    ],
)
def test_a_fraction_a_factor_follows_is_kept_whole(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "𝒪(Dpolylog(K)polylog(T))", the spaces its author put in \text lost
        (r"\mathcal{O}(D\text{ polylog}(K)\text{ polylog}(T))", "𝒪(D polylog(K) polylog(T))"),
        (r"x\text{ and }y", "x and y"),
        # a group of text without spaces at its ends is set against what is around it
        (r"\mathrm{d}x + \text{dim}(F)", "dx + dim(F)"),
    ],
)
def test_a_command_of_text_in_math_keeps_the_spaces_at_its_ends(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # ICML 2024: "O_α ((σₘₐₓ/σₘᵢₙ)…", "𝒪̃ (σ̄²/(mμε) + …" and "O (n/ε)": a bracket of a
        # size of its own is a bracket, set against the term before it as one is
        (r"O_\alpha \left((a)\right)", "O_α((a))"),
        (r"\tilde{\mathcal{O}} \left(\frac{a}{m}\right)", "𝒪̃(a/m)"),
        (r"O \left( \frac{n}{\epsilon} \right)", "O(n/ε)"),
        (r"f \big( x \big)", "f(x)"),
        # after a relation it keeps the space TeX gives it there
        (r"x = \left( a \right)", "x = (a)"),
    ],
)
def test_a_sized_bracket_is_set_as_a_bracket_is(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected


@pytest.mark.parametrize(
    ("latex", "expected"),
    [
        # a sign between terms spaced on one side is spaced on both, as TeX spaces it:
        # arXiv and ICML 2024 abstracts showed "(Δ -1)", "ε >0", "u= (u", "Oᵀθ =0" and
        # "τ- Ω(1)"
        (r"(\Delta -1)^{-1/2}", "(Δ - 1)^(-1/2)"),
        (r"\epsilon >0", "ε > 0"),
        (r"u= (u_{i,j})", "u = (u_(i,j))"),
        (r"O^T\theta =0", "Oᵀθ = 0"),
        (r"\tau- \Omega(1)", "τ - Ω(1)"),
        (r"(\epsilon +\ln(1/\delta))", "(ε + ln(1/δ))"),
        # one spaced on neither side or both stays so, and so does a minus of a number
        (r"a-b + c", "a-b + c"),
        (r"(-1, -1) = x = -1", "(-1, -1) = x = -1"),
        (r"f(z) := g", "f(z) := g"),
    ],
)
def test_a_sign_between_terms_is_spaced_on_both_sides_or_neither(latex: str, expected: str) -> None:
    assert math_to_unicode(latex) == expected
