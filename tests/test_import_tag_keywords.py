"""A BibTeX export writes each tag as a keyword, a ``;`` in it as a space (reference
managers split keywords there): taken up again where the tag is, it is that tag, not a
second one beside it."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {
        "title": "Learning to grasp in clutter with careful experiments",
        "authors": ["Ada Lovelace"],
        "abstract": "We study robot grasping in clutter.",
        "year": 2023,
    },
    {
        "title": "Walking robots on rough ground",
        "authors": ["Alan Turing"],
        "abstract": "We study legged locomotion.",
        "year": 2023,
    },
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def marked(tmp_path, capsys):
    """A list, a data folder with a tag holding a ``;`` on its first paper, and the id."""
    lst, data = tmp_path / "grasp.jsonl", tmp_path / "data"
    lst.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    _code, out, _ = run(capsys, "search", "grasping", lst, "--data-dir", data, "--json")
    (hit,) = json.loads(out)["hits"]
    common = (lst, "--data-dir", data)
    assert run(capsys, "triage", hit["id"], "--tag", "to read; later", *common)[0] == 0
    return lst, data, hit["id"]


def tags_of(capsys, lst, data, paper_id):
    _code, out, _ = run(capsys, "show", paper_id, lst, "--data-dir", data, "--json")
    return json.loads(out)["tags"]


def test_a_bibtex_export_taken_up_where_its_tags_are_adds_none(tmp_path, capsys, marked):
    lst, data, paper_id = marked
    export = tmp_path / "marks.bib"
    assert (
        run(capsys, "export", "--format", "bibtex", "-o", export, lst, "--data-dir", data)[0] == 0
    )
    assert "to read later" in export.read_text(encoding="utf-8")
    code, out, err = run(capsys, "import", export, lst, "--data-dir", data)
    assert code == 0 and out == "" and "already so (nothing changed)" in err, err
    assert tags_of(capsys, lst, data, paper_id) == ["to read; later"]


def test_a_json_export_still_takes_up_a_tag_another_only_by_its_punctuation(
    tmp_path, capsys, marked
):
    # JSON gives each tag as it is: "to read later" there is a tag of its own
    lst, data, paper_id = marked
    export = tmp_path / "marks.json"
    run(capsys, "export", "--format", "json", "-o", export, lst, "--data-dir", data)
    items = json.loads(export.read_text(encoding="utf-8"))
    for item in items:
        item["tags"] = ["to read later"] if item["id"] == paper_id else item["tags"]
    export.write_text(json.dumps(items), encoding="utf-8")
    code, _out, err = run(capsys, "import", export, lst, "--data-dir", data)
    assert code == 0, err
    assert sorted(tags_of(capsys, lst, data, paper_id)) == ["to read later", "to read; later"]
