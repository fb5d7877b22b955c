"""The fast index writer writes exactly what Whoosh's own writer writes."""

from __future__ import annotations

import pickle

import pytest
from corpus_util import RECORDS, many_records, write_jsonl
from whoosh import fields, index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb import filetables

from tuireader.ingest.library import load_library
from tuireader.search import index as tindex
from tuireader.search import segments, w3format, whooshdoor
from tuireader.search.analysis import WordField
from tuireader.system.resources import seeds_dir

TRICKY = [
    "The the THE a an of: stop words only",
    "ICML 2024 论文列表 and 论文 again; Müller, naïve café x_y_z",
    "repeat repeat repeat models modelling modeled $\\Omega(1/\\epsilon^2)$ 0.4% 12.2%",
    "β-VAEs, μP and Schölkopf's αMüller ö: Θεωρία; Scho\u0308lkopf soft\u00adhyphens",
    "D\u1d45 seeding, X\u03a3 and \u03c2; \u03f5-greedy \u03d1 \U0001d6fc-divergence",
    "",
]


def _seed_library():
    return load_library([seeds_dir()])


def _term_stats(reader, fieldname, term) -> tuple:
    info = reader.term_info(fieldname, term)
    return (
        info.weight(),
        info.doc_frequency(),
        info.min_length(),
        info.max_length(),
        info.max_weight(),
        info.min_id(),
        info.max_id(),
    )


def _block_stats(m) -> list[tuple]:
    """Each block's header as a W3 reader sees it: size, last id, top weight, lengths."""
    blocks = [(m._blocklength, m._maxid, m._maxweight, m._minlength, m._maxlength)]
    while not m._lastblock:
        m._goto(m._nextoffset)
        blocks.append((m._blocklength, m._maxid, m._maxweight, m._minlength, m._maxlength))
    return blocks


def _postings(ix, blocks: bool = True) -> dict:
    """Every posting of every term, its statistics and (with ``blocks``, for one
    segment) block headers, with the field lengths and stored fields."""
    out = {}
    with ix.reader() as reader:
        for fieldname, term in reader.all_terms():
            m = reader.postings(fieldname, term)
            rows = []
            while m.is_active():
                rows.append((m.id(), m.weight(), m.value()))
                m.next()
            out[fieldname, term] = rows
            out["stats", fieldname, term] = _term_stats(reader, fieldname, term)
            if blocks:
                out["blocks", fieldname, term] = _block_stats(reader.postings(fieldname, term))
        for doc in range(reader.doc_count_all()):
            for fieldname in ix.schema.scorable_names():
                out["length", fieldname, doc] = reader.doc_field_length(doc, fieldname)
            out["stored", doc] = reader.stored_fields(doc)
    return out


def _whoosh_built(folder, papers):
    """The same papers written by Whoosh's general writer, each field's format over its
    tokenizer (the fast field's shortcut switched off)."""
    folder.mkdir()
    ix = index.create_in(str(folder), tindex.schema())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WordField, "index", fields.FieldType.index)
        writer = ix.writer()
        for paper in papers:
            writer.add_document(**tindex.document(paper, tindex.fingerprint(paper)))
        writer.commit()
    return ix


@pytest.mark.parametrize("fieldname", ["title", "abstract", "authors", "lists", "keywords", "urls"])
def test_the_fast_field_indexes_what_the_tokenizer_gives(fieldname):
    field = tindex.schema()[fieldname]
    texts = TRICKY + [tindex.document(p, "")[fieldname] for p in _seed_library().papers]
    for text in texts:
        fast = list(field.index(text))
        general = [
            (term.encode("utf-8"), freq, weight, value)
            for term, freq, weight, value in field.format.word_values(
                text, field.analyzer, mode="index"
            )
        ]
        assert fast == general, text


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "whoosh-methods"])
def test_a_new_index_holds_the_same_postings_as_whooshs_writer(tmp_path, monkeypatch, direct):
    """Seeds, tricky records and enough papers for terms of several blocks (W3 blocks
    hold 128 postings), in one segment, through the direct term writer and through
    Whoosh's own per-posting methods."""
    records = RECORDS + many_records(400)
    papers = list(_seed_library().papers) + list(
        load_library([write_jsonl(tmp_path / "r.jsonl", records)]).papers
    )
    if not direct:
        monkeypatch.setattr(whooshdoor._BlockFieldWriter, "_NEEDS", ("_no_such_attribute",))
    expected = _postings(_whoosh_built(tmp_path / "general", papers))
    (tmp_path / "fast").mkdir()
    ix = index.create_in(str(tmp_path / "fast"), tindex.schema())
    segments.write_new(
        ix, papers, lambda p: tindex.document(p, tindex.fingerprint(p)), compound=True
    )
    found = _postings(ix)
    assert found == expected
    assert max(len(v) for k, v in found.items() if k[0] == "blocks") >= 3


def test_two_processes_write_the_same_documents_in_order(tmp_path):
    library = load_library([write_jsonl(tmp_path / "many.jsonl", many_records(600))])
    papers = list(library.papers)
    expected = _postings(_whoosh_built(tmp_path / "general", papers), blocks=False)
    (tmp_path / "fast").mkdir()
    ix = index.create_in(str(tmp_path / "fast"), tindex.schema())
    seen = []
    counts, stems = segments.write_new(
        ix,
        papers,
        lambda p: tindex.document(p, tindex.fingerprint(p)),
        compound=False,
        processes=2,
        progress=lambda done, total: seen.append((done, total)),
        tally=tindex.paper_words,
        summarise=tindex.vocab_stems,
    )
    ix = index.open_dir(str(tmp_path / "fast"))
    assert len(ix._segments()) == (2 if segments.can_fork() else 1)
    assert _postings(ix, blocks=False) == expected
    assert seen[-1] == (600, 600) and seen == sorted(seen)
    assert dict(counts) == tindex.build_vocab(papers)
    assert stems == tindex.vocab_stems(counts)  # each process's, merged


def test_the_index_records_whooshs_own_codec(tmp_path):
    papers = list(_seed_library().papers)
    ix = index.create_in(str(tmp_path), tindex.schema())
    segments.write_new(ix, papers, lambda p: tindex.document(p, ""), compound=True)
    reopened = index.open_dir(str(tmp_path))
    assert {type(s.codec()) for s in reopened._segments()} == {W3Codec}
    assert type(pickle.loads(pickle.dumps(whooshdoor.BlockCodec()))) is W3Codec


def _fail_on_first(paper):
    raise RuntimeError(f"cannot index {paper.id}")


@pytest.mark.skipif(not segments.can_fork(), reason="needs fork")
def test_a_failing_second_process_fails_the_build_and_commits_nothing(tmp_path):
    papers = list(load_library([write_jsonl(tmp_path / "m.jsonl", many_records(50))]).papers)
    (tmp_path / "ix").mkdir()
    ix = index.create_in(str(tmp_path / "ix"), tindex.schema())
    first_half = {p.id for p in papers[:25]}

    def to_fields(paper):
        if paper.id in first_half:
            _fail_on_first(paper)
        return tindex.document(paper, "")

    with pytest.raises(segments.BuildError, match="cannot index"):
        segments.write_new(ix, papers, to_fields, compound=True, processes=2)
    assert index.open_dir(str(tmp_path / "ix")).doc_count() == 0
    # The lock was released: a new writer can start.
    ix.writer().cancel()


def test_the_url_field_keeps_host_names_and_code_paths(tmp_path):
    from tuireader.ingest.links import index_text
    from tuireader.model import Link

    assert (
        index_text(Link("https://github.com/LIONS-EPFL/Charmer", "code"))
        == "github LIONS-EPFL Charmer"
    )
    assert index_text(Link("https://openreview.net/forum?id=AZWqXfM6z9", "paper")) == "openreview"
    assert index_text(Link("http://www.cs.example.edu:8080/~me/x", "project")) == "cs example"
    assert index_text(Link("https://me.github.io/project", "project")) == "me github"


def test_the_term_table_hash_is_whooshs_md5_hash():
    for key in (b"", b"\x00\x01model", "论文".encode(), bytes(range(256))):
        assert w3format.md5_low(key) == filetables.md5_hash(key)


def _noting(made):  # type: ignore[no-untyped-def]
    """A ``to_fields`` that notes the process making each document and its niceness."""
    import os

    def to_fields(paper):  # type: ignore[no-untyped-def]
        with made.open("a") as out:
            out.write(f"{os.getpid()} {os.nice(0)}\n")
        return tindex.document(paper, tindex.fingerprint(paper))

    return to_fields


@pytest.mark.skipif(not segments.can_fork(), reason="needs fork")
@pytest.mark.parametrize("processes", [1, 2])
def test_a_build_from_a_thread_is_written_by_other_processes_behind_it(tmp_path, processes):
    # the reader builds from a worker thread: the half it wrote itself held the
    # interpreter for seconds at a time, and the keys waited for it
    import os
    import threading

    library = load_library([write_jsonl(tmp_path / "many.jsonl", many_records(300))])
    papers = list(library.papers)
    expected = _postings(_whoosh_built(tmp_path / "general", papers), blocks=False)
    (tmp_path / "fast").mkdir()
    ix = index.create_in(str(tmp_path / "fast"), tindex.schema())
    made, seen, out = tmp_path / "made", [], []

    def build() -> None:
        out.append(
            segments.write_new(
                ix,
                papers,
                _noting(made),
                compound=True,
                processes=processes,
                progress=lambda done, total: seen.append((done, total)),
                tally=tindex.paper_words,
                summarise=tindex.vocab_stems,
            )
        )

    worker = threading.Thread(target=build)
    worker.start()
    worker.join()
    counts, stems = out[0]
    notes = [tuple(map(int, line.split())) for line in made.read_text().splitlines()]
    assert len(notes) == len(papers)
    assert os.getpid() not in {pid for pid, _ in notes}
    assert len({pid for pid, _ in notes}) == processes
    assert all(nice > os.nice(0) for _, nice in notes)  # the reader's process goes first
    ix = index.open_dir(str(tmp_path / "fast"))
    assert len(ix._segments()) == processes
    assert _postings(ix, blocks=False) == expected
    assert seen[-1] == (300, 300) and seen == sorted(seen)
    assert dict(counts) == tindex.build_vocab(papers)
    assert stems == tindex.vocab_stems(counts)
    assert sorted(os.listdir(tmp_path / "fast")) == sorted(
        ["MAIN_WRITELOCK", f"_MAIN_{ix.latest_generation()}.toc"]
        + [f"{segment.segment_id()}.seg" for segment in ix._segments()]
    )  # nothing of a segment of its own left by the process that committed


@pytest.mark.skipif(not segments.can_fork(), reason="needs fork")
def test_the_main_thread_writes_its_part_itself(tmp_path):
    import os

    papers = list(load_library([write_jsonl(tmp_path / "m.jsonl", many_records(40))]).papers)
    ix = index.create_in(str(tmp_path), tindex.schema())
    made = tmp_path / "made"
    segments.write_new(ix, papers, _noting(made), compound=True, processes=2)
    pids = [int(line.split()[0]) for line in made.read_text().splitlines()]
    assert pids.count(os.getpid()) == 20  # the second half, as the command line builds
