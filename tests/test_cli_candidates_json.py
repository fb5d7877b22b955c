"""``copy --json`` and ``cite --json`` that give nothing because several papers fit: the
papers to pick from are a list of their own, ``candidates``, as ``show --json`` gives
them, and the ``message`` says why in words, without their lines joined into it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main

#: two CoRL 2023 papers whose list's BibTeX gives both the key zhu2023learning
CORL = Path(__file__).parent / "fixtures/identity/papercopilot_corl2023_shared_key_slice.json"
RECORDS = [
    {"title": "Counting Walruses from Space", "authors": ["Ada Lovelace"]},
    {"title": "Counting Walruses from Ships", "authors": ["Alan Turing"]},
    {"title": "Counting Walruses from Planes", "authors": ["Grace Hopper"]},
    {"title": "Sorting parcels with robot arms", "authors": ["Edsger Dijkstra"]},
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def walruses(capsys, tmp_path):
    path = tmp_path / "walruses.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    code, out, _err = run(capsys, "search", "counting walruses", "--json")
    assert code == 0
    return {hit["id"]: hit["title"] for hit in json.loads(out)["hits"]}


def _listed(err: str) -> set[str]:
    """The ids stderr lists, one a line under the line that says why."""
    return {line.split()[1] for line in err.splitlines() if line.startswith("tuireader:   ")}


def test_copy_json_gives_the_papers_that_match_alike_as_candidates(capsys, walruses, over_ssh):
    code, out, err = run(capsys, "copy", "counting walruses", "--json")
    assert code == 1 and over_ssh == []
    data = json.loads(out)
    assert data["error"] == "not copied" and data["id"] is None
    assert {c["id"]: c["title"] for c in data["candidates"]} == walruses
    assert all(c["title_text"] and c["lists"] == ["walruses"] for c in data["candidates"])
    assert _listed(err) == set(walruses)  # stderr lists them as before
    message = data["message"]
    assert "3 papers match 'counting walruses' about equally well; nothing copied" in message
    assert not any(paper_id in message for paper_id in walruses)
    assert "Counting Walruses from" not in message and not message.endswith(":")


def test_copy_json_of_one_paper_found_or_none_lists_no_candidates(capsys, walruses, over_ssh):
    code, out, _err = run(capsys, "copy", "zebras on ice", "--json")
    data = json.loads(out)
    assert code == 1 and data["candidates"] == []
    assert data["message"] == "no papers match 'zebras on ice'"
    code, out, _err = run(capsys, "copy", "parcels", "--cite", "apa", "--json")
    assert code == 0 and "candidates" not in json.loads(out)


@pytest.mark.parametrize(("command", "error"), [("cite", "not found"), ("copy", "not copied")])
def test_a_key_two_papers_share_gives_both_as_candidates(capsys, over_ssh, command, error):
    code, out, err = run(capsys, command, "zhu2023learning", CORL, "--json")
    data = json.loads(out)
    assert code == 1 and data["error"] == error and over_ssh == []
    titles = {c["title"] for c in data["candidates"]}
    assert len(titles) == 2 and all(t.startswith("Learning ") for t in titles)
    assert {c["id"] for c in data["candidates"]} == _listed(err)
    assert data["message"].startswith(
        "2 papers have the key 'zhu2023learning' in their lists; give one of their ids; nothing"
    )
    assert not any(c["id"] in data["message"] for c in data["candidates"])


@pytest.mark.parametrize("command", ["cite", "copy"])
def test_help_names_the_candidates_field(capsys, command):
    code, out, _err = run(capsys, command, "--help")
    assert code == 0
    out = " ".join(out.split())
    assert "the candidates to pick from by id (id, title, title_text, lists" in out
