"""Lists in the shapes researchers get them in: DBLP's BibTeX, Semantic Scholar and Papers
with Code API answers, RIS exports, arXiv listings pasted as text, spreadsheets with their
own column names, OpenReview API v2 notes.

The fixtures in tests/fixtures/shapes/ are small files written in each source's layout.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.links import record_links, record_unsafe_links
from tuireader.ingest.readers import read_file
from tuireader.model import Record

SHAPES = Path(__file__).parent / "fixtures" / "shapes"


def by_title(path: Path) -> dict[str, Record]:
    result = read_file(path)
    assert not [p for p in result.problems if p.severity == "error"], result.problems
    return {record.title or "": record for record in result.records}


def urls(record: Record) -> list[str]:
    return [link.url for link in record_links(record)]


# --------------------------------------------------------------------------- BibTeX


def test_dblp_escapes_in_link_fields_are_undone_before_the_safety_check() -> None:
    # DBLP writes paper\_files: the link was left out "as unsafe (it holds the character \)"
    records = by_title(SHAPES / "dblp_escapes.bib")
    nips = records["Sparse Mixtures of Experts at Scale"]
    page = "http://papers.nips.cc/paper_files/paper/2023/hash/abc123-Abstract-Conference.html"
    assert nips.url == page
    assert urls(nips) == [page] and record_unsafe_links(nips) == ()
    eccv = records["Escaped Identifiers in Proceedings"]
    assert eccv.doi == "10.1007/978-3-030-58452-8_1"
    assert eccv.url == "https://doi.org/10.1007/978-3-030-58452-8_1"
    assert eccv.pdf == "https://example.org/papers/roe%20lee_2020.pdf"
    assert record_unsafe_links(eccv) == ()
    # the entry is kept as the file writes it, for y to copy
    assert eccv.source_entry is not None
    assert eccv.source_entry.get("doi") == "10.1007/978-3-030-58452-8\\_1"


def test_a_doi_given_twice_in_two_cases_is_one_link_and_the_eprint_an_arxiv_link() -> None:
    # DBLP's url https://doi.org/10.48550/arXiv.… and doi 10.48550/ARXIV.…: one DOI
    records = by_title(SHAPES / "dblp_escapes.bib")
    corr = records["Dense Attention, Revisited"]
    assert urls(corr) == [
        "https://doi.org/10.48550/arXiv.2401.01234",
        "https://arxiv.org/abs/2401.01234",
    ]


# --------------------------------------------------------------------------- JSON


def test_an_arxiv_id_with_its_version_is_the_id_and_gives_the_arxiv_link(tmp_path) -> None:
    path = tmp_path / "papers.json"
    path.write_text(
        '[{"title": "Sparse Attention Revisited", "abstract": "We revisit it.",'
        ' "arxiv_id": "2402.05555v2"},'
        ' {"title": "Prefixed", "abstract": "Another.", "arxiv_id": "arXiv:hep-th/9901001v1"},'
        ' {"title": "No id", "abstract": "A third.", "arxiv_id": "N/A"}]',
        encoding="utf-8",
    )
    sparse, prefixed, none = read_file(path).records
    assert (sparse.arxiv_id, prefixed.arxiv_id, none.arxiv_id) == (
        "2402.05555",
        "hep-th/9901001",
        None,
    )
    assert urls(sparse) == ["https://arxiv.org/abs/2402.05555"]
    assert urls(prefixed) == ["https://arxiv.org/abs/hep-th/9901001"]
    assert urls(none) == []
    # a record that links to its arXiv page already gets no second one
    page = Record(title="T", arxiv_id="2402.05555", url="https://arxiv.org/abs/2402.05555v3")
    assert urls(page) == ["https://arxiv.org/abs/2402.05555v3"]
    pdf = Record(title="T", arxiv_id="2402.05555", pdf="https://arxiv.org/pdf/2402.05555")
    assert urls(pdf) == ["https://arxiv.org/pdf/2402.05555", "https://arxiv.org/abs/2402.05555"]
