"""An arXiv listing's paper is the paper arXiv's other readers give (its feeds, its
metadata snapshot): the year is the one its journal reference gives, where the paper was
published before it was posted, as its citation cites it."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.formats.arxivlist import parse_listing
from tuireader.ingest.formats.feed import parse_feed

WEB = """Quantum Physics

[1] arXiv:1201.01234 [pdf, other]
Title: Vacuum Polarisation Revisited
Authors: Ann Lee, Bo Kim
Journal-ref: Phys. Rev. D 80, 085015 (2009)
Subjects: Quantum Physics (quant-ph); High Energy Physics - Theory (hep-th)

We revisit vacuum polarisation.
"""

MAIL = """\\\\
arXiv:1201.01234
Date: Mon, 2 Jan 2012 10:00:00 GMT   (12kb)

Title: Vacuum Polarisation Revisited
Authors: Ann Lee and Bo Kim
Categories: quant-ph hep-th
Journal-ref: Phys. Rev. D 80, 085015 (2009)
DOI: 10.1103/PhysRevD.80.085015
\\\\
  We revisit vacuum polarisation.
\\\\ ( https://arxiv.org/abs/1201.01234 ,  12kb)
"""

ATOM = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/1201.01234v1</id>
    <published>2012-01-02T10:00:00Z</published>
    <title>Vacuum Polarisation Revisited</title>
    <summary>We revisit vacuum polarisation.</summary>
    <author><name>Ann Lee</name></author>
    <author><name>Bo Kim</name></author>
    <arxiv:doi>10.1103/PhysRevD.80.085015</arxiv:doi>
    <arxiv:journal_ref>Phys. Rev. D 80, 085015 (2009)</arxiv:journal_ref>
    <arxiv:primary_category term="quant-ph"/>
    <category term="quant-ph"/>
    <category term="hep-th"/>
  </entry>
</feed>
"""


def test_a_listed_paper_takes_the_year_of_its_journal_reference(tmp_path: Path) -> None:
    for text in (WEB, MAIL):
        result = parse_listing(text, tmp_path / "listing.txt")
        assert result is not None
        (paper,) = result.records
        assert paper.year == 2009  # posted in 2012
        assert paper.journal_ref == "Phys. Rev. D 80, 085015 (2009)"
        assert (paper.arxiv_id, paper.arxiv_class, paper.source_id) == (
            "1201.01234",
            "quant-ph",
            "1201.01234",
        )
        assert (paper.url, paper.pdf) == (
            "https://arxiv.org/abs/1201.01234",
            "https://arxiv.org/pdf/1201.01234",
        )


def test_a_listed_paper_is_the_paper_arxivs_feed_gives(tmp_path: Path) -> None:
    listed = parse_listing(MAIL, tmp_path / "listing.txt")
    fed = parse_feed(ATOM, tmp_path / "feed.xml")
    assert listed is not None and fed is not None
    (paper,) = listed.records
    (same,) = fed.records
    for name in (
        "title",
        "abstract",
        "authors",
        "year",
        "url",
        "pdf",
        "doi",
        "arxiv_id",
        "arxiv_class",
        "journal_ref",
        "categories",
    ):
        assert getattr(paper, name) == getattr(same, name), name


def test_a_listed_paper_without_a_reference_has_the_year_it_was_submitted(
    tmp_path: Path,
) -> None:
    text = WEB.replace("Journal-ref: Phys. Rev. D 80, 085015 (2009)\n", "")
    result = parse_listing(text, tmp_path / "listing.txt")
    assert result is not None
    (paper,) = result.records
    assert (paper.year, paper.journal_ref) == (2012, None)
