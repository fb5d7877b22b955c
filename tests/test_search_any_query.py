"""No query string raises out of ``Engine.search``: a malformed query is repaired and the
repair explained, shortly, with an index and without one (a scan), typed (prefix) or
entered, with triage filters answered or not.

``url:"github.com"`` raised Whoosh's QueryError (the links' field keeps no word
positions for a phrase), and the command line exited 2 with "unexpected error".
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuireader.ingest.library import load_library
from tuireader.search import query as ql
from tuireader.search.engine import Engine, SearchResult, open_engine
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures"

#: every field and filter name the parser knows, a directive, and names it does not
NAMES = sorted({*ql.FIELDS, *ql.FILTERS, "sort", "nosuchfield", "URL", "Title"})
#: values that are odd in some way: quotes, parentheses, stars, operators, nothing, other
#: scripts and symbols, controls, addresses, ranges, stop words, and very long ones
VALUES = [
    '"github.com"',
    '"a b"',
    '"x y"',
    '"the"',
    '""',
    '"',
    '"unclosed value',
    "(",
    ")",
    "()",
    "(a OR b",
    "*",
    "x*",
    "**",
    "-",
    "--x",
    "OR",
    "NOT",
    "AND",
    "",
    " ",
    "🤖",
    "論文",
    "논문",
    "ℓ₀",
    "Grøtli",
    "\x00",
    "\u202e",
    "\ud800",
    "the",
    "a.b",
    "github.com",
    "https://github.com/LIONS-EPFL/Charmer/",
    "http://www.openreview.net/forum?id=AZWqXfM6z9#x",
    "mlr.press",
    "..",
    "2020..2024",
    ">=",
    "<2020",
    "9" * 40,
    "x" * 5_000,
    '"' + "y " * 300 + '"',
    "z:" * 200,
]


def _resolve(name: str, value: str) -> set[str] | None:
    """Triage filters as a store answers them: known states and tags, no others."""
    if name == "is":
        return set() if value in ("kept", "maybe", "skip", "read", "*") else None
    if name == "tag":
        return set() if value.strip() else None
    if name == "has" and value == "note":
        return set()
    return None


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    shutil.copy(FIXTURES / "readers" / "icml2024_sample.jsonl", folder / "icml2024.jsonl")
    shutil.copy(FIXTURES / "queries" / "corl2023_links_slice.json", folder / "corl2023.json")
    shutil.copy(FIXTURES / "queries" / "collas2022_slice.bib", folder / "pmlr_v199_collas2022.bib")
    return load_library([folder])


@pytest.fixture(scope="module")
def engines(library, tmp_path_factory):
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield {"indexed": indexed, "scanned": Engine(library, None)}
    indexed.close()


def _answers(engine: Engine, query: str) -> None:
    for prefix in (False, True):
        for resolver in (None, _resolve):
            result = engine.search(query, prefix=prefix, resolve=resolver, limit=5)
            assert isinstance(result, SearchResult)
            assert result.total >= len(result.hits) and len(result.hits) <= 5
            assert result.message is None or isinstance(result.message, str)
            # what a message says back of the query is shortened (a 5,000-letter value)
            assert all(len(said) < 300 for said in (result.message or "").split("; "))


@pytest.mark.parametrize("kind", ["indexed", "scanned"])
@pytest.mark.parametrize("name", NAMES)
def test_every_field_with_any_odd_value_is_answered(engines, kind, name):
    engine = engines[kind]
    for value in VALUES:
        for query in (
            f"{name}:{value}",
            f"-{name}:{value}",
            f"({name}:{value}",
            f"{name}:{value} OR diffusion",
            f"grasping {name}:{value}*",
        ):
            _answers(engine, query)


#: strings made of pieces of queries: operators, field names, words, any character
_QUERY_TEXT = st.lists(
    st.one_of(
        st.sampled_from(list('"()*-:. ./?#=<>_')),
        st.sampled_from(["url:", "link:", "title:", "year:", "list:", "has:", "is:", "tag:"]),
        st.sampled_from(["sort:", " OR ", " NOT ", " AND ", "the", "a", "github.com", ".."]),
        st.characters(codec="utf-8"),
    ),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=_QUERY_TEXT)
def test_any_string_is_answered_with_an_index_and_without(engines, query):
    for engine in engines.values():
        _answers(engine, query)
