"""A query's term of LaTeX markup alone is said, never searched as another word.

Of ICML 2024, ``\\mathcal`` found no paper and said nothing, though 157 abstracts write
it; ``O(\\sqrt`` said only "closed an unbalanced '('"; ``sqrt`` suggested "srt"; and
the command line said ``'\\\\mathcal'``, its backslash doubled. A command the reader
shows as what it writes (``\\mathcal{L}`` is "ℒ", ``\\sqrt{d}`` "√d") is no word of the
papers: alone, with nothing of what it writes, it is said to be markup; the LaTeX of a
query is read as the index reads the abstracts' (``\\mathcal{L}_1`` finds what ``l1``
finds, ``\\alpha`` what ``α`` finds).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from corpus_util import write_jsonl

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.search import query as ql
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

FIXTURE = Path(__file__).parent / "fixtures" / "queries" / "latex_math_letters.jsonl"
#: a paper whose word is a slip away from "sqrt"
SRT = {
    "title": "SRT: Subtitles Read Together",
    "abstract": "We align SRT subtitle files with speech.",
    "authors": ["D. Writer"],
}
SAID = "LaTeX markup: search the words or symbols it writes"


def _said(text: str) -> str:
    return f"“{text}” is {SAID}"


@pytest.mark.parametrize(
    "query", ["\\mathcal", "\\sqrt", "\\frac", "$\\mathcal$", "\\mathcal{}", '"\\sqrt"']
)
def test_markup_alone_is_said_and_not_searched(query):
    parsed = ql.parse(query)
    assert parsed.root is None
    assert list(parsed.problems) == [_said(query)]


def test_markup_among_words_is_said_and_the_words_searched():
    parsed = ql.parse("O(\\sqrt")
    assert parsed.root == ql.Term("O")
    assert _said("\\sqrt") in parsed.problems
    # as typed live, the word before the markup is no word being typed ("O" is no "On…")
    assert ql.parse("O(\\sqrt", prefix=True).root == ql.Term("O")
    assert ql.parse("regret \\mathcal", prefix=True).root == ql.Term("regret")
    parsed = ql.parse("\\mathcal regret")
    assert parsed.root == ql.Term("regret")
    assert list(parsed.problems) == [_said("\\mathcal")]
    parsed = ql.parse("title:\\sqrt")
    assert list(parsed.problems) == [_said("title:\\sqrt")]


@pytest.mark.parametrize(
    "query", ["\\mathcal{L}_1", "$\\mathcal{L}_1$", "\\alpha", "$\\ell_0$", "\\log", "\\cla"]
)
def test_latex_that_writes_something_is_no_markup(query):
    parsed = ql.parse(query)
    assert parsed.root is not None
    assert not any(SAID in problem for problem in parsed.problems)


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lists")
    shutil.copy(FIXTURE, folder / "latex_math_letters.jsonl")
    write_jsonl(folder / "srt.jsonl", [SRT])
    indexed = open_engine(load_library([folder]), resolve(tmp_path_factory.mktemp("data")))
    assert indexed.status != "no index: plain text scan"
    yield indexed
    indexed.close()


def _titles(engine, query: str) -> set[str]:
    return {hit.paper.title for hit in engine.search(query, limit=None).hits}


def test_latex_of_a_query_folds_as_the_abstracts_do(engine):
    assert _titles(engine, "\\mathcal{L}_1") == _titles(engine, "l1") != set()
    assert _titles(engine, "\\alpha") == _titles(engine, "α")


@pytest.mark.parametrize("query", ["sqrt", "mathcal"])
def test_a_command_name_finding_nothing_is_said_as_markup_not_corrected(engine, query):
    result = engine.search(query)
    assert result.total == 0
    assert result.suggestion is None  # "sqrt" was "srt"
    assert result.message is not None and _said(query) in result.message


def test_a_slip_is_still_corrected(engine):
    assert engine.search("subtitels").suggestion == "subtitles"


def test_the_command_line_says_markup_as_typed(capsys, tmp_path):
    source = tmp_path / "latex_math_letters.jsonl"
    shutil.copy(FIXTURE, source)
    srt = write_jsonl(tmp_path / "srt.jsonl", [SRT])
    data = str(tmp_path / "data")

    def search(query: str) -> str:
        main(["search", query, "--data-dir", data, str(source), str(srt)])
        return capsys.readouterr().err

    err = search("\\mathcal")
    assert f"tuireader: {_said(chr(92) + 'mathcal')}\n" in err
    assert "\\\\" not in err
    err = search("sqrt")
    assert f"tuireader: {_said('sqrt')}\n" in err and "did you mean" not in err
    err = search("\\mathcal{Q}_9 zebra")
    assert "no papers match '\\mathcal{Q}_9 zebra'" in err
    assert "\\\\" not in err
