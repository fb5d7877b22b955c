"""RIS, CSL-JSON and Markdown exports read back as lists: each paper with marks is the
paper it was, with its id, so its marks stay with it, as they do read back from the
BibTeX, CSV and JSON exports.

A paper known by its list's own id for it (a NeurIPS list's number, a Zotero library's
citation key, scoped by the list's name where the paper has no venue) was given another
id read back: RIS's ``ID`` and CSL's ``id`` are the citation key, not the list's id,
and the list's name is the export's; Markdown gave neither. One known by its
OpenReview forum whose page is another (PMLR's) was known by its PMLR key. Its state,
tags and note were left detached. The slices are unedited records of real lists (see
the README of tests/fixtures/export_roundtrip/ and tests/fixtures/formats/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.formats.markdown import parse_markdown
from tuireader.ingest.formats.ris import parse_ris
from tuireader.ingest.library import load_library
from tuireader.triage.carry import export_marks
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = {
    "nips": HERE / "export_roundtrip" / "nips2017_slice.json",
    "csl": HERE / "export_roundtrip" / "zotero_csl_slice.json",
    "betterbibtex": HERE / "export_roundtrip" / "zotero_betterbibtex_slice.bib",
    "biblatex": HERE / "formats" / "zotero_biblatex_slice.bib",
    "pmlr": HERE / "formats" / "pmlr_l4dc2020_slice.bib",
    "corl": HERE / "formats" / "papercopilot_corl2023_slice.json",
    "arxiv": HERE / "formats" / "arxiv_kaggle_slice.jsonl",
    "icml": HERE / "export_roundtrip" / "icml2024_slice.jsonl",
}
FORMATS = ("ris", "csl-json", "markdown")


def marked(papers) -> dict[str, Triage]:
    return {p.id: Triage(p.id, "read", ("to cite",), "Read §3.") for p in papers}


def exported(tmp_path: Path, library, fmt: str, triage: dict[str, Triage]) -> Path:
    papers = list(library.papers)
    target = tmp_path / f"export{SUFFIXES[fmt]}"
    target.write_text(render_export(papers, triage, fmt, library=library), encoding="utf-8")
    return target


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", sorted(LISTS))
def test_each_marked_paper_read_back_from_its_export_keeps_its_id(tmp_path, name, fmt):
    library = load_library([LISTS[name]])
    assert library.papers
    back = load_library([exported(tmp_path, library, fmt, marked(library.papers))])
    expected = {paper.id: paper.title for paper in library.papers}
    got = {paper.id: paper.title for paper in back.papers}
    assert got.keys() == expected.keys(), {k: v for k, v in expected.items() if k not in got}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_lists_read_together_and_read_back_keep_every_marked_id(tmp_path, fmt):
    library = load_library(list(LISTS.values()))
    back = load_library([exported(tmp_path, library, fmt, marked(library.papers))])
    assert {p.id for p in back.papers} == {p.id for p in library.papers}


def test_a_ris_record_gives_its_papers_own_id_in_its_source_after_its_triage(tmp_path):
    library = load_library([LISTS["nips"]])
    paper = library.papers[0]
    text = exported(tmp_path, library, "ris", marked(library.papers)).read_text("utf-8")
    record = text.split("ER  - ")[0]
    # the citation's key stays its ID; the NeurIPS list's own number for it is its DP
    assert "\nID  - NIPS2017_" in record
    assert record.endswith(
        f"AN  - {paper.id}\nDP  - source:advances in neural information processing systems#9061\n"
    )


def test_a_ris_records_own_db_is_no_source_id():
    # a database's name ("Scopus") of a record not of tuireader's export is not read so
    text = "TY  - JOUR\nTI  - Deep learning of contact\nID  - roe2023\nDB  - Scopus\nER  - \n"
    result = parse_ris(text, Path("refs.ris"))
    assert result.records[0].source_id == "roe2023"
    assert result.scopes == () and result.id_texts == ()


def test_a_markdown_item_gives_its_id_and_its_source_id_marked_or_not(tmp_path):
    library = load_library([LISTS["nips"]])
    paper = library.papers[0]
    triage = {each.id: Triage(each.id) for each in library.papers}
    triage[paper.id] = Triage(paper.id, "read", ("to cite",), "Read §3.")
    text = exported(tmp_path, library, "markdown", triage).read_text("utf-8")
    first, second = text.split("\n- ")[:2]
    assert (
        f"\n  id: {paper.id}\n  source id: source:advances in neural information processing systems#9061\n  state: read\n"
        in first
    )
    # a paper without marks gives them too, and nothing of a triage
    assert f"\n  id: {library.papers[1].id}\n  source id: source:" in second
    assert "  state: " not in second and "  tags: " not in second
    result = parse_markdown(text, Path("export.md"))
    assert result.records[0].source_id == "9061"
    assert [paper.id for paper in load_library([tmp_path / "export.md"]).papers][:1] == [paper.id]


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_added_as_a_list_leaves_no_mark_detached(tmp_path, capsys, fmt):
    """The command line as a user scripts it: marks made on the lists, an export, and
    the export read as a list: none of the marks is detached, each is its paper's."""
    home = tmp_path / "home"
    lists = [LISTS["nips"], LISTS["csl"], LISTS["biblatex"]]
    capsys.readouterr()
    args = [str(path) for path in lists]
    assert main(["search", "", *args, "--data-dir", str(home), "--json", "--limit", "100"]) == 0
    ids = [hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    for number, paper in enumerate(ids):
        state = ("keep", "read", "maybe", "skip")[number % 4]
        assert main(["triage", paper, *args, "--state", state, "--data-dir", str(home)]) == 0
    assert main(["note", ids[0], *args, "--set", "see §2", "--data-dir", str(home)]) == 0
    export = tmp_path / f"all{SUFFIXES[fmt]}"
    assert main(["export", *args, "--format", fmt, "-o", str(export), "--data-dir", str(home)]) == 0
    capsys.readouterr()
    query = ["search", "is:detached", str(export), "--json", "--data-dir", str(home)]
    main(query)
    assert json.loads(capsys.readouterr().out)["total"] == 0
    capsys.readouterr()
    assert main(["show", ids[0], str(export), "--json", "--data-dir", str(home)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["state"], shown["note"]) == ("kept", "see §2")


@pytest.mark.parametrize("fmt", ("ris", "csl-json"))
def test_import_of_an_export_that_gives_the_source_id_takes_every_mark(tmp_path, fmt):
    library = load_library([LISTS["nips"], LISTS["biblatex"]])
    triage = marked(library.papers)
    export = exported(tmp_path, library, fmt, triage)
    _fmt, marks = export_marks(export.read_bytes(), export)
    assert [(mark.paper_id, mark.state, tuple(mark.tags), mark.note) for mark in marks] == [
        (paper.id, "read", ("to cite",), "Read §3.") for paper in library.papers
    ]


def test_a_marked_markdown_item_with_neither_venue_nor_year_nor_link_keeps_its_id(tmp_path):
    # an item of Zotero's Better CSL JSON as it is (no container, date or link): its
    # id line came right after its authors, and was taken for its venue
    item = {
        "id": "nathNormsInfiniteDimensional",
        "author": [{"family": "Nath", "given": "Bhagya Jyoti"}],
        "citation-key": "nathNormsInfiniteDimensional",
        "language": "en",
        "page": "6",
        "source": "Zotero",
        "title": "Norms on In\ufb01nite Dimensional Space",
        "type": "article-journal",
    }
    listed = tmp_path / "library.json"
    listed.write_text(json.dumps([item]), encoding="utf-8")
    library = load_library([listed])
    export = exported(tmp_path, library, "markdown", marked(library.papers))
    # after the authors, its citation key and its id
    assert export.read_text("utf-8").split("\n")[2:4] == [
        "  citation key: nathNormsInfiniteDimensional",
        f"  id: {library.papers[0].id}",
    ]
    back = load_library([export]).papers
    assert [paper.id for paper in back] == [library.papers[0].id]
    assert [paper.venue for paper in back] == [None]
