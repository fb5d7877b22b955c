"""Zotero's Web API answer (``api.zotero.org/users/…/items``, what pyzotero's
``items()`` gives): each item's fields in ``data``, read as Zotero's own CSL export reads
them; its attachments and notes are no papers.

tests/fixtures/other_shapes/zotero_web_api_items.json holds a journal article (with an
institution as an author and a PDF attachment beside it), a preprint, a conference paper
and a note, as the API answers them.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

ITEMS = Path(__file__).parent / "fixtures" / "other_shapes" / "zotero_web_api_items.json"


def by_title() -> dict[str, Record]:
    return {record.title or "": record for record in read_file(ITEMS).records}


def test_zoteros_api_items_are_papers_and_their_files_and_notes_none() -> None:
    # the fields in "data" were not read: the PDF attachment ("Full Text PDF") was a
    # paper, and the article had no authors, abstract or journal
    assert list(by_title()) == [
        "Deep learning",
        "Attention Is All You Need",
        "Deep Residual Learning for Image Recognition",
    ]


def test_a_zotero_item_gives_authors_abstract_journal_and_tags() -> None:
    record = by_title()["Deep learning"]
    assert record.authors == ("Yann LeCun", "Yoshua Bengio", "Google Brain Team")
    assert record.abstract == "Deep learning allows computational models to learn."
    assert (record.journal, record.volume, record.number, record.pages, record.year) == (
        "Nature",
        "521",
        "7553",
        "436-444",
        2015,
    )
    assert record.keywords == ("deep learning", "review")
    library = load_library([ITEMS])
    paper = next(p for p in library if p.title == "Deep learning")
    assert format_citation(paper, "apa", library=library).text == (
        "LeCun, Y., Bengio, Y., & Google Brain Team. (2015). Deep learning. Nature, "
        "521(7553), 436–444. https://doi.org/10.1038/nature14539"
    )


def test_a_preprint_and_a_conference_paper_of_zoteros_api() -> None:
    records = by_title()
    preprint = records["Attention Is All You Need"]
    assert (preprint.arxiv_id, preprint.venue, preprint.year) == ("1706.03762", None, 2017)
    paper = records["Deep Residual Learning for Image Recognition"]
    assert paper.authors == ("Kaiming He",)
    assert paper.editor == ("Agapito, Lourdes",)
    assert (paper.booktitle, paper.doi, paper.publisher, paper.entry_type) == (
        "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition",
        "10.1109/CVPR.2016.90",
        "IEEE",
        "inproceedings",
    )


def test_an_answer_of_attachments_and_notes_alone_says_so(tmp_path: Path) -> None:
    # it was said to hold "reviews, comments or decisions", as OpenReview's notes
    path = tmp_path / "children.json"
    path.write_text(
        '[{"key": "EFGH6789", "data": {"key": "EFGH6789", "itemType": "attachment", '
        '"title": "Full Text PDF", "url": "https://example.org/a.pdf"}}, '
        '{"key": "STUV2345", "data": {"key": "STUV2345", "itemType": "note", '
        '"note": "<p>Read it</p>"}}]',
        encoding="utf-8",
    )
    result = read_file(path)
    assert not result.records
    assert "Zotero's attachments and notes" in result.problems[0].message
