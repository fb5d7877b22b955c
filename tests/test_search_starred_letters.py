"""A lone letter with a star is a word of its own, as "C++" is: ``A*`` finds the A*
algorithm, not every word that begins with "a" (1,893 of the 2,610 papers of ICML
2024, none of which says "A*"), with the index and without it. A longer word with a
star is still the beginning of words (``manip*``).
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

PAPERS = [
    {"title": "Path Planning with A* Search", "abstract": "We plan paths on grids."},
    {"title": "Anytime Replanning", "abstract": "Compared with D* Lite on rovers."},
    {"title": "Attention Across Agents", "abstract": "An analysis of attention."},
    {"title": "Abstract Algebra for Learning", "abstract": "Groups act on data."},
    {"title": "Dictionary Learning", "abstract": "The true dictionary $A^*$ is found."},
]


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "stars.json").write_text(json.dumps(PAPERS), encoding="utf-8")
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
    ("query", "titles"),
    [
        ("A*", {"Path Planning with A* Search", "Dictionary Learning"}),
        ('"A*"', {"Path Planning with A* Search", "Dictionary Learning"}),
        ("A* search", {"Path Planning with A* Search"}),
        ('"A* search"', {"Path Planning with A* Search"}),
        ('"D* Lite"', {"Anytime Replanning"}),
        ("title:A*", {"Path Planning with A* Search"}),
        ("D*", {"Anytime Replanning"}),
        ("A* -dictionary", {"Path Planning with A* Search"}),
        ("abstr*", {"Abstract Algebra for Learning"}),
        ("att*", {"Attention Across Agents"}),
    ],
)
def test_a_letter_with_a_star_is_a_word_of_its_own(engine, query, titles):
    for prefix in (False, True):
        assert _titles(engine, query, prefix) == titles, (query, prefix)


@pytest.mark.parametrize("query", ["A**", "A***", "title:A**"])
def test_a_letter_with_more_stars_is_the_letter_with_one(engine, query):
    """``A**`` (a star typed twice) is "A*", not the beginning of every word in "a"."""
    assert _titles(engine, query) == _titles(engine, query.replace("**", "*").replace("**", "*"))
    assert "Attention Across Agents" not in _titles(engine, query)


@pytest.mark.parametrize("query", ["A*", "A* search", '"A* search"', "A**"])
def test_a_letter_with_a_star_is_highlighted_as_written(engine, query):
    """The highlight marks "A*" where it stands, not every "a" of the title."""
    for prefix in (False, True):
        result = engine.search(query, prefix=prefix, limit=None)
        hit = next(h for h in result.hits if h.paper.title == "Path Planning with A* Search")
        title = hit.paper.title
        marked = [title[a:b] for a, b in hit.title_spans]
        assert "A*" in marked, (query, prefix, marked)
        assert "a" not in {m.lower() for m in marked}, (query, prefix, marked)
        said = [title[a:b] for a, b in spans_of(title, result.terms)]
        assert said == marked, (query, prefix)


def test_a_language_with_signs_is_highlighted_as_written():
    """``C++`` marks "C++", and not the "c" of "c = 1" nor the "C+" of "C+++"."""
    text = "Code in C++ where c = 1 and C+++ is not C++."
    spans = spans_of(text, frozenset({"c++"}))
    assert [text[a:b] for a, b in spans] == ["C++", "C++"]
    assert spans[0][0] == text.index("C++")


#: ICML 2024's "Long-Run Distribution of SGD" lists its claims as ``(*c*)``, ``(*d*)``,
#: shown "(c)", "(d)"; a star that closes an emphasis is no star either
EMPHASIS = [
    *PAPERS,
    {
        "title": "The Long-Run Distribution of SGD",
        "abstract": "In the long run, (*a*) the critical region is visited more often; "
        "(*d*) any saddle point is dominated, as a *proof by D* shows.",
    },
    {"title": "Q* Search for Language Models", "abstract": "Deliberate planning."},
]


@pytest.fixture(scope="module", params=["index", "scan"])
def emphasis_engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    (folder / "emphasis.json").write_text(json.dumps(EMPHASIS), encoding="utf-8")
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
        ("D*", {"Anytime Replanning"}),
        ("A*", {"Path Planning with A* Search", "Dictionary Learning"}),
        ('"D* Lite"', {"Anytime Replanning"}),
        ("Q*", {"Q* Search for Language Models"}),
        ("abstract:D*", {"Anytime Replanning"}),
    ],
)
def test_a_letter_markdown_emphasises_is_no_letter_with_a_star(emphasis_engine, query, titles):
    """A letter between the stars of Markdown's emphasis is shown without them, as is
    one whose star closes an emphasis: words are found as the reader shows them."""
    for prefix in (False, True):
        assert _titles(emphasis_engine, query, prefix) == titles, (query, prefix)
