"""The "et al." a list writes after the names of authors it cut is no author: ``al``
finds the authors named Al ("Al Makdah", "Al. L. Efros") and Active Learning, not the
arXiv papers whose authors field says "F. Aharonian, et al" (two of the 200 of the
arXiv snapshot), on the index and on the scan without one."""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

RECORDS = [
    # as the arXiv snapshot writes them (tests/fixtures/real_lists/README.md)
    {
        "id": "0704.0171",
        "authors": "F. Aharonian, et al",
        "title": "Discovery of a point-like very-high-energy gamma-ray source in Monoceros",
        "abstract": "Observations of the Monoceros Loop region.",
    },
    {
        "id": "0704.0190",
        "authors": "The BABAR Collaboration, B. Aubert, et al",
        "title": "Measurement of the Hadronic Form Factor",
        "abstract": "We measure a form factor.",
    },
    {
        "id": "0704.0300",
        "authors": "Abed Alrahman Al Makdah, Fabio Pasqualetti",
        "title": "Robustness of data-driven controllers",
        "abstract": "Controllers learned from data.",
    },
    {
        "id": "0704.0301",
        "authors": "I. A. Yugova, Al. L. Efros",
        "title": "Electron spin coherence",
        "abstract": "Spins in quantum dots.",
    },
]


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    path = folder / "arxiv.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    library = load_library([path])
    assert library.papers[0].authors == ("F. Aharonian", "et al.")
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed, Engine(library, None)
    indexed.close()


def _titles(engine, query: str) -> set[str]:
    return {hit.paper.title.split()[0] for hit in engine.search(query, limit=None).hits}


@pytest.mark.parametrize("query", ["al", "author:al", "author:Al"])
def test_al_finds_authors_named_al_and_not_an_et_al(engines, query):
    for engine in engines:
        assert _titles(engine, query) == {"Robustness", "Electron"}, query


def test_the_authors_of_a_cut_list_are_still_found(engines):
    for engine in engines:
        assert _titles(engine, "author:aharonian") == {"Discovery"}
        assert _titles(engine, 'author:"B. Aubert"') == {"Measurement"}
        assert not _titles(engine, 'author:"et al"')
