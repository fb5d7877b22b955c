"""One exit-code rule for every command given several things: it does what it can and
ends with the worst code met (0 success, 1 nothing found or done, 2 a usage or input
error), as grep does. The commands that read answer for the rest; triage, note and remove
change nothing unless every id or name is found; add adds the lists it can read.

``import`` of a bibliography (a list of papers, not an export) ended with 2 and "not a
tuireader export" while its help gave 1 to a bibliography, and a CSL-JSON one did give 1;
the help did not give the rule, nor say that triage changes nothing when one id is wrong."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def library(tmp_path, capsys):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    assert run(capsys, "add", mine)[0] == 0
    code, out, err = run(capsys, "search", "privacy", "--json")
    assert code == 0, err
    return mine, json.loads(out)["hits"][0]["id"]


def _triage(capsys, paper_id: str) -> dict:
    code, out, err = run(capsys, "show", paper_id, "--json")
    assert code == 0, err
    return json.loads(out)


# -- import: a bibliography is a file with no marks (1), as a CSL-JSON one is ----------

BIBLIOGRAPHIES = {
    "bib.bib": "@article{turing50, title={Computing Machinery and Intelligence},\n"
    " author={Turing, Alan}, journal={Mind}, year={1950}, keywords={ai}}\n",
    "list.json": '[{"title": "A list", "abstract": "Not an export."}]',
    "table.csv": "id,title\n1,Computing Machinery and Intelligence\n",
    "list.jsonl": '{"title": "Computing Machinery and Intelligence", "year": 1950}\n',
}


@pytest.mark.parametrize("name", sorted(BIBLIOGRAPHIES))
def test_import_of_a_bibliography_finds_no_marks_and_ends_with_1(tmp_path, capsys, name):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    bib = tmp_path / name
    bib.write_text(BIBLIOGRAPHIES[name], encoding="utf-8")
    data = tmp_path / "data"
    code, out, err = run(capsys, "import", bib, mine, "--data-dir", data)
    assert code == 1, err
    assert out == ""
    assert "holds no triage to import" in err and "tuireader add reads it as a list" in err
    assert "nothing taken up" in err
    assert "a list of 1 entry (a bibliography?)" in err  # its entries, as read
    assert not (data / "triage.sqlite3").exists()
    code, out, err = run(capsys, "import", bib, mine, "--data-dir", data, "--json")
    answer = json.loads(out)
    assert code == 1 and answer["error"] == "no triage" and answer["changes"] == 0
    assert "holds no triage to import" in answer["message"]


def test_import_of_what_is_no_list_at_all_still_ends_with_2(tmp_path, capsys):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    text = tmp_path / "notes.json"
    text.write_text("Some words\n\nthat are no list\n", encoding="utf-8")
    code, out, err = run(capsys, "import", text, mine, "--data-dir", tmp_path / "data")
    assert code == 2 and out == "" and "not a tuireader export" in err


def test_import_help_gives_1_to_a_bibliography(capsys):
    assert main(["import", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "Exit code 1 when the file carries no marks (a bibliography or list of papers" in said
    assert "2 when it is no export nor list" in said


# -- the help gives the rule ----------------------------------------------------------


def test_the_help_gives_the_rule_for_several_things(capsys):
    assert main(["--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "ends with the worst code met, as grep does" in said
    assert "an id, list: or tag: that names nothing" in said
    assert "a value is:, has: or sort: does not take" in said
    assert "triage, note and remove change nothing unless every id or name given is found" in said
    assert "a file import finds no marks in" in said


def test_triage_help_says_it_is_all_or_nothing(capsys):
    assert main(["triage", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "The change is all or nothing: an id that names no paper" in said
    assert "nothing changes and the exit code is 1" in said


# -- each command, given a good thing and a bad one -----------------------------------


def test_cite_cites_the_good_id_and_ends_with_1(library, capsys):
    _mine, paper_id = library
    code, out, err = run(capsys, "cite", paper_id, "nope")
    assert code == 1 and "Privacy Amplification" in out and "'nope'" in err


def test_search_answers_with_the_readable_list_and_ends_with_2(library, tmp_path, capsys):
    mine, _paper_id = library
    code, out, err = run(capsys, "search", "privacy", mine, tmp_path / "gone.jsonl")
    assert code == 2 and "Privacy Amplification" in out and "no such file" in err


def test_show_answers_with_the_readable_list_and_ends_with_2(library, tmp_path, capsys):
    mine, paper_id = library
    code, out, _err = run(capsys, "show", paper_id, mine, tmp_path / "gone.jsonl")
    assert code == 2 and "Privacy Amplification" in out


def test_triage_with_an_unknown_id_changes_nothing_and_ends_with_1(library, capsys):
    _mine, paper_id = library
    code, _out, err = run(capsys, "triage", paper_id, "nope", "--state", "keep")
    assert code == 1 and "'nope'" in err
    assert _triage(capsys, paper_id)["state"] == "new"


def test_note_with_an_unknown_id_changes_nothing_and_ends_with_1(library, capsys):
    _mine, paper_id = library
    code, _out, _err = run(capsys, "note", paper_id, "nope", "--set", "read it")
    assert code == 1
    assert _triage(capsys, paper_id)["note"] == ""


def test_remove_with_an_unknown_name_removes_nothing_and_ends_with_1(library, capsys):
    _mine, _paper_id = library
    code, _out, err = run(capsys, "remove", "mine", "nope")
    assert code == 1 and "nothing removed" in err
    assert "mine" in run(capsys, "lists")[1]


def test_add_adds_the_readable_list_and_ends_with_2(tmp_path, capsys):
    mine = write_jsonl(tmp_path / "mine.jsonl", RECORDS)
    code, _out, err = run(capsys, "add", mine, tmp_path / "gone.jsonl")
    assert code == 2 and "gone.jsonl" in err
    assert "mine" in run(capsys, "lists")[1]


@pytest.mark.parametrize(
    ("query", "expected"),
    [("list:nope", 1), ("tag:nope", 1), ("is:bogus", 2), ("has:bogus", 2), ("sort:bogus", 2)],
)
def test_a_query_naming_nothing_gives_1_and_one_malformed_2(library, capsys, query, expected):
    code, out, _err = run(capsys, "search", query)
    assert code == expected and out == ""
