"""A compound pasted from LaTeX (``$k$-means``, ``\\epsilon-greedy``) is the compound, as
``k-means`` is, not its words anywhere: ``$Q$-learning`` found 42 papers of ICML 2024
where ``Q-learning`` finds 19.

A word joined by a hyphen to an abbreviation with full stops (``non-i.i.d.``) is
those words in a row, or written as one ("non-IID"), with the index and without it.
It was the words "non", "i" and "d" anywhere: 16 papers of ICML 2024 where 12 say it,
and none of those that write "non-IID"."""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

PAPERS = {
    "Federated Learning on Non-IID Data": "Clients differ.",
    "Clients with non-i.i.d. Samples": "Heterogeneity.",
    "Non-Convex Losses": "Let i be an index and d a dimension.",
    "Samples Drawn i.i.d.": "The usual case.",
    "Clustering Revisited": "We cluster with $k$-means.",
    "Means and Medians": "Let k be the number of means.",
    "Greedy Exploration": "An $\\epsilon$-greedy policy.",
    "Greedy Coordinate Descent": "Steps of size epsilon.",
}


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [{"title": t, "abstract": a} for t, a in PAPERS.items()]
    (folder / "dotted.json").write_text(json.dumps(records), encoding="utf-8")
    library = load_library([folder])
    if request.param == "scan":
        yield Engine(library, None)
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


@pytest.mark.parametrize("query", ["non-i.i.d.", "non-i.i.d", "title:non-i.i.d."])
def test_a_word_joined_to_an_abbreviation_is_found_together(engine, query):
    found = {hit.paper.title for hit in engine.search(query, limit=None).hits}
    assert found == {"Federated Learning on Non-IID Data", "Clients with non-i.i.d. Samples"}


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("$k$-means", "Clustering Revisited"),
        ("k-means", "Clustering Revisited"),
        ("$\\epsilon$-greedy", "Greedy Exploration"),
        ("\\epsilon-greedy", "Greedy Exploration"),
        ("epsilon-greedy", "Greedy Exploration"),
        ("abstract:$k$-means", "Clustering Revisited"),
    ],
)
def test_a_compound_pasted_from_latex_is_the_compound(engine, query, title):
    found = {hit.paper.title for hit in engine.search(query, limit=None).hits}
    assert found == {title}
