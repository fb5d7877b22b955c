"""A triage file that cannot be read or written is said in a ``--json`` answer as
``"error": "triage file"``, not as a usage error: nothing typed was wrong. Exit code 2."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.system.paths import resolve


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lst(tmp_path):
    return write_jsonl(tmp_path / "mine.jsonl", RECORDS)


@pytest.fixture
def exported(capsys, lst, tmp_path):
    """An export of the list with a kept paper, to import."""
    code, out, _ = run(capsys, "search", "bayesian", lst, "--json")
    assert code == 0
    paper_id = json.loads(out)["hits"][0]["id"]
    assert run(capsys, "triage", paper_id, lst, "--state", "keep")[0] == 0
    target = tmp_path / "export.json"
    assert run(capsys, "export", "--format", "json", "-o", target, lst)[0] == 0
    return target


def _damaged(db):
    db.write_bytes(b"this is not a database at all\n" * 10)


def _not_a_file(db):
    db.unlink()
    db.mkdir()


@pytest.mark.parametrize("damage", [_damaged, _not_a_file])
def test_an_export_and_an_import_say_the_triage_file_is_at_fault(capsys, lst, exported, damage):
    # both said "error": "usage", as if the command had been mistyped
    db = resolve().state_db
    damage(db)
    for argv in (("export", "--format", "json", lst), ("import", exported, "--json")):
        code, out, err = run(capsys, *argv)
        answer = json.loads(out)
        assert code == 2, argv
        assert answer["error"] == "triage file", argv
        assert answer["message"] in err and str(db) in answer["message"]


def test_a_usage_error_beside_a_damaged_triage_file_is_still_one(capsys, lst, exported):
    _damaged(resolve().state_db)
    code, out, _ = run(capsys, "export", "--format", "json", "--query", "is:kep", lst)
    assert code == 2 and json.loads(out)["error"] == "usage"
    notes = lst.parent / "notes.json"
    notes.write_text("Some words, no list\n", encoding="utf-8")
    code, out, _ = run(capsys, "import", notes, "--json")  # not an export: the file given
    assert code == 2 and json.loads(out)["error"] == "usage"
