"""Names joined by a hyphen stay braced though the abstract spells an acronym with them.

PMLR's L4DC 2020 "Encoding Physical Constraints in Differentiable Newton-Euler
Algorithm" writes "the recursive Newton-Euler Algorithm (RNEA)": a word capitalised
beside others is a spelt-out acronym's, no evidence of a name, so "Newton-Euler" was
not braced and a style's sentence case printed "newton-euler". Names so joined
(Fokker-Planck, Hamilton-Jacobi) have the shape of names; "Multi-Armed" has it too, and
the library's papers write it in lower case. The fixture holds the volume's
@Proceedings and 26 of its entries, verbatim.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.render.citations import format_citation, validate_bibtex

FIXTURE = (
    Path(__file__).parent / "fixtures" / "citations" / "pmlr_l4dc2020_compound_names_slice.bib"
)


def title_of(library: Library, start: str, fmt: str = "bibtex") -> str:
    paper = next(p for p in library.papers if p.title.startswith(start))
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    found = re.search(r"^  title = (.*),$", text, re.MULTILINE)
    assert found is not None
    return found.group(1)


def test_names_joined_by_a_hyphen_are_braced() -> None:
    library = load_library([FIXTURE])
    for fmt in ("bibtex", "biblatex"):
        assert title_of(library, "Encoding", fmt) == (
            "{Encoding Physical Constraints in Differentiable {Newton-Euler} Algorithm}"
        )
    assert "{Hamilton-Jacobi} Reachability" in title_of(library, "Generating Robust")


#: abstracts of a library's further papers, which write none of the words at stake
FILLER = [f"We study problem {n} of control and give a bound." for n in range(24)]


def _library(tmp_path: Path, title: str, abstract: str, others: list[str]) -> Library:
    others = [*others, *FILLER]
    entries = [f"@article{{paper, title = {{{title}}}, abstract = {{{abstract}}}, year = 2020}}"]
    entries += [
        f"@article{{other{n}, title = {{Other {n}}}, abstract = {{{text}}}, year = 2020}}"
        for n, text in enumerate(others)
    ]
    path = tmp_path / "list.bib"
    path.write_text("\n".join(entries) + "\n", encoding="utf-8")
    return load_library([path])


def test_words_joined_that_the_library_writes_in_lower_case_are_no_name(tmp_path: Path) -> None:
    others = ["A multi-armed bandit.", "The multi-armed case.", "Two multi-armed games."]
    library = _library(
        tmp_path,
        "On Multi-Armed Bandit with Impatient Arms",
        "We study the Multi-Armed Bandit (MAB) problem with impatient arms.",
        others,
    )
    assert title_of(library, "On Multi") == "{On Multi-Armed Bandit with Impatient Arms}"
    # a word of the name the library writes as an ordinary word: "Cross-Guided"
    library = _library(
        tmp_path,
        "Cross-Guided Ensemble of Tokens",
        "We propose the Cross-Guided Ensemble of Tokens (CrossGET).",
        ["A guided tour.", "Guided by data, we are guided.", "Well guided."],
    )
    assert title_of(library, "Cross") == "{Cross-Guided Ensemble of Tokens}"


def test_an_abstract_that_writes_a_word_of_it_in_lower_case_names_none(tmp_path: Path) -> None:
    library = _library(
        tmp_path,
        "A Study of Upper-Bound Methods",
        "The Upper-Bound Method (UBM) gives an upper bound.",
        [],
    )
    assert title_of(library, "A Study") == "{A Study of Upper-Bound Methods}"


def test_a_few_papers_tell_no_name_by_the_words_they_never_write(tmp_path: Path) -> None:
    path = tmp_path / "two.bib"
    text = FIXTURE.read_text(encoding="utf-8")
    entries = text.split("\n@")
    path.write_text(
        "\n@".join(e for e in entries if "L4DC2020" in e[:30] or "Newton-Euler" in e),
        encoding="utf-8",
    )
    library = load_library([path])
    assert title_of(library, "Encoding") == (
        "{Encoding Physical Constraints in Differentiable Newton-Euler Algorithm}"
    )
