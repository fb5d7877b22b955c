"""A PMLR key without its volume (``abad-rocamora24a``, the name of the paper's page in
the proceedings) names the paper, as the whole key and the page's link do."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main

RECORDS = [
    {
        "title": "Revisiting Character-level Adversarial Attacks for Language Models",
        "authors": ["Elias Abad Rocamora", "Volkan Cevher"],
        "abstract": "Character-level attacks on language models.",
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/abad-rocamora24a.html",
        "pmlr_key": "abad-rocamora24a",
    },
    {
        "title": "Graph networks for molecules",
        "authors": ["Ada Bamas"],
        "abstract": "Graphs of atoms and bonds.",
        "year": 2024,
        "venue": "ICML 2024",
        "url": "https://proceedings.mlr.press/v235/bamas24a.html",
        "pmlr_key": "bamas24a",
    },
]


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def icml(capsys, tmp_path):
    path = tmp_path / "icml2024.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    assert run(capsys, "add", path)[0] == 0
    return path


@pytest.mark.parametrize(
    "given",
    [
        "abad-rocamora24a",
        "Abad-Rocamora24a",
        "pmlr-v235-abad-rocamora24a",
        "https://proceedings.mlr.press/v235/abad-rocamora24a.html",
    ],
)
def test_the_pmlr_key_without_its_volume_names_the_paper(capsys, icml, given):
    code, out, err = run(capsys, "show", given)
    assert code == 0, err
    assert out.startswith("Revisiting Character-level Adversarial Attacks")
    code, out, err = run(capsys, "show", given, "--json")
    assert code == 0 and json.loads(out)["title"].startswith("Revisiting Character-level")


def test_a_part_of_a_pmlr_key_names_no_paper(capsys, icml):
    code, out, err = run(capsys, "show", "abad-rocamora24")
    assert code == 1 and out == "" and "no paper with id 'abad-rocamora24'" in err
