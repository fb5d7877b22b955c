"""Commands a paper defines for itself, as they read on screen, over sentences of real
abstracts (NeurIPS 2017 and CoRL 2023 from Paper Copilot, the arXiv metadata snapshot)."""

from __future__ import annotations

import pytest

from tuireader.render.textrender import (
    display_title,
    math_to_unicode,
    paper_command,
    plain,
    visible,
)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # NeurIPS 2017 read "where ψ = \OPT/\nnz{A}."
        (
            r"a $(1+O(\psi))$-approximation in sublinear time, where $\psi = \OPT/\nnz{A}$.",
            "a (1+O(ψ))-approximation in sublinear time, where ψ = OPT/nnz(A).",
        ),
        (
            r"In $\XQM$, a quark can emit Goldstone bosons.",
            "In XQM, a quark can emit Goldstone bosons.",
        ),
        (
            r"the response variable $Y$ and the predictor vector $\vect{X}$, and",
            "the response variable Y and the predictor vector vect(X), and",
        ),
        # the same written outside math, and an acronym in braces of its own
        (r"where \psi = \OPT/\nnz{A}. For", "where ψ = OPT/nnz(A). For"),
        (r"only an {\NP}-oracle, \OPT{}s and \SAT.", "only an NP-oracle, OPTs and SAT."),
        # CoRL 2023: a revision's mark around words reads as the words
        (
            r"parameters in simulation \RV{with domain randomization}. Subsequently",
            "parameters in simulation with domain randomization. Subsequently",
        ),
        (
            r"from the real-world \rebut{dynamics}, yielding",
            "from the real-world dynamics, yielding",
        ),
        # a short name in small letters is a symbol of the paper's own: as written
        (
            r"Hilbert $G$-$\cla$ module on a $G$-$C^*$ algebra $\cla$ admits",
            r"Hilbert G-\cla module on a G-C* algebra \cla admits",
        ),
        (r"$c=\si_1\si_2 \cdots\si_d$ and $(M,\F)$", r"c=\si₁ \si₂ ⋯\si_d and (M,\F)"),
    ],
)
def test_a_command_of_the_papers_own_reads_as_it_was_meant(source: str, expected: str) -> None:
    assert plain(source) == expected


def test_a_command_of_the_papers_own_reads_alike_in_math_in_text_and_in_a_title() -> None:
    assert math_to_unicode(r"\OPT/\nnz{A}") == "OPT/nnz(A)"
    assert display_title(r"Sublinear \OPT{} for {\NP}-hard \rebut{problems}") == (
        "Sublinear OPT for NP-hard problems"
    )


def test_what_a_paper_command_is_taken_for() -> None:
    assert paper_command("OPT", None) == "acronym"
    assert paper_command("RV", "with domain randomization") == "mark"
    assert paper_command("nnz", "A") == "function"
    # a one-letter name, a name in small letters, an argument of signs: as written
    for name, argument in [("F", None), ("cla", None), ("vx", "A"), ("foo", "a+b"), ("X", "AB")]:
        assert paper_command(name, argument) is None


def test_a_paper_command_is_data_never_markup_or_control() -> None:
    assert plain(r"\RV{[b]x} \OPT[bold]") == r"\RV{[b]x} OPT[bold]"
    out = plain("\\rebut{wo\x1b[31mrds} \\OPT\x07")
    assert "\x1b" in out and visible(out) == "\\rebut{wo␛[31mrds} OPT␇"
