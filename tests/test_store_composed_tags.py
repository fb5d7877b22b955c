"""A tag typed decomposed ("U" and a combining diaeresis, as macOS and PDF pastes give
"Überblick") is the tag typed composed, by every way a tag comes in. They were two
tags that read alike on screen."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.triage.store import Carried, Store

COMPOSED = unicodedata.normalize("NFC", "Überblick")
DECOMPOSED = unicodedata.normalize("NFD", "Überblick")
LOWER_DECOMPOSED = unicodedata.normalize("NFD", "überblick")
KEY = unicodedata.normalize("NFC", "überblick")


def test_the_two_forms_differ_as_text() -> None:
    assert COMPOSED != DECOMPOSED and len(DECOMPOSED) == len(COMPOSED) + 1


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "triage.sqlite3") as opened:
        assert not opened.read_only, opened.problem
        yield opened


def test_a_tag_typed_decomposed_is_the_tag_typed_composed(store: Store) -> None:
    store.add_tag("a", COMPOSED)
    store.add_tag("b", DECOMPOSED)
    store.add_tag("a", DECOMPOSED)  # the paper has it already
    store.set_tags("c", [DECOMPOSED, COMPOSED, "rl"])
    assert store.all_tags() == [(COMPOSED, 3), ("rl", 1)]
    assert store.get("a").tags == store.get("b").tags == (COMPOSED,)
    assert store.get("c").tags == ("rl", COMPOSED)
    assert store.ids_with_tag(DECOMPOSED) == store.ids_with_tag(COMPOSED) == {"a", "b", "c"}
    store.remove_tag("b", LOWER_DECOMPOSED)
    assert store.get("b").tags == ()


def test_a_tag_taken_up_decomposed_is_the_one_here(store: Store) -> None:
    store.add_tag("a", COMPOSED)
    report = store.carry_over(
        [Carried("a", tags=(DECOMPOSED,)), Carried("b", tags=(DECOMPOSED, COMPOSED))]
    )
    assert report.changes == 1  # only b's, once
    assert store.get("a").tags == store.get("b").tags == (COMPOSED,)
    assert store.all_tags() == [(COMPOSED, 2)]


# ------------------------------------------------------------------ the command line

RECORDS = [
    {"title": "Learning to grasp in clutter", "authors": ["Ada Lovelace"], "abstract": "a"},
    {"title": "Walking robots on rough ground", "authors": ["Alan Turing"], "abstract": "b"},
]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tagged(tmp_path: Path, capsys):
    """A list of two papers, the first tagged composed and the second decomposed."""
    lst, data = tmp_path / "list.jsonl", tmp_path / "data"
    lst.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    common = (lst, "--data-dir", data)
    ids = [
        json.loads(run(capsys, "search", word, *common, "--json")[1])["hits"][0]["id"]
        for word in ("grasp", "walking")
    ]
    assert run(capsys, "triage", ids[0], "--tag", COMPOSED, *common)[0] == 0
    assert run(capsys, "triage", ids[1], "--tag", DECOMPOSED, *common)[0] == 0
    return common, ids


def tags_of(capsys, common, paper_id: str) -> list[str]:
    return json.loads(run(capsys, "show", paper_id, *common, "--json")[1])["tags"]


def test_the_command_line_tags_decomposed_as_composed(capsys, tagged) -> None:
    common, ids = tagged
    assert tags_of(capsys, common, ids[1]) == [COMPOSED]
    _code, _out, err = run(capsys, "search", "tag:nothing", *common)
    assert err.count("Überblick") == 1 and f"(tags: {COMPOSED})" in err, err
    _code, out, _err = run(capsys, "search", f"tag:{DECOMPOSED}", *common, "--json")
    assert sorted(hit["id"] for hit in json.loads(out)["hits"]) == sorted(ids)


@pytest.mark.parametrize("form", ["json", "csv", "ris"])
def test_an_export_taken_up_decomposed_adds_no_second_tag(
    tmp_path: Path, capsys, tagged, form: str
) -> None:
    common, ids = tagged
    export = tmp_path / f"marks.{form}"
    assert run(capsys, "export", "--format", form, "-o", export, *common)[0] == 0
    text = export.read_text(encoding="utf-8")
    assert COMPOSED in text
    export.write_text(text.replace(COMPOSED, DECOMPOSED), encoding="utf-8")
    code, _out, err = run(capsys, "import", export, *common)
    assert code == 0 and "nothing changed" in err, err
    assert [tags_of(capsys, common, pid) for pid in ids] == [[COMPOSED], [COMPOSED]]
