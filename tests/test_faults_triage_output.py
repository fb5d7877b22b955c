"""A triage change whose lines went to stdout before it was saved, and whose saving then
failed (a limit on the triage file's size, ``ulimit -f``): no script reads the papers as
changed."""

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


def test_lines_gone_into_a_pipe_are_said_not_to_be_changed(tmp_path):
    lst = _list(tmp_path)
    ids = _ids(lst)
    done = _run(["triage", *ids, "--tag", "big", str(lst)], limited=True, stdout=subprocess.PIPE)
    assert done.returncode == 2 and len(done.stdout.splitlines()) == 300
    assert "The change was not saved" in done.stderr
    assert "The papers listed on stdout were not changed." in done.stderr


def test_a_change_saved_keeps_its_lines_in_the_file(tmp_path):
    lst = _list(tmp_path)
    ids = _ids(lst)
    listing = tmp_path / "changed.txt"
    with open(listing, "w") as out:
        done = _run(["triage", *ids[:3], "--tag", "big", str(lst)], limited=False, stdout=out)
    assert done.returncode == 0
    assert [line.split()[0] for line in listing.read_text().splitlines()] == ids[:3]
