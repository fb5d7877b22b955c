"""``list:NAME`` where NAME is a list's whole name finds that list only, stop word or
not. "the" read from c/the.txt is the list "the", the one read from a/the.txt beside it
"the (a/the.txt)": ``list:the`` found both (the stem of the second's file is "the"
too), while ``list:notes`` found only "notes", not "notes (b/notes.txt)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.search.engine import Engine
from tuireader.session import load_session
from tuireader.system import shelf
from tuireader.system.paths import resolve


def _text_list(path: Path, name: str, sentence: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{name}\n\n{sentence}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    root = tmp_path_factory.mktemp("lists")
    the = _text_list(root / "c" / "the.txt", "the", "We study deep nets, and find them deep.")
    the_a = _text_list(root / "a" / "the.txt", "the", "We study wide nets, and find them wide.")
    notes = write_jsonl(root / "d" / "notes.jsonl", many_records(2, "notes"))
    notes_b = write_jsonl(root / "b" / "notes.jsonl", many_records(3, "copy"))
    paths = resolve(tmp_path_factory.mktemp("data"))
    shelf.add(paths, [the, the_a, notes, notes_b])
    session = load_session(shelf.sources(paths), data_dir=paths.root)
    names = {each.path: each.name for each in session.library.lists}
    assert names[the] == "the" and names[the_a] == "the (a/the.txt)"
    assert names[notes] == "notes" and names[notes_b] == "notes (b/notes.jsonl)"
    indexed = session.engine()
    assert indexed.status != "no index: plain text scan"
    scanned = Engine(session.library, None, paths=paths)
    yield session.library, (indexed, scanned), root
    indexed.close()


@pytest.mark.parametrize(
    ("query", "where"),
    [
        ("list:the", "c/the.txt"),
        ("list:notes", "d/notes.jsonl"),
        ('list:"the (a/the.txt)"', "a/the.txt"),
        ("list:a", "a/the.txt"),
    ],
)
def test_a_lists_whole_name_finds_that_list_only(library, query: str, where: str) -> None:
    papers, engines, root = library
    wanted = {i for each in papers.lists if each.path == root / where for i in each.paper_ids}
    assert wanted
    for engine in engines:
        result = engine.search(query, limit=None)
        assert {hit.paper.id for hit in result.hits} == wanted, (query, result.message)
