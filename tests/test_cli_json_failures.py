"""Every command's ``--json`` failure (exit code 1) is answered one way: stdout stays
valid JSON with an ``error`` and a ``message``, and stderr says it too. ``links ID --kind
video`` of a paper without one gave no ``error``, ``show``, ``similar`` and ``links`` of an
unknown id and a ``search`` that found nothing said nothing on stderr."""

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
def demo(tmp_path, capsys):
    path = write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    assert run(capsys, "add", path)[0] == 0
    code, out, _err = run(capsys, "search", RECORDS[0]["title"], "--json", "--limit", "1")
    assert code == 0
    return json.loads(out)["hits"][0]["id"], tmp_path


FAILURES = {
    "search": ["search", "zzzqqqx"],
    "search list:": ["search", "list:nope"],
    "search is:detached": ["search", "is:detached"],
    "show": ["show", "zzzzzzzz"],
    "similar": ["similar", "zzzzzzzz"],
    "links": ["links", "zzzzzzzz"],
    "links --kind": ["links", "{id}", "--kind", "video"],
    "cite": ["cite", "zzzzzzzz"],
    "copy": ["copy", "zzzzzzzz"],
    "copy --link": ["copy", "{id}", "--link", "9"],
    "note": ["note", "{id}"],
    "note --set": ["note", "zzzzzzzz", "--set", "a"],
    "triage": ["triage", "zzzzzzzz", "--tag", "a"],
    "undo": ["undo"],
    "redo": ["redo"],
    "export": ["export", "--query", "zzzqqqx", "--format", "csv", "-o", "{dir}/out.csv"],
}


@pytest.mark.parametrize("name", FAILURES)
def test_a_json_failure_has_an_error_and_a_message_also_on_stderr(capsys, demo, name):
    paper_id, folder = demo
    argv = [word.format(id=paper_id, dir=folder) for word in FAILURES[name]]
    code, out, err = run(capsys, *argv, "--json")
    assert code == 1, (name, err)
    data = json.loads(out)
    assert isinstance(data["error"], str) and data["error"], name
    assert isinstance(data["message"], str) and data["message"], name
    lines = err.splitlines()
    assert lines and all(line.startswith("tuireader: ") for line in lines), name
    if name != "export":  # (export says what it left unwritten, stderr what matched)
        assert data["message"].split("; ")[0].removesuffix(":") in err, name


def test_a_json_answer_that_is_no_failure_has_no_error(capsys, demo):
    paper_id, _folder = demo
    for argv in (["search", RECORDS[0]["title"]], ["show", paper_id], ["links", paper_id]):
        code, out, _err = run(capsys, *argv, "--json")
        assert code == 0 and "error" not in json.loads(out), argv
