"""A word the library's papers write in lower case is no name for a title to brace.

A BibTeX title braced a word its abstract capitalises once in mid-sentence as if it
were a name ("the Softmax function", "stationary points in Bilevel optimization",
"training Transformer models"), so a style's sentence case kept "Softmax", "Bilevel"
and "Transformer". The other papers of the library write these words in lower case,
and never "gaussian": a name stays braced. The fixture is eighteen verbatim ICML 2024
records: three such titles, papers that write those words, papers that write
"Gaussian" and a title with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library
from tuireader.render.citations import format_citation, validate_bibtex

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "icml2024_ordinary_words_slice.jsonl"


def title_of(library: Library, start: str, fmt: str = "bibtex") -> str:
    paper = next(p for p in library.papers if p.title.startswith(start))
    text = format_citation(paper, fmt, library=library).text
    assert validate_bibtex(text) == []
    found = re.search(r"^  title = (.*),$", text, re.MULTILINE)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_words_the_library_writes_in_lower_case_are_not_braced(fmt: str) -> None:
    library = load_library([FIXTURE])
    assert title_of(library, "Eureka", fmt) == (
        "{Eureka-Moments in Transformers: Multi-Step Tasks Reveal Softmax Induced "
        "Optimization Problems}"
    )
    assert title_of(library, "On The Complexity", fmt) == (
        "{On The Complexity of First-Order Methods in Stochastic Bilevel Optimization}"
    )
    assert title_of(library, "Delving", fmt) == "{Delving into Differentially Private Transformer}"


def test_a_name_stays_braced() -> None:
    library = load_library([FIXTURE])
    assert title_of(library, "Learning Mixtures") == (
        "{Learning Mixtures of {Gaussian} Processes through Random Projection}"
    )


def test_an_export_reads_the_library_as_a_citation_does() -> None:
    from tuireader.render.citations import format_many

    library = load_library([FIXTURE])
    text = format_many(list(library.papers), "bibtex", library=library)
    assert "{Softmax}" not in text and "{Bilevel}" not in text
    assert "{Gaussian}" in text


def _library(tmp_path: Path, title: str, abstract: str, others: list[str]) -> Library:
    entries = [f"@article{{paper, title = {{{title}}}, abstract = {{{abstract}}}, year = 2020}}"]
    entries += [
        f"@article{{other{n}, title = {{Other {n}}}, abstract = {{{text}}}, year = 2020}}"
        for n, text in enumerate(others)
    ]
    path = tmp_path / "list.bib"
    path.write_text("\n".join(entries) + "\n", encoding="utf-8")
    return load_library([path])


def test_few_uses_in_lower_case_are_no_evidence(tmp_path: Path) -> None:
    # a name another abstract writes in lower case once or twice stays a name
    library = _library(
        tmp_path,
        "Sparse Gaussian processes",
        "We fit a Gaussian process. The Gaussian kernel is smooth.",
        ["A gaussian prior.", "The gaussian noise and a Gaussian model."],
    )
    assert title_of(library, "Sparse") == "{Sparse {Gaussian} processes}"


def test_a_name_of_several_ordinary_words_stays_braced(tmp_path: Path) -> None:
    # "Human Connectome Project" (zotero_better_csl): each an ordinary word, together
    # a name the abstract capitalises as one
    others = ["The human brain and the project of a connectome.", "A human study."] * 2
    library = _library(
        tmp_path,
        "Heritability in human white matter: a comparison of Human Connectome Project and"
        " ENIGMA data",
        "The NIH-funded Human Connectome Project (HCP) is providing data.",
        others,
    )
    assert title_of(library, "Heritability") == (
        "{Heritability in human white matter: a comparison of {Human} {Connectome} {Project}"
        " and {ENIGMA} data}"
    )
    # the same words, the abstract capitalising none of them: the library's evidence
    library = _library(
        tmp_path,
        "A study of Large-Scale Crowdsourcing in practice",
        "We study large-scale labelling by crowds of workers and their answers.",
        ["Large-scale crowdsourcing is common.", "A large-scale study of crowdsourcing."] * 2,
    )
    assert title_of(library, "A study") == "{A study of Large-Scale Crowdsourcing in practice}"


def test_a_name_that_is_an_english_word_too_stays_braced(tmp_path: Path) -> None:
    # "the minima lie in a ball" is another word than the Lie of "Lie groups"
    others = [f"The minima lie in a ball and the answers lie near {n}." for n in range(4)]
    library = _library(
        tmp_path,
        "Equivariant networks on matrix Lie groups",
        "We build networks equivariant to a Lie group acting on the plane.",
        others,
    )
    assert title_of(library, "Equivariant") == "{Equivariant networks on matrix {Lie} groups}"


def test_words_counted_a_few_at_a_time_count_as_all_at_once() -> None:
    """The first copies count only their titles' words, later ones every word at once:
    either way a word's uses are the same."""
    from tuireader.render import citations

    library = load_library([FIXTURE])
    whole = citations._count_usage(library.papers)
    words = ["softmax", "transformer", "gaussian", "bilevel", "optimization", "nosuchword"]
    citations._LIBRARY_USAGE.clear()
    asked = [citations._word_usage(library, [word]) for word in words]
    assert citations._LIBRARY_USAGE[0][1].every_word  # the third pass read every word
    for word, usage in zip(words, asked, strict=True):
        assert usage == {word: whole.get(word, (0, 0))}
    assert whole["softmax"][0] >= 3


def test_a_big_library_is_counted_on_papers_spread_over_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A copy in a library of 100,000 papers reads no more papers' words than one in a
    conference's list: the papers counted are spread evenly over the library."""
    from tuireader.render import citations

    library = load_library([FIXTURE])
    monkeypatch.setattr(citations, "_USAGE_PAPERS", 6)
    citations._LIBRARY_USAGE.clear()
    counted: list[int] = []
    real_count = citations._count_usage

    def count(papers, words=None):  # type: ignore[no-untyped-def]
        counted.append(len(papers))
        return real_count(papers, words)

    monkeypatch.setattr(citations, "_count_usage", count)
    citations._word_usage(library, ["softmax"])
    assert counted == [len(library.papers[:: -(-len(library.papers) // 6)])]
    assert counted[0] <= 6 < len(library.papers)
    citations._LIBRARY_USAGE.clear()
