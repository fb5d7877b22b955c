"""Term scores read a block at a time equal BM25F computed posting by posting."""

from __future__ import annotations

import math

import pytest
from corpus_util import many_records, write_jsonl
from whoosh import index

from tuireader.ingest.library import load_library
from tuireader.search import fastsearch, segments
from tuireader.search import index as tindex


def _reference(reader, alt) -> dict[int, float]:
    """BM25F through Whoosh's public matcher and length API, one posting at a time,
    weighed by the undeleted documents alone (their count, those of them with the term,
    and the field's average length in them)."""
    fieldname, text = alt
    if alt not in reader:
        return {}
    postings = {}
    m = reader.postings(fieldname, text)  # the undeleted documents' postings
    while m.is_active():
        postings[m.id()] = m.weight()
        m.next()
    live = list(reader.all_doc_ids())
    n = max(1, len(live))
    df = len(postings)
    idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
    weight = fastsearch.FIELD_WEIGHT.get(fieldname, 1.0) * idf
    total = sum(reader.doc_field_length(doc, fieldname, 0) for doc in live)
    avg = max(1.0, total / n)
    out = {}
    for doc, tf in postings.items():
        dl = reader.doc_field_length(doc, fieldname, 1) or 1
        k = fastsearch.K1
        out[doc] = weight * tf * (k + 1) / (tf + k * (1 - fastsearch.B + fastsearch.B * dl / avg))
    return out


@pytest.fixture
def two_segment_reader(tmp_path):
    papers = list(load_library([write_jsonl(tmp_path / "m.jsonl", many_records(700))]).papers)
    folder = tmp_path / "ix"
    folder.mkdir()
    ix = index.create_in(str(folder), tindex.schema())
    segments.write_new(ix, papers, lambda p: tindex.document(p, ""), compound=False, processes=2)
    writer = ix.writer()
    for paper in papers[::7]:  # deletions in both segments
        writer.delete_by_term("id", paper.id)
    writer.commit(merge=False)
    reader = index.open_dir(str(folder)).reader()
    yield reader
    reader.close()


ALTS = [
    ("abstract", "diffus"),
    ("abstract", "work"),
    ("abstract", "benchmark"),
    ("title", "studi"),
    ("title", "number"),
    ("authors", "person3"),
    ("abstract", "absent"),
]


@pytest.mark.parametrize("alt", ALTS)
def test_scores_match_the_posting_by_posting_reference(two_segment_reader, alt):
    expected = _reference(two_segment_reader, alt)
    ids, scores = fastsearch.TermScores(two_segment_reader).scores(alt)
    assert list(ids) == sorted(expected)
    assert list(scores) == pytest.approx([expected[d] for d in ids])


@pytest.mark.parametrize("alt", ALTS)
def test_probing_gives_the_same_scores_for_the_asked_documents(two_segment_reader, alt):
    expected = _reference(two_segment_reader, alt)
    asked = list(range(0, two_segment_reader.doc_count_all(), 5))
    probed = fastsearch.TermScores(two_segment_reader).probe(alt, asked)
    assert probed == pytest.approx({d: s for d, s in expected.items() if d in set(asked)})


def _live(reader) -> list[int]:
    return list(reader.all_doc_ids())


@pytest.mark.parametrize(
    "searched",
    [
        lambda docs: docs[:40],  # a few of the first segment's, none of the second's
        lambda docs: [d for d in docs if not 300 <= d < 420],  # most of both
        lambda docs: docs[::2],  # every other one
    ],
)
def test_statistics_count_only_the_documents_searched(two_segment_reader, searched):
    reader = two_segment_reader
    only = set(searched(_live(reader)))
    statistics = fastsearch.Statistics(reader, only)
    assert statistics.n_docs == len(only)
    for fieldname, text in ALTS:
        holding = set()
        if (fieldname, text) in reader:
            m = reader.postings(fieldname, text)
            while m.is_active():
                holding.add(m.id())
                m.next()
        assert statistics.doc_frequency(fieldname, text) == len(holding & only), text
    for fieldname in ("title", "abstract", "authors"):
        total = sum(reader.doc_field_length(doc, fieldname, 0) for doc in only)
        assert statistics.avg_length(fieldname) == pytest.approx(total / len(only))
