"""What a ``--json`` answer holds when stderr says more: the message of a query that
finds nothing, the format and query typed with a wrong option, the papers of a list
already in the library, and stdin named as a successful import names it."""

from __future__ import annotations

import io
import json

import pytest

from tuireader.cli import main

RECORDS = [
    {"title": "Transformer models of language", "abstract": "A transformer reads text."},
    {"title": "Attention for transformer decoders", "abstract": "Transformer layers."},
    {"title": "Graph networks for molecules", "abstract": "Graphs of atoms and bonds."},
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


@pytest.fixture
def papers(capsys, tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path, "--json")[0] == 0
    return path


def test_a_query_that_finds_nothing_says_so_in_json_as_on_stderr(capsys, papers):
    code, data, _err = run(capsys, "search", "trnasformer", "--json")
    assert code == 1 and data["hits"] == [] and data["suggestion"] == "transformer"
    assert data["message"] == "no papers match 'trnasformer' (did you mean: transformer)"
    code, data, _err = run(capsys, "search", "zzzyyyxxx", "--json")
    assert code == 1 and data["message"] == "no papers match 'zzzyyyxxx'"
    code, data, _err = run(capsys, "search", "graph", "--json")  # found: nothing to say
    assert code == 0 and data["message"] is None


def test_a_wrong_option_answers_with_the_query_and_format_typed(capsys, papers):
    code, data, _err = run(capsys, "search", "graph", "--limit", "abc", "--json")
    assert code == 2 and data["error"] == "usage" and data["query"] == "graph"
    code, data, _err = run(capsys, "cite", "someid", "--format", "bogus", "--json")
    assert code == 2 and data["error"] == "usage" and data["format"] == "bogus"
    code, data, _err = run(capsys, "cite", "someid", "--limit", "abc", "--json")
    assert code == 2 and data["format"] == "bibtex"  # the default, as the answer gives it
    code, data, _err = run(capsys, "cite", "--format", "apa", "--limit", "0", "--json")
    assert code == 2 and data["error"] == "usage" and data["format"] == "apa"


def test_a_list_already_added_says_how_many_papers_it_holds(capsys, papers):
    code, data, _err = run(capsys, "add", papers, "--json")
    assert code == 0 and [(e["status"], e["papers"]) for e in data["lists"]] == [("already", 3)]


def test_stdin_is_named_alike_when_an_import_fails(capsys, papers, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"{\n")))
    code, data, _err = run(capsys, "import", "-", "--json")
    assert code == 2 and data["error"] == "usage" and data["file"] == "stdin"
