"""A word with umlauts and its spelling as German writes it without them find each
other: "Schölkopf" is "Schoelkopf". Titles and abstracts kept the word folded only
("scholkopf"): ``schoelkopf`` did not find "Schölkopf", and ``scholkopf`` or
``schölkopf`` did not find "Schoelkopf", as they did among the authors' names.

A word with "oe" is not taken for one with "ö" (that would make "does" "dös", "poem"
"pöm"): a word with umlauts is indexed under its spelling without them too, and a word
typed without umlauts looks for that spelling where the library writes the word with
them.

A quoted phrase crosses the spellings as the word typed alone does: ``"schoelkopf
wrote"`` found "As Schoelkopf wrote" only, not "As Schölkopf wrote", and ``"schölkopf
wrote"`` or ``"scholkopf wrote"`` the reverse. A word with "oe" is still not taken for one
with "ö" otherwise. With the index and without it."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.analysis import Phrase, word_set
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures" / "umlauts"

SPELLED = "Kernel Methods after Schoelkopf"
UMLAUT = "Causal Learning after Sch\u00f6lkopf"
STRASSE = "Grids and Strasse Networks"
STRASSE_SHARP = "Stra\u00dfe Graphs"
POEM = "Why a Poem Does Rhyme"
MUELLER = "Mueller Estimators"
AUTHOR_UMLAUT = "Two Spellings of One Name"
AUTHOR_SPELLED = "A Second Spelling of One Name"


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
        "scholkopf",
        "sch\u00f6lkopf",
        "Scho\u0308lkopf",  # decomposed, as pasted from a PDF
        "schoelkopf",
        "SCHOELKOPF",
        '"sch\u00f6lkopf"',
        '"scholkopf"',
        "title:scholkopf",
        "title:schoelkopf",
        "abstract:sch\u00f6lkopf",
    ],
)
def test_a_word_with_umlauts_and_its_spelling_without_find_each_other(engine, query):
    found = _titles(engine, query)
    if ":" not in query:  # the authors' names too
        found -= {AUTHOR_UMLAUT, AUTHOR_SPELLED}
    assert found == {SPELLED, UMLAUT}
    assert not _titles(engine, query) - {SPELLED, UMLAUT, AUTHOR_UMLAUT, AUTHOR_SPELLED}


@pytest.mark.parametrize(
    "query", ["author:scholkopf", "author:sch\u00f6lkopf", "author:schoelkopf"]
)
def test_a_name_with_umlauts_and_its_spelling_without_find_each_other(engine, query):
    assert _titles(engine, query) == {AUTHOR_UMLAUT, AUTHOR_SPELLED}


@pytest.mark.parametrize("query", ["schol", "sch\u00f6lk", "schoelk"])
def test_a_word_being_typed_finds_both_spellings(engine, query):
    assert {SPELLED, UMLAUT} <= _titles(engine, query, prefix=True)


@pytest.mark.parametrize("query", ["m\u00fcller", "mueller"])
def test_a_word_typed_with_umlauts_finds_its_spelling_without(engine, query):
    assert _titles(engine, query) == {MUELLER}


@pytest.mark.parametrize("query", ["strasse", "stra\u00dfe", "STRASSE"])
def test_a_sharp_s_and_its_spelling_find_each_other(engine, query):
    assert _titles(engine, query) == {STRASSE, STRASSE_SHARP}


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        ("does", {POEM}),
        ("dos", {POEM}),  # the abstract's "dos", not "does" folded
        ("pom", set()),
        ("poem", {POEM}),
        ("tos", set()),
        ("toes", {POEM}),
        ("muller", set()),  # no paper writes it with the umlaut
    ],
)
def test_words_with_oe_or_ue_are_not_taken_for_umlauts(engine, query, titles):
    assert _titles(engine, query) == titles


@pytest.mark.parametrize("query", ["scholkopf", "sch\u00f6lkopf", "schoelkopf"])
def test_both_spellings_are_highlighted(engine, query):
    result = engine.search(query)
    for title, word in ((SPELLED, "Schoelkopf"), (UMLAUT, "Sch\u00f6lkopf")):
        assert [title[a:b] for a, b in spans_of(title, result.terms)] == [word]


def test_the_words_with_umlauts_are_kept_with_their_spelling_without():
    from tuireader.search.analysis import umlaut_pairs

    text = "Sch\u00f6lkopf, M\u00fcller and Scho\u0308lkopf; does a po\u00e9m, Stra\u00dfe?"
    assert umlaut_pairs(text) == ["scholkopf>schoelkopf", "muller>mueller"]
    assert umlaut_pairs("Schoelkopf does") == []
    assert {"scholkopf", "schoelkopf"} <= word_set(text)
    assert unicodedata.normalize("NFC", "Scho\u0308lkopf") == "Sch\u00f6lkopf"


@pytest.mark.parametrize(
    ("query", "typing"),
    [
        ("schr\u00f6dinger", (False, True)),
        ("Schro\u0308dinger", (False, True)),
        ("schr\u00f6dinger bridges", (False, True)),
        ("schr\u00f6d", (True,)),  # being typed
    ],
)
def test_a_word_typed_with_umlauts_is_no_slip_of_its_spelling_without(tmp_path, query, typing):
    """Where the library writes "Schroedinger" only, "schrödinger" found nothing and
    offered "did you mean schroedinger": the word typed, spelled without its umlaut.
    It finds the paper, and offers nothing."""
    import json

    papers = [
        {"title": "Schroedinger Bridges", "abstract": "Bridges between two laws."},
        {"title": "Plain Sampling", "abstract": "Nothing of names."},
    ]
    (tmp_path / "lists.json").write_text(json.dumps(papers), encoding="utf-8")
    library = load_library([tmp_path / "lists.json"])
    engine = open_engine(library, resolve(tmp_path / "data"))
    try:
        for prefix in typing:
            result = engine.search(query, prefix=prefix)
            assert [hit.paper.title for hit in result.hits] == ["Schroedinger Bridges"]
            assert result.suggestion is None
    finally:
        engine.close()


# --- phrases


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
