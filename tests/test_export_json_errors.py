"""An export written as JSON to stdout says a failure as JSON there too, as the commands
with ``--json`` do: a script reading it was handed nothing at all."""

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
def lst(tmp_path):
    return str(write_jsonl(tmp_path / "mine.jsonl", RECORDS))


def test_a_list_that_cannot_be_read_is_said_as_json(capsys, tmp_path):
    missing = str(tmp_path / "gone.jsonl")
    code, out, err = _run(capsys, "export", "--format", "json", missing)
    assert code == 2 and "no such file" in err
    data = json.loads(out)
    assert data["error"] == "no papers" and "no such file" in data["message"]
    assert [p["path"] for p in data["problems"]] == [missing]


def test_a_query_that_cannot_be_run_is_said_as_json(capsys, lst):
    code, out, err = _run(capsys, "export", "--format", "json", "--query", "is:kep", lst)
    assert code == 2 and "is:kep" in err
    data = json.loads(out)
    message = err.strip().removeprefix("tuireader: ")
    assert data == {"query": "is:kep", "error": "usage", "message": message, "problems": []}


@pytest.mark.parametrize(
    "argv",
    [
        ["--format", "json", "--bogus"],
        ["--format=json", "--query"],
        ["--form", "json", "-o", "-", "--bogus"],
        ["--json", "--format", "csv", "-o", "out.csv", "--bogus"],
    ],
)
def test_an_option_that_cannot_be_read_is_said_as_json(capsys, lst, argv):
    code, out, err = _run(capsys, "export", lst, *argv)
    assert code == 2 and "error:" in err
    data = json.loads(out)
    assert data["error"] == "usage" and data["message"] in err


@pytest.mark.parametrize("argv", [["--json", "--format", "json"], ["--format", "csv", "--json"]])
def test_json_asked_of_export_to_stdout_says_which_option_gives_it(capsys, lst, argv):
    # --json says what was written to a file; the export's own JSON is a format of it
    code, out, err = _run(capsys, "export", lst, *argv)
    assert code == 2 and "give -o FILE" in err and "--format json writes JSON" in err
    data = json.loads(out)
    assert data["error"] == "usage" and data["message"] in err


def test_a_damaged_triage_file_is_said_as_json(capsys, lst):
    db = resolve().state_db
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(b"this is not a database at all\n" * 10)
    code, out, _err = _run(capsys, "export", "--format", "json", lst)
    assert code == 2
    data = json.loads(out)
    assert data["error"] == "triage file" and "tuireader recover" in data["message"]


@pytest.mark.parametrize(
    "argv",
    [
        # not JSON on stdout: a CSV export, and a JSON one written to a file
        ["--format", "csv", "--query", "is:kep"],
        ["--format", "json", "-o", "{target}", "--query", "is:kep"],
        ["--format", "json", "-o{target}", "--bogus"],
        ["--format", "json", "--output={target}", "--bogus"],
    ],
)
def test_an_export_not_written_as_json_to_stdout_prints_nothing_there(capsys, tmp_path, lst, argv):
    target = str(tmp_path / "out.json")
    code, out, err = _run(capsys, "export", *(a.format(target=target) for a in argv), lst)
    assert code == 2 and out == "" and err


def test_an_export_that_finds_nothing_is_still_an_empty_list(capsys, lst):
    code, out, _err = _run(capsys, "export", "--format", "json", "--query", "zzzqqq", lst)
    assert code == 1 and json.loads(out) == []
