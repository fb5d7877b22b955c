"""The library's word use, which tells a title's names from its ordinary words in a
BibTeX or BibLaTeX entry, depends on the library alone: an export or ``cite`` of
thousands of papers counts it once and looks each title's few words up in it.

An export of ICML 2024 (2,611 papers) took 8 to 9 seconds of CPU in BibTeX where JSON
took one: each entry went through every word counted so far (tens of thousands) to find
the few of its title not yet counted, and a library given as its papers was read again
for each entry. The fixture is eighteen verbatim ICML 2024 records.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render import citations

FIXTURE = Path(__file__).parent / "fixtures" / "citations" / "icml2024_ordinary_words_slice.jsonl"


@pytest.fixture(autouse=True)
def _no_usage_counted() -> Iterator[None]:
    citations._LIBRARY_USAGE.clear()
    yield
    citations._LIBRARY_USAGE.clear()


class _Unscanned(dict[str, tuple[int, int]]):
    """Counted uses that may be looked up word by word, never gone through whole."""

    def keys(self):  # type: ignore[override]
        raise AssertionError("every counted word gone through")

    def __iter__(self):  # type: ignore[override]
        raise AssertionError("every counted word gone through")

    def items(self):  # type: ignore[override]
        raise AssertionError("every counted word gone through")


def test_words_asked_for_are_looked_up_not_found_among_every_word() -> None:
    library = load_library([FIXTURE])
    whole = citations._count_usage(library.papers)
    for word in ("softmax", "transformer", "gaussian"):  # the third pass counts every word
        citations._word_usage(library, [word])
    usage = citations._LIBRARY_USAGE[0][1]
    assert usage.every_word
    usage.counts = _Unscanned(usage.counts)
    asked = citations._word_usage(library, ["bilevel", "optimization", "nosuchword"])
    assert asked == {
        "bilevel": whole["bilevel"],
        "optimization": whole["optimization"],
        "nosuchword": (0, 0),
    }


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[frozenset[str] | None]:
    """The words of each count of the library's word use (None: every word)."""
    asked: list[frozenset[str] | None] = []
    real_count = citations._count_usage

    def count(papers, words=None):  # type: ignore[no-untyped-def]
        asked.append(words)
        return real_count(papers, words)

    monkeypatch.setattr(citations, "_count_usage", count)
    return asked


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_an_export_counts_every_word_once(monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    library = load_library([FIXTURE])
    expected = citations.format_many(list(library.papers), fmt, library=library)
    citations._LIBRARY_USAGE.clear()
    asked = _counted(monkeypatch)
    assert citations.format_many(list(library.papers), fmt, library=library) == expected
    assert asked == [None]
    citations.format_many(list(library.papers), fmt, library=library)
    assert asked == [None]  # the same library again: counted already


def test_a_library_given_as_its_papers_is_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    library = load_library([FIXTURE])
    expected = citations.format_many(list(library.papers), "bibtex", library=library)
    assert "{Gaussian}" in expected and "{Softmax}" not in expected
    asked = _counted(monkeypatch)
    papers = list(library.papers)
    assert citations.format_many(papers, "bibtex", library=papers) == expected
    assert asked == [None]


def test_a_copy_or_two_count_the_words_of_their_titles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copying a paper's entry or two counts only their titles' words (a pass over a
    big library's text each), as before: every word is counted for an export."""
    library = load_library([FIXTURE])
    paper = next(p for p in library.papers if p.title.startswith("Eureka"))
    asked = _counted(monkeypatch)
    citations.format_many([paper], "bibtex", library=library)
    assert len(asked) == 1 and asked[0] is not None and "softmax" in asked[0]


class _Splits:
    """:data:`citations._PROSE_TOKEN`, saying which texts it splits into words."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.texts: list[str] = []

    def findall(self, text: str) -> list[str]:
        self.texts.append(text)
        return self.pattern.findall(text)


def _forget_worked_out() -> None:
    for name in ("_prose_tokens", "_abstract_names", "_plain"):
        cache_clear = getattr(getattr(citations, name, None), "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_a_citation_reads_its_title_and_abstract_once(
    monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    """An entry's abstract is read four ways (names, common words, names joined by a
    hyphen, names of several words) and its title's plain text asked for by each
    reader of the library's words: each is worked out once."""
    from tuireader.render import textrender

    library = load_library([FIXTURE])
    paper = next(p for p in library.papers if p.title.startswith("Eureka"))
    assert "-" in paper.abstract and "-" in paper.title
    expected = citations.format_citation(paper, fmt, library=library)
    _forget_worked_out()
    splits = _Splits(citations._PROSE_TOKEN)
    monkeypatch.setattr(citations, "_PROSE_TOKEN", splits)
    rendered: list[str] = []
    display_title = textrender.display_title

    def counted(title: str) -> str:
        rendered.append(title)
        return display_title(title)

    monkeypatch.setattr(textrender, "display_title", counted)
    assert citations.format_citation(paper, fmt, library=library) == expected
    assert splits.texts.count(paper.abstract) == 1
    assert rendered.count(paper.title) == 1
