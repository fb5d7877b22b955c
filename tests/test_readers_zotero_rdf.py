"""Zotero's RDF export (File → Export Library… → Zotero RDF): each item a paper, with
what its journal's node holds (the DOI, volume and issue Zotero files there).

tests/fixtures/feeds/zotero_export.rdf is written as Zotero's "Zotero RDF" translator
writes an export: a journal article whose journal is a node of its own (``urn:issn:…``),
a preprint and a conference paper (``rdf:Description``), attachments, a note and a
collection.
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.render.citations import format_citation

EXPORT = Path(__file__).parent / "fixtures" / "feeds" / "zotero_export.rdf"


def by_title() -> dict[str, Record]:
    result = read_file(EXPORT)
    assert not result.problems, result.problems
    return {record.title or "": record for record in result.records}


def test_zoteros_rdf_export_is_its_papers_not_its_files_notes_or_collections() -> None:
    # it was refused as "another kind" of XML
    assert list(by_title()) == [
        "Deep learning",
        "Attention Is All You Need",
        "Deep Residual Learning for Image Recognition",
    ]


def test_a_journal_article_has_what_its_journals_node_holds() -> None:
    record = by_title()["Deep learning"]
    assert record.authors == ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton")
    assert record.author_names == ("LeCun, Yann", "Bengio, Yoshua", "Hinton, Geoffrey")
    assert record.abstract.startswith("Deep learning allows computational models")
    assert (record.journal, record.volume, record.number, record.pages) == (
        "Nature",
        "521",
        "7553",
        "436-444",
    )
    assert (record.doi, record.year, record.entry_type) == ("10.1038/nature14539", 2015, "article")
    assert record.url == "https://www.nature.com/articles/nature14539"
    # the PDF saved from the web is a link; the snapshot and the file on disk are none
    assert record.pdf == "https://www.nature.com/articles/nature14539.pdf"
    assert record.keywords == ("Computer science", "Mathematics and computing")


def test_a_preprint_and_a_conference_paper() -> None:
    records = by_title()
    preprint = records["Attention Is All You Need"]
    assert (preprint.arxiv_id, preprint.entry_type) == ("1706.03762", "misc")
    assert preprint.pdf == "http://arxiv.org/pdf/1706.03762v7"
    paper = records["Deep Residual Learning for Image Recognition"]
    assert paper.author_names == ("He, Kaiming", "van der Maaten, Laurens")
    assert paper.editor == ("Lourdes Agapito",)
    assert (paper.booktitle, paper.doi, paper.publisher) == (
        "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition",
        "10.1109/CVPR.2016.90",
        "IEEE",
    )


def test_a_zotero_rdf_paper_is_cited_with_its_journal() -> None:
    library = load_library([EXPORT])
    paper = next(p for p in library if p.title == "Deep learning")
    assert format_citation(paper, "apa", library=library).text == (
        "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), "
        "436–444. https://doi.org/10.1038/nature14539"
    )


def test_an_export_cut_short_keeps_the_items_before_the_break(tmp_path: Path) -> None:
    text = EXPORT.read_text(encoding="utf-8")
    path = tmp_path / "Exported Items.rdf"
    path.write_text(text[: text.index("<dc:title>Deep Residual")], encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep learning",
        "Attention Is All You Need",
    ]
    assert "breaks off" in result.problems[-1].message


def test_an_export_that_declares_entities_is_refused_unread(tmp_path: Path) -> None:
    text = EXPORT.read_text(encoding="utf-8")
    path = tmp_path / "Exported Items.rdf"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [<!ENTITY x "Deep learning">]>\n' + text,
        encoding="utf-8",
    )
    result = read_file(path)
    assert not result.records
    assert "DOCTYPE" in result.problems[0].message


def test_a_folder_of_lists_reads_a_zotero_rdf_export_in_it(tmp_path: Path) -> None:
    # ".rdf" was no list's name ending: the folder "held no paper lists"
    (tmp_path / "Exported Items.rdf").write_bytes(EXPORT.read_bytes())
    library = load_library([tmp_path])
    assert len(library.papers) == 3


def test_an_export_cut_between_its_nodes_keeps_every_item_read_whole(tmp_path: Path) -> None:
    text = EXPORT.read_text(encoding="utf-8")
    path = tmp_path / "Exported Items.rdf"
    # cut just after the conference paper's node, before the collection's
    end = text.index("</rdf:Description>", text.index("Deep Residual")) + len("</rdf:Description>")
    path.write_text(text[:end], encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Deep learning",
        "Attention Is All You Need",
        "Deep Residual Learning for Image Recognition",
    ]
    assert "breaks off" in result.problems[-1].message


def test_a_tag_given_again_in_another_case_is_one_keyword(tmp_path: Path) -> None:
    text = EXPORT.read_text(encoding="utf-8")
    again = "<dc:subject>Computer science</dc:subject>"
    path = tmp_path / "Exported Items.rdf"
    path.write_text(
        text.replace(again, again + "<dc:subject>computer Science</dc:subject>", 1),
        encoding="utf-8",
    )
    record = next(record for record in read_file(path).records if record.title == "Deep learning")
    assert record.keywords == ("Computer science", "Mathematics and computing")
