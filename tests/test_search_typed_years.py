"""A ``year:`` being typed finds the years it begins, as a word being typed finds the
words it begins, with the index and without it alike.

``year:20`` typed in the reader (or ``tuireader search --prefix 'year:20'``) found no
paper and said nothing, while the same query run whole said the filter was ignored: the
results went blank at every digit until the fourth.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

YEARS = [1999, 2017, 2021, 2024]


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    papers = [
        {"title": f"Learning paper of {year}", "authors": ["Ada Lovelace"], "year": year}
        for year in YEARS
    ]
    (folder / "years.json").write_text(json.dumps(papers), encoding="utf-8")
    library = load_library([folder])
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed, Engine(library, None)
    indexed.close()


def _years(engine, query: str, prefix: bool = True) -> set[int]:
    result = engine.search(query, prefix=prefix, limit=None)
    return {hit.paper.year for hit in result.hits}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("year:2", {2017, 2021, 2024}),
        ("year:20", {2017, 2021, 2024}),
        ("year:202", {2021, 2024}),
        ("year:1", {1999}),
        ("year:203", set()),
        ("learning year:202", {2021, 2024}),
        ("year:>=20", {2017, 2021, 2024}),
        ("year:<20", {1999, 2017, 2021, 2024}),
        ("year:..201", {1999, 2017}),
        ("year:2024..202", {2021, 2024}),
        ("year:2021.", {2021}),
    ],
)
def test_a_year_being_typed_finds_the_years_it_begins(engines, query, expected):
    for engine in engines:
        assert _years(engine, query) == expected, (query, engine.status)


def test_a_part_of_a_year_run_whole_is_still_said_and_ignored(engines):
    for engine in engines:
        result = engine.search("learning year:20", prefix=False, limit=None)
        assert {hit.paper.year for hit in result.hits} == set(YEARS)
        assert "year:20 was ignored" in (result.message or "")


@pytest.mark.parametrize("value", ["2020.2", "2020.20", "20.2", ">=2020.2"])
def test_a_year_typed_with_one_dot_before_digits_is_said(engines, value):
    """``year:2020.2`` can become no year by typing on (a range is ``..``): live search
    says so, as it does of ``year:20x``, instead of finding nothing without a word."""
    for engine in engines:
        result = engine.search(f"learning year:{value}", prefix=True, limit=None)
        assert f"year:{value} was ignored" in (result.message or ""), engine.status
        assert {hit.paper.year for hit in result.hits} == set(YEARS)
