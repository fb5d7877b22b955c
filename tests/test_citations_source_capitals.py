"""Capitals in the title of a copied source entry: kept through a BibTeX style.

BibTeX styles that set titles in sentence case (plainnat, IEEEtran, abbrvnat) lowercase
every capital a title does not brace: NeurIPS's ``title = {EX2: Exploration ...}`` prints
"Ex2: exploration ...". A copied entry braces what Better BibTeX braces (words with a
capital after their first letter, and in a title set in sentence case its capitalised
words), and leaves the braces its source wrote as they are.

The fixtures in tests/fixtures/citations/source_capitals/ are verbatim records of the
real lists (PMLR's L4DC 2020 BibTeX, Paper Copilot's NeurIPS 2017 and CoRL 2023 lists),
read through the readers as a user's list is.
"""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation, validate_bibtex

FIXTURES = Path(__file__).parent / "fixtures" / "citations" / "source_capitals"


def titles(name: str, fmt: str = "bibtex") -> dict[str, str]:
    """The title each paper of a fixture is cited with, by its title as the list shows it;
    the papers of a list that gives BibTeX entries cited by those."""
    library = load_library([FIXTURES / name])
    found = {}
    for paper in library.papers:
        assert (paper.source_entry is not None) != name.endswith(".jsonl"), paper.title
        text = format_citation(paper, fmt, library=library).text
        assert validate_bibtex(text) == [], text
        entry = bibtexparser.parse_string(text).entries[0]
        found[paper.title] = entry.fields_dict["title"].value
    return found


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_neurips_entrys_acronyms_are_braced(fmt: str) -> None:
    cited = titles("papercopilot_nips2017_capitals_slice.json", fmt)
    assert cited["EX2: Exploration with Exemplar Models for Deep Reinforcement Learning"] == (
        "{EX2}: Exploration with Exemplar Models for Deep Reinforcement Learning"
    )
    assert cited["Improved Training of Wasserstein GANs"] == (
        "Improved Training of Wasserstein {GANs}"
    )
    assert cited["Bayesian GAN"] == "Bayesian {GAN}"


def test_a_pmlr_entrys_capitals_are_braced_by_the_titles_case() -> None:
    cited = titles("pmlr_l4dc2020_capitals_slice.bib")
    # title case: only the acronym
    assert cited[
        "LSTM Neural Networks: Input to State Stability and Probabilistic Safety Verification"
    ] == ("{LSTM} Neural Networks: Input to State Stability and Probabilistic Safety Verification")
    # sentence case: the capitalised word is a name the source meant
    assert cited["Localized active learning of Gaussian process state space models"] == (
        "Localized active learning of {Gaussian} process state space models"
    )
    # a capitalised first word is the style's to keep, never braced
    assert not cited["Localized active learning of Gaussian process state space models"].startswith(
        "{"
    )


def test_braces_the_source_wrote_are_kept_and_never_doubled() -> None:
    cited = titles("papercopilot_corl2023_capitals_slice.json")
    assert cited["ViNT: A Foundation Model for Visual Navigation"] == (
        "Vi{NT}: A Foundation Model for Visual Navigation"
    )
    assert cited[
        "HACMan: Learning Hybrid Actor-Critic Maps for 6D Non-Prehensile Manipulation"
    ] == ("{HACM}an: Learning Hybrid Actor-Critic Maps for {6D} Non-Prehensile Manipulation")


def test_a_source_titles_latex_is_kept_as_written_around_the_braces() -> None:
    # accents stay as the source wrote them (``\\"o``, not ``{\\"o}``), math stays math
    from tuireader.render.citations import make_source_entry

    entry = make_source_entry(
        "k20",
        "inproceedings",
        [("title", 'H\\"older Bounds for the {$\\ell_0$} Norm of GANs'), ("year", "2020")],
    )
    paper = Paper(id="k", title=entry.get("title") or "", abstract="", source_entry=entry)
    text = format_citation(paper).text
    assert '\n  title = {H\\"older Bounds for the {$\\ell_0$} Norm of {GANs}},\n' in text


def test_a_head_in_title_case_before_a_colon_is_not_braced_word_by_word() -> None:
    # PMLR: the head is in title case, the rest in sentence case; only the acronym is
    # the source's to keep, not "Reinforcement" and "Learning"
    cited = titles("pmlr_l4dc2020_capitals_slice.bib")
    assert cited[
        "Practical Reinforcement Learning For MPC: Learning from sparse objectives in under "
        "an hour on a real robot"
    ] == (
        "Practical Reinforcement Learning For {MPC}: Learning from sparse objectives in under "
        "an hour on a real robot"
    )
    # a generated title (ICML 2024) likewise
    paper = Paper(
        id="h",
        title="Hierarchical Integral Probability Metrics: A distance on random probability "
        "measures with low sample complexity",
        abstract="",
    )
    assert "\n  title = {Hierarchical Integral Probability Metrics: A distance" in (
        format_citation(paper).text
    )
    # a part in sentence case still braces the names it capitalises
    named = Paper(
        id="n",
        title="Heritability of fractional anisotropy in human white matter: A comparison of "
        "Human Connectome Project and ENIGMA-DTI data",
        abstract="",
    )
    assert "comparison of {Human} {Connectome} {Project} and {ENIGMA-DTI} data}" in (
        format_citation(named).text
    )


def test_names_the_abstract_writes_as_names_are_braced_in_a_title_in_title_case() -> None:
    # ICML 2024: "a common assumption in Gaussian process (GP) regression", "we propose a
    # Thompson sampling algorithm": names amid words in lower case
    cited = titles("icml2024_names_slice.jsonl")
    assert cited["Robust and Conjugate Gaussian Process Regression"] == (
        "Robust and Conjugate {Gaussian} Process Regression"
    )
    assert cited["Feel-Good Thompson Sampling for Contextual Dueling Bandits"] == (
        "Feel-Good {Thompson} Sampling for Contextual Dueling Bandits"
    )
    # capitals that spell an acronym out ("the Optimal Transport (OT) perspective", "RL
    # with Aggregate Bandit Feedback (RL-ABF)") are no names
    assert cited["OT-CLIP: Understanding and Generalizing CLIP via Optimal Transport"] == (
        "{OT-CLIP}: Understanding and Generalizing {CLIP} via Optimal Transport"
    )
    assert cited["Near-Optimal Regret in Linear MDPs with Aggregate Bandit Feedback"] == (
        "Near-Optimal Regret in Linear {MDPs} with Aggregate Bandit Feedback"
    )


@pytest.mark.parametrize(
    ("abstract", "braced"),
    [
        ("We fit a Gaussian process to the data.", True),
        ("We study *Gaussian* processes.", True),
        # at a sentence's start, in a quotation, or written in lower case elsewhere
        ("Gaussian processes are common. We fit one.", False),
        ('We call it "Gaussian" here.', False),
        ("We fit a Gaussian process; a gaussian prior helps.", False),
        # one of a run of capitals, past "and" and commas, or next to its acronym
        ("We propose Gaussian and Kernel Sampling for this.", False),
        ("We propose the Gaussian (G) trick here.", False),
    ],
)
def test_what_an_abstract_tells_of_a_name(abstract: str, braced: bool) -> None:
    paper = Paper(id="g", title="Fast Gaussian Sampling", abstract=abstract)
    expected = "Fast {Gaussian} Sampling" if braced else "Fast Gaussian Sampling"
    assert f"\n  title = {{{expected}}},\n" in format_citation(paper).text
    # the first word of a title is the style's to keep: never braced as a name
    first = Paper(id="f", title="Gaussian Sampling Made Fast", abstract=abstract)
    assert "\n  title = {Gaussian Sampling Made Fast},\n" in format_citation(first).text


def test_names_joined_by_a_hyphen_are_braced_whole() -> None:
    # ICML 2024: "a Fokker-Planck equation" in the abstract; the title in title case
    # printed "Fokker-planck" in a style's sentence case
    paper = Paper(
        id="f",
        title="Solving the Fokker-Planck Equation with Neural Operators",
        abstract="We learn to solve a Fokker-Planck equation from samples.",
    )
    assert "\n  title = {Solving the {Fokker-Planck} Equation with Neural Operators},\n" in (
        format_citation(paper).text
    )
    # a compound the abstract writes in lower case too is no name
    paper = Paper(
        id="g",
        title="Solving the Fokker-Planck Equation",
        abstract="We solve a Fokker-Planck equation; fokker-planck solvers are slow.",
    )
    assert "\n  title = {Solving the Fokker-Planck Equation},\n" in format_citation(paper).text


def test_words_the_abstract_writes_as_common_words_are_not_taken_for_names() -> None:
    # ICML 2024: a title in sentence case after its colon, "Authenticity", "Consent" and
    # "Provenance" capitalised in its head; the abstract speaks of "tracing authenticity,
    # verifying consent": no names, left to the style
    cited = titles("icml2024_common_words_slice.jsonl")
    assert cited[
        "Position: Data Authenticity, Consent, & Provenance for AI are all broken: what will "
        "it take to fix them?"
    ] == (
        "Position: Data Authenticity, Consent, \\& Provenance for {AI} are all broken: what "
        "will it take to fix them?"
    )
    # a word the abstract capitalises mid-sentence too stays braced ("the game of Go")
    paper = Paper(
        id="go",
        title="Mastering the game of Go without human knowledge",
        abstract="We master the game of Go. Programs go further with search.",
    )
    assert "\n  title = {Mastering the game of {Go} without human knowledge},\n" in (
        format_citation(paper).text
    )
