"""RIS and CSL-JSON exports carry each paper's triage where reference managers read it
(RIS ``KW``/``N1``/``AN``, CSL ``keyword``/``note``), and ``tuireader import`` takes it
back as from a BibTeX export: moved to Zotero by RIS, a kept paper lost its tags and note,
and an import of such an export took nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.formats.jsonfile import parse_json
from tuireader.ingest.formats.ris import parse_ris
from tuireader.ingest.library import load_library
from tuireader.triage.carry import NotAnExport, export_marks
from tuireader.triage.export import SUFFIXES, csl_triage, ris_triage
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = (
    HERE / "formats" / "pmlr_l4dc2020_slice.bib",
    HERE / "export_roundtrip" / "zotero_csl_slice.json",
    HERE / "export_roundtrip" / "icml2024_slice.jsonl",
)
FORMATS = ("ris", "csl-json")
NOTE = "First line.\n\n  indented, after a blank line\nAU  - not an author\n\ttabbed §3 — ünïcode"
#: (state, tags, note) given to the papers, in order
MARKS = [
    ("kept", ("to read", "RL; théorie", "深度 学习"), NOTE),
    ("maybe", ("later",), ""),
    ("new", ("only a tag",), "a note on a new paper"),
    ("skip", (), "one line"),
    ("read", (), ""),
]


def run(*argv: object) -> int:
    return main([str(arg) for arg in argv])


def _ids(capsys, home: Path) -> list[str]:
    capsys.readouterr()
    assert run("search", "", *LISTS, "--data-dir", home, "--json", "--limit", "100") == 0
    return [hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]]


def _triage(capsys, home: Path) -> dict[str, tuple[str, list[str], str]]:
    """Every paper's triage in ``home``, as a JSON export gives it."""
    capsys.readouterr()
    assert run("export", *LISTS, "--format", "json", "--data-dir", home) == 0
    return {
        item["id"]: (item["state"], item["tags"], item["note"])
        for item in json.loads(capsys.readouterr().out)
    }


def _marked_home(capsys, tmp_path: Path) -> tuple[Path, list[str]]:
    home = tmp_path / "laptop"
    ids = _ids(capsys, home)
    assert len(ids) >= len(MARKS)
    for paper, (state, tags, note) in zip(ids, MARKS, strict=False):
        tagging = [arg for tag in tags for arg in ("--tag", tag)]
        assert run("triage", paper, *LISTS, "--state", state, *tagging, "--data-dir", home) == 0
        if note:
            assert run("note", paper, *LISTS, "--set", note, "--data-dir", home) == 0
    return home, ids


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_imported_into_a_fresh_folder_gives_every_mark(tmp_path, capsys, fmt):
    home, _ = _marked_home(capsys, tmp_path)
    before = _triage(capsys, home)
    assert sum(bool(state != "new" or tags or note) for state, tags, note in before.values()) == 5
    export = tmp_path / f"marks{SUFFIXES[fmt]}"
    assert run("export", *LISTS, "--format", fmt, "-o", export, "--data-dir", home) == 0

    remote = tmp_path / "remote"
    assert run("import", export, *LISTS, "--data-dir", remote) == 0
    assert _triage(capsys, remote) == before


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_added_as_a_list_gives_the_papers_it_gives_without_triage(tmp_path, capsys, fmt):
    home, ids = _marked_home(capsys, tmp_path)
    # one name in two folders: a paper its list's name identifies is the same in both
    (tmp_path / "marked").mkdir()
    (tmp_path / "bare").mkdir()
    marked = tmp_path / "marked" / f"papers{SUFFIXES[fmt]}"
    assert run("export", *LISTS, "--format", fmt, "-o", marked, "--data-dir", home) == 0
    bare = tmp_path / "bare" / f"papers{SUFFIXES[fmt]}"
    assert run("export", *LISTS, "--format", fmt, "-o", bare, "--data-dir", tmp_path / "x") == 0
    assert marked.read_text("utf-8") != bare.read_text("utf-8")
    with_triage, without = load_library([marked]), load_library([bare])

    def facts(library):
        return sorted((p.title, p.authors, p.keywords) for p in library.papers)

    # the triage is no part of the papers: their authors (a note's line that reads as a
    # RIS tag is no author) and keywords (the tags are the user's) are as without it
    assert facts(with_triage) == facts(without)
    assert all(not p.keywords for p in with_triage.papers)
    # and a paper with marks is the paper of the lists, its id theirs: its marks stay
    # with it (one known by its list's own id for it, which its citation's key is not,
    # had the id of that key in the export's list)
    assert set(ids[: len(MARKS)]) <= {p.id for p in with_triage.papers}


RIS_RECORD = """TY  - JOUR
TI  - Deep learning of contact
AU  - Lovelace, Ada
PY  - 2021
DO  - 10.1234/contact.1
KW  - robotics
KW  - grasping
N1  - the record's own note
ID  - lovelace2021
ER  - """

CSL_ITEM = {
    "id": "lovelace2021",
    "type": "article-journal",
    "title": "Deep learning of contact",
    "author": [{"family": "Lovelace", "given": "Ada"}],
    "issued": {"date-parts": [[2021]]},
    "DOI": "10.1234/contact.1",
    "keyword": "robotics, grasping",
    "note": "the item's own note",
}


def _written(fmt: str, triage: Triage) -> str:
    if fmt == "ris":
        return ris_triage(RIS_RECORD, triage) + "\n"
    return json.dumps([csl_triage(CSL_ITEM, triage)], ensure_ascii=False)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_record_keeps_its_own_keywords_and_note_apart_from_the_triage(tmp_path, fmt):
    triage = Triage("ab12cd34", "kept", ("grasping", "to read", "été"), NOTE)
    text = _written(fmt, triage)
    path = tmp_path / f"one{SUFFIXES[fmt]}"
    read, marks = export_marks(text.encode("utf-8"), path)
    assert read == fmt
    [mark] = marks
    assert mark.paper_id == "ab12cd34"
    assert (mark.state, mark.note) == ("kept", NOTE)
    # a tag the record has as its own keyword already is the user's tag all the same
    assert set(mark.tags) >= {"to read", "été"}
    assert "robotics" not in mark.tags
    records = (parse_ris if fmt == "ris" else parse_json)(text, path).records
    assert set(records[0].keywords) == {"robotics", "grasping"}


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_bibliography_not_written_by_tuireader_is_no_triage(tmp_path, fmt):
    text = RIS_RECORD + "\n" if fmt == "ris" else json.dumps([CSL_ITEM])
    with pytest.raises(NotAnExport):
        export_marks(text.encode("utf-8"), tmp_path / f"mine{SUFFIXES[fmt]}")
    own = tmp_path / f"mine{SUFFIXES[fmt]}"
    own.write_text(text, encoding="utf-8")
    # no export, nor any triage: said so, with the code of a file that carries no marks
    assert run("import", own, LISTS[0], "--data-dir", tmp_path / "home") == 1
