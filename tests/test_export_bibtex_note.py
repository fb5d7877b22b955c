"""A note's tabs through a BibTeX export and ``tuireader import``, as JSON and CSV keep
them: an indented line of a note came back indented by a space."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {
        "title": "Learning to grasp in clutter with careful experiments",
        "authors": ["Ada Lovelace"],
        "abstract": "We study robot grasping in clutter with careful experiments.",
        "year": 2023,
    },
    {
        "title": "Planning with learned models of contact",
        "authors": ["Alan Turing"],
        "abstract": "We plan with learned contact models and show they transfer.",
        "doi": "10.1234/contact.1",
        "year": 2022,
    },
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "note",
    [
        "a\n\tb",
        "steps:\n\t1.\tread {section} 3\n\t2.\tcheck 50% of $x$\t(later)",
        # the note holds the character the export first picks to stand for a tab
        "x\ue000y\tz",
    ],
)
def test_a_note_keeps_its_tabs_through_a_bibtex_export(tmp_path, capsys, note):
    lst = tmp_path / "grasp.jsonl"
    lst.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    laptop, remote = tmp_path / "laptop", tmp_path / "remote"
    _code, out, _ = run(capsys, "search", "grasp", lst, "--data-dir", laptop, "--json")
    paper = json.loads(out)["hits"][0]["id"]
    code, _, err = run(capsys, "note", paper, lst, "--set", note, "--data-dir", laptop)
    assert code == 0, err
    export = tmp_path / "marks.bib"
    code, _, err = run(
        capsys, "export", lst, "--format", "bibtex", "-o", export, "--data-dir", laptop
    )
    assert code == 0, err

    code, _, err = run(capsys, "import", export, lst, "--data-dir", remote)
    assert code == 0, err
    code, out, _ = run(capsys, "note", paper, lst, "--data-dir", remote)
    assert code == 0
    assert out.rstrip("\n") == note
