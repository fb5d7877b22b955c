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
