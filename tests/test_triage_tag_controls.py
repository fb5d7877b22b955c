"""A tag never holds a control, bidi or invisible character: left out when it is set, so
an export taken up again gives the same tag, in every format that carries tags."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main
from tuireader.triage.store import Store, normalize_tag
from tuireader.ui.screens.edit import without_unsafe_tag_text

#: a paper of the built-in seed lists
SEED = "p6rgghkt"


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def tags_of(capsys, data) -> list[str]:  # type: ignore[no-untyped-def]
    code, out, _err = run(capsys, "search", SEED, "--data-dir", data, "--json")
    assert code == 0
    (hit,) = [h for h in json.loads(out)["hits"] if h["id"] == SEED]
    return hit["tags"]


def test_a_tag_is_stored_without_its_controls():
    assert normalize_tag("x\x1b[31my") == "x[31my"
    assert normalize_tag("a\u202eb\u200bc") == "abc"
    assert normalize_tag(" two\tword\nstag ") == "two word stag"
    with Store.in_memory() as store:
        store.add_tag("p1", "x\x1b[31my")
        store.add_tag("p1", "X[31MY")  # the same tag
        assert store.get("p1").tags == ("x[31my",)


@pytest.mark.parametrize("fmt", ["csv", "bibtex", "json"])
def test_a_tag_given_with_an_escape_survives_an_export_and_import(capsys, tmp_path, fmt):
    # CSV wrote it as "x␛[31my" and BibTeX left the escape out: taken up again, the
    # paper had two tags, or the file's differed from the one here
    here, there = tmp_path / "here", tmp_path / "there"
    code, _out, err = run(capsys, "triage", SEED, "--tag", "x\x1b[31my", "--data-dir", here)
    assert code == 0 and "tag 'x[31my'" in err and "\x1b" not in err
    assert tags_of(capsys, here) == ["x[31my"]
    exported = tmp_path / f"export.{fmt}"
    assert run(capsys, "export", "--format", fmt, "-o", exported, "--data-dir", here)[0] == 0
    for data in (here, there):
        code, _out, err = run(capsys, "import", exported, "--data-dir", data)
        assert code == 0, err
        assert tags_of(capsys, data) == ["x[31my"]


def test_a_tag_stored_with_its_controls_before_can_still_be_taken_off(tmp_path):
    # stored before tags were cleaned, its key held the escape: named as it reads now,
    # it was never found again, and could not be taken off
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.add_tag("p1", "keep me")
        with store._write() as conn:
            conn.execute(
                "INSERT INTO tags (paper_id, tag, key) VALUES (?, ?, ?)",
                ("p1", "x\x1b[31my", "x\x1b[31my"),
            )
        assert store.remove_tag_many(["p1"], "X[31my") == 1
        assert store.get("p1").tags == ("keep me",)
        assert store.remove_tag_many(["p1"], "x[31my") == 0


def test_a_tag_keeps_a_non_joiner_inside_a_word(capsys, tmp_path):
    # «می‌خواهم» typed as a tag was saved «میخواهم»: another spelling, another tag
    word = "می\u200cخواهم"
    assert normalize_tag(f" {word} ") == word
    assert normalize_tag("pay\u200cpal \u200c x\u200c") == "paypal x"
    data = tmp_path / "data"
    code, _out, _err = run(capsys, "triage", SEED, "--tag", word, "--data-dir", data)
    assert code == 0
    assert tags_of(capsys, data) == [word]
    # the tag editor opens with it as it is, so saving the tags again keeps it
    assert without_unsafe_tag_text(f"{word}, pay\u200cpal") == f"{word}, paypal"
