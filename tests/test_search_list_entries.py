"""``list:NAME`` takes the name the user's library gives an entry, as ``tuireader
lists`` shows it and ``tuireader remove`` takes it: ``list:real`` finds the papers of
every list of the folder added as "real", ``list:seeds`` those of the built-in lists,
on the index and on the scan without one, and while the name is being typed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from corpus_util import many_records, write_jsonl

from tuireader.ingest.sources import in_folder
from tuireader.search.engine import Engine
from tuireader.session import load_session
from tuireader.system import shelf
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures" / "real_lists"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """A library of a folder added as "real" (two lists), a file and the seeds."""
    root = tmp_path_factory.mktemp("lists")
    folder = root / "real"
    folder.mkdir()
    for name in ("corl2023_slice.json", "l4dc2020_slice.bib"):
        shutil.copy(FIXTURES / name, folder / name)
    # a list of the folder that is a link to a file elsewhere is one of its lists too
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(FIXTURES / "nips2017_slice.json", elsewhere / "nips2017_slice.json")
    (folder / "nips2017.json").symlink_to(elsewhere / "nips2017_slice.json")
    other = write_jsonl(root / "other.jsonl", many_records(12))
    paths = resolve(tmp_path_factory.mktemp("data"))
    shelf.add(paths, [folder, other], reads=in_folder)
    shelf.add(paths, [], seeds=True, reads=in_folder)
    session = load_session(shelf.sources(paths), data_dir=paths.root)
    indexed = session.engine()
    assert indexed.status != "no index: plain text scan"
    scanned = Engine(session.library, None, paths=paths)
    yield session.library, (indexed, scanned), folder
    indexed.close()


def _ids(engine, query: str, *, prefix: bool = False) -> set[str]:
    return {hit.paper.id for hit in engine.search(query, limit=None, prefix=prefix).hits}


def _held(library, where) -> set[str]:
    """The papers of the lists whose files are in the folder ``where``."""
    return {
        paper_id
        for each in library.lists
        if each.path.parent.resolve() == where.resolve()
        for paper_id in each.paper_ids
    }


def test_a_folder_added_is_found_by_its_name_in_the_library(library):
    papers, engines, folder = library
    real = _held(papers, folder)
    assert len([each for each in papers.lists if each.path.parent == folder]) == 3
    for engine in engines:
        assert _ids(engine, "list:real") == real
        assert _ids(engine, "list:Real") == real
        # and with other words, as any list: is
        assert _ids(engine, "list:real -list:other") == real


def test_the_built_in_lists_are_found_by_their_name_in_the_library(library):
    from tuireader.system.resources import seeds_dir

    papers, engines, _folder = library
    seeds = _held(papers, seeds_dir())
    assert seeds
    for engine in engines:
        assert _ids(engine, "list:seeds") == seeds
        assert not _ids(engine, "list:seeds list:real")


def test_a_library_name_is_found_while_it_is_typed(library):
    papers, engines, folder = library
    for engine in engines:
        assert _ids(engine, "list:rea", prefix=True) == _held(papers, folder)
        # finished, the word is a name as written: "rea" names nothing
        result = engine.search("list:rea", limit=None)
        assert not result.total
        assert "did you mean list:real?" in (result.message or "")


def test_a_library_name_mistyped_is_offered(library):
    _papers, engines, _folder = library
    for engine in engines:
        result = engine.search("list:reel", limit=None)
        assert not result.total
        assert "did you mean list:real?" in (result.message or "")
        # a name that finds papers is never said to name no list
        result = engine.search("list:real nosuchwordanywhere", limit=None)
        assert not result.total
        assert "no list is named" not in (result.message or "")


def test_an_engine_without_a_data_folder_knows_no_library_names(library):
    papers, _engines, _folder = library
    assert not Engine(papers, None).search("list:real").total


def test_an_entrys_lists_are_found_by_their_names_where_no_other_list_shares_them(library):
    # a folder of twenty lists of 5,000 papers each was 100,000 paper ids looked up in
    # the index (9 s for list:parts); by the lists' names it is twenty terms
    from tuireader.model import Library, PaperList
    from tuireader.search import query as ql

    _papers, (indexed, _scanned), _folder = library
    parsed, resolve = indexed._with_list_files(ql.parse("list:real"), None)
    assert resolve is None  # no paper ids to answer for: the names find them
    assert "Phrase" in repr(parsed.root)
    # a list outside the entry whose name holds one of the entry's: its papers would be
    # found too, so the entry's papers are named one by one
    lists = (
        PaperList("ICML 2024", Path("a/icml.jsonl"), ("p1",)),
        PaperList("ICML 2024 Orals", Path("b/orals.jsonl"), ("p2",)),
    )
    alone = Engine(Library(papers=(), lists=lists), None)
    assert alone._names_alone([lists[0]]) == []
    assert alone._names_alone([lists[1]]) == ["ICML 2024 Orals"]
    assert alone._names_alone(list(lists)) == ["ICML 2024", "ICML 2024 Orals"]


def test_an_entrys_list_names_are_not_found_across_two_names_nor_when_they_have_no_words(
    tmp_path,
):
    # "mine/deep learning.jsonl" beside "others/deep.jsonl" and "others/learning.jsonl"
    # holding one paper: its names "deep ; learning" held the phrase "deep learning",
    # and list:mine found that paper too; a list named "++" has no words to find
    from corpus_util import write_jsonl

    ours = {"title": "Ours", "abstract": "A paper of ours about walruses."}
    theirs = {"title": "Theirs", "abstract": "A paper of theirs about seals."}
    mine, others, sym = tmp_path / "mine", tmp_path / "others", tmp_path / "sym"
    write_jsonl(mine / "deep learning.jsonl", [ours])
    write_jsonl(others / "deep.jsonl", [theirs])
    write_jsonl(others / "learning.jsonl", [theirs])
    write_jsonl(sym / "++.jsonl", [{"title": "Plus", "abstract": "A paper of plus signs."}])
    paths = resolve(tmp_path / "data")
    shelf.add(paths, [mine, others, sym], reads=in_folder)
    session = load_session(shelf.sources(paths), data_dir=paths.root)
    indexed = session.engine()
    try:
        for engine in (indexed, Engine(session.library, None, paths=paths)):
            titles = {hit.paper.title for hit in engine.search("list:mine", limit=None).hits}
            assert titles == {"Ours"}
            typed = engine.search("list:mi", limit=None, prefix=True).hits
            assert {hit.paper.title for hit in typed} == {"Ours"}
            assert {hit.paper.title for hit in engine.search("list:sym", limit=None).hits} == {
                "Plus"
            }
    finally:
        indexed.close()
