"""tuireader's own Markdown export read back as a list (``tuireader add reading.md``,
``tuireader search '' reading.md``) gives every paper it was made of, each with its
authors, venue, year and links; the triage written under a paper (its state, tags and
the user's note) is never the paper's, nor a link of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.ingest.links import record_links
from tuireader.ingest.readers import read_file
from tuireader.model import Record
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

#: papers whose authors no list of names written by hand would give ("QIANG FU", "danah
#: boyd", a name of six words), one without any link, one without authors, one whose
#: address holds parentheses and a title with Markdown's marks
PAPERS = [
    {
        "title": "Learning Things with Large Neural Nets",
        "authors": [
            "QIANG FU",
            "danah boyd",
            "Neal J. Evans II",
            "María del Carmen Rodríguez de la Vega",
        ],
        "venue": "7th Annual Conference on Robot Learning",
        "year": 2023,
        "url": "https://openreview.net/forum?id=abc123XYZ",
        "code_urls": ["https://github.com/someone/things"],
    },
    {
        "title": "A Paper Without Any Link_At All [draft]",
        "authors": ["Ann Lee", "Bo Chen"],
        "year": 2007,
    },
    {"title": "Nobody Wrote This One", "venue": "ICLR 2018"},
    {
        "title": "Clines, Clusters & Structure",
        "authors": ["Noah A. Rosenberg"],
        "venue": "PLOS Genetics",
        "year": 2005,
        "url": "https://doi.org/10.1371/journal.pgen.0010070(x)",
    },
]

#: a user's notes: a spreadsheet's formula, a bare link, a Markdown link, a bullet
NOTES = [
    '=HYPERLINK("http://evil.example")',
    (
        "see https://notes.example/a and [this](https://notes.example/b)\n\n"
        "- [Not a Paper of the List](https://notes.example/c)\n  Someone Else"
    ),
    "",
    "plain words",
]


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    """The Markdown export of :data:`PAPERS`, each triaged, with a note of :data:`NOTES`."""
    listed = tmp_path / "list.jsonl"
    listed.write_text("".join(json.dumps(paper) + "\n" for paper in PAPERS), encoding="utf-8")
    papers = sorted(load_library([listed]), key=lambda paper: paper.title)
    order = sorted(PAPERS, key=lambda paper: paper["title"])
    notes = {paper["title"]: note for paper, note in zip(PAPERS, NOTES, strict=True)}
    triage = {
        paper.id: Triage(
            paper.id,
            state="keep" if index % 2 else "new",
            tags=("http://tag.example", "t") if index != 1 else (),
            note=notes[listed_paper["title"]],
        )
        for index, (paper, listed_paper) in enumerate(zip(papers, order, strict=True))
    }
    target = tmp_path / "reading.md"
    target.write_text(render_export(papers, triage, "markdown"), encoding="utf-8")
    return target


def _by_title(records: tuple[Record, ...]) -> dict[str | None, Record]:
    return {record.title: record for record in records}


def _urls(record: Record) -> set[str]:
    return {link.url for link in record_links(record)}


def test_every_paper_of_the_export_is_read_with_its_authors_venue_and_year(exported):
    # 3 of 4 were read (the paper without a link was dropped) and the authors lost
    result = read_file(exported)
    assert result.problems == ()
    records = _by_title(result.records)
    assert sorted(records) == sorted(paper["title"] for paper in PAPERS)
    for paper in PAPERS:
        record = records[paper["title"]]
        assert record.authors == tuple(paper.get("authors", ()))
        assert record.venue == paper.get("venue")
    assert records["Learning Things with Large Neural Nets"].year == 2023
    assert records["A Paper Without Any Link_At All [draft]"].year == 2007
    # "ICLR 2018": the export wrote the venue alone, which names its year
    assert records["Nobody Wrote This One"].year == 2018


def test_the_links_read_are_the_papers_own(exported):
    records = _by_title(read_file(exported).records)
    things = records["Learning Things with Large Neural Nets"]
    assert things.url == "https://openreview.net/forum?id=abc123XYZ"
    assert things.code_urls == ("https://github.com/someone/things",)
    # the export writes an address's parentheses as %28 and %29
    assert _urls(records["Clines, Clusters & Structure"]) == {
        "https://doi.org/10.1371/journal.pgen.0010070(x)"
    }
    assert _urls(records["A Paper Without Any Link_At All [draft]"]) == set()


def test_a_note_or_a_tag_is_never_a_link_nor_a_paper(exported):
    # '=HYPERLINK("http://evil.example")' in a note was a project link of the paper
    records = read_file(exported).records
    assert len(records) == len(PAPERS)
    written = {url for record in records for url in _urls(record)}
    assert not {url for url in written if "example" in url and "notes" in url}
    assert not [url for url in written if "evil" in url or "tag.example" in url]
    assert all("Someone Else" not in record.authors for record in records)


def test_an_export_with_a_heading_above_it_is_named_by_the_heading(exported, tmp_path):
    headed = tmp_path / "shared.md"
    text = exported.read_text(encoding="utf-8")
    headed.write_text("# Papers for Friday\n\nRead these first.\n\n" + text, encoding="utf-8")
    result = read_file(headed)
    assert result.name == "Papers for Friday"
    assert len(result.records) == len(PAPERS)


def test_an_export_edited_by_hand_keeps_its_notes_and_tags_out_of_the_papers(exported, tmp_path):
    # a line added that the export never writes: the file is read as any Markdown list,
    # the notes and tags still no paper's links
    edited = tmp_path / "edited.md"
    text = exported.read_text(encoding="utf-8")
    edited.write_text(text + "\n* [A Paper Added by Hand](https://arxiv.org/abs/2101.00001)\n")
    records = read_file(edited).records
    titles = {record.title for record in records}
    assert "A Paper Added by Hand" in titles
    assert "Not a Paper of the List" not in titles
    written = {url for record in records for url in _urls(record)}
    assert not [url for url in written if "evil" in url or ".example" in url]


def test_a_list_written_by_hand_in_the_same_shape_is_no_export(tmp_path):
    # a remark under each title, no year, no field of the export: its remark names no one
    listed = tmp_path / "mine.md"
    listed.write_text(
        "- [Attention Is All You Need](https://arxiv.org/abs/1706.03762)\n"
        "  A great paper, read it first\n\n"
        "- [Deep Residual Learning](https://arxiv.org/abs/1512.03385)\n"
        "  Another one, for later\n",
        encoding="utf-8",
    )
    records = read_file(listed).records
    assert [record.authors for record in records] == [(), ()]
