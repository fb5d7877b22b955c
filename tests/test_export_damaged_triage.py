"""An export never gives the marks of a damaged triage file as none: it refuses, names
``tuireader recover``, and writes nothing; recovered, the export gives what was read."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.system.paths import resolve


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def kept(capsys, tmp_path):
    """A list with one paper kept, tagged and noted: its path and the paper's id."""
    records = [r | {"url": f"https://example.org/paper/{n}"} for n, r in enumerate(RECORDS)]
    path = write_jsonl(tmp_path / "mine.jsonl", records)
    _code, out, _err = _run(capsys, "search", "--json", "privacy", str(path))
    paper_id = json.loads(out)["hits"][0]["id"]
    assert main(["triage", paper_id, "--state", "keep", "--tag", "survey", str(path)]) == 0
    assert main(["note", paper_id, "--set", "read it again", str(path)]) == 0
    capsys.readouterr()
    return path, paper_id


def _cut_short(db):
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def _not_a_database(db):
    db.write_bytes(b"this is not a database at all\n" * 10)


@pytest.mark.parametrize("damage", [_cut_short, _not_a_database])
@pytest.mark.parametrize("fmt", ["bibtex", "markdown", "csv", "json"])
def test_an_export_refuses_a_damaged_triage_file_and_names_recover(
    capsys, tmp_path, kept, damage, fmt
):
    # every paper was written "new" (the kept one too) with exit 0: the user's decisions
    # vanished from the export without a word in it
    path, _paper_id = kept
    db = resolve().state_db
    damage(db)
    before = db.read_bytes()
    target = tmp_path / "out.txt"
    code, out, err = _run(capsys, "export", "--format", fmt, "-o", str(target), str(path))
    assert code == 2 and out == ""
    assert "tuireader recover" in err and "nothing was written" in err, err
    assert not target.exists()
    code, out, err = _run(capsys, "export", "--format", fmt, str(path))
    assert code == 2 and "tuireader recover" in err
    # to stdout, JSON says the failure as JSON; the other formats print nothing
    assert (json.loads(out)["error"] == "triage file") if fmt == "json" else out == ""
    assert db.read_bytes() == before  # left as it was, for recover


def test_once_recovered_the_export_gives_the_marks_read(capsys, kept):
    path, paper_id = kept
    db = resolve().state_db
    _cut_short(db)
    assert main(["recover"]) == 0
    capsys.readouterr()
    code, out, _err = _run(capsys, "export", "--format", "json", str(path))
    assert code == 0
    [paper] = [p for p in json.loads(out) if p["id"] == paper_id]
    assert paper["state"] == "kept"


def test_an_export_of_links_carries_no_triage_and_is_written(capsys, tmp_path, kept):
    path, _paper_id = kept
    _not_a_database(resolve().state_db)
    code, out, err = _run(capsys, "export", "--format", "urls", str(path))
    assert code == 0 and out.startswith("https://example.org/paper/"), err


def test_a_sound_triage_file_is_exported_as_it_is(capsys, kept):
    path, paper_id = kept
    code, out, _err = _run(capsys, "export", "--format", "csv", str(path))
    assert code == 0
    assert f"{paper_id}," in out and ",kept,survey,read it again," in out


def test_a_triage_file_on_a_disk_not_mounted_is_refused(capsys, tmp_path, kept):
    # the link's folder is not there: every paper was written "new", with exit 0
    path, _paper_id = kept
    db = resolve().state_db
    db.rename(tmp_path / "elsewhere.sqlite3")
    db.symlink_to(tmp_path / "not-mounted" / "triage.sqlite3")
    target = tmp_path / "out.csv"
    code, out, err = _run(capsys, "export", "--format", "csv", "-o", str(target), str(path))
    assert code == 2 and out == "" and not target.exists()
    assert "not mounted" in err and "nothing was written" in err
