"""RIS and CSL-JSON exports carry each paper's triage where reference managers read it
(RIS ``KW``/``N1``/``AN``, CSL ``keyword``/``note``): moved to Zotero by RIS, a kept paper
lost its tags and note. Read back as a list, the triage is no part of the papers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.triage.export import SUFFIXES

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
def test_an_export_added_as_a_list_gives_the_papers_it_gives_without_triage(tmp_path, capsys, fmt):
    home, _ = _marked_home(capsys, tmp_path)
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
        return sorted((p.id, p.title, p.authors, p.keywords) for p in library.papers)

    # the triage is no part of the papers: their ids, authors (a note's line that reads
    # as a RIS tag is no author) and keywords (the tags are the user's) are as without it
    assert facts(with_triage) == facts(without)
    assert all(not p.keywords for p in with_triage.papers)
