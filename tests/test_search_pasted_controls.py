"""A query pasted with a terminal's colour codes, with the index and without it.

Copied from a coloured terminal (``grep --color``, a shell's prompt), "red robot" comes
as ``\\x1b[31mred\\x1b[0m robot``: its words were "31mred" and "0m", and it found no paper
and said nothing. The codes, and the other control characters, are no words: they are
left out, and that is said.
"""

from __future__ import annotations

import json

import pytest

from tuireader.ingest.library import load_library
from tuireader.search import query as ql
from tuireader.search.engine import Engine, open_engine
from tuireader.system.paths import resolve

PAPERS = {
    "Red Robot Teams": "A red robot and a blue one.",
    "Diffusion Policies for Grasping": "Grasps sampled by diffusion.",
    "Blue Sky Planning": "Plans under a blue sky.",
}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    records = [
        {"title": title, "abstract": abstract, "authors": ["A. Author"], "year": 2024}
        for title, abstract in PAPERS.items()
    ]
    (folder / "pasted.json").write_text(json.dumps(records), encoding="utf-8")
    return load_library([folder])


@pytest.fixture(scope="module", params=["index", "scan"])
def engine(request, library, tmp_path_factory):
    if request.param == "scan":
        yield Engine(library, None)  # no index: the library's terms in memory
        return
    indexed = open_engine(library, resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


@pytest.mark.parametrize(
    ("pasted", "titles"),
    [
        ("\x1b[31mred\x1b[0m robot", {"Red Robot Teams"}),
        ("\x1b[1;32mblue\x1b[m", {"Red Robot Teams", "Blue Sky Planning"}),
        # a word coloured in part, as grep colours what it matched
        ("dif\x1b[01;31m\x1b[Kfusion\x1b[m\x1b[K", {"Diffusion Policies for Grasping"}),
        # a terminal's title (OSC) and an 8-bit CSI
        ("\x1b]0;~/papers\x07robot", {"Red Robot Teams"}),
        ("\x9b1msky", {"Blue Sky Planning"}),
        # control characters of no sequence: a bell, a NUL, a DEL
        ("robot\x07 \x00red\x7f", {"Red Robot Teams"}),
    ],
)
def test_a_terminals_codes_are_no_words_and_are_said(engine, pasted, titles):
    for prefix in (False, True):
        result = engine.search(pasted, prefix=prefix, limit=None)
        assert {hit.paper.title for hit in result.hits} == titles, (pasted, prefix)
        assert ql.CONTROLS_DROPPED in (result.message or ""), (pasted, prefix)
        assert result.query.isprintable()  # said back without the codes


def test_a_query_without_codes_says_nothing_of_them(engine):
    for query in ("red robot", "red\trobot", "red\nrobot", "red\x0brobot"):
        result = engine.search(query, limit=None)
        assert {hit.paper.title for hit in result.hits} == {"Red Robot Teams"}, query
        assert result.message is None, query


def test_the_words_of_a_pasted_query_are_highlighted(engine):
    spans = engine.term_spans("Red Robot Teams", "\x1b[31mred\x1b[0m robot")
    assert len(spans) == 2


def test_the_parser_says_what_it_left_out():
    parsed = ql.parse("\x1b[31mred\x1b[0m robot")
    assert ql.CONTROLS_DROPPED in (parsed.message or "")
    # the words of the text without its codes (a short word's dotted form among them)
    clean = [word.text for word in ql.words(ql.parse("red robot").root)]
    assert [word.text for word in ql.words(parsed.root)] == clean
    assert "robot" in clean
