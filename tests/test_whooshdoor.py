"""Whoosh's private names are used only after one check, and another Whoosh gets the public path.

Forcing the check to fail must give the same postings, scores and search results
through Whoosh's public writer and matchers, and say so once.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
import whoosh
from corpus_util import RECORDS, many_records, write_jsonl
from test_segments import _postings, _whoosh_built
from whoosh import index
from whoosh.codec.whoosh3 import W3LeafMatcher

from tuireader.ingest.library import load_library
from tuireader.search import fastsearch, segments, whooshdoor
from tuireader.search import index as tindex
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

QUERIES = [
    "diffusion",
    "diffusion model",
    "graph neural netw",
    "study -number",
    '"neural networks"',
    "privacy OR molecules",
    "person3",
    "has:code",
]


def _fresh_check(monkeypatch) -> None:
    monkeypatch.setattr(whooshdoor, "_checked", None)
    monkeypatch.setattr(whooshdoor, "_noted", False)


@pytest.fixture
def public_whoosh(monkeypatch):
    """Whoosh as if its internals differed from the tested ones."""
    _fresh_check(monkeypatch)
    monkeypatch.setattr(
        whooshdoor, "_check", lambda: whooshdoor.Internals(False, "Whoosh 9.9 is not the tested")
    )


def _papers(tmp_path):
    source = write_jsonl(tmp_path / "lists" / "r.jsonl", RECORDS + many_records(400))
    return load_library([source])


def test_importing_the_search_stack_reads_no_private_name():
    code = (
        "import tuireader.search.engine, tuireader.search.index\n"
        "from tuireader.search import whooshdoor\n"
        "assert whooshdoor._checked is None, whooshdoor._checked\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_installed_whoosh_passes_the_check():
    assert whooshdoor._check() == whooshdoor.Internals(True)


def test_another_whoosh_release_is_not_trusted(monkeypatch):
    _fresh_check(monkeypatch)
    monkeypatch.setattr(whoosh, "__version__", (3, 55, 0))
    checked = whooshdoor.internals()
    assert not checked.usable
    assert "3.55" in checked.reason
    assert whooshdoor.internals() is checked  # checked once


def test_a_missing_private_name_is_seen(monkeypatch):
    monkeypatch.delattr(W3LeafMatcher, "_next_block")
    checked = whooshdoor._check()
    assert not checked.usable
    assert "W3LeafMatcher._next_block" in checked.reason


def test_the_public_writer_writes_the_same_postings(tmp_path, public_whoosh):
    papers = list(_papers(tmp_path).papers)
    expected = _postings(_whoosh_built(tmp_path / "general", papers), blocks=False)
    (tmp_path / "public").mkdir()
    ix = index.create_in(str(tmp_path / "public"), tindex.schema())
    counts, _stems = segments.write_new(
        ix,
        papers,
        lambda p: tindex.document(p, tindex.fingerprint(p)),
        compound=False,
        processes=2,
        tally=tindex.paper_words,
        summarise=tindex.vocab_stems,
    )
    ix = index.open_dir(str(tmp_path / "public"))
    assert len(ix._segments()) == 1  # no second process without the known internals
    assert _postings(ix, blocks=False) == expected
    assert dict(counts) == tindex.build_vocab(papers)


def test_the_public_matchers_give_the_same_scores(tmp_path, monkeypatch):
    papers = list(_papers(tmp_path).papers)
    (tmp_path / "ix").mkdir()
    ix = index.create_in(str(tmp_path / "ix"), tindex.schema())
    segments.write_new(ix, papers, lambda p: tindex.document(p, ""), compound=False, processes=2)
    alts = [
        ("abstract", "diffus"),
        ("abstract", "work"),
        ("title", "studi"),
        ("authors", "person3"),
    ]
    asked = list(range(0, len(papers), 3))

    def read_all():
        with ix.reader() as reader:
            terms = fastsearch.TermScores(reader)
            return [(terms.scores(alt), terms.probe(alt, asked)) for alt in alts]

    direct = read_all()
    _fresh_check(monkeypatch)
    monkeypatch.setattr(whooshdoor, "_check", lambda: whooshdoor.Internals(False, "forced"))
    public = read_all()
    for (d_scores, d_probe), (p_scores, p_probe) in zip(direct, public):
        assert list(p_scores[0]) == list(d_scores[0])
        assert list(p_scores[1]) == pytest.approx(list(d_scores[1]))
        assert p_probe == pytest.approx(d_probe)


def test_search_is_the_same_through_the_public_path_and_says_so_once(tmp_path, monkeypatch):
    library = _papers(tmp_path)
    fast = open_engine(library, resolve(tmp_path / "fast"))
    expected = {
        q: [(h.paper.id, round(h.score, 6)) for h in fast.search(q, prefix=True).hits]
        for q in QUERIES
    }
    fast.close()
    assert all(expected.values())

    _fresh_check(monkeypatch)
    monkeypatch.setattr(
        whooshdoor, "_check", lambda: whooshdoor.Internals(False, "Whoosh 9.9 is not the tested")
    )
    public = open_engine(library, resolve(tmp_path / "public"))
    try:
        found = {
            q: [(h.paper.id, round(h.score, 6)) for h in public.search(q, prefix=True).hits]
            for q in QUERIES
        }
        notes = [m for m in public.messages if "public writer" in m]
        note = "Whoosh 9.9 is not the tested: the search index uses Whoosh's public writer"
        assert notes == [f"{note} and matchers (slower)"]
    finally:
        public.close()
    assert found == expected
    again = open_engine(library, resolve(tmp_path / "public"))
    assert not [m for m in again.messages if "public writer" in m]
    again.close()


def test_the_segment_files_are_the_same_through_the_public_path(tmp_path, monkeypatch):
    papers = list(_papers(tmp_path).papers)
    (tmp_path / "ix").mkdir()
    ix = index.create_in(str(tmp_path / "ix"), tindex.schema())
    segments.write_new(ix, papers, lambda p: tindex.document(p, ""), compound=False, processes=2)
    ix = index.open_dir(str(tmp_path / "ix"))
    direct = whooshdoor.segment_files(ix)
    _fresh_check(monkeypatch)
    monkeypatch.setattr(whooshdoor, "_check", lambda: whooshdoor.Internals(False, "forced"))
    assert whooshdoor.segment_files(ix) == direct
    assert direct[0] == f"_MAIN_{ix.latest_generation()}.toc"
    assert len(direct[1]) == (2 if segments.can_fork() else 1)


def test_blocks_give_the_deleted_documents_a_term_begins_with(tmp_path):
    papers = list(_papers(tmp_path).papers)
    (tmp_path / "ix").mkdir()
    ix = index.create_in(str(tmp_path / "ix"), tindex.schema())
    segments.write_new(ix, papers, lambda p: tindex.document(p, ""), compound=False)
    with ix.reader() as reader:
        expected = [doc for ids, _ in whooshdoor.blocks(reader, "title", "studi") for doc in ids]
    assert len(expected) > 300  # postings of several blocks
    writer = ix.writer()
    for paper in papers[:300]:  # every posting of the first block
        writer.delete_by_term("id", paper.id)
    writer.commit(merge=False)
    with ix.reader() as reader:
        assert reader.has_deletions()
        found = [doc for ids, _ in whooshdoor.blocks(reader, "title", "studi") for doc in ids]
    assert found == expected
