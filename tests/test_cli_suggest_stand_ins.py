"""A "did you mean" never holds a character that stands for one lost on the way (U+FFFD,
the lone surrogate a byte that is not UTF-8 reaches the command line as) or a control
character: the search itself offers none for such a query, and a tab or a line break
typed with the words is a space in what it offers."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {"title": "Car detection at night", "abstract": "A car seen by cameras."},
    {"title": "Self-driving car planning", "abstract": "Planning for the car ahead."},
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def cars(capsys, tmp_path):
    path = tmp_path / "cars.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    return path


def _suggestion(capsys, query: str) -> str | None:
    code, out, _err = run(capsys, "search", query, "--json")
    assert code == 1
    return json.loads(out)["suggestion"]


def test_a_slip_is_mended_into_a_word_of_the_papers(capsys, cars):
    assert _suggestion(capsys, "cor") == "car"


#: "cor" and a Latin-1 byte as an argument reaches the command line
NOT_UTF8 = b"cor\xe9".decode("utf-8", "surrogateescape")


@pytest.mark.parametrize("query", ["cor\ufffd", "cor \ufffd", NOT_UTF8, "cor\ufffc"])
def test_a_query_holding_a_stand_in_gets_no_suggestion_holding_it(capsys, cars, query):
    assert _suggestion(capsys, query) is None
    code, out, err = run(capsys, "search", query)
    assert code == 1 and out == ""
    assert "did you mean" not in err


@pytest.mark.parametrize("query", ["cor\tnight", "cor\nnight", "cor\r\nnight"])
def test_a_tab_or_line_break_among_the_words_is_a_space_in_the_suggestion(capsys, cars, query):
    suggestion = _suggestion(capsys, query)
    assert suggestion is not None and suggestion.split() == ["car", "night"]
    assert suggestion.isprintable()
    code, _out, err = run(capsys, "search", query)
    assert code == 1 and f"did you mean: {suggestion}" in err
