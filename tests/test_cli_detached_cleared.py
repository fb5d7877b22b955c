"""``triage ID --state new`` on a detached mark clears it, as the README says.

A mark whose paper left the lists is kept detached (``search is:detached``); set back to
new it was left with its tags and note, still detached. It is cleared whole now (state,
tags and note), as one undo step that brings it all back.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main

GONE = """@inproceedings{lee2023gone,
  title = {A Paper That Leaves the List},
  author = {Lee, Ann},
  year = {2023},
  abstract = {This paper is in the first scrape of the list and not in the second one.}
}
"""
STAYS = """@inproceedings{diaz2023stays,
  title = {A Paper That Stays},
  author = {Diaz, Cara},
  year = {2023},
  abstract = {This paper is in both scrapes of the list, and keeps its key between them.}
}
"""


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def detached(capsys, tmp_path: Path) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    """A list whose first paper is kept, tagged and noted, then read without it."""
    lst = tmp_path / "list.bib"
    lst.write_text(GONE + STAYS, encoding="utf-8")
    code, out, _ = run(capsys, "search", "leaves", "--json", lst)
    (paper_id,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", paper_id, "--state", "keep", "--tag", "rl", lst)[0] == 0
    assert run(capsys, "note", paper_id, "--set", "read it again", lst)[0] == 0
    lst.write_text(STAYS, encoding="utf-8")
    code, out, _ = run(capsys, "search", "is:detached", lst)
    assert code == 0 and paper_id in out
    return lst, paper_id


def test_state_new_clears_a_detached_mark_whole(capsys, tmp_path):
    lst, paper_id = detached(capsys, tmp_path)
    code, out, err = run(capsys, "triage", paper_id, "--state", "new", lst)
    assert code == 0
    assert paper_id in out
    assert "detached mark cleared (state, tags and note)" in err
    assert "3 changes" in err
    code, out, _ = run(capsys, "search", "is:detached", lst)
    assert code == 1 and out == ""
    # one undo step brings it all back
    assert run(capsys, "undo")[0] == 0
    code, out, _ = run(capsys, "search", "is:detached", "--json", lst)
    assert code == 0
    (mark,) = json.loads(out)["detached"]
    assert (mark["state"], mark["tags"], mark["note"]) == ("kept", ["rl"], "read it again")


def test_with_json_the_count_and_the_tags_are_those_saved(capsys, tmp_path):
    # --json said "changes": 1 and the tags kept, where stderr said 3 changes
    lst, paper_id = detached(capsys, tmp_path)
    code, out, err = run(capsys, "triage", paper_id, "--state", "new", "--json", lst)
    assert code == 0 and "3 changes" in err
    answer = json.loads(out)
    assert answer["changes"] == 3
    (paper,) = answer["papers"]
    assert paper["before"] == {"state": "kept", "tags": ["rl"]}
    assert paper["after"] == {"state": "new", "tags": []}


def test_a_tag_given_with_it_keeps_the_mark(capsys, tmp_path):
    lst, paper_id = detached(capsys, tmp_path)
    code, _, err = run(capsys, "triage", paper_id, "--state", "new", "--tag", "later", lst)
    assert code == 0 and "cleared" not in err
    code, out, _ = run(capsys, "search", "is:detached", "--json", lst)
    (mark,) = json.loads(out)["detached"]
    assert (mark["state"], mark["tags"], mark["note"]) == ("new", ["later", "rl"], "read it again")


def test_a_paper_of_the_lists_set_back_to_new_keeps_its_tags_and_note(capsys, tmp_path):
    lst, _paper_id = detached(capsys, tmp_path)
    code, out, _ = run(capsys, "search", "stays", "--json", lst)
    (stays,) = [hit["id"] for hit in json.loads(out)["hits"]]
    assert run(capsys, "triage", stays, "--state", "keep", "--tag", "x", lst)[0] == 0
    assert run(capsys, "triage", stays, "--state", "new", lst)[0] == 0
    code, out, _ = run(capsys, "show", stays, "--json", lst)
    assert code == 0
    shown = json.loads(out)
    assert (shown["state"], shown["tags"]) == ("new", ["x"])
