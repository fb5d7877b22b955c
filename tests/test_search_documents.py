"""Which paper each document of the index is (``search.documents``): a search with many
hits names its papers from the map of every document's place in the library, made once
for the index's searcher (or kept with the snapshot for the next process), and finds
exactly what reading each document's stored id finds, before and after the index
changes; and a hit's title spans are found when first asked for."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
import whoosh.index
from corpus_util import RECORDS, many_records, write_jsonl
from whoosh import query as wq
from whoosh.reading import IndexReader, SegmentReader

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.search import documents, snapshot
from tuireader.search.documents import Documents
from tuireader.search.engine import Engine, Hit, open_engine
from tuireader.search.highlight import Marker, marker, spans_of
from tuireader.search.ranking import ranks_text
from tuireader.session import load_session
from tuireader.system.paths import resolve

#: the fast path, Whoosh's matchers (phrases, OR, exclusions alone), filters, prefixes
QUERIES = [
    "diffusion",
    "study",
    "privacy graphs",
    "study -privacy",
    '"neural networks"',
    '"study number"',
    '"walrus migration"',  # a paper of a later segment, checked on its own title
    "privacy OR graphs OR diffusion",
    "title:diffusion",
    "-privacy",
    "has:code",
    "stud",
    "is:kept",
    "is:new study",
    "tag:x OR diffusion",
]


def resolve_triage(name: str, value: str) -> set[str] | None:
    """A few papers kept and tagged, as the triage store would answer."""
    kept = {"kept-none"}
    if name == "is":
        return kept
    if name == "tag":
        return set()
    return None


def answers(engine: Engine, queries: list[str] = QUERIES) -> dict[tuple[str, int | None], tuple]:
    """Every query's total and hits (ids, scores, title spans), every hit and the first 3."""
    out = {}
    for query in queries:
        for limit in (None, 3):
            result = engine.search(query, limit=limit, prefix=True, resolve=resolve_triage)
            hits = [(hit.paper.id, hit.score, hit.title_spans) for hit in result.hits]
            out[query, limit] = (result.total, hits)
    return out


@pytest.fixture
def read_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Documents never make the map: each hit's stored id is read, as before there was one."""
    monkeypatch.setattr(documents, "MAP_SHARE", math.inf)


class Reads:
    """Stored documents read, and passes over every document, while patched in (a pass
    over an index of several segments reads each document as ``stored``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stored = self.passes = 0
        stored_fields = SegmentReader.stored_fields

        def counted_stored(reader, docnum):  # type: ignore[no-untyped-def]
            self.stored += 1
            return stored_fields(reader, docnum)

        monkeypatch.setattr(SegmentReader, "stored_fields", counted_stored)
        for owner in (IndexReader, SegmentReader):
            iter_docs = owner.iter_docs

            def counted_pass(reader, iter_docs=iter_docs):  # type: ignore[no-untyped-def]
                self.passes += 1
                return iter_docs(reader)

            monkeypatch.setattr(owner, "iter_docs", counted_pass)


def _lists(folder: Path) -> list[Path]:
    a = write_jsonl(folder / "a.jsonl", RECORDS)
    b = write_jsonl(folder / "b.jsonl", many_records(40))
    return [a, b]


def _changed(folder: Path) -> list[Path]:
    """The lists changed: a paper's title rewritten, some papers gone, others new."""
    records = many_records(40)
    records[5]["title"] = "Walrus migration study"
    del records[10:16]
    records += many_records(12, " extra")
    b = write_jsonl(folder / "b.jsonl", records)
    c = write_jsonl(folder / "c.jsonl", many_records(9, " third"))
    return [folder / "a.jsonl", b, c]


@pytest.fixture
def updated(tmp_path: Path):  # type: ignore[no-untyped-def]
    """An index of two lists, updated for the lists changed: documents in two segments
    or more, some deleted."""
    data = resolve(tmp_path / "data")
    first = open_engine(load_library(_lists(tmp_path / "lists")), data)
    first.close()
    library = load_library(_changed(tmp_path / "lists"))
    engine = open_engine(library, data)
    report = engine.report
    assert report.added and report.updated + report.removed, report
    yield engine
    engine.close()


def test_hits_are_the_same_with_the_map_as_read_one_by_one(
    updated: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader = updated._searcher.reader()
    assert len(reader.leaf_readers()) > 1 and reader.has_deletions()  # offsets, deletions
    ranked = [query for query in QUERIES if ranks_text(query, prefix=True)]
    with monkeypatch.context() as patch:
        patch.setattr(documents, "MAP_SHARE", math.inf)
        one_by_one = answers(updated, ranked)
        assert updated._documents._positions is None  # hits ranked without the map
        # a query of filters only is in list order, which the map gives
        one_by_one |= answers(updated, [query for query in QUERIES if query not in ranked])
    updated._documents.positions()
    assert answers(updated) == one_by_one
    # and the answers are not empty: the comparison compares something
    assert one_by_one["study", None][0] >= 40 and one_by_one['"neural networks"', None][0] >= 2
    assert one_by_one["-privacy", None][0] > 40 and one_by_one["is:kept", None] == (0, [])
    assert one_by_one['"walrus migration"', None][0] == 1


def test_a_search_with_many_hits_reads_no_stored_document_once_the_map_is_made(
    updated: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = Reads(monkeypatch)
    few = updated.search("walrus", limit=None)
    assert few.total == 1 and updated._documents._positions is None  # no map for one hit
    assert reads.passes == 0
    many = updated.search("study", limit=None)
    assert many.total >= 40 and reads.passes == 1  # made once, in one pass
    reads.stored = 0
    for query in ("study", "-privacy", "study OR walrus", '"study number"', "has:code -x"):
        assert updated.search(query, limit=None).total
    assert (reads.stored, reads.passes) == (0, 1)


def test_after_an_update_each_hit_is_the_paper_the_index_found(updated: Engine) -> None:
    library = updated.library
    updated._documents.positions()
    found = updated.search("walrus", limit=None)
    assert [hit.paper.title for hit in found.hits] == ["Walrus migration study"]
    third = updated.search("third", limit=None)
    assert third.total == 9 and {hit.paper.id for hit in third.hits} == {
        paper.id for paper in library.papers if "third" in paper.title
    }
    # every hit is the paper whose words were found
    for hit in updated.search("diffusion", limit=None).hits:
        assert "diffusion" in f"{hit.paper.title} {hit.paper.abstract}".lower()
    gone = {record["title"] for record in many_records(40)[10:16]}
    every = updated.search("-zzzz", limit=None)
    assert every.total == len(library) and not gone & {hit.paper.title for hit in every.hits}


def test_an_engine_searching_the_index_as_it_was_still_names_its_papers(tmp_path: Path) -> None:
    """Another open (another process) updates the index: an engine opened before goes on
    searching the documents as they were, and names the papers of its own library."""
    data = resolve(tmp_path / "data")
    library = load_library(_lists(tmp_path / "lists"))
    before = open_engine(library, data)
    expected = answers(before)
    after = open_engine(load_library(_changed(tmp_path / "lists")), data)
    assert after.report.written
    try:
        before._documents.positions()
        assert answers(before) == expected
        assert after.search("walrus").total == 1 and before.search("walrus").total == 0
    finally:
        before.close()
        after.close()


def test_a_map_that_does_not_fit_the_searcher_is_not_used(updated: Engine, read_each) -> None:
    from array import array

    expected = answers(updated)
    made = Documents(updated.library, updated._searcher).positions()
    too_far = array("i", [len(updated.library)]) * len(made)
    for wrong in (array("i", reversed(made)), made[:-1], too_far, array("i", [-2]) * len(made)):
        engine = Engine(updated.library, updated._opened, positions=wrong)
        assert engine._documents._positions is None
        assert answers(engine) == expected
    right = Engine(updated.library, updated._opened, positions=made)
    assert right._documents._positions is made


# -- kept for the next process ------------------------------------------------------------


def _search(capsys, data: Path, sources, query: str, *extra: str) -> tuple[int, str, str]:
    code = main(["search", query, *map(str, sources), "--data-dir", str(data), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_next_process_takes_the_map_from_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = _lists(tmp_path / "lists")
    data = tmp_path / "data"
    first = load_session(sources, data_dir=data, lazy=True).engine(quick=True)
    first.close()  # opened the full way: the index checked, the snapshot written
    reads = Reads(monkeypatch)
    opened = []
    open_checked = snapshot.open_checked

    def kept(*args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(open_checked(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(snapshot, "open_checked", kept)
    session = load_session(sources, data_dir=data, lazy=True)
    engine = session.engine(quick=True)
    try:
        assert opened and opened[0] is engine  # the snapshot's engine
        assert engine._documents._positions is not None and reads.passes == 0
        checked = reads.stored
        assert checked <= documents.CHECKED
        result = engine.search("study", limit=None)
        assert result.total >= 40 and (reads.stored, reads.passes) == (checked, 0)
        assert {hit.paper.id for hit in result.hits} == {
            paper.id
            for paper in session.library.papers
            if "study" in f"{paper.title} {paper.abstract}".lower()
        }
    finally:
        engine.close()


def test_a_merged_index_is_not_searched_with_the_map_kept_from_before(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process merges the index's segments, its deleted documents left out (the
    documents after them numbered anew): the snapshot no longer holds, and each hit is
    the paper found, as the full way finds it."""
    folder = tmp_path / "lists"
    data = tmp_path / "data"
    _search(capsys, data, _lists(folder), "study")  # the index
    sources = _changed(folder)
    _search(capsys, data, sources, "study")  # updated, and the snapshot for it
    ix = whoosh.index.open_dir(str(data / "index"))
    with ix.reader() as reader:
        assert reader.has_deletions()
        before = reader.doc_count_all()
    ix.optimize()
    with ix.reader() as reader:
        assert not reader.has_deletions() and reader.doc_count_all() < before
    ix.close()
    code, out, _ = _search(capsys, data, sources, "study", "--json", "--sort", "list")
    library = load_library(sources)
    expected = [
        paper.title for paper in library.papers if "study" in f"{paper.title} {paper.abstract}"
    ]
    assert code == 0 and [hit["title"] for hit in json.loads(out)["hits"]] == expected[:20]
    with monkeypatch.context() as patch:
        patch.setattr(snapshot, "open_checked", lambda *a, **k: None)
        patch.setattr(snapshot, "save", lambda *a, **k: False)
        full = _search(capsys, data, sources, "study", "--json", "--sort", "list")
    assert full[1] == out


# -- title spans ----------------------------------------------------------------------------


def test_title_spans_are_found_when_first_asked_for_and_right(
    updated: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = []
    spans = Marker.spans

    def counted(self, text):  # type: ignore[no-untyped-def]
        found.append(text)
        return spans(self, text)

    monkeypatch.setattr(Marker, "spans", counted)
    result = updated.search("kernel studies", limit=None)
    assert result.total >= 5 and not found
    first = result.hits[0]
    assert first.paper.title.startswith("Kernels study number")
    assert first.title_spans == ((0, 7), (8, 13)) and len(found) == 1
    assert first.title_spans is first.title_spans and len(found) == 1  # found once
    for hit in result.hits:
        assert hit.title_spans == spans_of(hit.paper.title, result.terms)
    # a hit is equal to another of the same paper, score and words, and to no other
    assert updated.search("kernel studies", limit=None).hits == result.hits
    paper = first.paper
    assert Hit(paper, 1.0, marker(["study"])) == Hit(paper, 1.0, marker(["study"]))
    assert Hit(paper, 1.0, marker(["study"])) != Hit(paper, 1.0, marker(["number"]))
    assert Hit(paper, 1.0, marker(["study"])) != Hit(paper, 2.0, marker(["study"]))


FILTERED = [
    "is:kept",
    "-is:kept",
    "is:new",
    "-is:new",
    "study is:kept",
    "study -is:kept",
    "study OR is:kept",
    "stud* is:kept",
    "is:kept tag:x",
    "tag:x OR diffusion",
    "-(is:kept OR is:new)",
    '"study number" is:kept',
    "is:kept -study",
]


def half_kept(engine: Engine) -> Callable[[str, str], set[str] | None]:
    """Every other paper kept, a few of them tagged, and ids of no paper of the library
    among the kept (a mark waiting for its list)."""
    ids = [paper.id for paper in engine.library.papers]
    kept = {*ids[::2], "gone-1", "gone-2"}
    tagged = set(ids[1:40:3])

    def resolve(name: str, value: str) -> set[str] | None:
        if name == "is":
            return kept if value in ("kept", "*") else set()
        if name == "tag":
            return tagged
        return None

    return resolve


def filtered_answers(engine: Engine) -> dict[tuple[str, str | None], tuple]:
    resolve = half_kept(engine)
    out = {}
    for query in FILTERED:
        for order in (None, "list"):
            result = engine.search(query, limit=None, resolve=resolve, order=order)
            out[query, order] = (result.total, [(hit.paper.id, hit.score) for hit in result.hits])
    return out


def test_filters_of_many_papers_find_what_their_id_terms_find(
    updated: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A filter's papers are found by their documents: the same hits and scores as an
    OR of their ``id`` terms, in an index of several segments with deletions."""
    from tuireader.search import compiled, plan

    with monkeypatch.context() as patch:
        patch.setattr(compiled, "_docs_query", lambda ctx, ids: compiled._ids_query(ids))
        patch.setattr(
            plan,
            "docnums",
            lambda ctx, ids: {
                doc for pid in ids if (doc := ctx.searcher.document_number(id=pid)) is not None
            },
        )
        by_terms = filtered_answers(updated)
    assert filtered_answers(updated) == by_terms
    updated._documents.positions()
    assert filtered_answers(updated) == by_terms
    half = (len(updated.library) + 1) // 2  # every other paper, from the first
    assert by_terms["is:kept", None][0] == half and by_terms["study OR is:kept", None][0] > half
    assert by_terms["is:kept tag:x", None][0] > 0 and by_terms["-is:new", None][0] == half


def test_a_filter_of_many_papers_looks_up_no_id_in_the_index(
    updated: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found through the map of documents: an OR of one ``id`` term a paper, or a
    lookup each, took as long as the rest of the search with 2,000 papers kept."""
    from whoosh.searching import Searcher

    looked_up: list[str] = []
    term_matcher = wq.Term.matcher
    document_number = Searcher.document_number

    def counted_matcher(term, searcher, context=None):  # type: ignore[no-untyped-def]
        if term.fieldname == "id":
            looked_up.append(term.text)
        return term_matcher(term, searcher, context)

    def counted_number(searcher, **fields):  # type: ignore[no-untyped-def]
        looked_up.append(fields.get("id", ""))
        return document_number(searcher, **fields)

    monkeypatch.setattr(wq.Term, "matcher", counted_matcher)
    monkeypatch.setattr(Searcher, "document_number", counted_number)
    resolve = half_kept(updated)
    for query in ("is:kept", "study is:kept", "study OR is:kept", "-is:new", "is:new study"):
        assert updated.search(query, limit=None, resolve=resolve).total
    assert looked_up == []
