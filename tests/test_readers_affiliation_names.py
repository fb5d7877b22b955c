"""Author names a source ran an affiliation into ("Institute of Computing Xiaoming
Sun", "OpenAI Xi Chen", as Paper Copilot's NeurIPS 2017 list gives them; "Xi Chen,
OpenAI") are said when the list is added, in one line naming how many and one of them,
where they were passed on without a word; the names are kept as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.formats.common import affiliation_in_name
from tuireader.ingest.library import load_library

FIXTURES = Path(__file__).parent / "fixtures"
#: two papers of Paper Copilot's NeurIPS 2017 list: "Institute of Computing Xiaoming
#: Sun" and "Institute of Computing Jialin Zhang" among the authors of one
LATEX_SLICE = FIXTURES / "citations" / "papercopilot_nips2017_latex_slice.json"


@pytest.mark.parametrize(
    "name",
    [
        "Institute of Computing Xiaoming Sun",
        "OpenAI Xi Chen",
        "Xi Chen, OpenAI",
        "Xi Chen (Peking University)",
        "Peking University Xi Chen",
        "Google Research Xi Chen",
        "Stanford University John Smith",
    ],
)
def test_a_name_with_an_affiliation_run_into_it_is_found(name: str) -> None:
    assert affiliation_in_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "Xiaoming Sun",
        "Chen, Xi",
        "Martin Luther King, Jr.",
        "Shixiang (Shane) Gu",
        "Allen Institute for AI",
        "Massachusetts Institute of Technology",
        "Carnegie Mellon University",
        "Oxford University Press",
        "Toyota Research Institute",
        "Microsoft Research Asia",
        "Google DeepMind",
        "{Institute of Physics Xiaoming Sun}",
        "Jean-Paul de la Tour",
        # institutions named as authors, as a CSL-JSON literal gives them
        "Institute of Mathematical Statistics",
        "University of Southern California",
        "University of British Columbia",
        "University of California Berkeley",
        "Institute for Advanced Study",
        "Universidad Nacional Autonoma",
        "Samsung Electronics Seoul",
        "Juan Carlos de la Cruz Garcia",
    ],
)
def test_a_persons_or_an_institutions_name_is_none(name: str) -> None:
    assert not affiliation_in_name(name)


def test_add_says_how_many_names_hold_an_affiliation_and_keeps_them(capsys, tmp_path) -> None:
    code = main(["add", str(LATEX_SLICE), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 0, err
    said = [line for line in err.splitlines() if "affiliation" in line]
    assert said == [
        (
            f"tuireader: {LATEX_SLICE}: 2 author names hold an affiliation run into them "
            "(“Institute of Computing Xiaoming Sun”); kept as written"
        )
    ]
    authors = {name for paper in load_library([LATEX_SLICE]).papers for name in paper.authors}
    assert {"Institute of Computing Xiaoming Sun", "Institute of Computing Jialin Zhang"} <= authors


def test_one_name_is_said_as_one(capsys, tmp_path) -> None:
    lst = tmp_path / "list.jsonl"
    records = [
        {"title": "Count-based exploration", "authors": ["Haoran Tang", "Xi Chen, OpenAI"]},
        {"title": "Hindsight replay", "authors": ["Marcin Andrychowicz", "Pieter Abbeel"]},
    ]
    lst.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code = main(["add", str(lst), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        f"{lst}: 1 author name holds an affiliation run into it (“Xi Chen, OpenAI”); "
        "kept as written"
    ) in err


def test_a_list_of_persons_names_says_nothing_of_affiliations(capsys, tmp_path) -> None:
    lst = tmp_path / "list.jsonl"
    record = {"title": "Robust grasping", "authors": ["Ada Lovelace", "Allen Institute for AI"]}
    lst.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code = main(["add", str(lst), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "affiliation" not in err
