"""A quoted phrase crosses the spellings of a word with umlauts as the word typed alone
does: ``"schoelkopf wrote"`` found "As Schoelkopf wrote" only, not "As Schölkopf
wrote", and ``"schölkopf wrote"`` or ``"scholkopf wrote"`` the reverse. A word with "oe"
is still not taken for one with "ö" otherwise. With the index and without it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import Phrase
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures" / "umlauts"

SPELLED = "Kernel Methods after Schoelkopf"
UMLAUT = "Causal Learning after Sch\u00f6lkopf"
POEM = "Why a Poem Does Rhyme"
MUELLER = "Mueller Estimators"


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    for fixture in FIXTURES.iterdir():
        shutil.copy(fixture, folder / fixture.name)
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str, prefix: bool = False) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, prefix=prefix, limit=None).hits}


@pytest.mark.parametrize(
    "query",
    [
        '"schoelkopf wrote"',
        '"SCHOELKOPF wrote"',
        '"sch\u00f6lkopf wrote"',
        '"Scho\u0308lkopf wrote"',  # decomposed, as pasted from a PDF
        '"scholkopf wrote"',
        '"as schoelkopf wrote"',
        'abstract:"schoelkopf wrote"',
        'title:"after sch\u00f6lkopf"',
        'title:"after schoelkopf"',
    ],
)
def test_a_phrase_finds_a_word_with_umlauts_in_both_spellings(engine, query):
    assert _titles(engine, query) == {SPELLED, UMLAUT}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ('"schoelkopf wrote causes"', {UMLAUT}),
        ('"sch\u00f6lkopf wrote kernels"', {SPELLED}),
        ('"m\u00fcller estimators"', {MUELLER}),
        ('"mueller estimators"', {MUELLER}),
        ('"does rhyme"', {POEM}),
        ('"dos rhyme"', set()),
        ('"schoelkopf kernels"', set()),
    ],
)
def test_a_phrase_crosses_spellings_only_of_its_words(engine, query, titles):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize("query", ['"after schoelkopf', '"after sch\u00f6lk'])
def test_a_phrase_being_typed_finds_both_spellings(engine, query):
    assert _titles(engine, query, prefix=True) == {SPELLED, UMLAUT}


def test_a_phrase_reads_a_text_with_umlauts_spelled_without_them():
    assert Phrase("schoelkopf kernel").found_in("Sch\u00f6lkopf kernel methods")
    assert Phrase("schoelkopf kernel").found_in("Scho\u0308lkopf kernel methods")
    assert not Phrase("sch\u00f6lkopf kernel").found_in("Schoelkopf kernel methods")
    typed = Phrase("sch\u00f6lkopf kernel", others=["schoelkopf kernel"])
    assert typed.found_in("Schoelkopf kernel methods")
    assert not Phrase("does rhyme").found_in("Dos rhyme")
