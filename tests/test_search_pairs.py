"""A phrase that says a stop word, found from the pairs of words the index keeps.

``in-context`` (a phrase of "in" and "context", and "incontext") read the text of
every paper that says "context" at each keystroke: 271 ICML 2024 papers, 20 to 66 ms
a keystroke where words take 1 to 3. The index keeps the pairs of words in a row of
which one is a stop word (``stop_pairs``); a phrase of two words is found from them
alone, and they must find what reading the text finds.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuireader.ingest.library import load_library
from tuireader.search import analysis
from tuireader.search.analysis import Phrase, stop_pairs
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

WORDS = ["in", "the", "of", "context", "contexts", "Context", "learning", "cans", "can"]
WORDS += ["expert", "experts", "mixture", "naïve", "Grøtli", "to", "论文", "a", "3D"]
GAPS = [" ", "-", " - ", ", ", "\u2013", "_", "中", "/", "$", "\n", "'"]


def _holds(phrase: Phrase, text: str) -> bool:
    """Whether the pairs of ``text`` tell that it holds ``phrase``."""
    pairs = set(stop_pairs(text))
    return all(pair in pairs for pair in phrase.pairs or ())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(GAPS)), max_size=8),
    st.sampled_from(WORDS),
    st.sampled_from([" ", "-"]),
    st.sampled_from(WORDS),
)
def test_the_pairs_find_a_phrase_of_two_words_as_its_text_does(text, first, gap, second):
    written = "".join(word + sep for word, sep in text)
    phrase = Phrase(f"{first}{gap}{second}")
    if phrase.pairs is None:
        return
    assert phrase.pairs_enough
    assert _holds(phrase, written) == phrase.found_in(written)


@pytest.mark.parametrize(
    "query", ["mixture-of-experts", "out-of-distribution", '"learning in context"']
)
def test_a_text_holding_a_longer_phrase_has_all_its_pairs(query):
    phrase = Phrase(query)
    text = "A sparse Mixture-of-Experts, out of distribution, learning in context."
    assert phrase.pairs and not phrase.pairs_enough
    assert phrase.found_in(text) and _holds(phrase, text)
    assert not _holds(
        phrase, "Experts mixture; distribution out; context learning, in that context."
    )


PAPERS = {
    "In-Context Learning of Tasks": "Prompts teach.",
    "Context Windows for Transformers": "Longer inputs, in context.",
    "Games in the Context of Markets": "Bidders learn to bid.",
    "Incontext Retrieval": "Joined.",
    "Sparse Mixture of Experts": "Routing tokens.",
    "Experts and Mixtures": "A mixture of nothing; experts of all; on mixtures.",
}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{"title": t, "abstract": a, "authors": ["A B"]} for t, a in PAPERS.items()]
    (folder / "pairs.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    yield indexed
    indexed.close()


@pytest.mark.parametrize(
    ("query", "titles"),
    [
        (
            "in-context",
            {
                "In-Context Learning of Tasks",
                "Context Windows for Transformers",
                "Incontext Retrieval",
            },
        ),
        ('title:"in context"', {"In-Context Learning of Tasks"}),
        ('"on mixtures"', {"Experts and Mixtures"}),
        ('"of experts"', {"Sparse Mixture of Experts"}),
    ],
)
def test_a_phrase_of_a_stop_word_and_a_word_reads_no_text(engine, monkeypatch, query, titles):
    read = []
    real = analysis.Phrase.found_in
    monkeypatch.setattr(
        analysis.Phrase, "found_in", lambda self, text: read.append(text) or real(self, text)
    )
    found = {hit.paper.title for hit in engine.search(query, limit=None).hits}
    assert found == titles
    assert read == []


def test_a_longer_phrase_reads_the_texts_of_the_papers_with_its_pairs_only(engine, monkeypatch):
    read = []
    real = analysis.Phrase.found_in
    monkeypatch.setattr(
        analysis.Phrase, "found_in", lambda self, text: read.append(text) or real(self, text)
    )
    found = {hit.paper.title for hit in engine.search("mixture-of-experts", limit=None).hits}
    assert found == {"Sparse Mixture of Experts"}
    # "Experts and Mixtures" has the words, not the pairs: its text is not read
    assert read and all("nothing" not in text for text in read)


def test_a_phrase_typed_on_is_looked_for_once(engine, monkeypatch):
    """The keys typed after "in-context " looked for the phrase again each, through
    Whoosh's matchers, with the words being typed: the phrase's papers and scores are
    kept while the next word is typed, and the words are read as other words are."""
    if engine.status == "no index: plain text scan":
        pytest.skip("the scan reads no index")
    from tuireader.search import compiled, plan

    made, general = [], []
    real_scored, real_run = plan._scored, compiled.run_compiled
    monkeypatch.setattr(plan, "_scored", lambda *a: made.append(a) or real_scored(*a))
    monkeypatch.setattr(
        "tuireader.search.engine.run_compiled",
        lambda *a, **k: general.append(a) or real_run(*a, **k),
    )
    typed = [engine.search(f"in-context {word}", prefix=True) for word in ("l", "le", "lea")]
    assert len(made) == 1 and general == []
    assert [hit.paper.title for hit in typed[-1].hits] == ["In-Context Learning of Tasks"]


@pytest.mark.parametrize(
    "query",
    [
        "in-context learning",
        "in-context l",
        '"of experts" routing',
        "mixture OR experts",
        "in-context",
    ],
)
def test_a_phrase_among_words_finds_what_whooshs_matchers_find(engine, monkeypatch, query):
    """The phrase's papers kept, the words read as other words are: the same papers as
    Whoosh's matchers find for the whole query (ranked with the words scored as the
    words of any other query are)."""
    if engine.status == "no index: plain text scan":
        pytest.skip("the scan reads no index")
    from tuireader.search import engine as engines

    fast = engine.search(query, prefix=True, limit=None)
    monkeypatch.setattr(engines, "make_plan", lambda *a: None)
    general = engine.search(query, prefix=True, limit=None)
    assert fast.total == general.total
    assert {hit.paper.id for hit in fast.hits} == {hit.paper.id for hit in general.hits}


def test_a_query_of_more_phrases_than_are_kept_finds_its_papers(engine):
    """Each phrase of a query is kept while the next word is typed, a few at most: a
    query of more than that many keeps them all while it is answered."""
    query = '"in context" "context learning" "learning of" "of tasks" "in-context learning" tasks'
    for typed in (query, query + " zebr"):
        found = {hit.paper.title for hit in engine.search(typed, prefix=True, limit=None).hits}
        assert found == ({"In-Context Learning of Tasks"} if typed == query else set())
