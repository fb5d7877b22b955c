"""``cite --json`` and ``copy --json``: a script reads each paper's citation, and what was
copied and which way it went, as JSON on stdout; nothing cited or copied is JSON too."""

from __future__ import annotations

import json

from tuireader.cli import main

IGSG = "https://github.com/YujunZhou/IGSG"
IGSG_ID = "fhg466ju"  # the seeds' "Attack-free Evaluating ..." paper


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _ids(capsys, query):
    _code, out, _ = run(capsys, "search", query, "--json", "--limit", "2")
    return [hit["id"] for hit in json.loads(out)["hits"]]


def test_cite_json_gives_each_citation_and_the_text(capsys):
    ids = _ids(capsys, "attack")
    assert len(ids) == 2
    code, text, err = run(capsys, "cite", *ids, "--format", "apa")
    assert code == 0, err
    code, out, err = run(capsys, "cite", *ids, "--format", "apa", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "apa" and data["text"] + "\n" == text
    assert [citation["id"] for citation in data["citations"]] == ids
    assert all(citation["text"] in text and citation["key"] for citation in data["citations"])
    code, out, _ = run(capsys, "cite", *ids, "--json")  # bibtex: each entry by its key
    data = json.loads(out)
    for citation in data["citations"]:
        assert citation["text"].startswith("@") and citation["key"] in citation["text"]
        assert isinstance(citation["warnings"], list)


def test_cite_json_of_an_id_that_names_no_paper_says_so(capsys):
    code, out, err = run(capsys, "cite", "zzzzzz", "--json")
    assert code == 1 and "no paper with id 'zzzzzz'" in err
    data = json.loads(out)
    assert data["error"] == "not found" and data["citations"] == []
    assert "no paper with id 'zzzzzz'" in data["message"] and "nothing printed" in data["message"]
    code, out, err = run(capsys, "cite", "--json")
    assert code == 2 and json.loads(out)["error"] == "usage"


def test_copy_json_says_what_went_and_which_way(capsys, over_ssh):
    code, out, err = run(capsys, "copy", "igsg", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert over_ssh == [IGSG]
    assert (data["id"], data["text"], data["what"]) == (IGSG_ID, IGSG, "code link")
    assert data["carriers"] == ["osc52"] and data["confirmed"] is False
    assert {"route": "osc52", "ok": True} in [
        {"route": r["route"], "ok": r["ok"]} for r in data["routes"]
    ]
    assert data["message"] == "Sent code link to the terminal (OSC 52)"
    assert data["message"] in err and data["hint"]


def test_copy_json_when_nothing_is_copied_says_why(capsys, over_ssh):
    code, out, err = run(capsys, "copy", IGSG_ID, "--link", "9", "--json")
    assert code == 1 and over_ssh == [] and "has no link 9" in err
    data = json.loads(out)
    assert data["error"] == "not copied" and "has no link 9" in data["message"]
    code, out, _err = run(capsys, "copy", "zzzzqqqq", "--json")
    assert code == 1 and json.loads(out)["error"] == "not copied" and over_ssh == []
