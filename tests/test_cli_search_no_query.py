"""``tuireader search --sort fit --json | head``: a search without a query is every paper,
as ``search ''`` and the reader's empty search box give them (``sort:fit`` alone ranks the
whole library there), not a usage error asking for a query."""

from __future__ import annotations

import json

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_search_without_a_query_gives_every_paper_as_an_empty_one_does(capsys):
    for sort in ("fit", "list", "relevance"):
        code, out, err = run(capsys, "search", "--sort", sort, "--json", "--limit", "5")
        assert code == 0, err
        data = json.loads(out)
        code, empty, _ = run(capsys, "search", "", "--sort", sort, "--json", "--limit", "5")
        assert code == 0 and data == json.loads(empty)
        assert data["query"] == "" and len(data["hits"]) == 5 and data["total"] > 5
    code, out, err = run(capsys, "search", "--limit", "3")
    assert code == 0 and len(out.splitlines()) == 3


def test_the_help_says_a_search_without_a_query_is_every_paper(capsys):
    assert main(["search", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "[query] [LIST ...]" in text and "none (or ''): every paper" in text
