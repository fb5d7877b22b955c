"""The names a list, or an entry of the library, is told apart by from another of its
name: the library's (``unique_list_name``), the shelf's and what ``list:`` recognises
are one (``system.listnames``), so that ``list:NAME`` names the first one only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import unique_list_name
from tuireader.model import PaperList
from tuireader.search.index import EntryLists, lists_named_apart
from tuireader.system import shelf


@pytest.mark.parametrize(
    ("name", "first", "second", "told"),
    [
        ("CoRL", "a/corl 2023.json", "a/corl 2024.json", "CoRL (corl 2024)"),
        ("CoRL 2023", "a/corl2023.json", "a/posters.json", "CoRL 2023 (posters)"),
        ("marks", "a/marks.bib", "a/marks.csv", "marks (marks.csv)"),
        ("icml2024", "a/icml2024.jsonl", "b/icml2024.jsonl", "icml2024 (b/icml2024.jsonl)"),
        ("papers", "a/2023/papers.json", "a/2024/papers.json", "papers (2024/papers.json)"),
    ],
)
def test_a_list_the_library_names_apart_is_recognised_so(name, first, second, told):
    # a stem that ended with a number was read as a name numbered: "CoRL (corl 2024)"
    # was taken for "CoRL (corl 2)", not the list of corl 2024.json, and list:CoRL
    # found both lists
    taken = {name: Path(first)}
    assert unique_list_name(name, Path(second), taken) == told
    lists = [PaperList(name, Path(first)), PaperList(told, Path(second))]
    found, apart = lists_named_apart(name, lists)
    assert found == lists and apart == [lists[1]]


def test_a_list_named_apart_and_numbered_is_recognised_so():
    taken = {
        "icml2024": Path("a/copy/icml2024.jsonl"),
        "icml2024 (b/icml2024.jsonl)": Path("x"),
    }
    told = unique_list_name("icml2024", Path("b/icml2024.jsonl"), taken)
    assert told == "icml2024 (b/icml2024.jsonl 2)"
    lists = [
        PaperList("icml2024", Path("a/copy/icml2024.jsonl")),
        PaperList(told, Path("b/icml2024.jsonl")),
    ]
    assert lists_named_apart("icml2024", lists)[1] == [lists[1]]


@pytest.mark.parametrize("folder", ["papers 2024", "real"])
def test_a_folder_the_shelf_names_apart_is_recognised_so(tmp_path, folder):
    # "papers 2024 (b/papers 2024)" was read as numbered, "b/papers" that no folder is,
    # and list:"papers 2024" found the lists of both folders
    first, second = tmp_path / "a" / folder, tmp_path / "b" / folder
    entries = shelf.Shelf(
        tmp_path / "lists.json",
        (shelf.Entry("folder", first), shelf.Entry("folder", second)),
    ).entries
    assert [entry.name for entry in entries] == [folder, f"{folder} (b/{folder})"]
    one, other = PaperList("x", first / "x.jsonl"), PaperList("y", second / "y.jsonl")
    held = [EntryLists(entries[0].name, (one,)), EntryLists(entries[1].name, (other,))]
    found, apart = lists_named_apart(folder, [one, other], held)
    assert found == [one, other] and apart == [other]


def test_a_file_the_shelf_names_apart_is_recognised_so(tmp_path):
    first, second = tmp_path / "a" / "icml 2024.jsonl", tmp_path / "b" / "icml 2024.jsonl"
    entries = shelf.Shelf(
        tmp_path / "lists.json", (shelf.Entry("file", first), shelf.Entry("file", second))
    ).entries
    assert [entry.name for entry in entries] == ["icml 2024", "icml 2024 (b/icml 2024.jsonl)"]
    lists = [PaperList("ICML 2024", first), PaperList("ICML 2024 (b/icml 2024.jsonl)", second)]
    held = [EntryLists(entry.name, (each,)) for entry, each in zip(entries, lists, strict=True)]
    assert lists_named_apart("icml 2024", lists, held) == (lists, [lists[1]])


def test_the_shelf_names_apart_by_file_and_folder_never_by_a_folders_stem(tmp_path):
    entries = shelf.Shelf(
        tmp_path / "lists.json",
        (
            shelf.SEEDS,
            shelf.Entry("file", Path("/d/seeds.json")),
            shelf.Entry("file", Path("/e/my.papers.json")),
            shelf.Entry("folder", Path("/f/my.papers")),
        ),
    ).entries
    assert [entry.name for entry in entries] == [
        "seeds",
        "seeds (d/seeds.json)",  # the seeds have no file to differ from
        "my.papers",
        "my.papers (f/my.papers)",  # a folder has no stem: "my.papers (my)" it never is
    ]
