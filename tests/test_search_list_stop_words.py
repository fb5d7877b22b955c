"""``list:NAME`` where NAME is a stop word ("a", "the", "of") that names a list of the
library: by its name, the name of the entry it is read through, or the folder that tells
a copy apart from the list of its name ("x (a/x.jsonl)"). It is searched, on the index
and on the scan without one, never left out as too common to search for."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest.sources import in_folder
from tuireader.search import query as ql
from tuireader.search.engine import Engine
from tuireader.session import load_session
from tuireader.system import shelf
from tuireader.system.paths import resolve


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """A list x in b/, a copy of its name in a/ ("x (a/x.jsonl)"), a list named "the"
    and a folder added as "of"."""
    root = tmp_path_factory.mktemp("lists")
    first = write_jsonl(root / "b" / "x.jsonl", many_records(3, "first"))
    copy = write_jsonl(root / "a" / "x.jsonl", many_records(4, "copy"))
    the = write_jsonl(root / "the.jsonl", many_records(2, "the"))
    folder = root / "of"
    write_jsonl(folder / "inside.jsonl", many_records(5, "inside"))
    paths = resolve(tmp_path_factory.mktemp("data"))
    shelf.add(paths, [first, copy, the, folder], reads=in_folder)
    session = load_session(shelf.sources(paths), data_dir=paths.root)
    names = {each.path: each.name for each in session.library.lists}
    assert names[copy] == "x (a/x.jsonl)" and names[the] == "the"
    indexed = session.engine()
    assert indexed.status != "no index: plain text scan"
    scanned = Engine(session.library, None, paths=paths)
    yield session.library, (indexed, scanned), root
    indexed.close()


def _papers(library, path: Path) -> set[str]:
    return {i for each in library.lists if each.path.parent == path for i in each.paper_ids}


def _of(library, path: Path) -> set[str]:
    return {i for each in library.lists if each.path == path for i in each.paper_ids}


@pytest.mark.parametrize(
    ("query", "where"),
    [("list:a", "a/x.jsonl"), ("list:the", "the.jsonl"), ("list:of", "of")],
)
def test_a_stop_word_that_names_a_list_is_searched(library, query, where):
    # list:a was "ignored “list:a”: too common to search for", and every paper shown
    papers, engines, root = library
    place = root / where
    wanted = _papers(papers, place) if place.is_dir() else _of(papers, place)
    assert wanted and wanted != {p.id for p in papers.papers}
    for engine in engines:
        result = engine.search(query, limit=None)
        assert "too common" not in (result.message or ""), result.message
        assert {hit.paper.id for hit in result.hits} == wanted
        # and beside other words, as any list: is
        result = engine.search(f"{query} -list:nothing", limit=None)
        assert {hit.paper.id for hit in result.hits} == wanted


def test_a_stop_word_that_names_no_list_is_still_too_common(library):
    papers, engines, _root = library
    for engine in engines:
        result = engine.search("list:an", limit=None)
        assert "too common to search for" in (result.message or "")
        assert result.total == len(papers)


def test_common_words_are_kept_where_they_name_a_list():
    parsed = ql.parse("list:a")
    assert ql.without_common_words(parsed).root is None
    assert ql.without_common_words(parsed, lambda text: text == "a").root == parsed.root
    # only a list: value names a list
    assert ql.without_common_words(ql.parse("title:a"), lambda text: True).root is None
