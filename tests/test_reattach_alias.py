"""A list that names a marked paper by its former id (an export's id column read back):
the marks show on its paper there, and never on a paper with marks of its own."""

from __future__ import annotations

import json

from tuireader.cli import main

#: a paper of the built-in seed lists, whose CSV export is read back under another id
SEED = "p6rgghkt"


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def hit(capsys, *argv):  # type: ignore[no-untyped-def]
    """The search hit that is the seed paper (by its id or as an alias)."""
    code, out, _err = run(capsys, "search", "", *argv, "--json")
    assert code == 0
    (found,) = [h for h in json.loads(out)["hits"] if SEED in (h["id"], *h.get("aliases", ()))]
    return found


def test_marks_show_on_a_csv_export_read_back_as_a_list(capsys, tmp_path):
    # the export's paper came back as another id with the marked one as its alias:
    # show and note found it, but its state was "new" and its tags gone
    assert run(capsys, "triage", SEED, "--state", "keep", "--tag", "agi")[0] == 0
    exported = tmp_path / "s.csv"
    assert run(capsys, "export", "--format", "csv", "-o", exported)[0] == 0
    found = hit(capsys, exported)
    assert found["id"] != SEED and SEED in found["aliases"]
    assert found["state"] == "kept" and found["tags"] == ["agi"]
    # and the seed lists, read again, still show them
    again = hit(capsys)
    assert again["state"] == "kept" and again["tags"] == ["agi"]


def test_a_paper_with_marks_of_its_own_does_not_take_the_marks_of_its_alias(capsys, tmp_path):
    run(capsys, "export", "--format", "csv", "-o", tmp_path / "s.csv")
    exported = tmp_path / "s.csv"
    own = hit(capsys, exported)["id"]
    assert run(capsys, "triage", own, exported, "--state", "skip")[0] == 0
    assert run(capsys, "triage", SEED, "--state", "keep")[0] == 0
    found = hit(capsys, exported)
    assert found["id"] == own and found["state"] == "skip"
    assert hit(capsys)["state"] == "kept"


def test_marks_show_on_an_export_read_before_they_were_made(capsys, tmp_path):
    # read from the cache, the export's papers are looked up one by one: the paper
    # holding the marked id as an alias was not among those looked at
    exported = tmp_path / "s.csv"
    assert run(capsys, "export", "--format", "csv", "-o", exported)[0] == 0
    assert hit(capsys, exported)["state"] == "new"
    assert run(capsys, "triage", SEED, "--state", "keep")[0] == 0
    assert hit(capsys, exported)["state"] == "kept"
