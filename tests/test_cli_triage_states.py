"""``triage --state``: a word that is none of its states is said as ``is:kep`` is."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main
from tuireader.system.paths import resolve

RECORD = {"title": "Grasping in clutter", "authors": ["Ada Lovelace"], "abstract": "Robot grasp."}


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paper(capsys, tmp_path):
    lst = tmp_path / "list.jsonl"
    lst.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "search", "grasping", str(lst), "--json")
    assert code == 0
    return json.loads(out)["hits"][0]["id"], str(lst)


@pytest.mark.parametrize(
    ("word", "said"),
    [
        (
            "kep",
            "unknown state kep; did you mean keep? (--state takes keep, maybe, skip, read, new)",
        ),
        ("skiped", "unknown state skiped; did you mean skip?"),
        ("mabye", "unknown state mabye; did you mean maybe?"),
        ("zzz", "unknown state zzz (--state takes keep, maybe, skip, read, new)"),
        ("", "no state given (--state takes keep, maybe, skip, read, new)"),
    ],
)
def test_a_state_triage_does_not_take_is_said_with_the_one_meant(capsys, paper, word, said):
    # argparse said "invalid choice: 'kep' (choose from 'keep', 'kept', …)", where the
    # query's is:kep offers "did you mean is:kept?"
    code, out, err = run(capsys, "triage", *paper, "--state", word)
    assert code == 2 and out == ""
    assert said in err and "invalid choice" not in err
    assert not resolve().state_db.exists()  # nothing saved


def test_a_state_is_taken_in_any_case(capsys, paper):
    code, out, err = run(capsys, "triage", *paper, "--state", "KEEP")
    assert code == 0 and paper[0] in out and "now kept" in err
    code, out, _ = run(capsys, "search", "is:kept", paper[1])
    assert code == 0 and out.startswith(paper[0])
