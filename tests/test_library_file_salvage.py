"""A damaged ``lists.json``: the lists still read from it are kept by the next change."""

from __future__ import annotations

import json

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.system import shelf
from tuireader.system.paths import resolve


@pytest.fixture
def library(tmp_path):
    """A data folder whose library holds two lists, and a third list not in it."""
    paths = resolve(tmp_path / "data")
    first = write_jsonl(tmp_path / "first.jsonl", RECORDS[:2])
    second = write_jsonl(tmp_path / "second.jsonl", RECORDS[2:4])
    third = write_jsonl(tmp_path / "third.jsonl", RECORDS[4:])
    shelf.add(paths, [first, second])
    return paths, first, second, third


def test_an_add_after_the_file_was_cut_short_keeps_the_lists_read_from_it(library):
    # the next add began a library of the new list alone: the lists added before were
    # left in lists.json.damaged, to be added again by hand
    paths, first, second, third = library
    file = shelf.shelf_file(paths)
    text = file.read_text()
    # cut in the middle of the second entry, after its path
    cut = text.index('"added"', text.index(str(second)))
    file.write_text(text[:cut])
    loaded = shelf.load(paths)
    assert loaded.damaged and [e.path for e in loaded.entries] == [first, second]
    assert "using the 2 lists still read from it" in loaded.problems[0]
    change = shelf.add(paths, [third])
    assert change.kept_damaged is not None and change.kept_damaged.read_text() == text[:cut]
    assert [e.path for e in shelf.load(paths).entries] == [first, second, third]
    # the entry whole in it keeps its identity (a rename is still found)
    assert shelf.load(paths).entries[0].inode == first.stat().st_ino


def test_an_entry_cut_before_its_path_is_whole_is_not_taken(library):
    paths, first, second, _third = library
    file = shelf.shelf_file(paths)
    text = file.read_text()
    file.write_text(text[: text.index(str(second)) + 3])
    assert [e.path for e in shelf.load(paths).entries] == [first]


def test_junk_in_place_of_the_file_still_means_the_seeds(library):
    paths, *_ = library
    file = shelf.shelf_file(paths)
    file.write_text('{"kind": "file", "path": "relative"} {"other": {"kind": 1}')
    loaded = shelf.load(paths)
    assert loaded.damaged and loaded.entries == (shelf.SEEDS,)
    assert "using the built-in seed lists" in loaded.problems[0]


def test_a_path_with_escapes_is_read_as_written(tmp_path):
    paths = resolve(tmp_path / "data")
    odd = write_jsonl(tmp_path / 'my "odd" papers\\.jsonl', RECORDS)
    shelf.add(paths, [odd])
    file = shelf.shelf_file(paths)
    text = file.read_text()
    assert json.loads(text)["lists"][0]["path"] == str(odd)
    file.write_text(text[: text.index('"added"')])
    assert [e.path for e in shelf.load(paths).entries] == [odd]


def test_an_add_that_could_read_no_list_from_the_damaged_file_says_so(tmp_path, capsys):
    # "the damaged list of lists was kept as …" alone: the user took the library for
    # what it was, with the new list added
    from tuireader.cli import main

    paths = resolve(tmp_path / "data")
    file = shelf.shelf_file(paths.ensure())
    file.write_text('{"format": "tuireader-lists", "version": 1, "li')
    listed = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    assert main(["add", str(listed), "--data-dir", str(paths.root)]) == 0
    err = capsys.readouterr().err
    assert f"kept as {file}.damaged, but no list could be read from it" in err
    assert "your library holds only the lists added now" in err


def test_a_second_damaged_file_does_not_replace_the_copy_kept_of_the_first(library):
    paths, _first, _second, third = library
    file = shelf.shelf_file(paths)
    file.write_text("junk one")
    assert shelf.add(paths, [third]).kept_damaged == file.with_name("lists.json.damaged")
    file.write_text("junk two")
    kept = shelf.add(paths, [third]).kept_damaged
    assert kept == file.with_name("lists.json.damaged.2") and kept.read_text() == "junk two"
    assert file.with_name("lists.json.damaged").read_text() == "junk one"


def test_the_damage_names_the_copy_the_next_add_will_keep(library):
    # a copy kept of an earlier damage is not replaced: the next is kept as .damaged.2,
    # and the message named .damaged, the earlier copy
    paths, _first, _second, third = library
    file = shelf.shelf_file(paths)
    file.write_text("junk one")
    shelf.add(paths, [third])
    file.write_text("junk two")
    (problem,) = shelf.load(paths).problems
    assert "keeps a copy of it as lists.json.damaged.2" in problem
