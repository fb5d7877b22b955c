"""``cite A missing B >> refs.bib``: an id that names no paper is said on stderr and left
out, the papers the other ids name are cited all the same, in their order, and the exit
code is 1 (as ``cat a missing b`` prints a and b); ``--json`` gives them with the error."""

from __future__ import annotations

import json

from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _ids(capsys, source, *queries):
    ids = []
    for query in queries:
        code, out, _ = run(capsys, "search", query, source, "--json", "--limit", "1")
        assert code == 0, query
        ids.append(json.loads(out)["hits"][0]["id"])
    return ids


def test_cite_prints_the_papers_found_and_says_the_id_that_names_none(capsys, tmp_path):
    source = write_jsonl(tmp_path / "papers.jsonl", RECORDS)
    first, second = _ids(capsys, source, "molecules", "subsampling")
    code, both, _ = run(capsys, "cite", second, first, source, "--format", "apa")
    assert code == 0
    code, out, err = run(capsys, "cite", second, "nosuchid", first, source, "--format", "apa")
    assert code == 1
    assert out == both  # the two found, in the order given
    assert out.index("Privacy Amplification") < out.index("Graph Neural Networks")
    assert "no paper with id 'nosuchid'" in err and "cited the other 2 papers" in err
    assert "nothing printed" not in err
    # each id names no paper: nothing printed, as before
    code, out, err = run(capsys, "cite", "nosuchid", "zzzzzzzz", source)
    assert (code, out) == (1, "")
    assert "no paper with id 'nosuchid', 'zzzzzzzz'; nothing printed" in err


def test_cite_json_gives_the_citations_made_with_the_error(capsys, tmp_path):
    source = write_jsonl(tmp_path / "papers.jsonl", RECORDS)
    first, second = _ids(capsys, source, "molecules", "subsampling")
    code, out, _ = run(capsys, "cite", first, second, source, "--json")
    whole = json.loads(out)
    code, out, _err = run(capsys, "cite", first, "nosuchid", second, source, "--json")
    assert code == 1
    data = json.loads(out)  # one document
    assert data["citations"] == whole["citations"] and data["text"] == whole["text"]
    assert data["error"] == "not found" and data["format"] == "bibtex"
    assert "no paper with id 'nosuchid'" in data["message"]
    assert data["candidates"] == [] and data["problems"] == []


def test_cite_an_id_that_names_several_papers_is_left_out_too(capsys, tmp_path):
    # 40 papers: two of their ids begin with the same letter, which names both
    source = write_jsonl(tmp_path / "papers.jsonl", many_records(40))
    code, out, _ = run(capsys, "search", "", source, "--json", "--limit", "100")
    ids = [hit["id"] for hit in json.loads(out)["hits"]]
    assert len(ids) == 40
    prefix = next(i[0] for i in ids if sum(j[0] == i[0] for j in ids) > 1)
    found = next(i for i in ids if i[0] != prefix)
    code, out, err = run(capsys, "cite", found, prefix, source, "--format", "apa")
    assert code == 1 and out.count("study number") == 1
    assert f"id {prefix!r} is the beginning of" in err
    assert "tuireader: cited the other paper\n" in err
