"""A command that found its paper and then could not do what was asked says which paper
with ``--json``, as stderr does: ``copy ID --link 9`` of a paper with fewer links."""

from __future__ import annotations

import json

from tuireader.cli import main

IGSG_ID = "fhg466ju"  # the seeds' "Attack-free Evaluating ..." paper


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_of_a_link_the_paper_lacks_names_the_paper(capsys):
    code, out, err = run(capsys, "copy", IGSG_ID, "--link", "99", "--json")
    assert code == 1 and f"{IGSG_ID} has no link 99" in err
    data = json.loads(out)
    assert data["error"] == "not copied" and data["text"] is None
    assert data["id"] == IGSG_ID and data["title"]
    assert f"{IGSG_ID} has no link 99" in data["message"]


def test_copy_of_no_paper_still_has_no_id(capsys):
    code, out, _err = run(capsys, "copy", "zzzzzzzz", "--json")
    assert code == 1
    assert json.loads(out)["id"] is None


def test_cite_of_papers_without_a_url_names_them(capsys, tmp_path):
    lst = tmp_path / "nolink.jsonl"
    lst.write_text(
        json.dumps({"title": "A paper with no page at all", "authors": ["Ann Bee"]}) + "\n",
        encoding="utf-8",
    )
    code, out, _err = run(capsys, "search", "paper", lst, "--json")
    paper = json.loads(out)["hits"][0]["id"]
    code, out, err = run(capsys, "cite", paper, lst, "--format", "url", "--json")
    assert code == 1 and "none of these papers has a URL of its own" in err
    data = json.loads(out)
    assert data["error"] == "not found" and data["text"] == ""
    assert [citation["id"] for citation in data["citations"]] == [paper]
    assert data["citations"][0]["text"] == ""
