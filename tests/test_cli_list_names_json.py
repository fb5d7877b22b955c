"""A list's name is one name everywhere: ``lists --json`` gave each list's title as its
``name`` ("ICML 2024") where ``add --json``, ``lists --json``'s library entries, the
lines ``lists`` prints and ``remove`` say "icml2024"; the title is its ``title`` now.
``remove`` had no ``--json``; ``add --json``'s ``warnings`` left out lines stderr said.
``lists`` said every load warning of the library on every run; it counts them now, and
``lists --warnings`` spells them out."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader import cli
from tuireader.cli import main

#: a list with a title of its own, its papers' venue (as icml2024.jsonl is "ICML 2024")
CORL = [
    {
        "title": "Grasping with Diffusion",
        "abstract": "We grasp with a diffusion policy.",
        "venue": "CoRL 2023",
    },
    {"title": "Walking on Ice", "abstract": "A legged robot walks on ice.", "venue": "CoRL 2023"},
]
#: a BibTeX list with an entry skipped and one merged: two load warnings
WALRUS_BIB = (
    "@article{a, title={Walrus gaits}, author={Ada Lovelace}, doi={10.1/w}}\n"
    "@article{b, title={Walrus gaits}, author={Ada Lovelace}, doi={10.1/w}, abstract={x}}\n"
    "@misc{c, note={neither title nor abstract}}\n"
    "@article{d, title={Seal songs}, author={Alan Turing}}\n"
)


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _corl(folder):
    path = folder / "corl2023.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(CORL), encoding="utf-8")
    return path


def test_lists_json_names_a_file_as_lists_and_remove_do_and_gives_its_title(capsys, tmp_path):
    corl = _corl(tmp_path)
    assert run(capsys, "add", corl)[0] == 0
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    data = json.loads(out)
    [listed] = data["lists"]
    [entry] = data["library"]["entries"]
    assert (listed["name"], listed["title"]) == ("corl2023", "CoRL 2023")
    assert (entry["name"], entry["title"]) == ("corl2023", "CoRL 2023")
    # the name lists prints, and remove takes
    assert run(capsys, "lists")[1].splitlines()[0].split()[1] == "corl2023"
    code, out, err = run(capsys, "remove", listed["name"])
    assert code == 0 and "removed corl2023" in out, err


def test_lists_json_names_a_folders_list_by_its_file_as_list_takes_it(capsys, tmp_path):
    folder = tmp_path / "lists"
    _corl(folder)
    write_jsonl(folder / "demo.jsonl", RECORDS)
    assert run(capsys, "add", folder)[0] == 0
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [(pl["name"], pl["title"]) for pl in data["lists"]] == [
        ("corl2023", "CoRL 2023"),
        ("demo", "demo"),
    ]
    assert [(e["name"], e["title"]) for e in data["library"]["entries"]] == [("lists", None)]
    code, out, err = run(capsys, "search", f"list:{data['lists'][0]['name']}")
    assert code == 0 and "Grasping with Diffusion" in out, err


def test_lists_json_of_lists_named_gives_their_files_names(capsys, tmp_path):
    corl = _corl(tmp_path)
    code, out, err = run(capsys, "lists", "--json", corl)
    assert code == 0, err
    [listed] = json.loads(out)["lists"]
    assert (listed["name"], listed["title"]) == ("corl2023", "CoRL 2023")


def test_add_json_gives_the_name_and_the_title(capsys, tmp_path):
    corl = _corl(tmp_path)
    code, out, err = run(capsys, "add", corl, "--json")
    assert code == 0, err
    [added] = json.loads(out)["lists"]
    assert (added["name"], added["title"], added["status"]) == ("corl2023", "CoRL 2023", "added")
    folder = tmp_path / "more"
    write_jsonl(folder / "demo.jsonl", RECORDS)
    code, out, err = run(capsys, "add", folder, "--json")
    [added] = json.loads(out)["lists"]
    assert (added["name"], added["title"], added["kind"]) == ("more", None, "folder")


def test_add_json_carries_every_line_stderr_said(capsys, tmp_path, monkeypatch):
    # what stderr says while the library is prepared for the next commands was left out
    real = cli._cache_library

    def preparing(args):  # type: ignore[no-untyped-def]
        cli._err("a list of the library read again: 1 entry skipped")
        real(args)

    monkeypatch.setattr(cli, "_cache_library", preparing)
    bib = tmp_path / "refs.bib"
    bib.write_text(WALRUS_BIB, encoding="utf-8")
    code, out, err = run(capsys, "add", bib, "--json")
    assert code == 0, err
    warnings = json.loads(out)["warnings"]
    said = [line.removeprefix("tuireader: ") for line in err.splitlines()]
    assert warnings == said
    assert "a list of the library read again: 1 entry skipped" in warnings
    assert any("skipped 1 entry" in warning for warning in warnings)


def test_remove_json_answers_as_add_json(capsys, tmp_path):
    corl = _corl(tmp_path)
    write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    assert run(capsys, "add", corl, tmp_path / "demo.jsonl")[0] == 0
    code, out, err = run(capsys, "remove", "CoRL", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["lists"] == [
        {"name": "corl2023", "path": str(corl), "kind": "file", "status": "removed"}
    ]
    assert data["warnings"] == ["'CoRL' is CoRL 2023 (corl2023)"]
    assert "error" not in data


@pytest.mark.parametrize("name", ["nope", "demo nope"])
def test_remove_json_of_a_name_that_fits_no_list_removes_nothing(capsys, tmp_path, name):
    write_jsonl(tmp_path / "demo.jsonl", RECORDS)
    assert run(capsys, "add", tmp_path / "demo.jsonl")[0] == 0
    code, out, err = run(capsys, "remove", *name.split(), "--json")
    data = json.loads(out)
    assert code == 1 and data["lists"] == [] and data["error"] == "not found"
    assert data["message"].startswith("no list 'nope' in your library")
    assert data["message"] in err
    assert "demo" in run(capsys, "lists")[1]


def test_remove_json_of_a_list_in_a_folder_says_so(capsys, tmp_path):
    folder = tmp_path / "lists"
    _corl(folder)
    write_jsonl(folder / "demo.jsonl", RECORDS)
    assert run(capsys, "add", folder)[0] == 0
    code, out, _err = run(capsys, "remove", "demo", "--json")
    data = json.loads(out)
    assert code == 1 and data["error"] == "in a folder" and "nothing removed" in data["message"]


def test_remove_json_of_a_wrong_option_is_a_usage_error_as_json(capsys):
    code, out, _err = run(capsys, "remove", "--json", "x", "--bogus")
    data = json.loads(out)
    assert code == 2 and data["error"] == "usage" and data["lists"] == []


# -- the load warnings of the library: said when added, counted by lists -----------------


def test_lists_counts_the_load_warnings_said_before_and_lists_warnings_says_them(capsys, tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text(WALRUS_BIB, encoding="utf-8")
    code, _out, err = run(capsys, "add", bib)
    said = [line for line in err.splitlines() if "seed lists" not in line]
    assert code == 0 and len(said) == 2
    for _ in range(2):
        code, out, err = run(capsys, "lists")
        assert code == 0 and "refs" in out
        assert err == "tuireader: 2 load warnings: tuireader lists --warnings\n"
        assert run(capsys, "search", "walrus")[2] == ""
    code, _out, err = run(capsys, "lists", "--warnings")
    assert code == 0 and err.splitlines() == said
    code, out, err = run(capsys, "lists", "--json")
    assert len(json.loads(out)["problems"]) == 2
    assert err == "tuireader: 2 load warnings: tuireader lists --warnings\n"


def test_adding_another_list_does_not_say_the_others_warnings_again(capsys, tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text(WALRUS_BIB, encoding="utf-8")
    assert run(capsys, "add", bib)[0] == 0
    corl = _corl(tmp_path)
    code, out, err = run(capsys, "add", corl, "--json")
    assert code == 0 and json.loads(out)["warnings"] == [] and err == ""


def test_a_list_whose_contents_change_says_its_warnings_again_once(capsys, tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text(WALRUS_BIB, encoding="utf-8")
    assert run(capsys, "add", bib)[0] == 0
    bib.write_text(WALRUS_BIB + "@misc{e, note={no title either}}\n", encoding="utf-8")
    code, _out, err = run(capsys, "lists")
    assert code == 0 and "skipped 2 entries" in err and "load warning" not in err
    code, _out, err = run(capsys, "lists")
    assert err == "tuireader: 2 load warnings: tuireader lists --warnings\n"


def test_lists_help_names_warnings(capsys):
    assert main(["lists", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "--warnings say every load warning again" in said
    assert "name: as lists prints it and remove and list: take it" in said
