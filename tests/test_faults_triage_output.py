"""A triage change whose saving failed (a limit on the triage file's size, ``ulimit -f``):
no script reads the papers as changed, from a file its lines went to before saving nor
from a pipe, where they wait for the change to be saved."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.test_faults_file_size import _list, _run

pytest.importorskip("resource")


def _ids(lst):
    """The ids of the list's papers, a triage file made with a mark on the first."""
    found = _run(["search", "", str(lst), "--json", "--limit", "300"], limited=False)
    ids = [hit["id"] for hit in json.loads(found.stdout)["hits"]]
    assert _run(["triage", ids[0], "--state", "keep", str(lst)], limited=False).returncode == 0
    return ids


def test_lines_written_to_a_file_are_taken_back_when_the_change_is_not_saved(tmp_path):
    # `tuireader triage … >> changed.txt` left 300 lines saying the papers were tagged,
    # and stderr said nothing was saved
    lst = _list(tmp_path)
    ids = _ids(lst)
    listing = tmp_path / "changed.txt"
    listing.write_text("earlier line\n", encoding="utf-8")
    with open(listing, "a") as out:
        done = _run(["triage", *ids, "--tag", "big", str(lst)], limited=True, stdout=out)
    assert done.returncode == 2 and "The change was not saved" in done.stderr
    assert listing.read_text(encoding="utf-8") == "earlier line\n"
    assert _run(["search", "tag:big", str(lst)], limited=False).returncode == 1


def test_lines_into_a_pipe_wait_for_the_change_to_be_saved(tmp_path):
    # they were written before the change was saved: a script read 300 papers as tagged,
    # and stderr said they were not changed
    lst = _list(tmp_path)
    ids = _ids(lst)
    done = _run(["triage", *ids, "--tag", "big", str(lst)], limited=True, stdout=subprocess.PIPE)
    assert done.returncode == 2 and done.stdout == ""
    assert "The change was not saved" in done.stderr
    assert "were not changed" not in done.stderr


@pytest.mark.parametrize(
    "change", [["triage", "--tag", "big"], ["note", "--set", "a rather long note " * 20]]
)
def test_json_into_a_pipe_says_no_after_when_the_change_is_not_saved(tmp_path, change):
    # `triage … --json | jq` printed every paper "after" the change, then the error: the
    # JSON a script read first said the papers were tagged
    lst = _list(tmp_path)
    ids = _ids(lst)
    command = [change[0], *ids, *change[1:], str(lst), "--json"]
    done = _run(command, limited=True, stdout=subprocess.PIPE)
    assert done.returncode == 2 and "The change was not saved" in done.stderr
    answer = json.loads(done.stdout)  # one JSON document: the error
    assert answer["error"] == "triage file" and answer["papers"] == []
    assert "The change was not saved" in answer["message"]
    # where it can be saved, the JSON says what the file keeps, once it keeps it
    done = _run(command, limited=False, stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    shown = _run(["show", ids[-1], str(lst), "--json"], limited=False)
    saved = json.loads(shown.stdout)
    after = answer["papers"][-1]["after"]
    if change[0] == "triage":
        assert after == {"state": saved["state"], "tags": saved["tags"]}
        assert after == {"state": "new", "tags": ["big"]}
    else:
        assert after == {"note": saved["note"]} and saved["note"].startswith("a rather long")


def test_a_change_saved_keeps_its_lines_in_the_file(tmp_path):
    lst = _list(tmp_path)
    ids = _ids(lst)
    listing = tmp_path / "changed.txt"
    with open(listing, "w") as out:
        done = _run(["triage", *ids[:3], "--tag", "big", str(lst)], limited=False, stdout=out)
    assert done.returncode == 0
    assert [line.split()[0] for line in listing.read_text().splitlines()] == ids[:3]
