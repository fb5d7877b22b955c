"""RIS, CSL-JSON and Markdown exports read back as lists give every paper the id it
had, marked or not, as the BibTeX, CSV and JSON exports do (each of their papers gives
its id, ``@comment{tuireader-id: …}``, the ``id`` column or field).

A paper without marks was written as its citation alone: one known by its list's own
id for it (a NeurIPS list's number, a Zotero library's citation key) or by a weaker key
than its export gives (its title, where the export adds a link) was given another id
read back, and a mark made later on the read-back list was not the one of the paper in
its own list. The slices are unedited records of real lists (see the READMEs of
tests/fixtures/export_roundtrip/ and tests/fixtures/formats/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
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


def half_marked(papers) -> dict[str, Triage]:
    """Every other paper marked, the rest without marks."""
    return {
        p.id: Triage(p.id, "read", ("to cite",), "Read §3.") if n % 2 else Triage(p.id)
        for n, p in enumerate(papers)
    }


def exported(tmp_path: Path, library, fmt: str, triage: dict[str, Triage]) -> Path:
    target = tmp_path / f"export{SUFFIXES[fmt]}"
    text = render_export(list(library.papers), triage, fmt, library=library)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_paper_marked_or_not_read_back_from_its_export_keeps_its_id(tmp_path, name, fmt):
    library = load_library([LISTS[name]])
    assert library.papers
    unmarked = {paper.id: Triage(paper.id) for paper in library.papers}
    for triage in (unmarked, half_marked(library.papers)):
        back = load_library([exported(tmp_path, library, fmt, triage)])
        expected = {paper.id: paper.title for paper in library.papers}
        got = {paper.id: paper.title for paper in back.papers}
        assert got.keys() == expected.keys(), {k: v for k, v in expected.items() if k not in got}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_lists_read_together_and_read_back_unmarked_keep_every_id(tmp_path, fmt):
    library = load_library(list(LISTS.values()))
    unmarked = {paper.id: Triage(paper.id) for paper in library.papers}
    back = load_library([exported(tmp_path, library, fmt, unmarked)])
    assert {p.id for p in back.papers} == {p.id for p in library.papers}


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_mark_made_on_the_read_back_list_is_the_papers_in_its_own_list(tmp_path, capsys, fmt):
    """As a user scripts it: an export of papers without marks, read as a list and a
    paper marked there; the paper in its own list has the mark, and the export's
    papers and its marks are the same with and without their lists."""
    home = tmp_path / "home"
    lists = [str(LISTS["nips"]), str(LISTS["csl"])]
    export = tmp_path / f"all{SUFFIXES[fmt]}"
    assert (
        main(["export", *lists, "--format", fmt, "-o", str(export), "--data-dir", str(home)]) == 0
    )
    capsys.readouterr()
    assert main(["search", "", str(export), "--json", "--data-dir", str(home)]) == 0
    ids = [hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    assert len(ids) == 6
    for paper in ids:
        assert main(["triage", paper, str(export), "--state", "keep", "--data-dir", str(home)]) == 0
    capsys.readouterr()
    assert main(["search", "is:kept", *lists, "--json", "--data-dir", str(home)]) == 0
    assert sorted(hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]) == sorted(ids)
    main(["search", "is:detached", *lists, "--json", "--data-dir", str(home)])
    assert json.loads(capsys.readouterr().out)["total"] == 0


@pytest.mark.parametrize("fmt", ("ris", "csl-json"))
def test_import_of_an_export_takes_no_mark_for_a_paper_without_marks(tmp_path, fmt):
    library = load_library([LISTS["nips"], LISTS["biblatex"]])
    triage = half_marked(library.papers)
    export = exported(tmp_path, library, fmt, triage)
    said: list[str] = []
    _fmt, marks = export_marks(export.read_bytes(), export, said.append)
    taken = [(m.paper_id, m.state, tuple(m.tags), m.note) for m in marks if m.paper_id]
    assert taken == [
        (p.id, "read", ("to cite",), "Read §3.") for p in library.papers if triage[p.id].tags
    ]
    assert said == []


def test_a_csl_export_zotero_wrote_again_with_no_note_says_what_it_holds(tmp_path, capsys):
    # every item gives its paper's id: without keywords (Zotero's CSL-JSON keeps none)
    # and without notes, it is an export of papers with no marks, or one Zotero wrote
    # out again, and import says both
    library = load_library([LISTS["nips"]])
    triage = {p.id: Triage(p.id, "kept", ("to cite",), "") for p in library.papers}
    export = exported(tmp_path, library, "csl-json", triage)
    items = json.loads(export.read_text("utf-8"))
    assert all(item["note"].split("\n")[-1].startswith("tuireader-id: ") for item in items)
    zotero = tmp_path / "zotero.json"
    zotero.write_text(json.dumps([{k: v for k, v in i.items() if k != "keyword"} for i in items]))
    capsys.readouterr()
    assert main(["import", str(zotero), str(LISTS["nips"]), "--data-dir", str(tmp_path / "d")]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"{zotero} holds no triage to import" in err
    assert "only their papers' ids" in err and "written out again by Zotero" in err
